/* cachecat output: the conflict limits (limits.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/limits.h"
#include "output/annotate.h"
#include "output/bounds_text.h"
#include "output/set_mates.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* Is insn I of F (results FR) a conflict instruction of the report?  */
static int
counts_as_conflict (const cc_func *f, const cc_func_result *fr, uint32_t i)
{
  return cc_insn_reported (&f->insns[i]) && !fr->unreached
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

/* The program lines of a result by set, indexed when a note first
   names them.  */
typedef struct mates_ctx
{
  const cc_model *m;
  const cc_result *r;
  int linked, built;
  cc_set_mates x;
} mates_ctx;

static const cc_set_mates *
mates_of (mates_ctx *c)
{
  if (!c->built)
    cc_set_mates_index (&c->x, c->m, c->r, c->linked);
  c->built = 1;
  return &c->x;
}

/* One note per program line with conflict insns of function FI (at most
   CAP, then how many more), each naming the other lines of its set.  */
static void
line_notes_upto (const cc_model *m, const cc_result *r, uint32_t fi, unsigned cap,
                 mates_ctx *mc, void (*say) (void *, const cc_limit_msg *), void *data)
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
      if (notes < cap)
        {
          uint32_t part = f->insns[i].part < f->n_parts ? f->insns[i].part : 0;
          cc_limit_msg msg = { CC_LIMIT_LINE, fi, i, count, 0, ir->pline, ir->set,
                               f->parts[part].symbol, where ? where : "", 0, NULL, 0 };
          char *mates = cc_set_mates_text (mates_of (mc), m, r, mc->linked, fi, i, 4);
          msg.mates = mates;
          say (data, &msg);
          free (mates);
        }
      else
        skipped++;
      notes++;
      free (where);
      i = j;
    }
  if (skipped)
    {
      cc_limit_msg msg = { CC_LIMIT_MORE_LINES, fi, CC_NONE, skipped, 0, 0, 0, f->name, NULL, 0, NULL, 0 };
      say (data, &msg);
    }
}

static void
line_notes (const cc_model *m, const cc_result *r, uint32_t fi, mates_ctx *mc,
            void (*say) (void *, const cc_limit_msg *), void *data)
{
  line_notes_upto (m, r, fi, 64, mc, say, data);
}

void
cc_conflict_lines (const cc_model *m, const cc_result *r,
                   void (*say) (void *, const cc_limit_msg *), void *data)
{
  mates_ctx mc = { m, r, 0, 0, { NULL, 0 } };
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (r->funcs[fi].counts[CC_CONFLICT])
      line_notes_upto (m, r, fi, UINT32_MAX, &mc, say, data);
  cc_set_mates_free (&mc.x);
}

/* What category CAT (its report name) lets a fetch do, in words.  */
static const char *
category_words (const char *cat)
{
  if (strcmp (cat, "conflict") == 0)
    return "it may miss each time it runs";
  if (strcmp (cat, "always-miss") == 0)
    return "it misses each time it runs";
  if (strcmp (cat, "first-miss") == 0)
    return "it may miss the first time in each execution of its scope";
  if (strcmp (cat, "first-hit") == 0)
    return "it hits the first time in each execution of its loop, and may miss after";
  return "it may miss";
}

/* "up to N misses", "unboundedly many misses".  */
static char *
misses_text (uint64_t n)
{
  if (n == CC_UNBOUNDED)
    return cc_xstrdup ("unboundedly many misses");
  return cc_xasprintf ("up to %llu miss%s", (unsigned long long) n, n == 1 ? "" : "es");
}

int
cc_limit_at_insn (const cc_limit_msg *msg)
{
  return msg->insn != CC_NONE
         && (msg->kind == CC_LIMIT_LINE || msg->kind == CC_LIMIT_SHARE_INSN
             || msg->kind == CC_LIMIT_SHARE_CALL);
}

