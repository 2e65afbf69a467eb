/* cachecat engine: the steps of one analysis run and what they share.
   Internal to the engine: engine.h is the API.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

/* The steps, in the order a run uses them (the method is described at
   the top of engine.c):
     engine.c             cc_analyse_unit: sections, phases, batches of
                          phases, the final verdicts
     engine_graph.c       the node graph: (instance, UP) nodes and their
                          edges (layout independent); strongly connected
                          components; the per-node buffers kept across runs
     program_lines.c      the program lines of a batch of phases, and each
                          function's references to them
     abstract_state.c     abstract cache states: their layout, transfer
                          and join (abstract_state.h)
     engine_summaries.c   T: what an invocation of an instance may
                          reference; what unknown code may (footprints)
     engine_forward.c     may- and must-states to a fixpoint
     engine_reach.c       reaching sets of the program, function and loop
                          scopes
     engine_categorize.c  the categories of one function's instructions
     engine_first_miss.c  the scope of a first-miss promise
     engine_first_hit.c   first-hit: the loop whose first iteration hits
     engine_verdicts.c    merging verdicts of contexts, lines and phases
   engine.c calls the steps; a step calls steps and helpers below it,
   never engine.c (testsuite/scripts/check-structure.sh).  The state they
   share is struct engine (engine_run.h).  Beside them: loops.c (control
   flow and natural loops), unique_paths.c (unique paths), instances.c
   (function instances) and groups.c (cc_analyse: a big unit in groups of
   functions, each through engine.c).  */

#ifndef CACHECAT_ENGINE_STEPS_H
#define CACHECAT_ENGINE_STEPS_H

#include "engine/abstract_state.h"

/* The reaching sets of the UPs of one loop in one instance, for the loop
   scope: only the loop's own UPs, in ascending order, and their sets
   (set_of).  */
typedef struct loop_sets
{
  uint32_t n;
  uint32_t *ups;
  uint32_t n_func_ups;
  uint32_t *slot_of;     /* per UP of the function: its index in ups,
                            CC_NONE if none */
  uint32_t *set_of;      /* per slot: its set in rs (one per strongly
                            connected component: the UPs of a cycle
                            share one) */
  cc_word *rs;
} loop_sets;

/* A verdict and its first-miss alternative (see eng_categorize_function).  */
typedef struct vpair
{
  cc_verdict v, alt;
} vpair;

/* What one reference sees over its contexts (engine_categorize.c).  */
typedef struct acc acc;

/* The categorisation of one function (engine_categorize.c); the
   first-miss scope (engine_first_miss.c) reads its lazily built loop
   sets.  */
typedef struct fcat
{
  engine *e;
  uint32_t fi;
  acc *acc;              /* per ref */
  loop_sets **loop_r;    /* per (local instance, loop), lazily */
  uint32_t n_local;
  uint32_t *local_of;    /* instance -> local index (only this function's) */
  uint32_t *kl;          /* scratch: possibly cached lines of one set */
  uint8_t *dead;         /* per insn: its merged verdict is conflict
                            whatever the rest of the run finds
                            (eng_categorize_function) */
  uint8_t *settled;      /* per ref: some context found it conflict, so
                            its verdict over the contexts is conflict */
  uint32_t *unsettled;   /* per fetch (insn, phase): its refs not settled */
  uint8_t *unpromised;   /* per insn: cc_insn_no_promise */
  uint8_t *insn_has;     /* per insn: what its fetches hold
                            (eng_categorize_function) */
  uint32_t n_focus_steps; /* steps of the focus (a slice of k_bits each) */
  uint32_t n_own;        /* accumulators whose contexts outgrew their
                            slice (grow_slice): heap copies to free */
} fcat;

/* engine_verdicts.c */
void eng_merge_verdict (const cc_func_result *fr, cc_verdict *a, cc_verdict b);

/* Merge B into A (eng_merge_verdict), the commonest cases inline: A
   conflict, A nothing yet, equal verdicts other than first-hit (a
   first-miss of the same scope), B always-hit (which keeps every A but
   always-miss and nothing yet), B conflict.  */
static inline void
merge_verdict (const cc_func_result *fr, cc_verdict *a, cc_verdict b)
{
  if (a->category == CC_CONFLICT)
    return;
  if (a->category == 0xff)
    {
      *a = b;
      return;
    }
  if (a->category == b.category && b.category != CC_FIRST_HIT
      && (b.category != CC_FIRST_MISS || (a->scope == b.scope && a->loop == b.loop)))
    return;
  if (b.category == CC_ALWAYS_HIT && a->category != CC_ALWAYS_MISS)
    return;
  if (b.category == CC_CONFLICT)
    {
      *a = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  eng_merge_verdict (fr, a, b);
}

/* The verdicts of one fetch's lines, in order: it misses when any misses.
   Inline: it runs per reference.  */
static inline void
combine_lines (const cc_func_result *fr, cc_verdict *a, cc_verdict b)
{
  if (a->category == 0xff)
    *a = b;
  else if (a->category == CC_ALWAYS_MISS || b.category == CC_ALWAYS_MISS)
    *a = (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 };
  else
    merge_verdict (fr, a, b);
}

/* engine_graph.c */
uint32_t eng_nodes_at (const engine *e, uint32_t inst, uint32_t block, uint32_t *n);
void eng_build_nodes (engine *e);
void eng_free_nodes (engine *e);
void eng_find_sccs (uint32_t n, const uint8_t *keep, const uint32_t *from, const uint32_t *to,
                    const uint32_t *succ, sccs *out);
void eng_free_sccs (sccs *c);
cc_word *eng_reuse (engine *e, int k, size_t n);
void eng_free_buffers (engine *e);

/* program_lines.c */
uint32_t eng_line_id (const engine *e, uint32_t q, uint32_t no);
void eng_build_lines (engine *e);
void eng_free_lines (engine *e);
void eng_build_fphase (engine *e, uint32_t fi);
void eng_free_fphase (fphase *p);

/* engine_summaries.c */
void eng_footprints_build (engine *e);
void eng_footprints_free (engine *e);
uint32_t eng_unknown_call (const engine *e, uint32_t fi, uint32_t b);
const cc_word *eng_unknown_reach (const engine *e, uint32_t unknown);
void eng_compute_T (engine *e);
void eng_footprints_run_free (engine *e);

/* engine_forward.c */
void eng_forward (engine *e);

/* engine_reach.c */
void eng_backward_all (engine *e, cc_word **out, uint32_t **at, int program_scope);
uint32_t eng_loop_slot (const loop_sets *l, uint32_t u);
loop_sets *eng_loop_reach (engine *e, uint32_t x, uint32_t loop);
void eng_loop_sets_free (loop_sets *l);

/* engine_first_hit.c */
cc_verdict eng_first_hit (engine *e, uint32_t nd, uint32_t b, uint32_t x2);
void eng_fh_region_free (struct fh_region *r);

/* engine_first_miss.c */
cc_verdict eng_first_miss_scope (fcat *c, uint32_t line, uint32_t block,
                                 const uint32_t *k_lines, uint32_t nk, int k_unk,
                                 int k_taint, const uint32_t *ctx, uint32_t n_ctx);

/* engine_categorize.c */
void eng_categorize_function (engine *e, uint32_t fi, uint8_t *dead, vpair *out);

#endif
