/* cachecat engine: abstract cache states, reaching states and categories
   for direct-mapped caches (semantics.md sections 1, 3 and 4).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Layout.  Offsets are exact within a section, but where the section starts
   modulo the line size is known only up to its alignment.  Every possible
   start ("phase") is analysed and the verdicts are merged, so each promise
   holds whatever the linker does.  Lines of different sections have unknown
   relative placement.  So one run analyses one section (the focus) under
   one phase: its lines have exact relative sets, and every fetch from
   another section is "foreign": it may land in any set.

   State.  For each node (function instance, UP) a may-state: a bitset over
   the focus lines, then three markers per set: inv (the slot may be empty),
   unk (it may hold a line we cannot name) and taint (it may hold a line of
   another section).  A reference to line l of set c empties c of
   everything but l; a foreign reference taints every set.

   Reaching states.  Bitsets over the focus lines plus an "unknown" bit
   (unknown code runs: any set may be touched) and a "foreign" bit (a line
   of another section is fetched).  Program scope follows every edge;
   function scope stops at the function's returns and summarises callees by
   everything they may reference (T); loop scope also stops at loop exits.

   Merging.  A first-miss promise of insn i in scope S fails only if, between
   two fetches of i in one execution of S, a line m of i's set is loaded.
   Then m is reachable after the first fetch (in its context c1) and may be
   cached at the second (in its context c2).  So S is accepted only if no
   line that is possibly cached at i in ANY context is reachable within S
   after i in ANY context: the contexts are checked jointly, not one by one
   (checking them one by one is unsound when i runs in several instances).  */

#include "engine_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct ref
{
  uint32_t insn;         /* CC_NONE for executed padding */
  uint32_t line;         /* focus line id, or FOREIGN */
  uint16_t phase;        /* the phase of the batch it belongs to (0 for
                            FOREIGN: it belongs to all) */
  uint8_t unknown_after; /* an asm: unknown code may run after it */
} ref;

/* The line of a fetch outside the section in focus.  */
#define FOREIGN CC_NONE

/* Layout-dependent facts of one function in one phase.  */
typedef struct fphase
{
  uint32_t n_refs;
  ref *refs;
  uint32_t *block_ref;   /* n_blocks + 1 offsets into refs */
  ref *pads;
  uint32_t *pad_ref;     /* n_blocks + 1 offsets into pads: the padding
                            executed on each block's fall-through edge */
  uint32_t *up_nrefs;    /* per UP: its references (the cost of a walk) */
  cc_word *up_eff;       /* per UP, an R-format set: lines it references,
                            the foreign bit if it fetches from another
                            section, the unknown bit if it holds an asm */
} fphase;

typedef struct edge
{
  uint32_t to;           /* node */
  uint32_t pad_func;     /* padding of this block's fall-through edge is */
  uint32_t pad_block;    /* executed on the way, CC_NONE if none */
  uint8_t unknown;       /* unknown code runs first (an unknown call) */
} edge;

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

typedef struct acc
{
  uint8_t any, all_ah, all_am, any_asm, k_unk, k_taint;
  uint8_t fh;            /* 0: no context first-hit yet, 1: every context
                            always-hit or first-hit in loop fh_v, 2: not */
  cc_verdict fh_v;
  uint8_t ctx_own;       /* ctx outgrew its slice: a heap copy */
  uint8_t k_own;         /* the same for k_lines */
  uint32_t nk, k_cap;
  uint32_t *k_lines;     /* a slice of fcat.k_pool */
  uint32_t n_ctx, ctx_cap;
  uint32_t *ctx;         /* nodes; a slice of fcat.ctx_pool */
} acc;

/* A line of the batch: its phase in the high half, its number in the low.  */
typedef uint64_t line_key;

typedef struct engine
{
  const cc_model *m;
  cc_result *r;
  cc_igraph g;
  cc_fcfg *cfgs;
  uint8_t *func_ok;
  uint32_t entry;        /* function index, CC_NONE */
  uint32_t L, S;
  uint32_t reduce;       /* cc_analysis_opts.reduce */
  /* The abstract cache (README, "Replacement policies").  A state holds MP
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
  uint32_t stw;          /* words of a whole state */
  const cc_analysis_opts *opts;

  /* Nodes: (instance, UP).  */
  uint32_t *node_base;   /* per instance */
  uint32_t n_nodes;
  uint32_t *node_inst, *node_up;
  edges *fwd;            /* program-scope successors (calls, returns) */
  edges *intra;          /* function-scope successors (calls summarised) */
  uint32_t *node_callee; /* known callee instance of the tail, CC_NONE */
  uint8_t *node_unknown_end; /* the tail calls unknown code */
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
  uint32_t **set_lines, *set_n; /* per key */
  uint32_t *key_first;   /* per key: its first line; the lines of a key
                            are numbered consecutively, so a set is one
                            range of bits */
  line_key *sorted_no;   /* the lines' (phase, number), ascending */
  uint32_t *sorted_id;   /* the line of each of those */
  uint32_t n_live, *live_of; /* keys that hold a focus line, numbered; the
                                markers of the others are never read, so
                                states keep none for them */
  uint32_t max_set_n;    /* most lines of one key */
  uint32_t *line_count;  /* scratch, per line, kept zero between uses */
  int has_foreign;       /* another section holds code */
  uint32_t lw;           /* words of the line prefix */
  uint32_t sw, rw;       /* words of a state, of an R set */
  cc_word *taint_all;    /* state-format masks: taint of every set, */
  cc_word *unk_all;      /* and unk of every set (with taint if foreign
                            lines exist) */
  fphase *fp;            /* per function */
  cc_word *T;            /* per instance, R-format */
  cc_word *callback;     /* R-format: what unknown code may reference */
  cc_word *all_r;        /* R-format: everything */
  cc_word *in;           /* per node */
  uint8_t *must_set;     /* per node: its input's must planes are set */
  cc_word *rprog, *rfunc;/* per node */
  /* The big per-node sets live in buffers kept across runs: a fresh
     allocation of that size is fresh pages, and page faults would cost
     more than the analysis.  */
  cc_word *buf[3];
  size_t buf_cap[3];
} engine;

/* Buffer K of E, zeroed, with room for N words.  */
static cc_word *
reuse (engine *e, int k, size_t n)
{
  if (n > e->buf_cap[k])
    {
      free (e->buf[k]);
      e->buf[k] = cc_xmalloc (n * sizeof (cc_word));
      e->buf_cap[k] = n;
    }
  memset (e->buf[k], 0, n * sizeof (cc_word));
  return e->buf[k];
}

const char *
cc_category_name (int c)
{
  static const char *const names[] = { "always-hit", "always-miss",
                                       "first-miss", "first-hit", "conflict" };
  return c >= 0 && c < CC_N_CATEGORIES ? names[c] : "?";
}

/* ------------------------------------------------------------------ */
/* Merging verdicts (semantics.md section 4, "Several contexts").       */

/* Depth of a scope: larger is inner.  */
static uint32_t
scope_depth (const cc_func_result *fr, cc_verdict v)
{
  if (v.scope == CC_SCOPE_PROGRAM)
    return 0;
  if (v.scope == CC_SCOPE_FUNCTION)
    return 1;
  uint32_t d = 2;
  for (uint32_t l = fr->loops[v.loop].parent; l != CC_NONE; l = fr->loops[l].parent)
    d++;
  return d;
}

