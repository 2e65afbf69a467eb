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

#include <stdlib.h>
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
cc_x86_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                     uint64_t *target)
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
  if (cc_decoded_among (m, stops))
    return CC_GOES_STOP;
  if (cc_decoded_among (m, unknowns) || strcmp (m, "int") == 0)
    return CC_GOES_UNKNOWN;
  return CC_GOES_NEXT;
}

/* ---- Jump tables.  */

/* The general register a name of it in AT&T syntax ("%rax", "%eax",
   "%r8d", "%sil") is, 0..15; *WIDTH its bytes; -1 for another name.  */
static int
reg_of (const char *p, size_t n, int *width)
{
  static const char *const q[16] = { "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi" };
  static const char *const d[8] = { "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi" };
  static const char *const w[8] = { "ax", "cx", "dx", "bx", "sp", "bp", "si", "di" };
  static const char *const b[8] = { "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil" };
  if (n < 3 || p[0] != '%')
    return -1;
  p++, n--;
  for (int k = 0; k < 8; k++)
    {
      if (strlen (q[k]) == n && strncmp (p, q[k], n) == 0)
        return *width = 8, k;
      if (strlen (d[k]) == n && strncmp (p, d[k], n) == 0)
        return *width = 4, k;
      if (strlen (w[k]) == n && strncmp (p, w[k], n) == 0)
        return *width = 2, k;
      if (strlen (b[k]) == n && strncmp (p, b[k], n) == 0)
        return *width = 1, k;
    }
  if (p[0] == 'r' && p[1] >= '0' && p[1] <= '9')
    {
      int r = p[1] - '0', i = 2;
      if (p[2] >= '0' && p[2] <= '9')
        r = r * 10 + (p[2] - '0'), i = 3;
      if (r < 8 || r > 15)
        return -1;
      size_t rest = n - (size_t) i;
      *width = rest == 0 ? 8 : rest == 1 && p[i] == 'd' ? 4 : rest == 1 && p[i] == 'w' ? 2
               : rest == 1 && p[i] == 'b' ? 1 : 0;
      return *width ? r : -1;
    }
  return -1;
}

/* The register of the whole operand text OPS ("%rdx"), or -1.  */
static int
reg_operand (const char *ops, int *width)
{
  return reg_of (ops, strcspn (ops, " \t#,"), width);
}

/* The register an instruction writes explicitly: its last operand, if a
   register; -1 if none.  */
static int
dest_reg (const char *ops, int *width)
{
  const char *c = strrchr (ops, ',');
  const char *p = c ? c + 1 : ops;
  if (strchr (p, '(') || strchr (p, ')'))
    return -1;
  return reg_operand (p, width);
}

/* Instructions that write registers no operand names (the A and D
   registers, the stack pointer, the string registers), or that this
   reading does not know: no table is read across them.  */
static int
implicit_writer (const char *m)
{
  static const char *const starts[] = { "cltq", "cwtl", "cqto", "cltd", "cwtd", "mul", "div",
                                        "idiv", "xchg", "cmpxchg", "xadd", "cpuid", "rdtsc",
                                        "rdpid", "rdrand", "rdseed", "lods", "stos", "scas",
                                        "cmps", "ins", "outs", "push", "pop", "call",
                                        "syscall", "enter", "leave", "xlat", "loop", NULL };
  static const char *const exact[] = { "in", "inb", "inw", "inl", "out", "outb", "outw",
                                       "outl", "movs", "movsb", "movsw", "movsl", "movsq",
                                       NULL };
  if (cc_decoded_among (m, exact))
    return 1;
  for (int k = 0; starts[k]; k++)
    if (strncmp (m, starts[k], strlen (starts[k])) == 0)
      return 1;
  return 0;
}

/* Does RUN[I] write one of the registers of the mask REGS?  *M, *OPS: its
   mnemonic and operands.  */
static int
writes (const cc_decoded *d, unsigned regs, char *m, size_t size, const char **ops)
{
  *ops = cc_decoded_mnemonic (d, prefixes, m, size);
  int w, r = dest_reg (*ops, &w);
  return (r >= 0 && (regs >> r & 1)) || implicit_writer (m);
}

