/* cachecat engine: categories.  Walks every context of a function's
   references, records what each reference sees, and turns that into the
   verdict of each insn per context and merged over the contexts.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

#include <stdlib.h>
#include <string.h>

struct acc
{
  uint8_t any, all_ah, all_am, any_unpromised, k_unk, k_taint;
  uint8_t fh;            /* 0: no context first-hit yet, 1: every context
                            always-hit or first-hit in loop fh_v, 2: not */
  cc_verdict fh_v;
  uint8_t ctx_own;       /* ctx outgrew its slice: a heap copy */
  cc_word *k_bits;       /* the other lines of its set it may find
                            cached, as a set over the set's line ids
                            (bit i: line key_first + i); a slice of the
                            pool of size_contexts */
  uint32_t n_ctx, ctx_cap;
  uint32_t *ctx;         /* nodes; a slice of fcat.ctx_pool */
};

/* Double the room of *V (N used of *CAP, from a shared pool unless *OWN):
   continue in a heap copy.  */
static void
grow_slice (uint32_t **v, uint32_t n, uint32_t *cap, uint8_t *own)
{
  uint32_t c = *cap ? 2 * *cap : 4;
  uint32_t *w = cc_xmalloc (c * sizeof *w);
  memcpy (w, *v, n * sizeof *w);
  if (*own)
    free (*v);
  *v = w;
  *cap = c;
  *own = 1;
}

/* The lines of K_BITS (the set of key CS), ascending, into KL; returns
   their count.  A set and not a list: the contexts of a reference add
   the same lines again and again, and only which lines matter (the
   first-miss check counts them).  */
static uint32_t
k_lines_of (const engine *e, uint32_t cs, const cc_word *k_bits, uint32_t *kl)
{
  uint32_t nk = 0;
  for (uint32_t i = 0; i < e->set_n[cs]; i++)
    if (cc_bit_get (k_bits, i))
      kl[nk++] = e->key_first[cs] + i;
  return nk;
}

/* Merge V into the entry of context (INST, UP) of IR.  */
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
      /* The room was sized by eng_categorize_function; grow only if not,
         into an allocation of its own.  */
      if (ir->n_ctx == ir->ctx_cap)
        {
          ir->ctx_cap = ir->ctx_cap ? 2 * ir->ctx_cap : 4;
          cc_context_verdict *own = cc_xmalloc (ir->ctx_cap * sizeof *own);
          if (ir->n_ctx)
            memcpy (own, ir->ctx, ir->n_ctx * sizeof *own);
          if (ir->ctx_own)
            free (ir->ctx);
          ir->ctx = own;
          ir->ctx_own = 1;
        }
      /* A new entry takes the verdicts as they are (merging them into
         "nothing yet" would).  */
      cv = &ir->ctx[ir->n_ctx++];
      *cv = (cc_context_verdict){ inst, up, v.v, v.alt };
    }
  else
    {
      merge_verdict (fr, &cv->v, v.v);
      merge_verdict (fr, &cv->weak, v.alt);
    }
  ir->ctx_cursor = (uint32_t) (cv - ir->ctx) + 1;
}

/* Step J (ref RF) was found conflict in a context.  Then its verdict
   over the contexts is conflict too: it is no always-hit, no first-hit
   and no always-miss, and the joint first-miss check fails where this
   context's own check failed (it meets a superset of lines, markers and
   reaching sets).  Once every step of a fetch is settled, the fetch's
   verdict and its alternative in that phase are conflict (its other
   lines are repeats, always-hit, which cannot make it always-miss), and
   so is the insn's merged verdict, whatever its other phases and
   contexts give: the insn is dead.  */
static void
settle (fcat *c, uint32_t j, const ref *rf)
{
  if (c->settled[j])
    return;
  c->settled[j] = 1;
  if (--c->unsettled[fetch_of (c->e, rf)] == 0)
    c->dead[rf->insn] = 1;
}

/* The full verdict of ref RF (step J, in block B) in context ND, with
   state S before it: what it sees goes into its accumulator (unless the
   insn is dead, when nothing reads it), its own verdict and alternative
   into *V_OUT and *W_OUT.  */
