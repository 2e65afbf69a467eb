/* cachecat engine: backward: reaching sets, for the program and
   function scopes of every node and for the loop scope of one loop.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* Add to R the lines of the padding run on BLOCK's fall-through edge.  */
static void
or_pad_lines (const engine *e, cc_word *r, uint32_t func, uint32_t block)
{
  if (block == CC_NONE)
    return;
  const fphase *p = &e->fp[func];
  for (uint32_t x = p->pad_ref[block]; x < p->pad_ref[block + 1]; x++)
    r_add (e, r, p->pads[x].line);
}

/* What happens at the end of node ND beyond its successors.  */
static void
end_effect (const engine *e, uint32_t nd, cc_word *r, int program_scope)
{
  /* The callback set holds T of every root that unknown code may call,
     so it covers a root being called again after it returns.  */
  if (e->node_unknown_end[nd])
    cc_bits_or (r, eng_unknown_reach (e, e->node_unknown_end[nd]), e->rw);
  if (program_scope && e->node_root_exit[nd])
    cc_bits_or (r, e->callback, e->rw);
  if (!program_scope && e->node_callee[nd] != CC_NONE)
    cc_bits_or (r, e->T + (size_t) e->node_callee[nd] * e->rw, e->rw);
}

/* What following edge V into node TO adds to a reaching set, besides
   r(TO): the padding on the way, what an unknown call may reference,
   and what TO's UP references.  */
static void
edge_reach (const engine *e, cc_word *r, const edge *v)
{
  uint32_t to = v->to, tfi = e->r->instances[e->node_inst[to]].func;
  or_pad_lines (e, r, v->pad_func, v->pad_block);
  if (v->unknown)
    cc_bits_or (r, eng_unknown_reach (e, v->unknown), e->rw);
  or_up (&e->fp[tfi], e->node_up[to], r);
}

/* A hash of the N words of SET, from sixteen of them spread over it:
   sets that hash alike are compared whole, so it need not see every
   word, and hashing every set whole cost more than the comparisons.  */
static uint64_t
set_hash (const cc_word *set, size_t n)
{
  size_t step = n / 16 ? n / 16 : 1;
  uint64_t h = n;
  for (size_t i = 0; i < n; i += step)
    h = (h ^ set[i]) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 32);
}

/* The reaching sets of every reached node over the fwd edges (program
   scope) or the intra edges (function scope), in one pass over the
   graph's strongly connected components, sinks first.  Every node of a
   cyclic component reaches every other, so they all share one set: what
   the component's nodes end with, and what its edges lead to (every
   component they lead to is done).  A node on no cycle gets the same
   formula.  The sets are kept once each, in *OUT: most components reach
   the same (in program scope nearly all reach everything, as unknown
   code may call back into the unit), so a component's set is looked up
   among those kept before it is added.  *AT: per node, where its set is
   (unreached nodes: at the empty set).  */
