/* cachecat bounds: from categories to the most misses (bounds.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "bounds/bounds_impl.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* Bounds above this are no bounds: sums and products of them stay far
   from wrapping around.  */
#define BIG (UINT64_C (1) << 62)

static uint64_t
add (uint64_t a, uint64_t b)
{
  if (a == CC_UNBOUNDED || b == CC_UNBOUNDED || a + b >= BIG)
    return CC_UNBOUNDED;
  return a + b;
}

static uint64_t
mul (uint64_t a, uint64_t b)
{
  if (a == 0 || b == 0)
    return 0;
  if (a == CC_UNBOUNDED || b == CC_UNBOUNDED || a >= BIG / b)
    return CC_UNBOUNDED;
  return a * b;
}

static uint64_t
min64 (uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* Is V among the ascending S[0 .. N)?  */
static int
has_uid (const uint32_t *s, uint32_t n, uint32_t v)
{
  return cc_find_u32 (s, n, v) != UINT32_MAX;
}

/* Is the engine's loop LP of F still the producer's loop LB?  Its
   header holds an insn of LB's header, and every insn of it that
   existed when LB was recorded (uid 1 .. max_uid) was one of LB's.
   Later passes give the insns they make new uids; so a loop that took
   in code from outside LB (two loops merged into one header) fails the
   second test, and one whose header is now other code fails the
   first.  */
static int
still_that_loop (const cc_func *f, const cc_loop *lp, const cc_loop_bound *lb)
{
  const uint32_t *header = lb->uids, *body = lb->uids + lb->n_header;
  const cc_block *h = &f->blocks[lp->header];
  int found = 0;
  for (uint32_t i = h->first_insn; i < h->first_insn + h->n_insns && !found; i++)
    {
      uint32_t uid = f->insns[i].uid;
      found = uid > 0 && uid <= lb->max_uid && has_uid (header, lb->n_header, uid);
    }
  if (!found)
    return 0;
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    {
      const cc_block *b = &f->blocks[lp->blocks[k]];
      for (uint32_t i = b->first_insn; i < b->first_insn + b->n_insns; i++)
        {
          uint32_t uid = f->insns[i].uid;
          if (uid > 0 && uid <= lb->max_uid && !has_uid (body, lb->n_body, uid))
            return 0;
        }
    }
  return 1;
}

/* Does anchor LB (n_body 0) name loop L: L is the innermost loop of an
   insn of LB's, and holds no other loop that is?  */
static int
anchored_loop (const cc_func *f, const cc_func_result *fr, uint32_t l, const cc_loop_bound *lb)
{
  int is = 0;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      uint32_t in = fr->block_loop[b];
      if (in == CC_NONE)
        continue;
      const cc_block *bb = &f->blocks[b];
      int anchored = 0;
      for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns && !anchored; i++)
        anchored = f->insns[i].uid > 0 && has_uid (lb->uids, lb->n_header, f->insns[i].uid);
      if (!anchored)
        continue;
      if (in == l)
        is = 1;
      else if (cc_loop_within (fr, in, l))
        return 0;
    }
  return is;
}

/* Each loop's header runs: the least bound of the producer's loops it
   still is.  */
static void
loop_runs (const cc_func *f, const cc_func_result *fr, cc_loop_limits *out)
{
  for (uint32_t l = 0; l < fr->n_loops; l++)
    {
      cc_loop_limits *ll = &out[l];
      ll->runs = CC_UNBOUNDED;
      ll->file = CC_NONE;
      for (uint32_t k = 0; k < f->n_loop_bounds; k++)
        {
          const cc_loop_bound *lb = &f->loop_bounds[k];
          if (lb->max_runs < ll->runs
              && (lb->n_body ? still_that_loop (f, &fr->loops[l], lb)
                             : anchored_loop (f, fr, l, lb)))
            {
              ll->runs = lb->max_runs;
              ll->source = lb->source;
              ll->file = lb->file;
              ll->line = lb->line;
            }
        }
    }
}

/* Is U -> V a back edge: V the header of a loop around U?  */
static int
back_edge (const cc_func_result *fr, uint32_t u, uint32_t v)
{
  for (uint32_t l = fr->block_loop[u]; l != CC_NONE; l = fr->loops[l].parent)
    if (fr->loops[l].header == v)
      return 1;
  return 0;
}

