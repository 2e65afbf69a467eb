/* h_big_code: a toy 8-bit CPU (assembler with label fixups, 40-case
   emulator switch, snprintf disassembler), a fully unrolled 64-round
   Feistel cipher and 8-point integer transforms: 13 KiB of code at -O2.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Large functions run interleaved (emulate, transform, disassemble,
   cipher): even a 16 KiB cache cannot keep them all, and printf competes.  */
#include <stdio.h>
#include <string.h>

enum op
{
  NOP, LDI, MOV, ADD, SUB, AND, OR, XOR, SHL, SHR, INC, DEC, CMP, CMPI,
  JMP, JZ, JNZ, JC, JNC, CALL, RET, PUSH, POP, LD, ST, LDA, STA, MUL, ADC,
  SBC, NOT, NEG, ROL, ROR, SWAPN, OUT, HALT, ADDI, DJNZ, TST, N_OPS
};

/* Operand shapes: 0 none, 1 reg, 2 reg reg, 3 reg imm, 4 addr, 5 reg addr */
static const unsigned char shape[N_OPS] = {
  [NOP] = 0, [LDI] = 3, [MOV] = 2, [ADD] = 2, [SUB] = 2, [AND] = 2,
  [OR] = 2, [XOR] = 2, [SHL] = 1, [SHR] = 1, [INC] = 1, [DEC] = 1,
  [CMP] = 2, [CMPI] = 3, [JMP] = 4, [JZ] = 4, [JNZ] = 4, [JC] = 4,
  [JNC] = 4, [CALL] = 4, [RET] = 0, [PUSH] = 1, [POP] = 1, [LD] = 2,
  [ST] = 2, [LDA] = 5, [STA] = 5, [MUL] = 2, [ADC] = 2, [SBC] = 2,
  [NOT] = 1, [NEG] = 1, [ROL] = 1, [ROR] = 1, [SWAPN] = 1, [OUT] = 1,
  [HALT] = 0, [ADDI] = 3, [DJNZ] = 5, [TST] = 1,
};

static const char *const mnemonic[N_OPS] = {
  "nop", "ldi", "mov", "add", "sub", "and", "or", "xor", "shl", "shr",
  "inc", "dec", "cmp", "cmpi", "jmp", "jz", "jnz", "jc", "jnc", "call",
  "ret", "push", "pop", "ld", "st", "lda", "sta", "mul", "adc", "sbc",
  "not", "neg", "rol", "ror", "swapn", "out", "halt", "addi", "djnz", "tst"
};

/* ---- assembler ---- */

static unsigned char rom[512];
static unsigned rom_len;
static int label_at[32];
static struct { unsigned pos; int label; } fixups[64];
static unsigned nfix;

static void emit (unsigned char b) { rom[rom_len++ & 511] = b; }
static void op0 (enum op o) { emit ((unsigned char) o); }
static void op1 (enum op o, int r) { emit ((unsigned char) o); emit ((unsigned char) r); }
static void op2 (enum op o, int a, int b)
{
  emit ((unsigned char) o);
  emit ((unsigned char) a);
  emit ((unsigned char) b);
}
static void label (int l) { label_at[l] = (int) rom_len; }
static void jump (enum op o, int l)
{
  emit ((unsigned char) o);
  fixups[nfix].pos = rom_len;
  fixups[nfix++].label = l;
  emit (0);
}
static void jump_r (enum op o, int r, int l)
{
  emit ((unsigned char) o);
  emit ((unsigned char) r);
  fixups[nfix].pos = rom_len;
  fixups[nfix++].label = l;
  emit (0);
}

static int
link_program (void)
{
  for (unsigned i = 0; i < nfix; i++)
    {
      if (label_at[fixups[i].label] < 0)
        return -1;
      rom[fixups[i].pos] = (unsigned char) label_at[fixups[i].label];
    }
  return 0;
}

