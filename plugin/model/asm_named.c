/* cachecat: the functions an assembly text names.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "model/asm_named.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* A character of a symbol in GNU as (not '@': `f@PLT' names f).  */
static int
symbol_char (unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
         || c == '_' || c == '.' || c == '$' || c >= 0x80;
}

typedef struct named_part
{
  const char *symbol;          /* first, for util.h's cc_find_name */
  uint32_t func;
} named_part;

static int
cmp_named_part (const void *a, const void *b)
{
  return strcmp (((const named_part *) a)->symbol, ((const named_part *) b)->symbol);
}

uint32_t
cc_model_flag_asm_named (cc_model *m, const char *text)
{
  size_t n = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    n += m->funcs[f].n_parts;
  if (!n || !text)
    return 0;
  named_part *v = cc_xmalloc (n * sizeof *v);
  n = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    for (uint32_t p = 0; p < m->funcs[f].n_parts; p++)
      if (m->funcs[f].parts[p].symbol)
        v[n++] = (named_part) { m->funcs[f].parts[p].symbol, f };
  qsort (v, n, sizeof *v, cmp_named_part);
  uint32_t flagged = 0;
  for (const unsigned char *p = (const unsigned char *) text; *p;)
    {
      if (!symbol_char (*p))
        {
          p++;
          continue;
        }
      size_t len = 0;
      while (symbol_char (p[len]))
        len++;
      /* (A symbol names one function: any of its parts.)  */
      long hit = *p >= '0' && *p <= '9' ? -1 : cc_find_name (v, n, sizeof *v, (const char *) p,
                                                               len);
      if (hit >= 0 && !(m->funcs[v[hit].func].flags & CC_FUNC_ADDRESS_TAKEN))
        {
          m->funcs[v[hit].func].flags |= CC_FUNC_ADDRESS_TAKEN;
          flagged++;
        }
      p += len;
    }
  free (v);
  return flagged;
}
