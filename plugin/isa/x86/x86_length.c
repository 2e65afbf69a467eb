/* cachecat: the length of an x86-64 instruction (x86_length.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Tables after the Intel SDM volume 2, appendix A (opcode maps), for
   64-bit mode.  */

#include "isa/x86/x86_length.h"

#include <stdint.h>

/* Per opcode: the immediate (low three bits), whether a ModRM byte
   follows, and whether the decoder declines it.  */
enum
{
  IMM_NONE, IMM_B, IMM_W, IMM_Z, IMM_V, IMM_ENTER, IMM_MOFFS, IMM_REL32,
  IMM_MASK = 7,
  T_MODRM = 0x08,       /* ModRM (with SIB and displacement) */
  T_DECLINE = 0x10,     /* invalid in 64-bit mode, or declined */
  T_GROUP3 = 0x20       /* group 3 (F6, F7): immediate only for /0 and /1 */
};
#define _ 0x00
#define M T_MODRM
#define X T_DECLINE
#define G3 T_GROUP3
#define B IMM_B
#define W IMM_W
#define Z IMM_Z
#define V IMM_V
#define E IMM_ENTER
#define O IMM_MOFFS
#define J IMM_REL32
#define MB (M | IMM_B)
#define MZ (M | IMM_Z)

/* One-byte opcodes.  Prefixes, 0F and the VEX, EVEX and XOP escapes (C4,
   C5, 62, 8F) are taken care of before the table is read.  9B (FWAIT) is
   declined: gas writes it in front of the x87 instruction of fstsw and
   the like, one statement and two instructions.  */
static const uint8_t map1[256] = {
  /* 00 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, X,
  /* 10 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, X,
  /* 20 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, X,
  /* 30 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, X,
  /* 40 */ X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
  /* 50 */ _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
  /* 60 */ X, X, X, M, X, X, X, X, Z, MZ, B, MB, _, _, _, _,
  /* 70 */ B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,
  /* 80 */ MB, MZ, X, MB, M, M, M, M, M, M, M, M, M, M, M, M,
  /* 90 */ _, _, _, _, _, _, _, _, _, _, X, X, _, _, _, _,
  /* A0 */ O, O, O, O, _, _, _, _, B, Z, _, _, _, _, _, _,
  /* B0 */ B, B, B, B, B, B, B, B, V, V, V, V, V, V, V, V,
  /* C0 */ MB, MB, W, _, X, X, MB, MZ, E, _, W, _, _, B, X, _,
  /* D0 */ M, M, M, M, X, X, X, _, M, M, M, M, M, M, M, M,
  /* E0 */ B, B, B, B, B, B, B, B, J, J, X, B, _, _, _, _,
  /* F0 */ X, _, X, X, _, _, G3 | MB, G3 | MZ, _, _, _, _, _, _, M, M,
};

/* Two-byte opcodes (0F xx); 0F 38 and 0F 3A are taken care of before.
   0F 0F is 3DNow!, a ModRM and an opcode byte after it.  */
static const uint8_t map2[256] = {
  /* 00 */ M, M, M, M, X, _, _, _, _, _, X, _, X, M, _, MB,
  /* 10 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* 20 */ M, M, M, M, X, X, X, X, M, M, M, M, M, M, M, M,
  /* 30 */ _, _, _, _, _, _, X, _, X, X, X, X, X, X, X, X,
  /* 40 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* 50 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* 60 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* 70 */ MB, MB, MB, MB, M, M, M, _, M, M, X, X, M, M, M, M,
  /* 80 */ J, J, J, J, J, J, J, J, J, J, J, J, J, J, J, J,
  /* 90 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* A0 */ _, _, _, M, MB, M, X, X, _, _, _, M, MB, M, M, M,
  /* B0 */ M, M, M, M, M, M, M, M, M, M, MB, M, M, M, M, M,
  /* C0 */ M, M, MB, M, MB, MB, MB, M, _, _, _, _, _, _, _, _,
  /* D0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* E0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
  /* F0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
};

#undef _
#undef M
#undef X
#undef G3
#undef B
#undef W
#undef Z
#undef V
#undef E
#undef O
#undef J
#undef MB
#undef MZ

/* The bytes of a ModRM operand starting at P (the ModRM byte itself, a
   SIB byte, a displacement); 64-bit mode has no 16-bit addressing, so
   the address-size prefix changes nothing here.  -1 past N.  */
static int
modrm_bytes (const unsigned char *p, size_t n)
{
  if (n < 1)
    return -1;
  unsigned mod = p[0] >> 6, rm = p[0] & 7;
  int len = 1;
  if (mod == 3)
    return len;
  if (rm == 4)
    {
      if (n < 2)
        return -1;
      len++;
      if (mod == 0 && (p[1] & 7) == 5)
        len += 4;
    }
  else if (mod == 0 && rm == 5)
    len += 4;                  /* RIP-relative */
  if (mod == 1)
    len += 1;
  else if (mod == 2)
    len += 4;
  return len;
}

/* VEX, EVEX and XOP: the immediate of an opcode in MAP (1 = 0F, 2 = 0F38,
   3 = 0F3A, 5 and 6 the EVEX FP16 maps).  */
static int
vex_imm (unsigned map, unsigned op)
{
  if (map == 3)
    return 1;
  if (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 || (op >= 0xc4 && op <= 0xc6)))
    return 1;
  return 0;
}

