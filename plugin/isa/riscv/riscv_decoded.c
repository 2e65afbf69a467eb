/* cachecat isa: what a RISC-V instruction objdump's decoder read does to
   control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the text libopcodes prints, which names the compressed
   forms as the full ones and prefers the pseudo-instructions (j, jr,
   ret, call is auipc and jalr).  RISC-V moves control only by jal, jalr
   and the branches, all named here; everything else runs on.  The link
   register says a call: ra, or t0 (the millicode of -msave-restore).  */

#include "isa/riscv/riscv_decoded.h"

#include <stdio.h>
#include <stdlib.h>
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
cc_riscv_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                       uint64_t *target)
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
  /* A jump through a link register returns (the ISA's return hint): ra,
     or t0 in the millicode a call through t0 entered.  */
  if (strcmp (m, "jr") == 0)
    {
      if (strcmp (ops, "ra") == 0 || strcmp (ops, "t0") == 0)
        return CC_GOES_RETURN;
      return pair ? CC_GOES_JUMP : CC_GOES_IJUMP;
    }
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

/* ---- Jump tables.  */

/* The operands of D (up to 4, each at most 31 characters) into OPS,
   without objdump's comment; their number.  *M: the mnemonic.  */
static int
operands (const cc_decoded *d, char *m, size_t size, char ops[4][32])
{
  const char *p = cc_decoded_mnemonic (d, NULL, m, size);
  int n = 0;
  size_t k = 0;
  for (; *p && *p != '#' && n < 4; p++)
    {
      if (*p == ',')
        {
          ops[n++][k] = 0;
          k = 0;
        }
      else if (*p != ' ' && *p != '\t' && k < 31)
        ops[n][k++] = *p;
    }
  if (n < 4 && k)
    ops[n++][k] = 0;
  return n;
}

/* The last instruction before RUN[AT] that names NAME, or -1.  */
static int
last_naming (const cc_decoded *run, int at, const char *name)
{
  for (int i = at - 1; i >= 0; i--)
    if (cc_decoded_names (&run[i], name))
      return i;
  return -1;
}

/* Is RUN[K] "MNEM OPS..." with N operands into O?  */
static int
is_insn (const cc_decoded *run, int k, const char *mnem, int n, char o[4][32])
{
  char m[32];
  return k >= 0 && operands (&run[k], m, sizeof m, o) == n && strcmp (m, mnem) == 0;
}

/* The bound of index register I before RUN[AT]: the unsigned compare
   with a register that holds a constant, to the default, as the last
   instruction that names I (bltu N,I or bgtu I,N: I <= N runs on).  The
   entries' count, or 0.  */
static uint32_t
bound_of (const cc_decoded *run, int at, const char *i)
{
  char o[4][32], c[4][32];
  int k = last_naming (run, at, i);
  const char *limit;
  if (is_insn (run, k, "bltu", 3, o) && strcmp (o[1], i) == 0)
    limit = o[0];
  else if (is_insn (run, k, "bgtu", 3, o) && strcmp (o[0], i) == 0)
    limit = o[1];
  else
    return 0;
  int kl = last_naming (run, k, limit);
  if (!is_insn (run, kl, "li", 2, c) || strcmp (c[0], limit) != 0)
    return 0;
  long long n = strtoll (c[1], NULL, 0);
  return n >= 0 && n <= 65535 ? (uint32_t) n + 1 : 0;
}

/* GCC's table of a switch (position-independent): bltu N,I,default;
   auipc T,hi; addi T,T,lo; slli S,I,2; add S,S,T; lw E,0(S); add E,E,T;
   jr E.  Entries are 32-bit offsets from the table.  */
int
cc_riscv_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out)
{
  (void) isa;
  char o[4][32], e[32], t[32], sreg[32], idx[32];
  int at = (int) n - 1;
  if (!is_insn (run, at, "jr", 1, o))
    return 0;
  strcpy (e, o[0]);
  int k1 = last_naming (run, at, e);
  if (!is_insn (run, k1, "add", 3, o) || strcmp (o[0], e) != 0 || strcmp (o[1], e) != 0)
    return 0;
  strcpy (t, o[2]);
  int k2 = last_naming (run, k1, e);
  if (!is_insn (run, k2, "lw", 2, o) || strcmp (o[0], e) != 0
      || sscanf (o[1], "0(%31[^)])", sreg) != 1)
    return 0;
  int k3 = last_naming (run, k2, sreg);
  if (!is_insn (run, k3, "add", 3, o) || strcmp (o[0], sreg) != 0 || strcmp (o[1], sreg) != 0
      || strcmp (o[2], t) != 0)
    return 0;
  int k4 = last_naming (run, k3, sreg);
  /* (objdump names slli and addi with an immediate sll and add.)  */
  if (!(is_insn (run, k4, "slli", 3, o) || is_insn (run, k4, "sll", 3, o))
      || strcmp (o[0], sreg) != 0 || strcmp (o[2], "0x2") != 0)
    return 0;
  strcpy (idx, o[1]);
  /* The table's address, and nothing else writing T up to the jump.  */
  int k5 = last_naming (run, k4, t);
  if (!(is_insn (run, k5, "addi", 3, o) || is_insn (run, k5, "add", 3, o))
      || strcmp (o[0], t) != 0 || strcmp (o[1], t) != 0 || !run[k5].has_target
      || !is_insn (run, k5 - 1, "auipc", 2, o) || strcmp (o[0], t) != 0)
    return 0;
  for (int k = k5 + 1; k < at; k++)
    if (k != k3 && k != k1 && cc_decoded_names (&run[k], t))
      return 0;
  uint32_t count = bound_of (run, k4, idx);
  if (!count)
    return 0;
  *out = (cc_jump_table) { .table = run[k5].target, .n = count, .size = 4, .is_signed = 1,
                           .relative = 1, .base = run[k5].target };
  return 1;
}