char *
cc_limit_text (const cc_limit_msg *msg, const char *func, int program, int *error)
{
  *error = msg->kind == CC_LIMIT_FUNCTION || msg->kind == CC_LIMIT_UNIT
           || msg->kind == CC_LIMIT_BUDGET_CONFLICTS || msg->kind == CC_LIMIT_BUDGET_MISSES
           || msg->kind == CC_LIMIT_BUDGET_CYCLES;
  unsigned long long n = (unsigned long long) msg->count;
  switch (msg->kind)
    {
    case CC_LIMIT_FUNCTION:
      return cc_xasprintf ("%llu conflict instructions in '%s' exceed the limit of %lld "
                           "(max-conflicts-per-function)", n, func, msg->limit);
    case CC_LIMIT_UNIT:
      return cc_xasprintf ("%llu conflict instructions in the %s exceed the limit of %lld "
                           "(max-conflicts)", n, program ? "program" : "unit", msg->limit);
    case CC_LIMIT_FUNC_COUNT:
      return cc_xasprintf ("%llu conflict instructions in '%s'", n, func);
    case CC_LIMIT_LINE:
      if (msg->mates)
        return cc_xasprintf ("%llu conflict instructions in program line %u (set %u) of '%s': "
                             "%s; lines of %s share its set", n, msg->line, msg->set,
                             msg->symbol, msg->where, msg->mates);
      return cc_xasprintf ("%llu conflict instructions in program line %u (set %u) of '%s': %s",
                           n, msg->line, msg->set, msg->symbol, msg->where);
    case CC_LIMIT_MORE_LINES:
      return cc_xasprintf ("%llu more program lines with conflict instructions in '%s'", n,
                           func);
    case CC_LIMIT_BUDGET_CONFLICTS:
      return cc_xasprintf ("%llu conflict instructions in '%s' exceed its budget of %lld "
                           "('cachecat_max_conflicts')", n, func, msg->limit);
    case CC_LIMIT_BUDGET_MISSES:
      if (msg->count == CC_UNBOUNDED)
        return cc_xasprintf ("a call of '%s' may cause unboundedly many misses, over its "
                             "budget of %lld ('cachecat_max_misses'): %s", func, msg->limit,
                             msg->where);
      return cc_xasprintf ("a call of '%s' may cause up to %llu misses, over its budget of "
                           "%lld ('cachecat_max_misses')", func, n, msg->limit);
    case CC_LIMIT_BUDGET_CYCLES:
      if (msg->count == CC_UNBOUNDED)
        return cc_xasprintf ("a call of '%s' may take unboundedly many cycles of fetch time, "
                             "over its budget of %lld ('cachecat_max_fetch_cycles'): %s", func,
                             msg->limit, msg->where);
      return cc_xasprintf ("a call of '%s' may take up to %llu cycles of fetch time, over its "
                           "budget of %lld ('cachecat_max_fetch_cycles'): %s", func, n,
                           msg->limit, msg->where);
    case CC_LIMIT_SHARE_INSN:
    case CC_LIMIT_SHARE_CALL:
      {
        char *misses = misses_text (msg->count), *runs, *t;
        if (msg->runs == CC_UNBOUNDED)
          runs = cc_xstrdup ("unboundedly often");
        else if (msg->runs == 1)
          runs = cc_xstrdup ("once");
        else
          runs = cc_xasprintf ("up to %llu times", (unsigned long long) msg->runs);
        if (msg->kind == CC_LIMIT_SHARE_INSN)
          {
            char *straddle = msg->lines > 1
                             ? cc_xasprintf ("; where the linker puts its section it may "
                                             "straddle %u lines, which a miss loads all of",
                                             msg->lines)
                             : cc_xstrdup ("");
            t = cc_xasprintf ("%s: a%s %s instruction run %s (%s%s)", misses,
                              msg->symbol[0] == 'a' ? "n" : "", msg->symbol, runs,
                              category_words (msg->symbol), straddle);
            free (straddle);
          }
        else if (msg->symbol)
          t = cc_xasprintf ("%s: calls of '%s', %s", misses, msg->symbol, runs);
        else
          t = cc_xasprintf ("%s: a call of code outside the unit or through a pointer",
                            misses);
        free (misses);
        free (runs);
        return t;
      }
    case CC_LIMIT_MORE_SHARES:
      return cc_xasprintf ("%llu more instructions and calls of '%s' may miss", n, func);
    case CC_LIMIT_BUDGET_UNREACHED:
      if (program)
        return cc_xasprintf ("no root of the program reaches '%s', so it never runs and its "
                             "budgets are not checked", func);
      return cc_xasprintf ("the analysis does not reach '%s' from its entry, so its budgets "
                           "are not checked (the entry option names another)", func);
    case CC_LIMIT_BUDGET_LATER:
      return cc_xasprintf ("the miss budget of '%s' (%lld, 'cachecat_max_misses') is checked "
                           "by cachecat-link on the linked program: %s", func, msg->limit,
                           msg->where);
    case CC_LIMIT_BUDGET_CYCLES_LATER:
      return cc_xasprintf ("the fetch-time budget of '%s' (%lld, 'cachecat_max_fetch_cycles') "
                           "is checked by cachecat-link on the linked program: %s", func,
                           msg->limit, msg->where);
    }
  return cc_xstrdup ("?");
}

