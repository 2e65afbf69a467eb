/* cachecat report: the side-car JSON file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The JSON is written by hand in a fixed key order, so identical input
   gives byte-identical output.  The format is documented in
   docs/design.md ("The report format").  */

#include "output/report.h"
#include "output/annotate.h"
#include "output/bounds_text.h"
#include "output/json.h"
#include "output/set_mates.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPORT_FORMAT 3

/* The report's writer (json.h), and what it looks up many times.  */
typedef struct wbuf
{
  cc_json *j;
  char *file_json;       /* per model file: its name escaped for JSON */
  size_t *file_len;
  char **file_at;
  const cc_context_verdict **order; /* scratch for json_contexts */
  uint32_t order_cap;
  uint32_t *inst_start;  /* per function: its instances are inst_of[ */
  uint32_t *inst_of;     /* inst_start[f] .. inst_start[f + 1]), ascending */
  const cc_bounds *bounds; /* NULL: none to write */
  int timed;             /* the cache gives the fetch time */
  cc_set_mates mates;    /* every program line with reported insns */
} wbuf;

/* Escape every file name of M once: each insn names its file.  */
static void
escape_files (wbuf *w, const cc_model *m)
{
  size_t cap = 0;
  for (uint32_t i = 0; i < m->n_files; i++)
    cap += CC_JSON_ROOM (strlen (m->files[i]));
  w->file_len = cc_xmalloc ((m->n_files + 1) * sizeof *w->file_len);
  w->file_at = cc_xmalloc ((m->n_files + 1) * sizeof *w->file_at);
  w->file_json = cc_xmalloc (cap + 1);
  size_t at = 0;
  for (uint32_t i = 0; i < m->n_files; i++)
    {
      w->file_at[i] = w->file_json + at;
      w->file_len[i] = cc_json_escape (w->file_json + at, m->files[i]);
      at += w->file_len[i];
    }
}

static void
json_loc (wbuf *w, const cc_model *m, uint32_t file, uint32_t line)
{
  if (file == CC_NONE || file >= m->n_files)
    {
      cc_json_s (w->j, "null");
      return;
    }
  cc_json_c (w->j, '"');
  cc_json_bytes (w->j, w->file_at[file], w->file_len[file]);
  cc_json_c (w->j, ':');
  cc_json_u64 (w->j, line);
  cc_json_c (w->j, '"');
}

/* Is insn I of FN an instruction of the report?  Padding is not, nor an
   insn the assembler made no bytes for (once the layout is known).  */
static int
reported (const cc_func *fn, const cc_func_result *fr, uint32_t i)
{
  return cc_insn_reported (&fn->insns[i]);
}

/* Insn I of FN named from part PART: its offset there, or "sym+offset"
   when it lies in another part (CC_NONE: always so).  */
static void
json_insn_ref (wbuf *w, const cc_func *fn, uint32_t i, uint32_t part)
{
  if (fn->insns[i].part == part)
    {
      cc_json_u64 (w->j, cc_part_offset (fn, i));
      return;
    }
  cc_json_c (w->j, '"');
  cc_json_chars (w->j, fn->parts[fn->insns[i].part].symbol);
  cc_json_c (w->j, '+');
  cc_json_u64 (w->j, cc_part_offset (fn, i));
  cc_json_c (w->j, '"');
}

static void
json_u64_or_null (wbuf *w, uint64_t v)
{
  if (v == CC_UNBOUNDED)
    cc_json_s (w->j, "null");
  else
    cc_json_u64 (w->j, v);
}

/* ", "max_misses": N" or null with the reason.  */
static void
json_bound (wbuf *w, const cc_model *m, const cc_result *r, uint64_t v, const cc_why *why)
{
  cc_json_s (w->j, ", \"max_misses\": ");
  json_u64_or_null (w, v);
  if (v != CC_UNBOUNDED)
    return;
  char *t = cc_why_text (m, r, why);
  cc_json_s (w->j, ", \"unbounded_because\": ");
  cc_json_str (w->j, t);
  free (t);
}

/* The fetches and fetch time of FL, and which bounds the LP relaxation
   gave.  */
static void
json_fetch_bounds (wbuf *w, const cc_model *m, const cc_result *r, const cc_fetch_limits *fl)
{
  cc_json_s (w->j, ", \"max_fetches\": ");
  json_u64_or_null (w, fl->max_fetches);
  if (fl->max_fetches == CC_UNBOUNDED)
    {
      char *t = cc_why_text (m, r, &fl->why);
      cc_json_s (w->j, ", \"fetches_unbounded_because\": ");
      cc_json_str (w->j, t);
      free (t);
    }
  if (w->timed)
    {
      cc_json_s (w->j, ", \"max_fetch_cycles\": ");
      json_u64_or_null (w, fl->max_cycles);
    }
  if (!fl->relaxed)
    return;
  static const char *const what[] = { "misses", "fetches", "fetch_cycles" };
  cc_json_s (w->j, ", \"lp_relaxation\": [");
  for (int k = 0, any = 0; k < 3; k++)
    if (fl->relaxed & (1 << k))
      {
        cc_json_s (w->j, any++ ? ", " : "");
        cc_json_str (w->j, what[k]);
      }
  cc_json_c (w->j, ']');
}