/* Blocks on a cycle that no natural loop explains (an irreducible one):
   what is left unsorted when the graph without the loops' back edges is
   sorted topologically (Kahn).  Blocks a cycle leads to are left too,
   which only costs precision.  GCC's code rarely has such cycles.  */
static uint8_t *
off_loop_cycles (const cc_func *f, const cc_func_result *fr)
{
  uint32_t n = f->n_blocks;
  uint32_t *indeg = cc_xcalloc (n + 1, sizeof *indeg);
  uint32_t *queue = cc_xmalloc ((n + 1) * sizeof *queue);
  uint8_t *left = cc_xmalloc (n + 1);
  memset (left, 1, n + 1);
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t k = 0; k < f->blocks[u].n_succs; k++)
      if (!back_edge (fr, u, f->blocks[u].succs[k]))
        indeg[f->blocks[u].succs[k]]++;
  uint32_t qh = 0, qt = 0;
  for (uint32_t u = 0; u < n; u++)
    if (!indeg[u])
      queue[qt++] = u;
  while (qh < qt)
    {
      uint32_t u = queue[qh++];
      left[u] = 0;
      for (uint32_t k = 0; k < f->blocks[u].n_succs; k++)
        {
          uint32_t v = f->blocks[u].succs[k];
          if (!back_edge (fr, u, v) && --indeg[v] == 0)
            queue[qt++] = v;
        }
    }
  free (indeg);
  free (queue);
  return left;
}

/* One function's view while its bounds are summed.  */
typedef struct fview
{
  const cc_func *f;
  const cc_func_result *fr;
  const cc_loop_limits *loops;
  const uint8_t *cyclic;  /* off_loop_cycles */
  uint32_t fi;
  int multi_phase;        /* sections may start anywhere in a line */
  uint32_t L;
} fview;

/* Product of the header runs of the loops from FROM outwards up to and
   including TOP (every loop out to the function if TOP is CC_NONE).  */
static uint64_t
runs_product (const fview *v, uint32_t from, uint32_t top)
{
  uint64_t p = 1;
  for (uint32_t l = from; l != CC_NONE; l = v->fr->loops[l].parent)
    {
      p = mul (p, v->loops[l].runs);
      if (l == top)
        break;
    }
  return p;
}

/* The most times block B runs in one execution of TOP (one invocation
   if TOP is CC_NONE; B lies in TOP).  Inside a loop's iteration a block
   runs at most once, unless it lies on a cycle no loop explains.  */
static uint64_t
block_runs (const fview *v, uint32_t b, uint32_t top)
{
  if (v->cyclic[b])
    return CC_UNBOUNDED;
  return runs_product (v, v->fr->block_loop[b], top);
}

/* How many executions of loop M one execution of TOP holds (M in TOP;
   TOP CC_NONE: one invocation).  */
static uint64_t
loop_execs (const fview *v, uint32_t m, uint32_t top)
{
  if (m == top)
    return 1;
  /* A header on a cycle no loop explains may be entered again and again
     within one iteration around it.  */
  if (v->cyclic[v->fr->loops[m].header])
    return CC_UNBOUNDED;
  return runs_product (v, v->fr->loops[m].parent, top);
}

/* The lines insn I may touch in one fetch.  */
static uint64_t
insn_lines (const fview *v, uint32_t i)
{
  return cc_fetch_lines (v->f, v->fr, i, v->multi_phase, v->L);
}

/* The most misses insn I of block B causes in one execution of TOP
   (CC_NONE: one invocation), from its verdict (docs/semantics.md §7.5):
   a miss is a line loaded, so a fetch that straddles counts two.  */
static uint64_t
insn_misses (const fview *v, uint32_t i, uint32_t b, uint32_t top)
{
  const cc_insn *in = &v->f->insns[i];
  if (cc_insn_never_fetched (in, v->fr->analysed))
    return 0;
  const cc_verdict *vd = &v->fr->insns[i].merged;
  uint64_t lines = insn_lines (v, i);
  uint64_t every = mul (lines, block_runs (v, b, top));
  switch (vd->category)
    {
    case CC_ALWAYS_HIT:
      return 0;
    case CC_FIRST_MISS:
      /* Once per execution of its scope: at most once in TOP if the
         scope is TOP or holds it, else once per execution of the scope
         inside TOP.  */
      if (vd->scope != CC_SCOPE_LOOP
          || (top != CC_NONE && cc_loop_within (v->fr, top, vd->loop)))
        return min64 (lines, every);
      return min64 (mul (lines, loop_execs (v, vd->loop, top)), every);
    case CC_FIRST_HIT:
      /* All fetches but the first of each execution of its loop, if
         that loop is in TOP; else any fetch.  */
      if (vd->other_func || (top != CC_NONE && !cc_loop_within (v->fr, vd->loop, top)))
        return every;
      {
        uint64_t per = block_runs (v, b, vd->loop);
        if (per == CC_UNBOUNDED)
          return every;
        return min64 (mul (mul (lines, per ? per - 1 : 0), loop_execs (v, vd->loop, top)),
                      every);
      }
    default:
      return every;
    }
}

