/* cachecat-link: what a function without a model may fetch: its
   footprint (from_bytes.h, cc_bytes_footprint).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The walk (bytes_walk.c) gives up on code a model cannot describe: a
   jump into the middle of an instruction (x86-64's jump over a lock
   prefix), a call into its own body (ARM's local subroutines, which
   return with bx lr).  What such code fetches is still known if every
   branch it takes is direct: the traversal here follows them all, through
   overlapping instructions and local calls alike, and fails only where a
   target is not in the bytes.  */

#include "binary/bytes_impl.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The traversal of one function's code.  */
typedef struct fp_walk
{
  bytes_walk w;                /* its decoder, bounds, queue and why */
  uint64_t *out;               /* where its branches leave its code */
  uint32_t n_out;
  size_t cap_out;
} fp_walk;

static void
leave_to (fp_walk *f, uint64_t t)
{
  for (uint32_t k = 0; k < f->n_out; k++)
    if (f->out[k] == t)
      return;
  f->out = cc_grow (f->out, &f->cap_out, f->n_out + 1, sizeof *f->out, 16);
  f->out[f->n_out++] = t;
}

/* A branch of the instruction at A to T: more of its code, or where it
   leaves it.  */
static void
branch_to (fp_walk *f, uint64_t t)
{
  if (t >= f->w.lo && t < f->w.limit)
    bytes_push (&f->w, t);
  else
    leave_to (f, t);
}

/* Decode the instruction at A into D and its flow into *FLOW, *T (PREV:
   the one before it on the run, or NULL).  The instruction's length, or
   0 if there is none (data, no instruction the decoder knows).  */
static int
read_insn (fp_walk *f, uint64_t a, const cc_decoded *prev, cc_decoded *d, cc_goes *flow,
           uint64_t *t)
{
  int len = bytes_read (&f->w, a, d);
  if (len <= 0)
    return 0;
  *flow = bytes_flow (&f->w, d, prev, t);
  return len;
}

/* Why the code at A, of flow F, may run what no set of addresses names;
   NULL if it does not.  */
static char *
unknowable (cc_goes fl, uint64_t a)
{
  unsigned long long at = (unsigned long long) a;
  switch (fl)
    {
    case CC_GOES_IJUMP:
      return cc_xasprintf ("it jumps through a register at 0x%llx", at);
    case CC_GOES_ICALL:
      return cc_xasprintf ("it calls through a register at 0x%llx", at);
    case CC_GOES_KERNEL:
      return cc_xasprintf ("it enters the kernel at 0x%llx", at);
    case CC_GOES_UNKNOWN:
      return cc_xasprintf ("the instruction at 0x%llx transfers control in a way "
                           "cachecat-link does not follow", at);
    default:
      return NULL;
    }
}

/* Follow one run of instructions from A on, as far as control runs on;
   0, or -1 with f->w.why set.  */
static int
fp_run (fp_walk *f, uint64_t a)
{
  bytes_walk *w = &f->w;
  cc_decoded d, prev;
  int have_prev = 0, after_call = 0;
  for (;; a += (uint64_t) d.length)
    {
      if (a >= w->limit)
        {
          /* Running on into the next function runs it.  */
          if (a == w->limit && bytes_is_start (w->c, a))
            {
              leave_to (f, a);
              return 0;
            }
          w->why = cc_xasprintf ("control runs on past its code at 0x%llx",
                                 (unsigned long long) a);
          return -1;
        }
      if (w->state[a - w->lo] == START)
        return 0;
      if (++w->n > MAX_INSNS)
        {
          w->why = cc_xasprintf ("it has more than %u instructions", MAX_INSNS);
          return -1;
        }
      cc_goes fl;
      uint64_t t = 0;
      if (!read_insn (f, a, have_prev ? &prev : NULL, &d, &fl, &t))
        {
          /* Data after a call: the call does not return (bytes_walk.c
             assumes the same).  */
          if (after_call)
            return 0;
          w->why = cc_xasprintf ("control reaches 0x%llx, where objdump's decoder reads "
                                 "no instruction", (unsigned long long) a);
          return -1;
        }
      w->state[a - w->lo] = START;
      if ((w->why = unknowable (fl, a)) != NULL)
        return -1;
      if (fl == CC_GOES_JUMP || fl == CC_GOES_COND || fl == CC_GOES_CALL
          || fl == CC_GOES_COND_CALL)
        branch_to (f, t);
      if (!bytes_runs_on (fl))
        return 0;
      after_call = fl == CC_GOES_CALL || fl == CC_GOES_COND_CALL;
      prev = d;
      have_prev = 1;
    }
}

int
cc_bytes_footprint (cc_bytes_ctx *c, const cc_bytes_func *bf, uint64_t **out, uint32_t *n,
                    char **why)
{
  fp_walk f = { .w = { .c = c, .lo = bf->lo, .limit = bf->limit,
                       .s = &c->img->sections[bf->section] } };
  *out = NULL;
  *n = 0;
  *why = NULL;
  f.w.isa = bytes_isa_of_code (c, bf->lo, bf->thumb);
  f.w.dec = bytes_decoder_of (c, f.w.isa, why);
  if (!f.w.dec)
    return -1;
  f.w.state = cc_xcalloc (bf->limit - bf->lo + 1, 1);
  bytes_push (&f.w, bf->lo);
  int ok = 0;
  while (ok == 0 && f.w.n_todo)
    ok = fp_run (&f, f.w.todo[--f.w.n_todo]);
  bytes_walk_free (&f.w);
  if (ok < 0)
    {
      *why = f.w.why;
      free (f.out);
      return -1;
    }
  *out = f.out;
  *n = f.n_out;
  return 0;
}