/* The scope of verdict V of an insn of function FI's part PART.  A
   first-hit loop may be a caller's: named by its header as
   "symbol+offset" of that function.  */
static void
json_scope (wbuf *w, const cc_model *m, const cc_result *r, uint32_t fi, cc_verdict v,
            uint32_t part)
{
  switch (v.scope)
    {
    case CC_SCOPE_PROGRAM:
      cc_json_s (w->j, "\"program\"");
      break;
    case CC_SCOPE_FUNCTION:
      cc_json_s (w->j, "\"function\"");
      break;
    case CC_SCOPE_LOOP:
      {
        uint32_t lf = v.other_func ? v.other_func - 1 : fi;
        const cc_func *fn = &m->funcs[lf];
        const cc_block *h = &fn->blocks[r->funcs[lf].loops[v.loop].header];
        cc_json_s (w->j, "{\"loop\": ");
        json_insn_ref (w, fn, h->first_insn, lf == fi ? part : CC_NONE);
        cc_json_c (w->j, '}');
        break;
      }
    default:
      cc_json_s (w->j, "null");
    }
}

/* The counts of the categories; UNREACHABLE only where some function no
   root reaches (cachecat-link): a unit's report has none.  */
static void
json_summary (wbuf *w, const uint32_t *counts, uint32_t never_fetched, uint32_t unreachable)
{
  cc_json_c (w->j, '{');
  for (int c = 0; c < CC_N_CATEGORIES; c++)
    {
      if (c)
        cc_json_s (w->j, ", ");
      cc_json_c (w->j, '"');
      cc_json_s (w->j, cc_category_name (c));
      cc_json_s (w->j, "\": ");
      cc_json_u64 (w->j, counts[c]);
    }
  cc_json_s (w->j, ", \"never-fetched\": ");
  cc_json_u64 (w->j, never_fetched);
  if (unreachable)
    {
      cc_json_s (w->j, ", \"unreachable\": ");
      cc_json_u64 (w->j, unreachable);
    }
  cc_json_c (w->j, '}');
}

/* Order of context verdicts in the report: by UP, then verdict, then
   instance, so that equal verdicts of one UP form one group.  (No two
   contexts of an insn share instance and UP: the order is total.)  */
static inline int
ctx_order (const cc_context_verdict *x, const cc_context_verdict *y)
{
  if (x->up != y->up)
    return x->up < y->up ? -1 : 1;
  if (x->v.category != y->v.category)
    return x->v.category < y->v.category ? -1 : 1;
  if (x->v.scope != y->v.scope)
    return x->v.scope < y->v.scope ? -1 : 1;
  if (x->v.loop != y->v.loop)
    return x->v.loop < y->v.loop ? -1 : 1;
  if (x->v.other_func != y->v.other_func)
    return x->v.other_func < y->v.other_func ? -1 : 1;
  return x->instance < y->instance ? -1 : x->instance > y->instance;
}

static int
cmp_ctx (const void *a, const void *b)
{
  return ctx_order (*(const cc_context_verdict *const *) a,
                    *(const cc_context_verdict *const *) b);
}

/* Sort the N contexts of ORDER by cmp_ctx: most insns have a handful,
   which insertion sort orders faster than qsort sets up.  */
static void
sort_ctx (const cc_context_verdict **order, uint32_t n)
{
  /* Most insns' contexts come in this order already (nine in ten on
     SQLite's shell, two in three of those with many): check first.  */
  uint32_t sorted = 1;
  while (sorted < n && ctx_order (order[sorted - 1], order[sorted]) < 0)
    sorted++;
  if (sorted >= n)
    return;
  if (n > 16)
    {
      qsort (order, n, sizeof *order, cmp_ctx);
      return;
    }
  for (uint32_t i = 1; i < n; i++)
    {
      const cc_context_verdict *x = order[i];
      uint32_t j = i;
      for (; j > 0 && ctx_order (order[j - 1], x) > 0; j--)
        order[j] = order[j - 1];
      order[j] = x;
    }
}

static int
same_verdict (const cc_context_verdict *x, const cc_context_verdict *y)
{
  return x->up == y->up && x->v.category == y->v.category && x->v.scope == y->v.scope
         && x->v.loop == y->v.loop && x->v.other_func == y->v.other_func;
}

/* The per-context verdicts of one insn, grouped: one entry per UP and
   verdict, with the instances that share it (an insn of a function with
   many instances would otherwise repeat the same verdict for each).  */