/* Fold B into A; A.category == 0xff means "nothing yet".  */
static void
merge_verdict (const cc_func_result *fr, cc_verdict *a, cc_verdict b)
{
  if (a->category == 0xff)
    {
      *a = b;
      return;
    }
  if (a->category == CC_FIRST_HIT || b.category == CC_FIRST_HIT)
    {
      /* First-hit of one loop holds with always-hit; anything else does
         not keep it.  */
      cc_verdict h = a->category == CC_FIRST_HIT ? *a : b;
      cc_verdict o = a->category == CC_FIRST_HIT ? b : *a;
      if (o.category == CC_ALWAYS_HIT
          || (o.category == CC_FIRST_HIT && o.loop == h.loop && o.other_func == h.other_func))
        *a = h;
      else
        *a = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  if (a->category == b.category && b.category != CC_FIRST_MISS)
    return;
  int a_ok = a->category == CC_ALWAYS_HIT || a->category == CC_FIRST_MISS;
  int b_ok = b.category == CC_ALWAYS_HIT || b.category == CC_FIRST_MISS;
  if (!a_ok || !b_ok)
    {
      *a = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  if (b.category == CC_ALWAYS_HIT)
    return;
  if (a->category == CC_ALWAYS_HIT || scope_depth (fr, b) > scope_depth (fr, *a))
    *a = b;
}

/* The verdicts of one fetch's lines, in order: it misses when any misses.  */
static void
combine_lines (const cc_func_result *fr, cc_verdict *a, cc_verdict b)
{
  if (a->category == 0xff)
    *a = b;
  else if (a->category == CC_ALWAYS_MISS || b.category == CC_ALWAYS_MISS)
    *a = (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 };
  else
    merge_verdict (fr, a, b);
}

/* ------------------------------------------------------------------ */
/* Lines of one phase.                                                 */

/* The line number NO of phase Q of the batch, or NL if no fetch touches
   it.  */
static uint32_t
line_id (const engine *e, uint32_t q, uint32_t no)
{
  uint32_t lo = 0, hi = e->NL;
  line_key k = (line_key) q << 32 | no;
  while (lo < hi)
    {
      uint32_t mid = (lo + hi) / 2;
      if (e->sorted_no[mid] < k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < e->NL && e->sorted_no[lo] == k ? e->sorted_id[lo] : e->NL;
}

/* Where the focus section starts, modulo the line size, in phase Q of the
   batch.  */
static uint32_t
shift_of (const engine *e, uint32_t q)
{
  return (e->phase0 + q) * e->m->sections[e->focus].align;
}

/* Iterates NO over the lines of the byte range [off, off+len) of the
   focus section in phase Q of the batch.  */
#define FOR_LINES(e, q, off, len, no)                                      \
  for (uint32_t no = ((off) + shift_of (e, q)) / (e)->L,                   \
                no##_last = ((off) + shift_of (e, q) + (len) - 1) / (e)->L; \
       (len) > 0 && no <= no##_last; no++)

static int
func_usable (const engine *e, uint32_t f)
{
  return e->func_ok[f];
}

/* Is insn I of function FI in the section in focus?  */
static int
in_focus (const engine *e, uint32_t fi, uint32_t i)
{
  const cc_func *f = &e->m->funcs[fi];
  return f->parts[f->insns[i].part].section == e->focus;
}

/* The bytes between insn A and insn B of F (B follows A in address order)
   that execution runs through on the way from A to B: alignment padding.
   Both must lie in one part, and the gap must plausibly be alignment (less
   than 4 KiB).  */
static int
padding (const cc_func *f, uint32_t a, uint32_t b, uint32_t *sec, uint32_t *off,
         uint32_t *len)
{
  const cc_insn *x = &f->insns[a], *y = &f->insns[b];
  uint32_t end = x->offset + x->length;
  if (x->part != y->part || y->offset <= end || y->offset - end >= 4096)
    return 0;
  *sec = f->parts[x->part].section;
  *off = end;
  *len = y->offset - end;
  return 1;
}

/* The padding executed on block B's fall-through edge.  */
static int
pad_range (const cc_func *f, uint32_t b, uint32_t *sec, uint32_t *off,
           uint32_t *len)
{
  const cc_block *bb = &f->blocks[b];
  return bb->fallthru != CC_NONE
         && padding (f, bb->first_insn + bb->n_insns - 1,
                     f->blocks[bb->fallthru].first_insn, sec, off, len);
}

/* Mark the lines of the byte range [off, off+len) of section SEC in
   SEEN (per phase of the batch, STRIDE lines each), or note a fetch from
   another section.  */
static void
mark_lines (engine *e, uint8_t *seen, uint32_t stride, uint32_t sec, uint32_t off,
            uint32_t len)
{
  if (sec != e->focus)
    {
      e->has_foreign |= len > 0;
      return;
    }
  for (uint32_t q = 0; q < e->nph; q++)
    FOR_LINES (e, q, off, len, no)
      seen[(size_t) q * stride + no] = 1;
}

static void
push_ref (ref **v, uint32_t *n, uint32_t *cap, ref r)
{
  if (*n == *cap)
    {
      *cap = *cap ? 2 * *cap : 64;
      *v = cc_xrealloc (*v, *cap * sizeof **v);
    }
  (*v)[(*n)++] = r;
}

/* The references of one fetch: in each phase of the batch, one per focus
   line it touches, phase after phase; or one foreign reference.  (The
   references of different phases touch different bits, so their order
   among each other does not matter.)  */
static void
push_refs (engine *e, ref **v, uint32_t *n, uint32_t *cap, uint32_t insn,
           uint32_t sec, uint32_t off, uint32_t len, int is_asm)
{
  if (len > 0 && sec != e->focus)
    {
      /* Where another section lies is unknown, so a fetch of LEN bytes
         there touches as many lines as it can under any placement: each
         may age every set by one.  */
      uint32_t n_lines = 1 + (len + e->L - 2) / e->L;
      for (uint32_t k = 0; k < n_lines; k++)
        push_ref (v, n, cap, (ref){ insn, FOREIGN, 0, (uint8_t) (is_asm && k + 1 == n_lines) });
      return;
    }
  uint32_t first = *n;
  for (uint32_t q = 0; q < e->nph; q++)
    FOR_LINES (e, q, off, len, no)
      push_ref (v, n, cap, (ref){ insn, line_id (e, q, no), (uint16_t) q, 0 });
  /* Unknown code runs after the asm, in every phase: after the last.  */
  if (is_asm && *n > first)
    (*v)[*n - 1].unknown_after = 1;
}

/* Bit positions of the markers of live key K in a state.  */
static inline uint32_t
marker (const engine *e, uint32_t k, uint32_t which)
{
  return e->lw * 64 + which * e->n_live + e->live_of[k];
}
enum { M_INV = 0, M_UNK = 1, M_TAINT = 2 };
#define R_UNKNOWN(e) ((e)->lw * 64)
#define R_FOREIGN(e) ((e)->lw * 64 + 1)

/* Add a fetch of LINE to the R set R.  */
static inline void
r_add (const engine *e, cc_word *r, uint32_t line)
{
  cc_bit_set (r, line == FOREIGN ? R_FOREIGN (e) : line);
}

/* The batch's lines: every line some fetch of the focus section
   touches, in each phase, numbered in (phase, line) order.  */
static void
build_lines (engine *e)
{
  const cc_model *m = e->m;
  e->has_foreign = 0;
  /* The lines of a phase lie below (end of the section's code + shift)
     / L: mark them in a table, which also sorts them.  */
  uint32_t end = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (func_usable (e, fi))
      {
        const cc_func *f = &m->funcs[fi];
        for (uint32_t i = 0; i < f->n_insns; i++)
          if (f->parts[f->insns[i].part].section == e->focus
              && f->insns[i].offset + f->insns[i].length > end)
            end = f->insns[i].offset + f->insns[i].length;
      }
  uint32_t stride = (end + e->L) / e->L + 1;
  uint8_t *seen = cc_xcalloc ((size_t) stride * e->nph + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (!func_usable (e, fi))
        continue;
      const cc_func *f = &m->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        mark_lines (e, seen, stride, f->parts[f->insns[i].part].section,
                    f->insns[i].offset, f->insns[i].length);
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          uint32_t sec, off, len;
          if (pad_range (f, b, &sec, &off, &len))
            mark_lines (e, seen, stride, sec, off, len);
        }
    }
  uint32_t u = 0;
  for (size_t k = 0; k < (size_t) stride * e->nph; k++)
    u += seen[k];
  line_key *keys = cc_xmalloc ((u + 1) * sizeof *keys);
  u = 0;
  for (uint32_t q = 0; q < e->nph; q++)
    for (uint32_t no = 0; no < stride; no++)
      if (seen[(size_t) q * stride + no])
        keys[u++] = (line_key) q << 32 | no;
  free (seen);
  e->NL = u;
  uint32_t nkeys = e->nph * e->S;
  /* Number the lines key by key (a counting sort), so that the lines of a
     set are one range of bits; keep the (phase, number) order for
     lookups.  */
  e->sorted_no = keys;
  e->sorted_id = cc_xmalloc ((u + 1) * sizeof (uint32_t));
  e->set_n = cc_xcalloc (nkeys + 1, sizeof *e->set_n);
  e->key_first = cc_xcalloc (nkeys + 1, sizeof *e->key_first);
  for (uint32_t i = 0; i < u; i++)
    e->set_n[(uint32_t) (keys[i] >> 32) * e->S + (uint32_t) keys[i] % e->S]++;
  for (uint32_t k = 1; k <= nkeys; k++)
    e->key_first[k] = e->key_first[k - 1] + e->set_n[k - 1];
  e->line_no = cc_xmalloc ((u + 1) * sizeof (uint32_t));
  e->line_key = cc_xmalloc ((u + 1) * sizeof (uint32_t));
  uint32_t *fill = cc_xcalloc (nkeys + 1, sizeof *fill);
  for (uint32_t i = 0; i < u; i++)
    {
      uint32_t k = (uint32_t) (keys[i] >> 32) * e->S + (uint32_t) keys[i] % e->S;
      uint32_t id = e->key_first[k] + fill[k]++;
      e->sorted_id[i] = id;
      e->line_no[id] = (uint32_t) keys[i];
      e->line_key[id] = k;
    }
  free (fill);
  e->set_lines = cc_xcalloc (nkeys, sizeof *e->set_lines);
  for (uint32_t k = 0; k < nkeys; k++)
    {
      e->set_lines[k] = cc_xmalloc ((e->set_n[k] + 1) * sizeof (uint32_t));
      for (uint32_t i = 0; i < e->set_n[k]; i++)
        e->set_lines[k][i] = e->key_first[k] + i;
    }
  e->live_of = cc_xmalloc (nkeys * sizeof (uint32_t));
  e->n_live = 0;
  e->max_set_n = 0;
  for (uint32_t k = 0; k < nkeys; k++)
    {
      e->live_of[k] = e->set_n[k] ? e->n_live++ : CC_NONE;
      if (e->set_n[k] > e->max_set_n)
        e->max_set_n = e->set_n[k];
    }
  e->line_count = cc_xcalloc (u + 1, sizeof (uint32_t));
  e->lw = CC_WORDS (u);
  e->sw = e->lw + CC_WORDS (3 * e->n_live);
  e->stw = (size_t) e->MP * e->sw + (size_t) e->MU * e->lw;
  e->rw = e->lw + 1;
  e->taint_all = cc_xcalloc (e->sw, sizeof (cc_word));
  e->unk_all = cc_xcalloc (e->sw, sizeof (cc_word));
  for (uint32_t k = 0; k < nkeys; k++)
    {
      if (e->live_of[k] == CC_NONE)
        continue;
      cc_bit_set (e->taint_all, marker (e, k, M_TAINT));
      cc_bit_set (e->unk_all, marker (e, k, M_UNK));
      if (e->has_foreign)
        cc_bit_set (e->unk_all, marker (e, k, M_TAINT));
    }
}

static void
free_lines (engine *e)
{
  for (uint32_t k = 0; k < e->nph * e->S; k++)
    free (e->set_lines[k]);
  free (e->set_lines);
  free (e->set_n);
  free (e->live_of);
  free (e->line_count);
  free (e->line_no);
  free (e->line_key);
  free (e->sorted_no);
  free (e->sorted_id);
  free (e->key_first);
  free (e->taint_all);
  free (e->unk_all);
}

static void
build_fphase (engine *e, uint32_t fi)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_func_result *fr = &e->r->funcs[fi];
  fphase *p = &e->fp[fi];
  uint32_t cap = 0, pcap = 0, npads = 0;
  p->block_ref = cc_xmalloc ((f->n_blocks + 1) * sizeof (uint32_t));
  p->pad_ref = cc_xmalloc ((f->n_blocks + 1) * sizeof (uint32_t));
  p->n_refs = 0;
  p->refs = NULL;
  p->pads = NULL;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      const cc_block *bb = &f->blocks[b];
      p->block_ref[b] = p->n_refs;
      for (uint32_t k = 0; k < bb->n_insns; k++)
        {
          uint32_t i = bb->first_insn + k;
          const cc_insn *in = &f->insns[i];
          uint32_t sec = f->parts[in->part].section;
          /* Padding inside a block runs on the way to the next insn.  */
          uint32_t psec, poff, plen;
          if (k > 0 && padding (f, i - 1, i, &psec, &poff, &plen))
            push_refs (e, &p->refs, &p->n_refs, &cap, CC_NONE, psec, poff, plen, 0);
          push_refs (e, &p->refs, &p->n_refs, &cap, i, sec, in->offset,
                     in->length, in->kind == CC_INSN_ASM);
        }
      p->pad_ref[b] = npads;
      uint32_t sec, off, len;
      if (pad_range (f, b, &sec, &off, &len))
        push_refs (e, &p->pads, &npads, &pcap, CC_NONE, sec, off, len, 0);
    }
  p->block_ref[f->n_blocks] = p->n_refs;
  p->pad_ref[f->n_blocks] = npads;
  p->up_eff = cc_xcalloc ((size_t) (fr->n_ups ? fr->n_ups : 1) * e->rw, sizeof (cc_word));
  p->up_nrefs = cc_xcalloc (fr->n_ups + 1, sizeof (uint32_t));
  for (uint32_t u = 0; u < fr->n_ups; u++)
    for (uint32_t k = 0; k < fr->ups[u].n_blocks; k++)
      p->up_nrefs[u] += p->block_ref[fr->ups[u].blocks[k] + 1] - p->block_ref[fr->ups[u].blocks[k]];
  for (uint32_t u = 0; u < fr->n_ups; u++)
    {
      cc_word *eff = p->up_eff + (size_t) u * e->rw;
      const cc_up *up = &fr->ups[u];
      for (uint32_t k = 0; k < up->n_blocks; k++)
        {
          uint32_t b = up->blocks[k];
          for (uint32_t x = p->block_ref[b]; x < p->block_ref[b + 1]; x++)
            {
              r_add (e, eff, p->refs[x].line);
              if (p->refs[x].unknown_after)
                cc_bit_set (eff, R_UNKNOWN (e));
            }
          /* Padding between chained blocks belongs to the UP.  */
          if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
            for (uint32_t x = p->pad_ref[b]; x < p->pad_ref[b + 1]; x++)
              r_add (e, eff, p->pads[x].line);
        }
    }
}

static void
free_fphase (fphase *p)
{
  free (p->refs);
  free (p->block_ref);
  free (p->pads);
  free (p->pad_ref);
  free (p->up_eff);
  free (p->up_nrefs);
  memset (p, 0, sizeof *p);
}

/* ------------------------------------------------------------------ */
/* Transfer functions.                                                 */

static inline cc_word *
may_plane (const engine *e, cc_word *s, uint32_t k)
{
  return s + (size_t) k * e->sw;
}

static inline cc_word *
must_plane (const engine *e, cc_word *s, uint32_t k)
{
  return s + (size_t) e->MP * e->sw + (size_t) k * e->lw;
}

static inline void
copy_bit (cc_word *dst, const cc_word *src, uint32_t i)
{
  if (cc_bit_get (src, i))
    cc_bit_set (dst, i);
  else
    cc_bit_clear (dst, i);
}

/* DST := SRC on the lines of key K, and on its markers if MARKERS.  */
static void
copy_key (const engine *e, cc_word *dst, const cc_word *src, uint32_t k, int markers)
{
  cc_bits_copy_range (dst, src, e->key_first[k], e->key_first[k] + e->set_n[k]);
  for (uint32_t w = 0; markers && w < 3; w++)
    copy_bit (dst, src, marker (e, k, w));
}

static void
clear_key (const engine *e, cc_word *s, uint32_t k, int markers)
{
  cc_bits_clear_range (s, e->key_first[k], e->key_first[k] + e->set_n[k]);
  for (uint32_t w = 0; markers && w < 3; w++)
    cc_bit_clear (s, marker (e, k, w));
}

/* The youngest plane of PLANES (N of them, STRIDE words apart) holding
   bit L, or N.  */
static uint32_t
age_of (const cc_word *planes, size_t stride, uint32_t n, uint32_t l)
{
  for (uint32_t k = 0; k < n; k++)
    if (cc_bit_get (planes + k * stride, l))
      return k;
  return n;
}

/* A reference to line L (or a FOREIGN one) in state S.  LRU ageing
   (Ferdinand): with h the age bound of L, the lines of its set that may be
   as young as h (may) or are younger than h (must) grow one older, L
   becomes the youngest.  In planes: planes up to h take the plane below,
   plane 0 loses the set.  With one way that empties the set but for L, the
   direct-mapped transfer.  */
static void
transfer (const engine *e, cc_word *s, uint32_t l)
{
  if (l == FOREIGN)
    {
      /* A line of another section: it may land in any set.  It may be
         cached now (may), and every set may have aged (must).  */
      for (uint32_t k = 0; k < e->MP; k++)
        cc_bits_or (may_plane (e, s, k) + e->lw, e->taint_all + e->lw, e->sw - e->lw);
      for (uint32_t k = e->MU; k-- > 1;)
        memcpy (must_plane (e, s, k), must_plane (e, s, k - 1), e->lw * sizeof (cc_word));
      if (e->MU)
        memset (must_plane (e, s, 0), 0, e->lw * sizeof (cc_word));
      return;
    }
  uint32_t key = e->line_key[l];
  if (e->may_ages)
    {
      uint32_t h = age_of (s, e->sw, e->MP, l);
      for (uint32_t k = h < e->MP - 1 ? h : e->MP - 1; k >= 1; k--)
        copy_key (e, may_plane (e, s, k), may_plane (e, s, k - 1), key, 1);
      clear_key (e, may_plane (e, s, 0), key, 1);
      for (uint32_t k = 0; k < e->MP; k++)
        cc_bit_set (may_plane (e, s, k), l);
    }
  else
    cc_bit_set (may_plane (e, s, 0), l);
  if (e->MU)
    {
      uint32_t h = age_of (must_plane (e, s, 0), e->lw, e->MU, l);
      if (h >= 1)
        {
          for (uint32_t k = h - 1 < e->MU - 1 ? h - 1 : e->MU - 1; k >= 1; k--)
            copy_key (e, must_plane (e, s, k), must_plane (e, s, k - 1), key, 0);
          clear_key (e, must_plane (e, s, 0), key, 0);
        }
      for (uint32_t k = 0; k < e->MU; k++)
        cc_bit_set (must_plane (e, s, k), l);
    }
}

/* Unknown code runs: any set may now hold a line we cannot name, any line
   that unknown code may reach through the unit's callable functions, and
   (if other sections hold code) a line of another section; nothing is
   cached for sure any more.  */
static void
unknown_effect (const engine *e, cc_word *s)
{
  for (uint32_t k = 0; k < e->MP; k++)
    {
      cc_word *p = may_plane (e, s, k);
      cc_bits_or (p + e->lw, e->unk_all + e->lw, e->sw - e->lw);
      cc_bits_or (p, e->callback, e->lw);
    }
  if (e->MU)
    memset (must_plane (e, s, 0), 0, (size_t) e->MU * e->lw * sizeof (cc_word));
}

static void
apply_refs (const engine *e, cc_word *s, const ref *v, uint32_t from, uint32_t to)
{
  for (uint32_t x = from; x < to; x++)
    {
      transfer (e, s, v[x].line);
      if (v[x].unknown_after)
        unknown_effect (e, s);
    }
}

static void
apply_pad (const engine *e, cc_word *s, uint32_t func, uint32_t block)
{
  if (block == CC_NONE)
    return;
  const fphase *p = &e->fp[func];
  apply_refs (e, s, p->pads, p->pad_ref[block], p->pad_ref[block + 1]);
}

static void
or_pad_lines (const engine *e, cc_word *r, uint32_t func, uint32_t block)
{
  if (block == CC_NONE)
    return;
  const fphase *p = &e->fp[func];
  for (uint32_t x = p->pad_ref[block]; x < p->pad_ref[block + 1]; x++)
    r_add (e, r, p->pads[x].line);
}

/* ------------------------------------------------------------------ */
/* The node graph (layout independent).                                */

static void
add_edge (edges *v, uint32_t to, uint32_t pad_func, uint32_t pad_block, int unknown)
{
  for (uint32_t i = 0; i < v->n; i++)
    if (v->e[i].to == to && v->e[i].pad_func == pad_func
        && v->e[i].pad_block == pad_block && v->e[i].unknown == unknown)
      return;
  if (v->n == v->cap)
    {
      v->cap = v->cap ? 2 * v->cap : 4;
      v->e = cc_xrealloc (v->e, v->cap * sizeof *v->e);
    }
  v->e[v->n++] = (edge){ to, pad_func, pad_block, (uint8_t) unknown };
}

/* The nodes of instance INST whose UPs BLOCK heads: *N of them, from the
   one returned.  Control enters a block on all of them at once.  */
static uint32_t
nodes_at (const engine *e, uint32_t inst, uint32_t block, uint32_t *n)
{
  const cc_fcfg *cfg = &e->cfgs[e->r->instances[inst].func];
  uint32_t u = cfg->head_up[block];
  *n = u == CC_NONE ? 0 : cfg->head_n_ups[block];
  return u == CC_NONE ? CC_NONE : e->node_base[inst] + u;
}

/* Edges from a block's end to its successors in the same instance.  */
static void
succ_edges (engine *e, edges *v, uint32_t inst, uint32_t block, int unknown)
{
  uint32_t fi = e->r->instances[inst].func;
  const cc_block *bb = &e->m->funcs[fi].blocks[block];
  for (uint32_t k = 0; k < bb->n_succs; k++)
    {
      uint32_t n, to = nodes_at (e, inst, bb->succs[k], &n);
      for (uint32_t j = 0; j < n; j++)
        add_edge (v, to + j, fi, bb->succs[k] == bb->fallthru ? block : CC_NONE,
                  unknown);
    }
}

/* Where control goes when instance INST returns.  Returns 1 if the return
   may lead to unknown code: a root's return does, except the cold entry's,
   which ends the program.  (Unknown code may then call any root again: the
   callback set covers that.)  */
static uint8_t
return_edges (engine *e, edges *v, uint32_t inst, int unknown, uint8_t *seen)
{
  if (seen[inst])
    return 0;
  seen[inst] = 1;
  const cc_instance *in = &e->r->instances[inst];
  uint8_t kind = in->root && (in->func != e->entry || !in->cold);
  for (uint32_t k = 0; k < e->g.n_callers[inst]; k++)
    {
      cc_callsite cs = e->g.callers[inst][k];
      const cc_block *bb = &e->m->funcs[e->r->instances[cs.caller].func].blocks[cs.block];
      if (bb->noreturn)
        continue;
      /* After the call the caller may return (a sibling call, or a
         conditional return), and may go on to its successors.  */
      if (bb->exits)
        kind |= return_edges (e, v, cs.caller, unknown, seen);
      succ_edges (e, v, cs.caller, cs.block, unknown);
    }
  return kind;
}

/* Tarjan's algorithm, iteratively, over the reached nodes of GRAPH.  */
static void
find_sccs (const engine *e, const edges *graph, sccs *out)
{
  uint32_t n = e->n_nodes;
  uint32_t *index = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *low = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *next = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* edge cursor */
  uint32_t *call = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* DFS stack */
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof (uint32_t)); /* Tarjan's */
  uint8_t *on_stack = cc_xcalloc (n + 1, 1);
  out->n = 0;
  out->node = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  out->start = cc_xmalloc ((n + 2) * sizeof (uint32_t));
  out->cyclic = cc_xmalloc (n + 1);
  out->comp_of = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t done = 0;
  for (uint32_t i = 0; i < n; i++)
    index[i] = out->comp_of[i] = CC_NONE;
  uint32_t counter = 0, sp = 0;
  for (uint32_t root = 0; root < n; root++)
    {
      if (!e->reached[root] || index[root] != CC_NONE)
        continue;
      uint32_t csp = 0;
      call[csp++] = root;
      index[root] = low[root] = counter++;
      next[root] = 0;
      stack[sp++] = root;
      on_stack[root] = 1;
      while (csp)
        {
          uint32_t nd = call[csp - 1];
          const edges *v = &graph[nd];
          if (next[nd] < v->n)
            {
              uint32_t to = v->e[next[nd]++].to;
              if (!e->reached[to])
                continue;
              if (index[to] == CC_NONE)
                {
                  index[to] = low[to] = counter++;
                  next[to] = 0;
                  stack[sp++] = to;
                  on_stack[to] = 1;
                  call[csp++] = to;
                }
              else if (on_stack[to] && index[to] < low[nd])
                low[nd] = index[to];
              continue;
            }
          csp--;
          if (csp && low[nd] < low[call[csp - 1]])
            low[call[csp - 1]] = low[nd];
          if (low[nd] != index[nd])
            continue;
          /* ND's component is stack[first..sp).  */
          uint32_t first = sp;
          do
            first--;
          while (stack[first] != nd);
          int cyclic = sp - first > 1;
          out->start[out->n] = done;
          for (uint32_t i = first; i < sp; i++)
            {
              uint32_t m = stack[i];
              on_stack[m] = 0;
              out->comp_of[m] = out->n;
              out->node[done++] = m;
              for (uint32_t k = 0; k < graph[m].n; k++)
                cyclic |= graph[m].e[k].to == m;
            }
          out->cyclic[out->n++] = (uint8_t) cyclic;
          sp = first;
        }
    }
  out->start[out->n] = done;
  free (index);
  free (low);
  free (next);
  free (call);
  free (stack);
  free (on_stack);
}

/* Within each cyclic component of C, order the nodes by reverse
   postorder of a depth-first search over the component's own edges of
   GRAPH.  The fixpoint in forward () visits a component's dirty nodes in
   this order, so a round carries states along most edges at once: on
   lparser.c (a recursive-descent parser: one component of 3417 nodes)
   7379 node runs instead of 13440.  The fixpoint itself does not depend
   on the order; the other passes over components sum them up.  */
static void
order_components (const engine *e, const edges *graph, sccs *c)
{
  uint32_t n = e->n_nodes;
  uint32_t *order = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  uint32_t *next = cc_xmalloc ((n + 1) * sizeof (uint32_t));  /* edge cursor */
  uint8_t *seen = cc_xcalloc (n + 1, 1);
  for (uint32_t ci = 0; ci < c->n; ci++)
    {
      uint32_t *mem = c->node + c->start[ci];
      uint32_t nm = c->start[ci + 1] - c->start[ci];
      if (nm < 2)
        continue;
      uint32_t out = nm;
      for (uint32_t r = 0; r < nm; r++)
        {
          if (seen[mem[r]])
            continue;
          uint32_t sp = 0;
          stack[sp++] = mem[r];
          seen[mem[r]] = 1;
          next[mem[r]] = 0;
          while (sp)
            {
              uint32_t nd = stack[sp - 1];
              const edges *v = &graph[nd];
              if (next[nd] < v->n)
                {
                  uint32_t to = v->e[next[nd]++].to;
                  if (c->comp_of[to] == ci && !seen[to])
                    {
                      seen[to] = 1;
                      next[to] = 0;
                      stack[sp++] = to;
                    }
                  continue;
                }
              order[--out] = nd;
              sp--;
            }
        }
      memcpy (mem, order, nm * sizeof *mem);
    }
  free (order);
  free (stack);
  free (next);
  free (seen);
}

/* Move every node's edges into one array, in the order in which the
   components are visited: the passes over them then read memory in
   sequence instead of chasing a small allocation per node.  */
static edge *
pool_edges (const engine *e, edges *graph, const sccs *c)
{
  size_t total = 0;
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    total += graph[nd].n;
  edge *pool = cc_xmalloc ((total + 1) * sizeof (edge));
  size_t at = 0;
  for (uint32_t pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < (pass ? e->n_nodes : c->start[c->n]); i++)
      {
        uint32_t nd = pass ? i : c->node[i];
        if (pass && c->comp_of[nd] != CC_NONE)
          continue; /* placed in the first pass */
        edges *v = &graph[nd];
        if (v->n)
          memcpy (pool + at, v->e, v->n * sizeof (edge));
        free (v->e);
        v->e = pool + at;
        v->cap = v->n;
        at += v->n;
      }
  return pool;
}

static void
free_sccs (sccs *c)
{
  free (c->node);
  free (c->start);
  free (c->cyclic);
  free (c->comp_of);
}

/* Which nodes execution can reach from the roots' entries.  */
static void
mark_reached (engine *e)
{
  const cc_result *r = e->r;
  e->reached = cc_xcalloc (e->n_nodes + 1, 1);
  uint32_t *q = cc_xmalloc ((e->n_nodes + 1) * sizeof (uint32_t));
  uint32_t head = 0, tail = 0;
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t n = 0, nd = r->instances[x].root ? nodes_at (e, x, 0, &n) : CC_NONE;
      for (uint32_t j = 0; j < n; j++)
        if (!e->reached[nd + j])
          {
            e->reached[nd + j] = 1;
            q[tail++] = nd + j;
          }
    }
  while (head < tail)
    {
      const edges *v = &e->fwd[q[head++]];
      for (uint32_t k = 0; k < v->n; k++)
        if (!e->reached[v->e[k].to])
          {
            e->reached[v->e[k].to] = 1;
            q[tail++] = v->e[k].to;
          }
    }
  free (q);
}

