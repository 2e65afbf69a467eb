/* cachecat engine: program lines.  The lines of the focus section that
   the fetches of a batch of phases touch, numbered set by set (a state's
   layout over them: abstract_state.c), and each function's references to
   them (fphase).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

/* The id of line number NO of phase Q of the batch, or NL if no fetch
   touches it.  */
uint32_t
eng_line_id (const engine *e, uint32_t q, uint32_t no)
{
  return q < e->nph && no < e->line_stride ? e->line_of[(size_t) q * e->line_stride + no]
                                           : e->NL;
}

/* The alignment padding between insn A and insn B of F
   (cc_padding_between): where it lies and how long it is.  */
static int
padding (const cc_func *f, uint32_t a, uint32_t b, uint32_t *sec, uint32_t *off,
         uint32_t *len)
{
  const cc_insn *x = &f->insns[a];
  *len = cc_padding_between (f, a, b);
  *sec = f->parts[x->part].section;
  *off = x->offset + x->length;
  return *len != 0;
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

/* Note in COV (one byte per byte of the focus section, N of them) the
   bytes of the range [off, off+len) of section SEC, or note a fetch from
   another section.  The bytes, not the lines: which bytes are fetched
   does not depend on the phase, so they are marked once, and the lines
   of every phase read them (mark_phase_lines).  */
static void
mark_bytes (engine *e, uint8_t *cov, uint32_t n, uint32_t sec, uint32_t off, uint32_t len)
{
  if (sec != e->focus)
    {
      e->has_foreign |= len > 0;
      return;
    }
  for (uint32_t b = off; b < off + len && b < n; b++)
    cov[b] = 1;
}

/* Mark in SEEN (per phase of the batch, STRIDE lines each) every line
   that holds a byte of COV (N bytes) in its phase: the lines the
   fetches touch, as marking each fetch's lines in each phase would
   (FOR_LINES), at the cost of one pass over the lines of each phase.
   PRE[i] counts the marked bytes below i.  */
static void
mark_phase_lines (const engine *e, const uint8_t *cov, uint32_t n, uint8_t *seen,
                  uint32_t stride)
{
  uint32_t *pre = cc_xmalloc (((size_t) n + 1) * sizeof *pre);
  pre[0] = 0;
  for (uint32_t b = 0; b < n; b++)
    pre[b + 1] = pre[b] + cov[b];
  for (uint32_t q = 0; q < e->nph; q++)
    {
      /* Byte b lies on line (b + shift) / L: line no holds the bytes
         [no * L - shift, (no + 1) * L - shift).  */
      uint64_t shift = shift_of (e, q);
      for (uint32_t no = 0; no < stride; no++)
        {
          uint64_t lo = (uint64_t) no * e->L, hi = lo + e->L;
          lo = lo > shift ? lo - shift : 0;
          hi = hi > shift ? hi - shift : 0;
          if (lo > n)
            lo = n;
          if (hi > n)
            hi = n;
          if (pre[hi] > pre[lo])
            seen[(size_t) q * stride + no] = 1;
        }
    }
  free (pre);
}

/* The bytes of IN fetched for sure whenever control passes it: none if
   its fetch itself is a maybe, else all but its maybe tail.  */
static uint32_t
sure_bytes (const cc_insn *in)
{
  if (in->fetch == CC_FETCH_MAYBE)
    return 0;
  return in->maybe_tail < in->length ? in->length - in->maybe_tail : 0;
}

/* Where the references of one block (or one block's edge padding) go:
   the array (room made for all of them), how many so far, where the
   block's start, the references counted as if none were left out (RAW),
   and, if repeats are left out (LAST not NULL), per phase of the batch
   the line of the last plain fetch of that phase that nothing after it
   changed (CC_NONE for none).  */
typedef struct ref_sink
{
  ref *v;
  size_t n, first;
  uint32_t raw;
  uint32_t *last;
  int left_out;          /* a repeat was left out */
} ref_sink;

/* The references of one fetch: in each phase of the batch, one per focus
   line it touches, phase after phase; or one foreign reference.  (The
   references of different phases touch different bits, so their order
   among each other does not matter.)  Foreign references right after a
   foreign reference of the same block are left out where they change
   nothing more: direct-mapped, a foreign fetch only marks every set as
   possibly holding a foreign line, and twice is once.  The cold code of
   a unit, analysed on its own, then walks a few references per block of
   the hot code, not one per instruction.  Repeats are left out too
   (make_refs says which, and why they change nothing).  RAW counts
   the references as if none were left out (the cost first-hit's budget
   is measured in, which must not change).  Of the LEN bytes only the
   first SURE are fetched for sure: a line that only the others touch is
   a maybe reference.  (Direct-mapped, a foreign fetch only marks sets,
   so a maybe one marks them the same way and may be left out too.)
   PROMISES: the insn makes promises (else no ref of it is a repeat:
   its verdict is conflict).  */
static void
push_refs (engine *e, ref_sink *k, uint32_t insn, int promises, uint32_t sec, uint32_t off,
           uint32_t len, uint32_t sure, int unknown_after_it)
{
  const uint32_t nph = e->nph;
  if (len > 0 && sec != e->focus)
    {
      /* Where another section lies is unknown, so a fetch of LEN bytes
         there touches as many lines as it can under any placement: each
         may age every set by one.  */
      uint32_t n_lines = 1 + (len + e->L - 2) / e->L;
      uint32_t n_sure = sure ? 1 + (sure + e->L - 2) / e->L : 0;
      k->raw += n_lines;
      /* A foreign fetch may load anything in any set.  */
      for (uint32_t q = 0; k->last && q < nph; q++)
        k->last[q] = CC_NONE;
      if (!e->general && k->n > k->first && k->v[k->n - 1].line == FOREIGN
          && !k->v[k->n - 1].unknown_after)
        {
          k->v[k->n - 1].unknown_after = (uint8_t) unknown_after_it;
          return;
        }
      for (uint32_t j = 0; j < n_lines; j++)
        k->v[k->n++] = (ref){ insn, FOREIGN, 0, (uint8_t) (unknown_after_it && j + 1 == n_lines),
                              (uint8_t) (j >= n_sure) };
      return;
    }
  if (len == 0)
    return;
  ref *out = k->v + k->n;
  /* The engine's fields in locals: the stores into the refs could alias
     them, and would have them read again for every reference.  */
  const uint32_t lb = e->Lb, stride = e->line_stride;
  const uint32_t align = e->m->sections[e->focus].align;
  const uint32_t *line_of = e->line_of;
  uint32_t *last = k->last;
  uint32_t at = off + e->phase0 * align;
  if (last && promises && sure == len && !unknown_after_it)
    {
      /* The commonest fetch, a plain one of an insn that promises, in
         its own loop: the general one below does the same.  */
      const uint32_t *id = line_of;
      uint32_t raw = 0;
      int left_out = 0;
      for (uint32_t q = 0; q < nph; q++, at += align, id += stride)
        {
          uint32_t no = at >> lb, end = (at + len - 1) >> lb;
          raw += end - no + 1;
          if (last[q] == id[no])
            {
              left_out = 1;
              no++;
            }
          for (; no <= end; no++)
            *out++ = (ref){ insn, id[no], (uint16_t) q, 0, 0 };
          last[q] = id[end];
        }
      k->raw += raw;
      k->left_out |= left_out;
      k->n = (size_t) (out - k->v);
      return;
    }
  for (uint32_t q = 0; q < nph; q++, at += align)
    {
      uint32_t no = at >> lb, end = (at + len - 1) >> lb;
      /* The lines past the last one the sure bytes touch are maybe
         fetched (all of them if SURE is 0).  */
      uint32_t sure_end = sure ? ((at + sure - 1) >> lb) + 1 : 0;
      const uint32_t *id = line_of + (size_t) q * stride;
      k->raw += end - no + 1;
      /* Only the first line can be a repeat: each later one differs
         from the one before it, which LAST then holds (or none).  Not
         the very last reference if unknown code runs after it.  */
      if (last && promises && last[q] == id[no]
          && !(unknown_after_it && q + 1 == nph && no == end))
        {
          k->left_out = 1;
          no++;
        }
      for (; no <= end; no++)
        {
          uint8_t maybe = no >= sure_end;
          *out++ = (ref){ insn, id[no], (uint16_t) q, 0, maybe };
          /* A maybe fetch may leave its set as it was: it ends a run (it
             is no plain fetch for the next ref).  */
          if (last)
            last[q] = maybe ? CC_NONE : id[no];
        }
    }
  /* Unknown code runs after it (an asm), in every phase: after the last
     reference (which is never a repeat); then it may have loaded
     anything in any set.  */
  if (unknown_after_it)
    {
      out[-1].unknown_after = 1;
      for (uint32_t q = 0; last && q < nph; q++)
        last[q] = CC_NONE;
    }
  k->n = (size_t) (out - k->v);
}

/* The most references push_refs makes of a fetch of LEN bytes of
   section SEC (of a foreign one, as if none were left out).  */
static size_t
refs_most (const engine *e, uint32_t sec, uint32_t len)
{
  if (len == 0)
    return 0;
  size_t lines = 1 + (len + e->L - 2) / e->L;
  return sec != e->focus ? lines : lines * e->nph;
}

/* The batch's lines: every line some fetch of the focus section
   touches, in each phase, numbered in (phase, line) order.  */
void
eng_build_lines (engine *e)
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
  /* A call of a function without a model may fetch its footprint:
     lines of the focus no analysed fetch touches that must be counted in
     their sets all the same (engine_summaries.c).  */
  for (uint32_t k = 0; k < e->n_fps; k++)
    {
      const cc_footprint *fp = m->funcs[e->fps[k].func].footprint;
      for (uint32_t i = 0; i < fp->n_ranges; i++)
        if (fp->ranges[i].section == e->focus
            && fp->ranges[i].offset + fp->ranges[i].size > end)
          end = fp->ranges[i].offset + fp->ranges[i].size;
    }
  uint32_t stride = (end + e->L) / e->L + 1;
  uint8_t *seen = cc_xcalloc ((size_t) stride * e->nph + 1, 1);
  /* The fetched bytes lie below END (padding lies between insns).  */
  uint8_t *cov = cc_xcalloc ((size_t) end + 1, 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      if (!func_usable (e, fi))
        continue;
      const cc_func *f = &m->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        if (f->insns[i].fetch != CC_FETCH_NEVER)
          mark_bytes (e, cov, end, f->parts[f->insns[i].part].section,
                      f->insns[i].offset, f->insns[i].length);
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          uint32_t sec, off, len;
          if (pad_range (f, b, &sec, &off, &len))
            mark_bytes (e, cov, end, sec, off, len);
        }
    }
  for (uint32_t k = 0; k < e->n_fps; k++)
    {
      const cc_footprint *fp = m->funcs[e->fps[k].func].footprint;
      for (uint32_t i = 0; i < fp->n_ranges; i++)
        mark_bytes (e, cov, end, fp->ranges[i].section, fp->ranges[i].offset,
                    fp->ranges[i].size);
    }
  mark_phase_lines (e, cov, end, seen, stride);
  free (cov);
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
     set are one range of bits; and note each line's id in a table by
     (phase, number), for lookups (NL: no fetch touches it).  */
  e->line_stride = stride;
  e->line_of = cc_xmalloc (((size_t) stride * e->nph + 1) * sizeof *e->line_of);
  for (size_t k = 0; k < (size_t) stride * e->nph; k++)
    e->line_of[k] = u;
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
      e->line_of[(size_t) (keys[i] >> 32) * stride + (uint32_t) keys[i]] = id;
      e->line_no[id] = (uint32_t) keys[i];
      e->line_key[id] = k;
    }
  free (fill);
  free (keys);
  e->key_word = cc_xmalloc ((nkeys + 1) * sizeof *e->key_word);
  e->key_mask = cc_xcalloc (nkeys + 1, sizeof *e->key_mask);
  for (uint32_t k = 0; k < nkeys; k++)
    {
      uint32_t lo = e->key_first[k], hi = lo + e->set_n[k];
      e->key_word[k] = CC_NONE;
      if (hi > lo && lo >> 6 == (hi - 1) >> 6)
        {
          e->key_word[k] = lo >> 6;
          e->key_mask[k] = cc_word_mask (lo >> 6, lo, hi);
        }
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
  e->lw = CC_WORDS (u);
  e->rw = e->lw + 1;
  e->bit_seen = cc_xcalloc ((size_t) e->rw * 64, sizeof *e->bit_seen);
  e->stamp = 0;
  eng_state_layout (e);
}

