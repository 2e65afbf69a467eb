/* cachecat isa: what an A32 or Thumb instruction objdump's decoder read
   does to control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the text libopcodes prints (unified syntax; an instruction
   in an IT block carries its condition, "bxeq lr").  Control moves by
   the branches (b, bl, blx, bx, cbz, cbnz, tbb, tbh) and by any
   instruction that writes the PC: its first operand is pc, or pc is in
   the register list of a pop or ldm; and Armv8.1-M's loops and branch
   future, which no model follows.  Everything else runs on.  */

#include "isa/arm/arm_decoded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const conds[] = { "eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs",
                                     "vc", "hi", "ls", "ge", "lt", "gt", "le", "al", NULL };

/* Does M (no width suffix) start with BASE followed by nothing or a
   condition?  *COND: whether a condition (not al) follows.  */
static int
base_of (const char *m, const char *base, int *cond)
{
  size_t n = strlen (base);
  if (strncmp (m, base, n) != 0)
    return 0;
  *cond = 0;
  if (m[n] == 0)
    return 1;
  for (int k = 0; conds[k]; k++)
    if (strcmp (m + n, conds[k]) == 0)
      {
        *cond = strcmp (conds[k], "al") != 0;
        return 1;
      }
  return 0;
}

/* Is pc among the registers of the list in OPS ("{r4, r5, pc}")?  */
static int
pc_in_list (const char *ops)
{
  const char *l = strchr (ops, '{');
  const char *e = l ? strchr (l, '}') : NULL;
  for (const char *p = l; p && p < e; p++)
    if (p[0] == 'p' && p[1] == 'c' && (p[-1] == '{' || p[-1] == ' ')
        && (p[2] == '}' || p[2] == ','))
      return 1;
  return 0;
}

