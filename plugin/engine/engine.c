/* cachecat engine: abstract cache states, reaching states and categories
   (docs/semantics.md §2, §5, §6), for every cache shape and policy.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Layout.  Offsets are exact within a section, but where the section starts
   modulo the line size is known only up to its alignment.  Every possible
   start ("phase") is analysed and the verdicts are merged, so each promise
   holds whatever the linker does.  Lines of different sections have unknown
   relative placement.  So one run analyses one section (the focus) under
   one phase: its lines have exact relative sets, and every fetch from
   another section is "foreign": it may land in any set.

   State.  For each node (function instance, UP) a may-state: a bitset over
   the focus lines, then three markers per set: inv (the slot may be empty),
   unk (it may hold a line we cannot name) and taint (it may hold a line of
   another section); inv is unk's unless a root starts cold, and taint is
   kept only if another section holds code (abstract_state.h).  A reference
   to line l of set c empties c of everything but l; a foreign reference
   taints every set.

   Reaching states.  Bitsets over the focus lines plus an "unknown" bit
   (unknown code runs: any set may be touched) and a "foreign" bit (a line
   of another section is fetched).  Program scope follows every edge;
   function scope stops at the function's returns and summarises callees by
   everything they may reference (T); loop scope also stops at loop exits.

   Merging.  A first-miss promise of insn i in scope S fails only if, between
   two fetches of i in one execution of S, a line m of i's set is loaded.
   Then m is reachable after the first fetch (in its context c1) and may be
   cached at the second (in its context c2).  So S is accepted only if no
   line that is possibly cached at i in ANY context is reachable within S
   after i in ANY context: the contexts are checked jointly, not one by one
   (checking them one by one is unsound when i runs in several instances).

   This file is the driver: the sections, their phases and batches of
   phases, and the final verdicts.  engine_steps.h lists
   the files of the steps.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* Phases of section S: where it may start modulo the line size.  */
static uint32_t
phase_count (const engine *e, uint32_t s)
{
  uint32_t a = e->m->sections[s].align ? e->m->sections[s].align : 1;
  return a >= e->L ? 1 : e->L / a;
}

static void
set_batch (engine *e, uint32_t focus, uint32_t phase0, uint32_t nph)
{
  e->focus = focus;
  e->phase0 = phase0;
  e->nph = nph;
}

/* The bytes of per-node state a batch may hold (the in-states and two
   reaching sets of every node): past it the phases of a section are
   analysed in several batches.  */
#define BATCH_BYTES ((size_t) 64 << 20)

/* How many of the N phases of section SEC to analyse side by side.  The
   lines of phase 0 stand for every phase's (they differ by a few at
   most).  */
static uint32_t
batch_size (engine *e, uint32_t sec, uint32_t n)
{
  /* One phase is one batch, whatever it holds (the lines need not be
     built to know: a program's sections have one phase).  */
  if (n == 1)
    return 1;
  set_batch (e, sec, 0, 1);
  eng_build_lines (e);
  /* The in-state (its planes) and the two reaching sets of a node.  */
  size_t per_phase = ((e->MP + e->MU + 2) * (size_t) e->NL + 64 * e->MP * (size_t) e->n_live / e->mk_keys) / 8 + 8;
  eng_free_lines (e);
  size_t fit = BATCH_BYTES / ((size_t) (e->n_nodes + 1) * per_phase);
  if (fit >= n)
    return n;
  if (fit == 0)
    fit = 1;
  uint32_t batches = (uint32_t) ((n + fit - 1) / fit);
  return (n + batches - 1) / batches;
}

