/* cachecat engine: function instances (docs/semantics.md §4.4-4.6).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The call graph is unfolded from each root into a tree of instances.  A
   recursive call is an edge back to the instance already on the chain.
   Past the cap, further calls to a function share one merged instance: its
   state is the join over all its callers and it returns to all of them, so
   merging loses precision, never soundness.  The cap is a number of
   instances when the user sets one; otherwise it is a budget on their
   size (the instructions of all instances together), a multiple of the
   unit's size, so that the cost of the analysis stays proportional to the
   code however the call graph unfolds.  */

#include "engine/engine_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct builder
{
  const cc_model *m;
  const uint8_t *func_ok;
  uint32_t **target;         /* per function, per block: the function a
                                direct call reaches, CC_NONE if unknown */
  cc_result *r;
  cc_igraph *g;
  uint32_t cap;              /* instances */
  uint64_t size_cap, size;   /* instructions of the instances */
  uint32_t *merged_of;       /* per function: its merged instance */
  uint32_t *queue;           /* instances still to expand */
  uint32_t qhead, qtail, qcap;
} builder;

static uint32_t
new_instance (builder *b, uint32_t func, uint32_t parent, uint32_t block,
              int root, int cold, int merged)
{
  cc_result *r = b->r;
  cc_igraph *g = b->g;
  uint32_t id = r->n_instances++;
  b->size += b->m->funcs[func].n_insns;
  r->instances = cc_xrealloc (r->instances, r->n_instances * sizeof *r->instances);
  r->instances[id] = (cc_instance){ func, parent, block, (uint8_t) root,
                                    (uint8_t) cold, (uint8_t) merged };
  g->n = r->n_instances;
  g->callee = cc_xrealloc (g->callee, g->n * sizeof *g->callee);
  g->n_callers = cc_xrealloc (g->n_callers, g->n * sizeof *g->n_callers);
  g->callers = cc_xrealloc (g->callers, g->n * sizeof *g->callers);
  uint32_t nb = b->m->funcs[func].n_blocks;
  g->callee[id] = cc_xmalloc ((nb ? nb : 1) * sizeof (uint32_t));
  for (uint32_t i = 0; i < nb; i++)
    g->callee[id][i] = CC_NONE;
  g->n_callers[id] = 0;
  g->callers[id] = NULL;
  g->func_inst[func] = cc_xrealloc (g->func_inst[func],
                                    (g->func_n_inst[func] + 1) * sizeof (uint32_t));
  g->func_inst[func][g->func_n_inst[func]++] = id;
  if (b->qtail == b->qcap)
    {
      b->qcap = b->qcap ? 2 * b->qcap : 64;
      b->queue = cc_xrealloc (b->queue, b->qcap * sizeof *b->queue);
    }
  b->queue[b->qtail++] = id;
  return id;
}

static void
add_caller (cc_igraph *g, uint32_t callee, uint32_t caller, uint32_t block)
{
  g->callers[callee] = cc_xrealloc (g->callers[callee],
                                    (g->n_callers[callee] + 1) * sizeof (cc_callsite));
  g->callers[callee][g->n_callers[callee]++] = (cc_callsite){ caller, block };
}

/* The instance of FUNC on the chain from X up to its root, if any.  */
static uint32_t
on_chain (const cc_result *r, uint32_t x, uint32_t func)
{
  for (; x != CC_NONE; x = r->instances[x].parent)
    if (r->instances[x].func == func)
      return x;
  return CC_NONE;
}

static void
expand (builder *b, uint32_t x)
{
  uint32_t fi = b->r->instances[x].func;
  const cc_func *f = &b->m->funcs[fi];
  for (uint32_t bl = 0; bl < f->n_blocks; bl++)
    {
      const cc_block *bb = &f->blocks[bl];
      uint32_t g = b->target[fi][bl];
      if (bb->call != CC_CALL_DIRECT || g == CC_NONE)
        continue; /* no call, or unknown code */
      uint32_t y = on_chain (b->r, x, g);
      if (y == CC_NONE
          && (b->r->n_instances >= b->cap
              || b->size + b->m->funcs[g].n_insns > b->size_cap))
        {
          if (b->merged_of[g] == CC_NONE)
            b->merged_of[g] = new_instance (b, g, x, bl, 0, 0, 1);
          y = b->merged_of[g];
          b->r->capped = 1;
        }
      else if (y == CC_NONE)
        y = new_instance (b, g, x, bl, 0, 0, 0);
      b->g->callee[x][bl] = y;
      add_caller (b->g, y, x, bl);
    }
}

static void
drain (builder *b)
{
  while (b->qhead < b->qtail)
    expand (b, b->queue[b->qhead++]);
}