void
eng_free_lines (engine *e)
{
  eng_free_state_layout (e);
  free (e->set_n);
  free (e->live_of);
  free (e->bit_seen);
  free (e->line_no);
  free (e->line_key);
  free (e->line_of);
  free (e->key_first);
  free (e->key_word);
  free (e->key_mask);
}

/* The block whose refs block B's continue: its only reachable
   predecessor, if B heads no UP and nothing runs between the two (no
   padding on the edge).  Every walk that runs B then comes from that
   block, right before it in the same UP (a UP is a path from its head,
   and only heads start one), so what the predecessor's last refs left
   youngest in their sets is still so when B starts.  CC_NONE if none.  */
static uint32_t
carried_from (const engine *e, uint32_t fi, uint32_t b)
{
  const cc_fcfg *cfg = &e->cfgs[fi];
  const cc_func *f = &e->m->funcs[fi];
  if (!cfg->reachable[b] || cfg->head_up[b] != CC_NONE)
    return CC_NONE;
  uint32_t from = CC_NONE;
  for (uint32_t k = 0; k < cfg->n_preds[b]; k++)
    if (cfg->reachable[cfg->preds[b][k]])
      {
        if (from != CC_NONE)
          return CC_NONE;
        from = cfg->preds[b][k];
      }
  uint32_t sec, off, len;
  if (from == CC_NONE || from == b
      || (f->blocks[from].fallthru == b && pad_range (f, from, &sec, &off, &len)))
    return CC_NONE;
  return from;
}

