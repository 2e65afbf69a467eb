/* cachecat: ARM instructions, Thumb-2 and A32 (arm_branch.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/arm/arm_branch.h"
#include "isa/arm/arm_length.h"

static uint32_t
half (const unsigned char *b)
{
  return (uint32_t) b[0] | (uint32_t) b[1] << 8;
}

/* V, N bits wide, sign-extended.  */
static int64_t
sext (uint32_t v, int n)
{
  return (int64_t) ((uint64_t) v << (64 - n)) >> (64 - n);
}

/* The offset of a 32-bit b.w, bl or blx (encodings T4, T1, T2): S,
   I1 = NOT (J1 XOR S), I2 = NOT (J2 XOR S), imm10, imm11.  */
static int64_t
thumb_imm24 (uint32_t h1, uint32_t h2)
{
  uint32_t s = (h1 >> 10) & 1, j1 = (h2 >> 13) & 1, j2 = (h2 >> 11) & 1;
  uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
  uint32_t v = s << 24 | i1 << 23 | i2 << 22 | (h1 & 0x3ff) << 12 | (h2 & 0x7ff) << 1;
  return sext (v, 25);
}

cc_branch_kind
cc_thumb_branch (const unsigned char *b, size_t n, uint64_t a, uint64_t *target)
{
  if (n < 2)
    return CC_BRANCH_NONE;
  uint32_t h1 = half (b);
  uint64_t pc = a + 4;
  if (n == 2 || (h1 >> 11) < 0x1d)
    {
      if ((h1 & 0xf000) == 0xd000)
        {
          uint32_t cond = (h1 >> 8) & 0xf;
          if (cond == 0xf)
            return CC_BRANCH_KERNEL;                 /* svc */
          if (cond == 0xe)
            return CC_BRANCH_NONE;                   /* udf: a trap */
          *target = pc + (uint64_t) (sext (h1 & 0xff, 8) * 2);
          return CC_BRANCH_COND;                     /* b<c> (T1) */
        }
      if ((h1 & 0xf800) == 0xe000)                   /* b (T2) */
        {
          *target = pc + (uint64_t) (sext (h1 & 0x7ff, 11) * 2);
          return CC_BRANCH_JUMP;
        }
      if ((h1 & 0xf500) == 0xb100)                   /* cbz, cbnz */
        {
          *target = pc + (((h1 >> 9) & 1) << 6 | ((h1 >> 3) & 0x1f) << 1);
          return CC_BRANCH_COND;
        }
      if ((h1 & 0xff00) == 0x4700)                   /* bx, blx (register) */
        return CC_BRANCH_INDIRECT;
      /* pop {..., pc} and mov pc, Rm.  */
      if ((h1 & 0xff00) == 0xbd00 || (h1 & 0xff87) == 0x4687)
        return CC_BRANCH_INDIRECT;
      return CC_BRANCH_NONE;
    }
  uint32_t h2 = half (b + 2);
  if ((h1 & 0xf800) == 0xf000 && (h2 & 0x8000))
    {
      switch (h2 & 0xd000)
        {
        case 0x8000:                                 /* b<c>.w (T3) */
          {
            uint32_t cond = (h1 >> 6) & 0xf;
            if ((cond & 0xe) == 0xe)
              return CC_BRANCH_NONE;                 /* other instructions */
            uint32_t v = ((h1 >> 10) & 1) << 20 | ((h2 >> 11) & 1) << 19
                         | ((h2 >> 13) & 1) << 18 | (h1 & 0x3f) << 12 | (h2 & 0x7ff) << 1;
            *target = pc + (uint64_t) sext (v, 21);
            return CC_BRANCH_COND;
          }
        case 0x9000:                                 /* b.w (T4) */
          *target = pc + (uint64_t) thumb_imm24 (h1, h2);
          return CC_BRANCH_JUMP;
        case 0xd000:                                 /* bl */
          *target = pc + (uint64_t) thumb_imm24 (h1, h2);
          return CC_BRANCH_CALL;
        case 0xc000:                                 /* blx to A32 code */
          if (h2 & 1)
            return CC_BRANCH_NONE;
          *target = (pc & ~(uint64_t) 3) + (uint64_t) thumb_imm24 (h1, h2);
          return CC_BRANCH_CALL;
        }
    }
  /* tbb, tbh; ldr pc, [...]; pop.w and ldm with pc.  */
  if ((h1 & 0xfff0) == 0xe8d0 && (h2 & 0xffe0) == 0xf000)
    return CC_BRANCH_INDIRECT;
  if ((h1 & 0xfff0) == 0xf8d0 && (h2 & 0xf000) == 0xf000)
    return CC_BRANCH_INDIRECT;
  if ((h1 & 0xfff0) == 0xf850 && (h2 & 0xf000) == 0xf000)
    return CC_BRANCH_INDIRECT;
  if ((h1 & 0xffd0) == 0xe890 && (h2 & 0x8000))
    return CC_BRANCH_INDIRECT;
  if ((h1 & 0xffd0) == 0xe910 && (h2 & 0x8000))
    return CC_BRANCH_INDIRECT;
  return CC_BRANCH_NONE;
}