static void
json_contexts (wbuf *w, const cc_model *m, const cc_result *r, uint32_t fi,
               const cc_insn_result *ir, uint32_t n_func_instances, uint32_t part)
{
  if (ir->n_ctx > w->order_cap)
    {
      w->order_cap = ir->n_ctx;
      free (w->order);
      w->order = cc_xmalloc (w->order_cap * sizeof *w->order);
    }
  const cc_context_verdict **order = w->order;
  for (uint32_t k = 0; k < ir->n_ctx; k++)
    order[k] = &ir->ctx[k];
  sort_ctx (order, ir->n_ctx);
  for (uint32_t k = 0; k < ir->n_ctx; k++)
    {
      const cc_context_verdict *cv = order[k];
      if (k == 0 || !same_verdict (order[k - 1], cv))
        {
          cc_json_s (w->j, "{\"up\": ");
          cc_json_u64 (w->j, cv->up);
          cc_json_s (w->j, ", \"category\": \"");
          cc_json_s (w->j, cc_category_name (cv->v.category));
          cc_json_c (w->j, '"');
          if (cv->v.category == CC_FIRST_MISS || cv->v.category == CC_FIRST_HIT)
            {
              cc_json_s (w->j, ", \"scope\": ");
              json_scope (w, m, r, fi, cv->v, part);
            }
          cc_json_s (w->j, ", \"instances\": ");
        }
      else
        continue;
      /* The group's instances; "all" when they are every instance of
         the function.  */
      uint32_t end = k + 1;
      while (end < ir->n_ctx && same_verdict (order[end], cv))
        end++;
      if (end - k == n_func_instances)
        cc_json_s (w->j, "\"all\"}");
      else
        {
          cc_json_c (w->j, '[');
          for (uint32_t j = k; j < end; j++)
            {
              if (j > k)
                cc_json_s (w->j, ", ");
              cc_json_u64 (w->j, order[j]->instance);
            }
          cc_json_s (w->j, "]}");
        }
      if (end < ir->n_ctx)
        cc_json_s (w->j, ", ");
    }
}

/* ", "set_mates": [...]": the other program lines of the report in the
   set of conflict insn I of function FI (of its section; any section
   after the link: LINKED), which
   may evict its line (docs/semantics.md §7.6), at most 8, and how many
   more.  Written for the first conflict insn of each program line of a
   part only: the report's size would grow by half otherwise.  */
static void
json_set_mates (wbuf *w, const cc_model *m, const cc_result *r, int linked, uint32_t fi,
                uint32_t i)
{
  const cc_set_mates *x = &w->mates;
  uint32_t idx[8];
  uint32_t n = cc_set_mates_of (x, m, r, linked, fi, i, 8, idx);
  cc_json_s (w->j, ", \"set_mates\": [");
  for (uint32_t k = 0; k < n && k < 8; k++)
    {
      const cc_func *g = &m->funcs[x->v[idx[k]].func];
      const cc_insn *gi = &g->insns[x->v[idx[k]].insn];
      cc_json_s (w->j, k ? ", {\"line\": " : "{\"line\": ");
      cc_json_u64 (w->j, x->v[idx[k]].line);
      cc_json_s (w->j, ", \"function\": ");
      cc_json_str (w->j, g->name);
      cc_json_s (w->j, ", \"loc\": ");
      json_loc (w, m, gi->file, gi->line);
      cc_json_c (w->j, '}');
    }
  cc_json_c (w->j, ']');
  if (n > 8)
    {
      cc_json_s (w->j, ", \"set_mates_more\": ");
      cc_json_u64 (w->j, n - 8);
    }
}

/* The categories of the reported insns of part PART of function FI
   (COUNTS), and how many are never fetched or unreachable: the part's
   summary.  */
static void
count_part (const cc_func *fn, const cc_func_result *fr, uint32_t part, uint32_t *counts,
            uint32_t *never, uint32_t *unreachable)
{
  for (uint32_t i = 0; i < fn->n_insns; i++)
    if (fn->insns[i].part == part && reported (fn, fr, i))
      {
        if (cc_insn_never_fetched (&fn->insns[i], fr->analysed))
          (*never)++;
        else if (fr->unreached)
          (*unreachable)++;
        else
          counts[fr->insns[i].merged.category]++;
      }
}

/* Where the linked program put part P of function FI, the unit it was
   compiled in, why code without a model may call it, and its other
   names.  */
static void
json_part_link (wbuf *w, const cc_report_link *link, const cc_part *p, uint32_t fi)
{
  cc_json_s (w->j, ", \"address\": ");
  cc_json_u64 (w->j, link->section_base[p->section] + p->offset);
  cc_json_s (w->j, ", \"unit\": ");
  cc_json_str (w->j, link->func_unit[fi]);
  if (link->func_root_because && link->func_root_because[fi])
    {
      cc_json_s (w->j, ", \"called_from_unknown_code\": ");
      cc_json_str (w->j, link->func_root_because[fi]);
    }
  if (link->func_aliases[fi])
    {
      cc_json_s (w->j, ", \"aliases\": [");
      for (uint32_t k = 0; link->func_aliases[fi][k]; k++)
        {
          if (k)
            cc_json_s (w->j, ", ");
          cc_json_str (w->j, link->func_aliases[fi][k]);
        }
      cc_json_c (w->j, ']');
    }
}

/* What part PART of function FI is: its symbol, function, section and
   place (the final one after the link: LINK), whether it was analysed,
   its bound, and the function's instances.  */