static void
build_nodes (engine *e)
{
  cc_result *r = e->r;
  e->node_base = cc_xmalloc ((r->n_instances + 1) * sizeof (uint32_t));
  e->n_nodes = 0;
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      e->node_base[x] = e->n_nodes;
      e->n_nodes += r->funcs[r->instances[x].func].n_ups;
    }
  uint32_t n = e->n_nodes;
  e->node_inst = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->node_up = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->fwd = cc_xcalloc (n + 1, sizeof (edges));
  e->intra = cc_xcalloc (n + 1, sizeof (edges));
  e->node_callee = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  e->node_unknown_end = cc_xcalloc (n + 1, 1);
  e->node_root_exit = cc_xcalloc (n + 1, 1);
  uint8_t *seen = cc_xcalloc (r->n_instances + 1, 1);
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t fi = r->instances[x].func;
      const cc_func *f = &e->m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        {
          uint32_t nd = e->node_base[x] + u;
          e->node_inst[nd] = x;
          e->node_up[nd] = u;
          uint32_t t = fr->ups[u].blocks[fr->ups[u].n_blocks - 1];
          const cc_block *tb = &f->blocks[t];
          uint32_t y = tb->call != CC_CALL_NONE ? e->g.callee[x][t] : CC_NONE;
          e->node_callee[nd] = y;
          int unknown = tb->call != CC_CALL_NONE && y == CC_NONE;
          e->node_unknown_end[nd] = (uint8_t) unknown;
          if (y != CC_NONE)
            {
              /* Into the callee; its returns come back through
                 return_edges of the callee.  */
              uint32_t ne, to = nodes_at (e, y, 0, &ne);
              for (uint32_t j = 0; j < ne; j++)
                add_edge (&e->fwd[nd], to + j, CC_NONE, CC_NONE, 0);
              if (!tb->noreturn)
                succ_edges (e, &e->intra[nd], x, t, 0);
            }
          else if (!tb->noreturn || tb->call == CC_CALL_NONE)
            {
              /* A block may both return and branch (a conditional
                 return): follow both.  */
              if (tb->exits)
                {
                  memset (seen, 0, r->n_instances);
                  e->node_root_exit[nd]
                    = return_edges (e, &e->fwd[nd], x, unknown, seen);
                }
              succ_edges (e, &e->fwd[nd], x, t, unknown);
              succ_edges (e, &e->intra[nd], x, t, unknown);
            }
        }
    }
  free (seen);
  mark_reached (e);
  find_sccs (e, e->fwd, &e->fwd_sccs);
  find_sccs (e, e->intra, &e->intra_sccs);
  order_components (e, e->fwd, &e->fwd_sccs);
  e->fwd_pool = pool_edges (e, e->fwd, &e->fwd_sccs);
  e->intra_pool = pool_edges (e, e->intra, &e->intra_sccs);
  /* Predecessors (reached ones) and child instances, for first-hit.  */
  e->pred_start = cc_xcalloc (e->n_nodes + 2, sizeof (uint32_t));
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    for (uint32_t k = 0; e->reached[nd] && k < e->fwd[nd].n; k++)
      e->pred_start[e->fwd[nd].e[k].to + 1]++;
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    e->pred_start[nd + 1] += e->pred_start[nd];
  e->pred_node = cc_xmalloc ((e->pred_start[e->n_nodes] + 1) * sizeof (uint32_t));
  uint32_t *fill = cc_xcalloc (e->n_nodes + 1, sizeof (uint32_t));
  for (uint32_t nd = 0; nd < e->n_nodes; nd++)
    for (uint32_t k = 0; e->reached[nd] && k < e->fwd[nd].n; k++)
      {
        uint32_t to = e->fwd[nd].e[k].to;
        e->pred_node[e->pred_start[to] + fill[to]++] = nd;
      }
  free (fill);
  e->child_start = cc_xcalloc (r->n_instances + 2, sizeof (uint32_t));
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].parent != CC_NONE)
      e->child_start[r->instances[x].parent + 1]++;
  for (uint32_t x = 0; x < r->n_instances; x++)
    e->child_start[x + 1] += e->child_start[x];
  e->child_inst = cc_xmalloc ((r->n_instances + 1) * sizeof (uint32_t));
  fill = cc_xcalloc (r->n_instances + 1, sizeof (uint32_t));
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      uint32_t p = r->instances[x].parent;
      if (p != CC_NONE)
        e->child_inst[e->child_start[p] + fill[p]++] = x;
    }
  free (fill);
}

