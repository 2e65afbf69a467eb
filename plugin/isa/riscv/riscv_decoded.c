/* cachecat isa: what a RISC-V instruction objdump's decoder read does to
   control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the text libopcodes prints, which names the compressed
   forms as the full ones and prefers the pseudo-instructions (j, jr,
   ret, call is auipc and jalr).  RISC-V moves control only by jal, jalr
   and the branches, all named here; everything else runs on.  The link
   register says a call: ra, or t0 (the millicode of -msave-restore).  */

#include "isa/riscv/riscv_decoded.h"

#include <string.h>

static const char *const branches[] = {
  "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz",
  "bgtz", "bgt", "ble", "bgtu", "bleu", NULL
};


/* The link register of "jal[r] REG,..." or of a bare "jal[r] X": ra.  */
static int
links_ra_or_t0 (const char *ops)
{
  if (!strchr (ops, ','))
    return 1;
  return strncmp (ops, "ra,", 3) == 0 || strncmp (ops, "t0,", 3) == 0;
}

/* Is OPS ("12(t1) # 0x1010") a target that PREV, an auipc of its base
   register, and the decoder computed?  */
static int
auipc_pair (const char *ops, const cc_decoded *d, const cc_decoded *prev)
{
  const char *l = strchr (ops, '('), *r = l ? strchr (l, ')') : NULL;
  if (!r || !prev || !d->has_target)
    return 0;
  char m[32];
  const char *pops = cc_decoded_mnemonic (prev, NULL, m, sizeof m);
  size_t n = (size_t) (r - l - 1);
  return strcmp (m, "auipc") == 0 && strncmp (pops, l + 1, n) == 0 && pops[n] == ',';
}

cc_goes
cc_riscv_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev, uint64_t *target)
{
  (void) isa;
  char m[32];
  const char *ops = cc_decoded_mnemonic (d, NULL, m, sizeof m);
  if (strcmp (m, "j") == 0 || strcmp (m, "jal") == 0 || cc_decoded_among (m, branches))
    {
      if (!d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      if (m[0] == 'b')
        return CC_GOES_COND;
      if (m[1] == 0 || strncmp (ops, "zero,", 5) == 0)
        return CC_GOES_JUMP;
      return links_ra_or_t0 (ops) ? CC_GOES_CALL : CC_GOES_UNKNOWN;
    }
  if (strcmp (m, "ret") == 0)
    return CC_GOES_RETURN;
  /* auipc and jalr: call and tail of a function out of jal's reach.  */
  int pair = (strcmp (m, "jr") == 0 || strcmp (m, "jalr") == 0) && auipc_pair (ops, d, prev);
  if (pair)
    *target = d->target;
  if (strcmp (m, "jr") == 0)
    return strcmp (ops, "ra") == 0 ? CC_GOES_RETURN : pair ? CC_GOES_JUMP : CC_GOES_IJUMP;
  if (strcmp (m, "jalr") == 0)
    {
      if (strncmp (ops, "zero,", 5) == 0)
        return CC_GOES_IJUMP;
      if (!links_ra_or_t0 (ops))
        return CC_GOES_UNKNOWN;
      return pair ? CC_GOES_CALL : CC_GOES_ICALL;
    }
  if (strcmp (m, "ecall") == 0)
    return CC_GOES_KERNEL;
  /* unimp (c.unimp, the halfword 0, or csrrw zero, cycle, zero): an
     illegal instruction, which traps.  */
  if (strcmp (m, "unimp") == 0 || strcmp (m, "c.unimp") == 0)
    return CC_GOES_STOP;
  /* ebreak between slli and srai of zero is a semihosting call, which
     returns; a debugger may go on after any other: it runs on, which
     claims no less.  */
  if (strcmp (m, "ebreak") == 0 || strcmp (m, "c.ebreak") == 0)
    return CC_GOES_KERNEL;
  if (strcmp (m, "mret") == 0 || strcmp (m, "sret") == 0 || strcmp (m, "uret") == 0
      || strcmp (m, "dret") == 0 || strcmp (m, "wfi") == 0)
    return strcmp (m, "wfi") == 0 ? CC_GOES_NEXT : CC_GOES_UNKNOWN;
  return CC_GOES_NEXT;
}