/* The refs of block B of function FI (its insns' and the padding between
   them) into K, from K->first on, repeats left out.  */
static void
block_refs (engine *e, uint32_t fi, uint32_t b, ref_sink *k)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_block *bb = &f->blocks[b];
  for (uint32_t j = 0; j < bb->n_insns; j++)
    {
      uint32_t i = bb->first_insn + j;
      const cc_insn *in = &f->insns[i];
      /* Padding inside a block runs on the way to the next insn.  */
      uint32_t psec, poff, plen;
      if (j > 0 && padding (f, i - 1, i, &psec, &poff, &plen))
        push_refs (e, k, CC_NONE, 1, psec, poff, plen, plen, 0);
      if (in->fetch != CC_FETCH_NEVER)
        push_refs (e, k, i, !cc_insn_no_promise (in), f->parts[in->part].section, in->offset,
                   in->length, sure_bytes (in), cc_insn_unknown_after (in));
    }
}

/* The refs of function FI that are no repeat, block by block.  A ref is
   a repeat when its line is the youngest in its set, with no marker in
   the youngest plane, whatever state its UP starts in.  A plain fetch
   (no maybe, no unknown code after it) leaves its line so
   (abstract_state.c, transfer: the line becomes the youngest, the set's
   other lines and markers leave the youngest plane); refs of other
   phases touch other sets (each phase has sets of its own), so until a
   ref of the same phase, a foreign ref or unknown code comes, it stays
   so.  A ref whose last such predecessor in its block, or in the block
   its block continues (carried_from), is a plain fetch of its own line
   therefore hits for sure in every context and every walk (it is in
   every must plane, or alone in the one may plane of a direct-mapped
   cache), and fetching the line again changes nothing (nothing ages: it
   is the youngest already), nor does a maybe fetch of it (the join of
   the state with itself), unless unknown code runs after it.  So a walk
   need not look at it, and it is not kept: only the steps are.  Most
   refs are repeats (an insn on the line of the one before it, in most
   phases), so the blocks are made in an order that lets a block start
   from the end of the one it continues (that block first), each into
   room of its own, and then moved together.  Per block: RAW, its refs
   counted as if none were left out; BLOCK_REPEAT, whether a repeat was
   left out of it.  */