/* What a call of FN, a function without a model, may evict: its
   footprint (bytes and the functions it runs), or everything, and why
   (WHY, if known).  */
static void
json_footprint (wbuf *w, const cc_func *fn, const char *why)
{
  const cc_footprint *fp = fn->footprint;
  if (!fp)
    {
      cc_json_s (w->j, ", \"evicts_everything_because\": ");
      cc_json_str (w->j, why ? why : "its unit could not model it");
      return;
    }
  uint64_t bytes = 0;
  for (uint32_t k = 0; k < fp->n_ranges; k++)
    bytes += fp->ranges[k].size;
  cc_json_s (w->j, ", \"footprint\": {\"bytes\": ");
  cc_json_u64 (w->j, bytes);
  cc_json_s (w->j, ", \"runs\": [");
  for (uint32_t k = 0; k < fp->n_calls; k++)
    {
      if (k)
        cc_json_s (w->j, ", ");
      cc_json_str (w->j, fp->calls[k]);
    }
  cc_json_s (w->j, "]}");
}

static void
json_part_head (wbuf *w, const cc_model *m, const cc_result *r, const cc_report_link *link,
                uint32_t fi, uint32_t part)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  const cc_part *p = &fn->parts[part];
  cc_json_str (w->j, p->symbol);
  cc_json_s (w->j, ", \"function\": ");
  cc_json_str (w->j, fn->name);
  cc_json_s (w->j, ", \"section\": ");
  cc_json_str (w->j, p->section < m->n_sections ? m->sections[p->section].name : NULL);
  cc_json_s (w->j, ", \"section_offset\": ");
  cc_json_u64 (w->j, p->offset);
  if (link)
    json_part_link (w, link, p, fi);
  if (fn->flags & CC_FUNC_FROM_BYTES)
    cc_json_s (w->j, ", \"from_binary\": true");
  if (link && link->func_no_model && link->func_no_model[fi])
    {
      cc_json_s (w->j, ", \"no_model_because\": ");
      cc_json_str (w->j, link->func_no_model[fi]);
    }
  if (link && (fn->flags & CC_FUNC_BROKEN))
    json_footprint (w, fn, link->func_no_footprint ? link->func_no_footprint[fi] : NULL);
  cc_json_s (w->j, ", \"size\": ");
  cc_json_u64 (w->j, p->size);
  cc_json_s (w->j, ", \"loc\": ");
  json_loc (w, m, fn->file, fn->line);
  cc_json_s (w->j, fr->analysed ? ", \"analysed\": true" : ", \"analysed\": false");
  if (fr->too_big)
    cc_json_s (w->j, ", \"too_big\": true");
  if (fr->unreached)
    cc_json_s (w->j, ", \"unreachable\": true");
  if (w->bounds && part == 0)
    {
      json_bound (w, m, r, w->bounds->funcs[fi].max_misses, &w->bounds->funcs[fi].why);
      if (w->bounds->funcs[fi].from_fact)
        cc_json_s (w->j, ", \"max_misses_source\": \"flow-facts\"");
      json_fetch_bounds (w, m, r, &w->bounds->funcs[fi].fetch);
    }

  /* The function's instances (contexts name them).  */
  uint32_t n_inst = w->inst_start[fi + 1] - w->inst_start[fi];
  cc_json_s (w->j, ", \"instances\": [");
  for (uint32_t k = 0; k < n_inst; k++)
    {
      if (k)
        cc_json_s (w->j, ", ");
      cc_json_u64 (w->j, w->inst_of[w->inst_start[fi] + k]);
    }
  cc_json_c (w->j, ']');
}

/* The loops whose header lies in part PART of function FI, with all
   their members (those of another part as "sym+offset") and bounds.  */
