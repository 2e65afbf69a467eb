/* cachecat engine: the abstract cache state.  Its representation
   (planes of bitsets over the focus lines and the sets' markers), its
   transfer (what a fetch, unknown code, the padding on an edge and a
   whole UP do to a state), its join, and the state a root starts in
   (abstract_state.c).  The parts the hot loops use are inline here.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_ABSTRACT_STATE_H
#define CACHECAT_ABSTRACT_STATE_H

#include "engine/engine_run.h"

#include <string.h>

/* The representation.  A state is MP may planes of sw words, then MU
   must planes of lw words (engine_run.h, struct engine; how many of each
   a cache shape and policy needs: eng_set_policy).  A may plane holds the
   focus lines (the first lw words) and then the markers of the live keys;
   a must plane holds the lines only.  */

/* The markers of a key: unk, taint and inv (engine.c).  Taint ("may
   hold a line of another section") is never set where no other section
   holds code (has_foreign: there is no foreign fetch, and unknown code
   adds none).  Inv ("may be empty") only ever differs from unk where a
   root starts cold: a warm root starts with every set unk and inv, a
   fetch clears both of its set, ageing moves both, and nothing else sets
   inv.  So a key keeps only the markers that can tell something (mk_bits
   of them: unk, then taint if other sections hold code, then inv if a
   root starts cold), an absent inv is read as unk, and an absent taint
   is not read (it is 0); a state of a unit whose code is all in one
   section is then less than half markers, not two thirds.  */
enum { M_UNK = 0, M_TAINT = 1, M_INV = 2 };

/* Bit position of marker WHICH of live key K in a state: mk_bits bits
   per key, mk_keys keys to a word, so that a key's markers lie in one
   word and a transfer updates them with one mask (mk_mask).  Not for
   M_TAINT unless has_foreign.  */
static inline uint32_t
marker (const engine *e, uint32_t k, uint32_t which)
{
  return e->key_mb[k] + e->mk_pos[which];
}

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

/* Per line, what a plain fetch of it does to its set, where the set's
   lines share one word: that word (key_word of its key, CC_NONE if they
   do not), the set's lines in it (key_mask) and the bit of the set's
   first marker (marker (e, key, 0)).  One lookup by line instead of four
   by key, for the hot loops that walk references (apply_ref_inline,
   dm_hit).  */
typedef struct line_op
{
  uint32_t w;
  uint32_t mb;
  cc_word mask;
} line_op;

/* The join.  Copy N words from SRC to DST; nonzero if any is.  Four at a
   time, as cc_bits_or.  */
static inline int
copy_any (cc_word *dst, const cc_word *src, size_t n)
{
  cc_word4 any4 = { 0, 0, 0, 0 };
  size_t i = 0;
  for (; i + 4 <= n; i += 4)
    {
      cc_word4 w;
      memcpy (&w, src + i, sizeof w);
      memcpy (dst + i, &w, sizeof w);
      any4 |= w;
    }
  cc_word any = any4[0] | any4[1] | any4[2] | any4[3];
  for (; i < n; i++)
    any |= dst[i] = src[i];
  return any != 0;
}

/* Join state O into state T: what may be cached is the union (the may
   planes or-ed), what is cached for sure the intersection (the must
   planes and-ed), each plane an age bound.  Every join of states is this
   one (the forward fixpoint, first-hit's regions, a maybe fetch; a maybe
   fetch of a line whose set lies in one word joins just the words the
   fetch changes: abstract_state.c, maybe_line).  T_MAY: T's may planes
   hold a state (else T is an empty input, and takes O's); T_MUST: T's
   must planes hold one (else nothing is known of them yet, and they take
   O's).  Returns nonzero if T changed; if not TRACK, only whether it may
   have (1 wherever finding out costs a pass: the caller does not
   look).  Inline: the fixpoints join on every edge.  */
static inline int
state_join (const engine *e, cc_word *t, const cc_word *o, int t_may, int t_must, int track)
{
  size_t may = (size_t) e->MP * e->sw, must = (size_t) e->MU * e->lw;
  int changed = 1;
  if (!t_may)
    {
      if (track)
        changed = copy_any (t, o, may);
      else
        memcpy (t, o, may * sizeof (cc_word));
    }
  else if (track)
    changed = cc_bits_or (t, o, may) != 0;
  else
    cc_bits_or (t, o, may);
  if (!must)
    return changed;
  if (!t_must)
    {
      memcpy (t + may, o + may, must * sizeof (cc_word));
      return 1;
    }
  for (size_t i = 0; i < must; i++)
    {
      cc_word w = t[may + i] & o[may + i];
      changed |= w != t[may + i];
      t[may + i] = w;
    }
  return changed;
}

/* abstract_state.c */
void eng_set_policy (engine *e, const cc_cache *cache, int general);
void eng_state_layout (engine *e);
void eng_free_state_layout (engine *e);
void eng_root_state (const engine *e, uint32_t x, cc_word *s);
void eng_apply_ref (const engine *e, cc_word *s, const ref *r);
void eng_unknown_effect (const engine *e, cc_word *s);
void eng_unknown_run (const engine *e, cc_word *s, uint32_t unknown);
void eng_apply_pad (const engine *e, cc_word *s, uint32_t func, uint32_t block);
void eng_walk_up (const engine *e, uint32_t fi, uint32_t u, cc_word *s);

/* eng_apply_ref with the commonest case inline: a plain fetch of a
   focus line whose set's lines share one word of a direct-mapped state
   (one may plane, no must planes): the set now holds that line and
   nothing else (abstract_state.c, transfer).  */
static inline void
apply_ref_inline (const engine *e, cc_word *s, const ref *r)
{
  if (e->dm && r->line != FOREIGN && !r->maybe && !r->unknown_after)
    {
      const line_op *op = &e->line_ops[r->line];
      if (op->w != CC_NONE)
        {
          s[op->w] &= ~op->mask;
          s[op->mb >> 6] &= ~(e->mk_mask << (op->mb & 63));
          cc_bit_set (s, r->line);
          return;
        }
    }
  eng_apply_ref (e, s, r);
}

#endif
