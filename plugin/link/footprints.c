/* cachecat-link: the footprints of the functions without a model
   (model.h, cc_footprint): what a call of one may fetch, so that it
   evicts only that (docs/semantics.md §7.4, "Footprints").
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The modeller found, for each function it could not follow, the code
   that function runs as far as its direct branches say
   (cc_bytes_footprint): its own bytes, and the addresses where it
   leaves them.  Here those addresses become functions: one with a
   model runs whatever an invocation of it may (the engine knows, from
   its name), one without adds its own footprint, and so on, as far as
   they go.  An address in no function's code, or a function of a unit
   that could not model it, leaves the footprint unknown: a call then
   evicts everything, as unknown code.  */

#include "link/wp_impl.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The code of every function: the N SPANS (sorted by their start), where
   a function without a model reaches up to where its footprint ends
   (which keeps the order).  */
static span *
code_map (const cc_whole_program *wp, const span *spans, uint32_t n)
{
  span *v = cc_xmalloc ((n + 1) * sizeof *v);
  for (uint32_t i = 0; i < n; i++)
    {
      const cc_link_func *lf = &wp->funcs[spans[i].func];
      v[i] = spans[i];
      if (lf->fp_limit > spans[i].hi && spans[i].lo == lf->addr[0])
        v[i].hi = lf->fp_limit;
    }
  return v;
}

/* The function whose code among the N sorted V holds ADDR, or
   CC_NONE.  */
static uint32_t
func_holding (const span *v, uint32_t n, uint64_t addr)
{
  size_t k = cc_lower_bound_u64 (v, n, sizeof *v, offsetof (span, lo), addr + 1);
  return k > 0 && addr < v[k - 1].hi ? v[k - 1].func : CC_NONE;
}

/* A footprint while it is built.  */
typedef struct fp_build
{
  cc_footprint *fp;
  size_t cap_ranges, cap_calls;
  uint32_t *stamp;             /* per function: the footprint that has it */
  uint32_t id;
} fp_build;

static void
add_range (fp_build *b, uint32_t section, uint32_t offset, uint32_t size)
{
  cc_footprint *fp = b->fp;
  fp->ranges = cc_grow (fp->ranges, &b->cap_ranges, fp->n_ranges + 1, sizeof *fp->ranges, 8);
  fp->ranges[fp->n_ranges++] = (cc_part) { NULL, section, offset, size };
}

static void
add_parts (fp_build *b, const cc_func *fn)
{
  for (uint32_t p = 0; p < fn->n_parts; p++)
    add_range (b, fn->parts[p].section, fn->parts[p].offset, fn->parts[p].size);
}

/* Add to B what control reaching ADDR, in function G, runs.  Returns G
   if it has no model (its footprint is then B's too), else CC_NONE;
   *WHY set if what it runs is not known.  */
static uint32_t
reach (const cc_whole_program *wp, fp_build *b, uint32_t g, uint64_t addr, char **why)
{
  if (g == CC_NONE)
    {
      *why = cc_xasprintf ("it branches to 0x%llx, in no function's code",
                           (unsigned long long) addr);
      return CC_NONE;
    }
  const cc_func *fn = &wp->model.funcs[g];
  const cc_link_func *lf = &wp->funcs[g];
  if (fn->flags & CC_FUNC_BROKEN)
    {
      if (!lf->fp_limit)
        *why = cc_xasprintf ("it runs %s, which has no model and whose footprint is not "
                             "known (%s)", fn->name, lf->fp_why ? lf->fp_why
                                                               : "its unit did not model it");
      return *why || b->stamp[g] == b->id ? CC_NONE : g;
    }
  /* Entered in its middle, it may run code its invocations do not.  */
  if (addr != lf->addr[0] && b->stamp[g] != b->id)
    add_parts (b, fn);
  if (b->stamp[g] != b->id)
    {
      cc_footprint *fp = b->fp;
      fp->calls = cc_grow (fp->calls, &b->cap_calls, fp->n_calls + 1, sizeof *fp->calls, 8);
      fp->calls[fp->n_calls++] = cc_xstrdup (fn->name);
    }
  b->stamp[g] = b->id;
  return CC_NONE;
}

/* The footprint of function F, without a model: its bytes and what the
   functions its code branches to run, or NULL with *WHY set.  */
static cc_footprint *
footprint_of (const cc_whole_program *wp, uint32_t f, const span *map, uint32_t n_map,
              fp_build *b, char **why)
{
  b->fp = cc_xcalloc (1, sizeof *b->fp);
  b->cap_ranges = b->cap_calls = 0;
  b->id++;
  uint32_t *todo = cc_xmalloc ((wp->model.n_funcs + 1) * sizeof *todo);
  uint32_t n_todo = 0;
  todo[n_todo++] = f;
  b->stamp[f] = b->id;
  *why = NULL;
  while (n_todo && !*why)
    {
      uint32_t h = todo[--n_todo];
      const cc_link_func *lf = &wp->funcs[h];
      const cc_part *p = &wp->model.funcs[h].parts[0];
      add_range (b, p->section, p->offset, (uint32_t) (lf->fp_limit - lf->addr[0]));
      for (uint32_t k = 0; k < lf->n_fp_out && !*why; k++)
        {
          uint64_t t = lf->fp_out[k];
          uint32_t g = reach (wp, b, func_holding (map, n_map, t), t, why);
          if (g != CC_NONE)
            {
              b->stamp[g] = b->id;
              todo[n_todo++] = g;
            }
        }
    }
  free (todo);
  if (*why)
    {
      cc_footprint_free (b->fp);
      return NULL;
    }
  return b->fp;
}

void
wp_footprints (cc_whole_program *wp, const span *spans, uint32_t n_spans)
{
  span *map = code_map (wp, spans, n_spans);
  fp_build b = { .stamp = cc_xcalloc (wp->model.n_funcs + 1, sizeof (uint32_t)) };
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    {
      cc_func *fn = &wp->model.funcs[f];
      cc_link_func *lf = &wp->funcs[f];
      if (!(fn->flags & CC_FUNC_BROKEN) || !lf->fp_limit)
        continue;
      char *why;
      fn->footprint = footprint_of (wp, f, map, n_spans, &b, &why);
      if (why)
        {
          free (lf->fp_why);
          lf->fp_why = why;
        }
    }
  free (b.stamp);
  free (map);
}