static void
ref_verdict (fcat *c, uint32_t nd, uint32_t b, uint32_t j, const ref *rf,
             cc_word *s, cc_verdict *v_out, cc_verdict *w_out)
{
  engine *e = c->e;
  const cc_func_result *fr = &e->r->funcs[c->fi];
  uint32_t *kl = c->kl;
  /* What may be cached: the oldest may plane.  */
  const cc_word *top = may_plane (e, s, e->MP - 1);
  uint32_t l = rf->line, cs = e->line_key[l], nk = 0;
  const line_op *op = &e->line_ops[l];
  uint32_t kw = op->w;
  cc_word bits = 0;
  if (kw != CC_NONE)
    {
      /* The lines of a set are consecutive ids, mostly in one word: its
         bits other than l's, in id order.  */
      bits = top[kw] & op->mask;
      if (l >> 6 == kw)
        bits &= ~((cc_word) 1 << (l & 63));
      for (cc_word t = bits; t; t &= t - 1)
        kl[nk++] = kw * 64 + (uint32_t) __builtin_ctzll (t);
    }
  else
    for (uint32_t i = 0; i < e->set_n[cs]; i++)
      {
        uint32_t m = e->key_first[cs] + i;
        if (m != l && cc_bit_get (top, m))
          kl[nk++] = m;
      }
  /* The set's markers lie in one word (marker).  */
  uint32_t mb = op->mb;
  uint32_t mk = (uint32_t) ((top[mb >> 6] >> (mb & 63)) & e->mk_mask);
  int unk = (mk >> M_UNK) & 1, taint = e->has_foreign && ((mk >> M_TAINT) & 1);
  int l_in = cc_bit_get (top, l);
  /* Cached for sure: in the oldest must plane; with one way and no must
     planes, the only line that may be in its set.  */
  int l_must = e->general ? cc_bit_get (must_plane (e, s, e->MU - 1), l)
                          : l_in && !nk && !mk;
  /* Inline asm, a linker rewrite, an insn not split: no promise but
     conflict.  */
  int unpromised = c->unpromised[rf->insn];
  acc *a = c->dead[rf->insn] ? NULL : &c->acc[j];
  if (a)
    {
      if (!a->any)
        a->all_ah = a->all_am = 1;
      a->any = 1;
      a->all_ah &= l_must && !unpromised;
      a->all_am &= !l_in && !unpromised;
      a->any_unpromised |= unpromised;
      if (kw != CC_NONE)
        /* The set's lines are within the word: its bits shifted to the
           set's first line.  */
        a->k_bits[0] |= bits >> (e->key_first[cs] - kw * 64);
      else
        for (uint32_t i = 0; i < nk; i++)
          cc_bit_set (a->k_bits, kl[i] - e->key_first[cs]);
      a->k_unk |= unk;
      a->k_taint |= taint;
      /* The contexts of a reference never outgrow the slice
         eng_categorize_function counted for it; if they did, they would
         continue in a heap copy.  */
      if (a->n_ctx == a->ctx_cap)
        {
          grow_slice (&a->ctx, a->n_ctx, &a->ctx_cap, &a->ctx_own);
          c->n_own++;
        }
      a->ctx[a->n_ctx++] = nd;
    }
  /* This context's own verdict.  */
  cc_verdict v;
  if (unpromised)
    v = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  else if (!l_in)
    v = (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 };
  else if (l_must)
    {
      /* The commonest verdict: an insn on the line the one before it
         fetched.  Nothing more to ask.  */
      *v_out = *w_out = (cc_verdict){ CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  else
    v = eng_first_miss_scope (c, l, b, kl, nk, unk, taint, &nd, 1);
  /* Not cached for sure, not persistent: maybe cached for sure at its
     first fetch in each execution of a loop.  So is an insn in no loop
     of its function that is first-miss per invocation: it runs once per
     invocation, so that promise bounds nothing, and first-hit in a
     caller's loop may.  */
  int weak_fm = v.category == CC_FIRST_MISS && v.scope == CC_SCOPE_FUNCTION
                && fr->block_loop[b] == CC_NONE;
  /* A node known to hold no first-hit (fh_node 2) answers conflict
     without a look: not asked.  */
  if ((v.category == CC_CONFLICT || weak_fm) && !unpromised && e->fh_node[nd] != 2)
    {
      cc_verdict h = eng_first_hit (e, nd, b, j);
      if (h.category == CC_FIRST_HIT)
        v = h;
    }
  if (a)
    {
      if (v.category == CC_FIRST_HIT
          && (a->fh == 0 || (a->fh == 1 && a->fh_v.loop == v.loop
                             && a->fh_v.other_func == v.other_func)))
        {
          a->fh = 1;
          a->fh_v = v;
        }
      else
        a->fh = 2;
    }
  if (v.category == CC_CONFLICT)
    settle (c, j, rf);
  *v_out = *w_out = v;
  if (v.category == CC_ALWAYS_MISS)
    *w_out = eng_first_miss_scope (c, l, b, kl, nk, unk, taint, &nd, 1);
}

/* Direct-mapped: is the line of focus ref RF alone in its set in state S
   (no other line, no marker), so that it hits for sure?  Only where the
   set's lines share a word; elsewhere 0 (ask ref_verdict).  */
static inline int
dm_hit (const engine *e, const cc_word *s, const ref *rf)
{
  if (!e->dm)
    return 0;
  uint32_t l = rf->line;
  const line_op *op = &e->line_ops[l];
  if (op->w == CC_NONE)
    return 0;
  return (s[op->w] & op->mask) == (cc_word) 1 << (l & 63)
         && !((s[op->mb >> 6] >> (op->mb & 63)) & e->mk_mask);
}

/* Walk one context (instance X, UP u): record what each reference sees
   in the accumulators and the context's own verdict per insn.  The
   references of an insn follow each other, phase after phase, and the
   lines of a fetch (an insn in one phase) likewise: a fetch's verdict
   combines its lines', and the insn's entry for this context gets the
   merge of its fetches' (in one step: merging is a join, so the order
   does not matter).  Only the steps are walked: a repeat is always-hit
   in every context, which leaves a fetch's verdict as it is unless it
   is the fetch's only kind of line (then the fetch is always-hit, and so
   is an insn that has only such fetches).  */
static void
walk_context (fcat *c, uint32_t x, uint32_t u, cc_word *s)
{
  engine *e = c->e;
  uint32_t fi = c->fi;
  const cc_func *f = &e->m->funcs[fi];
  const cc_up *up = &e->r->funcs[fi].ups[u];
  cc_func_result *fr = &e->r->funcs[fi];
  const fphase *p = &e->fp[fi];
  uint32_t nd = e->node_base[x] + u;
  memcpy (s, e->in + (size_t) nd * e->stw, e->stw * sizeof (cc_word));
  const cc_verdict none = { 0xff, 0, 0, 0 };
  const cc_verdict hit = { CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
  const vpair all_hit = { hit, hit };
  uint32_t cur_insn = CC_NONE, cur_phase = 0;
  vpair cur = { none, none }, ins = { none, none };
  /* The fetch in CUR is skipped: nothing it could find changes a
     verdict.  */
  int cur_skip = 0;
  for (uint32_t k = 0; k < up->n_blocks; k++)
    {
      uint32_t b = up->blocks[k];
      const cc_block *bb = &f->blocks[b];
      /* The block's insns from NEXT on have not been met.  */
      uint32_t next = bb->first_insn;
      for (uint32_t j = p->block_ref[b]; j < p->block_ref[b + 1]; j++)
        {
          const ref *rf = &p->refs[j];
          /* An insn's references have focus lines exactly when it lies in
             the focus section.  */
          if (rf->insn != CC_NONE && rf->line != FOREIGN)
            {
              if (rf->insn != cur_insn || rf->phase != cur_phase)
                {
                  /* A new fetch: the last one joins its insn's verdict
                     in this context, and a new insn flushes that into
                     the insn's entry.  */
                  if (cur_insn != CC_NONE && !cur_skip)
                    {
                      merge_verdict (fr, &ins.v, cur.v);
                      merge_verdict (fr, &ins.alt, cur.alt);
                    }
                  if (rf->insn != cur_insn)
                    {
                      if (cur_insn != CC_NONE)
                        add_context (fr, &fr->insns[cur_insn], x, u, e->phase0, ins);
                      /* Insns passed without a step: all their fetches
                         are repeats.  */
                      for (; next < rf->insn; next++)
                        if (c->insn_has[next] == 3)
                          add_context (fr, &fr->insns[next], x, u, e->phase0, all_hit);
                      next = rf->insn + 1;
                      ins.v = ins.alt = c->insn_has[rf->insn] & 2 ? hit : none;
                    }
                  cur_insn = rf->insn;
                  cur_phase = rf->phase;
                  cur.v = cur.alt = none;
                  /* Once the insn's verdict in this context is conflict
                     both ways and the insn is dead, its further phases
                     here change no verdict; they are skipped if that
                     skips no side effect either: first-hit is asked
                     nothing here that it has not already answered (the
                     node is known to hold no first-hit, so every
                     question would be answered "conflict" without a
                     look at a region and without spending the run's
                     budget).  */
                  cur_skip = ins.v.category == CC_CONFLICT && ins.alt.category == CC_CONFLICT
                             && c->dead[rf->insn] && e->fh_node[nd] == 2;
                }
              if (!cur_skip && dm_hit (e, s, rf) && !c->unpromised[rf->insn])
                {
                  /* Direct-mapped, the line alone in its set: always-hit,
                     and the fetch changes nothing.  */
                  if (cur.v.category == 0xff)
                    cur.v = cur.alt = hit;
                  if (!c->dead[rf->insn])
                    {
                      acc *a = &c->acc[j];
                      if (!a->any)
                        a->all_ah = 1;
                      a->any = 1;
                      a->all_am = 0;
                      if (a->n_ctx == a->ctx_cap)
                        {
                          grow_slice (&a->ctx, a->n_ctx, &a->ctx_cap, &a->ctx_own);
                          c->n_own++;
                        }
                      a->ctx[a->n_ctx++] = nd;
                    }
                  if (rf->maybe || rf->unknown_after)
                    eng_apply_ref (e, s, rf);
                  continue;
                }
              if (!cur_skip)
                {
                  cc_verdict v, w;
                  ref_verdict (c, nd, b, j, rf, s, &v, &w);
                  combine_lines (fr, &cur.v, v);
                  combine_lines (fr, &cur.alt, w);
                }
            }
          apply_ref_inline (e, s, rf);
        }
      for (; next < bb->first_insn + bb->n_insns; next++)
        if (c->insn_has[next] == 3 && next != cur_insn)
          add_context (fr, &fr->insns[next], x, u, e->phase0, all_hit);
      if (k + 1 < up->n_blocks && bb->fallthru == up->blocks[k + 1])
        eng_apply_pad (e, s, fi, b);
    }
  if (cur_insn != CC_NONE)
    {
      if (!cur_skip)
        {
          merge_verdict (fr, &ins.v, cur.v);
          merge_verdict (fr, &ins.alt, cur.alt);
        }
      add_context (fr, &fr->insns[cur_insn], x, u, e->phase0, ins);
    }
}

/* Room for the contexts, counted before the walk instead of grown one
   at a time: a context (reached instance X, UP u) visits every block of
   u once, so each step of block b gets as many entries as THROUGH[b]
   (the reached contexts that run through b), and so does each insn of b
   (its references and phases share one entry per context).  Gives the
   steps their slices of the returned pool, and at the function's first
   run every insn its slice of the function's ctx_pool (the contexts are
   the same in every run: later runs of other sections fill the others).
   A step of the focus also gets a slice of *K_POOL, zeroed, for the
   other lines of its set it may find cached (k_bits).  Every step's
   accumulator (C->acc) starts empty here.  */
static uint32_t *
size_contexts (engine *e, uint32_t fi, fcat *c, const uint32_t *through, cc_word **k_pool)
{
  const cc_func *f = &e->m->funcs[fi];
  cc_func_result *fr = &e->r->funcs[fi];
  const fphase *p = &e->fp[fi];
  size_t total = 0;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    total += (size_t) through[b] * (p->block_ref[b + 1] - p->block_ref[b]);
  /* Each focus step's k_bits has room for the largest set (one word
     unless a set of the batch holds more than 64 lines): a slice per
     step without looking up its set twice.  */
  size_t k_words = CC_WORDS (e->max_set_n), k_total = (size_t) c->n_focus_steps * k_words;
  uint32_t *pool = cc_xmalloc ((total + 1) * sizeof *pool);
  *k_pool = cc_xcalloc (k_total + 1, sizeof **k_pool);
  size_t at = 0, k_at = 0, ctx_at = 0;
  int first_run = !fr->ctx_pool;
  if (first_run)
    {
      size_t room = 0;
      for (uint32_t b = 0; b < f->n_blocks; b++)
        room += (size_t) through[b] * f->blocks[b].n_insns;
      fr->ctx_pool = cc_xmalloc ((room + 1) * sizeof *fr->ctx_pool);
    }
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      for (uint32_t j = p->block_ref[b]; j < p->block_ref[b + 1]; j++)
        {
          acc *a = &c->acc[j];
          const ref *rf = &p->refs[j];
          /* Every accumulator starts here, empty (not zeroed with the
             rest when allocated: steps times its size, written once
             anyway).  */
          *a = (acc){ 0 };
          a->ctx = pool + at;
          a->ctx_cap = through[b];
          at += through[b];
          if (rf->insn != CC_NONE && rf->line != FOREIGN)
            {
              a->k_bits = *k_pool + k_at;
              k_at += k_words;
            }
        }
      const cc_block *bb = &f->blocks[b];
      for (uint32_t i = bb->first_insn; first_run && i < bb->first_insn + bb->n_insns; i++)
        if (through[b])
          {
            fr->insns[i].ctx = fr->ctx_pool + ctx_at;
            fr->insns[i].ctx_cap = through[b];
            ctx_at += through[b];
          }
    }
  return pool;
}

/* Has insn I of function FI references to focus lines?  Exactly when
   it is fetched, has bytes and lies in the focus: then eng_build_fphase
   gave it one reference per line it touches in each phase of the batch
   (program_lines.c, push_refs), none foreign.  Asked per insn, not found
   by a pass over the references, which are phases times as many.  */
static int
has_focus_refs (const engine *e, uint32_t fi, uint32_t i)
{
  const cc_insn *in = &e->m->funcs[fi].insns[i];
  return in->fetch != CC_FETCH_NEVER && in->length > 0 && in_focus (e, fi, i);
}

/* Count C's steps of the focus (n_focus_steps), per fetch its steps not
   settled yet (unsettled: none is, before the walk), and per insn what
   its fetches hold (insn_has) -- N_STEPS steps in all.  */
static void
count_steps (fcat *c, uint32_t n_steps)
{
  engine *e = c->e;
  const cc_func *f = &e->m->funcs[c->fi];
  const fphase *p = &e->fp[c->fi];
  size_t nf = (size_t) f->n_insns * e->nph;
  /* Per fetch: its steps of the focus, not yet settled; per insn, its
     fetches that have a step.  */
  c->unsettled = cc_xcalloc (nf + 1, sizeof (uint32_t));
  uint32_t *with_step = cc_xcalloc (f->n_insns + 1, sizeof *with_step);
  for (uint32_t j = 0; j < n_steps; j++)
    {
      const ref *rf = &p->refs[j];
      if (rf->insn != CC_NONE && rf->line != FOREIGN)
        {
          c->n_focus_steps++;
          if (c->unsettled[fetch_of (e, rf)]++ == 0)
            with_step[rf->insn]++;
        }
    }
  /* Per insn: 0 no focus refs; 1 every fetch of it has a step; 2 some
     fetch has only repeats (it is always-hit), some has a step; 3 every
     fetch has only repeats (a walk meets the insn in no step).  An insn
     with focus refs has a fetch in each phase of the batch, so its
     fetches without a step are the phases WITH_STEP does not count.  */
  c->insn_has = cc_xcalloc (f->n_insns + 1, 1);
  for (uint32_t i = 0; i < f->n_insns; i++)
    if (has_focus_refs (e, c->fi, i))
      c->insn_has[i] = (uint8_t) (with_step[i] == e->nph ? 1 : with_step[i] ? 2 : 3);
  free (with_step);
}

/* Per block of function FI: the reached contexts that run through it.  */
static uint32_t *
count_through (const engine *e, uint32_t fi)
{
  const cc_func_result *fr = &e->r->funcs[fi];
  uint32_t *through = cc_xcalloc (e->m->funcs[fi].n_blocks + 1, sizeof *through);
  for (uint32_t i = 0; i < e->g.func_n_inst[fi]; i++)
    {
      uint32_t x = e->g.func_inst[fi][i];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        if (e->reached[e->node_base[x] + u])
          for (uint32_t k = 0; k < fr->ups[u].n_blocks; k++)
            through[fr->ups[u].blocks[k]]++;
    }
  return through;
}

/* Walk every reached context of C's function (walk_context).  Not
   inlined into eng_categorize_function: there, the register pressure of
   the whole function made the walk's hottest loops (ref_verdict's lines
   of a set) spill, 9% more instructions in categorize on Lua's link.  */
static __attribute__ ((noinline)) void
walk_contexts (fcat *c)
{
  engine *e = c->e;
  const cc_func_result *fr = &e->r->funcs[c->fi];
  cc_word *s = cc_xmalloc (e->stw * sizeof (cc_word));
  for (uint32_t i = 0; i < e->g.func_n_inst[c->fi]; i++)
    {
      uint32_t x = e->g.func_inst[c->fi][i];
      for (uint32_t u = 0; u < fr->n_ups; u++)
        if (e->reached[e->node_base[x] + u])
          {
            /* The first-miss check of this context's first references
               reads the end of its program and function reaching sets
               (their unknown bit), which have long left the cache:
               fetch them for the next context meanwhile.  */
            uint32_t next = e->node_base[x] + u + 1;
            if (next < e->n_nodes)
              {
                __builtin_prefetch (e->rprog + (size_t) e->rprog_at[next] * e->rw + e->lw);
                __builtin_prefetch (e->rfunc + (size_t) e->rfunc_at[next] * e->rw + e->lw);
              }
            walk_context (c, x, u, s);
          }
    }
  free (s);
}

/* The verdict over the contexts of step J (ref RF, in block B) from its
   accumulator, into *RV, and its first-miss alternative into *ALT.  */
static void
step_verdict (fcat *c, uint32_t b, uint32_t j, const ref *rf, cc_verdict *rv,
              cc_verdict *alt)
{
  const cc_verdict conflict = { CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  const cc_verdict hit = { CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
  acc *a = &c->acc[j];
  if (!a->any || a->any_unpromised)
    *rv = *alt = conflict;
  else if (a->all_ah)
    *rv = *alt = hit;
  else if (a->fh == 1)
    /* Every context hits always, or at the first fetch in each
       execution of one loop.  */
    *rv = *alt = a->fh_v;
  else
    {
      /* Contexts where l is surely absent may join a first-miss:
         the joint check bounds the misses after the first fetch
         in any context, whichever it is.  */
      uint32_t nk = k_lines_of (c->e, c->e->line_key[rf->line], a->k_bits, c->kl);
      *alt = eng_first_miss_scope (c, rf->line, b, c->kl, nk, a->k_unk, a->k_taint,
                                   a->ctx, a->n_ctx);
      *rv = a->all_am ? (cc_verdict){ CC_ALWAYS_MISS, CC_SCOPE_NONE, 0, 0 } : *alt;
    }
}

/* Per fetch (an insn in one phase): combine its lines' verdicts merged
   over the contexts, and an alternative that weakens always-miss to
   first-miss where the joint check allows it: layout phases that
   disagree (a miss in one, a hit in another) can still share a
   first-miss promise.  Per insn: merge its fetches' (a join, so in any
   order), into OUT.  A repeat is always-hit in every context that runs
   it, which changes the combination of a fetch's lines only where it
   has no step: that fetch is always-hit, or conflict where no context
   runs it (THROUGH, per block).  A dead insn's verdicts are conflict,
   which engine.c knows.  */
static void
merge_contexts (fcat *c, const uint32_t *through, vpair *out)
{
  engine *e = c->e;
  const cc_func *f = &e->m->funcs[c->fi];
  cc_func_result *fr = &e->r->funcs[c->fi];
  const fphase *p = &e->fp[c->fi];
  const uint8_t *dead = c->dead;
  const cc_verdict none = { 0xff, 0, 0, 0 };
  const cc_verdict conflict = { CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
  const cc_verdict hit = { CC_ALWAYS_HIT, CC_SCOPE_NONE, 0, 0 };
  for (uint32_t i = 0; i < f->n_insns; i++)
    out[i].v = out[i].alt = none;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      const cc_block *bb = &f->blocks[b];
      for (uint32_t i = bb->first_insn; i < bb->first_insn + bb->n_insns; i++)
        if (c->insn_has[i] >= 2 && !dead[i])
          {
            merge_verdict (fr, &out[i].v, through[b] ? hit : conflict);
            merge_verdict (fr, &out[i].alt, through[b] ? hit : conflict);
          }
      vpair cur = { none, none };
      uint32_t cur_fetch = CC_NONE, cur_insn = CC_NONE;
      for (uint32_t j = p->block_ref[b]; j <= p->block_ref[b + 1]; j++)
        {
          const ref *rf = j < p->block_ref[b + 1] ? &p->refs[j] : NULL;
          if (rf && (rf->insn == CC_NONE || rf->line == FOREIGN || dead[rf->insn]))
            continue;
          if (!rf || fetch_of (e, rf) != cur_fetch)
            {
              if (cur_fetch != CC_NONE)
                {
                  merge_verdict (fr, &out[cur_insn].v, cur.v);
                  merge_verdict (fr, &out[cur_insn].alt, cur.alt);
                }
              if (!rf)
                break;
              cur_fetch = fetch_of (e, rf);
              cur_insn = rf->insn;
              cur.v = cur.alt = none;
            }
          cc_verdict rv, alt;
          step_verdict (c, b, j, rf, &rv, &alt);
          combine_lines (fr, &cur.v, rv);
          combine_lines (fr, &cur.alt, alt);
        }
    }
  for (uint32_t i = 0; i < f->n_insns; i++)
    if (out[i].v.category == 0xff)
      /* No bytes: nothing is fetched, nothing can miss.  */
      out[i].v = out[i].alt = hit;
}

/* Free what C holds (N_STEPS steps).  */
static void
fcat_free (fcat *c, uint32_t n_steps)
{
  size_t n_loop_r = (size_t) c->n_local * c->e->r->funcs[c->fi].n_loops;
  for (uint32_t j = 0; c->n_own && j < n_steps; j++)
    if (c->acc[j].ctx_own)
      free (c->acc[j].ctx);
  free (c->acc);
  for (size_t i = 0; i < n_loop_r; i++)
    eng_loop_sets_free (c->loop_r[i]);
  free (c->loop_r);
  free (c->local_of);
  free (c->kl);
  free (c->settled);
  free (c->unsettled);
  free (c->unpromised);
  free (c->insn_has);
}

/* The verdicts of function FI's insns merged over the run's phases into
   OUT (per insn), and of their contexts into the insns' entries.  DEAD
   (per insn) holds the insns whose merged verdict is already conflict
   both ways, and gets those found so here: their verdicts in OUT are
   conflict, and only their contexts' entries are computed.  */
void
eng_categorize_function (engine *e, uint32_t fi, uint8_t *dead, vpair *out)
{
  const cc_func *f = &e->m->funcs[fi];
  cc_func_result *fr = &e->r->funcs[fi];
  uint32_t n_steps = e->fp[fi].block_ref[f->n_blocks];
  fcat c = { e, fi, NULL, NULL, 0, NULL, NULL, dead, NULL, NULL, NULL, NULL, 0, 0 };
  count_steps (&c, n_steps);
  c.settled = cc_xcalloc (n_steps + 1, 1);
  c.unpromised = cc_xmalloc (f->n_insns + 1);
  for (uint32_t i = 0; i < f->n_insns; i++)
    c.unpromised[i] = (uint8_t) cc_insn_no_promise (&f->insns[i]);
  c.kl = cc_xmalloc ((e->max_set_n + 1) * sizeof (uint32_t));
  /* Set up, step by step, by size_contexts.  */
  c.acc = cc_xmalloc ((n_steps + 1) * sizeof (acc));
  uint32_t ninst = e->g.func_n_inst[fi];
  c.n_local = ninst;
  c.local_of = cc_xmalloc ((e->r->n_instances + 1) * sizeof (uint32_t));
  for (uint32_t i = 0; i < ninst; i++)
    c.local_of[e->g.func_inst[fi][i]] = i;
  c.loop_r = cc_xcalloc ((size_t) ninst * fr->n_loops + 1, sizeof (loop_sets *));
  for (uint32_t i = 0; i < f->n_insns; i++)
    fr->insns[i].ctx_cursor = 0;
  uint32_t *through = count_through (e, fi);
  cc_word *k_pool;
  uint32_t *ctx_pool = size_contexts (e, fi, &c, through, &k_pool);
  walk_contexts (&c);
  merge_contexts (&c, through, out);
  free (through);
  free (ctx_pool);
  free (k_pool);
  fcat_free (&c, n_steps);
}
