/* cachecat engine: the abstract cache state (abstract_state.h).  How a
   cache shape and policy is modelled, the layout of a state over the
   lines of a run, the state a root starts in, and the transfer functions:
   what a reference, unknown code, the padding on an edge and a whole UP
   do to a state.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/abstract_state.h"

#include <stdlib.h>
#include <string.h>

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
void
eng_set_policy (engine *e, const cc_cache *cache, int general)
{
  uint32_t a = cache->ways;
  e->general = general || a > 1;
  if (a == 1 || cache->policy == CC_POLICY_LRU)
    {
      e->MP = a;
      e->may_ages = 1;
      e->fm_limit = a;
      e->MU = e->general ? a : 0;
      e->dm = a == 1 && !e->general;
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
  eng_set_policy (&e, cache, 0);
  return e.MP + e.MU;
}

/* The layout of a state over the run's lines (eng_build_lines): where
   the markers of each live key lie (marker), each line's line_op, the
   words of a state, and the masks of every set's markers.  */
void
eng_state_layout (engine *e)
{
  uint32_t nkeys = e->nph * e->S, u = e->NL;
  e->mk_bits = 1;
  e->mk_pos[M_UNK] = 0;
  e->mk_pos[M_TAINT] = e->has_foreign ? e->mk_bits++ : 0;
  e->mk_pos[M_INV] = e->cold_root ? e->mk_bits++ : e->mk_pos[M_UNK];
  e->mk_keys = 64 / e->mk_bits;
  e->mk_mask = ((cc_word) 1 << e->mk_bits) - 1;
  e->key_mb = cc_xmalloc ((nkeys + 1) * sizeof *e->key_mb);
  for (uint32_t k = 0; k < nkeys; k++)
    {
      uint32_t v = e->live_of[k];
      e->key_mb[k] = v == CC_NONE ? CC_NONE
                                  : (e->lw + v / e->mk_keys) * 64 + e->mk_bits * (v % e->mk_keys);
    }
  e->line_ops = cc_xmalloc ((u + 1) * sizeof *e->line_ops);
  for (uint32_t l = 0; l < u; l++)
    {
      uint32_t k = e->line_key[l];
      e->line_ops[l] = (line_op){ e->key_word[k], marker (e, k, 0), e->key_mask[k] };
    }
  e->sw = e->lw + (e->n_live + e->mk_keys - 1) / e->mk_keys;
  e->stw = (size_t) e->MP * e->sw + (size_t) e->MU * e->lw;
  e->maybe_tmp = cc_xmalloc ((e->stw + 1) * sizeof (cc_word));
  e->taint_all = cc_xcalloc (e->sw, sizeof (cc_word));
  e->unk_all = cc_xcalloc (e->sw, sizeof (cc_word));
  e->inv_all = cc_xcalloc (e->sw, sizeof (cc_word));
  for (uint32_t k = 0; k < nkeys; k++)
    {
      if (e->live_of[k] == CC_NONE)
        continue;
      cc_bit_set (e->inv_all, marker (e, k, M_INV));
      cc_bit_set (e->unk_all, marker (e, k, M_UNK));
      if (e->has_foreign)
        {
          cc_bit_set (e->taint_all, marker (e, k, M_TAINT));
          cc_bit_set (e->unk_all, marker (e, k, M_TAINT));
        }
    }
}

void
eng_free_state_layout (engine *e)
{
  free (e->key_mb);
  free (e->line_ops);
  free (e->taint_all);
  free (e->unk_all);
  free (e->inv_all);
  free (e->maybe_tmp);
}

/* The markers of key K: word *W of a state, bits *M.  */
static inline void
key_markers (const engine *e, uint32_t k, uint32_t *w, cc_word *m)
{
  uint32_t b = marker (e, k, 0);
  *w = b >> 6;
  *m = e->mk_mask << (b & 63);
}

/* DST := SRC on the lines of key K, and on its markers if MARKERS.  */
static inline void
copy_key (const engine *e, cc_word *dst, const cc_word *src, uint32_t k, int markers)
{
  /* Most sets hold a few lines, all in one word.  */
  uint32_t w = e->key_word[k];
  if (w != CC_NONE)
    dst[w] = (dst[w] & ~e->key_mask[k]) | (src[w] & e->key_mask[k]);
  else
    cc_bits_copy_range (dst, src, e->key_first[k], e->key_first[k] + e->set_n[k]);
  if (markers)
    {
      cc_word m;
      key_markers (e, k, &w, &m);
      dst[w] = (dst[w] & ~m) | (src[w] & m);
    }
}