/* Three routines in one image: a sieve, a sort, a checksum subroutine.  */
static void
assemble (void)
{
  enum { SIEVE, SIEVE_OUTER, SIEVE_INNER, SIEVE_NEXT, COUNT, COUNT_SKIP,
         SORT, SORT_OUTER, SORT_INNER, SORT_NOSWAP, SUM, SUM_LOOP, DONE };
  memset (label_at, -1, sizeof label_at);
  rom_len = nfix = 0;
  /* Sieve over memory 0x00..0x7f: 1 = composite.  */
  label (SIEVE);
  op2 (LDI, 1, 2);                      /* r1 = p */
  label (SIEVE_OUTER);
  op2 (MOV, 2, 1);
  op2 (MUL, 2, 1);                      /* r2 = p*p */
  op2 (CMPI, 2, 0x80);
  jump (JNC, COUNT);
  op2 (LD, 3, 1);
  op1 (TST, 3);
  jump (JNZ, SIEVE_NEXT);
  op2 (LDI, 4, 1);
  label (SIEVE_INNER);
  op2 (ST, 2, 4);                       /* mem[r2] = 1 */
  op2 (ADD, 2, 1);
  op2 (CMPI, 2, 0x80);
  jump (JC, SIEVE_INNER);
  label (SIEVE_NEXT);
  op1 (INC, 1);
  jump (JMP, SIEVE_OUTER);
  label (COUNT);
  op2 (LDI, 0, 0);
  op2 (LDI, 1, 2);
  op2 (LDI, 5, 126);
  label (COUNT_SKIP);
  op2 (LD, 3, 1);
  op1 (NOT, 3);
  op2 (ADDI, 3, 0);
  op2 (LDI, 6, 1);
  op2 (AND, 3, 6);
  op2 (ADD, 0, 3);
  op1 (INC, 1);
  jump_r (DJNZ, 5, COUNT_SKIP);
  op1 (OUT, 0);                         /* number of primes below 128 */
  /* Bubble sort of memory 0x80..0x9f.  */
  label (SORT);
  op2 (LDI, 5, 31);
  label (SORT_OUTER);
  op2 (LDI, 1, 0x80);
  op2 (MOV, 6, 5);
  label (SORT_INNER);
  op2 (LD, 2, 1);
  op1 (INC, 1);
  op2 (LD, 3, 1);
  op2 (CMP, 3, 2);
  jump (JNC, SORT_NOSWAP);
  op2 (ST, 1, 2);
  op1 (DEC, 1);
  op2 (ST, 1, 3);
  op1 (INC, 1);
  label (SORT_NOSWAP);
  jump_r (DJNZ, 6, SORT_INNER);
  jump_r (DJNZ, 5, SORT_OUTER);
  jump (CALL, SUM);
  op1 (OUT, 0);
  op2 (LDA, 0, 0x80);
  op1 (OUT, 0);
  op2 (LDA, 0, 0x9f);
  op1 (OUT, 0);
  jump (JMP, DONE);
  /* r0 = rotating checksum of 0x80..0x9f.  */
  label (SUM);
  op2 (LDI, 0, 0);
  op2 (LDI, 1, 0x80);
  op2 (LDI, 5, 32);
  label (SUM_LOOP);
  op2 (LD, 2, 1);
  op1 (ROL, 0);
  op2 (XOR, 0, 2);
  op1 (SWAPN, 2);
  op2 (ADC, 0, 2);
  op1 (INC, 1);
  jump_r (DJNZ, 5, SUM_LOOP);
  op0 (RET);
  label (DONE);
  op0 (HALT);
}

/* ---- emulator ---- */

struct cpu
{
  unsigned char r[8], mem[256], stack[16];
  unsigned pc, sp, z, c, n, steps;
  unsigned out_hash, outs;
};

static void
flags (struct cpu *m, unsigned v)
{
  m->z = (v & 0xff) == 0;
  m->n = (v >> 7) & 1;
}