/* A branch of mnemonic M (width suffix stripped) with operands OPS.  */
static cc_goes
branch_flow (const char *m, const char *ops, const cc_decoded *d, uint64_t *target)
{
  int cond;
  /* Which base matched says a link, not m[1]: ble, blt, bls and blo are
     b with a condition.  */
  int bx = base_of (m, "bx", &cond), blx = !bx && base_of (m, "blx", &cond);
  int bl = !bx && !blx && base_of (m, "bl", &cond);
  if (bx || blx || bl || base_of (m, "b", &cond))
    {
      int link = blx || bl;
      int reg = bx || (blx && !d->has_target);
      if (reg)
        {
          int ret = !link && strncmp (ops, "lr", 2) == 0;
          if (cond)
            return ret ? CC_GOES_COND_RETURN : CC_GOES_UNKNOWN;
          return ret ? CC_GOES_RETURN : link ? CC_GOES_ICALL : CC_GOES_IJUMP;
        }
      if (!d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      if (link)
        return cond ? CC_GOES_COND_CALL : CC_GOES_CALL;
      return cond ? CC_GOES_COND : CC_GOES_JUMP;
    }
  if (strcmp (m, "cbz") == 0 || strcmp (m, "cbnz") == 0)
    {
      if (!d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      return CC_GOES_COND;
    }
  return CC_GOES_NEXT;
}

/* An instruction that writes the PC without being a branch.  */
static cc_goes
pc_write_flow (const char *m, const char *ops)
{
  int cond;
  int from_stack = strncmp (ops, "sp!", 3) == 0 || strncmp (m, "pop", 3) == 0;
  if ((base_of (m, "pop", &cond) || strncmp (m, "ldm", 3) == 0) && pc_in_list (ops))
    {
      /* ldm sp!, {.., pc}^ returns from an exception, not to a caller.  */
      if (!from_stack || strchr (ops, '^'))
        return CC_GOES_UNKNOWN;
      base_of (m, "pop", &cond);
      if (strncmp (m, "ldm", 3) == 0)
        {
          /* ldmia, ldmfd, ldm with a condition after the mode.  */
          cond = 0;
          for (int k = 0; conds[k]; k++)
            if (strlen (m) >= 5 && strcmp (m + strlen (m) - 2, conds[k]) == 0
                && strcmp (conds[k], "al") != 0)
              cond = 1;
        }
      return cond ? CC_GOES_COND_RETURN : CC_GOES_RETURN;
    }
  if (strncmp (ops, "pc,", 3) != 0 && strcmp (ops, "pc") != 0)
    return CC_GOES_NEXT;
  if (base_of (m, "ldr", &cond) && strncmp (ops, "pc, [sp], #4", 12) == 0)
    return cond ? CC_GOES_COND_RETURN : CC_GOES_RETURN;
  if (base_of (m, "mov", &cond) && strcmp (ops, "pc, lr") == 0)
    return cond ? CC_GOES_COND_RETURN : CC_GOES_RETURN;
  /* ldr pc, [..]; add pc, ..; subs pc, lr (an exception's return).  */
  return CC_GOES_UNKNOWN;
}

/* Is M one of Armv8.1-M's low-overhead loops and branch future (le,
   letp, wls, wlstp, dls, dlstp, bf, bfx, bfl, bflx, bfcsel; a size such
   as ".32" after it aside)?  The processor may go back to a loop's start
   from its last instruction without fetching le, and branch at a branch
   point that is no branch instruction: no instruction's flow says so.  */
static int
m_profile_loop (const char *m)
{
  static const char *const loops[] = { "le", "letp", "wls", "wlstp", "dls", "dlstp", "bf",
                                       "bfx", "bfl", "bflx", "bfcsel", NULL };
  size_t n = strcspn (m, ".");
  for (int k = 0; loops[k]; k++)
    if (strlen (loops[k]) == n && strncmp (m, loops[k], n) == 0)
      return 1;
  return 0;
}

cc_goes
cc_arm_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                     uint64_t *target)
{
  (void) isa, (void) prev;
  char m[32];
  const char *ops = cc_decoded_mnemonic (d, NULL, m, sizeof m);
  char *dot = strchr (m, '.');
  if (dot && (strcmp (dot, ".n") == 0 || strcmp (dot, ".w") == 0))
    *dot = 0;
  int cond;
  if (strncmp (m, "bxj", 3) == 0 || m_profile_loop (m))
    return CC_GOES_UNKNOWN;
  /* A table branch as the last instruction of an IT block may run on.  */
  if (base_of (m, "tbb", &cond) || base_of (m, "tbh", &cond))
    return cond ? CC_GOES_UNKNOWN : CC_GOES_IJUMP;
  if (base_of (m, "svc", &cond) || base_of (m, "swi", &cond))
    return cond ? CC_GOES_UNKNOWN : CC_GOES_KERNEL;
  /* bkpt 0xab is a semihosting call, which returns; a debugger may go
     on after any other: it runs on, which claims no less.  */
  if (strcmp (m, "bkpt") == 0)
    return CC_GOES_KERNEL;
  if (strcmp (m, "udf") == 0)
    return CC_GOES_STOP;
  if (m[0] == 'b' || m[0] == 'c')
    {
      cc_goes f = branch_flow (m, ops, d, target);
      if (f != CC_GOES_NEXT)
        return f;
    }
  if (strncmp (m, "rfe", 3) == 0 || strncmp (m, "eret", 4) == 0)
    return CC_GOES_UNKNOWN;
  return pc_write_flow (m, ops);
}

/* ---- Jump tables.  */

/* GCC's table of a Thumb-2 switch: cmp rI, #N; bhi default; tbb [pc, rI]
   (tbh [pc, rI, lsl #1]) with the table right after it: unsigned bytes
   (halfwords), each half the distance of its target from the table.  */
int
cc_arm_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out)
{
  if (isa != CC_ISA_THUMB || n < 3)
    return 0;
  char m[32], idx[16], j[32];
  const cc_decoded *t = &run[n - 1];
  const char *ops = cc_decoded_mnemonic (t, NULL, m, sizeof m);
  int size = strcmp (m, "tbb") == 0 ? 1 : strcmp (m, "tbh") == 0 ? 2 : 0;
  char rest[32] = "";
  if (!size || sscanf (ops, "[pc, %15[a-z0-9]%31[^]]]", idx, rest) < 1
      || strcmp (rest, size == 1 ? "" : ", lsl #1") != 0)
    return 0;
  /* The last instruction before that names the index: its compare.  */
  int k = (int) n - 2;
  while (k >= 0 && !cc_decoded_names (&run[k], idx))
    k--;
  if (k < 0 || k + 1 >= (int) n - 1)
    return 0;
  ops = cc_decoded_mnemonic (&run[k], NULL, m, sizeof m);
  char r[16];
  long long v;
  if (strcmp (m, "cmp") != 0 || sscanf (ops, "%15[a-z0-9], #%lli", r, &v) != 2
      || strcmp (r, idx) != 0 || v < 0 || v > 65535)
    return 0;
  cc_decoded_mnemonic (&run[k + 1], NULL, j, sizeof j);
  if (strcmp (j, "bhi") != 0 && strcmp (j, "bhi.n") != 0 && strcmp (j, "bhi.w") != 0)
    return 0;
  *out = (cc_jump_table) { .table = t->addr + 4, .n = (uint32_t) v + 1, .size = (uint8_t) size,
                           .shift = 1, .relative = 1, .base = t->addr + 4 };
  return 1;
}
