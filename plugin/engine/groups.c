/* cachecat engine: big units analysed in groups of functions.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The engine's states are bitsets over a section's lines, one per node
   (function instance x UP), so its cost grows with the product of the two:
   quadratically in the size of the unit.  Past a budget the unit is cut
   into groups of functions, in the order of the model, each analysed as if
   it were a translation unit of its own: a call into another group is a
   call to unknown code (it may evict anything and call back any function
   that code outside the group calls), and a function that another group
   calls is entered from unknown code with a warm cache.  Each group's
   analysis is sound for that reading, and the reading only adds
   behaviours, so the promises hold for the whole unit; what is lost is
   precision across group boundaries.  */

#include "engine/engine_impl.h"

#include <stdlib.h>
#include <string.h>

/* The cost of analysing a unit of N instructions whose code needs P
   layout phases on average grows like N * N * P (nodes times the bits of
   their states, one set of lines per phase, times the planes of a
   set-associative state).  A unit or group stays below
   this budget: about 14,000 instructions at -O2 (two phases), 3,500 at -O0
   (unaligned code, one phase per byte of a 32-byte line).  */
#ifndef CC_GROUP_BUDGET
#define CC_GROUP_BUDGET 4e8
#endif
#define CC_GROUP_MIN 1500

/* A single function is not split: one whose own cost (its instructions
   squared times phases and planes) passes this cap is not analysed at
   all (conflict, with a warning), so that no function makes a compile
   take many times longer: about 200,000 instructions at -O2, 50,000 at
   -O0, where the engine then needs a few seconds.  */
#ifndef CC_FUNC_COST_CAP
#define CC_FUNC_COST_CAP 8e10
#endif

/* The layout phases of M's code with lines of L bytes, on average over
   its instructions (each section has its own).  */
static double
mean_phases (const cc_model *m, uint32_t line)
{
  uint64_t weighted = 0, insns = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        {
          uint32_t s = f->insns[i].part < f->n_parts ? f->parts[f->insns[i].part].section : 0;
          uint32_t a = s < m->n_sections && m->sections[s].align ? m->sections[s].align : 1;
          weighted += a >= line ? 1 : line / a;
          insns++;
        }
    }
  return insns ? (double) weighted / (double) insns : 1.0;
}

static uint64_t
isqrt (uint64_t x)
{
  uint64_t r = 0;
  for (uint64_t bit = (uint64_t) 1 << 62; bit; bit >>= 2)
    if (x >= r + bit)
      {
        x -= r + bit;
        r = (r >> 1) + bit;
      }
    else
      r >>= 1;
  return r;
}

/* A first-hit verdict names the caller function of its loop by the
   group's numbering (1 + index); make it the unit's.  */
static void
remap_other_func (cc_verdict *v, const uint32_t *funcs)
{
  if (v->other_func)
    v->other_func = funcs[v->other_func - 1] + 1;
}

/* Move the results of group G (its functions are FUNCS[0..N)) into R.  */
static void
absorb (cc_result *r, cc_result *g, const uint32_t *funcs, uint32_t n,
        const cc_model *m)
{
  uint32_t base = r->n_instances;
  for (uint32_t k = 0; k < n; k++)
    {
      r->funcs[funcs[k]] = g->funcs[k];
      cc_func_result *fr = &r->funcs[funcs[k]];
      for (uint32_t i = 0; i < m->funcs[funcs[k]].n_insns; i++)
        {
          cc_insn_result *ir = &fr->insns[i];
          remap_other_func (&ir->merged, funcs);
          for (uint32_t c = 0; c < ir->n_ctx; c++)
            {
              ir->ctx[c].instance += base;
              remap_other_func (&ir->ctx[c].v, funcs);
              remap_other_func (&ir->ctx[c].weak, funcs);
            }
        }
    }
  r->instances = cc_xrealloc (r->instances,
                              (r->n_instances + g->n_instances + 1) * sizeof *r->instances);
  for (uint32_t x = 0; x < g->n_instances; x++)
    {
      cc_instance in = g->instances[x];
      in.func = funcs[in.func];
      if (in.parent != CC_NONE)
        in.parent += base;
      r->instances[r->n_instances++] = in;
    }
  if (g->n_phases > r->n_phases)
    r->n_phases = g->n_phases;
  r->capped |= g->capped;
  r->instance_budget += g->instance_budget;
  for (int c = 0; c < CC_N_CATEGORIES; c++)
    r->counts[c] += g->counts[c];
  r->never_fetched += g->never_fetched;
  free (g->funcs);
  free (g->instances);
  free (g);
}

