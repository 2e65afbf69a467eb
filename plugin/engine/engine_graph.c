/* cachecat engine: the node graph (layout independent).  A node is a
   UP of a function instance; the program-scope edges (fwd) follow calls
   and returns, the function-scope ones (intra) summarise calls.  Here too
   the strongly connected components of a graph (Tarjan's algorithm,
   iteratively: of the node graph, and of a loop's UPs for engine_reach.c)
   and the per-node buffers the steps share, kept across runs
   (engine_run.h, engine.buf).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* The edges of every node of one graph while they are built, node after
   node in one array (a node's own are the last ones, from START on): a
   small allocation per node would cost more than building them.
   pool_edges () then moves them into their final order.  */
typedef struct edge_build
{
  edge *e;
  size_t n, cap;
} edge_build;

static void
add_edge (edge_build *b, size_t start, uint32_t to, uint32_t pad_func, uint32_t pad_block,
          uint32_t unknown)
{
  for (size_t i = start; i < b->n; i++)
    if (b->e[i].to == to && b->e[i].pad_func == pad_func
        && b->e[i].pad_block == pad_block && b->e[i].unknown == unknown)
      return;
  b->e = cc_grow (b->e, &b->cap, b->n + 1, sizeof *b->e, 1024);
  b->e[b->n++] = (edge){ to, pad_func, pad_block, unknown };
}

/* Point every node's edges into B, where they lie node after node.  */
static void
place_edges (edges *graph, uint32_t n_nodes, edge *b)
{
  size_t at = 0;
  for (uint32_t nd = 0; nd < n_nodes; nd++)
    {
      graph[nd].e = b ? b + at : NULL;
      graph[nd].cap = graph[nd].n;
      at += graph[nd].n;
    }
}

/* The nodes of instance INST whose UPs BLOCK heads: *N of them, from the
   one returned.  Control enters a block on all of them at once.  */
uint32_t
eng_nodes_at (const engine *e, uint32_t inst, uint32_t block, uint32_t *n)
{
  const cc_fcfg *cfg = &e->cfgs[e->r->instances[inst].func];
  uint32_t u = cfg->head_up[block];
  *n = u == CC_NONE ? 0 : cfg->head_n_ups[block];
  return u == CC_NONE ? CC_NONE : e->node_base[inst] + u;
}

/* Edges from a block's end to its successors in the same instance.  */
static void
succ_edges (engine *e, edge_build *v, size_t start, uint32_t inst, uint32_t block,
            uint32_t unknown)
{
  uint32_t fi = e->r->instances[inst].func;
  const cc_block *bb = &e->m->funcs[fi].blocks[block];
  for (uint32_t k = 0; k < bb->n_succs; k++)
    {
      uint32_t n, to = eng_nodes_at (e, inst, bb->succs[k], &n);
      for (uint32_t j = 0; j < n; j++)
        add_edge (v, start, to + j, fi, bb->succs[k] == bb->fallthru ? block : CC_NONE,
                  unknown);
    }
}

/* Where control goes when instance INST returns.  Returns 1 if the return
   may lead to unknown code: a root's return does, except the cold entry's,
   which ends the program.  (Unknown code may then call any root again: the
   callback set covers that.)  */
static uint8_t
return_edges (engine *e, edge_build *v, size_t start, uint32_t inst, uint32_t unknown,
              uint8_t *seen)
{
  if (seen[inst])
    return 0;
  seen[inst] = 1;
  const cc_instance *in = &e->r->instances[inst];
  uint8_t kind = in->root && (in->func != e->entry || !in->cold);
  for (uint32_t k = 0; k < e->g.n_callers[inst]; k++)
    {
      cc_callsite cs = e->g.callers[inst][k];
      const cc_block *bb = &e->m->funcs[e->r->instances[cs.caller].func].blocks[cs.block];
      if (bb->noreturn)
        continue;
      /* After the call the caller may return (a sibling call, or a
         conditional return), and may go on to its successors.  */
      if (bb->exits)
        kind |= return_edges (e, v, start, cs.caller, unknown, seen);
      succ_edges (e, v, start, cs.caller, cs.block, unknown);
    }
  return kind;
}

/* Strongly connected components.  */

/* The components of the graph whose node I < N has the successors
   SUCC[FROM[I] .. TO[I]), over the nodes with KEEP[I] (every node if
   KEEP is NULL; the successors must be kept nodes), into OUT, in the
   order the algorithm completes them: every edge leads to the same
   component or to an earlier one.  Roots are taken in ascending order and
   edges in the order given, so the same graph always gives the same
   components in the same order (eng_forward's order of work depends on
   it).  */
