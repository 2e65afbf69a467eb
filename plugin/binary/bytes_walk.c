/* cachecat-link: the instructions control reaches in a function's
   bytes (bytes_impl.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "binary/bytes_impl.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

void
bytes_fail (bytes_walk *w, char *why)
{
  if (!w->why)
    w->why = why;
  else
    free (why);
}

void
bytes_push (bytes_walk *w, uint64_t a)
{
  if (w->n_todo == w->cap_todo)
    {
      w->cap_todo = w->cap_todo ? 2 * w->cap_todo : 64;
      w->todo = cc_xrealloc (w->todo, w->cap_todo * sizeof *w->todo);
    }
  w->todo[w->n_todo++] = a;
}

/* Where a jump or branch of the instruction at A to T goes: 0 into this
   function's code (T queued), 1 to another function's start (a tail
   call), -1 nowhere a model can follow (*w->why set).  */
static int
jump_to (bytes_walk *w, uint64_t a, uint64_t t)
{
  if (t >= w->lo && t < w->limit)
    {
      bytes_push (w, t);
      return 0;
    }
  if (bytes_is_start (w->c, t))
    return 1;
  if (!w->outside)
    w->outside = t;
  bytes_fail (w, cc_xasprintf ("its jump at 0x%llx goes to 0x%llx, in no function's code or "
                               "into the middle of another's", (unsigned long long) a,
                               (unsigned long long) t));
  return -1;
}

int
bytes_read (const bytes_walk *w, uint64_t a, cc_decoded *d)
{
  if (cc_elf_mapping_at (w->c->img, a) == 'd')
    return -1;
  int len = cc_decode_memo_get (w->c->memo, w->isa, a, d);
  if (len < 0)
    {
      len = cc_decode (w->dec, w->s->data, w->s->addr, w->s->size, a, d);
      cc_decode_memo_put (w->c->memo, w->isa, a, d, len);
    }
  return len > 0 && a + (uint64_t) len <= w->limit ? len : 0;
}

cc_goes
bytes_flow (const bytes_walk *w, const cc_decoded *d, const cc_decoded *prev, uint64_t *t)
{
  uint64_t after = prev ? prev->addr : 0;
  cc_goes f;
  if (!cc_decode_memo_flow (w->c->memo, w->isa, d->addr, after, &f, t))
    {
      f = cc_isa_decoded_flow (w->isa, d, prev, t);
      cc_decode_memo_put_flow (w->c->memo, w->isa, d->addr, after, f, *t);
    }
  return f;
}

/* Decode the instruction at A into D; 0, or -1 with *w->why set.  */
static int
decode_at (bytes_walk *w, uint64_t a, cc_decoded *d)
{
  int len = bytes_read (w, a, d);
  if (len < 0)
    {
      bytes_fail (w, cc_xasprintf ("control runs into data at 0x%llx", (unsigned long long) a));
      return -1;
    }
  if (len == 0)
    {
      bytes_fail (w, cc_xasprintf ("objdump's decoder reads no instruction at 0x%llx within "
                                   "its code", (unsigned long long) a));
      return -1;
    }
  for (uint64_t k = a + 1; k < a + (uint64_t) len; k++)
    if (w->state[k - w->lo])
      {
        bytes_fail (w, cc_xasprintf ("its instructions overlap at 0x%llx",
                                     (unsigned long long) k));
        return -1;
      }
  return 0;
}

/* Note in IN the address A if it is a function's start or a slot.  */
static void
note_ref (const bytes_walk *w, bytes_insn *in, uint64_t a)
{
  if (!bytes_is_start (w->c, a) && !bytes_is_slot (w->c, a))
    return;
  for (uint32_t k = 0; k < in->n_refs && k < MAX_REFS; k++)
    if (in->refs[k] == a)
      return;
  if (in->n_refs < MAX_REFS)
    in->refs[in->n_refs] = a;
  if (in->n_refs <= MAX_REFS)
    in->n_refs++;
}

/* The addresses the operands of IN (decoded D) may name, as the target's
   own decoder reads them with the instructions around (adrp and add,
   auipc and addi), and as objdump's names them.  */