static void
free_nodes (engine *e)
{
  free (e->fwd_pool);
  free (e->intra_pool);
  free (e->fwd);
  free (e->intra);
  free (e->node_base);
  free (e->node_inst);
  free (e->node_up);
  free (e->node_callee);
  free (e->node_unknown_end);
  free (e->node_root_exit);
  free (e->reached);
  free (e->pred_start);
  free (e->pred_node);
  free (e->child_start);
  free (e->child_inst);
  free_sccs (&e->fwd_sccs);
  free_sccs (&e->intra_sccs);
}

/* ------------------------------------------------------------------ */
/* Summaries: T(X) = everything an invocation of X may reference.     */

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
        uint32_t id = line_id (e, q, no);
        if (id < e->NL)
          r_add (e, r, id);
      }
}

/* Lines of the focus section that unknown code may fetch: a line is
   shared with whatever code lies next to it, so when unknown code runs it
   may load lines of ours.  That code is: the functions the analysis does
   not follow (not modelled, or of another group), and whatever the linker
   puts before and after the section (another object's code may share its
   first line unless the section starts on a line boundary, and its last
   line).  */
static void
unknown_code_lines (const engine *e, cc_word *r)
{
  const cc_model *m = e->m;
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        const cc_part *pt = &m->funcs[fi].parts[p];
        if (pt->section != e->focus)
          continue;
        if (pt->offset < lo)
          lo = pt->offset;
        if (pt->offset + pt->size > hi)
          hi = pt->offset + pt->size;
        if (!func_usable (e, fi))
          r_add_range (e, r, pt->section, pt->offset, pt->size);
      }
  for (uint32_t k = 0; k < e->opts->n_unknown_code; k++)
    {
      const cc_code_range *c = &e->opts->unknown_code[k];
      r_add_range (e, r, c->section, c->offset, c->size);
    }
  if (hi == 0)
    return;
  if (m->sections[e->focus].align < e->L)
    r_add_range (e, r, e->focus, 0, 1);
  r_add_range (e, r, e->focus, hi - 1, 1);
}

static void
compute_T (engine *e)
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
        cc_bits_or (o, p->up_eff + (size_t) u * rw, rw);
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
}

/* ------------------------------------------------------------------ */
/* Forward: may-states to a fixpoint.                                  */

/* Walk UP u of function FI from state S (modified in place).  */
static void
walk_up (const engine *e, uint32_t fi, uint32_t u, cc_word *s)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[u];
  const fphase *p = &e->fp[fi];
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      apply_refs (e, s, p->refs, p->block_ref[b], p->block_ref[b + 1]);
      if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
        apply_pad (e, s, fi, b);
    }
}

/* Join state O into the input of node TO: union on the may planes,
   intersection on the must planes (the first state to arrive is taken as
   it is).  Returns nonzero if the input changed.  */
static int
join_into (engine *e, uint32_t to, const cc_word *o)
{
  cc_word *in = e->in + (size_t) to * e->stw;
  size_t may = (size_t) e->MP * e->sw, must = (size_t) e->MU * e->lw;
  int changed = cc_bits_or (in, o, may) != 0;
  if (!must)
    return changed;
  if (!e->must_set[to])
    {
      memcpy (in + may, o + may, must * sizeof (cc_word));
      e->must_set[to] = 1;
      return 1;
    }
  for (size_t i = 0; i < must; i++)
    {
      cc_word w = in[may + i] & o[may + i];
      changed |= w != in[may + i];
      in[may + i] = w;
    }
  return changed;
}

/* Run node ND on its input state and join the result into its successors'.
   Marks the successors in ND's own component whose input changed in DIRTY.  */
static void
forward_node (engine *e, uint32_t nd, cc_word *s, cc_word *t, uint8_t *dirty)
{
  const uint32_t *comp_of = e->fwd_sccs.comp_of;
  size_t stw = e->stw;
  memcpy (s, e->in + (size_t) nd * stw, stw * sizeof (cc_word));
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  walk_up (e, fi, e->node_up[nd], s);
  e->fh_budget += (1 + e->fp[fi].up_nrefs[e->node_up[nd]]) / 4;
  const edges *v = &e->fwd[nd];
  for (uint32_t k = 0; k < v->n; k++)
    {
      const edge *g = &v->e[k];
      const cc_word *o = s;
      if (g->unknown || g->pad_block != CC_NONE)
        {
          memcpy (t, s, stw * sizeof (cc_word));
          if (g->unknown)
            unknown_effect (e, t);
          apply_pad (e, t, g->pad_func, g->pad_block);
          o = t;
        }
      if (join_into (e, g->to, o) && comp_of[g->to] == comp_of[nd])
        dirty[g->to] = 1;
    }
}

/* The state in which root instance X starts.  */
static void
root_state (const engine *e, uint32_t x, cc_word *s)
{
  /* Cold: every slot may be empty, nothing is cached for sure.  */
  memset (s, 0, e->stw * sizeof (cc_word));
  for (uint32_t p = 0; p < e->MP; p++)
    for (uint32_t k = 0; k < e->nph * e->S; k++)
      if (e->live_of[k] != CC_NONE)
        cc_bit_set (may_plane (e, s, p), marker (e, k, M_INV));
  if (!e->r->instances[x].cold)
    {
      /* Warm: anything may be cached, including the lines of this
         instance's own invocation from an earlier call.  */
      unknown_effect (e, s);
      for (uint32_t p = 0; p < e->MP; p++)
        cc_bits_or (may_plane (e, s, p), e->T + (size_t) x * e->rw, e->lw);
    }
}

/* May-states to a fixpoint, one component at a time, sources first: a
   node on no cycle runs once, a cycle is iterated until it is stable.  */
static void
forward (engine *e)
{
  cc_result *r = e->r;
  size_t stw = e->stw;
  const sccs *c = &e->fwd_sccs;
  e->in = reuse (e, 0, (size_t) (e->n_nodes + 1) * stw);
  e->must_set = cc_xcalloc (e->n_nodes + 1, 1);
  cc_word *s = cc_xmalloc (stw * sizeof (cc_word));
  cc_word *t = cc_xmalloc (stw * sizeof (cc_word));
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      if (!r->instances[x].root)
        continue;
      uint32_t n, nd = nodes_at (e, x, 0, &n);
      if (n == 0)
        continue;
      root_state (e, x, s);
      for (uint32_t j = 0; j < n; j++)
        join_into (e, nd + j, s);
    }
  uint8_t *dirty = cc_xcalloc (e->n_nodes + 1, 1);
  for (uint32_t ci = c->n; ci-- > 0;)
    {
      const uint32_t *mem = c->node + c->start[ci];
      uint32_t nm = c->start[ci + 1] - c->start[ci];
      for (uint32_t i = 0; i < nm; i++)
        dirty[mem[i]] = 1;
      for (int again = 1; again;)
        {
          again = 0;
          for (uint32_t i = 0; i < nm; i++)
            if (dirty[mem[i]])
              {
                dirty[mem[i]] = 0;
                forward_node (e, mem[i], s, t, dirty);
                again = 1;
              }
        }
    }
  free (dirty);
  free (s);
  free (t);
}

/* ------------------------------------------------------------------ */
/* Backward: reaching sets.                                            */

/* What happens at the end of node ND beyond its successors.  */
static void
end_effect (const engine *e, uint32_t nd, cc_word *r, int program_scope)
{
  /* The callback set holds T of every root that unknown code may call,
     so it covers a root being called again after it returns.  */
  if (e->node_unknown_end[nd])
    cc_bits_or (r, e->callback, e->rw);
  if (program_scope && e->node_root_exit[nd])
    cc_bits_or (r, e->callback, e->rw);
  if (!program_scope && e->node_callee[nd] != CC_NONE)
    cc_bits_or (r, e->T + (size_t) e->node_callee[nd] * e->rw, e->rw);
}

/* What following edge V into node TO adds to a reaching set, besides
   r(TO): the padding on the way, the callback set after an unknown call,
   and what TO's UP references.  */
static void
edge_reach (const engine *e, cc_word *r, const edge *v)
{
  uint32_t to = v->to, tfi = e->r->instances[e->node_inst[to]].func;
  or_pad_lines (e, r, v->pad_func, v->pad_block);
  if (v->unknown)
    cc_bits_or (r, e->callback, e->rw);
  cc_bits_or (r, e->fp[tfi].up_eff + (size_t) e->node_up[to] * e->rw, e->rw);
}

/* The reaching sets of every reached node over the fwd edges (program
   scope) or the intra edges (function scope), in one pass over the
   graph's strongly connected components, sinks first.  Every node of a
   cyclic component reaches every other, so they all share one set: what
   the component's nodes end with, and what its edges lead to (the
   members' own sets are still empty when it is summed, and every
   component they lead to is done).  A node on no cycle gets the same
   formula.  Unreached nodes keep an empty set, as successors too.  */
static void
backward_all (engine *e, cc_word **out, int program_scope)
{
  size_t rw = e->rw;
  const edges *graph = program_scope ? e->fwd : e->intra;
  const sccs *c = program_scope ? &e->fwd_sccs : &e->intra_sccs;
  cc_word *rs = reuse (e, program_scope ? 1 : 2, (size_t) (e->n_nodes + 1) * rw);
  cc_word *acc = cc_xmalloc (rw * sizeof (cc_word));
  for (uint32_t ci = 0; ci < c->n; ci++)
    {
      memset (acc, 0, rw * sizeof (cc_word));
      for (uint32_t i = c->start[ci]; i < c->start[ci + 1]; i++)
        {
          uint32_t m = c->node[i];
          const edges *w = &graph[m];
          end_effect (e, m, acc, program_scope);
          for (uint32_t k = 0; k < w->n; k++)
            {
              edge_reach (e, acc, &w->e[k]);
              cc_bits_or (acc, rs + (size_t) w->e[k].to * rw, rw);
            }
        }
      for (uint32_t i = c->start[ci]; i < c->start[ci + 1]; i++)
        memcpy (rs + (size_t) c->node[i] * rw, acc, rw * sizeof (cc_word));
    }
  free (acc);
  *out = rs;
}

/* The reaching sets of the UPs of one loop in one instance, for the loop
   scope: only the loop's own UPs, in ascending order, and their sets.  */
typedef struct loop_sets
{
  uint32_t n;
  uint32_t *ups;
  cc_word *rs;
} loop_sets;

/* Index of UP U in L, or CC_NONE if it is not a UP of the loop.  */
static uint32_t
loop_slot (const loop_sets *l, uint32_t u)
{
  uint32_t lo = 0, hi = l->n;
  while (lo < hi)
    {
      uint32_t mid = (lo + hi) / 2;
      if (l->ups[mid] < u)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < l->n && l->ups[lo] == u ? lo : CC_NONE;
}

static int
cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

/* R for the UPs of loop LOOP in instance X: the function scope's
   equations restricted to edges that stay in the loop, to a fixpoint.
   The loop's UPs are those its blocks head (a UP never crosses a loop
   boundary), so the cost is the loop's size, not the function's.  */
static loop_sets *
loop_reach (engine *e, uint32_t x, uint32_t loop)
{
  uint32_t fi = e->r->instances[x].func;
  const cc_func_result *fr = &e->r->funcs[fi];
  const cc_fcfg *cfg = &e->cfgs[fi];
  const cc_loop *lp = &fr->loops[loop];
  size_t rw = e->rw;
  loop_sets *l = cc_xcalloc (1, sizeof *l);
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    l->n += cfg->head_up[lp->blocks[k]] == CC_NONE ? 0 : cfg->head_n_ups[lp->blocks[k]];
  l->ups = cc_xmalloc ((l->n + 1) * sizeof *l->ups);
  l->n = 0;
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    if (cfg->head_up[lp->blocks[k]] != CC_NONE)
      for (uint32_t j = 0; j < cfg->head_n_ups[lp->blocks[k]]; j++)
        l->ups[l->n++] = cfg->head_up[lp->blocks[k]] + j;
  qsort (l->ups, l->n, sizeof *l->ups, cmp_u32);
  l->rs = cc_xcalloc ((size_t) (l->n + 1) * rw, sizeof (cc_word));
  cc_word *tmp = cc_xmalloc (rw * sizeof (cc_word));
  uint32_t base = e->node_base[x];
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (uint32_t i = l->n; i-- > 0;)
        {
          uint32_t nd = base + l->ups[i];
          if (!e->reached[nd])
            continue;
          memset (tmp, 0, rw * sizeof (cc_word));
          end_effect (e, nd, tmp, 0);
          const edges *v = &e->intra[nd];
          for (uint32_t k = 0; k < v->n; k++)
            {
              uint32_t to = v->e[k].to;
              uint32_t slot = e->node_inst[to] == x ? loop_slot (l, e->node_up[to]) : CC_NONE;
              if (slot == CC_NONE)
                continue;
              edge_reach (e, tmp, &v->e[k]);
              cc_bits_or (tmp, l->rs + (size_t) slot * rw, rw);
            }
          changed |= cc_bits_or (l->rs + (size_t) i * rw, tmp, rw);
        }
    }
  free (tmp);
  return l;
}

