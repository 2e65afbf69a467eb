/* cachecat engine internals shared by loops.c, unique_paths.c, instances.c,
   groups.c and the files of a run (engine_run.h and engine_steps.h hold
   what only those share).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_ENGINE_IMPL_H
#define CACHECAT_ENGINE_IMPL_H

#include "engine/engine.h"
#include "support/util.h"

/* Control-flow facts of one function that do not depend on the layout.  */
typedef struct cc_fcfg
{
  uint32_t n_blocks;
  uint32_t *n_preds;
  uint32_t **preds;
  uint8_t *reachable;     /* from block 0 */
  uint32_t n_ups;
  uint32_t *head_up;      /* per block: the first of the UPs it heads
                             (they are numbered consecutively), CC_NONE
                             if it heads none */
  uint32_t *head_n_ups;   /* per block: how many UPs it heads */
} cc_fcfg;

/* loops.c: fill R's loops, block_loop and ups for F and return the extra
   facts in CFG (CHAINS_ONLY: UPs are straight chains, see
   CC_REDUCE_BLOCK_UPS).  Returns -1 for a malformed CFG (an empty block,
   an index out of range): the caller leaves that function unanalysed.  */
int cc_cfg_build (const cc_func *f, cc_func_result *r, cc_fcfg *cfg,
                  int chains_only);
void cc_cfg_free (cc_fcfg *cfg);
/* Nonzero if loop L of R contains block B.  */
int cc_loop_contains (const cc_func_result *r, uint32_t l, uint32_t b);

/* unique_paths.c: the UPs of F (cc_cfg_build, once its loops are found).  */
void cc_ups_build (const cc_func *f, cc_fcfg *cfg, cc_func_result *r,
                   const uint32_t *rpo, uint32_t count, int chains_only);

/* The instance graph.  */
typedef struct cc_callsite
{
  uint32_t caller;        /* instance */
  uint32_t block;         /* calling block in the caller's function */
} cc_callsite;

typedef struct cc_igraph
{
  uint32_t n;             /* == result->n_instances */
  uint32_t **callee;      /* per instance, per block: callee instance,
                             CC_NONE when the block calls unknown code or
                             makes no call */
  uint32_t *n_callers;
  cc_callsite **callers;  /* call sites that enter each instance */
  uint32_t n_funcs;
  uint32_t *func_n_inst;  /* instances of each function */
  uint32_t **func_inst;
} cc_igraph;

/* Build the instances of M into R (r->instances) and G.  FUNC_OK[f] is zero
   for functions that are not analysed (broken): calls to them are unknown.
   Returns the entry function's index or CC_NONE.  */
uint32_t cc_instances_build (const cc_model *m, const uint8_t *func_ok,
                             const cc_analysis_opts *opts, cc_result *r,
                             cc_igraph *g);
void cc_igraph_free (cc_igraph *g);

/* How many bitsets over the lines a state holds for CACHE: its cost
   relative to a direct-mapped cache's.  */
uint32_t cc_state_planes (const cc_cache *cache);

/* The analysis of a whole unit (engine.c); cc_analyse (groups.c) calls it
   once, or once per group of functions for a big unit.  */
cc_result *cc_analyse_unit (const cc_model *m, const cc_cache *cache,
                            const cc_analysis_opts *opts, char **err);

#endif