static void
find_refs (const bytes_walk *w, bytes_insn *in, const cc_decoded *d)
{
  const cc_elf_section *s = w->s;
  const unsigned char *b = s->data + (in->addr - s->addr);
  size_t before = (size_t) (in->addr - s->addr), avail = (size_t) (s->size - before);
  if (d->has_target && in->flow == CC_GOES_NEXT)
    note_ref (w, in, d->target);
  if (w->c->t->operand_refs)
    {
      uint64_t out[3 * 16];
      int n = in->len <= 16 ? w->c->t->operand_refs (b, in->len, in->addr, w->c->img->pie, out)
                            : 0;
      for (int k = 0; k < n; k++)
        note_ref (w, in, out[k]);
      return;
    }
  cc_addr_range r[2];
  int n = cc_isa_refs (w->isa, b, before, avail, in->addr, 0, r);
  for (int k = 0; k < n; k++)
    if (r[k].lo == r[k].hi)
      note_ref (w, in, r[k].lo);
}

/* Record the decoded instruction at A; its flow and target.  */
static bytes_insn *
add_insn (bytes_walk *w, uint64_t a, const cc_decoded *d, const cc_decoded *prev)
{
  if (w->n == w->cap)
    {
      w->cap = w->cap ? 2 * w->cap : 256;
      w->insns = cc_xrealloc (w->insns, w->cap * sizeof *w->insns);
    }
  bytes_insn *in = &w->insns[w->n++];
  uint64_t t = 0;
  cc_goes f = bytes_flow (w, d, prev, &t);
  *in = (bytes_insn) { .addr = a, .target = t, .len = (uint32_t) d->length,
                       .flow = (uint8_t) f };
  find_refs (w, in, d);
  w->state[a - w->lo] = START;
  for (uint64_t k = a + 1; k < a + (uint64_t) d->length; k++)
    w->state[k - w->lo] = BODY;
  return in;
}

/* Does control run on to the next instruction after one of flow F?  */
int
bytes_runs_on (cc_goes f)
{
  return f == CC_GOES_NEXT || f == CC_GOES_KERNEL || f == CC_GOES_COND || f == CC_GOES_CALL
         || f == CC_GOES_ICALL || f == CC_GOES_COND_RETURN || f == CC_GOES_COND_CALL;
}

/* What the instruction IN leads to: its target queued or found to be
   another function's; 0, or -1 if the function cannot be followed.  */
static int
follow (bytes_walk *w, bytes_insn *in)
{
  switch ((cc_goes) in->flow)
    {
    case CC_GOES_JUMP:
    case CC_GOES_COND:
      {
        int k = jump_to (w, in->addr, in->target);
        in->external = k == 1;
        return k < 0 ? -1 : 0;
      }
    case CC_GOES_CALL:
      /* Recursion calls the start; a call into the body plays with the
         return address.  */
      if (in->target > w->lo && in->target < w->limit)
        {
          bytes_fail (w, cc_xasprintf ("it calls its own code at 0x%llx (a retpoline, or a "
                                       "read of the program counter): its returns may not "
                                       "go back to its callers",
                                       (unsigned long long) in->target));
          return -1;
        }
      return 0;
    case CC_GOES_IJUMP:
      if ((in->ifunc = bytes_ifunc_jump (w)) != 0)
        return 0;
      if ((in->table = bytes_table_jump (w)) != 0)
        return 0;
      if (w->why)
        return -1;
      bytes_fail (w, cc_xasprintf ("it jumps through a register at 0x%llx (a table "
                                   "cachecat-link does not read)",
                                   (unsigned long long) in->addr));
      return -1;
    case CC_GOES_COND_CALL:
      bytes_fail (w, cc_xasprintf ("it calls 0x%llx at 0x%llx only if a condition holds: a "
                                   "model has no conditional calls",
                                   (unsigned long long) in->target,
                                   (unsigned long long) in->addr));
      return -1;
    case CC_GOES_UNKNOWN:
      bytes_fail (w, cc_xasprintf ("the instruction at 0x%llx transfers control in a way "
                                   "cachecat-link does not follow",
                                   (unsigned long long) in->addr));
      return -1;
    default:
      return 0;
    }
}

/* Are the N bytes at A zero?  */
static int
zeros (const bytes_walk *w, uint64_t a, int n)
{
  for (uint64_t k = a; k < a + (uint64_t) n; k++)
    if (w->s->data[k - w->s->addr])
      return 0;
  return 1;
}