static __attribute__ ((noinline)) int
emulate (struct cpu *m, unsigned max_steps)
{
  while (m->steps < max_steps)
    {
      unsigned o = rom[m->pc & 511], a = rom[(m->pc + 1) & 511] & 7,
               b = rom[(m->pc + 2) & 511];
      unsigned imm = b, bi = b & 7, v;
      m->steps++;
      switch (shape[o < N_OPS ? o : 0])
        {
        case 0: m->pc += 1; break;
        case 1: m->pc += 2; break;
        case 4: m->pc += 2; break;
        default: m->pc += 3; break;
        }
      switch (o)
        {
        case NOP: break;
        case LDI: m->r[a] = (unsigned char) imm; break;
        case MOV: m->r[a] = m->r[bi]; break;
        case ADD:
          v = m->r[a] + m->r[bi];
          m->c = v > 0xff;
          m->r[a] = (unsigned char) v;
          flags (m, v);
          break;
        case SUB:
          v = m->r[a] - m->r[bi];
          m->c = m->r[a] < m->r[bi];
          m->r[a] = (unsigned char) v;
          flags (m, v);
          break;
        case AND: m->r[a] &= m->r[bi]; flags (m, m->r[a]); break;
        case OR: m->r[a] |= m->r[bi]; flags (m, m->r[a]); break;
        case XOR: m->r[a] ^= m->r[bi]; flags (m, m->r[a]); break;
        case SHL:
          m->c = m->r[a] >> 7;
          m->r[a] = (unsigned char) (m->r[a] << 1);
          flags (m, m->r[a]);
          break;
        case SHR:
          m->c = m->r[a] & 1;
          m->r[a] >>= 1;
          flags (m, m->r[a]);
          break;
        case INC: m->r[a]++; flags (m, m->r[a]); break;
        case DEC: m->r[a]--; flags (m, m->r[a]); break;
        case CMP:
          m->c = m->r[a] < m->r[bi];
          flags (m, (unsigned) (m->r[a] - m->r[bi]));
          break;
        case CMPI:
          m->c = m->r[a] < imm;
          flags (m, m->r[a] - imm);
          break;
        case JMP: m->pc = rom[(m->pc - 1) & 511]; break;
        case JZ: if (m->z) m->pc = rom[(m->pc - 1) & 511]; break;
        case JNZ: if (!m->z) m->pc = rom[(m->pc - 1) & 511]; break;
        case JC: if (m->c) m->pc = rom[(m->pc - 1) & 511]; break;
        case JNC: if (!m->c) m->pc = rom[(m->pc - 1) & 511]; break;
        case CALL:
          m->stack[m->sp++ & 15] = (unsigned char) m->pc;
          m->pc = rom[(m->pc - 1) & 511];
          break;
        case RET: m->pc = m->stack[--m->sp & 15]; break;
        case PUSH: m->stack[m->sp++ & 15] = m->r[a]; break;
        case POP: m->r[a] = m->stack[--m->sp & 15]; break;
        case LD: m->r[a] = m->mem[m->r[bi]]; break;
        case ST: m->mem[m->r[a]] = m->r[bi]; break;
        case LDA: m->r[a] = m->mem[imm]; break;
        case STA: m->mem[imm] = m->r[a]; break;
        case MUL:
          v = m->r[a] * m->r[bi];
          m->c = v > 0xff;
          m->r[a] = (unsigned char) v;
          flags (m, v);
          break;
        case ADC:
          v = m->r[a] + m->r[bi] + m->c;
          m->c = v > 0xff;
          m->r[a] = (unsigned char) v;
          flags (m, v);
          break;
        case SBC:
          v = m->r[a] - m->r[bi] - m->c;
          m->c = m->r[a] < m->r[bi] + m->c;
          m->r[a] = (unsigned char) v;
          flags (m, v);
          break;
        case NOT: m->r[a] = (unsigned char) ~m->r[a]; flags (m, m->r[a]); break;
        case NEG: m->r[a] = (unsigned char) -m->r[a]; flags (m, m->r[a]); break;
        case ROL:
          m->r[a] = (unsigned char) (m->r[a] << 1 | m->r[a] >> 7);
          break;
        case ROR:
          m->r[a] = (unsigned char) (m->r[a] >> 1 | m->r[a] << 7);
          break;
        case SWAPN:
          m->r[a] = (unsigned char) (m->r[a] << 4 | m->r[a] >> 4);
          break;
        case OUT:
          m->out_hash = m->out_hash * 257 + m->r[a];
          m->outs++;
          break;
        case HALT: return 0;
        case ADDI: m->r[a] = (unsigned char) (m->r[a] + imm); flags (m, m->r[a]); break;
        case DJNZ:
          if (--m->r[a])
            m->pc = imm;
          break;
        case TST: flags (m, m->r[a]); break;
        default: return -1;
        }
    }
  return 1;
}

/* ---- disassembler ---- */

