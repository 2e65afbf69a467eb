/* cachecat output: the program lines that share a cache set
   (set_mates.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/set_mates.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

static int
mate_order (const void *a, const void *b)
{
  const cc_set_mate *x = a, *y = b;
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  if (x->set != y->set)
    return x->set < y->set ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return 0;
}

int
cc_set_mates_same (const cc_set_mate *a, const cc_set_mate *b)
{
  return a->group == b->group && a->set == b->set;
}

static cc_set_mate
mate_of (const cc_model *m, const cc_result *r, int linked, uint32_t fi, uint32_t i)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  return (cc_set_mate){ linked ? 0 : fn->parts[fn->insns[i].part].section,
                        fr->insns[i].set, fr->insns[i].pline, fi, i };
}

void
cc_set_mates_index (cc_set_mates *x, const cc_model *m, const cc_result *r, int linked)
{
  uint32_t cap = 0;
  x->v = NULL;
  x->n = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *fn = &m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      if (!fr->insns)
        continue;
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          if (!cc_insn_reported (&fn->insns[i], fr->analysed))
            continue;
          cc_set_mate y = mate_of (m, r, linked, fi, i);
          if (x->n && mate_order (&x->v[x->n - 1], &y) == 0)
            continue;
          if (x->n == cap)
            {
              cap = cap ? 2 * cap : 256;
              x->v = cc_xrealloc (x->v, cap * sizeof *x->v);
            }
          x->v[x->n++] = y;
        }
    }
  if (x->n)
    qsort (x->v, x->n, sizeof *x->v, mate_order);
  /* Drop the repeats the scan did not see (a line of two functions keeps
     the first).  */
  uint32_t k = 0;
  for (uint32_t j = 0; j < x->n; j++)
    if (!k || mate_order (&x->v[k - 1], &x->v[j]) != 0)
      x->v[k++] = x->v[j];
  x->n = k;
}

void
cc_set_mates_free (cc_set_mates *x)
{
  free (x->v);
  x->v = NULL;
  x->n = 0;
}

uint32_t
cc_set_mates_first (const cc_set_mates *x, const cc_model *m, const cc_result *r,
                    int linked, uint32_t fi, uint32_t i)
{
  cc_set_mate key = mate_of (m, r, linked, fi, i);
  key.line = 0;
  uint32_t lo = 0, hi = x->n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (mate_order (&x->v[mid], &key) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

char *
cc_set_mates_text (const cc_set_mates *x, const cc_model *m, const cc_result *r,
                   int linked, uint32_t fi, uint32_t i, uint32_t shown)
{
  cc_set_mate self = mate_of (m, r, linked, fi, i);
  char *t = NULL;
  size_t n = 0;
  uint32_t listed = 0, more = 0;
  for (uint32_t j = cc_set_mates_first (x, m, r, linked, fi, i);
       j < x->n && cc_set_mates_same (&x->v[j], &self); j++)
    {
      if (x->v[j].line == self.line)
        continue;
      if (listed == shown)
        {
          more++;
          continue;
        }
      const cc_func *g = &m->funcs[x->v[j].func];
      const cc_insn *gi = &g->insns[x->v[j].insn];
      char *s = cc_xasprintf ("%s'%s' (%s:%u)", listed ? ", " : "", g->name,
                              gi->file < m->n_files ? m->files[gi->file] : "?", gi->line);
      size_t l = strlen (s);
      t = cc_xrealloc (t, n + l + 1);
      memcpy (t + n, s, l + 1);
      n += l;
      free (s);
      listed++;
    }
  if (more)
    {
      char *s = cc_xasprintf ("%s and %u more", t, more);
      free (t);
      t = s;
    }
  return t;
}
