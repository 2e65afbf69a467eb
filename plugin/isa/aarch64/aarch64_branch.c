/* cachecat: what an AArch64 instruction does to control (aarch64_branch.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/aarch64/aarch64_branch.h"

/* Bits [LO, LO + N) of W, sign-extended.  */
static int64_t
sfield (uint32_t w, int lo, int n)
{
  uint64_t v = (w >> lo) & ((1u << n) - 1);
  return (int64_t) (v << (64 - n)) >> (64 - n);
}

cc_branch_kind
cc_a64_branch (uint32_t w, uint64_t a, uint64_t *target)
{
  if ((w & 0x7c000000) == 0x14000000)            /* b, bl: imm26 */
    {
      *target = a + (uint64_t) (sfield (w, 0, 26) * 4);
      return w & 0x80000000 ? CC_BRANCH_CALL : CC_BRANCH_JUMP;
    }
  if ((w & 0xff000010) == 0x54000000)            /* b.cond: imm19 */
    {
      *target = a + (uint64_t) (sfield (w, 5, 19) * 4);
      /* Condition 111x is "always".  */
      return (w & 0xe) == 0xe ? CC_BRANCH_JUMP : CC_BRANCH_COND;
    }
  if ((w & 0x7e000000) == 0x34000000)            /* cbz, cbnz: imm19 */
    {
      *target = a + (uint64_t) (sfield (w, 5, 19) * 4);
      return CC_BRANCH_COND;
    }
  if ((w & 0x7e000000) == 0x36000000)            /* tbz, tbnz: imm14 */
    {
      *target = a + (uint64_t) (sfield (w, 5, 14) * 4);
      return CC_BRANCH_COND;
    }
  /* Unconditional branch (register): br, blr, ret, their pointer-
     authenticating forms, eret, drps.  */
  if ((w & 0xfe000000) == 0xd6000000)
    return CC_BRANCH_INDIRECT;
  if ((w & 0xffe0001f) == 0xd4000001)            /* svc */
    return CC_BRANCH_KERNEL;
  return CC_BRANCH_NONE;
}

