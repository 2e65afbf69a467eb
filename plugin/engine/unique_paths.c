/* cachecat engine: unique paths (docs/semantics.md §4.2): the blocks of
   one function cut into regions, each entered only at its head, and each
   region's maximal paths from its head.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_impl.h"

#include <stdlib.h>
#include <string.h>

/* Unique paths (docs/semantics.md §4.2).  The blocks are grouped into
   regions, each entered only at its head; a region's UPs are its maximal
   paths from the head.  A block joins its predecessors' region when they
   all lie in one region, the edges between them cross no call, return or
   loop boundary, and the block is not a loop header: straight chains and
   if-then(-else) diamonds become one region.  A region branches before it
   joins, never after (a join that branches ends its UPs), which gives
   every UP an edge of its own (rule 2): the edge into its first join, or
   its tail.  The paths into one block are capped, so the UPs of a region
   stay few.

   Soundness rests on one more property the engine relies on: all UPs that
   contain a block share its region's head, and control enters a region
   only there, on every UP of the head at once.  So a UP executed again
   is re-entered from its head, and its own lines are in its reaching set
   whenever it can run again.  */

#define UP_MAX_PATHS 8   /* paths from the head into one block */

/* A block that starts a region whatever the layout of the others: the
   entry, a loop header, a self loop, a return point, the target of a loop
   entry or exit.  */
static int
hard_head (const cc_func *f, const cc_fcfg *cfg, const cc_func_result *r,
           const uint8_t *is_header, uint32_t b)
{
  if (b == 0 || is_header[b])
    return 1;
  for (uint32_t k = 0; k < cfg->n_preds[b]; k++)
    {
      uint32_t p = cfg->preds[b][k];
      const cc_block *pb = &f->blocks[p];
      if (!cfg->reachable[p])
        continue;
      if (p == b || pb->call != CC_CALL_NONE || pb->exits
          || r->block_loop[p] != r->block_loop[b])
        return 1;
    }
  return 0;
}

/* Does a UP go on from block B (to a successor in its region)?  */
static int
goes_on (const cc_func *f, const uint8_t *head, uint32_t b)
{
  const cc_block *bb = &f->blocks[b];
  if (bb->call != CC_CALL_NONE || bb->exits || bb->n_succs == 0)
    return 0;
  for (uint32_t k = 0; k < bb->n_succs; k++)
    if (head[bb->succs[k]])
      return 0;
  return 1;
}

/* Mark the region heads: start from the hard heads and add heads until
   every region is a single-entry acyclic graph that branches before it
   joins.  Heads only get added, so this ends.  */
static void
mark_heads (const cc_func *f, const cc_fcfg *cfg, const cc_func_result *r,
            const uint32_t *rpo, uint32_t count, uint8_t *head, int chains_only)
{
  uint32_t n = f->n_blocks;
  uint32_t *owner = cc_xmalloc ((n + 1) * sizeof *owner);
  uint32_t *paths = cc_xmalloc ((n + 1) * sizeof *paths);
  uint8_t *is_header = cc_xcalloc (n + 1, 1);
  for (uint32_t l = 0; l < r->n_loops; l++)
    is_header[r->loops[l].header] = 1;
  for (uint32_t i = 0; i < count; i++)
    head[rpo[i]] = (uint8_t) hard_head (f, cfg, r, is_header, rpo[i]);
  free (is_header);
  /* Straight chains only: every join and every branch target starts one.  */
  for (uint32_t i = 0; chains_only && i < count; i++)
    {
      const cc_block *bb = &f->blocks[rpo[i]];
      head[rpo[i]] |= cfg->n_preds[rpo[i]] > 1;
      for (uint32_t k = 0; bb->n_succs > 1 && k < bb->n_succs; k++)
        head[bb->succs[k]] = 1;
    }
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (uint32_t b = 0; b < n; b++)
        owner[b] = CC_NONE;
      /* Regions and path counts, in reverse postorder: a predecessor not
         seen yet is a retreating edge (an irreducible cycle, since loop
         headers are heads), so its target starts a region.  */
      for (uint32_t i = 0; i < count; i++)
        {
          uint32_t b = rpo[i], o = CC_NONE;
          uint64_t np = 0;
          int join_ok = !head[b];
          for (uint32_t k = 0; join_ok && k < cfg->n_preds[b]; k++)
            {
              uint32_t p = cfg->preds[b][k];
              if (!cfg->reachable[p])
                continue;
              if (owner[p] == CC_NONE || (o != CC_NONE && owner[p] != o))
                join_ok = 0;
              o = owner[p];
              np += paths[p];
            }
          if (join_ok && np <= UP_MAX_PATHS)
            {
              owner[b] = o;
              paths[b] = (uint32_t) np;
              continue;
            }
          changed |= !head[b];
          head[b] = 1;
          owner[b] = b;
          paths[b] = 1;
        }
      /* A block that ends its UPs, or a join that branches, hands its
         successors to new regions.  */
      for (uint32_t i = 0; i < count; i++)
        {
          uint32_t b = rpo[i];
          const cc_block *bb = &f->blocks[b];
          if (goes_on (f, head, b) && (paths[b] < 2 || bb->n_succs < 2))
            continue;
          for (uint32_t k = 0; k < bb->n_succs; k++)
            if (!head[bb->succs[k]])
              {
                head[bb->succs[k]] = 1;
                changed = 1;
              }
        }
    }
  free (owner);
  free (paths);
}