cc_branch_kind
cc_a32_branch (uint32_t w, uint64_t a, uint64_t *target)
{
  uint32_t cond = w >> 28;
  uint64_t pc = a + 8;
  if ((w & 0x0e000000) == 0x0a000000)
    {
      int64_t off = sext (w & 0xffffff, 24) * 4;
      if (cond == 0xf)                               /* blx to Thumb code */
        {
          *target = pc + (uint64_t) off + ((w >> 23) & 2);
          return CC_BRANCH_CALL;
        }
      *target = pc + (uint64_t) off;
      if (cond != 0xe)
        return CC_BRANCH_COND;
      return w & 0x01000000 ? CC_BRANCH_CALL : CC_BRANCH_JUMP;
    }
  if (cond == 0xf)
    return CC_BRANCH_NONE;
  if ((w & 0x0ffffff0) == 0x012fff10 || (w & 0x0ffffff0) == 0x012fff30)
    return CC_BRANCH_INDIRECT;                       /* bx, blx (register) */
  if ((w & 0x0f000000) == 0x0f000000)
    return CC_BRANCH_KERNEL;                         /* svc */
  /* ldm and pop with pc; ldr pc; a data-processing instruction that
     writes pc (mov pc, lr; add pc, pc, rN of a switch).  */
  if ((w & 0x0e108000) == 0x08108000)
    return CC_BRANCH_INDIRECT;
  if ((w & 0x0c10f000) == 0x0410f000)
    return CC_BRANCH_INDIRECT;
  if ((w & 0x0c00f000) == 0x0000f000 && (w & 0x01900000) != 0x01000000)
    return CC_BRANCH_INDIRECT;
  return CC_BRANCH_NONE;
}

/* A32's modified immediate: IMM12's low 8 bits rotated right by twice
   its top four (ARMExpandImm).  */
static uint32_t
a32_expand (uint32_t imm12)
{
  uint32_t rot = ((imm12 >> 8) & 0xf) * 2, x = imm12 & 0xff;
  return rot ? (x >> rot) | (x << (32 - rot)) : x;
}

/* The 12 bits i:imm3:imm8 of a 32-bit Thumb instruction H1, H2.  */
static uint32_t
thumb_imm12 (uint32_t h1, uint32_t h2)
{
  return ((h1 >> 10) & 1) << 11 | ((h2 >> 12) & 7) << 8 | (h2 & 0xff);
}

/* The 16-bit immediate of a Thumb movw or movt: imm4:i:imm3:imm8.  */
static uint32_t
thumb_imm16 (uint32_t h1, uint32_t h2)
{
  return (h1 & 0xf) << 12 | thumb_imm12 (h1, h2);
}

/* A movw (TOP 0) or movt (TOP 1), its register and immediate: at B (4
   bytes), of Thumb code if THUMB.  */
