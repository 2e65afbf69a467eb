/* cachecat isa: what an A64 instruction objdump's decoder read does to
   control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the text libopcodes prints.  A64 moves control only by its
   branch instructions, all named here; everything else runs on.  */

#include "isa/aarch64/aarch64_decoded.h"

#include <string.h>


static const char *const conds[] = { "cbz", "cbnz", "tbz", "tbnz", NULL };
static const char *const returns[] = { "ret", "retaa", "retab", NULL };
static const char *const ijumps[] = { "br", "braa", "brab", "braaz", "brabz", NULL };
static const char *const icalls[] = { "blr", "blraa", "blrab", "blraaz", "blrabz", NULL };
static const char *const stops[] = { "brk", "udf", NULL };
static const char *const unknowns[] = { "eret", "eretaa", "eretab", "hvc", "smc", "drps",
                                        NULL };

cc_goes
cc_aarch64_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev, uint64_t *target)
{
  (void) isa, (void) prev;
  char m[32];
  const char *ops = cc_decoded_mnemonic (d, NULL, m, sizeof m);
  int direct = strcmp (m, "b") == 0 || strcmp (m, "bl") == 0
               || strncmp (m, "b.", 2) == 0 || strncmp (m, "bc.", 3) == 0
               || cc_decoded_among (m, conds);
  if (direct)
    {
      if (!d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      if (strcmp (m, "b") == 0)
        return CC_GOES_JUMP;
      if (strcmp (m, "bl") == 0)
        return CC_GOES_CALL;
      /* b.al and b.nv always branch.  */
      if (strcmp (m, "b.al") == 0 || strcmp (m, "b.nv") == 0)
        return CC_GOES_JUMP;
      return CC_GOES_COND;
    }
  if (cc_decoded_among (m, returns))
    return ops[0] == 0 || strncmp (ops, "x30", 3) == 0 ? CC_GOES_RETURN : CC_GOES_IJUMP;
  if (cc_decoded_among (m, ijumps))
    return CC_GOES_IJUMP;
  if (cc_decoded_among (m, icalls))
    return CC_GOES_ICALL;
  if (strcmp (m, "svc") == 0)
    return CC_GOES_KERNEL;
  /* hlt 0xf000 is a semihosting call, which returns.  */
  if (strcmp (m, "hlt") == 0)
    return CC_GOES_KERNEL;
  if (cc_decoded_among (m, stops))
    return CC_GOES_STOP;
  if (cc_decoded_among (m, unknowns))
    return CC_GOES_UNKNOWN;
  return CC_GOES_NEXT;
}
