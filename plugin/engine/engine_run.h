/* cachecat engine: the state of one analysis run (struct engine): the
   unit's functions, instances and node graph, which every run over the
   unit shares, and what one run (one section in focus under a batch of
   its phases) computes.  Internal to the engine: engine.h is the API,
   abstract_state.h the abstract cache states, engine_steps.h the steps
   that fill this in.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_ENGINE_RUN_H
#define CACHECAT_ENGINE_RUN_H

#include "engine/engine_impl.h"

typedef struct ref
{
  uint32_t insn;         /* CC_NONE for executed padding */
  uint32_t line;         /* focus line id, or FOREIGN */
  uint16_t phase;        /* the phase of the batch it belongs to (0 for
                            FOREIGN: it belongs to all) */
  uint8_t unknown_after : 1; /* an asm: unknown code may run after it */
  uint8_t maybe : 1;     /* the fetch may or may not happen (model.h,
                            cc_fetch; a maybe_tail) */
} ref;

/* The line of a fetch outside the section in focus.  */
#define FOREIGN CC_NONE

/* Layout-dependent facts of one function in one phase.  */
typedef struct fphase
{
  uint32_t n_refs;
  ref *refs;             /* the refs that are no repeat, block by block
                            (program_lines.c, make_refs): all a walk must
                            look at */
  uint32_t *block_ref;   /* n_blocks + 1 offsets into refs */
  ref *pads;
  uint32_t *pad_ref;     /* n_blocks + 1 offsets into pads: the padding
                            executed on each block's fall-through edge */
  uint32_t *up_nrefs;    /* per UP: its references, repeats too (the
                            cost of a walk) */
  uint8_t *up_repeat;    /* per UP: a repeat of it was left out of refs
                            (it hits for sure in every walk) */
  uint32_t *up_start;    /* n_ups + 1 offsets into up_bits */
  uint32_t *up_bits;     /* per UP, the bits of an R-format set, each
                            once: lines it references, the foreign bit if
                            it fetches from another section, the unknown
                            bit if it holds an asm (a list, not a set: a
                            UP touches a few lines of each phase, a set
                            has room for all) */
} fphase;

typedef struct edge
{
  uint32_t to;           /* node */
  uint32_t pad_func;     /* padding of this block's fall-through edge is */
  uint32_t pad_block;    /* executed on the way, CC_NONE if none */
  uint32_t unknown;      /* unknown code runs first (an unknown call):
                            what it may fetch (UNKNOWN_ANY, UNKNOWN_FP),
                            0 if none */
} edge;

/* What unknown code run on an edge may fetch: anything, or the
   footprint K (engine_summaries.c) of the function without a model it
   calls.  */
#define UNKNOWN_ANY 1u
#define UNKNOWN_FP(k) (2u + (k))

/* The footprint of a function without a model: what a call of it may
   fetch (model.h, cc_footprint), as the engine uses it.  */
typedef struct footprint
{
  uint32_t func;         /* the function without a model */
  uint32_t n_calls;
  uint32_t *calls;       /* the functions it runs, all usable */
  /* Per run (eng_compute_T): */
  int any;               /* it may fetch what no set names (unknown code
                            runs in what it calls): unknown code */
  cc_word *r;            /* R-format: the lines it may fetch, the
                            foreign bit if it may fetch another
                            section's */
  uint32_t n_foreign;    /* lines of other sections it may fetch (MU
                            when not known) */
  uint32_t n_keys;
  uint32_t *keys, *lines; /* the keys holding lines of it, and how many
                             of its lines each holds */
} footprint;

typedef struct edges
{
  uint32_t n, cap;
  edge *e;
} edges;

/* The strongly connected components of a graph's reached nodes, in the
   order Tarjan's algorithm completes them: every edge leads to the same
   component or to an earlier one.  */
typedef struct sccs
{
  uint32_t n;
  uint32_t *node;        /* the nodes, component by component */
  uint32_t *start;       /* n + 1 offsets into node */
  uint8_t *cyclic;       /* per component: has an edge inside */
  uint32_t *comp_of;     /* per node, CC_NONE if unreached */
} sccs;

/* A line of the batch: its phase in the high half, its number in the low.  */
typedef uint64_t line_key;

/* Per line, what a plain fetch of it does to its set (abstract_state.h).  */
typedef struct line_op line_op;

