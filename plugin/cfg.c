/* cachecat engine: per-function control flow: dominators, natural loops and
   unique paths (semantics.md section 2).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine_impl.h"

#include <stdlib.h>

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

static int
dominates (const uint32_t *idom, uint32_t a, uint32_t b)
{
  for (;;)
    {
      if (b == a)
        return 1;
      if (b == 0 || idom[b] == CC_NONE)
        return 0;
      b = idom[b];
    }
}

int
cc_loop_contains (const cc_func_result *r, uint32_t l, uint32_t b)
{
  const cc_loop *lp = &r->loops[l];
  uint32_t lo = 0, hi = lp->n_blocks;
  while (lo < hi)
    {
      uint32_t mid = (lo + hi) / 2;
      if (lp->blocks[mid] < b)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < lp->n_blocks && lp->blocks[lo] == b;
}

static int
cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
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
find_loops (const cc_func *f, const cc_fcfg *cfg, const uint32_t *idom,
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
          if (cfg->reachable[p] && dominates (idom, h, p) && !in[p])
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
      qsort (body, count, sizeof *body, cmp_u32);
      r->loops = cc_xrealloc (r->loops, (r->n_loops + 1) * sizeof *r->loops);
      r->loops[r->n_loops++] = (cc_loop){ h, CC_NONE, count, body };
    }
  free (in);
  free (stack);
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

static int
is_loop_header (const cc_func_result *r, uint32_t b)
{
  for (uint32_t l = 0; l < r->n_loops; l++)
    if (r->loops[l].header == b)
      return 1;
  return 0;
}

/* A block starts a UP unless it is the only successor of its only
   predecessor and the edge between them stays inside one loop level and
   involves no call or return (UP rules 3, 5 and 6).  Everything else is a
   straight chain, so each block lies on exactly one UP.  */
static int
starts_up (const cc_func *f, const cc_fcfg *cfg, const cc_func_result *r,
           uint32_t b)
{
  if (b == 0 || cfg->n_preds[b] != 1 || is_loop_header (r, b))
    return 1;
  uint32_t p = cfg->preds[b][0];
  const cc_block *pb = &f->blocks[p];
  return p == b || pb->n_succs != 1 || pb->call != CC_CALL_NONE || pb->exits
         || r->block_loop[p] != r->block_loop[b];
}

static void
build_ups (const cc_func *f, cc_fcfg *cfg, cc_func_result *r)
{
  uint32_t n = f->n_blocks;
  cfg->block_up = cc_xmalloc (n * sizeof *cfg->block_up);
  for (uint32_t b = 0; b < n; b++)
    cfg->block_up[b] = CC_NONE;
  for (uint32_t h = 0; h < n; h++)
    {
      if (!cfg->reachable[h] || !starts_up (f, cfg, r, h))
        continue;
      uint32_t *path = cc_xmalloc (n * sizeof *path), len = 0, b = h;
      for (;;)
        {
          path[len++] = b;
          cfg->block_up[b] = r->n_ups;
          const cc_block *bb = &f->blocks[b];
          if (bb->n_succs != 1 || bb->call != CC_CALL_NONE || bb->exits)
            break;
          uint32_t s = bb->succs[0];
          if (starts_up (f, cfg, r, s))
            break;
          b = s;
        }
      r->ups = cc_xrealloc (r->ups, (r->n_ups + 1) * sizeof *r->ups);
      r->ups[r->n_ups++] = (cc_up){ len, cc_xrealloc (path, len * sizeof *path) };
    }
  cfg->n_ups = r->n_ups;
  cfg->up_n_succs = cc_xcalloc (r->n_ups, sizeof *cfg->up_n_succs);
  cfg->up_succs = cc_xcalloc (r->n_ups, sizeof *cfg->up_succs);
  for (uint32_t u = 0; u < r->n_ups; u++)
    {
      const cc_block *t = &f->blocks[r->ups[u].blocks[r->ups[u].n_blocks - 1]];
      cfg->up_succs[u] = cc_xmalloc ((t->n_succs + 1) * sizeof (uint32_t));
      for (uint32_t k = 0; k < t->n_succs; k++)
        cfg->up_succs[u][cfg->up_n_succs[u]++] = cfg->block_up[t->succs[k]];
    }
}

int
cc_cfg_build (const cc_func *f, cc_func_result *r, cc_fcfg *cfg)
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
  find_loops (f, cfg, idom, r);
  build_ups (f, cfg, r);
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
  free (cfg->block_up);
  for (uint32_t u = 0; u < cfg->n_ups; u++)
    free (cfg->up_succs[u]);
  free (cfg->up_succs);
  free (cfg->up_n_succs);
}