/* What a bound counts (docs/semantics.md §7.5): lines loaded, lines
   fetched, or the cycles of fetch time.  */
enum measure { M_MISSES, M_FETCHES, M_CYCLES };

/* The most line fetches LEN bytes of several machine instructions make
   (alignment padding, an asm statement, an insn not split): as many
   instructions as the assembler chose (of any length: at most one per
   byte), each fetching its lines, which only the line boundaries inside
   the bytes make more than one.  */
static uint64_t
fetches_of_bytes (const fview *v, uint32_t len)
{
  return len ? len + (len + v->L - 2) / v->L : 0;
}

/* The most line fetches one run of insn I makes.  */
static uint64_t
insn_line_fetches (const fview *v, uint32_t i)
{
  const cc_insn *in = &v->f->insns[i];
  if (in->kind == CC_INSN_PAD || in->kind == CC_INSN_ASM || in->unsplit)
    return fetches_of_bytes (v, in->length);
  return insn_lines (v, i);
}

/* The padding one run of block B runs through (docs/semantics.md §3.6):
   between its insns, and on its fall-through edge (counted on every run:
   more than the edge's, which is sound).  *FETCHES: the most line
   fetches it makes; *LINES: the most lines it may load that no insn
   around it touches (whole lines of padding).  */
static void
block_padding (const fview *v, uint32_t b, uint64_t *fetches, uint64_t *lines)
{
  const cc_func *f = v->f;
  const cc_block *bb = &f->blocks[b];
  uint32_t last = bb->first_insn + bb->n_insns - 1;
  uint64_t len = 0;
  *fetches = 0;
  for (uint32_t i = bb->first_insn + 1; i <= last; i++)
    {
      uint32_t gap = cc_padding_between (f, i - 1, i);
      *fetches += fetches_of_bytes (v, gap);
      len += gap / v->L;
    }
  if (bb->fallthru != CC_NONE)
    {
      uint32_t gap = cc_padding_between (f, last, f->blocks[bb->fallthru].first_insn);
      *fetches += fetches_of_bytes (v, gap);
      len += gap / v->L;
    }
  *lines = len;
}

/* The most fetches insn I of block B makes in one execution of TOP.  */
static uint64_t
insn_fetches (const fview *v, uint32_t i, uint32_t b, uint32_t top)
{
  if (cc_insn_never_fetched (&v->f->insns[i], v->fr->analysed))
    return 0;
  return mul (insn_line_fetches (v, i), block_runs (v, b, top));
}

/* Why block B may run unboundedly often in one execution of TOP: a
   cycle no loop explains, or the outermost loop in TOP without a bound;
   else the sum outgrew 62 bits.  */
static cc_why
runs_why (const fview *v, uint32_t b, uint32_t top)
{
  if (v->cyclic[b])
    return (cc_why){ CC_WHY_IRREDUCIBLE, v->fi, 0, CC_NONE, NULL };
  uint32_t unb = CC_NONE;
  for (uint32_t l = v->fr->block_loop[b]; l != CC_NONE; l = v->fr->loops[l].parent)
    {
      if (v->loops[l].runs == CC_UNBOUNDED)
        unb = l;
      if (l == top)
        break;
    }
  if (unb != CC_NONE)
    return (cc_why){ CC_WHY_LOOP, v->fi, unb, CC_NONE, NULL };
  return (cc_why){ CC_WHY_OVERFLOW, v->fi, 0, CC_NONE, NULL };
}

enum { TODO, BUSY, DONE };

