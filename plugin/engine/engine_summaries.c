/* cachecat engine: summaries: T(X) = everything an invocation of X may
   reference, what unknown code may reference (the callback set), and
   what a call of a function without a model may (its footprint).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdint.h>
#include <stdlib.h>

/* Add to R the focus lines of the byte range [OFF, OFF+LEN) of section
   SEC, in every phase of the batch (lines no analysed fetch touches have
   no bit and do not matter).  */
static void
r_add_range (const engine *e, cc_word *r, uint32_t sec, uint32_t off, uint32_t len)
{
  if (sec != e->focus)
    return;
  for (uint32_t q = 0; q < e->nph; q++)
    FOR_LINES (e, q, off, len, no)
      {
        uint32_t id = eng_line_id (e, q, no);
        if (id < e->NL)
          r_add (e, r, id);
      }
}

/* The lines of the focus section that it may share with code the linker
   puts before and after it (another section of the unit, or another
   object's code): its first line unless the section starts on a line
   boundary, and its last line.  Whoever fetches that code may load
   them.  */
static void
edge_lines (const engine *e, cc_word *r)
{
  const cc_model *m = e->m;
  uint32_t hi = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        const cc_part *pt = &m->funcs[fi].parts[p];
        if (pt->section == e->focus && pt->offset + pt->size > hi)
          hi = pt->offset + pt->size;
      }
  if (hi == 0)
    return;
  if (m->sections[e->focus].align < e->L)
    r_add_range (e, r, e->focus, 0, 1);
  r_add_range (e, r, e->focus, hi - 1, 1);
}

/* Lines of the focus section that unknown code may fetch: a line is
   shared with whatever code lies next to it, so when unknown code runs it
   may load lines of ours.  That code is: the functions the analysis does
   not follow (not modelled, or of another group), and whatever the linker
   puts before and after the section (edge_lines).  */
static void
unknown_code_lines (const engine *e, cc_word *r)
{
  const cc_model *m = e->m;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        const cc_part *pt = &m->funcs[fi].parts[p];
        if (pt->section == e->focus && !func_usable (e, fi))
          r_add_range (e, r, pt->section, pt->offset, pt->size);
      }
  for (uint32_t k = 0; k < e->opts->n_unknown_code; k++)
    {
      const cc_code_range *c = &e->opts->unknown_code[k];
      r_add_range (e, r, c->section, c->offset, c->size);
    }
  edge_lines (e, r);
}

/* Footprints (model.h, cc_footprint; docs/semantics.md §7.4).  A call of
   a function without a model is a call of unknown code; where the model
   gives that function a footprint, the unknown code fetches only the
   footprint's lines, so it evicts from their sets only, by as many lines
   as it has in each (abstract_state.c, eng_unknown_run), instead of
   evicting everything.  */

/* The footprints of the functions without a model that M's usable code
   may call, and the index by name that finds a call's callee
   (layout independent: once per unit).  A footprint that names a
   function the engine does not analyse, or one without an instance, is
   none: that code is unknown.  */
void
eng_footprints_build (engine *e)
{
  const cc_model *m = e->m;
  cc_func_index_build (&e->names, m);
  e->fp_of = cc_xmalloc ((m->n_funcs + 1) * sizeof *e->fp_of);
  e->fps = cc_xcalloc (m->n_funcs + 1, sizeof *e->fps);
  for (uint32_t c = 0; c < m->n_funcs; c++)
    {
      const cc_footprint *fp = m->funcs[c].footprint;
      e->fp_of[c] = CC_NONE;
      if (func_usable (e, c) || !fp)
        continue;
      footprint *f = &e->fps[e->n_fps];
      *f = (footprint){ .func = c };
      f->calls = cc_xmalloc ((fp->n_calls + 1) * sizeof *f->calls);
      uint32_t k = 0;
      for (; k < fp->n_calls; k++)
        {
          uint32_t g = cc_func_index_find (&e->names, fp->calls[k]);
          /* A function nothing else calls has no instance whose T
             could say what it fetches.  */
          if (g == CC_NONE || !func_usable (e, g) || e->g.func_n_inst[g] == 0)
            break;
          f->calls[k] = g;
        }
      if (k < fp->n_calls)
        {
          free (f->calls);
          continue;
        }
      f->n_calls = k;
      e->fp_of[c] = e->n_fps++;
    }
}