static uint32_t
word (const unsigned char *b)
{
  return (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
}

/* Does the instruction X name general register R?  The move-wide
   (movz, movn, movk) and add/sub and logical immediate forms name their
   Rd (bits 0-4) and, but the moves, their Rn (5-9); every other
   instruction is taken to name whatever its 5-bit fields at 0, 5, 10 and
   16 hold (an immediate there only stops the search).  */
static int
names_reg (uint32_t x, uint32_t r)
{
  if ((x & 0x1f800000) == 0x12800000)
    return (x & 0x1f) == r;
  if ((x & 0x1f000000) == 0x11000000 || (x & 0x1f800000) == 0x12000000)
    return (x & 0x1f) == r || ((x >> 5) & 0x1f) == r;
  return (x & 0x1f) == r || ((x >> 5) & 0x1f) == r || ((x >> 10) & 0x1f) == r
         || ((x >> 16) & 0x1f) == r;
}

/* How far past an adrp its register is followed.  */
#define ADRP_WINDOW 8

/* The address the adrp W at A makes with the instructions after it (N
   bytes at B): 1 and [page + lo12] if the first instruction that names
   its register adds the low bits into it (add xd, xd, #lo12), 0 if it
   loads into it through it (ldr xd, [xd, #lo12]: data there), else 1
   and the page.  A64 names every general register it reads or writes in
   the fields at bits 0, 5, 10 and 16 (bl's x30 aside: a branch ends the
   search), so an instruction that names none of them leaves it alone.  */
static int
adrp_refs (uint32_t w, uint64_t a, const unsigned char *b, size_t n, cc_addr_range *out)
{
  int64_t imm = sfield (w, 5, 19) * 4 + ((w >> 29) & 3);
  uint64_t page = (a & ~(uint64_t) 0xfff) + (uint64_t) (imm << 12);
  uint32_t rd = w & 0x1f;
  for (size_t k = 0; rd != 31 && k < ADRP_WINDOW && (k + 1) * 4 <= n; k++)
    {
      uint32_t x = word (b + 4 * k);
      uint64_t t;
      if (cc_a64_branch (x, a + 4 * (k + 1), &t) != CC_BRANCH_NONE)
        break;
      int rn = ((x >> 5) & 0x1f) == rd;
      if ((x & 0xffc00000) == 0x91000000 && (x & 0x1f) == rd && rn)
        {
          page += (x >> 10) & 0xfff;
          out[0] = (cc_addr_range) { page, page };
          return 1;
        }
      /* ldr (unsigned offset, any size, not SIMD): bit 22 says load.  */
      if ((x & 0x3f400000) == 0x39400000 && (x & 0x1f) == rd && rn)
        return 0;
      if (names_reg (x, rd))
        break;
    }
  out[0] = (cc_addr_range) { page, page + 0xfff };
  return 1;
}

/* The value of the logical immediate N:IMMR:IMMS of a W (SF 0) or X
   register (the Arm ARM's DecodeBitMasks), or 0 if reserved.  */
static uint64_t
bit_mask (int sf, uint32_t n, uint32_t immr, uint32_t imms)
{
  uint32_t combined = n << 6 | (~imms & 0x3f);
  int len = 31 - __builtin_clz (combined | 1);
  if (len < 1 || (!sf && n))
    return 0;
  uint32_t size = 1u << len, levels = size - 1;
  uint32_t s = imms & levels, r = immr & levels;
  if (s == levels)
    return 0;
  uint64_t elem = (UINT64_C (1) << (s + 1)) - 1;
  if (r)
    elem = ((elem >> r) | (elem << (size - r))) & (size == 64 ? ~UINT64_C (0)
                                                                 : (UINT64_C (1) << size) - 1);
  uint64_t v = 0;
  for (uint32_t k = 0; k < 64; k += size)
    v |= elem << k;
  return sf ? v : v & 0xffffffffu;
}

/* The value a move of an immediate W puts in its register Rd: movz,
   movn, or mov (orr of the zero register) with a logical immediate; 0
   if W is none of them.  */
static int
move_immediate (uint32_t w, uint64_t *v)
{
  int sf = w >> 31;
  uint64_t part = (uint64_t) ((w >> 5) & 0xffff) << (16 * ((w >> 21) & 3));
  if ((w & 0x7f800000) == 0x52800000)            /* movz */
    *v = part;
  else if ((w & 0x7f800000) == 0x12800000)       /* movn */
    *v = sf ? ~part : ~part & 0xffffffffu;
  else if ((w & 0x7f8003e0) == 0x320003e0)       /* orr rd, zr, #imm */
    *v = bit_mask (sf, (w >> 22) & 1, (w >> 16) & 0x3f, (w >> 10) & 0x3f);
  else
    return 0;
  return 1;
}

/* The address a move of an immediate W and the movk of its register
   right after it (N bytes at B) make: an address in code is made so
   when nothing PC-relative reaches it (the large code model, assembly).  */
static uint64_t
moved_value (uint32_t w, const unsigned char *b, size_t n, uint64_t v)
{
  uint32_t rd = w & 0x1f;
  for (size_t k = 0; k + 4 <= n && k < 16; k += 4)
    {
      uint32_t x = word (b + k);
      if ((x & 0x7f800000) != 0x72800000 || (x & 0x1f) != rd)   /* movk rd */
        break;
      int shift = 16 * ((x >> 21) & 3);
      v = (v & ~(UINT64_C (0xffff) << shift)) | (uint64_t) ((x >> 5) & 0xffff) << shift;
    }
  return w >> 31 ? v : v & 0xffffffffu;
}

int
cc_a64_refs (const unsigned char *b, size_t before, size_t n, uint64_t a, cc_addr_range *out)
{
  if (n < 4)
    return 0;
  uint32_t w = word (b);
  uint64_t t;
  cc_branch_kind k = cc_a64_branch (w, a, &t);
  if (k == CC_BRANCH_JUMP || k == CC_BRANCH_CALL || k == CC_BRANCH_COND)
    {
      out[0] = (cc_addr_range) { t, t };
      return 1;
    }
  uint64_t v;
  if (move_immediate (w, &v))
    {
      v = moved_value (w, b + 4, n - 4, v);
      out[0] = (cc_addr_range) { v, v };
      return 1;
    }
  /* ldr of a literal (w, x, sw; SIMD too): the word or doubleword it
     loads, where the bytes at hand hold it.  */
  if ((w & 0x3b000000) == 0x18000000)
    {
      int64_t off = sfield (w, 5, 19) * 4;
      size_t size = (w >> 30) == 1 ? 8 : 4;
      if (off >= 0 ? (uint64_t) off + size > n : (uint64_t) -off > before)
        return 0;
      const unsigned char *p = b + off;
      v = word (p) | (size == 8 ? (uint64_t) word (p + 4) << 32 : 0);
      out[0] = (cc_addr_range) { v, v };
      return 1;
    }
  if ((w & 0x1f000000) != 0x10000000)
    return 0;
  if (w & 0x80000000)
    return adrp_refs (w, a, b + 4, n - 4, out);
  /* adr: immhi (bits 5-23) and immlo (29-30).  */
  t = a + (uint64_t) (sfield (w, 5, 19) * 4 + ((w >> 29) & 3));
  out[0] = (cc_addr_range) { t, t };
  return 1;
}
