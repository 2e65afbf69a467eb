/* fs_vm_threaded: a register-machine interpreter using GNU computed goto
   (a label table and goto *), each handler ending in its own dispatch,
   running a bubble sort and a GCD table written in its bytecode.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Threaded dispatch replicates the indirect jump into every handler: there
   is no single dispatch point, and each handler's jump may reach any
   handler, a dense web of indirect edges for the analysis.  */
#include "../../valgrind/freestanding.h"

enum op { LI, ADD, SUB, ADDI, LDM, STM, BLT, BGE, BNE, BEQ, JMP, MOV,
          MUL, AND, HALT };

struct insn
{
  unsigned char op, a, b, c;
  int imm;
};

/* Bubble sort of mem[0..r1), then r0 = sum of mem[i] * i.  */
static const struct insn sort_prog[] = {
  /*  0 */ { LI, 2, 0, 0, 0 },           /* i = 0 */
  /*  1 */ { ADDI, 5, 1, 0, -1 },        /* r5 = n - 1 */
  /*  2 */ { BGE, 2, 5, 0, 14 },         /* i >= n-1: done */
  /*  3 */ { LI, 3, 0, 0, 0 },           /* j = 0 */
  /*  4 */ { SUB, 6, 5, 2, 0 },          /* r6 = n-1-i */
  /*  5 */ { BGE, 3, 6, 0, 12 },         /* j >= r6: next i */
  /*  6 */ { LDM, 7, 3, 0, 0 },          /* r7 = mem[j] */
  /*  7 */ { LDM, 8, 3, 0, 1 },          /* r8 = mem[j+1] */
  /*  8 */ { BGE, 8, 7, 0, 11 },         /* in order: skip */
  /*  9 */ { STM, 8, 3, 0, 0 },          /* swap */
  /* 10 */ { STM, 7, 3, 0, 1 },
  /* 11 */ { ADDI, 3, 3, 0, 1 },
  /* 12 */ { BLT, 3, 6, 0, 6 },          /* (also the exit target) */
  /* 13 */ { ADDI, 2, 2, 0, 1 },
  /* 14 */ { BLT, 2, 5, 0, 3 },
  /* 15 */ { LI, 0, 0, 0, 0 },
  /* 16 */ { LI, 2, 0, 0, 0 },
  /* 17 */ { BGE, 2, 1, 0, 22 },
  /* 18 */ { LDM, 7, 2, 0, 0 },
  /* 19 */ { MUL, 7, 7, 2, 0 },
  /* 20 */ { ADD, 0, 0, 7, 0 },
  /* 21 */ { ADDI, 2, 2, 0, 1 },
  /* 22 */ { BLT, 2, 1, 0, 18 },
  /* 23 */ { HALT, 0, 0, 0, 0 },
};

/* r0 = sum over a, b in [1, r1] of gcd(a, b) by subtraction.  */
static const struct insn gcd_prog[] = {
  /*  0 */ { LI, 0, 0, 0, 0 },
  /*  1 */ { LI, 2, 0, 0, 1 },           /* a = 1 */
  /*  2 */ { LI, 3, 0, 0, 1 },           /* b = 1 */
  /*  3 */ { MOV, 4, 2, 0, 0 },          /* x = a */
  /*  4 */ { MOV, 5, 3, 0, 0 },          /* y = b */
  /*  5 */ { BEQ, 4, 5, 0, 10 },         /* x == y: gcd found */
  /*  6 */ { BLT, 4, 5, 0, 8 },
  /*  7 */ { SUB, 4, 4, 5, 0 },          /* x -= y */
  /*  8 */ { BGE, 4, 5, 0, 5 },
  /*  9 */ { SUB, 5, 5, 4, 0 },          /* y -= x */
  /* 10 */ { BNE, 4, 5, 0, 5 },
  /* 11 */ { ADD, 0, 0, 4, 0 },
  /* 12 */ { ADDI, 3, 3, 0, 1 },
  /* 13 */ { BGE, 1, 3, 0, 3 },          /* b <= n */
  /* 14 */ { ADDI, 2, 2, 0, 1 },
  /* 15 */ { BGE, 1, 2, 0, 2 },          /* a <= n */
  /* 16 */ { AND, 0, 0, 0, 0 },
  /* 17 */ { HALT, 0, 0, 0, 0 },
};

static int mem[64];

static __attribute__ ((noinline)) int
run (const struct insn *code, int *r, unsigned *count)
{
  static const void *const table[] = {
    [LI] = &&do_li, [ADD] = &&do_add, [SUB] = &&do_sub, [ADDI] = &&do_addi,
    [LDM] = &&do_ldm, [STM] = &&do_stm, [BLT] = &&do_blt, [BGE] = &&do_bge,
    [BNE] = &&do_bne, [BEQ] = &&do_beq, [JMP] = &&do_jmp, [MOV] = &&do_mov,
    [MUL] = &&do_mul, [AND] = &&do_and, [HALT] = &&do_halt,
  };
  const struct insn *ip = code;
  unsigned n = 0;
#define NEXT do { n++; goto *table[ip->op]; } while (0)
#define JUMP(t) do { ip = code + (t); NEXT; } while (0)
  NEXT;
do_li:
  r[ip->a] = ip->imm;
  ip++;
  NEXT;
do_add:
  r[ip->a] = r[ip->b] + r[ip->c];
  ip++;
  NEXT;
do_sub:
  r[ip->a] = r[ip->b] - r[ip->c];
  ip++;
  NEXT;
do_addi:
  r[ip->a] = r[ip->b] + ip->imm;
  ip++;
  NEXT;
do_ldm:
  r[ip->a] = mem[(r[ip->b] + ip->imm) & 63];
  ip++;
  NEXT;
do_stm:
  mem[(r[ip->b] + ip->imm) & 63] = r[ip->a];
  ip++;
  NEXT;
do_blt:
  if (r[ip->a] < r[ip->b])
    JUMP (ip->imm);
  ip++;
  NEXT;
do_bge:
  if (r[ip->a] >= r[ip->b])
    JUMP (ip->imm);
  ip++;
  NEXT;
do_bne:
  if (r[ip->a] != r[ip->b])
    JUMP (ip->imm);
  ip++;
  NEXT;
do_beq:
  if (r[ip->a] == r[ip->b])
    JUMP (ip->imm);
  ip++;
  NEXT;
do_jmp:
  JUMP (ip->imm);
do_mov:
  r[ip->a] = r[ip->b];
  ip++;
  NEXT;
do_mul:
  r[ip->a] = r[ip->b] * r[ip->c];
  ip++;
  NEXT;
do_and:
  r[ip->a] = r[ip->b] & (r[ip->c] | 0x7fffffff);
  ip++;
  NEXT;
do_halt:
  *count += n;
  return r[0];
#undef NEXT
#undef JUMP
}

static __attribute__ ((noinline)) int
program (void)
{
  int r[16] = { 0 };
  unsigned count = 0, acc = (unsigned) sink;
  for (unsigned round = 0; round < 4; round++)
    {
      for (int i = 0; i < 40; i++)
        mem[i] = (int) ((i * 73 + round * 19) % 101);
      r[1] = 40;
      acc = acc * 33 + (unsigned) run (sort_prog, r, &count);
      r[1] = 14 + (int) round;
      acc = acc * 33 + (unsigned) run (gcd_prog, r, &count);
    }
  acc += count;
  sink = (int) acc;
  return (int) acc;
}
