/* cachecat output: cachecat-link's summary on the terminal.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/summary.h"
#include "output/bounds_text.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The order of the table's columns.  */
static const int columns[] = { CC_ALWAYS_HIT, CC_FIRST_MISS, CC_FIRST_HIT, CC_ALWAYS_MISS,
                               CC_CONFLICT };

typedef struct row
{
  uint32_t func, insns, conflicts;
} row;

static int
cmp_row (const void *a, const void *b)
{
  const row *x = a, *y = b;
  if (x->conflicts != y->conflicts)
    return x->conflicts < y->conflicts ? 1 : -1;
  return (x->func > y->func) - (x->func < y->func);
}

/* "N", or "-" for unbounded, into BUF.  */
static const char *
bound_text (uint64_t n, char *buf, size_t size)
{
  if (n == CC_UNBOUNDED)
    return "-";
  snprintf (buf, size, "%llu", (unsigned long long) n);
  return buf;
}

static void
write_program (FILE *f, const cc_model *m, const cc_result *r, const cc_bounds *b,
               const cc_report_info *info)
{
  const cc_report_link *link = info->link;
  fprintf (f, "%s: %u units, %u functions", link->program, link->n_units, m->n_funcs);
  if (link->n_removed)
    fprintf (f, " (%u more removed or folded by the linker)", link->n_removed);
  if (link->open_because)
    fprintf (f, "; not closed: %s\n", link->open_because);
  else
    fprintf (f, "; closed: %u indirect calls reach %u functions\n", link->n_indirect_sites,
             link->n_indirect_targets);
  const cc_options *o = info->options;
  uint32_t e = o->entry ? cc_model_find_func (m, o->entry) : CC_NONE;
  if (e == CC_NONE)
    return;
  uint64_t n = b->funcs[e].max_misses;
  fprintf (f, "entry %s (%s cache): ", o->entry, o->entry_cold ? "cold" : "warm");
  if (n != CC_UNBOUNDED)
    fprintf (f, "at most %llu misses in a run\n", (unsigned long long) n);
  else
    {
      char *why = cc_why_text (m, r, &b->funcs[e].why);
      fprintf (f, "no miss bound: %s\n", why);
      free (why);
    }
}

/* One line of the functions modelled from the program's bytes (the C
   library's, the start-up code's): how many, their conflict share, how
   many have no model.  */
static void
write_from_bytes (FILE *f, const cc_model *m, const cc_result *r)
{
  uint32_t n = 0, broken = 0;
  uint64_t insns = 0, conflict = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (!(m->funcs[fi].flags & CC_FUNC_FROM_BYTES))
        continue;
      n++;
      broken += (m->funcs[fi].flags & CC_FUNC_BROKEN) != 0;
      for (int c = 0; c < CC_N_CATEGORIES; c++)
        insns += r->funcs[fi].counts[c];
      conflict += r->funcs[fi].counts[CC_CONFLICT];
    }
  if (n)
    fprintf (f, "  and %u functions modelled from the program's bytes (%u without a model): "
                "%.1f%% conflict\n",
             n, broken, insns ? 100.0 * (double) conflict / (double) insns : 0.0);
}

void
cc_summary_write (FILE *f, const cc_model *m, const cc_result *r, const cc_bounds *b,
                  const cc_report_info *info, const char *report, uint32_t max_funcs)
{
  write_program (f, m, r, b, info);
  row *v = cc_xmalloc ((m->n_funcs + 1) * sizeof *v);
  uint32_t n = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func_result *fr = &r->funcs[fi];
      if (m->funcs[fi].flags & (CC_FUNC_SYNTHETIC | CC_FUNC_FROM_BYTES))
        continue;
      uint32_t insns = fr->never_fetched + fr->unreachable;
      for (int c = 0; c < CC_N_CATEGORIES; c++)
        insns += fr->counts[c];
      v[n++] = (row) { fi, insns, fr->counts[CC_CONFLICT] };
    }
  qsort (v, n, sizeof *v, cmp_row);
  fprintf (f, "  %6s", "insns");
  for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++)
    fprintf (f, " %11s", cc_category_name (columns[c]));
  fprintf (f, " %13s  function\n", "max_misses");
  for (uint32_t k = 0; k < n && k < max_funcs; k++)
    {
      const cc_func_result *fr = &r->funcs[v[k].func];
      char buf[24];
      fprintf (f, "  %6u", v[k].insns);
      for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++)
        fprintf (f, " %10.1f%%",
                 v[k].insns ? 100.0 * fr->counts[columns[c]] / v[k].insns : 0.0);
      fprintf (f, " %13s  %s%s\n", bound_text (b->funcs[v[k].func].max_misses, buf, sizeof buf),
               m->funcs[v[k].func].name,
               fr->unreached ? " (unreachable: no root reaches it)"
               : fr->analysed ? "" : " (not analysed)");
    }
  if (n > max_funcs)
    fprintf (f, "  ... %u more functions, in the report\n", n - max_funcs);
  write_from_bytes (f, m, r);
  fprintf (f, "report: %s\n", report);
  free (v);
}