/* Is register IDX, compared as WIDTH bytes at RUN[AT], so wide as a
   whole: was it last written as 32 bits (which clears the upper half)?  */
static int
zero_extended (const cc_decoded *run, uint32_t at, int idx, int width)
{
  char m[32];
  const char *ops;
  if (width != 4)
    return 0;
  for (uint32_t i = at; i-- > 0;)
    if (writes (&run[i], 1u << idx, m, sizeof m, &ops))
      {
        int w;
        return !implicit_writer (m) && dest_reg (ops, &w) == idx && w == 4;
      }
  return 0;
}

/* Does the write of register IDX by RUN[I] (mnemonic M, operands OPS)
   keep the value a compare of IDX found: a zero-extension of IDX itself
   (mov %ecx,%ecx; movzbl %cl,%ecx; movzwl %cx,%ecx)?  *FROM: the width
   it extends.  */
static int
self_extension (const char *m, const char *ops, int idx, int *from)
{
  int ws, wd, src = reg_operand (ops, &ws), dst = dest_reg (ops, &wd);
  if (src != idx || dst != idx || wd < 4)
    return 0;
  *from = ws;
  return (strcmp (m, "mov") == 0 && ws == 4 && wd == 4)
         || ((strcmp (m, "movzbl") == 0 || strcmp (m, "movzbq") == 0) && ws == 1)
         || ((strcmp (m, "movzwl") == 0 || strcmp (m, "movzwq") == 0) && ws == 2);
}

/* The table's bound: going back from RUN[AT], the compare of register
   IDX with a constant whose jump to the default follows it (ja, jae:
   unsigned); the value compared must reach the table unchanged and as
   wide as IDX_WIDTH bytes (zero-extended on the way, or last written as
   32 bits).  The number of entries, or 0.  */
static uint32_t
table_bound (const cc_decoded *run, uint32_t at, int idx, int idx_width)
{
  char m[32];
  const char *ops;
  int extended = 0;
  for (uint32_t i = at; i-- > 0;)
    {
      ops = cc_decoded_mnemonic (&run[i], prefixes, m, sizeof m);
      int w;
      if (strncmp (m, "cmp", 3) == 0 && ops[0] == '$' && i + 1 < at)
        {
          const char *c = strchr (ops, ',');
          if (c && reg_operand (c + 1, &w) == idx)
            {
              char j[32];
              cc_decoded_mnemonic (&run[i + 1], prefixes, j, sizeof j);
              unsigned long long k = strtoull (ops + 1, NULL, 0);
              uint32_t n = strcmp (j, "ja") == 0 ? (uint32_t) k + 1
                           : strcmp (j, "jae") == 0 ? (uint32_t) k : 0;
              int wide = w >= idx_width || (extended && w >= extended)
                         || zero_extended (run, i, idx, w);
              return n && k <= 65535 && wide ? n : 0;
            }
        }
      if (writes (&run[i], 1u << idx, m, sizeof m, &ops))
        {
          int from;
          if (!self_extension (m, ops, idx, &from))
            return 0;
          extended = extended ? (from < extended ? from : extended) : from;
        }
    }
  return 0;
}

/* The last instruction before RUN[AT] that writes register R, or -1 if
   one that writes a register of AVOID (or R implicitly) comes first.  */
static int
writer_of (const cc_decoded *run, uint32_t at, int r, unsigned avoid)
{
  char m[32];
  const char *ops;
  for (uint32_t i = at; i-- > 0;)
    if (writes (&run[i], (1u << r) | avoid, m, sizeof m, &ops))
      {
        int w;
        return dest_reg (ops, &w) == r && !implicit_writer (m) ? (int) i : -1;
      }
  return -1;
}

/* Register names "%B,%I" of "(%B,%I,4),%J" in OPS into *B, *I; 0 if OPS
   is not that form.  */
static int
scaled_operands (const char *ops, int *b, int *i, int *j)
{
  int w1, w2, w3;
  if (ops[0] != '(')
    return 0;
  const char *c1 = strchr (ops, ','), *c2 = c1 ? strchr (c1 + 1, ',') : NULL;
  if (!c1 || !c2 || strncmp (c2, ",4),", 4) != 0)
    return 0;
  *b = reg_of (ops + 1, (size_t) (c1 - ops - 1), &w1);
  *i = reg_of (c1 + 1, (size_t) (c2 - c1 - 1), &w2);
  *j = reg_operand (c2 + 4, &w3);
  return *b >= 0 && *i >= 0 && *j >= 0 && w1 == 8 && w2 == 8 && w3 == 8;
}