typedef struct walker
{
  const cc_model *m;
  const cc_result *r;
  const cc_cache *cache;
  cc_bounds *b;
  cc_func_index ix;
  uint8_t *state;        /* per function: TODO, BUSY, DONE */
} walker;

static void func_bounds (walker *w, uint32_t fi);

/* The function block BB calls by name in IX, or CC_NONE.  */
static uint32_t
callee_of (const cc_func_index *ix, const cc_block *bb)
{
  return bb->call == CC_CALL_DIRECT && bb->callee ? cc_func_index_find (ix, bb->callee)
                                                  : CC_NONE;
}

/* The most misses RUNS calls of function G with bound EACH per
   invocation cause: never more than all of G's misses in the run.  */
static uint64_t
calls_misses (const cc_bounds *b, uint32_t g, uint64_t runs, uint64_t each)
{
  return min64 (mul (runs, each), b->funcs[g].run_misses);
}

/* Function G's bound of what K counts per invocation, and why it has
   none.  */
static uint64_t
callee_bound (const cc_bounds *b, uint32_t g, enum measure k, cc_why *why)
{
  const cc_func_limits *fl = &b->funcs[g];
  *why = k == M_MISSES ? fl->why : fl->fetch.why;
  return k == M_MISSES ? fl->max_misses : k == M_FETCHES ? fl->fetch.max_fetches
                                                         : fl->fetch.max_cycles;
}

/* Add to *SUM what K counts of block B's call, run RUNS times; *WHY gets
   the reason if that makes *SUM unbounded.  */
static void
add_call (walker *w, const fview *v, uint32_t b, uint32_t top, uint64_t runs, enum measure k,
          uint64_t *sum, cc_why *why)
{
  const cc_block *bb = &v->f->blocks[b];
  if (bb->call == CC_CALL_NONE)
    return;
  uint32_t g = callee_of (&w->ix, bb);
  cc_why w2 = { CC_WHY_NONE, v->fi, 0, bb->first_insn + bb->n_insns - 1, NULL };
  uint64_t each;
  if (g == CC_NONE)
    {
      each = CC_UNBOUNDED;
      w2.kind = bb->call == CC_CALL_UNKNOWN && bb->callee ? CC_WHY_NO_MODEL_CALL
                                                           : CC_WHY_UNKNOWN_CALL;
      w2.name = bb->callee;
    }
  else
    {
      if (w->state[g] == TODO)
        func_bounds (w, g);
      if (w->state[g] == BUSY)
        {
          each = CC_UNBOUNDED;
          w2.kind = CC_WHY_RECURSION;
          w2.func = g;
        }
      else
        each = callee_bound (w->b, g, k, &w2);
    }
  uint64_t before = *sum;
  *sum = add (*sum, g == CC_NONE || k != M_MISSES ? mul (runs, each)
                                                   : calls_misses (w->b, g, runs, each));
  if (*sum == CC_UNBOUNDED && before != CC_UNBOUNDED && why->kind == CC_WHY_NONE)
    {
      /* A bounded callee called unboundedly often: the call's block is
         why.  */
      if (each != CC_UNBOUNDED && runs == CC_UNBOUNDED)
        *why = runs_why (v, b, top);
      else
        *why = w2.kind != CC_WHY_NONE ? w2 : (cc_why){ CC_WHY_OVERFLOW, v->fi, 0, CC_NONE, NULL };
    }
}

/* What K (misses or fetches) counts of block B in one execution of TOP,
   added to *SUM.  */
static void
add_block (walker *w, const fview *v, uint32_t b, uint32_t top, enum measure k, uint64_t *sum,
           cc_why *why)
{
  const cc_block *bb = &v->f->blocks[b];
  for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns; i++)
    {
      uint64_t before = *sum;
      if (cc_runs_code_unseen (&v->f->insns[i]))
        *sum = CC_UNBOUNDED;
      else
        *sum = add (*sum, k == M_MISSES ? insn_misses (v, i, b, top) : insn_fetches (v, i, b, top));
      if (*sum == CC_UNBOUNDED && before != CC_UNBOUNDED && why->kind == CC_WHY_NONE)
        {
          if (cc_runs_code_unseen (&v->f->insns[i]))
            *why = (cc_why){ CC_WHY_UNKNOWN_CODE, v->fi, 0, i, NULL };
          else
            *why = runs_why (v, b, top);
        }
    }
  uint64_t pad_f, pad_l, before = *sum;
  block_padding (v, b, &pad_f, &pad_l);
  *sum = add (*sum, mul (k == M_MISSES ? pad_l : pad_f, block_runs (v, b, top)));
  if (*sum == CC_UNBOUNDED && before != CC_UNBOUNDED && why->kind == CC_WHY_NONE)
    *why = runs_why (v, b, top);
  add_call (w, v, b, top, block_runs (v, b, top), k, sum, why);
}