static void
add_up (cc_func_result *r, size_t *cap, const uint32_t *path, uint32_t len)
{
  uint32_t *blocks = cc_xmalloc (len * sizeof *blocks);
  memcpy (blocks, path, len * sizeof *blocks);
  r->ups = cc_grow (r->ups, cap, r->n_ups + 1, sizeof *r->ups, 16);
  r->ups[r->n_ups++] = (cc_up){ len, blocks };
}

/* Every maximal path of the region headed by H, depth first, successors
   in their order in the model (so the UP numbering is deterministic).  */
static void
region_ups (const cc_func *f, const uint8_t *head, uint32_t h,
            cc_func_result *r, size_t *cap, uint32_t *path, uint32_t *next)
{
  uint32_t len = 0;
  path[len] = h;
  next[len++] = 0;
  while (len)
    {
      uint32_t b = path[len - 1];
      const cc_block *bb = &f->blocks[b];
      if (!goes_on (f, head, b))
        {
          add_up (r, cap, path, len);
          len--;
          continue;
        }
      if (next[len - 1] == bb->n_succs)
        {
          len--;
          continue;
        }
      path[len] = bb->succs[next[len - 1]++];
      next[len++] = 0;
    }
}

/* The UPs of F into R (r->ups) and their heads into CFG (head_up,
   head_n_ups, n_ups), from the blocks' reverse postorder RPO (COUNT
   reachable blocks) and R's loops (cc_cfg_build).  */
void
cc_ups_build (const cc_func *f, cc_fcfg *cfg, cc_func_result *r,
              const uint32_t *rpo, uint32_t count, int chains_only)
{
  uint32_t n = f->n_blocks;
  uint8_t *head = cc_xcalloc (n + 1, 1);
  mark_heads (f, cfg, r, rpo, count, head, chains_only);
  cfg->head_up = cc_xmalloc ((n + 1) * sizeof *cfg->head_up);
  cfg->head_n_ups = cc_xcalloc (n + 1, sizeof *cfg->head_n_ups);
  /* A path is acyclic inside a region, so n blocks hold any of them.  */
  uint32_t *path = cc_xmalloc ((n + 1) * sizeof *path);
  uint32_t *next = cc_xmalloc ((n + 1) * sizeof *next);
  size_t cap = 0;        /* room in r->ups, grown by doubling */
  for (uint32_t b = 0; b < n; b++)
    {
      cfg->head_up[b] = CC_NONE;
      if (!cfg->reachable[b] || !head[b])
        continue;
      cfg->head_up[b] = r->n_ups;
      region_ups (f, head, b, r, &cap, path, next);
      cfg->head_n_ups[b] = r->n_ups - cfg->head_up[b];
    }
  cfg->n_ups = r->n_ups;
  free (path);
  free (next);
  free (head);
}