static void
loop_sets_free (loop_sets *l)
{
  if (!l)
    return;
  free (l->ups);
  free (l->rs);
  free (l);
}

/* ------------------------------------------------------------------ */
/* First-hit (semantics.md section 4).                                 */

/* first-hit(L) promises that in each execution of loop L the first fetch
   of the insn hits.  An execution of L enters its header from outside
   (the state there is the join of the states on those edges) and runs the
   loop's region: the loop's UPs in its instance and the instances called
   from inside the loop (not merged ones, which other callers share; a
   node the region is entered at other than the header starts from
   nothing known).  The first fetch of the insn in an execution is reached
   along a path of the region that passes the insn's node no earlier, so
   the state there is the fixpoint over the region with the back edges
   followed and nothing leaving that node.  The insn is first-hit(L) if
   its line is cached for sure in that state.  A cheaper test first: the
   same without back edges (the first iteration), which holds at least as
   much.  */

#ifndef CC_FH_MAX_REGION
#define CC_FH_MAX_REGION 512      /* nodes of a region analysed */
#endif
#ifndef CC_FH_CALLER_LEVELS
#define CC_FH_CALLER_LEVELS 2     /* callers whose loops are tried */
#endif

typedef struct fh_region
{
  int usable;
  uint32_t x;              /* the loop's instance */
  uint32_t n;
  uint32_t *nodes;         /* ascending */
  uint8_t *header;         /* per slot: a UP of the loop's header */
  uint8_t *open;           /* per slot: entered from outside, not at the header */
  cc_word *entry;          /* the state entering the header from outside */
  uint8_t **fi;            /* per slot, lazily: ref bits in the first iteration */
  int fi_done;
  int barren;              /* no ref of the region is cached for sure in
                              the first iteration: nothing to look for */
  uint32_t *stop_node, n_stop;
  uint8_t **stop_bits;     /* per checked node: ref bits, stopped there */
} fh_region;

/* Charge a walk of node ND to the run's first-hit budget.  */
static void
fh_charge (engine *e, uint32_t nd)
{
  uint64_t c = 1 + e->fp[e->r->instances[e->node_inst[nd]].func].up_nrefs[e->node_up[nd]];
  e->fh_budget -= e->fh_budget < c ? e->fh_budget : c;
}

static uint32_t
fh_slot (const fh_region *r, uint32_t nd)
{
  uint32_t lo = 0, hi = r->n;
  while (lo < hi)
    {
      uint32_t mid = (lo + hi) / 2;
      if (r->nodes[mid] < nd)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < r->n && r->nodes[lo] == nd ? lo : CC_NONE;
}

static void
fh_add (fh_region *r, uint32_t nd, uint32_t *cap)
{
  if (r->n == *cap)
    {
      *cap = *cap ? 2 * *cap : 16;
      r->nodes = cc_xrealloc (r->nodes, *cap * sizeof *r->nodes);
    }
  r->nodes[r->n++] = nd;
}

/* Is line L cached for sure in state S?  */
static int
guaranteed (const engine *e, cc_word *s, uint32_t l)
{
  if (e->MU)
    return cc_bit_get (must_plane (e, s, e->MU - 1), l);
  /* One way, no must planes: the only line that may be in its set.  */
  const cc_word *p = may_plane (e, s, 0);
  uint32_t k = e->line_key[l];
  if (!cc_bit_get (p, l) || cc_bit_get (p, marker (e, k, M_INV))
      || cc_bit_get (p, marker (e, k, M_UNK)) || cc_bit_get (p, marker (e, k, M_TAINT)))
    return 0;
  for (uint32_t i = 0; i < e->set_n[k]; i++)
    if (e->set_lines[k][i] != l && cc_bit_get (p, e->set_lines[k][i]))
      return 0;
  return 1;
}

/* Join O into the region state T (SET: T holds one): the must planes
   meet, the may planes unite; with one way and no must planes the may
   union is the whole story.  Returns nonzero if T changed.  */
static int
fh_join (const engine *e, cc_word *t, uint8_t *set, const cc_word *o)
{
  size_t may = (size_t) e->MP * e->sw, must = (size_t) e->MU * e->lw;
  if (!*set)
    {
      memcpy (t, o, e->stw * sizeof (cc_word));
      *set = 1;
      return 1;
    }
  int changed = cc_bits_or (t, o, may) != 0;
  for (size_t i = 0; i < must; i++)
    {
      cc_word w = t[may + i] & o[may + i];
      changed |= w != t[may + i];
      t[may + i] = w;
    }
  return changed;
}

/* The state of ND after its UP, taking edge G: into OUT.  */
static void
fh_out (const engine *e, uint32_t nd, const cc_word *in, const edge *g, cc_word *out)
{
  memcpy (out, in, e->stw * sizeof (cc_word));
  walk_up (e, e->r->instances[e->node_inst[nd]].func, e->node_up[nd], out);
  if (g->unknown)
    unknown_effect (e, out);
  apply_pad (e, out, g->pad_func, g->pad_block);
}

static fh_region *
fh_region_build (engine *e, uint32_t x, uint32_t loop)
{
  const cc_result *res = e->r;
  uint32_t fi = res->instances[x].func;
  const cc_func_result *fr = &res->funcs[fi];
  const cc_loop *lp = &fr->loops[loop];
  fh_region *r = cc_xcalloc (1, sizeof *r);
  r->x = x;
  uint32_t cap = 0;
  for (uint32_t k = 0; k < lp->n_blocks; k++)
    {
      uint32_t n, nd = nodes_at (e, x, lp->blocks[k], &n);
      for (uint32_t j = 0; j < n; j++)
        if (e->reached[nd + j])
          fh_add (r, nd + j, &cap);
    }
  /* The instances called from inside the loop, and theirs.  */
  uint32_t *stack = cc_xmalloc ((res->n_instances + 1) * sizeof *stack), sp = 0;
  for (uint32_t k = e->child_start[x]; k < e->child_start[x + 1]; k++)
    {
      uint32_t y = e->child_inst[k];
      if (!res->instances[y].merged && cc_loop_contains (fr, loop, res->instances[y].call_block))
        stack[sp++] = y;
    }
  while (sp && r->n <= CC_FH_MAX_REGION)
    {
      uint32_t y = stack[--sp];
      uint32_t nu = res->funcs[res->instances[y].func].n_ups;
      for (uint32_t u = 0; u < nu; u++)
        if (e->reached[e->node_base[y] + u])
          fh_add (r, e->node_base[y] + u, &cap);
      for (uint32_t k = e->child_start[y]; k < e->child_start[y + 1]; k++)
        if (!res->instances[e->child_inst[k]].merged && sp < res->n_instances)
          stack[sp++] = e->child_inst[k];
    }
  free (stack);
  if (r->n == 0 || r->n > CC_FH_MAX_REGION || e->fh_budget == 0)
    return r;
  qsort (r->nodes, r->n, sizeof *r->nodes, cmp_u32);
  r->header = cc_xcalloc (r->n + 1, 1);
  r->open = cc_xcalloc (r->n + 1, 1);
  r->entry = cc_xcalloc (e->stw + 1, sizeof (cc_word));
  uint32_t nh, h0 = nodes_at (e, x, lp->header, &nh);
  for (uint32_t j = 0; j < nh; j++)
    {
      uint32_t sl = fh_slot (r, h0 + j);
      if (sl != CC_NONE)
        r->header[sl] = 1;
    }
  uint8_t entry_set = 0;
  cc_word *out = cc_xmalloc ((e->stw + 1) * sizeof (cc_word));
  int usable = 1;
  /* The instance of the loop must not be recursive: a call of it from
     itself or from below it runs the loop in another frame, and its
     returns would look like paths inside this execution.  */
  for (uint32_t k = 0; k < e->g.n_callers[x] && usable; k++)
    for (uint32_t y = e->g.callers[x][k].caller; y != CC_NONE; y = res->instances[y].parent)
      if (y == x)
        {
          usable = 0;
          break;
        }
  for (uint32_t i = 0; i < r->n && usable; i++)
    {
      uint32_t nd = r->nodes[i];
      /* A call from inside the region into the loop's instance (recursion)
         starts an execution of the loop of its own in a frame of its own:
         not analysed.  */
      if (e->node_callee[nd] == x)
        {
          usable = 0;
          break;
        }
      for (uint32_t k = e->pred_start[nd]; k < e->pred_start[nd + 1]; k++)
        {
          uint32_t p = e->pred_node[k];
          if (fh_slot (r, p) != CC_NONE)
            continue;
          if (!r->header[i])
            {
              r->open[i] = 1;
              continue;
            }
          const edges *v = &e->fwd[p];
          for (uint32_t q = 0; q < v->n; q++)
            if (v->e[q].to == nd)
              {
                fh_out (e, p, e->in + (size_t) p * e->stw, &v->e[q], out);
                fh_join (e, r->entry, &entry_set, out);
                fh_charge (e, p);
              }
        }
      if (r->header[i] && fh_slot (r, nd) != CC_NONE && lp->header == 0
          && res->instances[x].root)
        {
          root_state (e, x, out);
          fh_join (e, r->entry, &entry_set, out);
        }
    }
  free (out);
  r->usable = usable && entry_set;
  r->fi = cc_xcalloc (r->n + 1, sizeof *r->fi);
  return r;
}

static void
fh_region_free (fh_region *r)
{
  if (!r)
    return;
  for (uint32_t i = 0; r->fi && i < r->n; i++)
    free (r->fi[i]);
  for (uint32_t i = 0; i < r->n_stop; i++)
    free (r->stop_bits[i]);
  free (r->fi);
  free (r->stop_node);
  free (r->stop_bits);
  free (r->nodes);
  free (r->header);
  free (r->open);
  free (r->entry);
  free (r);
}

/* Per ref of ND's UP, in walk order: is its line cached for sure before
   it, starting from state S?  */
static uint8_t *
fh_ref_bits (const engine *e, uint32_t nd, cc_word *s)
{
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[e->node_up[nd]];
  const fphase *p = &e->fp[fi];
  uint32_t n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    n += p->block_ref[up->blocks[k] + 1] - p->block_ref[up->blocks[k]];
  uint8_t *bits = cc_xcalloc (n + 1, 1);
  n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      for (uint32_t x2 = p->block_ref[b]; x2 < p->block_ref[b + 1]; x2++, n++)
        {
          const ref *rf = &p->refs[x2];
          if (rf->line != FOREIGN)
            bits[n] = (uint8_t) guaranteed (e, s, rf->line);
          transfer (e, s, rf->line);
          if (rf->unknown_after)
            unknown_effect (e, s);
        }
      if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
        apply_pad (e, s, fi, b);
    }
  return bits;
}

/* The index of ref X2 among the refs of ND's UP, in walk order (X2
   CC_NONE: how many refs it has).  */
static uint32_t
fh_ref_index (const engine *e, uint32_t nd, uint32_t x2)
{
  uint32_t fi = e->r->instances[e->node_inst[nd]].func;
  const cc_up *up = &e->r->funcs[fi].ups[e->node_up[nd]];
  const fphase *p = &e->fp[fi];
  uint32_t n = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      if (x2 >= p->block_ref[b] && x2 < p->block_ref[b + 1])
        return n + (x2 - p->block_ref[b]);
      n += p->block_ref[b + 1] - p->block_ref[b];
    }
  return x2 == CC_NONE ? n : CC_NONE;
}

/* The region's states to a fixpoint, from its entry: with the loop's back
   edges or without (the first iteration), and with nothing leaving slot
   STOP (CC_NONE: none).  ST holds the states, SET which are set.  */
static void
fh_fixpoint (engine *e, const fh_region *r, uint32_t loop, int back, uint32_t stop,
             cc_word *st, uint8_t *set)
{
  size_t stw = e->stw;
  uint32_t lfi = e->r->instances[r->x].func;
  const cc_func_result *lfr = &e->r->funcs[lfi];
  memset (set, 0, r->n);
  for (uint32_t i = 0; i < r->n; i++)
    if (r->header[i])
      {
        memcpy (st + (size_t) i * stw, r->entry, stw * sizeof (cc_word));
        set[i] = 1;
      }
    else if (r->open[i])
      {
        /* Entered from outside at another node: nothing known.  */
        memset (st + (size_t) i * stw, 0, stw * sizeof (cc_word));
        unknown_effect (e, st + (size_t) i * stw);
        set[i] = 1;
      }
  cc_word *out = cc_xmalloc ((stw + 1) * sizeof (cc_word));
  for (int changed = 1; changed && e->fh_budget > 0;)
    {
      changed = 0;
      for (uint32_t i = 0; i < r->n; i++)
        {
          uint32_t nd = r->nodes[i];
          if (!set[i] || i == stop)
            continue;
          fh_charge (e, nd);
          const edges *v = &e->fwd[nd];
          for (uint32_t q = 0; q < v->n; q++)
            {
              uint32_t j = fh_slot (r, v->e[q].to);
              if (j == CC_NONE)
                continue;
              /* A back edge of the loop: from its own UPs to its header.  */
              if (!back && r->header[j] && e->node_inst[nd] == r->x
                  && cc_loop_contains (lfr, loop, lfr->ups[e->node_up[nd]].blocks[0]))
                continue;
              fh_out (e, nd, st + (size_t) i * stw, &v->e[q], out);
              changed |= fh_join (e, st + (size_t) j * stw, &set[j], out);
            }
        }
    }
  free (out);
}