static void
run_phase (engine *e, vpair **merged)
{
  const cc_model *m = e->m;
  eng_build_lines (e);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (func_usable (e, fi))
      eng_build_fphase (e, fi);
  eng_compute_T (e);
  e->fh = cc_xcalloc (e->r->n_instances + 1, sizeof *e->fh);
  e->fh_node = cc_xcalloc (e->n_nodes + 1, 1);
  /* First-hit may walk 20,000 references and a quarter of those the
     forward analysis walked (added there): past that it gives up
     (conflict stays), so its cost stays a fraction of the analysis'.  */
  e->fh_budget = 20000;
  e->all_r = cc_xmalloc (e->rw * sizeof (cc_word));
  memset (e->all_r, 0xff, e->rw * sizeof (cc_word));
  eng_forward (e);
  eng_backward_all (e, &e->rprog, &e->rprog_at, 1);
  eng_backward_all (e, &e->rfunc, &e->rfunc_at, 0);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (!func_usable (e, fi) || e->g.func_n_inst[fi] == 0)
        continue;
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &e->r->funcs[fi];
      int any = 0;
      for (uint32_t i = 0; i < f->n_insns && !any; i++)
        any = in_focus (e, fi, i);
      if (!any)
        continue;
      vpair *pv = cc_xmalloc ((f->n_insns + 1) * sizeof *pv);
      /* Insns whose merged verdict earlier batches made conflict both
         ways: it stays so (conflict absorbs every verdict).  */
      uint8_t *dead = cc_xcalloc (f->n_insns + 1, 1);
      for (uint32_t i = 0; i < f->n_insns; i++)
        dead[i] = merged[fi][i].v.category == CC_CONFLICT
                  && merged[fi][i].alt.category == CC_CONFLICT;
      eng_categorize_function (e, fi, dead, pv);
      for (uint32_t i = 0; i < f->n_insns; i++)
        if (dead[i])
          merged[fi][i].v = merged[fi][i].alt = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
        else if (in_focus (e, fi, i))
          {
            merge_verdict (fr, &merged[fi][i].v, pv[i].v);
            merge_verdict (fr, &merged[fi][i].alt, pv[i].alt);
          }
      free (dead);
      free (pv);
      fr->analysed = 1;
    }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (func_usable (e, fi))
      eng_free_fphase (&e->fp[fi]);
  eng_footprints_run_free (e);
  free (e->T);
  free (e->callback);
  free (e->edge);
  free (e->all_r);
  free (e->rprog_at);
  free (e->rfunc_at);
  free (e->must_set);
  e->must_set = NULL;
  for (uint32_t x = 0; x < e->r->n_instances; x++)
    if (e->fh[x])
      {
        for (uint32_t l = 0; l < e->r->funcs[e->r->instances[x].func].n_loops; l++)
          eng_fh_region_free (e->fh[x][l]);
        free (e->fh[x]);
      }
  free (e->fh);
  e->fh = NULL;
  free (e->fh_node);
  e->fh_node = NULL;
  eng_free_lines (e);
}

static int
is_pow2 (uint32_t x)
{
  return x && !(x & (x - 1));
}

