/* cachecat: the pieces of GNU as syntax every target shares (asm_syntax.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/asm_syntax.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void
cc_asm_trim (const char **p, const char **e)
{
  *p = cc_asm_skip_space (*p, *e);
  while (*e > *p && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
    (*e)--;
}

int
cc_asm_number (const char **pp, const char *e, unsigned long *v)
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

int
cc_asm_alignment (int p2, const char *p, const char *e, unsigned long *align,
                  unsigned long *max)
{
  unsigned long a;
  if (!cc_asm_number (&p, e, &a))
    return 0;
  if (p2)
    {
      if (a > 30)
        return 0;
      a = 1ul << a;
    }
  if (a == 0 || (a & (a - 1)) || a > (1ul << 30))
    return 0;
  *align = a;
  *max = 0;
  if (p < e && *p == ',')
    {
      p = cc_asm_skip_space (p + 1, e);
      if (p < e && *p != ',')
        return 0;               /* a fill value */
      if (p < e)
        {
          p++;
          if (!cc_asm_number (&p, e, max) || *max == 0)
            return 0;
        }
    }
  return p == e;
}

int
cc_asm_subsection (const char *w, size_t n, const char *rest, const char *e)
{
  rest = cc_asm_skip_space (rest, e);
  /* GNU as reads directives in any case.  */
  if ((n == 5 && (strncasecmp (w, ".text", 5) == 0 || strncasecmp (w, ".data", 5) == 0))
      || (n == 4 && strncasecmp (w, ".bss", 4) == 0))
    return rest != e;
  if (!(n == 8 && strncasecmp (w, ".section", 8) == 0)
      && !(n == 12 && strncasecmp (w, ".pushsection", 12) == 0))
    return 0;
  const char *c = rest;
  if (c < e && *c == '"')
    c = memchr (c + 1, '"', (size_t) (e - c - 1));
  if (c)
    c = memchr (c, ',', (size_t) (e - c));
  if (!c)
    return 0;
  c = cc_asm_skip_space (c + 1, e);
  return c < e && *c >= '0' && *c <= '9';
}