/* Is ref X2 of node ND first-hit in loop LOOP of instance X?  */
static int
fh_check (engine *e, uint32_t x, uint32_t loop, uint32_t nd, uint32_t x2)
{
  uint32_t fi = e->r->instances[x].func;
  if (!e->fh[x])
    e->fh[x] = cc_xcalloc (e->r->funcs[fi].n_loops + 1, sizeof (fh_region *));
  fh_region *r = e->fh[x][loop];
  if (!r && e->fh_budget == 0)
    return 0;
  if (!r)
    r = e->fh[x][loop] = fh_region_build (e, x, loop);
  uint32_t sl = r->usable ? fh_slot (r, nd) : CC_NONE;
  if (sl == CC_NONE || e->fh_budget == 0)
    return 0;
  size_t stw = e->stw;
  if (!r->fi_done)
    {
      r->fi_done = 1;
      /* The first iteration, once for the whole region.  */
      cc_word *st = cc_xmalloc (((size_t) r->n * stw + 1) * sizeof (cc_word));
      uint8_t *set = cc_xmalloc (r->n + 1);
      fh_fixpoint (e, r, loop, 0, CC_NONE, st, set);
      r->barren = 1;
      for (uint32_t i = 0; i < r->n; i++)
        if (set[i])
          {
            r->fi[i] = fh_ref_bits (e, r->nodes[i], st + (size_t) i * stw);
            uint32_t nr = fh_ref_index (e, r->nodes[i], CC_NONE);
            for (uint32_t k = 0; k < nr && r->barren; k++)
              r->barren = !r->fi[i][k];
          }
      free (st);
      free (set);
    }
  if (x2 == CC_NONE || r->barren || !r->fi[sl])
    return 0;
  uint32_t ix = fh_ref_index (e, nd, x2);
  if (ix == CC_NONE || !r->fi[sl][ix])
    return 0;
  uint32_t k = 0;
  while (k < r->n_stop && r->stop_node[k] != nd)
    k++;
  if (k == r->n_stop)
    {
      cc_word *st = cc_xmalloc (((size_t) r->n * stw + 1) * sizeof (cc_word));
      uint8_t *set = cc_xmalloc (r->n + 1);
      fh_fixpoint (e, r, loop, 1, sl, st, set);
      r->stop_node = cc_xrealloc (r->stop_node, (r->n_stop + 1) * sizeof (uint32_t));
      r->stop_bits = cc_xrealloc (r->stop_bits, (r->n_stop + 1) * sizeof (uint8_t *));
      r->stop_node[k] = nd;
      r->stop_bits[k] = set[sl] && e->fh_budget ? fh_ref_bits (e, nd, st + (size_t) sl * stw)
                                                : NULL;
      r->n_stop++;
      free (st);
      free (set);
    }
  return r->stop_bits[k] && r->stop_bits[k][ix];
}

/* The first-iteration bits of node ND in loop LOOP of instance X, NULL if
   none is set (or the region is not analysed).  */
static const uint8_t *
fh_first_bits (engine *e, uint32_t x, uint32_t loop, uint32_t nd)
{
  uint32_t fi = e->r->instances[x].func;
  if (!e->fh[x])
    e->fh[x] = cc_xcalloc (e->r->funcs[fi].n_loops + 1, sizeof (fh_region *));
  fh_region *r = e->fh[x][loop];
  if (!r && e->fh_budget == 0)
    return NULL;
  if (!r)
    r = e->fh[x][loop] = fh_region_build (e, x, loop);
  uint32_t sl = r->usable ? fh_slot (r, nd) : CC_NONE;
  if (sl == CC_NONE)
    return NULL;
  fh_check (e, x, loop, nd, CC_NONE);  /* computes the first iteration */
  if (r->barren || !r->fi[sl])
    return NULL;
  uint32_t nr = fh_ref_index (e, nd, CC_NONE);
  for (uint32_t k = 0; k < nr; k++)
    if (r->fi[sl][k])
      return r->fi[sl];
  return NULL;
}

/* Is first-hit possible for some ref of node ND (in any loop it would be
   looked for in)?  Asked once per node and run: most nodes have no ref
   that the first iteration keeps, and first_hit is asked per ref.  */
static int
fh_node_possible (engine *e, uint32_t nd, uint32_t b)
{
  if (e->fh_node[nd])
    return e->fh_node[nd] == 1;
  const cc_result *res = e->r;
  uint32_t x = e->node_inst[nd], own = res->instances[x].func;
  int possible = 0;
  for (uint32_t l = res->funcs[own].block_loop[b]; l != CC_NONE && !possible;
       l = res->funcs[own].loops[l].parent)
    possible = fh_first_bits (e, x, l, nd) != NULL;
  uint32_t level = 0;
  for (uint32_t y = x; !possible && !res->instances[y].merged
                       && res->instances[y].parent != CC_NONE && level++ < CC_FH_CALLER_LEVELS;)
    {
      uint32_t p = res->instances[y].parent, pf = res->instances[p].func;
      uint32_t cb = res->instances[y].call_block;
      if (pf != own)
        for (uint32_t l = res->funcs[pf].block_loop[cb]; l != CC_NONE && !possible;
             l = res->funcs[pf].loops[l].parent)
          possible = fh_first_bits (e, p, l, nd) != NULL;
      y = p;
    }
  e->fh_node[nd] = possible ? 1 : 2;
  return possible;
}

/* First-hit for ref X2 (in block B) of context node ND: the innermost loop
   in which it holds -- the insn's own loops first, then the loops of its
   callers around the call, up the chain of instances (not through a
   merged instance, whose callers are many).  */
static cc_verdict
first_hit (engine *e, uint32_t nd, uint32_t b, uint32_t x2)
{
  if (!fh_node_possible (e, nd, b))
    return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  const cc_result *res = e->r;
  uint32_t x = e->node_inst[nd], own = res->instances[x].func;
  for (uint32_t l = res->funcs[own].block_loop[b]; l != CC_NONE; l = res->funcs[own].loops[l].parent)
    if (fh_check (e, x, l, nd, x2))
      return (cc_verdict){ CC_FIRST_HIT, CC_SCOPE_LOOP, l, 0 };
  /* Callers up to CC_FH_CALLER_LEVELS up: further out, loops are big and
     their regions rarely keep a line.  */
  uint32_t level = 0;
  for (uint32_t y = x; !res->instances[y].merged && res->instances[y].parent != CC_NONE
                       && level++ < CC_FH_CALLER_LEVELS;)
    {
      uint32_t p = res->instances[y].parent, pf = res->instances[p].func;
      uint32_t cb = res->instances[y].call_block;
      /* A caller of the same function: its loops would read as our own.  */
      if (pf != own)
        for (uint32_t l = res->funcs[pf].block_loop[cb]; l != CC_NONE; l = res->funcs[pf].loops[l].parent)
          if (fh_check (e, p, l, nd, x2))
            return (cc_verdict){ CC_FIRST_HIT, CC_SCOPE_LOOP, l, pf + 1 };
      y = p;
    }
  return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
}

/* ------------------------------------------------------------------ */
/* Categories.                                                         */

/* Could the lines possibly cached at the reference (K) evict it within
   the scope?  For a second fetch of the insn in one execution of the
   scope to miss, its line must have been evicted after the first fetch:
   then at the second fetch the set holds as many other lines as it has
   ways (fm_limit; 1 for every policy but LRU), each possibly cached there
   (in K) and each fetched after the first fetch (in R).  So if fewer than
   fm_limit lines of K are in R, the fetch misses at most once per
   execution.  A marker that meets R (unknown code, a line of another
   section) counts as a whole set.  */
static int
k_meets_r (const engine *e, uint32_t line, const uint32_t *k_lines, uint32_t nk,
           int k_unk, int k_taint, const cc_word *rs)
{
  int r_unk = cc_bit_get (rs, R_UNKNOWN (e));
  if ((k_unk && r_unk) || (k_taint && (r_unk || cc_bit_get (rs, R_FOREIGN (e)))))
    return 1;
  uint32_t count = 0;
  for (uint32_t i = 0; i < nk; i++)
    if (cc_bit_get (rs, k_lines[i]) && ++count >= e->fm_limit)
      return 1;
  return 0;
}

/* A verdict and its first-miss alternative (see categorize_function).  */
typedef struct vpair
{
  cc_verdict v, alt;
} vpair;

typedef struct fcat
{
  engine *e;
  uint32_t fi;
  acc *acc;              /* per ref */
  loop_sets **loop_r;    /* per (local instance, loop), lazily */
  uint32_t n_local;
  uint32_t *local_of;    /* instance -> local index (only this function's) */
  uint32_t *kl;          /* scratch: possibly cached lines of one set */
} fcat;

static const cc_word *
loop_r_for (fcat *c, uint32_t x, uint32_t loop, uint32_t u)
{
  const cc_func_result *fr = &c->e->r->funcs[c->fi];
  size_t idx = (size_t) c->local_of[x] * fr->n_loops + loop;
  if (!c->loop_r[idx])
    c->loop_r[idx] = loop_reach (c->e, x, loop);
  uint32_t slot = loop_slot (c->loop_r[idx], u);
  /* A context whose UP is outside the loop cannot ask (the insn is in
     the loop); answer "everything" to stay safe if it ever does.  */
  return slot == CC_NONE ? c->e->all_r : c->loop_r[idx]->rs + (size_t) slot * c->e->rw;
}

/* Does K (the lines, unk and taint possibly cached at a reference to LINE)
   meet the reaching set of scope SCOPE (loop LOOP) in any of the contexts?  */
static int
meets_any (fcat *c, uint32_t line, const uint32_t *k_lines, uint32_t nk, int k_unk,
           int k_taint, const uint32_t *ctx, uint32_t n_ctx, int scope, uint32_t loop)
{
  engine *e = c->e;
  for (uint32_t i = 0; i < n_ctx; i++)
    {
      const cc_word *rs
        = scope == CC_SCOPE_PROGRAM ? e->rprog + (size_t) ctx[i] * e->rw
          : scope == CC_SCOPE_FUNCTION ? e->rfunc + (size_t) ctx[i] * e->rw
          : loop_r_for (c, e->node_inst[ctx[i]], loop, e->node_up[ctx[i]]);
      if (k_meets_r (e, line, k_lines, nk, k_unk, k_taint, rs))
        return 1;
    }
  return 0;
}

/* The outermost scope in which the possibly cached K meets none of the
   reaching sets of the given contexts; conflict if there is none.  */
static cc_verdict
first_miss_scope (fcat *c, uint32_t line, uint32_t block, const uint32_t *k_lines,
                  uint32_t nk, int k_unk, int k_taint, const uint32_t *ctx,
                  uint32_t n_ctx)
{
  const cc_func_result *fr = &c->e->r->funcs[c->fi];
  const cc_verdict conflict = { CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  if (c->e->reduce & CC_REDUCE_NO_FIRST_MISS)
    return conflict;
  if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_PROGRAM, 0))
    return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_PROGRAM, 0, 0 };
  if (c->e->reduce & CC_REDUCE_PROGRAM_SCOPE)
    return conflict;
  if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_FUNCTION, 0))
    return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_FUNCTION, 0, 0 };
  /* Loops containing the block, outermost first: loops are stored outer
     before inner, so walk the chain of parents and try the outermost.  */
  uint32_t inner = fr->block_loop[block];
  for (uint32_t tried = CC_NONE; inner != tried;)
    {
      uint32_t l = inner;
      while (fr->loops[l].parent != tried)
        l = fr->loops[l].parent;
      if (!meets_any (c, line, k_lines, nk, k_unk, k_taint, ctx, n_ctx, CC_SCOPE_LOOP, l))
        return (cc_verdict){ CC_FIRST_MISS, CC_SCOPE_LOOP, l, 0 };
      tried = l;
    }
  return (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
}

static void
acc_add_k (acc *a, uint32_t line)
{
  for (uint32_t i = 0; i < a->nk; i++)
    if (a->k_lines[i] == line)
      return;
  /* The slice holds every other line of the set; grow only if not.  */
  if (a->nk == a->k_cap)
    {
      uint32_t cap = a->k_cap ? 2 * a->k_cap : 4;
      uint32_t *v = cc_xmalloc (cap * sizeof *v);
      memcpy (v, a->k_lines, a->nk * sizeof *v);
      if (a->k_own)
        free (a->k_lines);
      a->k_lines = v;
      a->k_cap = cap;
      a->k_own = 1;
    }
  a->k_lines[a->nk++] = line;
}

/* The contexts of a reference outgrew the slice categorize_function
   counted for it (they never should): continue in a heap copy.  */
static void
acc_grow_ctx (acc *a)
{
  uint32_t cap = a->ctx_cap ? 2 * a->ctx_cap : 4;
  uint32_t *v = cc_xmalloc (cap * sizeof *v);
  memcpy (v, a->ctx, a->n_ctx * sizeof *v);
  if (a->ctx_own)
    free (a->ctx);
  a->ctx = v;
  a->ctx_cap = cap;
  a->ctx_own = 1;
}

static void
add_context (const cc_func_result *fr, cc_insn_result *ir, uint32_t inst,
             uint32_t up, uint32_t phase, vpair v)
{
  /* Every phase walks the contexts in the same order: merge into the entry
     at the cursor, or find it, or add it.  */
  cc_context_verdict *cv = NULL;
  if (ir->ctx_cursor < ir->n_ctx && ir->ctx[ir->ctx_cursor].instance == inst
      && ir->ctx[ir->ctx_cursor].up == up)
    cv = &ir->ctx[ir->ctx_cursor];
  /* The next phase of a batch, in the same context.  */
  if (!cv && ir->ctx_cursor > 0 && ir->ctx[ir->ctx_cursor - 1].instance == inst
      && ir->ctx[ir->ctx_cursor - 1].up == up)
    cv = &ir->ctx[ir->ctx_cursor - 1];
  for (uint32_t i = 0; !cv && phase > 0 && i < ir->n_ctx; i++)
    if (ir->ctx[i].instance == inst && ir->ctx[i].up == up)
      cv = &ir->ctx[i];
  if (!cv)
    {
      /* The room was sized by categorize_function; grow only if not.  */
      if (ir->n_ctx == ir->ctx_cap)
        {
          ir->ctx_cap = ir->ctx_cap ? 2 * ir->ctx_cap : 4;
          ir->ctx = cc_xrealloc (ir->ctx, ir->ctx_cap * sizeof *ir->ctx);
        }
      cv = &ir->ctx[ir->n_ctx++];
      *cv = (cc_context_verdict){ inst, up, { 0xff, 0, 0, 0 }, { 0xff, 0, 0, 0 } };
    }
  merge_verdict (fr, &cv->v, v.v);
  merge_verdict (fr, &cv->weak, v.alt);
  ir->ctx_cursor = (uint32_t) (cv - ir->ctx) + 1;
}