typedef struct engine
{
  const cc_model *m;
  cc_result *r;
  cc_igraph g;
  cc_fcfg *cfgs;
  uint8_t *func_ok;
  uint32_t entry;        /* function index, CC_NONE */
  uint32_t L, S;
  uint32_t Lb;           /* log2 L */
  uint32_t reduce;       /* cc_analysis_opts.reduce */
  /* The abstract cache (README, "Replacement policies"; abstract_state.h).
     A state holds MP
     may planes of sw words (plane k: the lines and markers that may be
     cached with an age of k or less) and then MU must planes of lw words
     (plane k: the lines cached with an age of k or less for sure).  */
  uint32_t MP, MU;
  int may_ages;          /* may planes age (LRU); else a line once loaded
                            stays possibly cached (any other policy) */
  uint32_t fm_limit;     /* first-miss unless this many possibly cached
                            lines of the set are reachable (LRU: ways) */
  int general;           /* always-hit from the must planes; 0: the
                            direct-mapped rule on the one may plane */
  int dm;                /* one may plane that ages, no must planes: a
                            fetch leaves its line alone in its set */
  uint32_t stw;          /* words of a whole state */
  const cc_analysis_opts *opts;

  /* Nodes: (instance, UP).  */
  uint32_t *node_base;   /* per instance */
  uint32_t n_nodes;
  uint32_t *node_inst, *node_up;
  edges *fwd;            /* program-scope successors (calls, returns) */
  edges *intra;          /* function-scope successors (calls summarised) */
  uint32_t *node_callee; /* known callee instance of the tail, CC_NONE */
  uint32_t *node_unknown_end; /* the tail calls unknown code (edge.unknown) */
  uint8_t *node_root_exit;   /* the tail returns to unknown code */
  uint32_t *pred_start, *pred_node; /* reached predecessors of each node
                                       over fwd edges (first-hit) */
  uint32_t *child_start, *child_inst; /* instances each instance calls */
  struct fh_region ***fh; /* per instance, per loop of its function: the
                             first-hit region, lazily, per run */
  uint64_t fh_budget;    /* node walks first-hit may still spend in a run */
  uint8_t *fh_node;      /* per node: 0 not looked at, 1 first-hit is
                            possible for some ref, 2 for none */
  uint8_t *reached;      /* reachable from a root's entry (layout
                            independent, like everything above) */
  sccs fwd_sccs, intra_sccs; /* components of the reached part of fwd and
                                intra, sinks first */
  edge *fwd_pool, *intra_pool; /* all edges of fwd, of intra, in the
                                  order of their components */

  /* Per run: one section in focus, under a batch of phases analysed side
     by side.  The phases share nothing but foreign and unknown effects:
     each has its own lines and its own set markers in every state, so a
     run computes exactly what one run per phase would, with one pass over
     the graph.  */
  uint32_t focus;        /* section whose lines are exact */
  uint32_t phase0, nph;  /* the batch: phases phase0 .. phase0 + nph - 1 */
  uint32_t NL;           /* lines of the focus, all phases of the batch */
  uint32_t *line_no, *line_key; /* per line: its number, its key (phase of
                                   the batch * S + set) */
  uint32_t *set_n;       /* per key: its lines */
  uint32_t *key_first;   /* per key: its first line; the lines of a key
                            are numbered consecutively, so a set is one
                            range of bits */
  uint32_t *key_word;    /* per key: the one word holding its lines, or
                            CC_NONE if they span words (or are none) */
  cc_word *key_mask;     /* per key: its lines' bits in that word */
  line_op *line_ops;     /* per line (eng_build_lines) */
  uint32_t line_stride;  /* line numbers of a phase below it */
  uint32_t *line_of;     /* per (phase of the batch, number): the line's
                            id, NL if no fetch touches it
                            (eng_line_id) */
  uint32_t n_live, *live_of; /* keys that hold a focus line, numbered; the
                                markers of the others are never read, so
                                states keep none for them */
  uint32_t max_set_n;    /* most lines of one key */
  int cold_root;         /* a root starts with a cold cache */
  uint32_t mk_bits;      /* markers per key (M_INV) */
  uint32_t mk_pos[3];    /* per marker, its bit among a key's */
  uint32_t mk_keys;      /* keys whose markers share a word */
  cc_word mk_mask;       /* a key's markers, shifted to its first */
  uint32_t *key_mb;      /* per live key: the bit of its first marker */
  int has_foreign;       /* another section holds code */
  uint32_t lw;           /* words of the line prefix */
  uint32_t *bit_seen;    /* per bit of an R set: the stamp of the last
                            UP whose bits listed it (eng_build_fphase) */
  uint32_t stamp;
  uint32_t sw, rw;       /* words of a state, of an R set */
  cc_word *taint_all;    /* state-format masks: taint of every set, */
  cc_word *unk_all;      /* and unk of every set (with taint if foreign
                            lines exist), */
  cc_word *inv_all;      /* and inv of every set */
  fphase *fp;            /* per function */
  cc_word *T;            /* per instance, R-format */
  cc_word *callback;     /* R-format: what unknown code may reference */
  footprint *fps;        /* the footprints of functions without a model
                            that usable code calls (engine_summaries.c) */
  uint32_t n_fps;
  uint32_t *fp_of;       /* per function: its footprint, CC_NONE */
  cc_func_index names;   /* the functions by name: a call's callee */
  cc_word *edge;         /* R-format: the focus lines other sections'
                            code may share (eng_compute_T) */
  cc_word *all_r;        /* R-format: everything */
  cc_word *in;           /* per node */
  uint8_t *in_set;       /* per node, during eng_forward: its input has
                            been written (else it is all zero, whatever
                            the buffer holds) */
  uint8_t *must_set;     /* per node: its input's must planes are set */
  cc_word *rprog, *rfunc;/* reaching sets, per component of fwd_sccs,
                            of intra_sccs (eng_backward_all) */
  uint32_t *rprog_at, *rfunc_at; /* per node: its set in rprog, rfunc */
  /* The big per-node sets live in buffers kept across runs: a fresh
     allocation of that size is fresh pages, and page faults would cost
     more than the analysis.  */
  cc_word *buf[3];
  size_t buf_cap[3];
  cc_word *maybe_tmp;    /* a state: the side of a maybe fetch that
                            does not happen (eng_apply_ref) */
} engine;

