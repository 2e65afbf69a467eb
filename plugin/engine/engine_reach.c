/* cachecat engine: backward: reaching sets, for the program and
   function scopes of every node and for the loop scope of one loop.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_state.h"

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
    cc_bits_or (r, e->callback, e->rw);
  if (program_scope && e->node_root_exit[nd])
    cc_bits_or (r, e->callback, e->rw);
  if (!program_scope && e->node_callee[nd] != CC_NONE)
    cc_bits_or (r, e->T + (size_t) e->node_callee[nd] * e->rw, e->rw);
}

/* What following edge V into node TO adds to a reaching set, besides
   r(TO): the padding on the way, the callback set after an unknown call,
   and what TO's UP references.  */
static void
edge_reach (const engine *e, cc_word *r, const edge *v)
{
  uint32_t to = v->to, tfi = e->r->instances[e->node_inst[to]].func;
  or_pad_lines (e, r, v->pad_func, v->pad_block);
  if (v->unknown)
    cc_bits_or (r, e->callback, e->rw);
  or_up (&e->fp[tfi], e->node_up[to], r);
}

/* The reaching sets of every reached node over the fwd edges (program
   scope) or the intra edges (function scope), in one pass over the
   graph's strongly connected components, sinks first.  Every node of a
   cyclic component reaches every other, so they all share one set: what
   the component's nodes end with, and what its edges lead to (every
   component they lead to is done).  A node on no cycle gets the same
   formula.  The sets are kept per component (a loop's nodes, or a
   recursion's, are many and share one), in *OUT, and per node where its
   set is, in *AT: unreached nodes at an empty set after the
   components'.  */
void
eng_backward_all (engine *e, cc_word **out, uint32_t **at, int program_scope)
{
  size_t rw = e->rw;
  const edges *graph = program_scope ? e->fwd : e->intra;
  const sccs *c = program_scope ? &e->fwd_sccs : &e->intra_sccs;
  cc_word *rs = eng_reuse (e, program_scope ? 1 : 2, (size_t) (c->n + 1) * rw);
  memset (rs + (size_t) c->n * rw, 0, rw * sizeof (cc_word));
  uint32_t *set_at = cc_xmalloc ((e->n_nodes + 1) * sizeof *set_at);
  for (uint32_t nd = 0; nd <= e->n_nodes; nd++)
    set_at[nd] = nd < e->n_nodes && c->comp_of[nd] != CC_NONE ? c->comp_of[nd] : c->n;
  for (uint32_t ci = 0; ci < c->n; ci++)
    {
      cc_word *acc = rs + (size_t) ci * rw;
      memset (acc, 0, rw * sizeof (cc_word));
      for (uint32_t i = c->start[ci]; i < c->start[ci + 1]; i++)
        {
          uint32_t m = c->node[i];
          const edges *w = &graph[m];
          end_effect (e, m, acc, program_scope);
          for (uint32_t k = 0; k < w->n; k++)
            {
              edge_reach (e, acc, &w->e[k]);
              if (c->comp_of[w->e[k].to] != ci)
                cc_bits_or (acc, rs + (size_t) set_at[w->e[k].to] * rw, rw);
            }
        }
    }
  *out = rs;
  *at = set_at;
}

/* Index of UP U in L, or CC_NONE if it is not a UP of the loop.  */
uint32_t
eng_loop_slot (const loop_sets *l, uint32_t u)
{
  return u < l->n_func_ups ? l->slot_of[u] : CC_NONE;
}

/* The least solution of R(i) = OWN(i) | the union of EFF(j) | R(j) over
   the successors j of i (SUCC[FROM[i] .. TO[i])), for N sets of RW
   words: RS holds OWN(i) on entry where HAS_OWN[i] (else nothing), and
   on return R(i) is RS + SET_OF[i] * RW; EFF(j) is what UP UPS[j] of P
   references (or_up).
   One pass over the strongly connected components, sinks first.  Every
   member of a cyclic component reaches every other, so they all get the
   same set, kept once: the members' own sets and EFFs (each member is
   some member's successor), and EFF | R of the components they lead to,
   which are done; a member of no cycle gets the same formula without its
   own EFF.  So an edge inside a component costs nothing.  */