static __attribute__ ((noinline)) unsigned
disassemble (unsigned *text_hash)
{
  char line[48];
  unsigned pc = 0, count = 0;
  while (pc < rom_len)
    {
      unsigned o = rom[pc];
      if (o >= N_OPS)
        o = NOP;
      int n;
      switch (shape[o])
        {
        case 0:
          n = snprintf (line, sizeof line, "%03x  %s", pc, mnemonic[o]);
          pc += 1;
          break;
        case 1:
          n = snprintf (line, sizeof line, "%03x  %-5s r%u", pc, mnemonic[o],
                        rom[pc + 1] & 7u);
          pc += 2;
          break;
        case 2:
          n = snprintf (line, sizeof line, "%03x  %-5s r%u, r%u", pc,
                        mnemonic[o], rom[pc + 1] & 7u, rom[pc + 2] & 7u);
          pc += 3;
          break;
        case 3:
          n = snprintf (line, sizeof line, "%03x  %-5s r%u, #%u", pc,
                        mnemonic[o], rom[pc + 1] & 7u, rom[pc + 2]);
          pc += 3;
          break;
        case 4:
          n = snprintf (line, sizeof line, "%03x  %-5s 0x%02x", pc,
                        mnemonic[o], rom[pc + 1]);
          pc += 2;
          break;
        default:
          n = snprintf (line, sizeof line, "%03x  %-5s r%u, 0x%02x", pc,
                        mnemonic[o], rom[pc + 1] & 7u, rom[pc + 2]);
          pc += 3;
          break;
        }
      for (int i = 0; i < n; i++)
        *text_hash = *text_hash * 31 + (unsigned char) line[i];
      count++;
    }
  return count;
}

/* ---- a fully unrolled 64-round Feistel cipher (XTEA-like) ---- */

#define DELTA 0x9e3779b9u
#define ENC_ROUND(i)                                                    \
  v0 += (((v1 << 4) ^ (v1 >> 5)) + v1) ^ (DELTA * (i) + k[(DELTA * (i)) & 3]); \
  v1 += (((v0 << 4) ^ (v0 >> 5)) + v0) ^ (DELTA * ((i) + 1) + k[((DELTA * ((i) + 1)) >> 11) & 3]);
#define DEC_ROUND(i)                                                    \
  v1 -= (((v0 << 4) ^ (v0 >> 5)) + v0) ^ (DELTA * ((i) + 1) + k[((DELTA * ((i) + 1)) >> 11) & 3]); \
  v0 -= (((v1 << 4) ^ (v1 >> 5)) + v1) ^ (DELTA * (i) + k[(DELTA * (i)) & 3]);
#define ENC4(i) ENC_ROUND (i) ENC_ROUND ((i) + 1) ENC_ROUND ((i) + 2) ENC_ROUND ((i) + 3)
#define DEC4(i) DEC_ROUND ((i) + 3) DEC_ROUND ((i) + 2) DEC_ROUND ((i) + 1) DEC_ROUND (i)

static __attribute__ ((noinline)) void
encrypt (unsigned *v, const unsigned *k)
{
  unsigned v0 = v[0], v1 = v[1];
  ENC4 (0) ENC4 (4) ENC4 (8) ENC4 (12) ENC4 (16) ENC4 (20) ENC4 (24) ENC4 (28)
  ENC4 (32) ENC4 (36) ENC4 (40) ENC4 (44) ENC4 (48) ENC4 (52) ENC4 (56) ENC4 (60)
  v[0] = v0;
  v[1] = v1;
}

static __attribute__ ((noinline)) void
decrypt (unsigned *v, const unsigned *k)
{
  unsigned v0 = v[0], v1 = v[1];
  DEC4 (60) DEC4 (56) DEC4 (52) DEC4 (48) DEC4 (44) DEC4 (40) DEC4 (36) DEC4 (32)
  DEC4 (28) DEC4 (24) DEC4 (20) DEC4 (16) DEC4 (12) DEC4 (8) DEC4 (4) DEC4 (0)
  v[0] = v0;
  v[1] = v1;
}

/* ---- unrolled 8-point integer transforms ---- */

#define BUTTERFLY(a, b) { int t_ = a; a = t_ + b; b = t_ - b; }