unsigned
cc_check_limits (const cc_model *m, const cc_result *r, int linked, long long per_function,
                 long long per_unit, void (*say) (void *, const cc_limit_msg *), void *data)
{
  mates_ctx mc = { m, r, linked, 0, { NULL, 0 } };
  unsigned exceeded = 0;
  uint64_t total = 0;
  uint32_t worst = CC_NONE, worst_n = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      /* The limits are the user's thresholds on the code they compiled:
         the C library's, modelled from the program's bytes, is not
         theirs to change.  */
      if (m->funcs[fi].flags & CC_FUNC_FROM_BYTES)
        continue;
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
                               m->funcs[fi].name, NULL, 0, NULL, 0 };
          say (data, &msg);
          line_notes (m, r, fi, &mc, say, data);
          exceeded++;
        }
    }
  if (per_unit >= 0 && (long long) total > per_unit && worst != CC_NONE)
    {
      cc_limit_msg msg = { CC_LIMIT_UNIT, worst, CC_NONE, total, per_unit, 0, 0,
                           m->funcs[worst].name, NULL, 0, NULL, 0 };
      say (data, &msg);
      unsigned shown = 0;
      for (uint32_t fi = 0; fi < m->n_funcs && shown < 64; fi++)
        {
          uint32_t c = r->funcs[fi].counts[CC_CONFLICT];
          if (!c || (m->funcs[fi].flags & CC_FUNC_FROM_BYTES))
            continue;
          cc_limit_msg note = { CC_LIMIT_FUNC_COUNT, fi, CC_NONE, c, 0, 0, 0,
                                m->funcs[fi].name, NULL, 0, NULL, 0 };
          say (data, &note);
          shown++;
        }
      line_notes (m, r, worst, &mc, say, data);
      exceeded++;
    }
  cc_set_mates_free (&mc.x);
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
      msg.lines = sh[k].lines;
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

/* Say MSG, a budget broken (an error, then notes at what uses it up:
   1) or one that waits for cachecat-link (WAIT: a note, 0).  */
static unsigned
say_budget (const cc_model *m, const cc_result *r, const cc_cache *cache, const cc_bounds *b,
            const cc_limit_msg *msg, int wait, void (*say) (void *, const cc_limit_msg *),
            void *data)
{
  say (data, msg);
  if (wait)
    return 0;
  share_notes (m, r, cache, b, msg->func, say, data);
  return 1;
}

/* Function FI's miss budget (cachecat_max_misses) against its bound: 1
   if exceeded (an error, and notes at what uses it up).  A bound that
   calls out of the unit leave unbounded (a unit's model does not tell
   another unit's function from a pointer) waits for cachecat-link
   (LATER), with a note.  */
static unsigned
miss_budget (const cc_model *m, const cc_result *r, const cc_cache *cache, const cc_bounds *b,
             int later, uint32_t fi, void (*say) (void *, const cc_limit_msg *), void *data)
{
  const cc_func *f = &m->funcs[fi];
  uint64_t x = b->funcs[fi].max_misses;
  if (x != CC_UNBOUNDED && x <= (uint64_t) f->budget_misses)
    return 0;
  char *why = x == CC_UNBOUNDED ? cc_why_text (m, r, &b->funcs[fi].why) : NULL;
  int wait = later && x == CC_UNBOUNDED && b->funcs[fi].why.kind == CC_WHY_UNKNOWN_CALL;
  cc_limit_msg msg = { wait ? CC_LIMIT_BUDGET_LATER : CC_LIMIT_BUDGET_MISSES, fi, CC_NONE, x,
                       f->budget_misses, 0, 0, f->name, why, 0, NULL, 0 };
  unsigned broken = say_budget (m, r, cache, b, &msg, wait, say, data);
  free (why);
  return broken;
}

/* Why FL's fetch time has no bound, where the cache gives one: its
   fetches', else its misses'.  */