static inline void
clear_key (const engine *e, cc_word *s, uint32_t k, int markers)
{
  uint32_t w = e->key_word[k];
  if (w != CC_NONE)
    s[w] &= ~e->key_mask[k];
  else
    cc_bits_clear_range (s, e->key_first[k], e->key_first[k] + e->set_n[k]);
  if (markers)
    {
      cc_word m;
      key_markers (e, k, &w, &m);
      s[w] &= ~m;
    }
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

/* A reference to a line of another section in state S: it may land in
   any set.  It may be cached now (may), and every set may have aged
   (must).  It may also be a line the focus shares with that section
   (edge).  Not inline, nor transfer_line: inlined into eng_apply_ref, they
   would make every reference pay their register saves.  */
static __attribute__ ((noinline)) void
transfer_foreign (const engine *e, cc_word *s)
{
  for (uint32_t k = 0; k < e->MP; k++)
    {
      cc_bits_or (may_plane (e, s, k) + e->lw, e->taint_all + e->lw, e->sw - e->lw);
      cc_bits_or (may_plane (e, s, k), e->edge, e->lw);
    }
  for (uint32_t k = e->MU; k-- > 1;)
    memcpy (must_plane (e, s, k), must_plane (e, s, k - 1), e->lw * sizeof (cc_word));
  if (e->MU)
    memset (must_plane (e, s, 0), 0, e->lw * sizeof (cc_word));
}

/* A reference to line L of the focus in state S.  LRU ageing
   (Ferdinand): with h the age bound of L, the lines of its set that may be
   as young as h (may) or are younger than h (must) grow one older, L
   becomes the youngest.  In planes: planes up to h take the plane below,
   plane 0 loses the set.  With one way that empties the set but for L, the
   direct-mapped transfer.  */
static __attribute__ ((noinline)) void
transfer_line (const engine *e, cc_word *s, uint32_t l)
{
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

/* A reference to line L (or a FOREIGN one) in state S.  */
static inline void
transfer (const engine *e, cc_word *s, uint32_t l)
{
  if (l == FOREIGN)
    transfer_foreign (e, s);
  else if (e->may_ages && e->MP == 1 && !e->MU)
    {
      /* One way, may plane only (direct-mapped): the set now holds L and
         nothing else.  transfer_line does the same, slower; this runs
         for most references, so it is inline and short.  */
      clear_key (e, s, e->line_key[l], 1);
      cc_bit_set (s, l);
    }
  else
    transfer_line (e, s, l);
}

/* Unknown code runs: any set may now hold a line we cannot name, any line
   that unknown code may reach through the unit's callable functions, and
   (if other sections hold code) a line of another section; nothing is
   cached for sure any more.  */
void
eng_unknown_effect (const engine *e, cc_word *s)
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

/* Key K of state S, in the must planes, ages by N: plane j takes plane
   j - N, and the N youngest planes lose the set (clear_key).  */
static void
must_age_key (const engine *e, cc_word *s, uint32_t k, uint32_t n)
{
  for (uint32_t j = e->MU; j-- > 0;)
    if (j >= n)
      copy_key (e, must_plane (e, s, j), must_plane (e, s, j - n), k, 0);
    else
      clear_key (e, must_plane (e, s, j), k, 0);
}

/* Every set of state S, in the must planes, ages by N.  */
static void
must_age_all (const engine *e, cc_word *s, uint32_t n)
{
  if (n > e->MU)
    n = e->MU;
  for (uint32_t j = e->MU; j-- > n;)
    memcpy (must_plane (e, s, j), must_plane (e, s, j - n), e->lw * sizeof (cc_word));
  memset (must_plane (e, s, 0), 0, (size_t) n * e->lw * sizeof (cc_word));
}

/* A function without a model runs, fetching nothing but footprint F
   (engine_summaries.c), in any order, any number of times.  May: each of
   its lines may now be cached, at any age, and the others keep the ages
   they may have (those lines may all have been younger already).  Must: a
   set ages by at most the number of distinct lines fetched in it, as
   LRU ages (and, for the other policies, as the must planes model them:
   transfer_line), so by its lines of F in the set, plus F's lines of
   other sections, which may be in any set (transfer_foreign).  */
static void
footprint_effect (const engine *e, cc_word *s, const footprint *f)
{
  for (uint32_t k = 0; k < e->MP; k++)
    {
      cc_bits_or (may_plane (e, s, k), f->r, e->lw);
      if (f->n_foreign)
        {
          cc_bits_or (may_plane (e, s, k) + e->lw, e->taint_all + e->lw, e->sw - e->lw);
          cc_bits_or (may_plane (e, s, k), e->edge, e->lw);
        }
    }
  if (!e->MU)
    return;
  must_age_all (e, s, f->n_foreign);
  for (uint32_t i = 0; i < f->n_keys; i++)
    must_age_key (e, s, f->keys[i], f->lines[i]);
}

/* Unknown code that may fetch UNKNOWN (edge.unknown) runs in state S.  */
void
eng_unknown_run (const engine *e, cc_word *s, uint32_t unknown)
{
  if (unknown >= UNKNOWN_FP (0) && !e->fps[unknown - UNKNOWN_FP (0)].any)
    footprint_effect (e, s, &e->fps[unknown - UNKNOWN_FP (0)]);
  else
    eng_unknown_effect (e, s);
}

/* The most planes maybe_line saves words of; more take apply_ref_rare's
   copy of the whole state.  */
#define MAYBE_PLANES 32

/* A maybe fetch of line L of the focus in state S, whose set's lines
   share one word: the join of S with the state after the fetch.  A
   transfer of L changes only that word and the set's marker word in each
   plane (transfer_line, and the direct-mapped transfer), so the join
   (state_join) needs those words alone: the may planes or-ed, the must
   planes and-ed.
   Returns 0 (and does nothing) where that does not hold.  */
static int
maybe_line (const engine *e, cc_word *s, uint32_t l)
{
  uint32_t k = e->line_key[l], w = e->key_word[k];
  if (w == CC_NONE || e->MP + e->MU > MAYBE_PLANES)
    return 0;
  uint32_t mw = marker (e, k, 0) >> 6;
  cc_word may_w[MAYBE_PLANES], may_m[MAYBE_PLANES], must_w[MAYBE_PLANES];
  for (uint32_t p = 0; p < e->MP; p++)
    {
      may_w[p] = may_plane (e, s, p)[w];
      may_m[p] = may_plane (e, s, p)[mw];
    }
  for (uint32_t p = 0; p < e->MU; p++)
    must_w[p] = must_plane (e, s, p)[w];
  transfer (e, s, l);
  for (uint32_t p = 0; p < e->MP; p++)
    {
      may_plane (e, s, p)[w] |= may_w[p];
      may_plane (e, s, p)[mw] |= may_m[p];
    }
  for (uint32_t p = 0; p < e->MU; p++)
    must_plane (e, s, p)[w] &= must_w[p];
  return 1;
}

/* eng_apply_ref for a maybe fetch or one unknown code follows.  */
static __attribute__ ((noinline)) void
apply_ref_rare (const engine *e, cc_word *s, const ref *r)
{
  if (r->maybe && !r->unknown_after && r->line != FOREIGN && maybe_line (e, s, r->line))
    return;
  /* The state as it is without the fetch (only a maybe needs it).  */
  cc_word *t = r->maybe ? e->maybe_tmp : NULL;
  if (t)
    memcpy (t, s, e->stw * sizeof (cc_word));
  transfer (e, s, r->line);
  if (r->unknown_after)
    eng_unknown_effect (e, s);
  if (t)
    state_join (e, s, t, 1, 1, 0);
}

/* Reference R in state S: the fetch, and unknown code after an asm.  A
   fetch that may or may not happen joins both outcomes: what may be
   cached is the union (the may planes or-ed), what is cached for sure
   the intersection (the must planes and-ed), each plane an age bound.
   Most references are neither: a plain fetch, the short path.  */
void
eng_apply_ref (const engine *e, cc_word *s, const ref *r)
{
  if (r->maybe || r->unknown_after)
    apply_ref_rare (e, s, r);
  else
    transfer (e, s, r->line);
}

static void
apply_refs (const engine *e, cc_word *s, const ref *v, uint32_t from, uint32_t to)
{
  for (uint32_t x = from; x < to; x++)
    apply_ref_inline (e, s, &v[x]);
}

void
eng_apply_pad (const engine *e, cc_word *s, uint32_t func, uint32_t block)
{
  if (block == CC_NONE)
    return;
  const fphase *p = &e->fp[func];
  apply_refs (e, s, p->pads, p->pad_ref[block], p->pad_ref[block + 1]);
}

/* Walk UP u of function FI from state S (modified in place).  */
void
eng_walk_up (const engine *e, uint32_t fi, uint32_t u, cc_word *s)
{
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[u];
  const fphase *p = &e->fp[fi];
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      /* Its refs (a repeat, left out of them, changes nothing).  */
      for (uint32_t j = p->block_ref[b]; j < p->block_ref[b + 1]; j++)
        apply_ref_inline (e, s, &p->refs[j]);
      if (k + 1 < up->n_blocks && f->blocks[b].fallthru == up->blocks[k + 1])
        eng_apply_pad (e, s, fi, b);
    }
}

/* The state in which root instance X starts.  */
void
eng_root_state (const engine *e, uint32_t x, cc_word *s)
{
  /* Cold: every slot may be empty, nothing is cached for sure.  */
  memset (s, 0, e->stw * sizeof (cc_word));
  for (uint32_t p = 0; p < e->MP; p++)
    memcpy (may_plane (e, s, p) + e->lw, e->inv_all + e->lw, (e->sw - e->lw) * sizeof (cc_word));
  if (!e->r->instances[x].cold)
    {
      /* Warm: anything may be cached, including the lines of this
         instance's own invocation from an earlier call.  */
      eng_unknown_effect (e, s);
      for (uint32_t p = 0; p < e->MP; p++)
        cc_bits_or (may_plane (e, s, p), e->T + (size_t) x * e->rw, e->lw);
    }
}