static int
movw_movt (int thumb, const unsigned char *b, int *top, uint32_t *rd, uint32_t *imm)
{
  if (thumb)
    {
      uint32_t h1 = half (b), h2 = half (b + 2);
      if ((h2 & 0x8000) || ((h1 & 0xfbf0) != 0xf240 && (h1 & 0xfbf0) != 0xf2c0))
        return 0;
      *top = (h1 & 0xfbf0) == 0xf2c0;
      *rd = (h2 >> 8) & 0xf;
      *imm = thumb_imm16 (h1, h2);
      return 1;
    }
  uint32_t w = half (b) | half (b + 2) << 16;
  if (w >> 28 == 0xf || ((w & 0x0ff00000) != 0x03000000 && (w & 0x0ff00000) != 0x03400000))
    return 0;
  *top = (w & 0x0ff00000) == 0x03400000;
  *rd = (w >> 12) & 0xf;
  *imm = ((w >> 4) & 0xf000) | (w & 0xfff);
  return 1;
}

/* Thumb's modified immediate i:imm3:imm8 (ThumbExpandImm).  */
static uint32_t
thumb_expand (uint32_t imm12)
{
  uint32_t v = imm12 & 0xff;
  if ((imm12 >> 10) == 0)
    switch ((imm12 >> 8) & 3)
      {
      case 0:
        return v;
      case 1:
        return v << 16 | v;
      case 2:
        return v << 24 | v << 8;
      default:
        return v << 24 | v << 16 | v << 8 | v;
      }
  uint32_t rot = imm12 >> 7;
  v = 0x80 | (imm12 & 0x7f);
  return (v >> rot) | (v << (32 - rot));
}

/* Does an instruction start at B - K (BEFORE bytes readable before B)?
   Thumb's do where the halfword before is not the first of a 32-bit one
   (or what looks like one: then it is not known).  */
static int
starts_at (const unsigned char *b, size_t before, size_t k)
{
  if (before < k)
    return 0;
  return before < k + 2 || (half (b - k - 2) >> 11) < 0x1d;
}

/* What the instruction right before the movt at B sets register RD's
   low half to, into *LOW: a movw (*WAS_MOVW set), a mov or movs of an
   immediate.  0 if it is none of them, or where it starts is not
   known.  */
static int
prev_low (int thumb, const unsigned char *b, size_t before, uint32_t rd, uint32_t *low,
          int *was_movw)
{
  int top;
  uint32_t r, imm;
  *was_movw = 0;
  if (!thumb)
    {
      if (before < 4)
        return 0;
      if (movw_movt (0, b - 4, &top, &r, &imm) && !top && r == rd)
        return *was_movw = 1;
      uint32_t w = half (b - 4) | half (b - 2) << 16;
      /* mov rd, #imm (A1).  */
      if (w >> 28 != 0xf && (w & 0x0fef0000) == 0x03a00000 && ((w >> 12) & 0xf) == rd)
        {
          *low = a32_expand (w & 0xfff) & 0xffff;
          return 1;
        }
      return 0;
    }
  if (starts_at (b, before, 4) && (half (b - 4) >> 11) >= 0x1d)
    {
      if (movw_movt (1, b - 4, &top, &r, &imm) && !top && r == rd)
        return *was_movw = 1;
      uint32_t h1 = half (b - 4), h2 = half (b - 2);
      /* mov.w and movs.w rd, #const (T2).  */
      if ((h1 & 0xfbef) == 0xf04f && !(h2 & 0x8000) && ((h2 >> 8) & 0xf) == rd)
        {
          *low = thumb_expand (thumb_imm12 (h1, h2)) & 0xffff;
          return 1;
        }
    }
  if (starts_at (b, before, 2))
    {
      uint32_t h = half (b - 2);
      if ((h & 0xf800) == 0x2000 && ((h >> 8) & 7) == rd)   /* movs rd, #imm8 */
        {
          *low = h & 0xff;
          return 1;
        }
    }
  return 0;
}

/* The value [V, V] without the Thumb bit: [V & ~1, V].  */
static int
exact (uint64_t v, cc_addr_range *out)
{
  out[0] = (cc_addr_range) { v & ~(uint64_t) 1, v };
  return 1;
}

/* adr: Thumb's (T1: add rd, pc, #imm8 * 4; T3 addw and T2 subw rd, pc,
   i:imm3:imm8), or A32's (add or sub rd, pc, #imm, the immediate
   rotated right by twice its top four bits).  */
