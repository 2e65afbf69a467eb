/* cachecat engine: forward: may-states (and must-states) to a fixpoint
   over the node graph.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_state.h"

#include <stdlib.h>
#include <string.h>

/* Copy N words from SRC to DST; nonzero if any is.  Four at a time,
   as cc_bits_or.  */
static int
copy_any (cc_word *dst, const cc_word *src, size_t n)
{
  cc_word4 any4 = { 0, 0, 0, 0 };
  size_t i = 0;
  for (; i + 4 <= n; i += 4)
    {
      cc_word4 w;
      memcpy (&w, src + i, sizeof w);
      memcpy (dst + i, &w, sizeof w);
      any4 |= w;
    }
  cc_word any = any4[0] | any4[1] | any4[2] | any4[3];
  for (; i < n; i++)
    any |= dst[i] = src[i];
  return any != 0;
}

/* Join state O into the input of node TO: union on the may planes,
   intersection on the must planes (the first state to arrive is taken as
   it is).  Returns nonzero if the input changed -- if TRACK: where the
   caller does not look (TO is in another component, which runs later
   anyway), the plain copy and union skip finding out.  */
static int
join_into (engine *e, uint32_t to, const cc_word *o, int track)
{
  cc_word *in = e->in + (size_t) to * e->stw;
  size_t may = (size_t) e->MP * e->sw, must = (size_t) e->MU * e->lw;
  if (!e->in_set[to])
    {
      /* An empty input: the union is O's may planes, the must planes
         are O's (as below); what changed is what O holds.  */
      e->in_set[to] = 1;
      int any = 1;
      if (track)
        any = copy_any (in, o, may);
      else
        memcpy (in, o, may * sizeof (cc_word));
      if (!must)
        return any;
      memcpy (in + may, o + may, must * sizeof (cc_word));
      e->must_set[to] = 1;
      return 1;
    }
  int changed = 1;
  if (track)
    changed = cc_bits_or (in, o, may) != 0;
  else
    cc_bits_or (in, o, may);
  if (!must)
    return changed;
  if (!e->must_set[to])
    {
      memcpy (in + may, o + may, must * sizeof (cc_word));
      e->must_set[to] = 1;
      return 1;
    }
  for (size_t i = 0; i < must; i++)
    {
      cc_word w = in[may + i] & o[may + i];
      changed |= w != in[may + i];
      in[may + i] = w;
    }
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
            eng_unknown_effect (e, t);
          eng_apply_pad (e, t, g->pad_func, g->pad_block);
          o = t;
        }
      int same = comp_of[g->to] == comp_of[nd];
      if (join_into (e, g->to, o, same) && same)
        dirty[g->to] = 1;
    }
}

/* The state in which root instance X starts.  */
void
eng_root_state (const engine *e, uint32_t x, cc_word *s)
{
  /* Cold: every slot may be empty, nothing is cached for sure.  */
  memset (s, 0, e->stw * sizeof (cc_word));
  for (uint32_t p = 0; p < e->MP; p++)
    memcpy (may_plane (e, s, p) + e->lw, e->inv_all + e->lw, (e->sw - e->lw) * sizeof (cc_word));
  if (!e->r->instances[x].cold)
    {
      /* Warm: anything may be cached, including the lines of this
         instance's own invocation from an earlier call.  */
      eng_unknown_effect (e, s);
      for (uint32_t p = 0; p < e->MP; p++)
        cc_bits_or (may_plane (e, s, p), e->T + (size_t) x * e->rw, e->lw);
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
