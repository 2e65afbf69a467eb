/* cachecat engine: summaries: T(X) = everything an invocation of X may
   reference, and what unknown code may reference (the callback set).
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
          /* A call that reaches no instance is unknown code.  */
          if (f->blocks[b].call != CC_CALL_NONE && e->cfgs[fi].reachable[b]
              && e->g.func_n_inst[fi]
              && e->g.callee[e->g.func_inst[fi][0]][b] == CC_NONE)
            cc_bit_set (o, R_UNKNOWN (e));
        }
    }
  e->T = cc_xcalloc ((size_t) (r->n_instances + 1) * rw, sizeof (cc_word));
  for (uint32_t x = 0; x < r->n_instances; x++)
    cc_bits_or (e->T + (size_t) x * rw, own + (size_t) r->instances[x].func * rw, rw);
  free (own);
  /* When every call leads to a later instance (no recursion, callees
     made after their callers), one pass from the last instance is
     final: each T it reads is.  Else passes until nothing changes.  */
  int ordered = 1;
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
}