void
eng_backward_all (engine *e, cc_word **out, uint32_t **at, int program_scope)
{
  size_t rw = e->rw;
  const edges *graph = program_scope ? e->fwd : e->intra;
  const sccs *c = program_scope ? &e->fwd_sccs : &e->intra_sccs;
  cc_word *rs = eng_reuse (e, program_scope ? 1 : 2, (size_t) (c->n + 1) * rw);
  uint32_t *comp_set = cc_xmalloc ((c->n + 1) * sizeof *comp_set);
  /* The kept sets, by hash: open addressing, twice the room needed.  */
  uint32_t cap = 4;
  while (cap < 2 * (c->n + 1))
    cap *= 2;
  uint32_t *table = cc_xmalloc (cap * sizeof *table);
  for (uint32_t i = 0; i < cap; i++)
    table[i] = CC_NONE;
  cc_word *acc = cc_xmalloc ((rw + 1) * sizeof *acc);
  /* The empty set first, the unreached nodes' (component c->n): a
     component may lead to one.  */
  memset (rs, 0, rw * sizeof (cc_word));
  table[(uint32_t) set_hash (rs, rw) & (cap - 1)] = 0;
  comp_set[c->n] = 0;
  uint32_t n_sets = 1;
  for (uint32_t ci = 0; ci < c->n; ci++)
    {
      memset (acc, 0, rw * sizeof (cc_word));
      for (uint32_t i = c->start[ci]; i < c->start[ci + 1]; i++)
        {
          uint32_t m = c->node[i];
          const edges *w = &graph[m];
          end_effect (e, m, acc, program_scope);
          for (uint32_t k = 0; k < w->n; k++)
            {
              uint32_t tc = c->comp_of[w->e[k].to];
              edge_reach (e, acc, &w->e[k]);
              if (tc != ci)
                cc_bits_or (acc, rs + (size_t) comp_set[tc == CC_NONE ? c->n : tc] * rw, rw);
            }
        }
      uint32_t h = (uint32_t) set_hash (acc, rw) & (cap - 1);
      while (table[h] != CC_NONE
             && memcmp (rs + (size_t) table[h] * rw, acc, rw * sizeof (cc_word)) != 0)
        h = (h + 1) & (cap - 1);
      if (table[h] == CC_NONE)
        {
          memcpy (rs + (size_t) n_sets * rw, acc, rw * sizeof (cc_word));
          table[h] = n_sets++;
        }
      comp_set[ci] = table[h];
    }
  uint32_t *set_at = cc_xmalloc ((e->n_nodes + 1) * sizeof *set_at);
  for (uint32_t nd = 0; nd <= e->n_nodes; nd++)
    set_at[nd] = comp_set[nd < e->n_nodes && c->comp_of[nd] != CC_NONE ? c->comp_of[nd] : c->n];
  free (acc);
  free (table);
  free (comp_set);
  *out = rs;
  *at = set_at;
}

/* Index of UP U in L, or CC_NONE if it is not a UP of the loop.  */
uint32_t
eng_loop_slot (const loop_sets *l, uint32_t u)
{
  return u < l->n_func_ups ? l->slot_of[u] : CC_NONE;
}

/* Add to R what node ND's own end and its edges to UPs of loop set L
   (in its instance X) add to its loop-scope reaching set: end_effect,
   and edge_reach but the lines of the successor's UP, which
   loop_components adds.  */
static void
loop_own (const engine *e, uint32_t x, const loop_sets *l, uint32_t nd, cc_word *r)
{
  end_effect (e, nd, r, 0);
  const edges *v = &e->intra[nd];
  for (uint32_t k = 0; k < v->n; k++)
    {
      uint32_t dst = v->e[k].to;
      if (e->node_inst[dst] != x || eng_loop_slot (l, e->node_up[dst]) == CC_NONE)
        continue;
      or_pad_lines (e, r, v->e[k].pad_func, v->e[k].pad_block);
      if (v->e[k].unknown)
        cc_bits_or (r, eng_unknown_reach (e, v->e[k].unknown), e->rw);
    }
}

/* The least solution of R(i) = OWN(i) | the union of EFF(j) | R(j) over
   the successors j of slot i of L (SUCC[FROM[i] .. TO[i])), into L's rs
   and set_of: OWN(i) is what loop_own adds for reached slots, EFF(j)
   what UP ups[j] of P references (or_up).  One pass over the strongly
   connected components, sinks first.  Every member of a cyclic
   component reaches every other, so they all get the same set, kept
   once: the members' own and EFFs (each member is some member's
   successor), and EFF | R of the components they lead to, which are
   done; a member of no cycle gets the same formula without its own EFF.
   So an edge inside a component costs nothing, and a set is kept per
   component, not per slot (a loop is mostly one component).  */