/* A function's invocations and loop executions cause no more misses
   than all of the run's fetches of it and its callees: RUN (its
   run_misses) caps the bound *SUM, which *WHY no longer needs to excuse
   where that makes it one.  */
static void
once_per_run (uint64_t run, uint64_t *sum, cc_why *why)
{
  if (run < *sum)
    {
      *sum = run;
      *why = (cc_why){ CC_WHY_NONE, CC_NONE, 0, CC_NONE, NULL };
    }
}

/* What K counts of a fetch and of a miss (docs/semantics.md §7.5): a
   fetch of a line costs PER_FETCH, a miss PER_MISS more.  */
typedef struct weights
{
  uint64_t per_fetch, per_miss;
} weights;

static weights
weights_of (const walker *w, enum measure k)
{
  if (k == M_CYCLES)
    return (weights){ w->cache->hit_cycles, w->cache->miss_penalty };
  return k == M_MISSES ? (weights){ 0, 1 } : (weights){ 1, 0 };
}

/* Price insn I of block B for the worst path through one execution of
   TOP (ipet.c), as insn_misses and insn_fetches price it for all paths:
   per run of its block (*PER_RUN), once per execution (*ONCE), or per
   entry into its first-miss loop inside TOP (*ENTRY of that loop).  */
static void
price_insn (const fview *v, uint32_t i, uint32_t top, weights wt, uint64_t *per_run,
            uint64_t *once, uint64_t *entry)
{
  const cc_insn *in = &v->f->insns[i];
  if (cc_insn_never_fetched (in, v->fr->analysed))
    return;
  const cc_verdict *vd = &v->fr->insns[i].merged;
  uint64_t lines = insn_lines (v, i);
  *per_run = add (*per_run, mul (wt.per_fetch, insn_line_fetches (v, i)));
  uint64_t missed = mul (wt.per_miss, lines);
  if (vd->category == CC_ALWAYS_HIT)
    return;
  if (vd->category != CC_FIRST_MISS)
    *per_run = add (*per_run, missed);
  else if (vd->scope != CC_SCOPE_LOOP || (top != CC_NONE && cc_loop_within (v->fr, top, vd->loop)))
    *once = add (*once, missed);
  else
    entry[vd->loop] = add (entry[vd->loop], missed);
}

/* The call of block B priced for K (ipet.c): its callee's bound per run,
   and a cap on all its calls' share, *CAP plus *CAP_PER per run (the
   misses of the whole run; for the fetch time, those priced plus the
   callee's fetches per run); CC_UNBOUNDED where add_call finds none.  */
static void
price_call (const walker *w, const fview *v, uint32_t b, enum measure k, uint64_t *each,
            uint64_t *cap, uint64_t *cap_per)
{
  const cc_block *bb = &v->f->blocks[b];
  *each = *cap = bb->call == CC_CALL_NONE ? 0 : CC_UNBOUNDED;
  *cap_per = 0;
  uint32_t g = callee_of (&w->ix, bb);
  if (bb->call == CC_CALL_NONE || g == CC_NONE || w->state[g] != DONE)
    return;
  const cc_func_limits *fl = &w->b->funcs[g];
  cc_why unused;
  *each = callee_bound (w->b, g, k, &unused);
  if (k == M_FETCHES)
    return;
  weights wt = weights_of (w, k);
  *cap = mul (wt.per_miss, fl->run_misses);
  *cap_per = mul (wt.per_fetch, fl->fetch.max_fetches);
  if (*cap_per == CC_UNBOUNDED)
    *cap = CC_UNBOUNDED;
}

/* One way of pricing a scope for the worst path (ipet.c), while it is
   filled.  */
typedef struct pricing
{
  enum measure k;
  weights wt;
  uint64_t *cost, *each, *cap, *per, *entry;
  uint64_t once;
} pricing;

/* Price every block of TOP in P[0 .. N) for the worst path; 0 if code
   the bounds cannot price runs there.  */
