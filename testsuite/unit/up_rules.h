/* cachecat unit tests: the rules a UP partitioning must keep
   (docs/semantics.md §4.2), checked on an analysis result.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_UP_RULES_H
#define CACHECAT_UP_RULES_H

#include "unit.h"
#include "engine/engine.h"

#include <stdlib.h>

/* Is the edge A -> B inside UP U?  */
static inline int
up_has_edge (const cc_up *u, uint32_t a, uint32_t b)
{
  for (uint32_t k = 0; k + 1 < u->n_blocks; k++)
    if (u->blocks[k] == a && u->blocks[k + 1] == b)
      return 1;
  return 0;
}

static inline int
up_has_block (const cc_up *u, uint32_t b)
{
  for (uint32_t k = 0; k < u->n_blocks; k++)
    if (u->blocks[k] == b)
      return 1;
  return 0;
}

static inline int
is_succ (const cc_block *b, uint32_t s)
{
  for (uint32_t k = 0; k < b->n_succs; k++)
    if (b->succs[k] == s)
      return 1;
  return 0;
}

/* Blocks reachable from block 0.  */
static inline uint8_t *
up_rules_reachable (const cc_func *f)
{
  uint8_t *seen = calloc (f->n_blocks + 1, 1);
  uint32_t *stack = malloc ((f->n_blocks + 1) * sizeof *stack), sp = 0;
  if (f->n_blocks)
    seen[0] = 1, stack[sp++] = 0;
  while (sp)
    {
      const cc_block *b = &f->blocks[stack[--sp]];
      for (uint32_t k = 0; k < b->n_succs; k++)
        if (!seen[b->succs[k]])
          seen[b->succs[k]] = 1, stack[sp++] = b->succs[k];
    }
  free (stack);
  return seen;
}

/* Rules 1 to 6, plus what the engine's soundness relies on: every UP that
   contains a block starts at the same head.  Returns the number of
   failed checks (each also counts as a unit failure).  */
static inline int
check_up_rules (const cc_model *m, const cc_result *r)
{
  int before = unit_failed;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      uint32_t n = f->n_blocks;
      if (f->flags & CC_FUNC_BROKEN)
        continue;   /* not analysed: no UPs */
      uint8_t *reach = up_rules_reachable (f);
      uint32_t *region = malloc ((n + 1) * sizeof *region);
      uint8_t *head = calloc (n + 1, 1), *tail = calloc (n + 1, 1);
      uint8_t *interior = calloc (n + 1, 1);
      for (uint32_t b = 0; b < n; b++)
        region[b] = UINT32_MAX;
      for (uint32_t u = 0; u < fr->n_ups; u++)
        {
          const cc_up *up = &fr->ups[u];
          if (!CHECK (up->n_blocks > 0))
            continue;
          uint32_t h = up->blocks[0];
          head[h] = 1;
          tail[up->blocks[up->n_blocks - 1]] = 1;
          for (uint32_t k = 0; k < up->n_blocks; k++)
            {
              uint32_t b = up->blocks[k];
              CHECK (reach[b]);
              if (region[b] == UINT32_MAX)
                region[b] = h;
              CHECK_EQ (region[b], h);
              if (k > 0 && k + 1 < up->n_blocks)
                interior[b] = 1;
              if (k + 1 < up->n_blocks)
                {
                  /* A path that crosses no call, return or loop boundary
                     (rules 5 and 6).  */
                  const cc_block *bb = &f->blocks[b];
                  CHECK (is_succ (bb, up->blocks[k + 1]));
                  CHECK (bb->call == CC_CALL_NONE && !bb->exits);
                  CHECK_EQ (fr->block_loop[b], fr->block_loop[up->blocks[k + 1]]);
                }
            }
          /* Rule 2: the UP owns a block or an edge.  */
          int owns = 0;
          for (uint32_t k = 0; k < up->n_blocks && !owns; k++)
            {
              int shared_b = 0, shared_e = k + 1 == up->n_blocks;
              for (uint32_t v = 0; v < fr->n_ups; v++)
                if (v != u)
                  {
                    shared_b |= up_has_block (&fr->ups[v], up->blocks[k]);
                    if (k + 1 < up->n_blocks)
                      shared_e |= up_has_edge (&fr->ups[v], up->blocks[k], up->blocks[k + 1]);
                  }
              owns = !shared_b || !shared_e;
            }
          CHECK (owns);
        }
      for (uint32_t b = 0; b < n; b++)
        {
          /* Rule 1: every reachable block lies on a UP.  */
          CHECK_EQ (region[b] != UINT32_MAX, reach[b]);
          /* Rule 3: heads and tails are never interior blocks.  */
          CHECK (!(interior[b] && (head[b] || tail[b])));
          /* Rule 1: every edge is inside a UP or runs from a tail to a
             head; rule 4 follows (an execution enters a head and runs
             along exactly one UP of it to that UP's tail).  */
          for (uint32_t s = 0; reach[b] && s < f->blocks[b].n_succs; s++)
            {
              uint32_t t = f->blocks[b].succs[s];
              int inside = 0;
              for (uint32_t u = 0; u < fr->n_ups; u++)
                inside |= up_has_edge (&fr->ups[u], b, t);
              CHECK (inside || (tail[b] && head[t]));
              CHECK (!(inside && head[t]));
              if (inside)
                {
                  /* A UP that leaves b along another edge is not a
                     prefix of one through this one (unique paths).  */
                  for (uint32_t u = 0; u < fr->n_ups; u++)
                    {
                      const cc_up *up = &fr->ups[u];
                      CHECK (up->blocks[up->n_blocks - 1] != b);
                    }
                }
              /* Rule 6: back-edge and loop-exit sources are tails.  */
              if (fr->block_loop[b] != fr->block_loop[t] || t == b)
                CHECK (tail[b] && head[t]);
            }
          /* Rule 5: calling blocks are tails, return points heads.  */
          if (reach[b] && f->blocks[b].call != CC_CALL_NONE)
            {
              CHECK (tail[b]);
              for (uint32_t s = 0; s < f->blocks[b].n_succs; s++)
                CHECK (head[f->blocks[b].succs[s]]);
            }
        }
      /* Rule 6: loop headers are heads.  */
      for (uint32_t l = 0; l < fr->n_loops; l++)
        CHECK (head[fr->loops[l].header]);
      free (reach);
      free (region);
      free (head);
      free (tail);
      free (interior);
    }
  return unit_failed - before;
}

#endif