/* GCC's table of a position-independent switch: lea TABLE(%rip),%B;
   movslq (%B,%I,4),%T; add %B,%T (or %T,%B); jmp *%T, I bounded by a
   compare.  Entries are 32-bit offsets from the table.  */
static int
pic_table (const cc_decoded *run, uint32_t n, int target_reg, cc_jump_table *out)
{
  char m[32];
  const char *ops;
  int add = writer_of (run, n - 1, target_reg, 0);
  if (add < 0)
    return 0;
  ops = cc_decoded_mnemonic (&run[add], prefixes, m, sizeof m);
  int w1, w2;
  const char *c = strchr (ops, ',');
  int x = c ? reg_of (ops, (size_t) (c - ops), &w1) : -1;
  if (strcmp (m, "add") != 0 || x < 0 || w1 != 8 || reg_operand (c + 1, &w2) != target_reg)
    return 0;
  /* One of the two sums is the entry, the other the table.  */
  int load = writer_of (run, (uint32_t) add, target_reg, 1u << x);
  int base = x, entry = target_reg;
  ops = load >= 0 ? cc_decoded_mnemonic (&run[load], prefixes, m, sizeof m) : "";
  if (load < 0 || strcmp (m, "movslq") != 0)
    {
      load = writer_of (run, (uint32_t) add, x, 1u << target_reg);
      base = target_reg, entry = x;
      ops = load >= 0 ? cc_decoded_mnemonic (&run[load], prefixes, m, sizeof m) : "";
      if (load < 0 || strcmp (m, "movslq") != 0)
        return 0;
    }
  int b, i, j;
  if (!scaled_operands (ops, &b, &i, &j) || j != entry || b != base)
    return 0;
  int lea = writer_of (run, (uint32_t) load, base, 0);
  if (lea < 0)
    return 0;
  ops = cc_decoded_mnemonic (&run[lea], prefixes, m, sizeof m);
  if (strcmp (m, "lea") != 0 || !strstr (ops, "(%rip)") || !run[lea].has_target)
    return 0;
  /* Nothing between the lea and the add may change the table's
     register.  */
  if (writer_of (run, (uint32_t) add, base, 0) != lea)
    return 0;
  uint32_t count = table_bound (run, (uint32_t) load, i, 8);
  if (!count)
    return 0;
  *out = (cc_jump_table) { .table = run[lea].target, .n = count, .size = 4, .is_signed = 1,
                           .relative = 1, .base = run[lea].target };
  return 1;
}

/* The table of a switch not position-independent: jmp *TABLE(,%I,8),
   I bounded by a compare.  Entries are addresses.  */
static int
abs_table (const cc_decoded *run, uint32_t n, const char *ops, cc_jump_table *out)
{
  char *end;
  unsigned long long t = strtoull (ops, &end, 16);
  if (strncmp (ops, "0x", 2) != 0 || strncmp (end, "(,", 2) != 0)
    return 0;
  const char *c = strchr (end + 2, ',');
  int w, i = c ? reg_of (end + 2, (size_t) (c - end - 2), &w) : -1;
  if (i < 0 || w != 8 || strncmp (c, ",8)", 3) != 0)
    return 0;
  uint32_t count = table_bound (run, n - 1, i, 8);
  if (!count)
    return 0;
  *out = (cc_jump_table) { .table = t, .n = count, .size = 8 };
  return 1;
}

int
cc_x86_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out)
{
  (void) isa;
  char m[32];
  const char *ops = cc_decoded_mnemonic (&run[n - 1], prefixes, m, sizeof m);
  if (!is (m, "jmp") || ops[0] != '*')
    return 0;
  int w, r = reg_operand (ops + 1, &w);
  if (r >= 0)
    return w == 8 && pic_table (run, n, r, out);
  return abs_table (run, n, ops + 1, out);
}
