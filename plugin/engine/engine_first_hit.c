/* cachecat engine: first-hit (docs/semantics.md §6.3).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* first-hit(L) promises that in each execution of loop L the first fetch
   of the insn hits.  An execution of L enters its header from outside
   (the state there is the join of the states on those edges) and runs the
   loop's region: the loop's UPs in its instance and the instances called
   from inside the loop (not merged ones, which other callers share; a
   node the region is entered at other than the header starts from
   nothing known).  The first fetch of the insn in an execution is reached
   along a path of the region that passes the insn's node no earlier, so
   the state there is the fixpoint over the region with the back edges
   followed and nothing leaving that node -- if the insn is fetched
   whenever its node runs; for one only maybe fetched, nothing stops
   there.  The insn is first-hit(L) if
   its line is cached for sure in that state.  A cheaper test first: the
   same without back edges (the first iteration), which holds at least as
   much.  */

#ifndef CC_FH_MAX_REGION
#define CC_FH_MAX_REGION 512      /* nodes of a region analysed */
#endif
#ifndef CC_FH_CALLER_LEVELS
#define CC_FH_CALLER_LEVELS 2     /* callers whose loops are tried */
#endif

typedef struct fh_region
{
  int usable;
  uint32_t x;              /* the loop's instance */
  uint32_t n;
  uint32_t *nodes;         /* ascending */
  uint8_t *header;         /* per slot: a UP of the loop's header */
  uint8_t *open;           /* per slot: entered from outside, not at the header */
  cc_word *entry;          /* the state entering the header from outside */
  uint8_t **fi;            /* per slot, lazily: ref bits in the first iteration */
  int fi_done;
  int barren;              /* no ref of the region is cached for sure in
                              the first iteration: nothing to look for */
  uint32_t *stop_node, n_stop;
  uint8_t **stop_bits;     /* per checked node: ref bits, stopped there */
  int open_done;
  uint8_t **open_bits;     /* per slot: ref bits with back edges and no
                              stop (for insns only maybe fetched) */
} fh_region;

/* Charge a walk of node ND to the run's first-hit budget.  */
static void
fh_charge (engine *e, uint32_t nd)
{
  uint64_t c = 1 + e->fp[e->r->instances[e->node_inst[nd]].func].up_nrefs[e->node_up[nd]];
  e->fh_budget -= e->fh_budget < c ? e->fh_budget : c;
}

static uint32_t
fh_slot (const fh_region *r, uint32_t nd)
{
  return cc_find_u32 (r->nodes, r->n, nd);
}

static void
fh_add (fh_region *r, uint32_t nd, uint32_t *cap)
{
  if (r->n == *cap)
    {
      *cap = *cap ? 2 * *cap : 16;
      r->nodes = cc_xrealloc (r->nodes, *cap * sizeof *r->nodes);
    }
  r->nodes[r->n++] = nd;
}

/* Is line L cached for sure in state S?  */
static int
guaranteed (const engine *e, cc_word *s, uint32_t l)
{
  if (e->MU)
    return cc_bit_get (must_plane (e, s, e->MU - 1), l);
  /* One way, no must planes: the only line that may be in its set.  */
  const cc_word *p = may_plane (e, s, 0);
  uint32_t k = e->line_key[l];
  if (!cc_bit_get (p, l) || cc_bit_get (p, marker (e, k, M_INV))
      || cc_bit_get (p, marker (e, k, M_UNK))
      || (e->has_foreign && cc_bit_get (p, marker (e, k, M_TAINT))))
    return 0;
  for (uint32_t i = 0; i < e->set_n[k]; i++)
    if (e->key_first[k] + i != l && cc_bit_get (p, e->key_first[k] + i))
      return 0;
  return 1;
}

/* Join O into the region state T (state_join; SET: T holds one, else
   it takes O as it is).  Returns nonzero if T changed, as it does when
   it gets its first state.  */
