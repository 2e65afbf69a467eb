/* cachecat engine: strongly connected components (Tarjan's algorithm,
   iteratively), of the node graph (engine_graph.c) and of a loop's UPs
   (engine_reach.c).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_state.h"

#include <stdlib.h>

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
