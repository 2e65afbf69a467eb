/* cachecat: what an x86-64 instruction does to control (x86_branch.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/x86/x86_branch.h"
#include "support/util.h"

static int32_t
rel32 (const unsigned char *b)
{
  return (int32_t) (uint32_t) cc_load_uint (b, 4, 0);
}

cc_branch_kind
cc_x86_branch (const unsigned char *b, size_t len, uint64_t a, uint64_t *target)
{
  size_t k = 0;
  int plain = 1;                /* no prefix that changes the operand */
  while (k < len && (b[k] == 0x66 || b[k] == 0x3e || b[k] == 0xf2 || b[k] == 0x67))
    plain &= b[k++] != 0x66;
  if (k < len && b[k] >= 0x40 && b[k] <= 0x4f)
    k++, plain = 0;
  if (k >= len)
    return CC_BRANCH_NONE;
  unsigned op = b[k];
  if (op == 0xe8 || op == 0xe9)
    {
      if (plain && k + 5 <= len)
        *target = a + k + 5 + (int64_t) rel32 (b + k + 1);
      else
        *target = 0;
      return op == 0xe8 ? CC_BRANCH_CALL : CC_BRANCH_JUMP;
    }
  if (op == 0xeb || (op >= 0x70 && op <= 0x7f))
    {
      *target = plain && k + 2 <= len ? a + k + 2 + (int64_t) (int8_t) b[k + 1] : 0;
      return op == 0xeb ? CC_BRANCH_JUMP : CC_BRANCH_COND;
    }
  if (op == 0x0f && k + 1 < len && (b[k + 1] & 0xf0) == 0x80)
    {
      *target = plain && k + 6 <= len ? a + k + 6 + (int64_t) rel32 (b + k + 2) : 0;
      return CC_BRANCH_COND;
    }
  if (op == 0xff && k + 1 < len)
    {
      unsigned reg = (b[k + 1] >> 3) & 7;
      if (reg == 2 || reg == 4)
        return CC_BRANCH_INDIRECT;
    }
  return CC_BRANCH_NONE;
}

int
cc_x86_rel_refs (const unsigned char *code, size_t n, size_t p, uint64_t base, uint64_t *out)
{
  if (p < 1 || p + 4 > n)
    return 0;
  uint32_t w = (uint32_t) cc_load_uint (code + p, 4, 0);
  if (w == 0)
    return 0;
  uint64_t a = base + p;
  unsigned char op = code[p - 1];
  int branch = op == 0xe8 || op == 0xe9 || (p >= 2 && code[p - 2] == 0x0f && (op & 0xf0) == 0x80);
  if (branch)
    {
      out[0] = a + 4 + (int64_t) (int32_t) w;
      return 1;
    }
  if ((op & 0xc7) != 0x05)
    return 0;
  for (int k = 0; k <= 4; k++)
    out[k] = a + 4 + (uint64_t) k + (int64_t) (int32_t) w;
  return 5;
}

int
cc_x86_operand_refs (const unsigned char *b, size_t len, uint64_t a, int pie, uint64_t *out)
{
  int nc = 0;
  for (size_t q = 1; q + 4 <= len; q++)
    {
      uint32_t w = (uint32_t) cc_load_uint (b + q, 4, 0);
      if ((b[q - 1] & 0xc7) == 0x05)
        out[nc++] = a + len + (int64_t) (int32_t) w;
      if (!pie)
        out[nc++] = w;
      if (q + 8 <= len)
        out[nc++] = cc_load_uint (b + q, 8, 0);
    }
  return nc;
}