static int
fh_join (const engine *e, cc_word *t, uint8_t *set, const cc_word *o)
{
  int was_set = *set;
  *set = 1;
  return state_join (e, t, o, was_set, was_set, 1) || !was_set;
}

/* What taking edge G does to state S at the end of a UP.  */
static void
fh_edge (const engine *e, cc_word *s, const edge *g)
{
  if (g->unknown)
    eng_unknown_run (e, s, g->unknown);
  eng_apply_pad (e, s, g->pad_func, g->pad_block);
}

/* The state of ND after its UP, taking edge G: into OUT.  */
static void
fh_out (const engine *e, uint32_t nd, const cc_word *in, const edge *g, cc_word *out)
{
  memcpy (out, in, e->stw * sizeof (cc_word));
  eng_walk_up (e, e->r->instances[e->node_inst[nd]].func, e->node_up[nd], out);
  fh_edge (e, out, g);
}

static fh_region *
fh_region_build (engine *e, uint32_t x, uint32_t loop)
{
  const cc_result *res = e->r;
  uint32_t fi = res->instances[x].func;
  const cc_func_result *fr = &res->funcs[fi];
  const cc_loop *lp = &fr->loops[loop];
  fh_region *r = cc_xcalloc (1, sizeof *r);
  r->x = x;
  uint32_t cap = 0;
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    {
      uint32_t n, nd = eng_nodes_at (e, x, lp->blocks[k], &n);
      for (uint32_t j = 0; j < n; j++)
        if (e->reached[nd + j])
          fh_add (r, nd + j, &cap);
    }
  /* The instances called from inside the loop, and theirs.  */
  uint32_t *stack = cc_xmalloc ((res->n_instances + 1) * sizeof *stack), sp = 0;
  for (uint32_t k = e->child_start[x]; k < e->child_start[x + 1]; k++)
    {
      uint32_t y = e->child_inst[k];
      if (!res->instances[y].merged && cc_loop_contains (fr, loop, res->instances[y].call_block))
        stack[sp++] = y;
    }
  while (sp && r->n <= CC_FH_MAX_REGION)
    {
      uint32_t y = stack[--sp];
      uint32_t nu = res->funcs[res->instances[y].func].n_ups;
      for (uint32_t u = 0; u < nu; u++)
        if (e->reached[e->node_base[y] + u])
          fh_add (r, e->node_base[y] + u, &cap);
      for (uint32_t k = e->child_start[y]; k < e->child_start[y + 1]; k++)
        if (!res->instances[e->child_inst[k]].merged && sp < res->n_instances)
          stack[sp++] = e->child_inst[k];
    }
  free (stack);
  if (r->n == 0 || r->n > CC_FH_MAX_REGION || e->fh_budget == 0)
    return r;
  qsort (r->nodes, r->n, sizeof *r->nodes, cc_cmp_u32);
  r->header = cc_xcalloc (r->n + 1, 1);
  r->open = cc_xcalloc (r->n + 1, 1);
  r->entry = cc_xcalloc (e->stw + 1, sizeof (cc_word));
  uint32_t nh, h0 = eng_nodes_at (e, x, lp->header, &nh);
  for (uint32_t j = 0; j < nh; j++)
    {
      uint32_t sl = fh_slot (r, h0 + j);
      if (sl != CC_NONE)
        r->header[sl] = 1;
    }
  uint8_t entry_set = 0;
  cc_word *out = cc_xmalloc ((e->stw + 1) * sizeof (cc_word));
  int usable = 1;
  /* The instance of the loop must not be recursive: a call of it from
     itself or from below it runs the loop in another frame, and its
     returns would look like paths inside this execution.  */
  for (uint32_t k = 0; k < e->g.n_callers[x] && usable; k++)
    for (uint32_t y = e->g.callers[x][k].caller; y != CC_NONE; y = res->instances[y].parent)
      if (y == x)
        {
          usable = 0;
          break;
        }
  for (uint32_t i = 0; i < r->n && usable; i++)
    {
      uint32_t nd = r->nodes[i];
      /* A call from inside the region into the loop's instance (recursion)
         starts an execution of the loop of its own in a frame of its own:
         not analysed.  */
      if (e->node_callee[nd] == x)
        {
          usable = 0;
          break;
        }
      for (uint32_t k = e->pred_start[nd]; k < e->pred_start[nd + 1]; k++)
        {
          uint32_t p = e->pred_node[k];
          if (fh_slot (r, p) != CC_NONE)
            continue;
          if (!r->header[i])
            {
              r->open[i] = 1;
              continue;
            }
          const edges *v = &e->fwd[p];
          for (uint32_t q = 0; q < v->n; q++)
            if (v->e[q].to == nd)
              {
                fh_out (e, p, e->in + (size_t) p * e->stw, &v->e[q], out);
                fh_join (e, r->entry, &entry_set, out);
                fh_charge (e, p);
              }
        }
      if (r->header[i] && fh_slot (r, nd) != CC_NONE && lp->header == 0
          && res->instances[x].root)
        {
          eng_root_state (e, x, out);
          fh_join (e, r->entry, &entry_set, out);
        }
    }
  free (out);
  r->usable = usable && entry_set;
  r->fi = cc_xcalloc (r->n + 1, sizeof *r->fi);
  return r;
}

