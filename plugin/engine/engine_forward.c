/* cachecat engine: forward: may-states (and must-states) to a fixpoint
   over the node graph (the states themselves: abstract_state.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* Join state O into the input of node TO (state_join; the first state
   to arrive is taken as it is).  Returns nonzero if the input changed --
   if TRACK: where the caller does not look (TO is in another component,
   which runs later anyway), the plain copy and union skip finding out.
   An input zeroed by clear_unset holds no may state yet no must state:
   must_set says whether its must planes hold one.  */
static int
join_into (engine *e, uint32_t to, const cc_word *o, int track)
{
  int changed = state_join (e, e->in + (size_t) to * e->stw, o, e->in_set[to],
                            e->must_set[to], track);
  e->in_set[to] = 1;
  e->must_set[to] |= e->MU != 0;
  return changed;
}

/* Zero the input of node ND unless it has been written.  */
static void
clear_unset (engine *e, uint32_t nd)
{
  if (!e->in_set[nd])
    {
      memset (e->in + (size_t) nd * e->stw, 0, e->stw * sizeof (cc_word));
      e->in_set[nd] = 1;
    }
}

/* Run node ND on its input state and join the result into its successors'.
   Marks the successors in ND's own component whose input changed in DIRTY.  */
static void
forward_node (engine *e, uint32_t nd, cc_word *s, cc_word *t, uint8_t *dirty)
{
  const uint32_t *comp_of = e->fwd_sccs.comp_of;
  size_t stw = e->stw;
  /* A node of a cycle may run before anything reaches it: on nothing.  */
  clear_unset (e, nd);
  memcpy (s, e->in + (size_t) nd * stw, stw * sizeof (cc_word));
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  eng_walk_up (e, fi, e->node_up[nd], s);
  e->fh_budget += (1 + e->fp[fi].up_nrefs[e->node_up[nd]]) / 4;
  const edges *v = &e->fwd[nd];
  for (uint32_t k = 0; k < v->n; k++)
    {
      const edge *g = &v->e[k];
      const cc_word *o = s;
      if (g->unknown || g->pad_block != CC_NONE)
        {
          memcpy (t, s, stw * sizeof (cc_word));
          if (g->unknown)
            eng_unknown_run (e, t, g->unknown);
          eng_apply_pad (e, t, g->pad_func, g->pad_block);
          o = t;
        }
      int same = comp_of[g->to] == comp_of[nd];
      if (join_into (e, g->to, o, same) && same)
        dirty[g->to] = 1;
    }
}

/* May-states to a fixpoint, one component at a time, sources first: a
   node on no cycle runs once, a cycle is iterated until it is stable.  */
void
eng_forward (engine *e)
{
  cc_result *r = e->r;
  size_t stw = e->stw;
  const sccs *c = &e->fwd_sccs;
  /* The inputs start empty: each is zeroed or copied when first
     touched (in_set), the ones never touched at the end.  */
  e->in = eng_reuse (e, 0, (size_t) (e->n_nodes + 1) * stw);
  e->in_set = cc_xcalloc (e->n_nodes + 1, 1);
  e->must_set = cc_xcalloc (e->n_nodes + 1, 1);
  cc_word *s = cc_xmalloc (stw * sizeof (cc_word));
  cc_word *t = cc_xmalloc (stw * sizeof (cc_word));
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      if (!r->instances[x].root)
        continue;
      uint32_t n, nd = eng_nodes_at (e, x, 0, &n);
      if (n == 0)
        continue;
      eng_root_state (e, x, s);
      for (uint32_t j = 0; j < n; j++)
        join_into (e, nd + j, s, 0);
    }
  uint8_t *dirty = cc_xcalloc (e->n_nodes + 1, 1);
  for (uint32_t ci = c->n; ci-- > 0;)
    {
      const uint32_t *mem = c->node + c->start[ci];
      uint32_t nm = c->start[ci + 1] - c->start[ci];
      for (uint32_t i = 0; i < nm; i++)
        dirty[mem[i]] = 1;
      for (int again = 1; again;)
        {
          again = 0;
          for (uint32_t i = 0; i < nm; i++)
            if (dirty[mem[i]])
              {
                dirty[mem[i]] = 0;
                forward_node (e, mem[i], s, t, dirty);
                again = 1;
              }
        }
    }
  for (uint32_t nd = 0; nd <= e->n_nodes; nd++)
    clear_unset (e, nd);
  free (e->in_set);
  e->in_set = NULL;
  free (dirty);
  free (s);
  free (t);
}