/* The call that the run of W reaching A made last, with only padding
   no-ops after it up to A (HAVE_PREV: the run has an instruction before
   A), or CC_NONE.  */
static uint32_t
call_before (const bytes_walk *w, uint64_t a, int have_prev)
{
  if (!have_prev)
    return CC_NONE;
  for (uint32_t i = w->n; i-- > 0 && w->insns[i].addr + w->insns[i].len == a;)
    {
      const bytes_insn *in = &w->insns[i];
      if (in->flow == CC_GOES_CALL || in->flow == CC_GOES_ICALL)
        return i;
      const unsigned char *b = w->s->data + (in->addr - w->s->addr);
      if (in->flow != CC_GOES_NEXT || !cc_isa_padding (w->isa, b, in->len))
        return CC_NONE;
      a = in->addr;
    }
  return CC_NONE;
}

/* Forget the instructions W read after its instruction CALL (the
   padding no-ops after a call that does not return: never run).  */
static void
drop_after (bytes_walk *w, uint32_t call)
{
  while (w->n > call + 1)
    {
      const bytes_insn *in = &w->insns[--w->n];
      memset (w->state + (in->addr - w->lo), 0, in->len);
    }
}

/* Decode one run of instructions from A on, as far as control runs on.  */
static void
walk_run (bytes_walk *w, uint64_t a)
{
  cc_decoded d, prev;
  int have_prev = 0;
  w->n_run = 0;
  while (w->n < MAX_INSNS)
    {
      if (a >= w->limit)
        {
          /* Running on into the next function is a tail call of it
             (run_on_exit).  */
          if (!bytes_is_start (w->c, w->limit))
            bytes_fail (w, cc_xasprintf ("control runs on past its code at 0x%llx",
                                         (unsigned long long) a));
          return;
        }
      if (w->state[a - w->lo] == START)
        return;
      if (w->state[a - w->lo] == BODY)
        {
          bytes_fail (w, cc_xasprintf ("control reaches 0x%llx, inside an instruction",
                                       (unsigned long long) a));
          return;
        }
      /* Bytes that are no instruction after a call (and the padding
         no-ops before them: a literal pool after a call of abort), or an
         instruction of zeros (padding after a call of __stack_chk_fail):
         the call does not return.  (Zeros decode on some targets, but no
         compiler places code of zeros after a call that returns.)  */
      uint32_t call = call_before (w, a, have_prev);
      char *known = w->why;
      int ok = decode_at (w, a, &d) == 0;
      if (call != CC_NONE && (!ok || zeros (w, a, d.length)))
        {
          if (w->why != known)
            free (w->why);
          w->why = known;
          drop_after (w, call);
          w->insns[call].noreturn = 1;
          return;
        }
      if (!ok)
        return;
      bytes_insn *in = add_insn (w, a, &d, have_prev ? &prev : NULL);
      if (w->n_run == RUN_MAX)
        memmove (w->run, w->run + 1, (RUN_MAX - 1) * sizeof *w->run);
      w->run[w->n_run < RUN_MAX ? w->n_run++ : RUN_MAX - 1] = d;
      if (follow (w, in) < 0 || !bytes_runs_on ((cc_goes) in->flow))
        return;
      a += in->len;
      prev = d;
      have_prev = 1;
    }
  if (!w->why && w->n >= MAX_INSNS)
    bytes_fail (w, cc_xasprintf ("it has more than %u instructions", MAX_INSNS));
}

int
bytes_cmp_insn (const void *a, const void *b)
{
  const bytes_insn *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Decode every instruction control reaches from W->lo.  0, or -1.  */
int
bytes_walk_function (bytes_walk *w)
{
  bytes_push (w, w->lo);
  /* On past a failure: what else control reaches is listed all the
     same (as conflict, the function having no model).  */
  while (w->n_todo)
    walk_run (w, w->todo[--w->n_todo]);
  qsort (w->insns, w->n, sizeof *w->insns, bytes_cmp_insn);
  return w->why ? -1 : 0;
}

/* Free what a walk holds.  */
void
bytes_walk_free (bytes_walk *w)
{
  free (w->state);
  free (w->insns);
  free (w->todo);
  for (uint32_t k = 0; k < w->n_tables; k++)
    free (w->tables[k]);
  free (w->tables);
}
