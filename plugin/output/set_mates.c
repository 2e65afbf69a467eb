/* cachecat output: the program lines that share a cache set
   (set_mates.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/set_mates.h"
#include "support/util.h"

#include <stdlib.h>

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
      /* (A function no root reaches never loads its lines.)  */
      if (!fr->insns || fr->unreached)
        continue;
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          if (!cc_insn_reported (&fn->insns[i]))
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
cc_set_mates_of (const cc_set_mates *x, const cc_model *m, const cc_result *r, int linked,
                 uint32_t fi, uint32_t i, uint32_t cap, uint32_t *out)
{
  cc_set_mate self = mate_of (m, r, linked, fi, i);
  /* The set's first line: the index is sorted by (group, set, line).  */
  cc_set_mate key = self;
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
  uint32_t n = 0;
  for (uint32_t j = lo; j < x->n && x->v[j].group == self.group && x->v[j].set == self.set; j++)
    if (x->v[j].line != self.line)
      {
        if (n < cap)
          out[n] = j;
        n++;
      }
  return n;
}

char *
cc_set_mates_text (const cc_set_mates *x, const cc_model *m, const cc_result *r,
                   int linked, uint32_t fi, uint32_t i, uint32_t shown)
{
  uint32_t *idx = cc_xmalloc ((shown + 1) * sizeof *idx);
  uint32_t n = cc_set_mates_of (x, m, r, linked, fi, i, shown, idx);
  char *t = NULL;
  for (uint32_t k = 0; k < n && k < shown; k++)
    {
      const cc_func *g = &m->funcs[x->v[idx[k]].func];
      const cc_insn *gi = &g->insns[x->v[idx[k]].insn];
      char *s = cc_xasprintf ("%s%s'%s' (%s:%u)", t ? t : "", t ? ", " : "", g->name,
                              gi->file < m->n_files ? m->files[gi->file] : "?", gi->line);
      free (t);
      t = s;
    }
  if (n > shown)
    {
      char *s = cc_xasprintf ("%s and %u more", t, n - shown);
      free (t);
      t = s;
    }
  free (idx);
  return t;
}
