/* cachecat bounds internals shared by bounds.c and run_misses.c.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_BOUNDS_IMPL_H
#define CACHECAT_BOUNDS_IMPL_H

#include "bounds/bounds.h"

/* May code the model does not see run at insn IN, whose fetches no
   bound counts: inline asm with bytes (an asm statement without any,
   such as a compiler barrier, runs nothing, and the categories assume no
   unknown code after it either: program_lines.c, push_refs), a thunk, a
   resolver, millicode.  Not a system or semihosting call: the kernel's
   (or the debugger's) fetches are not the program's, which the bounds
   count (docs/semantics.md §7.5), and what it evicts is in the
   categories.  */
static inline int
cc_runs_code_unseen (const cc_insn *in)
{
  return (in->kind == CC_INSN_ASM && in->length > 0 && !in->kernel) || in->runs_unknown;
}

/* The lines insn I of F may touch in one fetch: its lines under phase 0
   when every section starts on a line boundary (MULTI_PHASE 0), else the
   most any placement in lines of L bytes gives.  */
static inline uint64_t
cc_fetch_lines (const cc_func *f, const cc_func_result *fr, uint32_t i, int multi_phase,
                uint32_t L)
{
  uint32_t len = f->insns[i].length;
  if (!len)
    return 0;
  if (!multi_phase)
    return fr->insns[i].n_lines;
  return 1 + (len + L - 2) / L;
}

/* run_misses.c: for every function of M, the most misses it and every
   function it may call can cause in the whole run (RUN[fi], CC_UNBOUNDED
   where some of that code may miss more than once per run), from R's
   promises on CACHE.  IX indexes M's functions by name.  */
void cc_run_misses (const cc_model *m, const cc_result *r, const cc_cache *cache,
                    const cc_func_index *ix, uint64_t *run);

#endif
