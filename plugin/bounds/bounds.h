/* cachecat bounds: from categories to the most misses a call or a loop
   can cause.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Data flows on from the engine: its verdicts
   and loops, the model's loop bounds (model.h cc_loop_bound) and call
   graph give, per function, the most instruction-cache misses one
   invocation can cause (its own fetches and those of the functions it
   calls), and per loop the most one execution of it can cause
   (docs/semantics.md §7.5 says what is counted and why it is sound).
   Where something has no bound (a loop nobody bounded, unknown code,
   recursion) the answer is unbounded, with the reason.  */

#ifndef CACHECAT_BOUNDS_H
#define CACHECAT_BOUNDS_H

#include "engine/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CC_UNBOUNDED UINT64_MAX

/* Why a bound is missing: the first reason met.  */
enum cc_unbounded_why
{
  CC_WHY_NONE = 0,
  CC_WHY_NOT_ANALYSED = 1,  /* the function was not modelled or analysed */
  CC_WHY_LOOP = 2,          /* loop LOOP of FUNC has no iteration bound */
  CC_WHY_IRREDUCIBLE = 3,   /* FUNC has a cycle that is no natural loop */
  CC_WHY_UNKNOWN_CALL = 4,  /* FUNC calls code outside the analysed code */
  CC_WHY_UNKNOWN_CODE = 5,  /* unknown code runs inside FUNC (inline asm, a
                               thunk, a TLS resolver) */
  CC_WHY_RECURSION = 6,     /* FUNC is part of a recursion */
  CC_WHY_OVERFLOW = 7,      /* the bound does not fit in 62 bits */
  CC_WHY_NO_MODEL_CALL = 8, /* FUNC calls NAME, a function of the program
                               without a model (after the link: a library's,
                               or of an object compiled without record) */
  CC_WHY_UNREACHED = 9      /* no root reaches FUNC: it never runs */
};

typedef struct cc_why
{
  uint8_t kind;          /* enum cc_unbounded_why */
  uint32_t func;         /* the function it is about, CC_NONE if none */
  uint32_t loop;         /* CC_WHY_LOOP: index into that function's loops */
  uint32_t insn;         /* CC_WHY_*_CALL, _CODE: the insn of FUNC
                            that calls or runs it, CC_NONE if none */
  const char *name;      /* CC_WHY_UNKNOWN_CALL, _NO_MODEL_CALL: the
                            callee, NULL if the model does not name it (an
                            indirect call, a function outside the unit) */
} cc_why;

/* Header runs at or above this that GCC gives come from nothing but the
   range of the loop counter's type (an int counter against an unknown
   limit: 2^31 - 1 iterations, no overflow being its promise): sound,
   and useless.  */
#define CC_TYPE_RANGE_RUNS (((uint64_t) 1 << 31) - 1)

/* The most fetches (line accesses: a fetch that may straddle a line
   boundary counts two) and, where the cache gives the timing, the most
   cycles of fetch time (cc_cache.hit_cycles a fetch, miss_penalty more a
   miss) one invocation or loop execution can take on its worst path.  */
typedef struct cc_fetch_limits
{
  uint64_t max_fetches;  /* CC_UNBOUNDED if unbounded */
  cc_why why;            /* why max_fetches is unbounded */
  uint64_t max_cycles;   /* CC_UNBOUNDED if unbounded or not timed */
  uint8_t relaxed;       /* CC_RELAXED_*: which bound is the LP relaxation's
                            (the integer search ran out of its budget) */
} cc_fetch_limits;

enum { CC_RELAXED_MISSES = 1, CC_RELAXED_FETCHES = 2, CC_RELAXED_CYCLES = 4 };

typedef struct cc_loop_limits
{
  uint64_t runs;         /* the most times the header runs in one
                            execution, CC_UNBOUNDED if not known */
  uint8_t source;        /* enum cc_bound_source, 0 if none */
  uint32_t file, line;   /* where the bound's loop is in the source (the
                            model's bound), CC_NONE / 0 if none */
  uint64_t max_misses;   /* per execution, CC_UNBOUNDED if unbounded */
  cc_why why;            /* why max_misses is unbounded */
  cc_fetch_limits fetch; /* per execution */
} cc_loop_limits;

typedef struct cc_func_limits
{
  uint64_t max_misses;   /* per invocation, CC_UNBOUNDED if unbounded */
  cc_why why;
  uint64_t run_misses;   /* of all its invocations in the whole run, with
                            its callees', CC_UNBOUNDED if unbounded
                            (docs/semantics.md §7.5, "Once per run") */
  cc_fetch_limits fetch; /* per invocation */
  cc_loop_limits *loops; /* parallel to cc_func_result.loops */
  uint8_t from_fact;     /* max_misses is the user's flow fact */
} cc_func_limits;

/* Is the bound of LL one GCC derives from the counter's type alone?  */
static inline int
cc_runs_type_range (const cc_loop_limits *ll)
{
  return ll->source == CC_BOUND_GCC && ll->runs != UINT64_MAX && ll->runs >= CC_TYPE_RANGE_RUNS;
}

typedef struct cc_bounds
{
  cc_func_limits *funcs; /* parallel to cc_model.funcs */
  uint32_t n_funcs;
  uint8_t timed;         /* the cache gave the fetch time: max_cycles */
} cc_bounds;

/* One share of a function's bound for one invocation: an insn's misses,
   or a call's (INSN the call); RUNS how often it runs at most.  */
typedef struct cc_miss_share
{
  uint32_t insn;
  uint32_t callee;       /* a call's: the model's function, CC_NONE if none */
  uint64_t runs;
  uint64_t misses;       /* CC_UNBOUNDED if unbounded */
  uint32_t lines;        /* an insn's: the lines one fetch of it may load
                            (2 where it may straddle a line boundary) */
  uint8_t call;          /* the share of the call, not of the insn */
} cc_miss_share;

/* The shares of function FI's bound in B that may be misses, largest
   first (ties in address order): *OUT (to free), returns how many.  */
uint32_t cc_bounds_shares (const cc_model *m, const cc_result *r, const cc_cache *cache,
                           const cc_bounds *b, uint32_t fi, cc_miss_share **out);

/* The bounds of every function and loop of M as R analysed it on
   CACHE.  */
cc_bounds *cc_bounds_compute (const cc_model *m, const cc_result *r, const cc_cache *cache);
void cc_bounds_free (cc_bounds *b);

#ifdef __cplusplus
}
#endif

#endif