static void
json_part_loops (wbuf *w, const cc_model *m, const cc_result *r, uint32_t fi, uint32_t part)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  cc_json_s (w->j, ",\n     \"loops\": [");
  int any = 0;
  for (uint32_t l = 0; l < fr->n_loops; l++)
    {
      const cc_loop *lp = &fr->loops[l];
      uint32_t hi = fn->blocks[lp->header].first_insn;
      if (fn->insns[hi].part != part)
        continue;
      cc_json_s (w->j, any ? ",\n      {\"header\": " : "\n      {\"header\": ");
      cc_json_u64 (w->j, cc_part_offset (fn, hi));
      cc_json_s (w->j, ", \"parent\": ");
      if (lp->parent == CC_NONE)
        cc_json_s (w->j, "null");
      else
        json_insn_ref (w, fn, fn->blocks[fr->loops[lp->parent].header].first_insn, part);
      cc_json_s (w->j, ", \"loc\": ");
      json_loc (w, m, fn->insns[hi].file, fn->insns[hi].line);
      if (w->bounds)
        {
          const cc_loop_limits *ll = &w->bounds->funcs[fi].loops[l];
          cc_json_s (w->j, ", \"iterations\": ");
          json_u64_or_null (w, ll->runs);
          cc_json_s (w->j, ", \"iterations_source\": ");
          cc_json_str (w->j, ll->source == CC_BOUND_GCC ? "gcc"
                       : ll->source == CC_BOUND_PRAGMA ? "pragma"
                       : ll->source == CC_BOUND_FACTS ? "flow-facts" : NULL);
          if (cc_runs_type_range (ll))
            cc_json_s (w->j, ", \"iterations_from_type_range\": true");
          json_bound (w, m, r, ll->max_misses, &ll->why);
          json_fetch_bounds (w, m, r, &ll->fetch);
        }
      /* Every member.  */
      cc_json_s (w->j, ", \"insns\": [");
      int anyi = 0;
      for (uint32_t k = 0; k < lp->n_blocks; k++)
        {
          const cc_block *b = &fn->blocks[lp->blocks[k]];
          for (uint32_t i = b->first_insn; i < b->first_insn + b->n_insns; i++)
            if (reported (fn, fr, i))
              {
                if (anyi)
                  cc_json_s (w->j, ", ");
                json_insn_ref (w, fn, i, part);
                anyi = 1;
              }
        }
      cc_json_s (w->j, "]}");
      any = 1;
    }
  cc_json_s (w->j, any ? "\n     ]" : "]");
}

/* The UPs of part PART of FN: each as the offsets of the first insn of
   its blocks.  */
static void
json_part_ups (wbuf *w, const cc_func *fn, const cc_func_result *fr, uint32_t part)
{
  cc_json_s (w->j, ",\n     \"ups\": [");
  int any = 0;
  for (uint32_t u = 0; u < fr->n_ups; u++)
    {
      const cc_up *up = &fr->ups[u];
      if (fn->insns[fn->blocks[up->blocks[0]].first_insn].part != part)
        continue;
      cc_json_s (w->j, any ? ",\n      {\"id\": " : "\n      {\"id\": ");
      cc_json_u64 (w->j, u);
      cc_json_s (w->j, ", \"blocks\": [");
      for (uint32_t k = 0; k < up->n_blocks; k++)
        {
          if (k)
            cc_json_s (w->j, ", ");
          /* A block of the other part is named by symbol+offset.  */
          json_insn_ref (w, fn, fn->blocks[up->blocks[k]].first_insn, part);
        }
      cc_json_s (w->j, "]}");
      any = 1;
    }
  cc_json_s (w->j, any ? "\n     ]" : "]");
}

/* The reported insns of part PART of function FI: each with its place,
   category, scope, line and set, what the linker or assembler does to
   it, the call it makes, its set mates (conflicts, once per program
   line) and its verdicts per context.  */
static void
json_part_insns (wbuf *w, const cc_model *m, const cc_result *r, int linked, uint32_t fi,
                 uint32_t part)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  uint32_t n_inst = w->inst_start[fi + 1] - w->inst_start[fi];
  /* The insns that end a calling block: the call sites.  */
  uint32_t *call_block = cc_xmalloc ((fn->n_insns + 1) * sizeof *call_block);
  for (uint32_t i = 0; i < fn->n_insns; i++)
    call_block[i] = CC_NONE;
  for (uint32_t b = 0; b < fn->n_blocks; b++)
    if (fn->blocks[b].call != CC_CALL_NONE && fn->blocks[b].n_insns
        && fn->blocks[b].first_insn + fn->blocks[b].n_insns <= fn->n_insns)
      call_block[fn->blocks[b].first_insn + fn->blocks[b].n_insns - 1] = b;

  cc_json_s (w->j, ",\n     \"insns\": [");
  int any = 0;
  uint32_t mates_line = CC_NONE;
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      const cc_insn *in = &fn->insns[i];
      if (in->part != part || !reported (fn, fr, i))
        continue;
      const cc_insn_result *ir = &fr->insns[i];
      cc_json_s (w->j, any ? ",\n      {\"offset\": " : "\n      {\"offset\": ");
      cc_json_u64 (w->j, cc_part_offset (fn, i));
      cc_json_s (w->j, ", \"length\": ");
      cc_json_u64 (w->j, in->length);
      cc_json_s (w->j, ", \"category\": \"");
      cc_json_s (w->j, cc_insn_category (fn, fr, i));
      cc_json_c (w->j, '"');
      if (cc_insn_has_scope (fn, fr, i))
        {
          cc_json_s (w->j, ", \"scope\": ");
          json_scope (w, m, r, fi, ir->merged, part);
        }
      cc_json_s (w->j, ", \"line\": ");
      cc_json_u64 (w->j, ir->pline);
      cc_json_s (w->j, ", \"set\": ");
      cc_json_u64 (w->j, ir->set);
      cc_json_s (w->j, ", \"lines\": ");
      cc_json_u64 (w->j, ir->n_lines);
      if (in->kind == CC_INSN_ASM)
        cc_json_s (w->j, ", \"asm\": true");
      if (in->fetch == CC_FETCH_MAYBE)
        cc_json_s (w->j, ", \"fetch\": \"maybe\"");
      if (in->rewrite != CC_REWRITE_NONE && in->rewrite < CC_N_REWRITES)
        {
          cc_json_s (w->j, ", \"linker\": \"");
          cc_json_s (w->j, cc_rewrite_name (in->rewrite));
          cc_json_c (w->j, '"');
        }
      if (in->unsplit)
        cc_json_s (w->j, ", \"unsplit\": true");
      if (call_block[i] != CC_NONE)
        {
          /* A call: to a known symbol or unknown code; a tail call (a
             sibling call) leaves the function.  */
          const cc_block *cb = &fn->blocks[call_block[i]];
          cc_json_s (w->j, ", \"call\": {\"callee\": ");
          if (cb->call == CC_CALL_DIRECT && cb->callee)
            cc_json_str (w->j, cb->callee);
          else
            cc_json_s (w->j, "null");
          cc_json_s (w->j, cb->exits ? ", \"tail\": true}" : ", \"tail\": false}");
        }
      cc_json_s (w->j, ", \"loc\": ");
      json_loc (w, m, in->file, in->line);
      /* Once per program line: its other conflict insns share them.  */
      if (ir->merged.category == CC_CONFLICT && fr->analysed
          && !cc_insn_never_fetched (in, fr->analysed) && ir->pline != mates_line)
        {
          json_set_mates (w, m, r, linked, fi, i);
          mates_line = ir->pline;
        }
      cc_json_s (w->j, ", \"contexts\": [");
      json_contexts (w, m, r, fi, ir, n_inst, part);
      cc_json_s (w->j, "]}");
      any = 1;
    }
  free (call_block);
  cc_json_s (w->j, any ? "\n     ]" : "]");
}