static void
loop_components (const engine *e, uint32_t x, loop_sets *l, const uint32_t *from,
                 const uint32_t *to, const uint32_t *succ, const fphase *p)
{
  size_t rw = e->rw;
  uint32_t base = e->node_base[x];
  sccs c;
  eng_find_sccs (l->n, NULL, from, to, succ, &c);
  l->rs = cc_xmalloc ((size_t) (c.n + 1) * rw * sizeof (cc_word));
  for (uint32_t ci = 0; ci < c.n; ci++)
    {
      const uint32_t *mem = c.node + c.start[ci];
      uint32_t nm = c.start[ci + 1] - c.start[ci];
      cc_word *acc = l->rs + (size_t) ci * rw;
      memset (acc, 0, rw * sizeof (cc_word));
      for (uint32_t k = 0; k < nm; k++)
        {
          uint32_t m = mem[k];
          if (e->reached[base + l->ups[m]])
            loop_own (e, x, l, base + l->ups[m], acc);
          for (uint32_t t = from[m]; t < to[m]; t++)
            if (c.comp_of[succ[t]] != ci)
              {
                or_up (p, l->ups[succ[t]], acc);
                cc_bits_or (acc, l->rs + (size_t) l->set_of[succ[t]] * rw, rw);
              }
        }
      for (uint32_t k = 0; c.cyclic[ci] && k < nm; k++)
        or_up (p, l->ups[mem[k]], acc);
      for (uint32_t k = 0; k < nm; k++)
        l->set_of[mem[k]] = ci;
    }
  eng_free_sccs (&c);
}

/* R for the UPs of loop LOOP in instance X: the function scope's
   equations restricted to edges that stay in the loop.  The loop's UPs
   are those its blocks head (a UP never crosses a loop boundary), so the
   cost is the loop's size, not the function's.  A UP's set is what its
   end and its edges add (loop_own), and the sets of its successors: a
   first pass notes the successors' slots, loop_components the rest.  */
loop_sets *
eng_loop_reach (engine *e, uint32_t x, uint32_t loop)
{
  uint32_t fi = e->r->instances[x].func;
  const cc_func_result *fr = &e->r->funcs[fi];
  const cc_fcfg *cfg = &e->cfgs[fi];
  const cc_loop *lp = &fr->loops[loop];
  loop_sets *l = cc_xcalloc (1, sizeof *l);
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    l->n += cfg->head_up[lp->blocks[k]] == CC_NONE ? 0 : cfg->head_n_ups[lp->blocks[k]];
  l->ups = cc_xmalloc ((l->n + 1) * sizeof *l->ups);
  l->n = 0;
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    if (cfg->head_up[lp->blocks[k]] != CC_NONE)
      for (uint32_t j = 0; j < cfg->head_n_ups[lp->blocks[k]]; j++)
        l->ups[l->n++] = cfg->head_up[lp->blocks[k]] + j;
  qsort (l->ups, l->n, sizeof *l->ups, cc_cmp_u32);
  l->n_func_ups = fr->n_ups;
  l->slot_of = cc_xmalloc ((fr->n_ups + 1) * sizeof *l->slot_of);
  for (uint32_t u = 0; u < fr->n_ups; u++)
    l->slot_of[u] = CC_NONE;
  for (uint32_t i = 0; i < l->n; i++)
    l->slot_of[l->ups[i]] = i;
  uint32_t base = e->node_base[x];
  /* The successors' slots of UP i: succ[from[i] .. to[i]).  */
  size_t n_edges = 0;
  for (uint32_t i = 0; i < l->n; i++)
    n_edges += e->intra[base + l->ups[i]].n;
  uint32_t *succ = cc_xmalloc ((n_edges + 1) * sizeof *succ);
  uint32_t *from = cc_xmalloc ((2 * (size_t) l->n + 1) * sizeof *from);
  uint32_t *to = from + l->n;
  uint32_t n_succ = 0;
  for (uint32_t i = l->n; i-- > 0;)
    {
      uint32_t nd = base + l->ups[i];
      from[i] = to[i] = n_succ;
      if (!e->reached[nd])
        continue;
      const edges *v = &e->intra[nd];
      for (uint32_t k = 0; k < v->n; k++)
        {
          uint32_t dst = v->e[k].to;
          uint32_t slot = e->node_inst[dst] == x ? eng_loop_slot (l, e->node_up[dst]) : CC_NONE;
          if (slot != CC_NONE)
            succ[n_succ++] = slot;
        }
      to[i] = n_succ;
    }
  l->set_of = cc_xmalloc ((l->n + 1) * sizeof *l->set_of);
  loop_components (e, x, l, from, to, succ, &e->fp[fi]);
  free (succ);
  free (from);
  return l;
}

void
eng_loop_sets_free (loop_sets *l)
{
  if (!l)
    return;
  free (l->ups);
  free (l->slot_of);
  free (l->set_of);
  free (l->rs);
  free (l);
}
