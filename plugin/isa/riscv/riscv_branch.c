/* cachecat: what a RISC-V instruction does to control (riscv_branch.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/riscv/riscv_branch.h"
#include "isa/riscv/riscv_length.h"

static uint32_t
word (const unsigned char *b, size_t n)
{
  uint32_t w = (uint32_t) b[0] | (uint32_t) b[1] << 8;
  if (n >= 4)
    w |= (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
  return w;
}

/* Bit I of W at bit J.  */
#define BIT(w, i, j) ((((w) >> (i)) & 1u) << (j))

static int64_t
sext (uint32_t v, int n)
{
  return (int64_t) ((uint64_t) v << (64 - n)) >> (64 - n);
}

/* The value an auipc (at A) or lui W puts in its register.  */
static uint64_t
upper (uint32_t w, uint64_t a, int rv64)
{
  uint64_t v = (uint64_t) sext (w & 0xfffff000, 32);
  if ((w & 0x7f) == 0x17)
    v += a;
  return rv64 ? v : (uint32_t) v;
}

cc_branch_kind
cc_riscv_branch (const unsigned char *b, size_t n, uint64_t a, int rv64,
                 const unsigned char *prev, size_t prev_n, uint64_t *target)
{
  if (n < 2)
    return CC_BRANCH_NONE;
  uint32_t w = word (b, n);
  if (n == 2)
    {
      uint32_t op = w & 0xe003;
      if (op == 0xa001 || (op == 0x2001 && !rv64))    /* c.j, c.jal */
        {
          uint32_t v = BIT (w, 12, 11) | BIT (w, 11, 4) | BIT (w, 10, 9) | BIT (w, 9, 8)
                       | BIT (w, 8, 10) | BIT (w, 7, 6) | BIT (w, 6, 7) | BIT (w, 5, 3)
                       | BIT (w, 4, 2) | BIT (w, 3, 1) | BIT (w, 2, 5);
          *target = a + (uint64_t) sext (v, 12);
          return op == 0xa001 ? CC_BRANCH_JUMP : CC_BRANCH_CALL;
        }
      if (op == 0xc001 || op == 0xe001)                 /* c.beqz, c.bnez */
        {
          uint32_t v = BIT (w, 12, 8) | BIT (w, 11, 4) | BIT (w, 10, 3) | BIT (w, 6, 7)
                       | BIT (w, 5, 6) | BIT (w, 4, 2) | BIT (w, 3, 1) | BIT (w, 2, 5);
          *target = a + (uint64_t) sext (v, 9);
          return CC_BRANCH_COND;
        }
      /* c.jr, c.jalr: rs1 not zero, rs2 zero.  */
      if ((w & 0xe07f) == 0x8002 && (w & 0x0f80))
        return CC_BRANCH_INDIRECT;
      return CC_BRANCH_NONE;
    }
  uint32_t opcode = w & 0x7f, rd = (w >> 7) & 0x1f, rs1 = (w >> 15) & 0x1f;
  if (opcode == 0x6f)                                    /* jal */
    {
      uint32_t v = BIT (w, 31, 20) | ((w >> 21) & 0x3ff) << 1 | BIT (w, 20, 11)
                   | (w & 0xff000);
      *target = a + (uint64_t) sext (v, 21);
      return rd ? CC_BRANCH_CALL : CC_BRANCH_JUMP;
    }
  if (opcode == 0x63)                                    /* beq ... bgeu */
    {
      uint32_t v = BIT (w, 31, 12) | ((w >> 25) & 0x3f) << 5 | ((w >> 8) & 0xf) << 1
                   | BIT (w, 7, 11);
      *target = a + (uint64_t) sext (v, 13);
      return CC_BRANCH_COND;
    }
  if (opcode == 0x67 && ((w >> 12) & 7) == 0)             /* jalr */
    {
      /* `call f' and `tail f': auipc rs1; jalr rd, rs1.  */
      if (prev && prev_n == 4 && rs1)
        {
          uint32_t p = word (prev, 4);
          if ((p & 0x7f) == 0x17 && ((p >> 7) & 0x1f) == rs1)
            {
              *target = upper (p, a - 4, rv64) + (uint64_t) sext (w >> 20, 12);
              if (!rv64)
                *target = (uint32_t) *target;
              return rd ? CC_BRANCH_CALL : CC_BRANCH_JUMP;
            }
        }
      return CC_BRANCH_INDIRECT;
    }
  if (w == 0x00000073)                                   /* ecall */
    return CC_BRANCH_KERNEL;
  return CC_BRANCH_NONE;
}

