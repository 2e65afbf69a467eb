/* cachecat isa: what an A64 instruction objdump's decoder read does to
   control.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read from the text libopcodes prints.  A64 moves control only by its
   branch instructions, all named here; everything else runs on.  */

#include "isa/aarch64/aarch64_decoded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const conds[] = { "cbz", "cbnz", "tbz", "tbnz", NULL };
static const char *const returns[] = { "ret", "retaa", "retab", NULL };
static const char *const ijumps[] = { "br", "braa", "brab", "braaz", "brabz", NULL };
static const char *const icalls[] = { "blr", "blraa", "blrab", "blraaz", "blrabz", NULL };
static const char *const stops[] = { "brk", "udf", NULL };
static const char *const unknowns[] = { "eret", "eretaa", "eretab", "hvc", "smc", "drps",
                                        NULL };

cc_goes
cc_aarch64_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                         uint64_t *target)
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

/* ---- Jump tables.  */

/* The operands of D (up to 6, each at most 31 characters) into OPS,
   split at the commas outside brackets, without the comment objdump
   adds; their number.  *M: the mnemonic.  */
static int
operands (const cc_decoded *d, char *m, size_t size, char ops[6][32])
{
  const char *p = cc_decoded_mnemonic (d, NULL, m, size);
  int n = 0, depth = 0;
  size_t k = 0;
  for (; *p && n < 6; p++)
    {
      if (*p == '/' && p[1] == '/')
        break;
      if (*p == '[')
        depth++;
      if (*p == ']')
        depth--;
      if (*p == ',' && depth == 0)
        {
          ops[n++][k] = 0;
          k = 0;
          continue;
        }
      if ((*p == ' ' || *p == '\t') && k == 0)
        continue;
      if (k < 31)
        ops[n][k++] = *p;
    }
  if (n < 6 && k)
    {
      while (k && (ops[n][k - 1] == ' ' || ops[n][k - 1] == '\t'))
        k--;
      ops[n++][k] = 0;
    }
  return n;
}

/* The number of the general register a name is (x0..x30, w0..w30), or
   -1.  */
static int
reg (const char *name)
{
  if ((name[0] != 'x' && name[0] != 'w') || name[1] < '0' || name[1] > '9')
    return -1;
  char *end;
  long r = strtol (name + 1, &end, 10);
  return *end == 0 && r <= 30 ? (int) r : -1;
}

/* Does D name register R (either width) anywhere?  */
static int
mentions (const cc_decoded *d, int r)
{
  char m[32];
  const char *p = cc_decoded_mnemonic (d, NULL, m, sizeof m);
  for (; *p; p++)
    if ((*p == 'x' || *p == 'w') && (p == d->text || !((p[-1] >= 'a' && p[-1] <= 'z')
                                                       || (p[-1] >= '0' && p[-1] <= '9'))))
      {
        char *end;
        long v = strtol (p + 1, &end, 10);
        int word_goes_on = (*end >= 'a' && *end <= 'z') || (*end >= '0' && *end <= '9');
        if (end > p + 1 && v == r && !word_goes_on)
          return 1;
      }
  return 0;
}

/* The last instruction before RUN[AT] that names register R, or -1.  */
static int
last_naming (const cc_decoded *run, int at, int r)
{
  for (int i = at - 1; i >= 0; i--)
    if (mentions (&run[i], r))
      return i;
  return -1;
}

/* The index register I's bound: the compare with a constant at the last
   instruction before RUN[AT] that names it, followed by b.hi (or b.cs)
   to the default.  The entries' count, or 0.  */
static uint32_t
bound_of (const cc_decoded *run, int at, int i)
{
  char m[32], o[6][32], j[32];
  int k = last_naming (run, at, i);
  if (k < 0 || operands (&run[k], m, sizeof m, o) != 2 || strcmp (m, "cmp") != 0
      || reg (o[0]) != i || o[1][0] != '#')
    return 0;
  cc_decoded_mnemonic (&run[k + 1], NULL, j, sizeof j);
  unsigned long long n = strtoull (o[1] + 1, NULL, 0);
  if (n > 65535)
    return 0;
  return strcmp (j, "b.hi") == 0 ? (uint32_t) n + 1
         : strcmp (j, "b.cs") == 0 || strcmp (j, "b.hs") == 0 ? (uint32_t) n : 0;
}

/* GCC's table of a switch: cmp wI, #N; b.hi default; adrp xT, table;
   add xT, xT, #lo; ldrb wR, [xT, wI, uxtw] (ldrh ..., uxtw #1); adr xB,
   base; add xE, xB, wR, sxtb #2 (sxth #2); br xE.  Entries are signed
   bytes (halfwords) of words from the base.  */
int
cc_aarch64_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out)
{
  (void) isa;
  char m[32], o[6][32];
  int at = (int) n - 1;
  if (operands (&run[at], m, sizeof m, o) != 1 || strcmp (m, "br") != 0)
    return 0;
  int e = reg (o[0]);
  int k = last_naming (run, at, e);
  if (e < 0 || k < 0 || operands (&run[k], m, sizeof m, o) != 4 || strcmp (m, "add") != 0
      || reg (o[0]) != e)
    return 0;
  int b = reg (o[1]), r = reg (o[2]);
  int size = strcmp (o[3], "sxtb #2") == 0 ? 1 : strcmp (o[3], "sxth #2") == 0 ? 2 : 0;
  int kb = b >= 0 ? last_naming (run, k, b) : -1;
  int kr = r >= 0 ? last_naming (run, k, r) : -1;
  if (!size || kb < 0 || kr < 0 || last_naming (run, at, b) != k)
    return 0;
  if (operands (&run[kb], m, sizeof m, o) != 2 || strcmp (m, "adr") != 0 || reg (o[0]) != b
      || !run[kb].has_target)
    return 0;
  uint64_t base = run[kb].target;
  /* The load of the entry.  */
  if (operands (&run[kr], m, sizeof m, o) != 2 || reg (o[0]) != r
      || strcmp (m, size == 1 ? "ldrb" : "ldrh") != 0)
    return 0;
  char t_name[32], i_name[32], ext[32];
  if (sscanf (o[1], "[%31[^,], %31[^,], %31[^]]]", t_name, i_name, ext) != 3
      || strcmp (ext, size == 1 ? "uxtw" : "uxtw #1") != 0)
    return 0;
  int t = reg (t_name), i = reg (i_name);
  int ka = t >= 0 ? last_naming (run, kr, t) : -1;
  if (i < 0 || ka < 1 || operands (&run[ka], m, sizeof m, o) != 3 || strcmp (m, "add") != 0
      || reg (o[0]) != t || reg (o[1]) != t || o[2][0] != '#')
    return 0;
  uint64_t lo = strtoull (o[2] + 1, NULL, 0);
  int kp = last_naming (run, ka, t);
  if (kp < 0 || operands (&run[kp], m, sizeof m, o) != 2 || strcmp (m, "adrp") != 0
      || reg (o[0]) != t || !run[kp].has_target)
    return 0;
  uint32_t count = bound_of (run, kr, i);
  if (!count)
    return 0;
  *out = (cc_jump_table) { .table = run[kp].target + lo, .n = count, .size = (uint8_t) size,
                           .is_signed = 1, .shift = 2, .relative = 1, .base = base };
  return 1;
}
