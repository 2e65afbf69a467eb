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

int
cc_asm_is (const char *w, size_t n, const char *word)
{
  return strlen (word) == n && strncasecmp (w, word, n) == 0;
}

unsigned long
cc_asm_values (const char *p, const char *e)
{
  unsigned long n = 1;
  int depth = 0, empty = 1;
  for (; p < e; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')')
        depth--;
      if (*p == ',' && depth == 0)
        {
          if (empty)
            return 0;
          n++;
          empty = 1;
        }
      else if (*p != ' ' && *p != '\t')
        empty = 0;
    }
  return empty || depth ? 0 : n;
}

int
cc_asm_plain_quotes (const char *p, const char *e)
{
  int in_str = 0;
  for (; p < e; p++)
    if (in_str)
      {
        if (*p == '\\' && p + 1 < e)
          p++;
        else if (*p == '"')
          in_str = 0;
      }
    else if (*p == '"')
      in_str = 1;
    else if (*p == '\'' || (*p == '/' && p + 1 < e && p[1] == '*'))
      return 0;
  return 1;
}

int
cc_asm_byte_free (const char *w, size_t n)
{
  static const char *const byte_free[] = {
    ".type", ".size", ".globl", ".global", ".local", ".weak", ".hidden",
    ".protected", ".internal", ".symver", ".weakref", ".ident", ".file",
    ".loc", ".loc_mark_labels", ".set", ".equ", ".equiv", ".eqv", ".text",
    ".data", ".bss", ".section", ".pushsection", ".popsection", ".previous",
    ".comm", ".lcomm", NULL
  };
  if (n > 5 && strncasecmp (w, ".cfi_", 5) == 0)
    return 1;
  for (size_t i = 0; byte_free[i]; i++)
    if (cc_asm_is (w, n, byte_free[i]))
      return 1;
  return 0;
}

enum cc_asm_place
cc_asm_directive (const char *w, size_t n, const char *rest, const char *e,
                  const cc_asm_dialect *d, unsigned long *bytes, unsigned long *align,
                  unsigned long *max)
{
  int free_ = cc_asm_byte_free (w, n);
  for (size_t i = 0; d->byte_free[i] && !free_; i++)
    free_ = cc_asm_is (w, n, d->byte_free[i]);
  if (free_)
    {
      /* A subsection puts bytes out of the order of the text.  */
      return cc_asm_subsection (w, n, rest, e) ? CC_PLACE_UNKNOWN : CC_PLACE_NOTHING;
    }
  int p2 = cc_asm_is (w, n, ".p2align") || cc_asm_is (w, n, ".align");
  if (p2 || cc_asm_is (w, n, ".balign"))
    return cc_asm_alignment (p2, rest, e, align, max) ? CC_PLACE_ALIGN : CC_PLACE_UNKNOWN;
  /* Strings are data of another size.  */
  unsigned long k = cc_asm_values (rest, e);
  if (memchr (rest, '"', (size_t) (e - rest)) || k == 0)
    return CC_PLACE_UNKNOWN;
  if (d->insn_words && cc_asm_is (w, n, d->insn_words))
    {
      *bytes = 4 * k;
      return CC_PLACE_INSN;
    }
  unsigned size = cc_asm_data_size (w, n);
  for (size_t i = 0; i < d->n_data && !size; i++)
    if (cc_asm_is (w, n, d->data[i].w))
      size = d->data[i].size;
  if (!size)
    return CC_PLACE_UNKNOWN;
  *bytes = size * k;
  return CC_PLACE_DATA;
}

enum cc_asm_place
cc_asm_statement (const char **p, const char **e, const cc_asm_dialect *d,
                  unsigned long *bytes, unsigned long *align, unsigned long *max)
{
  cc_asm_trim (p, e);
  if (*p == *e)
    return CC_PLACE_NOTHING;
  if (!cc_asm_plain_quotes (*p, *e))
    return CC_PLACE_UNKNOWN;
  size_t n = cc_asm_ident_len (*p, *e);
  if (n && **p == '.')
    return cc_asm_directive (*p, n, cc_asm_skip_space (*p + n, *e), *e, d, bytes, align, max);
  return CC_PLACE_INSN;
}

unsigned
cc_asm_data_size (const char *w, size_t n)
{
  static const struct
  {
    const char *w;
    unsigned char size;
  } words[] = {
    { ".byte", 1 }, { ".hword", 2 }, { ".short", 2 }, { ".2byte", 2 }, { ".long", 4 },
    { ".int", 4 }, { ".4byte", 4 }, { ".quad", 8 }, { ".8byte", 8 },
  };
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (cc_asm_is (w, n, words[i].w))
      return words[i].size;
  return 0;
}

const char *
cc_asm_section_name (const char *p, const char *e, char *name)
{
  p = cc_asm_skip_space (p, e);
  size_t n = 0;
  if (p < e && *p == '"')
    {
      p++;
      while (p < e && *p != '"')
        {
          if (*p == '\\' || n + 1 >= CC_ASM_NAME_MAX)
            return NULL;
          name[n++] = *p++;
        }
      if (p == e)
        return NULL;
      p++;
    }
  else
    while (p < e && *p != ',' && *p != ' ' && *p != '\t')
      {
        if (n + 1 >= CC_ASM_NAME_MAX)
          return NULL;
        name[n++] = *p++;
      }
  name[n] = 0;
  return n ? p : NULL;
}

int
cc_asm_section_flags (const char *p, const char *e, int *has_flags)
{
  p = cc_asm_skip_space (p, e);
  *has_flags = 0;
  if (p == e)
    return 0;
  if (*p != ',')
    return -1;
  p = cc_asm_skip_space (p + 1, e);
  if (p < e && *p == '"')
    {
      *has_flags = 1;
      int code = 0;
      for (p++; p < e && *p != '"'; p++)
        if (*p == 'x')
          code = 1;
      return p < e ? code : -1;
    }
  /* A subsection number (.pushsection name, 1) or another syntax.  */
  if (p < e && *p >= '0' && *p <= '9')
    return 0;
  return -1;
}

int
cc_asm_section_of_a_kind (const char *w, size_t n, const char *rest, const char *e)
{
  if (!(n == 8 && memcmp (w, ".section", 8) == 0)
      && !(n == 12 && memcmp (w, ".pushsection", 12) == 0))
    return 0;
  char name[CC_ASM_NAME_MAX];
  const char *q = cc_asm_section_name (rest, e, name);
  if (!q)
    return 0;
  /* The operands after the name: the flags, the type, and for a group
     its name and comdat, or unique and a number.  */
  while ((q = cc_asm_skip_space (q, e)) < e && *q == ',')
    {
      q = cc_asm_skip_space (q + 1, e);
      const char *end = q;
      if (q < e && *q == '"')
        {
          for (end = q + 1; end < e && *end != '"'; end++)
            if (*end == 'G' || *end == '?')
              return 1;
          end += end < e;
        }
      else
        while (end < e && *end != ',')
          end++;
      const char *t = end;
      while (t > q && (t[-1] == ' ' || t[-1] == '\t'))
        t--;
      if ((t - q == 6 && memcmp (q, "comdat", 6) == 0)
          || (t - q == 6 && memcmp (q, "unique", 6) == 0))
        return 1;
      q = end;
    }
  return 0;
}