/* Is integer register R one a callee keeps: sp, gp, tp, s0-s11?  */
static int
callee_saved (uint32_t r)
{
  return (r >= 2 && r <= 4) || r == 8 || r == 9 || (r >= 18 && r <= 27);
}

/* How many instructions after an upper immediate upper_uses reads.  */
#define UPPER_WINDOW 32

/* What a compressed instruction X does with integer register R: 0
   nothing, 1 it writes R (reading it at most as a load's base: data),
   2 it loads or stores through R (data there), 3 it names R otherwise.
   By quadrant and funct3; the registers of floating-point forms are not
   R.  */
static int
c_use (uint32_t x, uint32_t r)
{
  uint32_t q = x & 3, f3 = x >> 13, r11 = (x >> 7) & 0x1f, r6 = (x >> 2) & 0x1f;
  uint32_t p9 = ((x >> 7) & 7) + 8, p4 = ((x >> 2) & 7) + 8;
  if (q == 0)                                  /* addi4spn, loads, stores */
    {
      if (f3 == 0)
        return p4 == r ? 1 : 0;
      if (f3 == 2 || f3 == 3)                  /* c.lw, c.ld (c.flw on RV32) */
        return p4 == r ? 1 : p9 == r ? 2 : 0;
      if (f3 == 6 || f3 == 7)                  /* c.sw, c.sd */
        return p4 == r ? 3 : p9 == r ? 2 : 0;
      return p9 == r || p4 == r ? 3 : 0;
    }
  if (q == 1)
    {
      if (f3 == 2 || (f3 == 3 && r11 != 2))   /* c.li, c.lui */
        return r11 == r ? 1 : 0;
      if (f3 <= 3)
        return r11 == r ? 3 : 0;
      return p9 == r || p4 == r ? 3 : 0;
    }
  if (f3 == 2 || f3 == 3)                      /* c.lwsp, c.ldsp */
    return r11 == r ? 1 : 0;
  if (f3 == 4 && !((x >> 12) & 1) && r6)       /* c.mv */
    return r6 == r ? 3 : r11 == r ? 1 : 0;
  if (f3 == 1 || f3 == 5)                      /* c.fldsp, c.fsdsp */
    return 0;
  return r11 == r || r6 == r ? 3 : 0;
}

/* Is OP an I-type opcode, which reads no register at bits 20-24: the
   loads (and fp loads), op-imm, op-imm-32, jalr, fence, system?  */
static int
i_type (uint32_t op)
{
  return op == 0x03 || op == 0x07 || op == 0x13 || op == 0x1b || op == 0x67 || op == 0x0f
         || op == 0x73;
}

/* Does the 4-byte instruction X name integer register R in a field it
   may read or write?  Over-approximated: every register field of its
   format (all three where the format is not known).  */
static int
names_reg (uint32_t x, uint32_t r)
{
  uint32_t op = x & 0x7f;
  if (op == 0x37 || op == 0x17 || op == 0x6f)            /* lui, auipc, jal */
    return ((x >> 7) & 0x1f) == r;
  if (i_type (op))                                       /* bits 20-31: an immediate */
    return ((x >> 7) & 0x1f) == r || ((x >> 15) & 0x1f) == r;
  return ((x >> 7) & 0x1f) == r || ((x >> 15) & 0x1f) == r || ((x >> 20) & 0x1f) == r;
}