void
eng_fh_region_free (fh_region *r)
{
  if (!r)
    return;
  for (uint32_t i = 0; r->fi && i < r->n; i++)
    free (r->fi[i]);
  for (uint32_t i = 0; i < r->n_stop; i++)
    free (r->stop_bits[i]);
  for (uint32_t i = 0; r->open_bits && i < r->n; i++)
    free (r->open_bits[i]);
  free (r->open_bits);
  free (r->fi);
  free (r->stop_node);
  free (r->stop_bits);
  free (r->nodes);
  free (r->header);
  free (r->open);
  free (r->entry);
  free (r);
}

/* Per ref of ND's UP, in walk order: is its line cached for sure before
   it, starting from state S?  (A repeat, left out of the refs, finds its
   line alone in its set, and fetching it changes nothing: fphase's
   up_repeat says whether the UP has one.)  */
static uint8_t *
fh_ref_bits (const engine *e, uint32_t nd, cc_word *s)
{
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[e->node_up[nd]];
  const fphase *p = &e->fp[fi];
  uint32_t n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    n += p->block_ref[up->blocks[k] + 1] - p->block_ref[up->blocks[k]];
  uint8_t *bits = cc_xcalloc (n + 1, 1);
  n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      for (uint32_t x2 = p->block_ref[b]; x2 < p->block_ref[b + 1]; x2++, n++)
        {
          const ref *rf = &p->refs[x2];
          if (rf->line != FOREIGN)
            bits[n] = (uint8_t) guaranteed (e, s, rf->line);
          apply_ref_inline (e, s, rf);
        }
      if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
        eng_apply_pad (e, s, fi, b);
    }
  return bits;
}

/* The index of ref X2 among the refs of ND's UP, in walk order (X2
   CC_NONE: how many refs it has).  */
static uint32_t
fh_ref_index (const engine *e, uint32_t nd, uint32_t x2)
{
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  const cc_up *up = &e->r->funcs[fi].ups[e->node_up[nd]];
  const fphase *p = &e->fp[fi];
  uint32_t n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      if (x2 >= p->block_ref[b] && x2 < p->block_ref[b + 1])
        return n + (x2 - p->block_ref[b]);
      n += p->block_ref[b + 1] - p->block_ref[b];
    }
  return x2 == CC_NONE ? n : CC_NONE;
}

/* Is a ref of ND's UP cached for sure before it, by BITS (fh_ref_bits),
   or a repeat (which always is)?  */