/* Small helpers that several files use in their hot loops: inline, so
   that a loop over references pays no call for them.  */

/* Where the focus section starts, modulo the line size, in phase Q of the
   batch.  */
static inline uint32_t
shift_of (const engine *e, uint32_t q)
{
  return (e->phase0 + q) * e->m->sections[e->focus].align;
}

/* Iterates NO over the lines of the byte range [off, off+len) of the
   focus section in phase Q of the batch.  */
#define FOR_LINES(e, q, off, len, no)                                      \
  for (uint32_t no = ((off) + shift_of (e, q)) >> (e)->Lb,                 \
                no##_last = ((off) + shift_of (e, q) + (len) - 1) >> (e)->Lb; \
       (len) > 0 && no <= no##_last; no++)

static inline int
func_usable (const engine *e, uint32_t f)
{
  return e->func_ok[f];
}

/* Is insn I of function FI in the section in focus?  */
static inline int
in_focus (const engine *e, uint32_t fi, uint32_t i)
{
  const cc_func *f = &e->m->funcs[fi];
  return f->parts[f->insns[i].part].section == e->focus;
}

/* The bits of an R-format set (a reaching set, a summary T, a UP's
   up_bits): the focus lines, then an unknown bit (unknown code may run)
   and a foreign bit (a line of another section is fetched); rw words.  */
#define R_UNKNOWN(e) ((e)->lw * 64)
#define R_FOREIGN(e) ((e)->lw * 64 + 1)

/* Add a fetch of LINE to the R set R.  */
static inline void
r_add (const engine *e, cc_word *r, uint32_t line)
{
  cc_bit_set (r, line == FOREIGN ? R_FOREIGN (e) : line);
}

/* Add what UP U of P references (fphase.up_bits) to the R set R.  */
static inline void
or_up (const fphase *p, uint32_t u, cc_word *r)
{
  for (uint32_t i = p->up_start[u], n = p->up_start[u + 1]; i < n; i++)
    cc_bit_set (r, p->up_bits[i]);
}

/* The fetch of reference REF: its insn in its phase of the batch.  */
static inline uint32_t
fetch_of (const engine *e, const ref *rf)
{
  return rf->insn * e->nph + rf->phase;
}

#endif
