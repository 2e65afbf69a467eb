/* cachecat engine: first-miss.  The outermost scope in which a
   reference's possibly cached lines cannot evict it.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>

/* Could the lines possibly cached at the reference (K) evict it within
   the scope?  For a second fetch of the insn in one execution of the
   scope to miss, its line must have been evicted after the first fetch:
   then at the second fetch the set holds as many other lines as it has
   ways (fm_limit; 1 for every policy but LRU), each possibly cached there
   (in K) and each fetched after the first fetch (in R).  So if fewer than
   fm_limit lines of K are in R, the fetch misses at most once per
   execution.  A marker that meets R (unknown code, a line of another
   section) counts as a whole set.  */
static inline int
k_meets_r (const engine *e, uint32_t line, const uint32_t *k_lines, uint32_t nk,
           int k_unk, int k_taint, const cc_word *rs)
{
  int r_unk = cc_bit_get (rs, R_UNKNOWN (e));
  if ((k_unk && r_unk) || (k_taint && (r_unk || cc_bit_get (rs, R_FOREIGN (e)))))
    return 1;
  uint32_t count = 0;
  for (uint32_t i = 0; i < nk; i++)
    if (cc_bit_get (rs, k_lines[i]) && ++count >= e->fm_limit)
      return 1;
  return 0;
}

static const cc_word *
loop_r_for (fcat *c, uint32_t x, uint32_t loop, uint32_t u)
{
  const cc_func_result *fr = &c->e->r->funcs[c->fi];
  size_t idx = (size_t) c->local_of[x] * fr->n_loops + loop;
  if (!c->loop_r[idx])
    c->loop_r[idx] = eng_loop_reach (c->e, x, loop);
  uint32_t slot = eng_loop_slot (c->loop_r[idx], u);
  /* A context whose UP is outside the loop cannot ask (the insn is in
     the loop); answer "everything" to stay safe if it ever does.  */
  return slot == CC_NONE ? c->e->all_r
                         : c->loop_r[idx]->rs + (size_t) c->loop_r[idx]->set_of[slot] * c->e->rw;
}

/* Does K (the lines, unk and taint possibly cached at a reference to LINE)
   meet the reaching set of scope SCOPE (loop LOOP) in any of the contexts?
   Inline: each call site's constant SCOPE picks its own short loop, and
   most calls ask about one context.  */
static inline __attribute__ ((always_inline)) int
meets_any (fcat *c, uint32_t line, const uint32_t *k_lines, uint32_t nk, int k_unk,
           int k_taint, const uint32_t *ctx, uint32_t n_ctx, int scope, uint32_t loop)
{
  engine *e = c->e;
  for (uint32_t i = 0; i < n_ctx; i++)
    {
      const cc_word *rs
        = scope == CC_SCOPE_PROGRAM ? e->rprog + (size_t) e->rprog_at[ctx[i]] * e->rw
          : scope == CC_SCOPE_FUNCTION ? e->rfunc + (size_t) e->rfunc_at[ctx[i]] * e->rw
          : loop_r_for (c, e->node_inst[ctx[i]], loop, e->node_up[ctx[i]]);
      if (k_meets_r (e, line, k_lines, nk, k_unk, k_taint, rs))
        return 1;
    }
  return 0;
}

/* The outermost scope in which the possibly cached K meets none of the
   reaching sets of the given contexts; conflict if there is none.  */
cc_verdict
eng_first_miss_scope (fcat *c, uint32_t line, uint32_t block, const uint32_t *k_lines,
                  uint32_t nk, int k_unk, int k_taint, const uint32_t *ctx,
                  uint32_t n_ctx)
{
  const cc_func_result *fr = &c->e->r->funcs[c->fi];
  const cc_verdict conflict = { CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  if (c->e->reduce & CC_REDUCE_NO_FIRST_MISS)
    return conflict;
  if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_PROGRAM, 0))
    return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_PROGRAM, 0, 0 };
  if (c->e->reduce & CC_REDUCE_PROGRAM_SCOPE)
    return conflict;
  if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_FUNCTION, 0))
    return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_FUNCTION, 0, 0 };
  /* Loops containing the block, outermost first: loops are stored outer
     before inner, so walk the chain of parents and try the outermost.  */
  uint32_t inner = fr->block_loop[block];
  for (uint32_t tried = CC_NONE; inner != tried;)
    {
      uint32_t l = inner;
      while (fr->loops[l].parent != tried)
        l = fr->loops[l].parent;
      if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_LOOP, l))
        return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_LOOP, l, 0 };
      tried = l;
    }
  return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
}