static int
fh_any_bit (const engine *e, uint32_t nd, const uint8_t *bits)
{
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  if (e->fp[fi].up_repeat[e->node_up[nd]])
    return 1;
  uint32_t nr = fh_ref_index (e, nd, CC_NONE);
  for (uint32_t k = 0; k < nr; k++)
    if (bits[k])
      return 1;
  return 0;
}

/* The region's states to a fixpoint, from its entry: with the loop's back
   edges or without (the first iteration), and with nothing leaving slot
   STOP (CC_NONE: none).  ST holds the states, SET which are set.  A pass
   charges every set node to the budget, but walks only those whose state
   changed since their last walk (DIRTY): the others would join what their
   successors already hold.  */
static void
fh_fixpoint (engine *e, const fh_region *r, uint32_t loop, int back, uint32_t stop,
             cc_word *st, uint8_t *set)
{
  size_t stw = e->stw;
  uint32_t lfi = e->r->instances[r->x].func;
  const cc_func_result *lfr = &e->r->funcs[lfi];
  memset (set, 0, r->n);
  for (uint32_t i = 0; i < r->n; i++)
    if (r->header[i])
      {
        memcpy (st + (size_t) i * stw, r->entry, stw * sizeof (cc_word));
        set[i] = 1;
      }
    else if (r->open[i])
      {
        /* Entered from outside at another node: nothing known.  */
        memset (st + (size_t) i * stw, 0, stw * sizeof (cc_word));
        eng_unknown_effect (e, st + (size_t) i * stw);
        set[i] = 1;
      }
  uint8_t *dirty = cc_xmalloc (r->n + 1);
  memcpy (dirty, set, r->n);
  cc_word *after = cc_xmalloc ((stw + 1) * sizeof (cc_word));
  cc_word *out = cc_xmalloc ((stw + 1) * sizeof (cc_word));
  for (int changed = 1; changed && e->fh_budget > 0;)
    {
      changed = 0;
      for (uint32_t i = 0; i < r->n; i++)
        {
          uint32_t nd = r->nodes[i];
          if (!set[i] || i == stop)
            continue;
          fh_charge (e, nd);
          if (!dirty[i])
            continue;
          dirty[i] = 0;
          int walked = 0;
          const edges *v = &e->fwd[nd];
          for (uint32_t q = 0; q < v->n; q++)
            {
              uint32_t j = fh_slot (r, v->e[q].to);
              if (j == CC_NONE)
                continue;
              /* A back edge of the loop: from its own UPs to its header.  */
              if (!back && r->header[j] && e->node_inst[nd] == r->x
                  && cc_loop_contains (lfr, loop, lfr->ups[e->node_up[nd]].blocks[0]))
                continue;
              /* The state after the UP, once for all the edges.  */
              if (!walked)
                {
                  memcpy (after, st + (size_t) i * stw, stw * sizeof (cc_word));
                  eng_walk_up (e, e->r->instances[e->node_inst[nd]].func,
                               e->node_up[nd], after);
                  walked = 1;
                }
              const cc_word *o = after;
              if (v->e[q].unknown || v->e[q].pad_block != CC_NONE)
                {
                  memcpy (out, after, stw * sizeof (cc_word));
                  fh_edge (e, out, &v->e[q]);
                  o = out;
                }
              if (fh_join (e, st + (size_t) j * stw, &set[j], o))
                {
                  changed = 1;
                  dirty[j] = 1;
                }
            }
        }
    }
  free (dirty);
  free (after);
  free (out);
}