/* May code the analysis does not follow call the entry?  Code outside
   the unit is assumed not to (the program starts there), but the unit's
   own unmodelled functions may call it, and so may whoever gets its
   address.  */
static int
entry_reentered (const cc_model *m, const char *entry)
{
  uint32_t e = entry ? cc_model_find_func (m, entry) : CC_NONE;
  if (e == CC_NONE)
    return 0;
  if (m->funcs[e].flags & CC_FUNC_ADDRESS_TAKEN)
    return 1;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (m->funcs[fi].flags & CC_FUNC_BROKEN)
      for (uint32_t b = 0; b < m->funcs[fi].n_blocks; b++)
        if (m->funcs[fi].blocks[b].call == CC_CALL_DIRECT && m->funcs[fi].blocks[b].callee
            && strcmp (m->funcs[fi].blocks[b].callee, entry) == 0)
          return 1;
  return 0;
}

static cc_result *analyse_capped (const cc_model *m, const cc_cache *cache,
                                  const cc_analysis_opts *given, double phases,
                                  char **err);

/* Is F's own cost (PHASES: layout phases times state planes) over the
   cap?  */
static int
over_cap (const cc_func *f, double phases)
{
  return (double) f->n_insns * f->n_insns * phases > CC_FUNC_COST_CAP;
}

/* In a whole program, the functions no instance runs: no root reaches
   them (a function that a function we could not model calls is a root,
   instances.c), so they never run.  Not those we could not model or that
   are over the cap: nothing says what they reach.  Their insns, conflict
   so far, are counted unreachable instead.  */
static void
mark_unreached (const cc_model *m, cc_result *r)
{
  uint8_t *runs = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t x = 0; x < r->n_instances; x++)
    runs[r->instances[x].func] = 1;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func_result *fr = &r->funcs[fi];
      if (runs[fi] || fr->too_big || (m->funcs[fi].flags & (CC_FUNC_BROKEN | CC_FUNC_SYNTHETIC)))
        continue;
      fr->unreached = 1;
      fr->unreachable = fr->counts[CC_CONFLICT];
      r->counts[CC_CONFLICT] -= fr->counts[CC_CONFLICT];
      r->unreachable += fr->unreachable;
      fr->counts[CC_CONFLICT] = 0;
    }
  free (runs);
}

cc_result *
cc_analyse (const cc_model *m, const cc_cache *cache,
            const cc_analysis_opts *given, char **err)
{
  /* Set-associative states hold several planes, each as costly as a
     direct-mapped state.  */
  double phases = (cache->line ? mean_phases (m, cache->line) : 1.0)
                  * (double) cc_state_planes (cache);
  uint32_t n_big = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    n_big += over_cap (&m->funcs[fi], phases);
  if (n_big == 0)
    {
      cc_result *r = analyse_capped (m, cache, given, phases, err);
      if (r && given->whole_program)
        mark_unreached (m, r);
      return r;
    }
  /* The functions over the cap become functions we could not model: a
     shallow copy of the model flags them.  */
  cc_model capped = *m;
  cc_func *copies = cc_xmalloc ((m->n_funcs + 1) * sizeof *copies);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      copies[fi] = m->funcs[fi];
      if (over_cap (&m->funcs[fi], phases))
        copies[fi].flags |= CC_FUNC_BROKEN;
    }
  capped.funcs = copies;
  cc_result *r = analyse_capped (&capped, cache, given, phases, err);
  for (uint32_t fi = 0; r && fi < m->n_funcs; fi++)
    r->funcs[fi].too_big = (copies[fi].flags & CC_FUNC_BROKEN) && !(m->funcs[fi].flags & CC_FUNC_BROKEN);
  free (copies);
  if (r && given->whole_program)
    mark_unreached (m, r);
  return r;
}