static void
make_refs (engine *e, uint32_t fi, fphase *p, uint32_t *raw, uint8_t *block_repeat)
{
  const cc_func *f = &e->m->funcs[fi];
  const uint32_t nph = e->nph, n = f->n_blocks;
  /* Room for every reference of each block, as push_refs could make
     them: the blocks' slots.  */
  size_t *slot = cc_xmalloc ((n + 1) * sizeof *slot);
  size_t room = 0;
  for (uint32_t b = 0; b < n; b++)
    {
      const cc_block *bb = &f->blocks[b];
      slot[b] = room;
      for (uint32_t j = 0; j < bb->n_insns; j++)
        {
          uint32_t i = bb->first_insn + j;
          const cc_insn *in = &f->insns[i];
          uint32_t psec, poff, plen;
          if (j > 0 && padding (f, i - 1, i, &psec, &poff, &plen))
            room += refs_most (e, psec, plen);
          if (in->fetch != CC_FETCH_NEVER)
            room += refs_most (e, f->parts[in->part].section, in->length);
        }
    }
  ref *v = cc_xmalloc ((room + 1) * sizeof *v);
  uint32_t *count = cc_xmalloc ((n + 1) * sizeof *count);
  /* Per block: the block it continues, and where the state at its end
     is kept for the blocks that continue it (CC_NONE: none do).  */
  uint32_t *from = cc_xmalloc ((n + 1) * sizeof *from);
  uint32_t *kept = cc_xmalloc ((n + 1) * sizeof *kept);
  uint32_t n_kept = 0;
  for (uint32_t b = 0; b < n; b++)
    kept[b] = CC_NONE;
  for (uint32_t b = 0; b < n; b++)
    {
      from[b] = carried_from (e, fi, b);
      if (from[b] != CC_NONE && kept[from[b]] == CC_NONE)
        kept[from[b]] = n_kept++;
    }
  uint32_t *ends = cc_xmalloc (((size_t) n_kept * nph + 1) * sizeof *ends);
  uint32_t *last = cc_xmalloc ((nph + 1) * sizeof *last);
  /* 0 not made, 1 being made (its chain is on the stack), 2 made.  A
     chain of blocks that continue each other is walked back to its
     start, then made forward.  */
  uint8_t *state = cc_xcalloc (n + 1, 1);
  uint32_t *stack = cc_xmalloc ((n + 1) * sizeof *stack);
  for (uint32_t b0 = 0; b0 < n; b0++)
    {
      uint32_t depth = 0;
      for (uint32_t b = b0; b != CC_NONE && state[b] == 0; b = from[b])
        {
          state[b] = 1;
          stack[depth++] = b;
        }
      while (depth > 0)
        {
          uint32_t b = stack[--depth];
          /* A chain that runs into itself (no reachable block does: a
             cycle of blocks with one predecessor each has no way in)
             starts from nothing.  */
          if (from[b] != CC_NONE && state[from[b]] == 2)
            memcpy (last, ends + (size_t) kept[from[b]] * nph, nph * sizeof *last);
          else
            for (uint32_t q = 0; q < nph; q++)
              last[q] = CC_NONE;
          ref_sink k = { v, slot[b], slot[b], 0, last, 0 };
          block_refs (e, fi, b, &k);
          count[b] = (uint32_t) (k.n - slot[b]);
          raw[b] = k.raw;
          block_repeat[b] = (uint8_t) k.left_out;
          if (kept[b] != CC_NONE)
            memcpy (ends + (size_t) kept[b] * nph, last, nph * sizeof *last);
          state[b] = 2;
        }
    }
  /* The blocks' refs together, in block order.  */
  uint32_t at = 0;
  for (uint32_t b = 0; b < n; b++)
    {
      p->block_ref[b] = at;
      memmove (v + at, v + slot[b], count[b] * sizeof *v);
      at += count[b];
    }
  p->block_ref[n] = at;
  p->n_refs = at;
  p->refs = cc_xrealloc (v, ((size_t) at + 1) * sizeof *v);
  free (stack);
  free (state);
  free (last);
  free (ends);
  free (kept);
  free (from);
  free (count);
  free (slot);
}

