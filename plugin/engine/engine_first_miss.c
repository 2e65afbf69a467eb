/* cachecat engine: first-miss.  The outermost scope in which a
   reference's possibly cached lines cannot evict it, and the demotion of
   first-misses whose line other fetches break.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_state.h"

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
static int
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
  return slot == CC_NONE ? c->e->all_r : c->loop_r[idx]->rs + (size_t) slot * c->e->rw;
}

/* Does K (the lines, unk and taint possibly cached at a reference to LINE)
   meet the reaching set of scope SCOPE (loop LOOP) in any of the contexts?  */
static int
meets_any (fcat *c, uint32_t line, const uint32_t *k_lines, uint32_t nk, int k_unk,
           int k_taint, const uint32_t *ctx, uint32_t n_ctx, int scope, uint32_t loop)
{
  engine *e = c->e;
  for (uint32_t i = 0; i < n_ctx; i++)
    {
      const cc_word *rs
        = scope == CC_SCOPE_PROGRAM ? e->rprog + (size_t) ctx[i] * e->rw
          : scope == CC_SCOPE_FUNCTION ? e->rfunc + (size_t) ctx[i] * e->rw
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

/* The demotion of eng_categorize_function on the per-reference verdicts V;
   BASE, if given, marks instructions that are always-miss in the primary
   verdicts as bad too.  Each phase of the batch is its own layout.  */
void
eng_demote_first_misses (const engine *e, const cc_func *f, const fphase *p,
                     const cc_func_result *fr, cc_verdict *v, const cc_verdict *base)
{
  /* Nothing to demote without a first-miss (often the case).  */
  uint32_t k0 = 0;
  while (k0 < p->n_refs
         && (p->refs[k0].insn == CC_NONE || v[k0].category != CC_FIRST_MISS))
    k0++;
  if (k0 == p->n_refs)
    return;
  size_t nf = (size_t) f->n_insns * e->nph;
  cc_verdict *insn = cc_xmalloc ((nf + 1) * sizeof *insn);
  cc_verdict *binsn = cc_xmalloc ((nf + 1) * sizeof *binsn);
  /* Bad fetches per line (a scratch array of the run: only this
     function's lines are touched, and they are cleared again).  */
  uint32_t *bad = e->line_count;
  uint8_t *is_bad = cc_xmalloc (nf + 1);
  /* Always-miss in the primary verdicts: bad in every round.  */
  uint8_t *base_bad = NULL;
  if (base)
    {
      for (size_t i = 0; i < nf; i++)
        binsn[i] = (cc_verdict){ 0xff, 0, 0, 0 };
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].insn != CC_NONE)
          combine_lines (fr, &binsn[fetch_of (e, &p->refs[k])], base[k]);
      base_bad = cc_xmalloc (nf + 1);
      for (size_t i = 0; i < nf; i++)
        base_bad[i] = binsn[i].category == CC_ALWAYS_MISS;
    }
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (size_t i = 0; i < nf; i++)
        insn[i] = (cc_verdict){ 0xff, 0, 0, 0 };
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].insn != CC_NONE)
          combine_lines (fr, &insn[fetch_of (e, &p->refs[k])], v[k]);
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].line != FOREIGN)
          bad[p->refs[k].line] = 0;
      for (size_t i = 0; i < nf; i++)
        is_bad[i] = insn[i].category == CC_ALWAYS_MISS || insn[i].category == CC_CONFLICT
                    || insn[i].category == CC_FIRST_HIT || (base_bad && base_bad[i]);
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].insn != CC_NONE && p->refs[k].line != FOREIGN
            && is_bad[fetch_of (e, &p->refs[k])])
          bad[p->refs[k].line]++;
      for (uint32_t k = 0; k < p->n_refs; k++)
        {
          uint32_t i = p->refs[k].insn;
          if (i == CC_NONE || v[k].category != CC_FIRST_MISS)
            continue;
          if (bad[p->refs[k].line] > is_bad[fetch_of (e, &p->refs[k])])
            {
              v[k] = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
              changed = 1;
            }
        }
    }
  for (uint32_t k = 0; k < p->n_refs; k++)
    if (p->refs[k].line != FOREIGN)
      bad[p->refs[k].line] = 0;
  free (is_bad);
  free (base_bad);
  free (insn);
  free (binsn);
}