/* Does the 4-byte instruction X write integer register R without reading
   it (any field of R read, or an unknown format: no)?  */
static int
overwrites (uint32_t x, uint32_t r)
{
  uint32_t op = x & 0x7f, rd = (x >> 7) & 0x1f, rs1 = (x >> 15) & 0x1f, rs2 = (x >> 20) & 0x1f;
  if (rd != r)
    return 0;
  if (op == 0x37 || op == 0x17)                          /* lui, auipc */
    return 1;
  if (op == 0x03 || op == 0x13 || op == 0x1b)            /* loads, op-imm */
    return rs1 != r;
  if (op == 0x33 || op == 0x3b)                          /* op, op-32 */
    return rs1 != r && rs2 != r;
  return 0;
}

/* The addresses [LO, HI] into OUT: 1; none (LO above HI): 0.  */
static int
made (uint64_t lo, uint64_t hi, cc_addr_range *out)
{
  if (lo > hi)
    return 0;
  out[0] = (cc_addr_range) { lo, hi };
  return 1;
}

/* The value V (its low 32 bits if not RV64) as the one address into
   OUT: 1.  */
static int
value (uint64_t v, int rv64, cc_addr_range *out)
{
  v = rv64 ? v : (uint32_t) v;
  return made (v, v, out);
}

/* The addresses the value V an upper immediate put in RD makes with the
   instructions after it (N bytes at B), into OUT: read until RD is
   written again, straight through (no control transfer on the way but
   calls, where RD is callee-saved);
   each addi or addiw of RD makes an address, a load or a store through
   RD reads data; any other use of RD, or the window's end with RD
   still live, and the answer is the 4 KiB around V.  Returns how many
   ranges (0: RD makes no address).  */
static int
upper_uses (uint64_t v, uint32_t rd, const unsigned char *b, size_t n, int rv64,
            cc_addr_range *out)
{
  uint64_t lo = UINT64_MAX, hi = 0, t;
  size_t k = 0, prev = 0;
  for (int i = 0; rd && i < UPPER_WINDOW && k < n; i++)
    {
      int len = cc_riscv_length (b + k, n - k);
      if (len < 0)
        break;
      cc_branch_kind goes = cc_riscv_branch (b + k, (size_t) len, 0, rv64, k ? b + prev : NULL,
                                             k - prev, &t);
      /* A call keeps what a callee-saved register holds (the calling
         convention, as models from the bytes assume): the code after it
         runs next, with RD as it was.  */
      if (goes != CC_BRANCH_NONE && !(goes == CC_BRANCH_CALL && callee_saved (rd)))
        break;
      uint32_t x = word (b + k, (size_t) len), op = x & 0x7f, f3 = (x >> 12) & 7;
      prev = k;
      k += (size_t) len;
      if (goes != CC_BRANCH_NONE)
        continue;
      if (len == 2)
        {
          int use = c_use (x, rd);
          if (use == 1)
            return made (lo, hi, out);
          if (use == 3)
            break;
          continue;
        }
      if (!names_reg (x, rd))
        continue;
      if (overwrites (x, rd))
        return made (lo, hi, out);
      uint32_t xrd = (x >> 7) & 0x1f, rs1 = (x >> 15) & 0x1f, rs2 = (x >> 20) & 0x1f;
      /* A store of RD's value (its rs2): no address we read.  */
      if (rs1 != rd || (op == 0x23 && rs2 == rd))
        break;
      if ((op == 0x13 || op == 0x1b) && f3 == 0)        /* addi, addiw */
        {
          uint64_t at = v + (uint64_t) sext (x >> 20, 12);
          at = op == 0x1b ? (uint64_t) sext ((uint32_t) at, 32) : at;
          at = rv64 ? at : (uint32_t) at;
          lo = at < lo ? at : lo;
          hi = at > hi ? at : hi;
        }
      else if (op != 0x03 && op != 0x23)                 /* not a load, a store */
        break;
      if (xrd == rd && op != 0x23)
        return made (lo, hi, out);
    }
  out[0] = (cc_addr_range) { v - 2048, v + 2047 };
  return 1;
}