/* Is ref X2 of node ND first-hit in loop LOOP of instance X?  */
static int
fh_check (engine *e, uint32_t x, uint32_t loop, uint32_t nd, uint32_t x2)
{
  uint32_t fi = e->r->instances[x].func;
  if (!e->fh[x])
    e->fh[x] = cc_xcalloc (e->r->funcs[fi].n_loops + 1, sizeof (fh_region *));
  fh_region *r = e->fh[x][loop];
  if (!r && e->fh_budget == 0)
    return 0;
  if (!r)
    r = e->fh[x][loop] = fh_region_build (e, x, loop);
  uint32_t sl = r->usable ? fh_slot (r, nd) : CC_NONE;
  if (sl == CC_NONE || e->fh_budget == 0)
    return 0;
  size_t stw = e->stw;
  if (!r->fi_done)
    {
      r->fi_done = 1;
      /* The first iteration, once for the whole region.  */
      cc_word *st = cc_xmalloc (((size_t) r->n * stw + 1) * sizeof (cc_word));
      uint8_t *set = cc_xmalloc (r->n + 1);
      fh_fixpoint (e, r, loop, 0, CC_NONE, st, set);
      r->barren = 1;
      for (uint32_t i = 0; i < r->n; i++)
        if (set[i])
          {
            r->fi[i] = fh_ref_bits (e, r->nodes[i], st + (size_t) i * stw);
            r->barren &= !fh_any_bit (e, r->nodes[i], r->fi[i]);
          }
      free (st);
      free (set);
    }
  if (x2 == CC_NONE || r->barren || !r->fi[sl])
    return 0;
  uint32_t ix = fh_ref_index (e, nd, x2);
  if (ix == CC_NONE || !r->fi[sl][ix])
    return 0;
  /* Only an insn fetched whenever its node runs has its first fetch at
     the first pass through its node.  One that is only maybe fetched may
     have been passed without a fetch before (semantics.md §6.3): its
     first fetch may come in any iteration, so no path stops at its
     node.  */
  const ref *rf = &e->fp[e->r->instances[e->node_inst[nd]].func].refs[x2];
  if (rf->insn != CC_NONE
      && e->m->funcs[e->r->instances[e->node_inst[nd]].func].insns[rf->insn].fetch
           != CC_FETCH_ALWAYS)
    {
      if (!r->open_done)
        {
          r->open_done = 1;
          cc_word *st = cc_xmalloc (((size_t) r->n * stw + 1) * sizeof (cc_word));
          uint8_t *set = cc_xmalloc (r->n + 1);
          fh_fixpoint (e, r, loop, 1, CC_NONE, st, set);
          r->open_bits = cc_xcalloc (r->n + 1, sizeof *r->open_bits);
          for (uint32_t i = 0; i < r->n && e->fh_budget; i++)
            if (set[i])
              r->open_bits[i] = fh_ref_bits (e, r->nodes[i], st + (size_t) i * stw);
          free (st);
          free (set);
        }
      return r->open_bits[sl] && r->open_bits[sl][ix];
    }
  uint32_t k = 0;
  while (k < r->n_stop && r->stop_node[k] != nd)
    k++;
  if (k == r->n_stop)
    {
      cc_word *st = cc_xmalloc (((size_t) r->n * stw + 1) * sizeof (cc_word));
      uint8_t *set = cc_xmalloc (r->n + 1);
      fh_fixpoint (e, r, loop, 1, sl, st, set);
      r->stop_node = cc_xrealloc (r->stop_node, (r->n_stop + 1) * sizeof (uint32_t));
      r->stop_bits = cc_xrealloc (r->stop_bits, (r->n_stop + 1) * sizeof (uint8_t *));
      r->stop_node[k] = nd;
      r->stop_bits[k] = set[sl] && e->fh_budget ? fh_ref_bits (e, nd, st + (size_t) sl * stw)
                                                : NULL;
      r->n_stop++;
      free (st);
      free (set);
    }
  return r->stop_bits[k] && r->stop_bits[k][ix];
}

/* The first-iteration bits of node ND in loop LOOP of instance X, NULL if
   none is set (or the region is not analysed).  */
