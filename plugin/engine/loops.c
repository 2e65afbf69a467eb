/* cachecat engine: loops.  The control flow of one function: its blocks'
   predecessors, the blocks reachable from its entry, dominators, natural
   loops and their nesting; cc_cfg_build gathers these facts, then cuts
   the function into unique paths (unique_paths.c).
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
  cc_ups_build (f, cfg, r, rpo, count, chains_only);
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