/* Walk one context (instance X, UP u): record what each reference sees
   in the accumulators and the context's own verdict per insn.  */
static void
walk_context (fcat *c, uint32_t x, uint32_t u, cc_word *s, uint32_t *block_of_ref)
{
  engine *e = c->e;
  uint32_t fi = c->fi;
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[u];
  cc_func_result *fr = &e->r->funcs[fi];
  const fphase *p = &e->fp[fi];
  uint32_t nd = e->node_base[x] + u;
  uint32_t *kl = c->kl;
  memcpy (s, e->in + (size_t) nd * e->stw, e->stw * sizeof (cc_word));
  uint32_t cur_insn = CC_NONE, cur_phase = 0;
  vpair cur = { { 0xff, 0, 0, 0 }, { 0xff, 0, 0, 0 } };
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      for (uint32_t x2 = p->block_ref[b]; x2 < p->block_ref[b + 1]; x2++)
        {
          const ref *rf = &p->refs[x2];
          block_of_ref[x2] = b;
          if (rf->insn != CC_NONE && in_focus (e, fi, rf->insn))
            {
              /* What may be cached: the oldest may plane.  */
              const cc_word *top = may_plane (e, s, e->MP - 1);
              uint32_t l = rf->line, cs = e->line_key[l], nk = 0;
              for (uint32_t i = 0; i < e->set_n[cs]; i++)
                {
                  uint32_t m = e->set_lines[cs][i];
                  if (m != l && cc_bit_get (top, m))
                    kl[nk++] = m;
                }
              int inv = cc_bit_get (top, marker (e, cs, M_INV));
              int unk = cc_bit_get (top, marker (e, cs, M_UNK));
              int taint = cc_bit_get (top, marker (e, cs, M_TAINT));
              int l_in = cc_bit_get (top, l);
              int k_any = nk || inv || unk || taint;
              /* Cached for sure: in the oldest must plane; with one way and
                 no must planes, the only line that may be in its set.  */
              int l_must = e->general ? cc_bit_get (must_plane (e, s, e->MU - 1), l)
                                      : l_in && !k_any;
              int is_asm = f->insns[rf->insn].kind == CC_INSN_ASM;
              acc *a = &c->acc[x2];
              if (!a->any)
                a->all_ah = a->all_am = 1;
              a->any = 1;
              a->all_ah &= l_must && !is_asm;
              a->all_am &= !l_in && !is_asm;
              a->any_asm |= is_asm;
              for (uint32_t i = 0; i < nk; i++)
                acc_add_k (a, kl[i]);
              a->k_unk |= unk;
              a->k_taint |= taint;
              if (a->n_ctx == a->ctx_cap)
                acc_grow_ctx (a);
              a->ctx[a->n_ctx++] = nd;
              /* This context's own verdict.  */
              cc_verdict v;
              if (is_asm)
                v = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
              else if (!l_in)
                v = (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 };
              else if (l_must)
                v = (cc_verdict){ CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
              else
                v = first_miss_scope (c, l, b, kl, nk, unk, taint, &nd, 1);
              /* Not cached for sure, not persistent: maybe cached for
                 sure at its first fetch in each execution of a loop.  So
                 is an insn in no loop of its function that is first-miss
                 per invocation: it runs once per invocation, so that
                 promise bounds nothing, and first-hit in a caller's loop
                 may.  */
              int weak_fm = v.category == CC_FIRST_MISS && v.scope == CC_SCOPE_FUNCTION
                            && fr->block_loop[b] == CC_NONE;
              if ((v.category == CC_CONFLICT || weak_fm) && !is_asm)
                {
                  cc_verdict h = first_hit (e, nd, b, x2);
                  if (h.category == CC_FIRST_HIT)
                    v = h;
                }
              if (v.category == CC_FIRST_HIT
                  && (a->fh == 0 || (a->fh == 1 && a->fh_v.loop == v.loop
                                     && a->fh_v.other_func == v.other_func)))
                {
                  a->fh = 1;
                  a->fh_v = v;
                }
              else if (v.category != CC_ALWAYS_HIT)
                a->fh = 2;
              cc_verdict w = v;
              if (v.category == CC_ALWAYS_MISS)
                w = first_miss_scope (c, l, b, kl, nk, unk, taint, &nd, 1);
              if (rf->insn != cur_insn || rf->phase != cur_phase)
                {
                  if (cur_insn != CC_NONE)
                    add_context (fr, &fr->insns[cur_insn], x, u,
                                 e->phase0 + cur_phase, cur);
                  cur_insn = rf->insn;
                  cur_phase = rf->phase;
                  cur.v = cur.alt = (cc_verdict){ 0xff, 0, 0, 0 };
                }
              combine_lines (fr, &cur.v, v);
              combine_lines (fr, &cur.alt, w);
            }
          transfer (e, s, rf->line);
          if (rf->unknown_after)
            unknown_effect (e, s);
        }
      if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
        apply_pad (e, s, fi, b);
    }
  if (cur_insn != CC_NONE)
    add_context (fr, &fr->insns[cur_insn], x, u, e->phase0 + cur_phase, cur);
}

/* The fetch of reference REF: its insn in its phase of the batch.  */
static inline uint32_t
fetch_of (const engine *e, const ref *rf)
{
  return rf->insn * e->nph + rf->phase;
}

/* The demotion of categorize_function on the per-reference verdicts V;
   BASE, if given, marks instructions that are always-miss in the primary
   verdicts as bad too.  Each phase of the batch is its own layout.  */
static void
demote_first_misses (const engine *e, const cc_func *f, const fphase *p,
                     const cc_func_result *fr, cc_verdict *v, const cc_verdict *base)
{
  size_t nf = (size_t) f->n_insns * e->nph;
  cc_verdict *insn = cc_xmalloc ((nf + 1) * sizeof *insn);
  cc_verdict *binsn = cc_xmalloc ((nf + 1) * sizeof *binsn);
  /* Bad fetches per line (a scratch array of the run: only this
     function's lines are touched, and they are cleared again).  */
  uint32_t *bad = e->line_count;
  uint8_t *is_bad = cc_xmalloc (nf + 1);
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (size_t i = 0; i < nf; i++)
        insn[i] = binsn[i] = (cc_verdict){ 0xff, 0, 0, 0 };
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].insn != CC_NONE)
          {
            combine_lines (fr, &insn[fetch_of (e, &p->refs[k])], v[k]);
            if (base)
              combine_lines (fr, &binsn[fetch_of (e, &p->refs[k])], base[k]);
          }
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].line != FOREIGN)
          bad[p->refs[k].line] = 0;
      for (size_t i = 0; i < nf; i++)
        is_bad[i] = insn[i].category == CC_ALWAYS_MISS || insn[i].category == CC_CONFLICT
                    || insn[i].category == CC_FIRST_HIT
                    || (base && binsn[i].category == CC_ALWAYS_MISS);
      for (uint32_t k = 0; k < p->n_refs; k++)
        if (p->refs[k].insn != CC_NONE && p->refs[k].line != FOREIGN
            && is_bad[fetch_of (e, &p->refs[k])])
          bad[p->refs[k].line]++;
      for (uint32_t k = 0; k < p->n_refs; k++)
        {
          uint32_t i = p->refs[k].insn;
          if (i == CC_NONE || v[k].category != CC_FIRST_MISS)
            continue;
          if (bad[p->refs[k].line] > is_bad[fetch_of (e, &p->refs[k])])
            {
              v[k] = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
              changed = 1;
            }
        }
    }
  for (uint32_t k = 0; k < p->n_refs; k++)
    if (p->refs[k].line != FOREIGN)
      bad[p->refs[k].line] = 0;
  free (is_bad);
  free (insn);
  free (binsn);
}

/* Room for the contexts, counted before the walk instead of grown one
   at a time: a context (reached instance X, UP u) visits every block of
   u once, so each reference of block b gets as many entries as reached
   contexts run through b, and so does each insn of b (its references
   and phases share one entry per context).  Gives the references their
   slices of the returned pool and the insns of the focus without room
   yet theirs.  A reference of the focus also gets a slice of *K_POOL for
   the other lines of its set it may find cached (k_lines).  */
static uint32_t *
size_contexts (engine *e, uint32_t fi, fcat *c, uint32_t **k_pool)
{
  const cc_func *f = &e->m->funcs[fi];
  cc_func_result *fr = &e->r->funcs[fi];
  const fphase *p = &e->fp[fi];
  uint32_t *through = cc_xcalloc (f->n_blocks + 1, sizeof *through);
  for (uint32_t i = 0; i < e->g.func_n_inst[fi]; i++)
    {
      uint32_t x = e->g.func_inst[fi][i];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        if (e->reached[e->node_base[x] + u])
          for (uint32_t k = 0; k < fr->ups[u].n_blocks; k++)
            through[fr->ups[u].blocks[k]]++;
    }
  size_t total = 0, k_total = 0;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    total += (size_t) through[b] * (p->block_ref[b + 1] - p->block_ref[b]);
  for (uint32_t x2 = 0; x2 < p->n_refs; x2++)
    if (p->refs[x2].insn != CC_NONE && p->refs[x2].line != FOREIGN)
      k_total += e->set_n[e->line_key[p->refs[x2].line]];
  uint32_t *pool = cc_xmalloc ((total + 1) * sizeof *pool);
  *k_pool = cc_xmalloc ((k_total + 1) * sizeof **k_pool);
  size_t at = 0, k_at = 0;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      for (uint32_t x2 = p->block_ref[b]; x2 < p->block_ref[b + 1]; x2++)
        {
          acc *a = &c->acc[x2];
          a->ctx = pool + at;
          a->ctx_cap = through[b];
          at += through[b];
          if (p->refs[x2].insn != CC_NONE && p->refs[x2].line != FOREIGN)
            {
              a->k_lines = *k_pool + k_at;
              a->k_cap = e->set_n[e->line_key[p->refs[x2].line]];
              k_at += a->k_cap;
            }
        }
      const cc_block *bb = &f->blocks[b];
      for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns; i++)
        {
          cc_insn_result *ir = &fr->insns[i];
          if (!ir->ctx && through[b] && in_focus (e, fi, i))
            {
              ir->ctx = cc_xmalloc (through[b] * sizeof *ir->ctx);
              ir->ctx_cap = through[b];
            }
        }
    }
  free (through);
  return pool;
}