static int
price_scope (walker *w, const fview *v, uint32_t top, pricing *p, uint32_t n)
{
  const cc_func *f = v->f;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      if (!cc_block_within (v->fr, b, top))
        continue;
      const cc_block *bb = &f->blocks[b];
      for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns; i++)
        {
          if (cc_runs_code_unseen (&f->insns[i]))
            return 0;
          for (uint32_t j = 0; j < n; j++)
            price_insn (v, i, top, p[j].wt, &p[j].cost[b], &p[j].once, p[j].entry);
        }
      uint64_t pad_f, pad_l;
      block_padding (v, b, &pad_f, &pad_l);
      for (uint32_t j = 0; j < n; j++)
        {
          p[j].cost[b] = add (p[j].cost[b], add (mul (p[j].wt.per_fetch, pad_f),
                                                 mul (p[j].wt.per_miss, pad_l)));
          price_call (w, v, b, p[j].k, &p[j].each[b], &p[j].cap[b], &p[j].per[b]);
        }
    }
  return 1;
}

/* The worst path's count of each of K[0 .. N) in one execution of TOP
   (ipet.c), into OUT (CC_UNBOUNDED where it has no bound or code it
   cannot price runs); RELAXED: it is the LP relaxation's.  */
static void
worst_paths (walker *w, const fview *v, uint32_t top, const enum measure *k, uint32_t n,
             uint64_t *out, int *relaxed)
{
  uint32_t nb = v->f->n_blocks, nl = v->fr->n_loops;
  pricing p[CC_IPET_MAX_PRICES];
  cc_ipet_scope s = { v->f, v->fr, top, v->loops, n, { { 0 } } };
  for (uint32_t j = 0; j < n; j++)
    {
      p[j] = (pricing){ k[j], weights_of (w, k[j]), cc_xcalloc (nb + 1, sizeof (uint64_t)),
                        cc_xcalloc (nb + 1, sizeof (uint64_t)),
                        cc_xcalloc (nb + 1, sizeof (uint64_t)),
                        cc_xcalloc (nb + 1, sizeof (uint64_t)),
                        cc_xcalloc (nl + 1, sizeof (uint64_t)), 0 };
      out[j] = CC_UNBOUNDED;
      relaxed[j] = 0;
    }
  if (price_scope (w, v, top, p, n))
    {
      for (uint32_t j = 0; j < n; j++)
        s.prices[j] = (cc_ipet_prices){ p[j].cost, p[j].entry, p[j].once, p[j].each, p[j].cap,
                                        p[j].per };
      cc_ipet_worst (&s, out, relaxed);
    }
  for (uint32_t j = 0; j < n; j++)
    {
      free (p[j].cost);
      free (p[j].each);
      free (p[j].cap);
      free (p[j].per);
      free (p[j].entry);
    }
}

/* WORST, the worst path's count of K (LP: the relaxation's), caps *SUM;
   *RELAXED gets K's bit where the cap is the relaxation's.  */
static void
take_worst (enum measure k, uint64_t worst, int lp, uint64_t *sum, cc_why *why,
            uint8_t *relaxed)
{
  if (worst >= *sum)
    return;
  *sum = worst;
  *why = (cc_why){ CC_WHY_NONE, CC_NONE, 0, CC_NONE, NULL };
  if (lp)
    *relaxed |= k == M_MISSES ? CC_RELAXED_MISSES : k == M_FETCHES ? CC_RELAXED_FETCHES
                                                                    : CC_RELAXED_CYCLES;
}

/* The misses (*MISSES, *WHY) and fetches (FL) of one execution of TOP:
   the sum over all paths, capped by all the run's misses (once_per_run)
   and by the worst path; FL's max_cycles gets the worst path's fetch
   time, where the cache gives one (fetch_time finishes it).  */