static void
loop_components (cc_word *rs, uint32_t *set_of, size_t rw, uint32_t n, const uint8_t *has_own,
                 const uint32_t *from, const uint32_t *to, const uint32_t *succ,
                 const fphase *p, const uint32_t *ups)
{
  sccs c;
  eng_find_sccs (n, NULL, from, to, succ, &c);
  cc_word *acc = cc_xmalloc ((rw + 1) * sizeof *acc);
  for (uint32_t ci = 0; ci < c.n; ci++)
    {
      const uint32_t *mem = c.node + c.start[ci];
      uint32_t nm = c.start[ci + 1] - c.start[ci];
      memset (acc, 0, rw * sizeof (cc_word));
      for (uint32_t k = 0; k < nm; k++)
        {
          uint32_t m = mem[k];
          if (has_own[m])
            cc_bits_or (acc, rs + (size_t) m * rw, rw);
          for (uint32_t t = from[m]; t < to[m]; t++)
            if (c.comp_of[succ[t]] != ci)
              {
                or_up (p, ups[succ[t]], acc);
                cc_bits_or (acc, rs + (size_t) set_of[succ[t]] * rw, rw);
              }
        }
      for (uint32_t k = 0; c.cyclic[ci] && k < nm; k++)
        or_up (p, ups[mem[k]], acc);
      /* The component's set goes where its first member's own was.  */
      for (uint32_t k = 0; k < nm; k++)
        set_of[mem[k]] = mem[0];
      memcpy (rs + (size_t) mem[0] * rw, acc, rw * sizeof (cc_word));
    }
  free (acc);
  eng_free_sccs (&c);
}

/* R for the UPs of loop LOOP in instance X: the function scope's
   equations restricted to edges that stay in the loop.  The loop's UPs
   are those its blocks head (a UP never crosses a loop boundary), so the
   cost is the loop's size, not the function's.  A UP's set is what its
   end and its edges add, and the sets of its successors: a first pass
   computes the former and notes the successors' slots, loop_components
   the rest.  */
loop_sets *
eng_loop_reach (engine *e, uint32_t x, uint32_t loop)
{
  uint32_t fi = e->r->instances[x].func;
  const cc_func_result *fr = &e->r->funcs[fi];
  const cc_fcfg *cfg = &e->cfgs[fi];
  const cc_loop *lp = &fr->loops[loop];
  size_t rw = e->rw;
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
  /* Not zeroed: a slot's own set is read only where has_own says it
     holds something (zeroed then, below), and the component sets that
     loop_components writes are the only others read.  */
  l->rs = cc_xmalloc ((size_t) (l->n + 1) * rw * sizeof (cc_word));
  uint32_t base = e->node_base[x];
  /* The successors' slots of UP i: succ[from[i] .. to[i]).  */
  size_t n_edges = 0;
  for (uint32_t i = 0; i < l->n; i++)
    n_edges += e->intra[base + l->ups[i]].n;
  uint32_t *succ = cc_xmalloc ((n_edges + 1) * sizeof *succ);
  uint32_t *from = cc_xmalloc ((2 * (size_t) l->n + 1) * sizeof *from);
  uint32_t *to = from + l->n;
  uint32_t n_succ = 0;
  uint8_t *has_own = cc_xcalloc (l->n + 1, 1);
  for (uint32_t i = l->n; i-- > 0;)
    {
      uint32_t nd = base + l->ups[i];
      from[i] = to[i] = n_succ;
      if (!e->reached[nd])
        continue;
      cc_word *ri = l->rs + (size_t) i * rw;
      has_own[i] = e->node_unknown_end[nd] || e->node_callee[nd] != CC_NONE;
      const edges *v = &e->intra[nd];
      for (uint32_t k = 0; k < v->n && !has_own[i]; k++)
        has_own[i] = (v->e[k].pad_block != CC_NONE || v->e[k].unknown)
                     && e->node_inst[v->e[k].to] == x
                     && eng_loop_slot (l, e->node_up[v->e[k].to]) != CC_NONE;
      if (has_own[i])
        memset (ri, 0, rw * sizeof (cc_word));
      end_effect (e, nd, ri, 0);
      for (uint32_t k = 0; k < v->n; k++)
        {
          uint32_t dst = v->e[k].to;
          uint32_t slot = e->node_inst[dst] == x ? eng_loop_slot (l, e->node_up[dst]) : CC_NONE;
          if (slot == CC_NONE)
            continue;
          /* edge_reach but the lines of the successor's UP, which
             loop_components adds.  */
          or_pad_lines (e, ri, v->e[k].pad_func, v->e[k].pad_block);
          if (v->e[k].unknown)
            cc_bits_or (ri, e->callback, rw);
          has_own[i] |= v->e[k].pad_block != CC_NONE || v->e[k].unknown;
          succ[n_succ++] = slot;
        }
      to[i] = n_succ;
    }
  l->set_of = cc_xmalloc ((l->n + 1) * sizeof *l->set_of);
  loop_components (l->rs, l->set_of, rw, l->n, has_own, from, to, succ, &e->fp[fi], l->ups);
  free (has_own);
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