/* cc_analyse once the functions over the cap are flagged.  */
static cc_result *
analyse_capped (const cc_model *m, const cc_cache *cache, const cc_analysis_opts *given,
                double phases, char **err)
{
  cc_analysis_opts whole = *given;
  whole.entry_callable |= entry_reentered (m, given->entry);
  const cc_analysis_opts *opts = &whole;
  uint64_t insns = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    insns += m->funcs[fi].n_insns;
  /* A group holds this many instructions: the whole unit when it fits.  */
  uint64_t group = isqrt ((uint64_t) (CC_GROUP_BUDGET / phases));
  if (group < CC_GROUP_MIN)
    group = CC_GROUP_MIN;
  if (opts->group_insns)
    group = opts->group_insns;
  if (insns <= group || m->n_funcs < 2)
    return cc_analyse_unit (m, cache, opts, err);

  cc_func_index ix;
  cc_func_index_build (&ix, m);
  uint32_t *group_of = cc_xmalloc ((m->n_funcs + 1) * sizeof *group_of);
  uint32_t n_groups = 0;
  uint64_t fill = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (fi == 0 || fill + m->funcs[fi].n_insns > group)
        {
          n_groups++;
          fill = 0;
        }
      group_of[fi] = n_groups - 1;
      fill += m->funcs[fi].n_insns;
    }
  /* Functions that a function of another group calls: roots of their
     group, entered from unknown code.  */
  uint8_t *called_across = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t b = 0; b < m->funcs[fi].n_blocks; b++)
      {
        const cc_block *bb = &m->funcs[fi].blocks[b];
        uint32_t t = bb->call == CC_CALL_DIRECT && bb->callee
                       ? cc_func_index_find (&ix, bb->callee) : CC_NONE;
        if (t != CC_NONE && group_of[t] != group_of[fi])
          called_across[t] = 1;
      }

  cc_result *r = cc_xcalloc (1, sizeof *r);
  r->funcs = cc_xcalloc (m->n_funcs + 1, sizeof *r->funcs);
  r->n_phases = 1;
  r->n_groups = n_groups;
  uint32_t *funcs = cc_xmalloc ((m->n_funcs + 1) * sizeof *funcs);
  cc_func *copies = cc_xmalloc ((m->n_funcs + 1) * sizeof *copies);
  /* Every part of every function, as code that the other groups run as
     unknown code; each group gets the parts outside it.  */
  uint32_t n_parts = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    n_parts += m->funcs[fi].n_parts;
  cc_code_range *others = cc_xmalloc ((n_parts + opts->n_unknown_code + 1) * sizeof *others);
  for (uint32_t g = 0, fi = 0; g < n_groups; g++)
    {
      uint32_t n = 0;
      const char *entry = NULL;
      for (; fi < m->n_funcs && group_of[fi] == g; fi++)
        {
          funcs[n] = fi;
          /* A shallow copy: the group's model shares every array.  */
          copies[n] = m->funcs[fi];
          if (called_across[fi])
            copies[n].flags |= CC_FUNC_PUBLIC;
          if (opts->entry && strcmp (m->funcs[fi].name, opts->entry) == 0)
            entry = opts->entry;
          n++;
        }
      uint32_t n_others = 0;
      for (uint32_t k = 0; k < opts->n_unknown_code; k++)
        others[n_others++] = opts->unknown_code[k];
      for (uint32_t fo = 0; fo < m->n_funcs; fo++)
        if (group_of[fo] != g)
          for (uint32_t p = 0; p < m->funcs[fo].n_parts; p++)
            others[n_others++] = (cc_code_range){ m->funcs[fo].parts[p].section,
                                                  m->funcs[fo].parts[p].offset,
                                                  m->funcs[fo].parts[p].size };
      cc_model sub = *m;
      sub.n_funcs = n;
      sub.funcs = copies;
      cc_analysis_opts o = *opts;
      o.entry = entry;
      /* A call from another group into the entry is a call from code
         outside the group.  */
      o.unknown_code = others;
      o.n_unknown_code = n_others;
      o.entry_callable = opts->entry_callable
                         || (entry && called_across[cc_model_find_func (m, entry)]);
      cc_result *gr = cc_analyse_unit (&sub, cache, &o, err);
      if (!gr)
        {
          /* Refusals depend on the cache shape only: the first group
             refuses for all.  */
          cc_result_free (r, m);
          r = NULL;
          break;
        }
      absorb (r, gr, funcs, n, m);
    }
  free (others);
  free (copies);
  free (funcs);
  free (called_across);
  free (group_of);
  cc_func_index_free (&ix);
  return r;
}