/* Add BIT to the bits of the UP being listed (P->up_bits, N of them so
   far), unless it is there: the run's bit_seen holds per bit the stamp
   of the last UP that listed it.  */
static inline void
list_bit (engine *e, fphase *p, uint32_t *n, uint32_t bit)
{
  if (e->bit_seen[bit] != e->stamp)
    {
      e->bit_seen[bit] = e->stamp;
      p->up_bits[(*n)++] = bit;
    }
}

/* P's up_start and up_bits: per UP of function FI, the bits of the
   R-format set of what it references: its refs' lines (a repeat's line
   is an earlier ref's), the padding between its chained blocks, the
   foreign bit, the unknown bit after an asm.  */
static void
up_bits (engine *e, uint32_t fi, fphase *p)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_func_result *fr = &e->r->funcs[fi];
  /* Per UP at most a bit per ref, and the unknown bit.  */
  size_t room = 1;
  for (uint32_t u = 0; u < fr->n_ups; u++)
    {
      room++;
      for (uint32_t k = 0; k < fr->ups[u].n_blocks; k++)
        {
          uint32_t b = fr->ups[u].blocks[k];
          room += p->block_ref[b + 1] - p->block_ref[b] + p->pad_ref[b + 1] - p->pad_ref[b];
        }
    }
  p->up_start = cc_xmalloc ((fr->n_ups + 1) * sizeof *p->up_start);
  p->up_bits = cc_xmalloc (room * sizeof *p->up_bits);
  uint32_t n = 0;
  for (uint32_t u = 0; u < fr->n_ups; u++)
    {
      p->up_start[u] = n;
      e->stamp++;
      const cc_up *up = &fr->ups[u];
      for (uint32_t k = 0; k < up->n_blocks; k++)
        {
          uint32_t b = up->blocks[k];
          for (uint32_t x = p->block_ref[b]; x < p->block_ref[b + 1]; x++)
            {
              const ref *rf = &p->refs[x];
              list_bit (e, p, &n, rf->line == FOREIGN ? R_FOREIGN (e) : rf->line);
              if (rf->unknown_after)
                list_bit (e, p, &n, R_UNKNOWN (e));
            }
          /* Padding between chained blocks belongs to the UP.  */
          if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
            for (uint32_t x = p->pad_ref[b]; x < p->pad_ref[b + 1]; x++)
              list_bit (e, p, &n, p->pads[x].line == FOREIGN ? R_FOREIGN (e) : p->pads[x].line);
        }
    }
  p->up_start[fr->n_ups] = n;
}

