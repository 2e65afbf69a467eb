/* cachecat engine: per-function control flow: dominators, natural loops and
   unique paths (docs/semantics.md §4.2).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_impl.h"

#include <stdlib.h>
#include <string.h>

/* Reverse postorder of the blocks reachable from block 0, iteratively.  */
static uint32_t
reverse_postorder (const cc_func *f, uint32_t *order, uint8_t *seen)
{
  uint32_t n = f->n_blocks, done = n;
  uint32_t *stack = cc_xmalloc (n * sizeof *stack);
  uint32_t *next = cc_xcalloc (n, sizeof *next);
  uint32_t sp = 0;
  if (n == 0)
    goto out;
  stack[sp++] = 0;
  seen[0] = 1;
  while (sp)
    {
      uint32_t b = stack[sp - 1];
      const cc_block *bb = &f->blocks[b];
      if (next[b] < bb->n_succs)
        {
          uint32_t s = bb->succs[next[b]++];
          if (!seen[s])
            {
              seen[s] = 1;
              stack[sp++] = s;
            }
        }
      else
        {
          order[--done] = b;
          sp--;
        }
    }
out:
  free (stack);
  free (next);
  /* The reachable blocks now sit in order[done..n); move them down.  */
  uint32_t count = n - done;
  for (uint32_t i = 0; i < count; i++)
    order[i] = order[done + i];
  return count;
}

/* Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm".  */
static void
dominators (const cc_fcfg *cfg, const uint32_t *rpo, uint32_t count,
            uint32_t *idom)
{
  uint32_t n = cfg->n_blocks;
  uint32_t *rank = cc_xmalloc (n * sizeof *rank);
  for (uint32_t i = 0; i < n; i++)
    {
      rank[i] = CC_NONE;
      idom[i] = CC_NONE;
    }
  for (uint32_t i = 0; i < count; i++)
    rank[rpo[i]] = i;
  idom[0] = 0;
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (uint32_t i = 1; i < count; i++)
        {
          uint32_t b = rpo[i], nd = CC_NONE;
          for (uint32_t k = 0; k < cfg->n_preds[b]; k++)
            {
              uint32_t p = cfg->preds[b][k];
              if (idom[p] == CC_NONE)
                continue;
              if (nd == CC_NONE)
                {
                  nd = p;
                  continue;
                }
              uint32_t x = p, y = nd;
              while (x != y)
                {
                  while (rank[x] > rank[y])
                    x = idom[x];
                  while (rank[y] > rank[x])
                    y = idom[y];
                }
              nd = x;
            }
          if (nd != idom[b])
            {
              idom[b] = nd;
              changed = 1;
            }
        }
    }
  free (rank);
}

/* The dominator tree numbered depth first: A dominates B iff B's interval
   lies inside A's.  Walking up the tree instead costs its depth per
   question, and straight code makes the tree as deep as the function.  */
typedef struct domtree
{
  uint32_t *pre, *post;   /* CC_NONE for unreachable blocks */
} domtree;

static void
number_domtree (const uint32_t *idom, uint32_t n, domtree *t)
{
  uint32_t *n_kids = cc_xcalloc (n + 1, sizeof *n_kids);
  uint32_t *start = cc_xcalloc (n + 2, sizeof *start);
  uint32_t *kids = cc_xmalloc ((n + 1) * sizeof *kids);
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof *stack);
  uint32_t *next = cc_xcalloc (n + 1, sizeof *next);
  t->pre = cc_xmalloc ((n + 1) * sizeof *t->pre);
  t->post = cc_xmalloc ((n + 1) * sizeof *t->post);
  for (uint32_t b = 0; b < n; b++)
    {
      t->pre[b] = t->post[b] = CC_NONE;
      if (b != 0 && idom[b] != CC_NONE)
        n_kids[idom[b]]++;
    }
  for (uint32_t b = 0; b < n; b++)
    start[b + 1] = start[b] + n_kids[b];
  for (uint32_t b = 0; b < n; b++)
    if (b != 0 && idom[b] != CC_NONE)
      kids[start[idom[b]] + next[idom[b]]++] = b;
  memset (next, 0, (n + 1) * sizeof *next);
  uint32_t counter = 0, sp = 0;
  if (n)
    {
      stack[sp++] = 0;
      t->pre[0] = counter++;
    }
  while (sp)
    {
      uint32_t b = stack[sp - 1];
      if (next[b] < n_kids[b])
        {
          uint32_t k = kids[start[b] + next[b]++];
          t->pre[k] = counter++;
          stack[sp++] = k;
        }
      else
        {
          t->post[b] = counter++;
          sp--;
        }
    }
  free (n_kids);
  free (start);
  free (kids);
  free (stack);
  free (next);
}

static int
dominates (const domtree *t, uint32_t a, uint32_t b)
{
  return t->pre[a] != CC_NONE && t->pre[b] != CC_NONE && t->pre[a] <= t->pre[b]
         && t->post[b] <= t->post[a];
}

int
cc_loop_contains (const cc_func_result *r, uint32_t l, uint32_t b)
{
  const cc_loop *lp = &r->loops[l];
  return cc_find_u32 (lp->blocks, lp->n_blocks, b) != CC_NONE;
}

/* Outer loops first: a loop strictly contains each of its inner loops, so
   more blocks means outer; ties cannot nest and are ordered by header.  */
static int
cmp_loop (const void *a, const void *b)
{
  const cc_loop *x = a, *y = b;
  if (x->n_blocks != y->n_blocks)
    return x->n_blocks > y->n_blocks ? -1 : 1;
  return x->header < y->header ? -1 : x->header > y->header;
}