uint32_t
cc_instances_build (const cc_model *m, const uint8_t *func_ok,
                    const cc_analysis_opts *opts, cc_result *r, cc_igraph *g)
{
  builder b = { 0 };
  b.m = m;
  b.func_ok = func_ok;
  b.r = r;
  b.g = g;
  uint64_t unit_size = 0;
  for (uint32_t i = 0; i < m->n_funcs; i++)
    unit_size += m->funcs[i].n_insns;
  if (opts->max_instances)
    {
      b.cap = opts->max_instances;
      b.size_cap = UINT64_MAX;
    }
  else
    {
      b.cap = UINT32_MAX;
      b.size_cap = unit_size * CC_INSTANCE_GROWTH;
      if (b.size_cap < CC_INSTANCE_MIN_SIZE)
        b.size_cap = CC_INSTANCE_MIN_SIZE;
    }
  r->instance_budget = opts->max_instances ? 0 : b.size_cap;
  memset (g, 0, sizeof *g);
  g->n_funcs = m->n_funcs;
  g->func_n_inst = cc_xcalloc (m->n_funcs, sizeof *g->func_n_inst);
  g->func_inst = cc_xcalloc (m->n_funcs, sizeof *g->func_inst);
  b.merged_of = cc_xmalloc ((m->n_funcs + 1) * sizeof *b.merged_of);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    b.merged_of[i] = CC_NONE;

  /* Resolve call targets once, by name.  */
  cc_func_index names;
  cc_func_index_build (&names, m);
  b.target = cc_xcalloc (m->n_funcs + 1, sizeof *b.target);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    {
      const cc_func *f = &m->funcs[i];
      b.target[i] = cc_xmalloc ((f->n_blocks + 1) * sizeof (uint32_t));
      for (uint32_t bl = 0; bl < f->n_blocks; bl++)
        {
          const cc_block *bb = &f->blocks[bl];
          uint32_t t = CC_NONE;
          if (func_ok[i] && bb->call == CC_CALL_DIRECT && bb->callee)
            t = cc_func_index_find (&names, bb->callee);
          b.target[i][bl] = (t != CC_NONE && func_ok[t]) ? t : CC_NONE;
        }
    }

  uint32_t entry = opts->entry ? cc_model_find_func (m, opts->entry) : CC_NONE;
  if (entry != CC_NONE && !func_ok[entry])
    entry = CC_NONE;
  if (entry != CC_NONE)
    {
      new_instance (&b, entry, CC_NONE, CC_NONE, 1, opts->entry_cold, 0);
      drain (&b);
    }
  /* An entry that code outside may call as well is also entered warm.  */
  if (entry != CC_NONE && opts->entry_callable)
    {
      new_instance (&b, entry, CC_NONE, CC_NONE, 1, 0, 0);
      drain (&b);
    }
  /* Every function that code we do not follow may call is a root: code
     outside the unit (public or address-taken functions) and the unit's
     functions we could not model.  */
  uint8_t *called_unfollowed = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    for (uint32_t bl = 0; !func_ok[i] && bl < m->funcs[i].n_blocks; bl++)
      {
        const cc_block *bb = &m->funcs[i].blocks[bl];
        uint32_t t = bb->call == CC_CALL_DIRECT && bb->callee
                       ? cc_func_index_find (&names, bb->callee) : CC_NONE;
        if (t != CC_NONE)
          called_unfollowed[t] = 1;
      }
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (i != entry && func_ok[i]
        && ((m->funcs[i].flags & (CC_FUNC_PUBLIC | CC_FUNC_ADDRESS_TAKEN))
            || called_unfollowed[i]))
      {
        new_instance (&b, i, CC_NONE, CC_NONE, 1, 0, 0);
        drain (&b);
      }
  /* Functions nothing above reaches (e.g. called only from a function we
     could not model) are entered from code we do not know: roots too;
     not in a whole program, where nothing calls them.  */
  for (uint32_t i = 0; i < m->n_funcs && !opts->whole_program; i++)
    if (func_ok[i] && g->func_n_inst[i] == 0)
      {
        new_instance (&b, i, CC_NONE, CC_NONE, 1, 0, 0);
        drain (&b);
      }
  free (called_unfollowed);
  cc_func_index_free (&names);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    free (b.target[i]);
  free (b.target);
  free (b.merged_of);
  free (b.queue);
  return entry;
}

void
cc_igraph_free (cc_igraph *g)
{
  for (uint32_t i = 0; i < g->n; i++)
    {
      free (g->callee[i]);
      free (g->callers[i]);
    }
  free (g->callee);
  free (g->callers);
  free (g->n_callers);
  for (uint32_t i = 0; i < g->n_funcs; i++)
    free (g->func_inst[i]);
  free (g->func_inst);
  free (g->func_n_inst);
  memset (g, 0, sizeof *g);
}