/* The legacy prefixes: lock, repeat, segment, operand and address size.  */
static int
legacy_prefix (unsigned c)
{
  return c == 0x66 || c == 0x67 || c == 0xf0 || c == 0xf2 || c == 0xf3 || c == 0x2e
         || c == 0x36 || c == 0x3e || c == 0x26 || c == 0x64 || c == 0x65;
}

/* The prefixes of an instruction, as far as its length depends on them.  */
typedef struct prefixes
{
  size_t at;         /* the opcode's (or VEX's) offset */
  unsigned rex;
  int opsize, adsize, rep, lock;
} prefixes;

/* Read the legacy and REX prefixes of the N bytes at P into PF; 0 if
   declined: past N or 15 bytes, or a REX prefix not right before the
   opcode (objdump shows it as an instruction of its own).  */
static int
read_prefixes (const unsigned char *p, size_t n, prefixes *pf)
{
  *pf = (prefixes) { 0, 0, 0, 0, 0, 0 };
  for (size_t i = 0;; i++)
    {
      if (i >= n || i >= 15)
        return 0;
      unsigned c = p[i];
      int is_rex = c >= 0x40 && c <= 0x4f;
      if (pf->rex && (is_rex || legacy_prefix (c)))
        return 0;
      if (is_rex)
        pf->rex = c;
      else if (!legacy_prefix (c))
        {
          pf->at = i;
          return 1;
        }
      pf->opsize |= c == 0x66;
      pf->adsize |= c == 0x67;
      pf->rep |= c == 0xf2 || c == 0xf3;
      pf->lock |= c == 0xf0;
    }
}

/* Is the opcode byte C at P[I] (of N) a VEX (C5: two bytes, C4: three),
   EVEX (62, four) or XOP (8F with a map of 8 or more, three) prefix?  */
static int
is_vex (const unsigned char *p, size_t n, size_t i, unsigned c)
{
  return c == 0xc4 || c == 0xc5 || c == 0x62
         || (c == 0x8f && i + 1 < n && (p[i + 1] & 0x1f) >= 8);
}

/* An instruction with a VEX, EVEX or XOP prefix at P[PF->at] (of N): its
   length up to the immediate into *LEN, and the immediate's bytes; -1 if
   declined (with legacy prefixes it does not take, or an unknown map).  */
static int
vex_insn_length (const unsigned char *p, size_t n, const prefixes *pf, size_t *len)
{
  size_t i = pf->at;
  unsigned c = p[i];
  if (pf->opsize || pf->rep || pf->lock || pf->rex)
    return -1;
  unsigned map;
  size_t pre;
  if (c == 0xc5)
    map = 1, pre = 2;
  else if (c == 0x62)
    {
      if (i + 1 >= n)
        return -1;
      map = p[i + 1] & 7, pre = 4;
      if (map != 1 && map != 2 && map != 3 && map != 5 && map != 6)
        return -1;
    }
  else
    {
      if (i + 1 >= n)
        return -1;
      map = p[i + 1] & 0x1f, pre = 3;
      if (c == 0xc4 ? (map < 1 || map > 3) : (map < 8 || map > 10))
        return -1;
    }
  *len = i + pre;
  if (*len >= n)
    return -1;
  unsigned op = p[(*len)++];
  int imm;
  if (c == 0x8f)
    imm = map == 8 ? 1 : map == 10 ? 4 : 0;
  else
    imm = vex_imm (map, op);
  if (!(c != 0x62 && map == 1 && op == 0x77))  /* vzeroupper, vzeroall */
    {
      int m = modrm_bytes (p + *len, n - *len);
      if (m < 0)
        return -1;
      *len += (size_t) m;
    }
  return imm;
}

