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

/* Is loop IN loop OUT or inside it (IN CC_NONE: no loop, inside none)?  */
static inline int
cc_loop_within (const cc_func_result *fr, uint32_t in, uint32_t out)
{
  for (uint32_t l = in; l != CC_NONE; l = fr->loops[l].parent)
    if (l == out)
      return 1;
  return 0;
}

/* Is block B in loop TOP (CC_NONE: the whole function)?  */
static inline int
cc_block_within (const cc_func_result *fr, uint32_t b, uint32_t top)
{
  return top == CC_NONE || cc_loop_within (fr, fr->block_loop[b], top);
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

/* ipet.c: one way to price one execution of a scope: per block its
   price per run (BLOCK_COST), per loop inside the scope its price per
   entry (LOOP_ENTRY_COST: first-miss of that loop), ONCE at most once
   per execution, and per block its call's share, at most CALL_EACH per
   run and CALL_CAP plus CALL_CAP_PER per run in all (CC_UNBOUNDED: no
   such limit).  */
typedef struct cc_ipet_prices
{
  const uint64_t *block_cost, *loop_entry_cost;
  uint64_t once;
  const uint64_t *call_each, *call_cap, *call_cap_per;
} cc_ipet_prices;

#define CC_IPET_MAX_PRICES 3

/* One execution of a scope of function F (its invocation if TOP is
   CC_NONE, else an execution of loop TOP), priced N_PRICES ways.  LOOPS:
   per loop its header's runs per execution (cc_loop_limits.runs).  */
typedef struct cc_ipet_scope
{
  const cc_func *f;
  const cc_func_result *fr;
  uint32_t top;
  const cc_loop_limits *loops;
  uint32_t n_prices;
  cc_ipet_prices prices[CC_IPET_MAX_PRICES];
} cc_ipet_scope;

/* Per way K of pricing S, OUT[K]: the most the worst path through one
   execution of S's scope costs (docs/semantics.md §7.5, "The worst
   path"), or CC_UNBOUNDED if the integer program has no bounded optimum
   or is too big for exact arithmetic; RELAXED[K] is set where it is the
   LP relaxation's.  The ways share one program, solved once per way.  */
void cc_ipet_worst (const cc_ipet_scope *s, uint64_t *out, int *relaxed);

/* run_misses.c: for every function of M, the most misses it and every
   function it may call can cause in the whole run (RUN[fi], CC_UNBOUNDED
   where some of that code may miss more than once per run), from R's
   promises on CACHE.  IX indexes M's functions by name.  */
void cc_run_misses (const cc_model *m, const cc_result *r, const cc_cache *cache,
                    const cc_func_index *ix, uint64_t *run);

#endif