static void
fwd8 (int *v)
{
  int x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
  int x4 = v[4], x5 = v[5], x6 = v[6], x7 = v[7];
  BUTTERFLY (x0, x7) BUTTERFLY (x1, x6) BUTTERFLY (x2, x5) BUTTERFLY (x3, x4)
  BUTTERFLY (x0, x3) BUTTERFLY (x1, x2)
  v[0] = (x0 + x1) * 181 >> 8;
  v[4] = (x0 - x1) * 181 >> 8;
  v[2] = (x2 * 139 + x3 * 334) >> 8;
  v[6] = (x3 * 139 - x2 * 334) >> 8;
  int s4 = x4 * 49 + x7 * 251, s5 = x5 * 142 + x6 * 213;
  int s6 = x6 * 142 - x5 * 213, s7 = x7 * 49 - x4 * 251;
  v[1] = (s4 + s5) >> 8;
  v[3] = (s7 - s6) >> 8;
  v[5] = (s7 + s6) >> 8;
  v[7] = (s4 - s5) >> 8;
}

static void
inv8 (int *v)
{
  int y0 = v[0] * 181 >> 8, y4 = v[4] * 181 >> 8;
  int e0 = y0 + y4, e1 = y0 - y4;
  int e2 = (v[2] * 139 - v[6] * 334) >> 8, e3 = (v[2] * 334 + v[6] * 139) >> 8;
  int a0 = e0 + e3, a3 = e0 - e3, a1 = e1 + e2, a2 = e1 - e2;
  int o0 = (v[1] * 251 + v[7] * 49 + v[3] * 213 + v[5] * 142) >> 8;
  int o1 = (v[1] * 213 - v[7] * 142 - v[3] * 49 - v[5] * 251) >> 8;
  int o2 = (v[1] * 142 + v[7] * 213 - v[3] * 251 + v[5] * 49) >> 8;
  int o3 = (v[1] * 49 - v[7] * 251 - v[3] * 142 + v[5] * 213) >> 8;
  v[0] = (a0 + o0) >> 1; v[7] = (a0 - o0) >> 1;
  v[1] = (a1 + o1) >> 1; v[6] = (a1 - o1) >> 1;
  v[2] = (a2 + o2) >> 1; v[5] = (a2 - o2) >> 1;
  v[3] = (a3 + o3) >> 1; v[4] = (a3 - o3) >> 1;
}

static __attribute__ ((noinline)) void
transform_block (int blk[8][8], int inverse)
{
  int col[8];
  for (int i = 0; i < 8; i++)
    inverse ? inv8 (blk[i]) : fwd8 (blk[i]);
  for (int j = 0; j < 8; j++)
    {
      for (int i = 0; i < 8; i++)
        col[i] = blk[i][j];
      inverse ? inv8 (col) : fwd8 (col);
      for (int i = 0; i < 8; i++)
        blk[i][j] = col[i];
    }
}

int
main (void)
{
  static struct cpu m;
  assemble ();
  if (link_program ())
    {
      puts ("link error");
      return 1;
    }
  static unsigned key[4] = { 0x01234567u, 0x89abcdefu, 0xfedcba98u,
                             0x76543210u };
  unsigned text_hash = 0, insns = 0, transform_hash = 0, cipher_hash = 0;
  int blk[8][8], roundtrip_ok = 1;
  for (int round = 0; round < 3; round++)
    {
      memset (&m, 0, sizeof m);
      for (int i = 0; i < 32; i++)
        m.mem[0x80 + i] = (unsigned char) ((i * 37 + round * 11) & 0xff);
      int rc = emulate (&m, 20000);
      if (rc)
        printf ("round %d: emulator stopped with %d\n", round, rc);
      for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
          blk[i][j] = m.mem[0x80 + ((i * 8 + j) & 31)] - 128 + i * j;
      transform_block (blk, 0);
      transform_block (blk, 1);
      for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
          transform_hash = transform_hash * 7 + (unsigned) blk[i][j];
      insns = disassemble (&text_hash);
      key[round & 3] ^= text_hash;
      for (int i = 0; i < 256; i += 8)
        {
          unsigned v[2], w[2];
          memcpy (v, &m.mem[i], sizeof v);
          memcpy (w, v, sizeof w);
          encrypt (v, key);
          cipher_hash = cipher_hash * 3 + v[0] + v[1];
          decrypt (v, key);
          roundtrip_ok &= memcmp (v, w, sizeof v) == 0;
        }
    }
  printf ("rom %u bytes, %u instructions, text hash %08x\n", rom_len, insns,
          text_hash);
  printf ("steps %u outs %u out hash %08x transform %08x\n", m.steps,
          m.outs, m.out_hash, transform_hash);
  printf ("cipher %08x round trip %s\n", cipher_hash,
          roundtrip_ok ? "ok" : "FAILED");
  return 0;
}