/* Natural loops, one per header: the header plus every block that reaches
   a back-edge source without passing through the header.  */
static void
find_loops (const cc_func *f, const cc_fcfg *cfg, const domtree *dom,
            cc_func_result *r)
{
  uint32_t n = f->n_blocks;
  uint8_t *in = cc_xcalloc (n, 1);
  uint32_t *stack = cc_xmalloc (n * sizeof *stack);
  for (uint32_t h = 0; h < n; h++)
    {
      if (!cfg->reachable[h])
        continue;
      uint32_t sp = 0, count = 0;
      for (uint32_t k = 0; k < cfg->n_preds[h]; k++)
        {
          uint32_t p = cfg->preds[h][k];
          if (cfg->reachable[p] && dominates (dom, h, p) && !in[p])
            {
              in[p] = 1;
              stack[sp++] = p;
            }
        }
      if (sp == 0)
        continue;
      if (!in[h])
        in[h] = 1, stack[sp++] = h;
      /* The header is already marked, so the walk stops there.  */
      uint32_t *body = cc_xmalloc (n * sizeof *body);
      while (sp)
        {
          uint32_t b = stack[--sp];
          body[count++] = b;
          if (b == h)
            continue;
          for (uint32_t k = 0; k < cfg->n_preds[b]; k++)
            {
              uint32_t p = cfg->preds[b][k];
              if (cfg->reachable[p] && !in[p])
                {
                  in[p] = 1;
                  stack[sp++] = p;
                }
            }
        }
      for (uint32_t i = 0; i < count; i++)
        in[body[i]] = 0;
      qsort (body, count, sizeof *body, cc_cmp_u32);
      body = cc_xrealloc (body, (count ? count : 1) * sizeof *body);
      r->loops = cc_xrealloc (r->loops, (r->n_loops + 1) * sizeof *r->loops);
      r->loops[r->n_loops++] = (cc_loop){ h, CC_NONE, count, body };
    }
  free (in);
  free (stack);
  if (r->n_loops)
    qsort (r->loops, r->n_loops, sizeof *r->loops, cmp_loop);
  /* Parent: the innermost other loop containing the header, i.e. the
     containing loop that comes last in outer-first order.  */
  for (uint32_t l = 0; l < r->n_loops; l++)
    for (uint32_t o = 0; o < l; o++)
      if (cc_loop_contains (r, o, r->loops[l].header))
        r->loops[l].parent = o;
  r->block_loop = cc_xmalloc (n * sizeof *r->block_loop);
  for (uint32_t b = 0; b < n; b++)
    r->block_loop[b] = CC_NONE;
  for (uint32_t l = 0; l < r->n_loops; l++)
    for (uint32_t i = 0; i < r->loops[l].n_blocks; i++)
      r->block_loop[r->loops[l].blocks[i]] = l;
}

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

static void
build_ups (const cc_func *f, cc_fcfg *cfg, cc_func_result *r,
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

int
cc_cfg_build (const cc_func *f, cc_func_result *r, cc_fcfg *cfg, int chains_only)
{
  uint32_t n = f->n_blocks;
  cfg->n_blocks = n;
  cfg->n_preds = cc_xcalloc (n, sizeof *cfg->n_preds);
  cfg->preds = cc_xcalloc (n, sizeof *cfg->preds);
  cfg->reachable = cc_xcalloc (n, 1);
  /* Validate before anything indexes with these numbers.  */
  if (n == 0)
    return -1;
  for (uint32_t b = 0; b < n; b++)
    {
      const cc_block *bb = &f->blocks[b];
      if (bb->n_insns == 0 || bb->first_insn + bb->n_insns > f->n_insns
          || bb->first_insn + bb->n_insns < bb->first_insn)
        return -1;
      if (bb->fallthru != CC_NONE && bb->fallthru >= n)
        return -1;
      for (uint32_t k = 0; k < bb->n_succs; k++)
        if (bb->succs[k] >= n)
          return -1;
    }
  for (uint32_t b = 0; b < n; b++)
    for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
      cfg->n_preds[f->blocks[b].succs[k]]++;
  for (uint32_t b = 0; b < n; b++)
    {
      cfg->preds[b] = cc_xmalloc ((cfg->n_preds[b] + 1) * sizeof (uint32_t));
      cfg->n_preds[b] = 0;
    }
  for (uint32_t b = 0; b < n; b++)
    for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
      {
        uint32_t s = f->blocks[b].succs[k];
        cfg->preds[s][cfg->n_preds[s]++] = b;
      }
  uint32_t *rpo = cc_xmalloc (n * sizeof *rpo);
  uint32_t *idom = cc_xmalloc (n * sizeof *idom);
  uint32_t count = reverse_postorder (f, rpo, cfg->reachable);
  dominators (cfg, rpo, count, idom);
  domtree dom;
  number_domtree (idom, n, &dom);
  find_loops (f, cfg, &dom, r);
  free (dom.pre);
  free (dom.post);
  build_ups (f, cfg, r, rpo, count, chains_only);
  free (rpo);
  free (idom);
  return 0;
}

void
cc_cfg_free (cc_fcfg *cfg)
{
  for (uint32_t b = 0; b < cfg->n_blocks; b++)
    free (cfg->preds ? cfg->preds[b] : NULL);
  free (cfg->preds);
  free (cfg->n_preds);
  free (cfg->reachable);
  free (cfg->head_up);
  free (cfg->head_n_ups);
}
