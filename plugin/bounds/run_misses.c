/* cachecat bounds: the most misses a function and its callees can cause
   in the whole run (bounds_impl.h cc_run_misses).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An instruction that is always-hit or never fetched misses never; one
   that is first-miss(program) misses only on its first fetch of the run,
   so at most once per line it touches, however often it runs
   (docs/semantics.md §7.5, "Once per run").  If every instruction a
   function can reach, through every call it and its callees make, is one
   of those, the sum of their lines bounds the misses of all its
   invocations together: so of any one of them, and of all the calls of
   it inside a loop that has no iteration bound.  Each function of that
   closure counts once, so recursion needs no depth bound here.  */

#include "bounds/bounds_impl.h"
#include "support/util.h"

#include <stdlib.h>

/* The most misses F's own insns can cause in the whole run.  */
static uint64_t
own_run_misses (const cc_func *f, const cc_func_result *fr, int multi_phase, uint32_t L)
{
  if ((f->flags & CC_FUNC_BROKEN) || !fr->analysed || fr->too_big)
    return CC_UNBOUNDED;
  uint64_t sum = 0;
  for (uint32_t i = 0; i < f->n_insns; i++)
    {
      const cc_insn *in = &f->insns[i];
      const cc_verdict *vd = &fr->insns[i].merged;
      if (cc_insn_never_fetched (in, fr->analysed))
        continue;
      if (cc_runs_code_unseen (in))
        return CC_UNBOUNDED;
      if (vd->category == CC_ALWAYS_HIT)
        continue;
      if (vd->category != CC_FIRST_MISS || vd->scope != CC_SCOPE_PROGRAM)
        return CC_UNBOUNDED;
      sum += cc_fetch_lines (f, fr, i, multi_phase, L);
    }
  return sum;
}

/* What one search of a closure uses: OWN per function (UINT64_MAX - 1
   until computed), SEEN stamped with the search's number.  */
typedef struct closure
{
  const cc_model *m;
  const cc_result *r;
  const cc_func_index *ix;
  int multi_phase;
  uint32_t L;
  uint64_t *own;
  uint64_t *run;
  uint32_t *seen, stamp;
  uint32_t *stack;
} closure;

#define NOT_YET (CC_UNBOUNDED - 1)

/* The function G calls at the end of block B's, CC_NONE if it is no
   function of the model (unknown code).  */
static uint32_t
callee_of (const closure *c, const cc_block *b)
{
  if (b->call != CC_CALL_DIRECT || !b->callee)
    return CC_NONE;
  return cc_func_index_find (c->ix, b->callee);
}

/* Push G unless this search met it; 0 if G is unknown code or a
   function already known to reach code that may miss again.  */
static int
visit (closure *c, uint32_t g, uint32_t *top)
{
  if (g == CC_NONE || c->run[g] == CC_UNBOUNDED)
    return 0;
  if (c->seen[g] != c->stamp)
    {
      c->seen[g] = c->stamp;
      c->stack[(*top)++] = g;
    }
  return 1;
}

/* The sum of OWN over the functions FI reaches, CC_UNBOUNDED as soon as
   one of them may miss more than once per run or calls unknown code.  */
static uint64_t
closure_misses (closure *c, uint32_t fi)
{
  uint32_t top = 0;
  uint64_t sum = 0;
  c->stamp++;
  visit (c, fi, &top);
  while (top)
    {
      uint32_t h = c->stack[--top];
      const cc_func *f = &c->m->funcs[h];
      if (c->own[h] == NOT_YET)
        c->own[h] = own_run_misses (f, &c->r->funcs[h], c->multi_phase, c->L);
      sum += c->own[h];
      if (c->own[h] == CC_UNBOUNDED || sum >= CC_UNBOUNDED / 4)
        return CC_UNBOUNDED;
      for (uint32_t b = 0; b < f->n_blocks; b++)
        if (f->blocks[b].call != CC_CALL_NONE && !visit (c, callee_of (c, &f->blocks[b]), &top))
          return CC_UNBOUNDED;
    }
  return sum;
}

void
cc_run_misses (const cc_model *m, const cc_result *r, const cc_cache *cache,
               const cc_func_index *ix, uint64_t *run)
{
  uint32_t n = m->n_funcs;
  closure c = { m, r, ix, r->n_phases > 1, cache->line,
                cc_xmalloc ((n + 1) * sizeof *c.own), run,
                cc_xcalloc (n + 1, sizeof *c.seen), 0,
                cc_xmalloc ((n + 1) * sizeof *c.stack) };
  for (uint32_t fi = 0; fi < n; fi++)
    c.own[fi] = run[fi] = NOT_YET;
  for (uint32_t fi = 0; fi < n; fi++)
    run[fi] = closure_misses (&c, fi);
  free (c.own);
  free (c.seen);
  free (c.stack);
}