void
eng_find_sccs (uint32_t n, const uint8_t *keep, const uint32_t *from, const uint32_t *to,
               const uint32_t *succ, sccs *out)
{
  uint32_t *index = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *low = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *next = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* edge cursor */
  uint32_t *call = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* DFS stack */
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof (uint32_t)); /* Tarjan's */
  uint8_t *on_stack = cc_xcalloc (n + 1, 1);
  out->n = 0;
  out->node = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  out->start = cc_xmalloc ((n + 2) * sizeof (uint32_t));
  out->cyclic = cc_xmalloc (n + 1);
  out->comp_of = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t done = 0;
  for (uint32_t i = 0; i < n; i++)
    index[i] = out->comp_of[i] = CC_NONE;
  uint32_t counter = 0, sp = 0;
  for (uint32_t root = 0; root < n; root++)
    {
      if ((keep && !keep[root]) || index[root] != CC_NONE)
        continue;
      uint32_t csp = 0;
      call[csp++] = root;
      index[root] = low[root] = counter++;
      next[root] = from[root];
      stack[sp++] = root;
      on_stack[root] = 1;
      while (csp)
        {
          uint32_t nd = call[csp - 1];
          if (next[nd] < to[nd])
            {
              uint32_t t = succ[next[nd]++];
              if (index[t] == CC_NONE)
                {
                  index[t] = low[t] = counter++;
                  next[t] = from[t];
                  stack[sp++] = t;
                  on_stack[t] = 1;
                  call[csp++] = t;
                }
              else if (on_stack[t] && index[t] < low[nd])
                low[nd] = index[t];
              continue;
            }
          csp--;
          if (csp && low[nd] < low[call[csp - 1]])
            low[call[csp - 1]] = low[nd];
          if (low[nd] != index[nd])
            continue;
          /* ND's component is stack[first..sp).  */
          uint32_t first = sp;
          do
            first--;
          while (stack[first] != nd);
          int cyclic = sp - first > 1;
          out->start[out->n] = done;
          for (uint32_t i = first; i < sp; i++)
            {
              uint32_t m = stack[i];
              on_stack[m] = 0;
              out->comp_of[m] = out->n;
              out->node[done++] = m;
              for (uint32_t k = from[m]; k < to[m]; k++)
                cyclic |= succ[k] == m;
            }
          out->cyclic[out->n++] = (uint8_t) cyclic;
          sp = first;
        }
    }
  out->start[out->n] = done;
  free (index);
  free (low);
  free (next);
  free (call);
  free (stack);
  free (on_stack);
}

void
eng_free_sccs (sccs *c)
{
  free (c->node);
  free (c->start);
  free (c->cyclic);
  free (c->comp_of);
  c->node = c->start = c->comp_of = NULL;
  c->cyclic = NULL;
}

/* The strongly connected components of the reached nodes of GRAPH
   (eng_find_sccs, over its edges between reached nodes, in their
   order).  */
static void
find_sccs (const engine *e, const edges *graph, sccs *out)
{
  uint32_t n = e->n_nodes;
  size_t n_edges = 0;
  for (uint32_t nd = 0; nd < n; nd++)
    n_edges += graph[nd].n;
  uint32_t *from = cc_xmalloc ((2 * (size_t) n + 1) * sizeof *from);
  uint32_t *to = from + n;
  uint32_t *succ = cc_xmalloc ((n_edges + 1) * sizeof *succ);
  uint32_t at = 0;
  for (uint32_t nd = 0; nd < n; nd++)
    {
      from[nd] = at;
      for (uint32_t k = 0; e->reached[nd] && k < graph[nd].n; k++)
        if (e->reached[graph[nd].e[k].to])
          succ[at++] = graph[nd].e[k].to;
      to[nd] = at;
    }
  eng_find_sccs (n, e->reached, from, to, succ, out);
  free (from);
  free (succ);
}

/* Within each cyclic component of C, order the nodes by reverse
   postorder of a depth-first search over the component's own edges of
   GRAPH.  The fixpoint in eng_forward () visits a component's dirty nodes in
   this order, so a round carries states along most edges at once: on
   lparser.c (a recursive-descent parser: one component of 3417 nodes)
   7379 node runs instead of 13440.  The fixpoint itself does not depend
   on the order; the other passes over components sum them up.  */