void
eng_footprints_free (engine *e)
{
  for (uint32_t k = 0; k < e->n_fps; k++)
    free (e->fps[k].calls);
  free (e->fps);
  free (e->fp_of);
  cc_func_index_free (&e->names);
}

/* What the unknown code that block B of function FI calls may fetch
   (edge.unknown): the footprint of its callee, or anything.  */
uint32_t
eng_unknown_call (const engine *e, uint32_t fi, uint32_t b)
{
  const cc_block *bb = &e->m->funcs[fi].blocks[b];
  uint32_t c = bb->call == CC_CALL_DIRECT && bb->callee
               ? cc_func_index_find (&e->names, bb->callee) : CC_NONE;
  return c != CC_NONE && e->fp_of[c] != CC_NONE ? UNKNOWN_FP (e->fp_of[c]) : UNKNOWN_ANY;
}

/* What unknown code that may fetch UNKNOWN (edge.unknown) may reference,
   R-format.  */
const cc_word *
eng_unknown_reach (const engine *e, uint32_t unknown)
{
  if (unknown >= UNKNOWN_FP (0) && !e->fps[unknown - UNKNOWN_FP (0)].any)
    return e->fps[unknown - UNKNOWN_FP (0)].r;
  return e->callback;
}

/* Add to R the lines of footprint K's ranges: the focus lines in every
   phase of the batch, the foreign bit for another section's.  Returns
   how many lines of other sections they hold.  */
static uint32_t
fp_range_lines (const engine *e, uint32_t k, cc_word *r)
{
  const cc_footprint *fp = e->m->funcs[e->fps[k].func].footprint;
  uint32_t foreign = 0;
  for (uint32_t i = 0; i < fp->n_ranges; i++)
    {
      const cc_part *p = &fp->ranges[i];
      if (p->size == 0)
        continue;
      if (p->section == e->focus)
        r_add_range (e, r, p->section, p->offset, p->size);
      else
        {
          cc_bit_set (r, R_FOREIGN (e));
          foreign += (p->size + e->L - 1) / e->L + 1;
        }
    }
  return foreign;
}

/* Add to R T of every instance of what footprint F calls; nonzero if R
   grew.  */
static int
or_calls (const engine *e, const footprint *f, cc_word *r)
{
  int changed = 0;
  for (uint32_t c = 0; c < f->n_calls; c++)
    for (uint32_t j = 0; j < e->g.func_n_inst[f->calls[c]]; j++)
      changed |= cc_bits_or (r, e->T + (size_t) e->g.func_inst[f->calls[c]][j] * e->rw, e->rw)
                 != 0;
  return changed;
}

/* Footprint K in this run: its lines (T of every instance of what it
   calls, and its ranges'), and per key how many it holds.  */
static void
fp_run (engine *e, uint32_t k)
{
  footprint *f = &e->fps[k];
  f->r = cc_xcalloc (e->rw, sizeof (cc_word));
  or_calls (e, f, f->r);
  int called_foreign = cc_bit_get (f->r, R_FOREIGN (e));
  f->n_foreign = fp_range_lines (e, k, f->r);
  f->any = cc_bit_get (f->r, R_UNKNOWN (e));
  /* How many lines of another section what it calls fetches is not
     known: as many as age every set out.  */
  if (called_foreign || f->n_foreign > e->MU)
    f->n_foreign = e->MU;
  uint32_t nkeys = e->nph * e->S;
  f->keys = cc_xmalloc ((nkeys + 1) * sizeof *f->keys);
  f->lines = cc_xmalloc ((nkeys + 1) * sizeof *f->lines);
  f->n_keys = 0;
  for (uint32_t key = 0; key < nkeys; key++)
    {
      uint32_t n = 0;
      for (uint32_t l = e->key_first[key]; l < e->key_first[key] + e->set_n[key]; l++)
        n += cc_bit_get (f->r, l);
      if (n)
        {
          f->keys[f->n_keys] = key;
          f->lines[f->n_keys++] = n;
        }
    }
}

void
eng_footprints_run_free (engine *e)
{
  for (uint32_t k = 0; k < e->n_fps; k++)
    {
      free (e->fps[k].r);
      free (e->fps[k].keys);
      free (e->fps[k].lines);
    }
}