static void
categorize_function (engine *e, uint32_t fi, vpair *out)
{
  const cc_func *f = &e->m->funcs[fi];
  cc_func_result *fr = &e->r->funcs[fi];
  const fphase *p = &e->fp[fi];
  fcat c = { e, fi, NULL, NULL, 0, NULL, NULL };
  c.kl = cc_xmalloc ((e->max_set_n + 1) * sizeof (uint32_t));
  c.acc = cc_xcalloc (p->n_refs + 1, sizeof (acc));
  uint32_t *block_of_ref = cc_xcalloc (p->n_refs + 1, sizeof (uint32_t));
  uint32_t ninst = e->g.func_n_inst[fi];
  c.local_of = cc_xmalloc ((e->r->n_instances + 1) * sizeof (uint32_t));
  for (uint32_t i = 0; i < ninst; i++)
    c.local_of[e->g.func_inst[fi][i]] = i;
  c.loop_r = cc_xcalloc ((size_t) ninst * fr->n_loops + 1, sizeof (loop_sets *));
  cc_word *s = cc_xmalloc (e->stw * sizeof (cc_word));
  for (uint32_t i = 0; i < f->n_insns; i++)
    fr->insns[i].ctx_cursor = 0;
  uint32_t *k_pool;
  uint32_t *ctx_pool = size_contexts (e, fi, &c, &k_pool);
  for (uint32_t i = 0; i < ninst; i++)
    {
      uint32_t x = e->g.func_inst[fi][i];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        if (e->reached[e->node_base[x] + u])
          walk_context (&c, x, u, s, block_of_ref);
    }
  free (s);

  /* Merged verdict per reference, and an alternative that weakens
     always-miss to first-miss where the joint check allows it: layout
     phases that disagree (a miss in one, a hit in another) can still share
     a first-miss promise.  */
  cc_verdict *rv = cc_xmalloc ((p->n_refs + 1) * sizeof *rv);
  cc_verdict *alt = cc_xmalloc ((p->n_refs + 1) * sizeof *alt);
  const cc_verdict conflict = { CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  for (uint32_t k = 0; k < p->n_refs; k++)
    {
      acc *a = &c.acc[k];
      const ref *rf = &p->refs[k];
      if (rf->insn == CC_NONE || !a->any || a->any_asm)
        rv[k] = alt[k] = conflict;
      else if (a->all_ah)
        rv[k] = alt[k] = (cc_verdict){ CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
      else if (a->fh == 1)
        /* Every context hits always, or at the first fetch in each
           execution of one loop.  */
        rv[k] = alt[k] = a->fh_v;
      else
        {
          /* Contexts where l is surely absent may join a first-miss: the
             joint check bounds the misses after the first fetch in any
             context, whichever it is.  */
          alt[k] = first_miss_scope (&c, rf->line, block_of_ref[k], a->k_lines, a->nk,
                                     a->k_unk, a->k_taint, a->ctx, a->n_ctx);
          rv[k] = a->all_am ? (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 } : alt[k];
        }
    }
  /* first-miss needs every other instruction of the line in this function
     to be always-hit or first-miss (semantics.md section 4): demote the
     rest, as a greatest fixpoint (a straddling instruction demoted on one
     line is a conflict on its other line too).  The alternative keeps the
     rule as well: an always-miss instruction weakened to first-miss still
     counts against the others.  */
  demote_first_misses (e, f, p, fr, rv, NULL);
  demote_first_misses (e, f, p, fr, alt, rv);

  /* Per insn and phase: combine its lines.  */
  size_t nf = (size_t) f->n_insns * e->nph;
  for (size_t i = 0; i < nf; i++)
    out[i].v = out[i].alt = (cc_verdict){ 0xff, 0, 0, 0 };
  for (uint32_t k = 0; k < p->n_refs; k++)
    if (p->refs[k].insn != CC_NONE)
      {
        combine_lines (fr, &out[fetch_of (e, &p->refs[k])].v, rv[k]);
        combine_lines (fr, &out[fetch_of (e, &p->refs[k])].alt, alt[k]);
      }
  for (size_t i = 0; i < nf; i++)
    if (out[i].v.category == 0xff)
      /* No bytes: nothing is fetched, nothing can miss.  */
      out[i].v = out[i].alt = (cc_verdict){ CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };

  free (alt);
  free (rv);
  for (uint32_t k = 0; k < p->n_refs; k++)
    {
      if (c.acc[k].k_own)
        free (c.acc[k].k_lines);
      if (c.acc[k].ctx_own)
        free (c.acc[k].ctx);
    }
  free (ctx_pool);
  free (k_pool);
  free (c.acc);
  free (block_of_ref);
  for (size_t i = 0; i < (size_t) ninst * fr->n_loops; i++)
    loop_sets_free (c.loop_r[i]);
  free (c.loop_r);
  free (c.local_of);
  free (c.kl);
}

/* ------------------------------------------------------------------ */
/* Driver.                                                             */

/* How the abstract cache models CACHE (README, "Replacement policies").
   LRU with A ways: may and must analyses with A ages each, and a line
   whose set holds fewer than A other reachable lines is first-miss.  Every
   other policy: a line is cached for sure only while it is as young as the
   policy guarantees (its minimum life span: 1 for FIFO and random, log2
   A + 1 for tree PLRU -- Reineke et al., RTS 2007), i.e. the must analysis
   of an LRU cache with that many ways; a line once loaded may stay
   forever, so the may state never ages; and first-miss needs that no
   other possibly cached line of the set is reachable, which holds for any
   policy since only a miss in the set can evict.  One way is
   direct-mapped whatever the policy, and unless GENERAL its always-hit
   comes from the may plane alone, as in the direct-mapped rules.  */
static void
set_policy (engine *e, const cc_cache *cache, int general)
{
  uint32_t a = cache->ways;
  e->general = general || a > 1;
  if (a == 1 || cache->policy == CC_POLICY_LRU)
    {
      e->MP = a;
      e->may_ages = 1;
      e->fm_limit = a;
      e->MU = e->general ? a : 0;
      return;
    }
  e->MP = 1;
  e->may_ages = 0;
  e->fm_limit = 1;
  e->MU = 1;
  if (cache->policy == CC_POLICY_PLRU)
    while ((1u << (e->MU - 1)) < a)
      e->MU++;
}

uint32_t
cc_state_planes (const cc_cache *cache)
{
  engine e;
  memset (&e, 0, sizeof e);
  set_policy (&e, cache, 0);
  return e.MP + e.MU;
}

/* Phases of section S: where it may start modulo the line size.  */
static uint32_t
phase_count (const engine *e, uint32_t s)
{
  uint32_t a = e->m->sections[s].align ? e->m->sections[s].align : 1;
  return a >= e->L ? 1 : e->L / a;
}

static void
set_batch (engine *e, uint32_t focus, uint32_t phase0, uint32_t nph)
{
  e->focus = focus;
  e->phase0 = phase0;
  e->nph = nph;
}

/* The bytes of per-node state a batch may hold (the in-states and two
   reaching sets of every node): past it the phases of a section are
   analysed in several batches.  */
#define BATCH_BYTES ((size_t) 64 << 20)

/* How many of the N phases of section SEC to analyse side by side.  The
   lines of phase 0 stand for every phase's (they differ by a few at
   most).  */
static uint32_t
batch_size (engine *e, uint32_t sec, uint32_t n)
{
  set_batch (e, sec, 0, 1);
  build_lines (e);
  /* The in-state (its planes) and the two reaching sets of a node.  */
  size_t per_phase = ((e->MP + e->MU + 2) * (size_t) e->NL + 3 * e->MP * (size_t) e->n_live) / 8 + 8;
  free_lines (e);
  size_t fit = BATCH_BYTES / ((size_t) (e->n_nodes + 1) * per_phase);
  if (fit >= n)
    return n;
  if (fit == 0)
    fit = 1;
  uint32_t batches = (uint32_t) ((n + fit - 1) / fit);
  return (n + batches - 1) / batches;
}

static void
run_phase (engine *e, vpair **merged)
{
  const cc_model *m = e->m;
  build_lines (e);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (func_usable (e, fi))
      build_fphase (e, fi);
  compute_T (e);
  e->fh = cc_xcalloc (e->r->n_instances + 1, sizeof *e->fh);
  e->fh_node = cc_xcalloc (e->n_nodes + 1, 1);
  /* First-hit may walk 20,000 references and a quarter of those the
     forward analysis walked (added there): past that it gives up
     (conflict stays), so its cost stays a fraction of the analysis'.  */
  e->fh_budget = 20000;
  e->all_r = cc_xmalloc (e->rw * sizeof (cc_word));
  memset (e->all_r, 0xff, e->rw * sizeof (cc_word));
  forward (e);
  backward_all (e, &e->rprog, 1);
  backward_all (e, &e->rfunc, 0);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (!func_usable (e, fi) || e->g.func_n_inst[fi] == 0)
        continue;
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &e->r->funcs[fi];
      int any = 0;
      for (uint32_t i = 0; i < f->n_insns && !any; i++)
        any = in_focus (e, fi, i);
      if (!any)
        continue;
      vpair *pv = cc_xmalloc (((size_t) f->n_insns * e->nph + 1) * sizeof *pv);
      categorize_function (e, fi, pv);
      for (uint32_t i = 0; i < f->n_insns; i++)
        if (in_focus (e, fi, i))
          for (uint32_t q = 0; q < e->nph; q++)
            {
              merge_verdict (fr, &merged[fi][i].v, pv[(size_t) i * e->nph + q].v);
              merge_verdict (fr, &merged[fi][i].alt, pv[(size_t) i * e->nph + q].alt);
            }
      free (pv);
      fr->analysed = 1;
    }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (func_usable (e, fi))
      free_fphase (&e->fp[fi]);
  free (e->T);
  free (e->callback);
  free (e->all_r);
  free (e->must_set);
  e->must_set = NULL;
  for (uint32_t x = 0; x < e->r->n_instances; x++)
    if (e->fh[x])
      {
        for (uint32_t l = 0; l < e->r->funcs[e->r->instances[x].func].n_loops; l++)
          fh_region_free (e->fh[x][l]);
        free (e->fh[x]);
      }
  free (e->fh);
  e->fh = NULL;
  free (e->fh_node);
  e->fh_node = NULL;
  free_lines (e);
}

static int
is_pow2 (uint32_t x)
{
  return x && !(x & (x - 1));
}

cc_result *
cc_analyse_unit (const cc_model *m, const cc_cache *cache,
                 const cc_analysis_opts *opts, char **err)
{
  if (!is_pow2 (cache->line) || !is_pow2 (cache->sets) || cache->ways == 0
      || (uint64_t) cache->line * cache->sets * cache->ways != cache->size)
    {
      *err = cc_xasprintf ("impossible cache shape: %u bytes, %u-byte lines, "
                           "%u sets", cache->size, cache->line, cache->sets);
      return NULL;
    }
  if (cache->policy > CC_POLICY_RANDOM
      || (cache->policy == CC_POLICY_PLRU && !is_pow2 (cache->ways)))
    {
      *err = cc_xasprintf ("replacement policy %u with %u ways cannot be "
                           "analysed", cache->policy, cache->ways);
      return NULL;
    }
  engine e;
  memset (&e, 0, sizeof e);
  set_policy (&e, cache, opts->general);
  e.m = m;
  e.reduce = opts->reduce;
  e.opts = opts;
  e.L = cache->line;
  e.S = cache->sets;
  cc_result *r = cc_xcalloc (1, sizeof *r);
  r->n_groups = 1;
  e.r = r;
  r->funcs = cc_xcalloc (m->n_funcs + 1, sizeof *r->funcs);
  e.cfgs = cc_xcalloc (m->n_funcs + 1, sizeof *e.cfgs);
  e.func_ok = cc_xcalloc (m->n_funcs + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &r->funcs[fi];
      fr->insns = cc_xcalloc (f->n_insns + 1, sizeof *fr->insns);
      int ok = !(f->flags & CC_FUNC_BROKEN);
      for (uint32_t i = 0; ok && i < f->n_insns; i++)
        ok = f->insns[i].part < f->n_parts
             && f->parts[f->insns[i].part].section < m->n_sections;
      if (ok && cc_cfg_build (f, fr, &e.cfgs[fi],
                              (opts->reduce & CC_REDUCE_BLOCK_UPS) != 0) != 0)
        ok = 0;
      e.func_ok[fi] = (uint8_t) ok;
    }
  e.entry = cc_instances_build (m, e.func_ok, opts, r, &e.g);
  build_nodes (&e);

  vpair **merged = cc_xcalloc (m->n_funcs + 1, sizeof *merged);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      merged[fi] = cc_xmalloc ((m->funcs[fi].n_insns + 1) * sizeof **merged);
      for (uint32_t i = 0; i < m->funcs[fi].n_insns; i++)
        merged[fi][i].v = merged[fi][i].alt = (cc_verdict){ 0xff, 0, 0, 0 };
    }
  e.fp = cc_xcalloc (m->n_funcs + 1, sizeof *e.fp);
  /* One section at a time is analysed exactly, under each of its phases,
     with every fetch from another section a foreign reference.  That
     loses nothing: a line of another section may sit in any set anyway,
     so the verdicts of the focus section depend on other sections only
     through whether some line of theirs may be cached or reached, which
     no phase changes; and the states hold the focus lines only.  The cost
     is the sum of the phase counts, not their product, and a section with
     few phases (the hot code) is not re-analysed for one with many (an
     unaligned cold part).  The phases of a section are analysed side by
     side, in as few batches as memory allows.  */
  uint8_t *has_code = cc_xcalloc (m->n_sections + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if (e.func_ok[fi])
      for (uint32_t i = 0; i < m->funcs[fi].n_insns; i++)
        has_code[m->funcs[fi].parts[m->funcs[fi].insns[i].part].section] = 1;
  r->n_phases = 1;
  for (uint32_t sec = 0; sec < m->n_sections; sec++)
    if (has_code[sec])
      {
        uint32_t n = phase_count (&e, sec);
        if (n > r->n_phases)
          r->n_phases = n;
        uint32_t nb = batch_size (&e, sec, n);
        for (uint32_t ph = 0; ph < n; ph += nb)
          {
            set_batch (&e, sec, ph, ph + nb <= n ? nb : n - ph);
            run_phase (&e, merged);
          }
      }
  free (has_code);

  /* Final verdicts, program lines and sets under phase 0.  */
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      cc_func_result *fr = &r->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        {
          cc_insn_result *ir = &fr->insns[i];
          const cc_insn *in = &f->insns[i];
          /* Phases that agree keep their verdict; where they disagree,
             the weaker promise they all keep.  */
          cc_verdict v = merged[fi][i].v;
          if (v.category == CC_CONFLICT)
            v = merged[fi][i].alt;
          if (v.category == 0xff || !fr->analysed)
            v = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
          ir->merged = v;
          for (uint32_t k = 0; k < ir->n_ctx; k++)
            if (ir->ctx[k].v.category == CC_CONFLICT)
              ir->ctx[k].v = ir->ctx[k].weak;
          ir->pline = in->offset / e.L;
          ir->set = ir->pline % e.S;
          ir->n_lines = in->length ? (in->offset + in->length - 1) / e.L - ir->pline + 1 : 0;
          if (in->kind != CC_INSN_PAD && (in->length > 0 || !fr->analysed))
            {
              fr->counts[v.category]++;
              r->counts[v.category]++;
            }
        }
      free (merged[fi]);
    }
  free (merged);
  free (e.fp);
  free_nodes (&e);
  for (int k = 0; k < 3; k++)
    free (e.buf[k]);
  cc_igraph_free (&e.g);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    cc_cfg_free (&e.cfgs[fi]);
  free (e.cfgs);
  free (e.func_ok);
  return r;
}

void
cc_result_free (cc_result *r, const cc_model *m)
{
  if (!r)
    return;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func_result *fr = &r->funcs[fi];
      for (uint32_t l = 0; l < fr->n_loops; l++)
        free (fr->loops[l].blocks);
      free (fr->loops);
      free (fr->block_loop);
      for (uint32_t u = 0; u < fr->n_ups; u++)
        free (fr->ups[u].blocks);
      free (fr->ups);
      for (uint32_t i = 0; fr->insns && i < m->funcs[fi].n_insns; i++)
        free (fr->insns[i].ctx);
      free (fr->insns);
    }
  free (r->funcs);
  free (r->instances);
  free (r);
}