static void
scope_bounds (walker *w, const fview *v, uint32_t top, uint64_t *misses, cc_why *why,
              cc_fetch_limits *fl)
{
  static const cc_why none = { CC_WHY_NONE, CC_NONE, 0, CC_NONE, NULL };
  const cc_func_result *fr = v->fr;
  uint32_t n = top == CC_NONE ? v->f->n_blocks : fr->loops[top].n_blocks;
  *misses = fl->max_fetches = 0;
  *why = fl->why = none;
  fl->max_cycles = CC_UNBOUNDED;
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t b = top == CC_NONE ? k : fr->loops[top].blocks[k];
      add_block (w, v, b, top, M_MISSES, misses, why);
      add_block (w, v, b, top, M_FETCHES, &fl->max_fetches, &fl->why);
    }
  once_per_run (w->b->funcs[v->fi].run_misses, misses, why);
  /* The worst path where it may be less: what no path misses or fetches
     needs none.  */
  enum measure ks[CC_IPET_MAX_PRICES];
  uint64_t worst[CC_IPET_MAX_PRICES];
  int lp[CC_IPET_MAX_PRICES];
  uint32_t nk = 0;
  if (*misses)
    ks[nk++] = M_MISSES;
  if (fl->max_fetches)
    ks[nk++] = M_FETCHES;
  if (w->cache->timed && fl->max_fetches)
    ks[nk++] = M_CYCLES;
  if (!nk)
    return;
  worst_paths (w, v, top, ks, nk, worst, lp);
  for (uint32_t j = 0; j < nk; j++)
    if (ks[j] == M_MISSES)
      take_worst (M_MISSES, worst[j], lp[j], misses, why, &fl->relaxed);
    else if (ks[j] == M_FETCHES)
      take_worst (M_FETCHES, worst[j], lp[j], &fl->max_fetches, &fl->why, &fl->relaxed);
    else
      {
        fl->max_cycles = worst[j];
        fl->relaxed |= lp[j] ? CC_RELAXED_CYCLES : 0;
      }
}

/* The fetch time of one execution, where the cache gives it: at most the
   bounds of its fetches and MISSES priced (each on its own worst path),
   and at most its own worst path's (scope_bounds left it in FL).  */
static void
fetch_time (walker *w, uint64_t misses, cc_fetch_limits *fl)
{
  if (!w->cache->timed)
    {
      fl->max_cycles = CC_UNBOUNDED;
      return;
    }
  weights wt = weights_of (w, M_CYCLES);
  uint64_t sum = add (mul (wt.per_fetch, fl->max_fetches), mul (wt.per_miss, misses));
  if (sum <= fl->max_cycles)
    {
      fl->max_cycles = sum;
      fl->relaxed &= (uint8_t) ~CC_RELAXED_CYCLES;
    }
}

/* The user's flow fact on F's misses (cachecat-link --flow-facts), a
   promise taken as given, caps its bound *SUM.  */
static void
user_fact (const cc_func *f, cc_func_limits *fl, uint64_t *sum, cc_why *why)
{
  if (f->has_fact_misses && f->fact_misses < *sum)
    {
      *sum = f->fact_misses;
      *why = (cc_why){ CC_WHY_NONE, CC_NONE, 0, CC_NONE, NULL };
      fl->from_fact = 1;
      fl->fetch.relaxed &= (uint8_t) ~CC_RELAXED_MISSES;
    }
}

/* Function FI without an analysis: nothing of it is bounded but what
   the user's flow fact says.  */
static void
unanalysed_bounds (walker *w, uint32_t fi)
{
  const cc_func_result *fr = &w->r->funcs[fi];
  cc_func_limits *fl = &w->b->funcs[fi];
  fl->max_misses = CC_UNBOUNDED;
  fl->why = (cc_why){ fr->unreached ? CC_WHY_UNREACHED : CC_WHY_NOT_ANALYSED, fi, 0, CC_NONE,
                      NULL };
  fl->fetch = (cc_fetch_limits){ CC_UNBOUNDED, fl->why, CC_UNBOUNDED, 0 };
  user_fact (&w->m->funcs[fi], fl, &fl->max_misses, &fl->why);
  for (uint32_t l = 0; l < fr->n_loops; l++)
    {
      fl->loops[l].max_misses = CC_UNBOUNDED;
      fl->loops[l].why = fl->why;
      fl->loops[l].fetch = fl->fetch;
    }
}