static int
adr (int thumb, const unsigned char *b, size_t len, uint64_t a, uint64_t *v)
{
  if (thumb)
    {
      uint32_t h1 = half (b);
      uint64_t base = (a + 4) & ~(uint64_t) 3;
      if (len == 2)
        {
          if ((h1 & 0xf800) != 0xa000)
            return 0;
          *v = base + (h1 & 0xff) * 4;
          return 1;
        }
      uint32_t h2 = half (b + 2);
      uint32_t imm12 = thumb_imm12 (h1, h2);
      if ((h2 & 0x8000) || ((h1 & 0xfbff) != 0xf20f && (h1 & 0xfbff) != 0xf2af))
        return 0;
      *v = (h1 & 0xfbff) == 0xf20f ? base + imm12 : base - imm12;
      return 1;
    }
  uint32_t w = half (b) | half (b + 2) << 16;
  if (w >> 28 == 0xf || ((w & 0x0fff0000) != 0x028f0000 && (w & 0x0fff0000) != 0x024f0000))
    return 0;
  uint32_t imm = a32_expand (w & 0xfff);
  *v = (w & 0x00800000) ? a + 8 + imm : a + 8 - imm;
  return 1;
}

/* ldr rt, [pc, #imm] of a word (Thumb's T1 and T2, A32's A1): into *AT
   the literal's address.  */
static int
literal (int thumb, const unsigned char *b, size_t len, uint64_t a, uint64_t *at)
{
  uint32_t h1 = half (b);
  if (thumb && len == 2)
    {
      if ((h1 & 0xf800) != 0x4800)
        return 0;
      *at = ((a + 4) & ~(uint64_t) 3) + (h1 & 0xff) * 4;
      return 1;
    }
  uint32_t h2 = half (b + 2);
  if (thumb)
    {
      if ((h1 & 0xff7f) != 0xf85f)
        return 0;
      uint64_t base = (a + 4) & ~(uint64_t) 3;
      *at = (h1 & 0x80) ? base + (h2 & 0xfff) : base - (h2 & 0xfff);
      return 1;
    }
  uint32_t w = h1 | h2 << 16;
  if (w >> 28 == 0xf || (w & 0x0f7f0000) != 0x051f0000)
    return 0;
  *at = (w & 0x00800000) ? a + 8 + (w & 0xfff) : a + 8 - (w & 0xfff);
  return 1;
}

int
cc_arm_refs (int thumb, const unsigned char *b, size_t before, size_t n, uint64_t a,
             cc_addr_range *out)
{
  int len = thumb ? cc_thumb_length (b, n) : n >= 4 ? 4 : -1;
  if (len < 0)
    return 0;
  uint64_t t;
  cc_branch_kind k = thumb ? cc_thumb_branch (b, (size_t) len, a, &t)
                           : cc_a32_branch (half (b) | half (b + 2) << 16, a, &t);
  if (k == CC_BRANCH_JUMP || k == CC_BRANCH_CALL || k == CC_BRANCH_COND)
    return exact (t, out);
  if (adr (thumb, b, (size_t) len, a, &t))
    return exact (t, out);
  /* A literal pool's word, where the bytes at hand hold it: an address
     the code loads (ldr r3, =f; blx r3).  */
  if (literal (thumb, b, (size_t) len, a, &t))
    {
      if (t >= a ? t - a + 4 > n : a - t > before)
        return 0;
      const unsigned char *w = b + (int64_t) (t - a);
      return exact (half (w) | (uint64_t) half (w + 2) << 16, out);
    }
  int top;
  uint32_t rd, imm;
  if (len != 4 || !movw_movt (thumb, b, &top, &rd, &imm))
    return 0;
  int top2;
  uint32_t rd2, imm2, low;
  if (!top)
    {
      /* movw rd, #lo; movt rd, #hi: the address hi:lo.  */
      if (n >= 8 && movw_movt (thumb, b + 4, &top2, &rd2, &imm2) && top2 && rd2 == rd)
        return exact ((uint64_t) imm2 << 16 | imm, out);
      return exact (imm, out);
    }
  /* A movt after the movw of its register: counted there; after another
     move of an immediate into it, that value.  */
  if (prev_low (thumb, b, before, rd, &low, &top2))
    return top2 ? 0 : exact ((uint64_t) imm << 16 | low, out);
  out[0] = (cc_addr_range) { (uint64_t) imm << 16, ((uint64_t) imm << 16) | 0xffff };
  return 1;
}