cc_result *
cc_analyse_unit (const cc_model *m, const cc_cache *cache,
                 const cc_analysis_opts *opts, char **err)
{
  if (!is_pow2 (cache->line) || !is_pow2 (cache->sets) || cache->ways == 0
      || (uint64_t) cache->line * cache->sets * cache->ways != cache->size)
    {
      *err = cc_xasprintf ("impossible cache shape: %u bytes, %u-byte lines, "
                           "%u sets", cache->size, cache->line, cache->sets);
      return NULL;
    }
  if (cache->policy > CC_POLICY_RANDOM
      || (cache->policy == CC_POLICY_PLRU && !is_pow2 (cache->ways)))
    {
      *err = cc_xasprintf ("replacement policy %u with %u ways cannot be "
                           "analysed", cache->policy, cache->ways);
      return NULL;
    }
  engine e;
  memset (&e, 0, sizeof e);
  eng_set_policy (&e, cache, opts->general);
  e.m = m;
  e.reduce = opts->reduce;
  e.opts = opts;
  e.L = cache->line;
  e.S = cache->sets;
  while ((1u << e.Lb) < e.L)
    e.Lb++;
  cc_result *r = cc_xcalloc (1, sizeof *r);
  r->n_groups = 1;
  e.r = r;
  r->funcs = cc_xcalloc (m->n_funcs + 1, sizeof *r->funcs);
  e.cfgs = cc_xcalloc (m->n_funcs + 1, sizeof *e.cfgs);
  e.func_ok = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &r->funcs[fi];
      fr->insns = cc_xcalloc (f->n_insns + 1, sizeof *fr->insns);
      int ok = !(f->flags & CC_FUNC_BROKEN);
      for (uint32_t i = 0; ok && i < f->n_insns; i++)
        ok = f->insns[i].part < f->n_parts
             && f->parts[f->insns[i].part].section < m->n_sections;
      if (ok && cc_cfg_build (f, fr, &e.cfgs[fi],
                              (opts->reduce & CC_REDUCE_BLOCK_UPS) != 0) != 0)
        ok = 0;
      e.func_ok[fi] = (uint8_t) ok;
    }
  e.entry = cc_instances_build (m, e.func_ok, opts, r, &e.g);
  eng_footprints_build (&e);
  eng_build_nodes (&e);
  /* Inv needs a marker of its own only if a root starts cold
     (abstract_state.h, M_INV).  */
  for (uint32_t x = 0; x < r->n_instances; x++)
    e.cold_root |= r->instances[x].root && r->instances[x].cold;

  vpair **merged = cc_xcalloc (m->n_funcs + 1, sizeof *merged);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      merged[fi] = cc_xmalloc ((m->funcs[fi].n_insns + 1) * sizeof **merged);
      for (uint32_t i = 0; i < m->funcs[fi].n_insns; i++)
        merged[fi][i].v = merged[fi][i].alt = (cc_verdict){ 0xff, 0, 0, 0 };
    }
  e.fp = cc_xcalloc (m->n_funcs + 1, sizeof *e.fp);
  /* One section at a time is analysed exactly, under each of its phases,
     with every fetch from another section a foreign reference.  That
     loses nothing: a line of another section may sit in any set anyway,
     so the verdicts of the focus section depend on other sections only
     through whether some line of theirs may be cached or reached, which
     no phase changes; and the states hold the focus lines only.  The cost
     is the sum of the phase counts, not their product, and a section with
     few phases (the hot code) is not re-analysed for one with many (an
     unaligned cold part).  The phases of a section are analysed side by
     side, in as few batches as memory allows.  */
  uint8_t *has_code = cc_xcalloc (m->n_sections + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (e.func_ok[fi])
      for (uint32_t i = 0; i < m->funcs[fi].n_insns; i++)
        has_code[m->funcs[fi].parts[m->funcs[fi].insns[i].part].section] = 1;
  r->n_phases = 1;
  for (uint32_t sec = 0; sec < m->n_sections; sec++)
    if (has_code[sec])
      {
        uint32_t n = phase_count (&e, sec);
        if (n > r->n_phases)
          r->n_phases = n;
        uint32_t nb = batch_size (&e, sec, n);
        for (uint32_t ph = 0; ph < n; ph += nb)
          {
            set_batch (&e, sec, ph, ph + nb <= n ? nb : n - ph);
            run_phase (&e, merged);
          }
      }
  free (has_code);

  /* Final verdicts, program lines and sets under phase 0.  */
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &r->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        {
          cc_insn_result *ir = &fr->insns[i];
          const cc_insn *in = &f->insns[i];
          /* Phases that agree keep their verdict; where they disagree,
             the weaker promise they all keep.  */
          cc_verdict v = merged[fi][i].v;
          if (v.category == CC_CONFLICT)
            v = merged[fi][i].alt;
          if (v.category == 0xff || !fr->analysed)
            v = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
          ir->merged = v;
          for (uint32_t k = 0; k < ir->n_ctx; k++)
            if (ir->ctx[k].v.category == CC_CONFLICT)
              ir->ctx[k].v = ir->ctx[k].weak;
          ir->pline = in->offset / e.L;
          ir->set = ir->pline % e.S;
          ir->n_lines = in->length ? (in->offset + in->length - 1) / e.L - ir->pline + 1 : 0;
          if (!cc_insn_reported (in))
            continue;
          if (cc_insn_never_fetched (in, fr->analysed))
            {
              fr->never_fetched++;
              r->never_fetched++;
            }
          else
            {
              fr->counts[v.category]++;
              r->counts[v.category]++;
            }
        }
      free (merged[fi]);
    }
  free (merged);
  free (e.fp);
  eng_free_nodes (&e);
  eng_footprints_free (&e);
  eng_free_buffers (&e);
  cc_igraph_free (&e.g);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    cc_cfg_free (&e.cfgs[fi]);
  free (e.cfgs);
  free (e.func_ok);
  return r;
}

void
cc_result_free (cc_result *r, const cc_model *m)
{
  if (!r)
    return;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func_result *fr = &r->funcs[fi];
      for (uint32_t l = 0; l < fr->n_loops; l++)
        free (fr->loops[l].blocks);
      free (fr->loops);
      free (fr->block_loop);
      for (uint32_t u = 0; u < fr->n_ups; u++)
        free (fr->ups[u].blocks);
      free (fr->ups);
      for (uint32_t i = 0; fr->insns && i < m->funcs[fi].n_insns; i++)
        if (fr->insns[i].ctx_own)
          free (fr->insns[i].ctx);
      free (fr->ctx_pool);
      free (fr->insns);
    }
  free (r->funcs);
  free (r->instances);
  free (r);
}