static void
order_components (const engine *e, const edges *graph, sccs *c)
{
  uint32_t n = e->n_nodes;
  uint32_t *order = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *next = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* edge cursor */
  uint8_t *seen = cc_xcalloc (n + 1, 1);
  for (uint32_t ci = 0; ci < c->n; ci++)
    {
      uint32_t *mem = c->node + c->start[ci];
      uint32_t nm = c->start[ci + 1] - c->start[ci];
      if (nm < 2)
        continue;
      uint32_t out = nm;
      for (uint32_t r = 0; r < nm; r++)
        {
          if (seen[mem[r]])
            continue;
          uint32_t sp = 0;
          stack[sp++] = mem[r];
          seen[mem[r]] = 1;
          next[mem[r]] = 0;
          while (sp)
            {
              uint32_t nd = stack[sp - 1];
              const edges *v = &graph[nd];
              if (next[nd] < v->n)
                {
                  uint32_t to = v->e[next[nd]++].to;
                  if (c->comp_of[to] == ci && !seen[to])
                    {
                      seen[to] = 1;
                      next[to] = 0;
                      stack[sp++] = to;
                    }
                  continue;
                }
              order[--out] = nd;
              sp--;
            }
        }
      memcpy (mem, order, nm * sizeof *mem);
    }
  free (order);
  free (stack);
  free (next);
  free (seen);
}

/* Move every node's edges into one array, in the order in which the
   components are visited: the passes over them then read memory in
   sequence instead of chasing a small allocation per node.  */
static edge *
pool_edges (const engine *e, edges *graph, const sccs *c)
{
  size_t total = 0;
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    total += graph[nd].n;
  edge *pool = cc_xmalloc ((total + 1) * sizeof (edge));
  size_t at = 0;
  for (uint32_t pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < (pass ? e->n_nodes : c->start[c->n]); i++)
      {
        uint32_t nd = pass ? i : c->node[i];
        if (pass && c->comp_of[nd] != CC_NONE)
          continue; /* placed in the first pass */
        edges *v = &graph[nd];
        if (v->n)
          memcpy (pool + at, v->e, v->n * sizeof (edge));
        v->e = pool + at;
        v->cap = v->n;
        at += v->n;
      }
  return pool;
}

/* Which nodes execution can reach from the roots' entries.  */
static void
mark_reached (engine *e)
{
  const cc_result *r = e->r;
  e->reached = cc_xcalloc (e->n_nodes + 1, 1);
  uint32_t *q = cc_xmalloc ((e->n_nodes + 1) * sizeof (uint32_t));
  uint32_t head = 0, tail = 0;
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t n = 0, nd = r->instances[x].root ? eng_nodes_at (e, x, 0, &n) : CC_NONE;
      for (uint32_t j = 0; j < n; j++)
        if (!e->reached[nd + j])
          {
            e->reached[nd + j] = 1;
            q[tail++] = nd + j;
          }
    }
  while (head < tail)
    {
      const edges *v = &e->fwd[q[head++]];
      for (uint32_t k = 0; k < v->n; k++)
        if (!e->reached[v->e[k].to])
          {
            e->reached[v->e[k].to] = 1;
            q[tail++] = v->e[k].to;
          }
    }
  free (q);
}

