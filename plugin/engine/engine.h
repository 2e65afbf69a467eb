/* cachecat engine: static cache simulation over a program model.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C11, no GCC headers.  See docs/semantics.md (the contract)
   and docs/design.md for the method.  */

#ifndef CACHECAT_ENGINE_H
#define CACHECAT_ENGINE_H

#include "model/model.h"

enum cc_category
{
  CC_ALWAYS_HIT = 0,
  CC_ALWAYS_MISS = 1,
  CC_FIRST_MISS = 2,
  CC_FIRST_HIT = 3,
  CC_CONFLICT = 4,
  CC_N_CATEGORIES = 5
};

enum cc_scope_kind
{
  CC_SCOPE_NONE = 0,     /* always-hit, always-miss, conflict */
  CC_SCOPE_PROGRAM = 1,  /* the whole run */
  CC_SCOPE_FUNCTION = 2, /* one invocation of the insn's function */
  CC_SCOPE_LOOP = 3      /* one execution of a loop of the insn's function
                            (first-hit: or of a caller's, see other_func) */
};

typedef struct cc_verdict
{
  uint8_t category;      /* enum cc_category */
  uint8_t scope;         /* enum cc_scope_kind */
  uint32_t loop;         /* CC_SCOPE_LOOP: index into cc_func_result.loops */
  uint32_t other_func;   /* 0: the loop is one of the insn's own function;
                            else 1 + the index of the caller function whose
                            loop it is (first-hit of code called in a loop) */
} cc_verdict;

/* The verdict of one insn in one context: a function instance and the
   unique path through the insn, merged over the layout phases.  */
typedef struct cc_context_verdict
{
  uint32_t instance;
  uint32_t up;
  cc_verdict v;
  cc_verdict weak;       /* engine-internal: the first-miss alternative
                            used when phases disagree */
} cc_context_verdict;

typedef struct cc_loop
{
  uint32_t header;       /* block index of the header */
  uint32_t parent;       /* enclosing loop index, CC_NONE at top level */
  uint32_t n_blocks;
  uint32_t *blocks;      /* member blocks, ascending */
} cc_loop;

typedef struct cc_up
{
  uint32_t n_blocks;
  uint32_t *blocks;      /* the path, head first */
} cc_up;

typedef struct cc_insn_result
{
  cc_verdict merged;     /* sound over every context (docs/semantics.md §6.5) */
  uint32_t pline;        /* program line of the first byte, counted from the
                            section start, under phase 0 */
  uint32_t set;          /* its cache set relative to the section start */
  uint32_t n_lines;      /* lines the insn touches (2 when it straddles) */
  uint32_t n_ctx;
  uint8_t ctx_own;       /* engine-internal: ctx is an allocation of its
                            own, not a slice of the function's ctx_pool */
  cc_context_verdict *ctx;
  uint32_t ctx_cursor;   /* engine-internal */
  uint32_t ctx_cap;      /* engine-internal: room in ctx */
} cc_insn_result;

typedef struct cc_func_result
{
  uint32_t n_loops;
  cc_loop *loops;        /* outer loops before inner ones */
  uint32_t *block_loop;  /* innermost loop of each block, CC_NONE if none */
  uint32_t n_ups;
  cc_up *ups;
  cc_insn_result *insns; /* parallel to cc_func.insns */
  cc_context_verdict *ctx_pool; /* engine-internal: the room of its insns'
                                   ctx, one allocation */
  uint32_t counts[CC_N_CATEGORIES]; /* merged, over the reported insns
                                       that may be fetched */
  uint32_t never_fetched; /* reported insns never fetched (model.h) */
  int analysed;          /* 0: not reached by any instance (still conflict) */
  int too_big;           /* not analysed: over the cost cap (groups.c) */
  int unreached;         /* not analysed: in a whole program (cachecat-link),
                            no root reaches it, so it never runs; its
                            reported insns are counted in unreachable, not
                            in counts (docs/semantics.md §7.4) */
  uint32_t unreachable;  /* with unreached: its reported insns */
} cc_func_result;

