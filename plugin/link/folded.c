/* cachecat-link: functions that share their bytes, and bytes no name
   reaches.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/folded.h"
#include "support/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static void
add_alias (cc_link_func *lf, const char *name)
{
  for (uint32_t k = 0; k < lf->n_aliases; k++)
    if (strcmp (lf->aliases[k], name) == 0)
      return;
  lf->aliases = cc_xrealloc (lf->aliases, (lf->n_aliases + 2) * sizeof *lf->aliases);
  lf->aliases[lf->n_aliases++] = cc_xstrdup (name);
  lf->aliases[lf->n_aliases] = NULL;
}

/* Drop the functions of WP that DROP marks (the per-function arrays
   that exist follow): the new index of each old one, CC_NONE for those
   dropped.  */
static uint32_t *
drop_funcs (cc_whole_program *wp, const uint8_t *drop)
{
  cc_model *m = &wp->model;
  uint32_t *map = cc_xmalloc ((m->n_funcs + 1) * sizeof *map);
  uint32_t k = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    {
      if (drop[f])
        {
          map[f] = CC_NONE;
          cc_func_free (&m->funcs[f]);
          free (wp->funcs[f].addr);
          for (uint32_t a = 0; a < wp->funcs[f].n_aliases; a++)
            free (wp->funcs[f].aliases[a]);
          free (wp->funcs[f].aliases);
          free (wp->funcs[f].fp_out);
          free (wp->funcs[f].fp_why);
          continue;
        }
      map[f] = k;
      m->funcs[k] = m->funcs[f];
      wp->funcs[k] = wp->funcs[f];
      if (wp->escaped)
        wp->escaped[k] = wp->escaped[f];
      if (wp->taken)
        wp->taken[k] = wp->taken[f];
      k++;
    }
  m->n_funcs = k;
  return map;
}

/* Are F and G models of the same bytes: the same parts, instructions
   and blocks where they are?  */
static int
same_shape (const cc_whole_program *wp, uint32_t f, uint32_t g)
{
  const cc_func *a = &wp->model.funcs[f], *b = &wp->model.funcs[g];
  if (a->n_parts != b->n_parts || a->n_insns != b->n_insns || a->n_blocks != b->n_blocks)
    return 0;
  for (uint32_t p = 0; p < a->n_parts; p++)
    if (wp->funcs[f].addr[p] != wp->funcs[g].addr[p] || a->parts[p].size != b->parts[p].size)
      return 0;
  for (uint32_t i = 0; i < a->n_insns; i++)
    {
      const cc_insn *x = &a->insns[i], *y = &b->insns[i];
      if (x->part != y->part || x->offset != y->offset || x->length != y->length
          || x->kind != y->kind || x->fetch != y->fetch)
        return 0;
    }
  for (uint32_t i = 0; i < a->n_blocks; i++)
    if (a->blocks[i].first_insn != b->blocks[i].first_insn
        || a->blocks[i].n_insns != b->blocks[i].n_insns)
      return 0;
  return 1;
}

/* The first insn of FN with uid UID, or CC_NONE.  */
static uint32_t
insn_of_uid (const cc_func *fn, uint32_t uid)
{
  for (uint32_t i = 0; i < fn->n_insns; i++)
    if (fn->insns[i].uid == uid)
      return i;
  return CC_NONE;
}

/* Do loop bound LA of A and LB of B (functions of the same shape) name
   the same instructions (by place: their uids are their units')?  */
static int
same_loop (const cc_func *a, const cc_loop_bound *la, const cc_func *b,
           const cc_loop_bound *lb)
{
  if (la->n_header != lb->n_header || la->n_body != lb->n_body)
    return 0;
  for (uint32_t k = 0; k < la->n_header + la->n_body; k++)
    if (insn_of_uid (a, la->uids[k]) != insn_of_uid (b, lb->uids[k]))
      return 0;
  return 1;
}

static void
free_loop_bounds (cc_func *fn)
{
  for (uint32_t k = 0; k < fn->n_loop_bounds; k++)
    free (fn->loop_bounds[k].uids);
  free (fn->loop_bounds);
  fn->loop_bounds = NULL;
  fn->n_loop_bounds = 0;
}