void
eng_build_nodes (engine *e)
{
  cc_result *r = e->r;
  e->node_base = cc_xmalloc ((r->n_instances + 1) * sizeof (uint32_t));
  e->n_nodes = 0;
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      e->node_base[x] = e->n_nodes;
      e->n_nodes += r->funcs[r->instances[x].func].n_ups;
    }
  uint32_t n = e->n_nodes;
  e->node_inst = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->node_up = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->fwd = cc_xcalloc (n + 1, sizeof (edges));
  e->intra = cc_xcalloc (n + 1, sizeof (edges));
  e->node_callee = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->node_unknown_end = cc_xcalloc (n + 1, sizeof *e->node_unknown_end);
  e->node_root_exit = cc_xcalloc (n + 1, 1);
  uint8_t *seen = cc_xcalloc (r->n_instances + 1, 1);
  edge_build fb = { NULL, 0, 0 }, ib = { NULL, 0, 0 };
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t fi = r->instances[x].func;
      const cc_func *f = &e->m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        {
          uint32_t nd = e->node_base[x] + u;
          size_t f0 = fb.n, i0 = ib.n;
          e->node_inst[nd] = x;
          e->node_up[nd] = u;
          uint32_t t = fr->ups[u].blocks[fr->ups[u].n_blocks - 1];
          const cc_block *tb = &f->blocks[t];
          uint32_t y = tb->call != CC_CALL_NONE ? e->g.callee[x][t] : CC_NONE;
          e->node_callee[nd] = y;
          uint32_t unknown = tb->call != CC_CALL_NONE && y == CC_NONE
                             ? eng_unknown_call (e, fi, t) : 0;
          e->node_unknown_end[nd] = unknown;
          if (y != CC_NONE)
            {
              /* Into the callee; its returns come back through
                 return_edges of the callee.  */
              uint32_t ne, to = eng_nodes_at (e, y, 0, &ne);
              for (uint32_t j = 0; j < ne; j++)
                add_edge (&fb, f0, to + j, CC_NONE, CC_NONE, 0);
              if (!tb->noreturn)
                succ_edges (e, &ib, i0, x, t, 0);
            }
          else if (!tb->noreturn || tb->call == CC_CALL_NONE)
            {
              /* A block may both return and branch (a conditional
                 return): follow both.  */
              if (tb->exits)
                {
                  memset (seen, 0, r->n_instances);
                  e->node_root_exit[nd]
                    = return_edges (e, &fb, f0, x, unknown, seen);
                }
              succ_edges (e, &fb, f0, x, t, unknown);
              succ_edges (e, &ib, i0, x, t, unknown);
            }
          e->fwd[nd].n = (uint32_t) (fb.n - f0);
          e->intra[nd].n = (uint32_t) (ib.n - i0);
        }
    }
  free (seen);
  /* Nodes are numbered in the order they were built.  */
  place_edges (e->fwd, n, fb.e);
  place_edges (e->intra, n, ib.e);
  mark_reached (e);
  find_sccs (e, e->fwd, &e->fwd_sccs);
  find_sccs (e, e->intra, &e->intra_sccs);
  order_components (e, e->fwd, &e->fwd_sccs);
  e->fwd_pool = pool_edges (e, e->fwd, &e->fwd_sccs);
  e->intra_pool = pool_edges (e, e->intra, &e->intra_sccs);
  free (fb.e);
  free (ib.e);
  /* Predecessors (reached ones) and child instances, for first-hit.  */
  e->pred_start = cc_xcalloc (e->n_nodes + 2, sizeof (uint32_t));
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    for (uint32_t k = 0; e->reached[nd] && k < e->fwd[nd].n; k++)
      e->pred_start[e->fwd[nd].e[k].to + 1]++;
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    e->pred_start[nd + 1] += e->pred_start[nd];
  e->pred_node = cc_xmalloc ((e->pred_start[e->n_nodes] + 1) * sizeof (uint32_t));
  uint32_t *fill = cc_xcalloc (e->n_nodes + 1, sizeof (uint32_t));
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    for (uint32_t k = 0; e->reached[nd] && k < e->fwd[nd].n; k++)
      {
        uint32_t to = e->fwd[nd].e[k].to;
        e->pred_node[e->pred_start[to] + fill[to]++] = nd;
      }
  free (fill);
  e->child_start = cc_xcalloc (r->n_instances + 2, sizeof (uint32_t));
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].parent != CC_NONE)
      e->child_start[r->instances[x].parent + 1]++;
  for (uint32_t x = 0; x < r->n_instances; x++)
    e->child_start[x + 1] += e->child_start[x];
  e->child_inst = cc_xmalloc ((r->n_instances + 1) * sizeof (uint32_t));
  fill = cc_xcalloc (r->n_instances + 1, sizeof (uint32_t));
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t p = r->instances[x].parent;
      if (p != CC_NONE)
        e->child_inst[e->child_start[p] + fill[p]++] = x;
    }
  free (fill);
}

void
eng_free_nodes (engine *e)
{
  free (e->fwd_pool);
  free (e->intra_pool);
  free (e->fwd);
  free (e->intra);
  free (e->node_base);
  free (e->node_inst);
  free (e->node_up);
  free (e->node_callee);
  free (e->node_unknown_end);
  free (e->node_root_exit);
  free (e->reached);
  free (e->pred_start);
  free (e->pred_node);
  free (e->child_start);
  free (e->child_inst);
  eng_free_sccs (&e->fwd_sccs);
  eng_free_sccs (&e->intra_sccs);
}

/* The per-node buffers: the steps that need a big buffer take one here,
   so none of them calls back into engine.c.  */

/* Buffer K of E with room for N words, NOT zeroed: what the last run
   left there.  Its user writes every word before it is read (zeroing the
   whole of it on each run cost more than some of the passes).  */
cc_word *
eng_reuse (engine *e, int k, size_t n)
{
  if (n > e->buf_cap[k])
    {
      free (e->buf[k]);
      e->buf[k] = cc_xmalloc (n * sizeof (cc_word));
      e->buf_cap[k] = n;
    }
  return e->buf[k];
}

void
eng_free_buffers (engine *e)
{
  for (int k = 0; k < 3; k++)
    {
      free (e->buf[k]);
      e->buf[k] = NULL;
      e->buf_cap[k] = 0;
    }
}