/* Part PART of function FI, an entry of "functions" (FIRST: the first
   one).  */
static void
write_part (wbuf *w, const cc_model *m, const cc_result *r, const cc_report_link *link,
            uint32_t fi, uint32_t part, int first)
{
  uint32_t counts[CC_N_CATEGORIES] = { 0 }, never = 0, unreachable = 0;
  count_part (&m->funcs[fi], &r->funcs[fi], part, counts, &never, &unreachable);
  cc_json_s (w->j, first ? "\n    {\"name\": " : ",\n    {\"name\": ");
  json_part_head (w, m, r, link, fi, part);
  json_part_loops (w, m, r, fi, part);
  json_part_ups (w, &m->funcs[fi], &r->funcs[fi], part);
  json_part_insns (w, m, r, link != NULL, fi, part);
  cc_json_s (w->j, ",\n     \"summary\": ");
  json_summary (w, counts, never, unreachable);
  cc_json_c (w->j, '}');
}

/* "link": what cachecat-link found in the program LINK.  */
static void
json_link (wbuf *w, const cc_report_link *link)
{
  cc_json_s (w->j, ",\n  \"link\": {\"program\": ");
  cc_json_str (w->j, link->program);
  cc_json_s (w->j, ", \"units\": ");
  cc_json_u64 (w->j, link->n_units);
  if (link->n_relaxed)
    {
      cc_json_s (w->j, ", \"relaxed_units\": ");
      cc_json_u64 (w->j, link->n_relaxed);
    }
  cc_json_s (w->j, ", \"removed_functions\": ");
  cc_json_u64 (w->j, link->n_removed);
  if (link->n_dead)
    {
      cc_json_s (w->j, ", \"unnamed_unreached_functions\": ");
      cc_json_u64 (w->j, link->n_dead);
    }
  cc_json_s (w->j, ", \"called_from_unknown_code\": ");
  cc_json_u64 (w->j, link->n_escaped);
  if (link->open_because)
    {
      cc_json_s (w->j, ", \"closed\": false, \"open_because\": ");
      cc_json_str (w->j, link->open_because);
    }
  else
    {
      cc_json_s (w->j, ", \"closed\": true, \"indirect_calls\": ");
      cc_json_u64 (w->j, link->n_indirect_sites);
      cc_json_s (w->j, ", \"indirect_targets\": ");
      cc_json_u64 (w->j, link->n_indirect_targets);
    }
  cc_json_c (w->j, '}');
}

/* What the report is of: its format, the source, the target, the
   program (after the link), and the cache.  */