/* c.lui rd, imm (rd not x0 or sp), the compressed lui: the addresses
   its value and a 12-bit offset make, into OUT; c.li: its value.  */
static int
c_lui_refs (const unsigned char *b, size_t n, int rv64, cc_addr_range *out)
{
  uint32_t w = word (b, 2);
  uint32_t rd = (w >> 7) & 0x1f;
  /* c.li rd, imm: a small address (code at 0 may have one).  */
  if ((w & 0xe003) == 0x4001 && rd)
    return value ((uint64_t) sext (((w >> 12) & 1) << 5 | ((w >> 2) & 0x1f), 6), rv64, out);
  if ((w & 0xe003) != 0x6001 || rd == 0 || rd == 2)
    return 0;
  uint32_t imm = ((w >> 12) & 1) << 17 | ((w >> 2) & 0x1f) << 12;
  uint64_t v = (uint64_t) sext (imm, 18);
  if (!rv64)
    v = (uint32_t) v;
  return upper_uses (v, rd, b + 2, n - 2, rv64, out);
}

int
cc_riscv_refs (const unsigned char *b, size_t n, uint64_t a, int rv64, uint64_t gp,
               cc_addr_range *out)
{
  int len = cc_riscv_length (b, n);
  if (len < 0)
    return 0;
  uint64_t t;
  cc_branch_kind k = cc_riscv_branch (b, (size_t) len, a, rv64, NULL, 0, &t);
  if (k == CC_BRANCH_JUMP || k == CC_BRANCH_CALL || k == CC_BRANCH_COND)
    {
      out[0] = (cc_addr_range) { t, t };
      return 1;
    }
  if (len < 4)
    return c_lui_refs (b, n, rv64, out);
  uint32_t w = word (b, 4);
  /* li rd, imm (addi rd, zero, imm): a small address.  */
  if ((w & 0x000ff07f) == 0x00000013 && (w & 0xf80))
    return value ((uint64_t) sext (w >> 20, 12), rv64, out);
  /* addi rd, gp, offset.  */
  if (gp && (w & 0x000ff07f) == 0x00018013)
    {
      uint64_t at = gp + (uint64_t) sext (w >> 20, 12);
      return made (at, at, out);
    }
  if ((w & 0x7f) != 0x17 && (w & 0x7f) != 0x37)          /* auipc, lui */
    return 0;
  uint64_t v = upper (w, a, rv64);
  uint32_t rd = (w >> 7) & 0x1f;
  if (n >= 8 && rd && cc_riscv_length (b + 4, n - 4) == 4)
    {
      uint32_t x = word (b + 4, 4), xrd = (x >> 7) & 0x1f, rs1 = (x >> 15) & 0x1f;
      uint32_t f3 = (x >> 12) & 7;
      uint64_t at = v + (uint64_t) sext (x >> 20, 12);
      if (!rv64)
        at = (uint32_t) at;
      /* addi rd, rd, lo; jalr to lo(rd) that overwrites rd or jumps away
         (call, tail): the address itself.  */
      if (rs1 == rd && (((x & 0x7f) == 0x13 && f3 == 0 && xrd == rd)
                        || ((x & 0x7f) == 0x67 && f3 == 0 && (xrd == rd || xrd == 0))))
        return made (at, at, out);
      /* A load into rd through lo(rd): data there, and the value gone.  */
      if ((x & 0x7f) == 0x03 && rs1 == rd && xrd == rd)
        return 0;
    }
  return upper_uses (v, rd, b + 4, n - 4, rv64, out);
}
