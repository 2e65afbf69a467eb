/* cachecat: what one statement in a code section puts there (asm_statement.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "asm_statement.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int
cc_asm_ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
         || c == '_' || c == '.' || c == '$' || c == '@';
}

const char *
cc_asm_skip_space (const char *p, const char *e)
{
  while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f'))
    p++;
  return p;
}

static int
is_word (const char *w, size_t n, const char *const *list)
{
  for (size_t i = 0; list[i]; i++)
    if (strlen (list[i]) == n && strncasecmp (w, list[i], n) == 0)
      return 1;
  return 0;
}

/* Directives that place no byte, in any section.  */
static const char *const byte_free[] = {
  ".type", ".size", ".globl", ".global", ".local", ".weak", ".hidden",
  ".protected", ".internal", ".symver", ".weakref", ".ident", ".file",
  ".loc", ".loc_mark_labels", ".set", ".equ", ".equiv", ".eqv", ".arch",
  ".arch_extension", ".att_syntax", ".intel_syntax", ".code64", ".text",
  ".data", ".bss", ".section", ".pushsection", ".popsection", ".previous",
  ".comm", ".lcomm", NULL
};

/* Prefixes gas accepts as statements of their own; their bytes go in
   front of the next instruction's.  */
static const char *const prefix_words[] = {
  "lock", "rep", "repe", "repz", "repne", "repnz", "data16", "data32",
  "addr16", "addr32", "rex", "rex64", "notrack", "bnd", "xacquire",
  "xrelease", "cs", "ds", "es", "fs", "gs", "ss", NULL
};

/* x87 instructions gas writes as FWAIT and the instruction: one
   statement, two instructions.  */
static const char *const wait_forms[] = {
  "fstsw", "fstcw", "finit", "fclex", "fsave", "fstenv", "fdisi", "feni",
  "fsetpm", NULL
};

/* A non-negative number (decimal or 0x hex) at *P; 0 if there is none.  */
static int
number (const char **pp, const char *e, unsigned long *v)
{
  const char *p = cc_asm_skip_space (*pp, e);
  char buf[24];
  size_t n = 0;
  while (p + n < e && cc_asm_ident_char (p[n]) && n < sizeof buf - 1)
    {
      buf[n] = p[n];
      n++;
    }
  if (n == 0 || (p + n < e && cc_asm_ident_char (p[n])))
    return 0;
  buf[n] = 0;
  char *end;
  *v = strtoul (buf, &end, 0);
  if (*end || buf[0] == '-')
    return 0;
  *pp = cc_asm_skip_space (p + n, e);
  return 1;
}

/* .p2align N[,[FILL][,MAX]], .balign and .align B[,[FILL][,MAX]]: with no
   fill (gas fills code with NOPs).  */
static enum cc_stmt_kind
alignment (int p2, const char *p, const char *e, unsigned long *align,
           unsigned long *max)
{
  unsigned long a;
  if (!number (&p, e, &a))
    return CC_STMT_UNDECODABLE;
  if (p2)
    {
      if (a > 30)
        return CC_STMT_UNDECODABLE;
      a = 1ul << a;
    }
  if (a == 0 || (a & (a - 1)) || a > (1ul << 30))
    return CC_STMT_UNDECODABLE;
  *align = a;
  *max = 0;
  if (p < e && *p == ',')
    {
      p = cc_asm_skip_space (p + 1, e);
      if (p < e && *p != ',')
        return CC_STMT_UNDECODABLE;   /* a fill value */
      if (p < e)
        {
          p++;
          if (!number (&p, e, max) || *max == 0)
            return CC_STMT_UNDECODABLE;
        }
    }
  return p == e ? CC_STMT_ALIGN : CC_STMT_UNDECODABLE;
}

enum cc_stmt_kind
cc_stmt_classify (const char *p, const char *e, unsigned long *align,
                  unsigned long *max)
{
  p = cc_asm_skip_space (p, e);
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  size_t n = 0;
  while (p + n < e && cc_asm_ident_char (p[n]))
    n++;
  const char *rest = cc_asm_skip_space (p + n, e);
  if (n && p[0] == '.')
    {
      if (n > 5 && memcmp (p, ".cfi_", 5) == 0)
        return CC_STMT_NOTHING;
      if (is_word (p, n, byte_free))
        {
          /* A subsection (.text 1, .pushsection name, 1) puts bytes out of
             order.  */
          static const char *const plain[] = { ".text", ".data", ".bss", NULL };
          if (is_word (p, n, plain))
            return rest == e ? CC_STMT_NOTHING : CC_STMT_UNDECODABLE;
          if ((n == 8 && memcmp (p, ".section", 8) == 0)
              || (n == 12 && memcmp (p, ".pushsection", 12) == 0))
            {
              const char *c = rest;
              if (c < e && *c == '"')
                c = memchr (c + 1, '"', (size_t) (e - c - 1));
              if (c)
                c = memchr (c, ',', (size_t) (e - c));
              if (c)
                {
                  c = cc_asm_skip_space (c + 1, e);
                  if (c < e && *c >= '0' && *c <= '9')
                    return CC_STMT_UNDECODABLE;
                }
            }
          return CC_STMT_NOTHING;
        }
      if (n == 8 && memcmp (p, ".p2align", 8) == 0)
        return alignment (1, rest, e, align, max);
      if ((n == 7 && memcmp (p, ".balign", 7) == 0) || (n == 6 && memcmp (p, ".align", 6) == 0))
        return alignment (0, rest, e, align, max);
      return CC_STMT_UNDECODABLE;
    }
  if (n == 0)
    return CC_STMT_INSN;          /* {vex} and the like, then the mnemonic */
  if (rest < e && *rest == '=')
    return CC_STMT_NOTHING;       /* sym = expr */
  if (rest == e && (is_word (p, n, prefix_words)
                    || (n > 4 && strncasecmp (p, "rex.", 4) == 0)))
    return CC_STMT_PREFIX;
  if (p[0] == 'f' || p[0] == 'F')
    for (size_t i = 0; wait_forms[i]; i++)
      {
        size_t l = strlen (wait_forms[i]);
        if (n >= l && n <= l + 1 && strncasecmp (p, wait_forms[i], l) == 0)
          return CC_STMT_UNDECODABLE;
      }
  return CC_STMT_INSN;
}