static void
json_head (wbuf *w, const cc_report_info *info)
{
  const cc_options *o = info->options;
  cc_json_s (w->j, "{\n  \"cachecat\": ");
  cc_json_u64 (w->j, REPORT_FORMAT);
  cc_json_s (w->j, ",\n  \"source\": ");
  cc_json_str (w->j, info->source);
  cc_json_s (w->j, ",\n  \"target\": {\"arch\": ");
  cc_json_str (w->j, info->arch);
  if (info->triple)
    {
      cc_json_s (w->j, ", \"triple\": ");
      cc_json_str (w->j, info->triple);
    }
  cc_json_c (w->j, '}');
  if (info->link)
    json_link (w, info->link);
  cc_json_s (w->j, ",\n  \"cache\": {\"size\": ");
  cc_json_u64 (w->j, o->cache_size);
  cc_json_s (w->j, ", \"line\": ");
  cc_json_u64 (w->j, o->line_size);
  cc_json_s (w->j, ", \"ways\": ");
  cc_json_u64 (w->j, o->ways);
  cc_json_s (w->j, ", \"sets\": ");
  cc_json_u64 (w->j, o->cache_size / (o->line_size * o->ways));
  cc_json_s (w->j, ", \"policy\": ");
  cc_json_str (w->j, o->policy ? o->policy : "lru");
  if (w->timed)
    {
      cc_json_s (w->j, ", \"hit_cycles\": ");
      cc_json_u64 (w->j, (uint64_t) o->hit_cycles);
      cc_json_s (w->j, ", \"miss_penalty\": ");
      cc_json_u64 (w->j, (uint64_t) o->miss_penalty);
    }
  cc_json_s (w->j, ", \"config\": ");
  cc_json_str (w->j, o->config_name ? o->config_name : "default");
  cc_json_s (w->j, "},\n");
}

/* "layout": what is assumed about addresses (docs/semantics.md §7.3),
   and the sections.  */
static void
json_layout (wbuf *w, const cc_model *m, const cc_result *r, const cc_report_info *info)
{
  cc_json_s (w->j, "  \"layout\": {\"offsets\": ");
  /* The same words however the offsets were found (computed the way the
     assembler lays them out, or read back from it): the report does not
     depend on the method.  */
  if (info->link)
    {
      cc_json_s (w->j, "\"final: the addresses of the linked program, checked against its bytes\"");
      cc_json_s (w->j, ", \"set_indices\": \"absolute\", \"alignment_forced\": false");
    }
  else
    {
      cc_json_str (w->j, info->layout_note ? "unknown"
                   : "exact within each section (as the assembler lays them out)");
      cc_json_s (w->j, ", \"set_indices\": \"relative: each section starts at an unknown set; "
           "lines of different sections may share any set\", \"alignment_forced\": false");
    }
  cc_json_s (w->j, ", \"phases\": ");
  cc_json_u64 (w->j, r->n_phases);
  cc_json_s (w->j, ", \"groups\": ");
  cc_json_u64 (w->j, r->n_groups);
  cc_json_s (w->j, ", \"sections\": [");
  for (uint32_t s = 0; s < m->n_sections; s++)
    {
      cc_json_s (w->j, s ? ", {\"name\": " : "{\"name\": ");
      cc_json_str (w->j, m->sections[s].name);
      cc_json_s (w->j, ", \"align\": ");
      cc_json_u64 (w->j, m->sections[s].align);
      if (info->link)
        {
          /* Program line 0 of the section starts here.  */
          cc_json_s (w->j, ", \"address\": ");
          cc_json_u64 (w->j, info->link->section_base[s]);
        }
      cc_json_c (w->j, '}');
    }
  cc_json_s (w->j, "]");
  if (info->layout_note)
    {
      cc_json_s (w->j, ", \"problem\": ");
      cc_json_str (w->j, info->layout_note);
    }
  if (info->layout_advice)
    {
      cc_json_s (w->j, ", \"advice\": ");
      cc_json_str (w->j, info->layout_advice);
    }
  cc_json_s (w->j, "},\n");
}

/* What the analysis assumes: the entry and the cache's state there,
   what code without a model may do, what is not modelled, and the cap
   on instances.  */
static void
json_assumptions (wbuf *w, const cc_model *m, const cc_result *r, const cc_report_info *info)
{
  const cc_options *o = info->options;
  cc_json_s (w->j, "  \"entry\": {\"symbol\": ");
  cc_json_str (w->j, o->entry);
  int found = o->entry && cc_model_find_func (m, o->entry) != CC_NONE;
  cc_json_s (w->j, found ? ", \"found\": true" : ", \"found\": false");
  cc_json_s (w->j, o->entry && o->entry_cold ? ", \"state\": \"cold\"},\n"
                                    : ", \"state\": \"warm\"},\n");
  if (info->link && !info->link->open_because)
    cc_json_s (w->j, "  \"unknown_code\": \"the program is closed: only inline asm that "
               "enters the kernel, which may touch every cache set; an indirect call calls "
               "one of the functions whose address the program holds (instance "
               "\\\"(indirect call)\\\")\",\n");
  else if (info->link)
    cc_json_s (w->j, "  \"unknown_code\": \"code without a model (the C library, libgcc, "
               "assembly), calls through the PLT, indirect calls and inline asm: may touch "
               "every cache set and call every function whose address the program's code or "
               "data without a model holds, or that is address-taken\",\n");
  else
    cc_json_s (w->j, "  \"unknown_code\": \"calls to code outside the unit, indirect calls "
               "and inline asm: may touch every cache set and call every function of the unit "
               "that is externally visible or address-taken\",\n");
  cc_json_s (w->j, "  \"not_modelled\": [\"interrupts\", \"DMA\", \"prefetching\", "
             "\"wrong-path fetches\"],\n");
  if (o->max_instances)
    {
      cc_json_s (w->j, "  \"max_instances\": ");
      cc_json_u64 (w->j, o->max_instances);
      cc_json_s (w->j, ", ");
    }
  else
    {
      cc_json_s (w->j, "  \"max_instances\": null, \"instance_budget\": ");
      cc_json_u64 (w->j, r->instance_budget);
      cc_json_s (w->j, ", ");
    }
  cc_json_s (w->j, r->capped ? "\"capped\": true,\n" : "\"capped\": false,\n");
}