static const cc_why *
fetch_time_unbounded (const cc_func_limits *fl)
{
  return fl->fetch.max_fetches == CC_UNBOUNDED ? &fl->fetch.why : &fl->why;
}

/* Why function FI's fetch time is what it is, for its budget's error:
   the fetches and misses it prices, or why it has no bound.  */
static char *
fetch_time_why (const cc_model *m, const cc_result *r, const cc_cache *cache,
                const cc_func_limits *fl)
{
  if (!cache->timed)
    return cc_xstrdup ("the cache gives no fetch time (hit_cycles and miss_penalty: give them "
                       "in the config, or as hit-cycles and miss-penalty)");
  if (fl->fetch.max_cycles == CC_UNBOUNDED)
    return cc_why_text (m, r, fetch_time_unbounded (fl));
  return cc_xasprintf ("its worst paths fetch at most %llu lines, at %u cycle%s each, and miss "
                       "at most %llu times, at %u cycle%s more each",
                       (unsigned long long) fl->fetch.max_fetches, cache->hit_cycles,
                       cache->hit_cycles == 1 ? "" : "s", (unsigned long long) fl->max_misses,
                       cache->miss_penalty, cache->miss_penalty == 1 ? "" : "s");
}

/* Function FI's fetch-time budget (cachecat_max_fetch_cycles) against its
   bound, as miss_budget checks the miss budget: 1 if exceeded.  */
static unsigned
fetch_time_budget (const cc_model *m, const cc_result *r, const cc_cache *cache,
                   const cc_bounds *b, int later, uint32_t fi,
                   void (*say) (void *, const cc_limit_msg *), void *data)
{
  const cc_func *f = &m->funcs[fi];
  const cc_func_limits *fl = &b->funcs[fi];
  uint64_t x = cache->timed ? fl->fetch.max_cycles : CC_UNBOUNDED;
  if (x != CC_UNBOUNDED && x <= (uint64_t) f->budget_fetch_cycles)
    return 0;
  int wait = later && cache->timed && x == CC_UNBOUNDED
             && fetch_time_unbounded (fl)->kind == CC_WHY_UNKNOWN_CALL;
  char *why = fetch_time_why (m, r, cache, fl);
  cc_limit_msg msg = { wait ? CC_LIMIT_BUDGET_CYCLES_LATER : CC_LIMIT_BUDGET_CYCLES, fi,
                       CC_NONE, x, f->budget_fetch_cycles, 0, 0, f->name, why, 0, NULL, 0 };
  unsigned broken = say_budget (m, r, cache, b, &msg, wait, say, data);
  free (why);
  return broken;
}

unsigned
cc_check_budgets (const cc_model *m, const cc_result *r, const cc_cache *cache,
                  const cc_bounds *b, int later,
                  void (*say) (void *, const cc_limit_msg *), void *data)
{
  mates_ctx mc = { m, r, 0, 0, { NULL, 0 } };
  unsigned exceeded = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      if (!(f->flags & CC_FUNC_BUDGETED))
        continue;
      const cc_func_result *fr = &r->funcs[fi];
      if (!(f->flags & CC_FUNC_BROKEN) && !fr->analysed && !fr->too_big)
        {
          /* Code the entry never reaches (inlined everywhere, or run from
             another entry) has no bound to hold against a budget.  */
          cc_limit_msg msg = { CC_LIMIT_BUDGET_UNREACHED, fi, CC_NONE, 0, 0, 0, 0, f->name,
                               NULL, 0, NULL, 0 };
          say (data, &msg);
          continue;
        }
      uint32_t c = r->funcs[fi].counts[CC_CONFLICT];
      if (f->budget_conflicts >= 0 && (int64_t) c > f->budget_conflicts)
        {
          cc_limit_msg msg = { CC_LIMIT_BUDGET_CONFLICTS, fi, CC_NONE, c, f->budget_conflicts,
                               0, 0, f->name, NULL, 0, NULL, 0 };
          say (data, &msg);
          line_notes (m, r, fi, &mc, say, data);
          exceeded++;
        }
      if (f->budget_misses >= 0)
        exceeded += miss_budget (m, r, cache, b, later, fi, say, data);
      if (f->budget_fetch_cycles >= 0)
        exceeded += fetch_time_budget (m, r, cache, b, later, fi, say, data);
    }
  cc_set_mates_free (&mc.x);
  return exceeded;
}