static const uint8_t *
fh_first_bits (engine *e, uint32_t x, uint32_t loop, uint32_t nd)
{
  uint32_t fi = e->r->instances[x].func;
  if (!e->fh[x])
    e->fh[x] = cc_xcalloc (e->r->funcs[fi].n_loops + 1, sizeof (fh_region *));
  fh_region *r = e->fh[x][loop];
  if (!r && e->fh_budget == 0)
    return NULL;
  if (!r)
    r = e->fh[x][loop] = fh_region_build (e, x, loop);
  uint32_t sl = r->usable ? fh_slot (r, nd) : CC_NONE;
  if (sl == CC_NONE)
    return NULL;
  fh_check (e, x, loop, nd, CC_NONE);  /* computes the first iteration */
  if (r->barren || !r->fi[sl] || !fh_any_bit (e, nd, r->fi[sl]))
    return NULL;
  return r->fi[sl];
}

/* Is first-hit possible for some ref of node ND (in any loop it would be
   looked for in)?  Asked once per node and run: most nodes have no ref
   that the first iteration keeps, and eng_first_hit is asked per ref.  */
static int
fh_node_possible (engine *e, uint32_t nd, uint32_t b)
{
  if (e->fh_node[nd])
    return e->fh_node[nd] == 1;
  const cc_result *res = e->r;
  uint32_t x = e->node_inst[nd], own = res->instances[x].func;
  int possible = 0;
  for (uint32_t l = res->funcs[own].block_loop[b]; l != CC_NONE && !possible;
       l = res->funcs[own].loops[l].parent)
    possible = fh_first_bits (e, x, l, nd) != NULL;
  uint32_t level = 0;
  for (uint32_t y = x; !possible && !res->instances[y].merged
                       && res->instances[y].parent != CC_NONE && level++ < CC_FH_CALLER_LEVELS;)
    {
      uint32_t p = res->instances[y].parent, pf = res->instances[p].func;
      uint32_t cb = res->instances[y].call_block;
      if (pf != own)
        for (uint32_t l = res->funcs[pf].block_loop[cb]; l != CC_NONE && !possible;
             l = res->funcs[pf].loops[l].parent)
          possible = fh_first_bits (e, p, l, nd) != NULL;
      y = p;
    }
  e->fh_node[nd] = possible ? 1 : 2;
  return possible;
}

/* First-hit for ref X2 (in block B) of context node ND: the innermost loop
   in which it holds -- the insn's own loops first, then the loops of its
   callers around the call, up the chain of instances (not through a
   merged instance, whose callers are many).  */
cc_verdict
eng_first_hit (engine *e, uint32_t nd, uint32_t b, uint32_t x2)
{
  if (!fh_node_possible (e, nd, b))
    return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  const cc_result *res = e->r;
  uint32_t x = e->node_inst[nd], own = res->instances[x].func;
  for (uint32_t l = res->funcs[own].block_loop[b]; l != CC_NONE; l = res->funcs[own].loops[l].parent)
    if (fh_check (e, x, l, nd, x2))
      return (cc_verdict){ CC_FIRST_HIT, CC_SCOPE_LOOP, l, 0 };
  /* Callers up to CC_FH_CALLER_LEVELS up: further out, loops are big and
     their regions rarely keep a line.  */
  uint32_t level = 0;
  for (uint32_t y = x; !res->instances[y].merged && res->instances[y].parent != CC_NONE
                       && level++ < CC_FH_CALLER_LEVELS;)
    {
      uint32_t p = res->instances[y].parent, pf = res->instances[p].func;
      uint32_t cb = res->instances[y].call_block;
      /* A caller of the same function: its loops would read as our own.  */
      if (pf != own)
        for (uint32_t l = res->funcs[pf].block_loop[cb]; l != CC_NONE; l = res->funcs[pf].loops[l].parent)
          if (fh_check (e, p, l, nd, x2))
            return (cc_verdict){ CC_FIRST_HIT, CC_SCOPE_LOOP, l, pf + 1 };
      y = p;
    }
  return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
}