/* "instances": each function instance, with its parent and call.  */
static void
json_instances (wbuf *w, const cc_model *m, const cc_result *r)
{
  cc_json_s (w->j, "  \"instances\": [");
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      const cc_instance *in = &r->instances[x];
      cc_json_s (w->j, x ? ",\n    {\"id\": " : "\n    {\"id\": ");
      cc_json_u64 (w->j, x);
      cc_json_s (w->j, ", \"function\": ");
      cc_json_str (w->j, m->funcs[in->func].name);
      if (in->parent == CC_NONE)
        cc_json_s (w->j, ", \"parent\": null, \"call\": null");
      else
        {
          const cc_func *pf = &m->funcs[r->instances[in->parent].func];
          const cc_block *b = &pf->blocks[in->call_block];
          uint32_t ci = b->first_insn + b->n_insns - 1;
          cc_json_s (w->j, ", \"parent\": ");
          cc_json_u64 (w->j, in->parent);
          cc_json_s (w->j, ", \"call\": {\"symbol\": ");
          cc_json_str (w->j, pf->parts[pf->insns[ci].part].symbol);
          cc_json_s (w->j, ", \"offset\": ");
          cc_json_u64 (w->j, cc_part_offset (pf, ci));
          cc_json_c (w->j, '}');
        }
      cc_json_s (w->j, in->root ? ", \"root\": true" : ", \"root\": false");
      cc_json_s (w->j, in->cold ? ", \"cold\": true" : ", \"cold\": false");
      cc_json_s (w->j, in->merged ? ", \"merged\": true}" : ", \"merged\": false}");
    }
  cc_json_s (w->j, r->n_instances ? "\n  ],\n" : "],\n");
}

static void
write_json_buf (wbuf *w, const cc_model *m, const cc_result *r,
                const cc_report_info *info)
{
  json_head (w, info);
  json_layout (w, m, r, info);
  json_assumptions (w, m, r, info);
  json_instances (w, m, r);
  cc_json_s (w->j, "  \"functions\": [");
  int first = 1;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (m->funcs[fi].flags & CC_FUNC_SYNTHETIC)
        continue;
      for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
        {
          write_part (w, m, r, info->link, fi, p, first);
          first = 0;
        }
    }
  cc_json_s (w->j, first ? "],\n" : "\n  ],\n");
  cc_json_s (w->j, "  \"summary\": ");
  json_summary (w, r->counts, r->never_fetched, r->unreachable);
  cc_json_s (w->j, "\n}\n");
}

/* Index the instances by function (a counting sort, so each function's
   stay ascending): every part lists its function's instances, and a scan
   of all instances per part is quadratic in a big program.  */
static void
index_instances (wbuf *w, const cc_model *m, const cc_result *r)
{
  w->inst_start = cc_xcalloc (m->n_funcs + 2, sizeof *w->inst_start);
  w->inst_of = cc_xmalloc ((r->n_instances + 1) * sizeof *w->inst_of);
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].func < m->n_funcs)
      w->inst_start[r->instances[x].func + 2]++;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    w->inst_start[f + 2] += w->inst_start[f + 1];
  /* inst_start[f + 1] is now where function f's instances start: place
     them, which leaves it where they end.  */
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].func < m->n_funcs)
      w->inst_of[w->inst_start[r->instances[x].func + 1]++] = x;
}

static void
write_json (FILE *f, const cc_model *m, const cc_result *r, const cc_report_info *info)
{
  wbuf *w = cc_xmalloc (sizeof *w);
  w->j = cc_json_open (f);
  w->order = NULL;
  w->order_cap = 0;
  w->bounds = info->bounds;
  w->timed = cc_options_timed (info->options);
  escape_files (w, m);
  index_instances (w, m, r);
  cc_set_mates_index (&w->mates, m, r, info->link != NULL);
  write_json_buf (w, m, r, info);
  cc_json_close (w->j);
  free (w->inst_start);
  free (w->inst_of);
  cc_set_mates_free (&w->mates);
  free (w->order);
  free (w->file_json);
  free (w->file_len);
  free (w->file_at);
  free (w);
}

struct json_job
{
  const cc_model *m;
  const cc_result *r;
  const cc_report_info *info;
};

static int
fill_json (FILE *f, void *data)
{
  const struct json_job *j = data;
  write_json (f, j->m, j->r, j->info);
  return 0;
}

int
cc_report_write (const char *path, const cc_model *m, const cc_result *r,
                 const cc_report_info *info, char **err)
{
  struct json_job j = { m, r, info };
  return cc_write_file (path, fill_json, &j, err);
}