/* The bytes of the immediate of T's kind (IMM_*) under the prefixes PF;
   -1 if declined.  */
static int
legacy_imm (uint8_t t, const prefixes *pf)
{
  switch (t & IMM_MASK)
    {
    case IMM_B:
      return 1;
    case IMM_W:
      return 2;
    case IMM_Z:
      return (pf->rex & 8) ? 4 : pf->opsize ? 2 : 4;
    case IMM_V:
      return (pf->rex & 8) ? 8 : pf->opsize ? 2 : 4;
    case IMM_ENTER:
      return 3;
    case IMM_MOFFS:
      return pf->adsize ? 4 : 8;
    case IMM_REL32:
      return pf->opsize ? -1 : 4;     /* 16-bit branches: not for sure */
    default:
      return 0;
    }
}

/* A legacy instruction (one-byte opcode, 0F, 0F38 or 0F3A) at P[PF->at]
   (of N): its length up to the immediate into *LEN, and the immediate's
   bytes; -1 if declined.  */
static int
legacy_insn_length (const unsigned char *p, size_t n, const prefixes *pf, size_t *len)
{
  size_t i = pf->at;
  unsigned c = p[i];
  uint8_t t;
  if (c == 0x0f)
    {
      if (i + 1 >= n)
        return -1;
      unsigned c2 = p[i + 1];
      if (c2 == 0x38 || c2 == 0x3a)
        {
          if (i + 2 >= n)
            return -1;
          t = T_MODRM | (c2 == 0x3a ? IMM_B : IMM_NONE);
          *len = i + 3;
        }
      else
        {
          if (c2 == 0x78 && (pf->opsize || pf->rep))
            return -1;     /* SSE4a extrq and insertq with immediates */
          t = map2[c2];
          *len = i + 2;
        }
    }
  else
    {
      t = map1[c];
      *len = i + 1;
    }
  if (t & T_DECLINE)
    return -1;
  unsigned reg = 0;
  if (c == 0x0f && p[i + 1] >= 0x20 && p[i + 1] <= 0x23)
    {
      /* mov to and from control and debug registers: the ModRM is
         always read as a register form.  */
      if (*len >= n)
        return -1;
      (*len)++;
    }
  else if (t & T_MODRM)
    {
      if (*len >= n)
        return -1;
      reg = (p[*len] >> 3) & 7;
      int m = modrm_bytes (p + *len, n - *len);
      if (m < 0)
        return -1;
      *len += (size_t) m;
    }
  int imm = legacy_imm (t, pf);
  if (imm < 0)
    return -1;
  if ((t & T_GROUP3) && reg > 1)
    imm = 0;
  return imm;
}

int
cc_x86_length (const unsigned char *p, size_t n)
{
  prefixes pf;
  if (!read_prefixes (p, n, &pf))
    return -1;
  size_t len;
  int imm = is_vex (p, n, pf.at, p[pf.at]) ? vex_insn_length (p, n, &pf, &len)
                                           : legacy_insn_length (p, n, &pf, &len);
  if (imm < 0)
    return -1;
  len += (size_t) imm;
  if (len > 15 || len > n)
    return -1;
  return (int) len;
}

int
cc_x86_padding (const unsigned char *p, size_t n)
{
  size_t at = 0;
  while (at < n)
    {
      int l = cc_x86_length (p + at, n - at);
      if (l < 0)
        return 0;
      size_t k = at;
      while (p[k] == 0x66 || p[k] == 0x2e)
        k++;
      int nop = (p[k] == 0x90 && (k == at || (k == at + 1 && p[at] == 0x66)))
                || (p[k] == 0x0f && p[k + 1] == 0x1f && ((p[k + 2] >> 3) & 7) == 0);
      /* gas jumps over long padding.  */
      if (!nop && k == at && (p[k] == 0xeb || p[k] == 0xe9))
        {
          size_t end = at + (size_t) l;
          long rel = p[k] == 0xeb ? (long) (signed char) p[k + 1]
                                  : (long) (int32_t) ((uint32_t) p[k + 1] | (uint32_t) p[k + 2] << 8
                                                      | (uint32_t) p[k + 3] << 16
                                                      | (uint32_t) p[k + 4] << 24);
          nop = rel >= 0 && end + (size_t) rel == n;
        }
      if (!nop)
        return 0;
      at += (size_t) l;
    }
  return 1;
}