typedef struct cc_instance
{
  uint32_t func;
  uint32_t parent;       /* calling instance, CC_NONE for a root */
  uint32_t call_block;   /* block of the parent that calls it */
  uint8_t root;          /* 0, or 1 for a root (the entry or externally callable) */
  uint8_t cold;          /* a root entered with a cold cache */
  uint8_t merged;        /* stands for several call chains (instance cap) */
} cc_instance;

typedef struct cc_result
{
  cc_func_result *funcs; /* parallel to cc_model.funcs */
  uint32_t n_instances;
  cc_instance *instances;
  uint32_t n_phases;     /* layout phases analysed (docs/semantics.md §2.4) */
  int capped;            /* the instance cap merged contexts */
  uint32_t n_groups;     /* the unit was analysed in this many groups of
                            functions (groups.c), 1 when whole */
  uint64_t instance_budget; /* the size budget of the instances when no cap
                               was given (cc_analysis_opts), else 0 */
  uint32_t counts[CC_N_CATEGORIES];
  uint32_t never_fetched;
  uint32_t unreachable;  /* insns of functions no root reaches */
} cc_result;

/* Parts of the method to leave out, for measuring what each part is
   worth (make validate compares the bounds); never used by the plugin.
   Every reduced analysis is still sound.  */
enum cc_reduction
{
  CC_REDUCE_NO_FIRST_MISS = 1,  /* must/may only: no reaching states, so
                                   no first-miss */
  CC_REDUCE_PROGRAM_SCOPE = 2,  /* first-miss for the whole run only: no
                                   function or loop scopes */
  CC_REDUCE_BLOCK_UPS = 4       /* UPs are straight chains of blocks: no
                                   if-then-else diamonds */
};

/* Bytes of code the analysis does not follow but that runs as unknown
   code (groups.c: the functions of other groups of the unit).  */
typedef struct cc_code_range
{
  uint32_t section;        /* index into cc_model.sections */
  uint32_t offset, size;
} cc_code_range;

typedef struct cc_analysis_opts
{
  const char *entry;       /* entry function symbol, NULL for none */
  int entry_cold;          /* entry starts with a cold cache */
  uint32_t max_instances;  /* cap on function instances; 0: instead a budget
                              on their total size, CC_INSTANCE_GROWTH
                              times the unit's instructions (at least
                              CC_INSTANCE_MIN_SIZE) */
  uint32_t reduce;         /* enum cc_reduction flags, 0 for the full method */
  int entry_callable;      /* code outside may also call the entry (as a
                              function of another group does, groups.c): a
                              warm root of it besides the entry itself */
  int general;             /* analyse a direct-mapped cache as a 1-way LRU
                              one, with must planes (tests: the results
                              must be the same) */
  const cc_code_range *unknown_code; /* n_unknown_code ranges */
  uint32_t n_unknown_code;
  uint32_t group_insns;    /* 0: a big unit is analysed in groups of
                              functions sized by a cost budget (groups.c);
                              N: in groups of about N instructions (tests) */
  int whole_program;       /* the model is the whole program and its flags
                              name every function code outside may call
                              (cachecat-link): a function nothing reaches
                              never runs, and is not made a root */
} cc_analysis_opts;

/* Analyse M on CACHE.  Returns NULL and sets *ERR (caller frees) only for
   requests the engine refuses (e.g. an unsupported cache shape); problems
   inside one function make that function conservative instead.  */
#ifndef CC_INSTANCE_GROWTH
#define CC_INSTANCE_GROWTH 2
#endif
#ifndef CC_INSTANCE_MIN_SIZE
#define CC_INSTANCE_MIN_SIZE 5000
#endif

cc_result *cc_analyse (const cc_model *m, const cc_cache *cache,
                       const cc_analysis_opts *opts, char **err);
void cc_result_free (cc_result *r, const cc_model *m);

const char *cc_category_name (int category);

#endif