/* Add to T what the functions footprint UNKNOWN (edge.unknown) calls
   may reference; nonzero if T grew.  */
static int
or_footprint_calls (const engine *e, cc_word *t, uint32_t unknown)
{
  return unknown >= UNKNOWN_FP (0) && or_calls (e, &e->fps[unknown - UNKNOWN_FP (0)], t);
}

void
eng_compute_T (engine *e)
{
  cc_result *r = e->r;
  uint32_t rw = e->rw;
  /* What a function references itself, whatever its context.  */
  cc_word *own = cc_xcalloc ((size_t) (e->m->n_funcs + 1) * rw, sizeof (cc_word));
  for (uint32_t fi = 0; fi < e->m->n_funcs; fi++)
    {
      if (!func_usable (e, fi))
        continue;
      cc_word *o = own + (size_t) fi * rw;
      const cc_func *f = &e->m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      const fphase *p = &e->fp[fi];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        or_up (p, u, o);
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          for (uint32_t k = p->pad_ref[b]; k < p->pad_ref[b + 1]; k++)
            r_add (e, o, p->pads[k].line);
          /* A call that reaches no instance is unknown code: it
             fetches its footprint (with what the footprint calls: below)
             or anything.  */
          if (f->blocks[b].call != CC_CALL_NONE && e->cfgs[fi].reachable[b]
              && e->g.func_n_inst[fi]
              && e->g.callee[e->g.func_inst[fi][0]][b] == CC_NONE)
            {
              uint32_t u = eng_unknown_call (e, fi, b);
              if (u == UNKNOWN_ANY)
                cc_bit_set (o, R_UNKNOWN (e));
              else
                fp_range_lines (e, u - UNKNOWN_FP (0), o);
            }
        }
    }
  e->T = cc_xcalloc ((size_t) (r->n_instances + 1) * rw, sizeof (cc_word));
  for (uint32_t x = 0; x < r->n_instances; x++)
    cc_bits_or (e->T + (size_t) x * rw, own + (size_t) r->instances[x].func * rw, rw);
  free (own);
  /* When every call leads to a later instance (no recursion, callees
     made after their callers), one pass from the last instance is
     final: each T it reads is.  Else passes until nothing changes.  */
  int ordered = e->n_fps == 0;
  for (uint32_t x = 0; x < r->n_instances && ordered; x++)
    {
      const cc_func *f = &e->m->funcs[r->instances[x].func];
      for (uint32_t b = 0; b < f->n_blocks && ordered; b++)
        ordered = e->g.callee[x][b] == CC_NONE || e->g.callee[x][b] > x;
    }
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (uint32_t x = r->n_instances; x-- > 0;)
        {
          cc_word *t = e->T + (size_t) x * rw;
          const cc_func *f = &e->m->funcs[r->instances[x].func];
          for (uint32_t b = 0; b < f->n_blocks; b++)
            {
              uint32_t y = e->g.callee[x][b];
              if (y != CC_NONE && y != x)
                changed |= cc_bits_or (t, e->T + (size_t) y * rw, rw);
              else if (y == CC_NONE && f->blocks[b].call != CC_CALL_NONE)
                changed |= or_footprint_calls (e, t, eng_unknown_call (e, r->instances[x].func, b));
            }
        }
      if (ordered)
        break;
    }
  /* Unknown code may call any root that is callable from outside: every
     root but the entry's own (instance 0, made first), which is where the
     program starts.  */
  e->callback = cc_xcalloc (rw, sizeof (cc_word));
  cc_bit_set (e->callback, R_UNKNOWN (e));
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].root && !(r->instances[x].func == e->entry && x == 0))
      cc_bits_or (e->callback, e->T + (size_t) x * rw, rw);
  /* The unknown bit of an R set is not a line; keep the callback's line
     prefix clean for ORing into states.  */
  unknown_code_lines (e, e->callback);
  /* A fetch of another section's code may load the lines the focus
     shares with its neighbours (abstract_state.c): with -ffunction-sections
     the previous function's last line is our first.  */
  e->edge = cc_xcalloc (rw, sizeof (cc_word));
  edge_lines (e, e->edge);
  for (uint32_t k = 0; k < e->n_fps; k++)
    fp_run (e, k);
}
