/* cachecat isa: what an x86-64 instruction objdump's decoder read does
   to control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the AT&T text libopcodes prints.  Every mnemonic that may
   transfer control is named here; any other runs on.  x86-64 has few
   such mnemonics and they are easy to tell: every j* is a jump, every
   call*, ret*, loop*, int*, sys*, ud* and the virtualization and
   transactional ones are listed.  What could not run on in user mode
   (a privileged instruction) is UNKNOWN, never NEXT.  */

#include "isa/x86/x86_decoded.h"

#include <string.h>

/* What libopcodes may print before a mnemonic.  */
static const char *const prefixes[] = {
  "bnd", "notrack", "rep", "repz", "repnz", "repe", "repne", "lock", "data16", "data32",
  "addr32", "addr16", "cs", "ds", "es", "ss", "fs", "gs", "xacquire", "xrelease",
  "rex", "rex.B", "rex.X", "rex.XB", "rex.R", "rex.RB", "rex.RX", "rex.RXB", "rex.W",
  "rex.WB", "rex.WX", "rex.WXB", "rex.WR", "rex.WRB", "rex.WRX", "rex.WRXB", "{vex}",
  "{vex3}", "{evex}", "ds:", NULL
};

/* Mnemonics of no return to the next instruction in user mode.  */
static const char *const stops[] = { "ud2", "ud0", "ud1", "ud2a", "ud2b", "hlt", "int3", NULL };

/* Mnemonics that transfer control in ways no model follows.  */
static const char *const unknowns[] = {
  "lret", "lretq", "lretl", "lretw", "iret", "iretq", "iretl", "iretw", "ljmp", "lcall",
  "sysenter", "sysexit", "sysret", "sysretq", "sysexitq", "sysretl", "int1", "into",
  "xbegin", "xabort", "vmcall", "vmlaunch", "vmresume", "vmxoff", "vmfunc", "vmrun",
  "vmmcall", "vmgexit", "uiret", "tdcall", "seamcall", "seamret", "seamops", "enclu",
  "encls", "enclv", "rsm", "icebp", NULL
};

static int
among (const char *m, const char *const *list)
{
  for (int k = 0; list[k]; k++)
    if (strcmp (m, list[k]) == 0)
      return 1;
  return 0;
}

/* A mnemonic with an operand-size suffix ("callq", "retw") or a
   branch hint (",pt", ",pn") as its base.  */
static int
is (const char *m, const char *base)
{
  size_t n = strlen (base);
  return strncmp (m, base, n) == 0
         && (m[n] == 0 || ((m[n] == 'q' || m[n] == 'l' || m[n] == 'w') && m[n + 1] == 0));
}

cc_goes
cc_x86_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev, uint64_t *target)
{
  (void) isa, (void) prev;
  char m[32];
  const char *ops = cc_decoded_mnemonic (d, prefixes, m, sizeof m);
  char *hint = strchr (m, ',');
  if (hint)
    *hint = 0;
  int indirect = ops[0] == '*';
  if (is (m, "call") || is (m, "jmp"))
    {
      if (indirect)
        return m[0] == 'c' ? CC_GOES_ICALL : CC_GOES_IJUMP;
      if (!d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      return m[0] == 'c' ? CC_GOES_CALL : CC_GOES_JUMP;
    }
  if (m[0] == 'j' || strncmp (m, "loop", 4) == 0)
    {
      /* A conditional jump (jcc, jrcxz, loop*).  */
      if (indirect || !d->has_target)
        return CC_GOES_UNKNOWN;
      *target = d->target;
      return CC_GOES_COND;
    }
  if (is (m, "ret"))
    return CC_GOES_RETURN;
  if (strcmp (m, "syscall") == 0 || (strcmp (m, "int") == 0 && strcmp (ops, "$0x80") == 0))
    return CC_GOES_KERNEL;
  if (among (m, stops))
    return CC_GOES_STOP;
  if (among (m, unknowns) || strcmp (m, "int") == 0)
    return CC_GOES_UNKNOWN;
  return CC_GOES_NEXT;
}
