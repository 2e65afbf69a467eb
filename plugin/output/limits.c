/* cachecat output: the conflict limits (limits.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/limits.h"
#include "output/report.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* Is insn I of F (results FR) a conflict instruction of the report?  */
static int
counts_as_conflict (const cc_func *f, const cc_func_result *fr, uint32_t i)
{
  return cc_insn_reported (&f->insns[i], fr->analysed)
         && fr->insns[i].merged.category == CC_CONFLICT
         && !cc_insn_never_fetched (&f->insns[i], fr->analysed);
}

/* Append "FILE:LINE" to the list *W (*N chars) when it is not the last.  */
static void
add_place (char **w, size_t *n, const char *file, uint32_t line)
{
  char *s = cc_xasprintf ("%s%s:%u", *n ? ", " : "", file, line);
  size_t l = strlen (s);
  *w = cc_xrealloc (*w, *n + l + 1);
  memcpy (*w + *n, s, l + 1);
  *n += l;
  free (s);
}

/* One note per program line with conflict insns of function FI (at most
   64, then how many more).  */
static void
line_notes (const cc_model *m, const cc_result *r, uint32_t fi,
            void (*say) (void *, const cc_limit_msg *), void *data)
{
  const cc_func *f = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  if (!fr->insns)
    return;
  unsigned notes = 0, skipped = 0;
  uint32_t i = 0;
  while (i < f->n_insns)
    {
      const cc_insn_result *ir = &fr->insns[i];
      if (!counts_as_conflict (f, fr, i))
        {
          i++;
          continue;
        }
      /* A group: consecutive conflict insns of one part and line.  */
      uint32_t j = i, count = 0;
      char *where = NULL;
      size_t where_n = 0;
      uint32_t last_file = CC_NONE - 1, last_line = 0;
      while (j < f->n_insns && f->insns[j].part == f->insns[i].part
             && fr->insns[j].pline == ir->pline)
        {
          if (counts_as_conflict (f, fr, j))
            {
              count++;
              uint32_t fl = f->insns[j].file, ln = f->insns[j].line;
              if (fl != last_file || ln != last_line)
                {
                  add_place (&where, &where_n, fl < m->n_files ? m->files[fl] : "?", ln);
                  last_file = fl;
                  last_line = ln;
                }
            }
          j++;
        }
      if (notes < 64)
        {
          uint32_t part = f->insns[i].part < f->n_parts ? f->insns[i].part : 0;
          cc_limit_msg msg = { CC_LIMIT_LINE, fi, i, count, 0, ir->pline, ir->set,
                               f->parts[part].symbol, where ? where : "", 0 };
          say (data, &msg);
        }
      else
        skipped++;
      notes++;
      free (where);
      i = j;
    }
  if (skipped)
    {
      cc_limit_msg msg = { CC_LIMIT_MORE_LINES, fi, CC_NONE, skipped, 0, 0, 0, f->name, NULL, 0 };
      say (data, &msg);
    }
}

unsigned
cc_check_limits (const cc_model *m, const cc_result *r, long long per_function,
                 long long per_unit, void (*say) (void *, const cc_limit_msg *), void *data)
{
  unsigned exceeded = 0;
  uint64_t total = 0;
  uint32_t worst = CC_NONE, worst_n = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      uint32_t c = r->funcs[fi].counts[CC_CONFLICT];
      total += c;
      if (c > worst_n || worst == CC_NONE)
        {
          worst = fi;
          worst_n = c;
        }
      if (per_function >= 0 && (long long) c > per_function)
        {
          cc_limit_msg msg = { CC_LIMIT_FUNCTION, fi, CC_NONE, c, per_function, 0, 0,
                               m->funcs[fi].name, NULL, 0 };
          say (data, &msg);
          line_notes (m, r, fi, say, data);
          exceeded++;
        }
    }
  if (per_unit >= 0 && (long long) total > per_unit && worst != CC_NONE)
    {
      cc_limit_msg msg = { CC_LIMIT_UNIT, worst, CC_NONE, total, per_unit, 0, 0,
                           m->funcs[worst].name, NULL, 0 };
      say (data, &msg);
      unsigned shown = 0;
      for (uint32_t fi = 0; fi < m->n_funcs && shown < 64; fi++)
        {
          uint32_t c = r->funcs[fi].counts[CC_CONFLICT];
          if (!c)
            continue;
          cc_limit_msg note = { CC_LIMIT_FUNC_COUNT, fi, CC_NONE, c, 0, 0, 0,
                                m->funcs[fi].name, NULL, 0 };
          say (data, &note);
          shown++;
        }
      line_notes (m, r, worst, say, data);
      exceeded++;
    }
  return exceeded;
}

/* The shares that use a miss budget up: the largest, at most 16.  */
static void
share_notes (const cc_model *m, const cc_result *r, const cc_cache *cache, const cc_bounds *b,
             uint32_t fi, void (*say) (void *, const cc_limit_msg *), void *data)
{
  cc_miss_share *sh;
  uint32_t n = cc_bounds_shares (m, r, cache, b, fi, &sh);
  const cc_func *f = &m->funcs[fi];
  for (uint32_t k = 0; k < n && k < 16; k++)
    {
      cc_limit_msg msg;
      memset (&msg, 0, sizeof msg);
      msg.func = fi;
      msg.insn = sh[k].insn;
      msg.count = sh[k].misses;
      msg.runs = sh[k].runs;
      if (sh[k].call)
        {
          msg.kind = CC_LIMIT_SHARE_CALL;
          msg.symbol = sh[k].callee != CC_NONE ? m->funcs[sh[k].callee].name : NULL;
        }
      else
        {
          msg.kind = CC_LIMIT_SHARE_INSN;
          msg.symbol = cc_insn_category (f, &r->funcs[fi], sh[k].insn);
        }
      say (data, &msg);
    }
  if (n > 16)
    {
      cc_limit_msg msg;
      memset (&msg, 0, sizeof msg);
      msg.kind = CC_LIMIT_MORE_SHARES;
      msg.func = fi;
      msg.insn = CC_NONE;
      msg.count = n - 16;
      say (data, &msg);
    }
  free (sh);
}

unsigned
cc_check_budgets (const cc_model *m, const cc_result *r, const cc_cache *cache,
                  const cc_bounds *b, const cc_budget *budgets,
                  void (*say) (void *, const cc_limit_msg *), void *data)
{
  unsigned exceeded = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_budget *bu = &budgets[fi];
      uint32_t c = r->funcs[fi].counts[CC_CONFLICT];
      if (bu->max_conflicts >= 0 && (long long) c > bu->max_conflicts)
        {
          cc_limit_msg msg = { CC_LIMIT_BUDGET_CONFLICTS, fi, CC_NONE, c, bu->max_conflicts,
                               0, 0, m->funcs[fi].name, NULL, 0 };
          say (data, &msg);
          line_notes (m, r, fi, say, data);
          exceeded++;
        }
      uint64_t x = b->funcs[fi].max_misses;
      if (bu->max_misses >= 0 && (x == CC_UNBOUNDED || x > (uint64_t) bu->max_misses))
        {
          char *why = x == CC_UNBOUNDED ? cc_why_text (m, r, &b->funcs[fi].why) : NULL;
          cc_limit_msg msg = { CC_LIMIT_BUDGET_MISSES, fi, CC_NONE, x, bu->max_misses,
                               0, 0, m->funcs[fi].name, why, 0 };
          say (data, &msg);
          free (why);
          share_notes (m, r, cache, b, fi, say, data);
          exceeded++;
        }
    }
  return exceeded;
}