static void
func_bounds (walker *w, uint32_t fi)
{
  const cc_func *f = &w->m->funcs[fi];
  const cc_func_result *fr = &w->r->funcs[fi];
  cc_func_limits *fl = &w->b->funcs[fi];
  w->state[fi] = BUSY;
  fl->loops = cc_xcalloc (fr->n_loops + 1, sizeof *fl->loops);
  loop_runs (f, fr, fl->loops);
  if ((f->flags & CC_FUNC_BROKEN) || !fr->analysed || fr->too_big)
    {
      unanalysed_bounds (w, fi);
      w->state[fi] = DONE;
      return;
    }
  uint8_t *cyclic = off_loop_cycles (f, fr);
  fview v = { f, fr, fl->loops, cyclic, fi, w->r->n_phases > 1, w->cache->line };
  scope_bounds (w, &v, CC_NONE, &fl->max_misses, &fl->why, &fl->fetch);
  user_fact (f, fl, &fl->max_misses, &fl->why);
  fetch_time (w, fl->max_misses, &fl->fetch);
  for (uint32_t l = 0; l < fr->n_loops; l++)
    {
      cc_loop_limits *ll = &fl->loops[l];
      scope_bounds (w, &v, l, &ll->max_misses, &ll->why, &ll->fetch);
      fetch_time (w, ll->max_misses, &ll->fetch);
    }
  free (cyclic);
  w->state[fi] = DONE;
}

cc_bounds *
cc_bounds_compute (const cc_model *m, const cc_result *r, const cc_cache *cache)
{
  cc_bounds *b = cc_xcalloc (1, sizeof *b);
  b->n_funcs = m->n_funcs;
  b->timed = cache->timed;
  b->funcs = cc_xcalloc (m->n_funcs + 1, sizeof *b->funcs);
  walker w = { m, r, cache, b, { 0, NULL }, cc_xcalloc (m->n_funcs + 1, 1) };
  cc_func_index_build (&w.ix, m);
  uint64_t *run = cc_xmalloc ((m->n_funcs + 1) * sizeof *run);
  cc_run_misses (m, r, cache, &w.ix, run);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    b->funcs[fi].run_misses = run[fi];
  free (run);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (w.state[fi] == TODO)
      func_bounds (&w, fi);
  cc_func_index_free (&w.ix);
  free (w.state);
  return b;
}

static int
share_order (const void *a, const void *b)
{
  const cc_miss_share *x = a, *y = b;
  if (x->misses != y->misses)
    return x->misses > y->misses ? -1 : 1;
  return x->insn < y->insn ? -1 : x->insn > y->insn;
}

uint32_t
cc_bounds_shares (const cc_model *m, const cc_result *r, const cc_cache *cache,
                  const cc_bounds *b, uint32_t fi, cc_miss_share **out)
{
  const cc_func *f = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  /* At most one share per insn and one per call.  */
  *out = cc_xcalloc ((size_t) f->n_insns + f->n_blocks + 1, sizeof **out);
  if (!fr->analysed || (f->flags & CC_FUNC_BROKEN) || fr->too_big)
    return 0;
  uint8_t *cyclic = off_loop_cycles (f, fr);
  fview v = { f, fr, b->funcs[fi].loops, cyclic, fi, r->n_phases > 1, cache->line };
  cc_func_index ix;
  cc_func_index_build (&ix, m);
  uint32_t n = 0;
  for (uint32_t bi = 0; bi < f->n_blocks; bi++)
    {
      const cc_block *bb = &f->blocks[bi];
      uint64_t runs = block_runs (&v, bi, CC_NONE);
      for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns; i++)
        {
          uint64_t x = cc_runs_code_unseen (&f->insns[i]) ? CC_UNBOUNDED
                                                            : insn_misses (&v, i, bi, CC_NONE);
          if (x)
            (*out)[n++] = (cc_miss_share){ i, CC_NONE, runs, x,
                                           (uint32_t) insn_lines (&v, i), 0 };
        }
      if (bb->call == CC_CALL_NONE)
        continue;
      /* A call's share; the call insn's own one (if any) stays.  */
      uint32_t g = callee_of (&ix, bb);
      uint64_t x = g == CC_NONE ? CC_UNBOUNDED
                                : calls_misses (b, g, runs, b->funcs[g].max_misses);
      if (x)
        (*out)[n++] = (cc_miss_share){ bb->first_insn + bb->n_insns - 1, g, runs, x, 0, 1 };
    }
  cc_func_index_free (&ix);
  free (cyclic);
  qsort (*out, n, sizeof **out, share_order);
  return n;
}

void
cc_bounds_free (cc_bounds *b)
{
  if (!b)
    return;
  for (uint32_t fi = 0; fi < b->n_funcs; fi++)
    free (b->funcs[fi].loops);
  free (b->funcs);
  free (b);
}