void
eng_build_fphase (engine *e, uint32_t fi)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_func_result *fr = &e->r->funcs[fi];
  fphase *p = &e->fp[fi];
  p->block_ref = cc_xmalloc ((f->n_blocks + 1) * sizeof (uint32_t));
  uint32_t *raw = cc_xcalloc (f->n_blocks + 1, sizeof *raw);
  uint8_t *block_repeat = cc_xcalloc (f->n_blocks + 1, 1);
  make_refs (e, fi, p, raw, block_repeat);
  /* The padding on each block's fall-through edge: no repeats left out
     (the edge is not walked with the block).  */
  p->pad_ref = cc_xmalloc ((f->n_blocks + 1) * sizeof (uint32_t));
  size_t pad_room = 1;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      uint32_t sec, off, len;
      if (pad_range (f, b, &sec, &off, &len))
        pad_room += refs_most (e, sec, len);
    }
  p->pads = cc_xmalloc (pad_room * sizeof *p->pads);
  ref_sink pk = { p->pads, 0, 0, 0, NULL, 0 };
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      p->pad_ref[b] = (uint32_t) pk.n;
      pk.first = pk.n;
      uint32_t sec, off, len;
      if (pad_range (f, b, &sec, &off, &len))
        push_refs (e, &pk, CC_NONE, 1, sec, off, len, len, 0);
    }
  p->pad_ref[f->n_blocks] = (uint32_t) pk.n;
  p->up_nrefs = cc_xcalloc (fr->n_ups + 1, sizeof (uint32_t));
  p->up_repeat = cc_xcalloc (fr->n_ups + 1, 1);
  for (uint32_t u = 0; u < fr->n_ups; u++)
    for (uint32_t k = 0; k < fr->ups[u].n_blocks; k++)
      {
        p->up_nrefs[u] += raw[fr->ups[u].blocks[k]];
        p->up_repeat[u] |= block_repeat[fr->ups[u].blocks[k]];
      }
  free (raw);
  free (block_repeat);
  up_bits (e, fi, p);
}

void
eng_free_fphase (fphase *p)
{
  free (p->refs);
  free (p->block_ref);
  free (p->up_repeat);
  free (p->pads);
  free (p->pad_ref);
  free (p->up_start);
  free (p->up_bits);
  free (p->up_nrefs);
  memset (p, 0, sizeof *p);
}