/* The tighter of two budgets (-1: none).  */
static int64_t
tighter (int64_t a, int64_t b)
{
  return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

/* Fold function D into K, both at the same address: one function runs
   there, under both names, so what K promises must hold for calls of
   either.  */
static void
fold_into (cc_whole_program *wp, uint32_t k, uint32_t d)
{
  cc_func *kf = &wp->model.funcs[k], *df = &wp->model.funcs[d];
  if (!same_shape (wp, k, d))
    kf->flags |= CC_FUNC_BROKEN;
  kf->flags |= df->flags & (CC_FUNC_ADDRESS_TAKEN | CC_FUNC_BROKEN);
  if (kf->n_loop_bounds != df->n_loop_bounds)
    free_loop_bounds (kf);
  for (uint32_t b = 0; b < kf->n_loop_bounds; b++)
    if (!same_loop (kf, &kf->loop_bounds[b], df, &df->loop_bounds[b]))
      {
        free_loop_bounds (kf);
        break;
      }
    else if (df->loop_bounds[b].max_runs > kf->loop_bounds[b].max_runs)
      {
        kf->loop_bounds[b].max_runs = df->loop_bounds[b].max_runs;
        kf->loop_bounds[b].source = df->loop_bounds[b].source;
      }
  if (df->flags & CC_FUNC_BUDGETED)
    {
      if (!(kf->flags & CC_FUNC_BUDGETED))
        kf->budget_misses = kf->budget_conflicts = kf->budget_fetch_cycles = -1;
      kf->flags |= CC_FUNC_BUDGETED;
      kf->budget_misses = tighter (kf->budget_misses, df->budget_misses);
      kf->budget_conflicts = tighter (kf->budget_conflicts, df->budget_conflicts);
      kf->budget_fetch_cycles = tighter (kf->budget_fetch_cycles, df->budget_fetch_cycles);
    }
  add_alias (&wp->funcs[k], df->name);
  for (uint32_t a = 0; a < wp->funcs[d].n_aliases; a++)
    add_alias (&wp->funcs[k], wp->funcs[d].aliases[a]);
}

typedef struct by_addr
{
  uint64_t addr;
  uint32_t func;
} by_addr;

static int
cmp_by_addr (const void *a, const void *b)
{
  const by_addr *x = a, *y = b;
  if (x->addr != y->addr)
    return (x->addr > y->addr) - (x->addr < y->addr);
  return (x->func > y->func) - (x->func < y->func);
}

uint32_t *
cc_link_fold_identical (cc_whole_program *wp)
{
  uint32_t n = wp->model.n_funcs;
  by_addr *v = cc_xmalloc ((n + 1) * sizeof *v);
  for (uint32_t f = 0; f < n; f++)
    v[f] = (by_addr) { wp->funcs[f].addr[0], f };
  qsort (v, n, sizeof *v, cmp_by_addr);
  uint8_t *drop = cc_xcalloc (n + 1, 1);
  uint32_t folded = 0, keep = CC_NONE;
  for (uint32_t i = 0; i < n; i++)
    if (i && v[i].addr == v[i - 1].addr)
      {
        /* KEEP is the first of the group (in the order of the records).  */
        fold_into (wp, keep, v[i].func);
        drop[v[i].func] = 1;
        folded++;
      }
    else
      keep = v[i].func;
  free (v);
  uint32_t *map = NULL;
  if (folded)
    {
      map = drop_funcs (wp, drop);
      wp->n_removed += folded;
    }
  free (drop);
  return map;
}

void
cc_link_symbol_aliases (cc_whole_program *wp, const cc_elf_image *img)
{
  uint32_t n;
  cc_elf_symbol *v = cc_elf_symbols_by_value (img, wp->target->thumb_bit, &n);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    {
      const cc_func *fn = &wp->model.funcs[f];
      if (fn->flags & CC_FUNC_SYNTHETIC)
        continue;
      for (uint32_t i = cc_elf_first_symbol_from (v, n, wp->funcs[f].addr[0]);
           i < n && v[i].value == wp->funcs[f].addr[0]; i++)
        if (v[i].func && strcmp (v[i].name, fn->parts[0].symbol) != 0
            && strcmp (v[i].name, fn->name) != 0)
          add_alias (&wp->funcs[f], v[i].name);
    }
  free (v);
}

void
cc_link_drop_dead_copies (cc_whole_program *wp, const cc_elf_image *img)
{
  cc_model *m = &wp->model;
  if (!img->n_symbols)
    return;
  uint32_t n;
  cc_elf_symbol *v = cc_elf_symbols_by_value (img, wp->target->thumb_bit, &n);
  cc_func_index ix;
  cc_func_index_build (&ix, m);
  uint8_t *called = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t f = 0; f < m->n_funcs; f++)
    for (uint32_t b = 0; b < m->funcs[f].n_blocks; b++)
      {
        const cc_block *bl = &m->funcs[f].blocks[b];
        uint32_t t = bl->call == CC_CALL_DIRECT && bl->callee
                     ? cc_func_index_find (&ix, bl->callee) : CC_NONE;
        if (t != CC_NONE)
          called[t] = 1;
      }
  cc_func_index_free (&ix);
  uint8_t *drop = cc_xcalloc (m->n_funcs + 1, 1);
  uint32_t dead = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    {
      uint64_t a = wp->funcs[f].addr[0];
      uint32_t i = cc_elf_first_symbol_from (v, n, a);
      if (called[f] || wp->escaped[f] || wp->taken[f]
          || (m->funcs[f].flags & (CC_FUNC_SYNTHETIC | CC_FUNC_ADDRESS_TAKEN))
          || (i < n && v[i].value == a))
        continue;
      drop[f] = 1;
      dead++;
    }
  if (dead)
    free (drop_funcs (wp, drop));
  wp->n_dead += dead;
  free (drop);
  free (called);
  free (v);
}
