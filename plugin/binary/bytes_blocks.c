/* cachecat-link: the blocks of a function modelled from its bytes
   (bytes_impl.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "binary/bytes_impl.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The index of the instruction at A, which W read.  */
static uint32_t
insn_at (const bytes_walk *w, uint64_t a)
{
  bytes_insn key = { .addr = a };
  const bytes_insn *t = bsearch (&key, w->insns, w->n, sizeof *w->insns, bytes_cmp_insn);
  return (uint32_t) (t - w->insns);
}

/* Does the instruction I of W (sorted) end its block?  */
static int
ends_block (const bytes_walk *w, uint32_t i)
{
  const bytes_insn *in = &w->insns[i];
  if (in->flow != CC_GOES_NEXT && in->flow != CC_GOES_KERNEL)
    return 1;
  return i + 1 == w->n || w->insns[i + 1].addr != in->addr + in->len;
}

static int table_exit (const bytes_walk *w, const bytes_insn *in, uint64_t k);

/* Is the instruction I a block's first: the entry, a target, or after
   an instruction that ends one.  */
static uint8_t *
leaders (const bytes_walk *w)
{
  uint8_t *lead = cc_xcalloc (w->n + 1, 1);
  lead[0] = 1;
  for (uint32_t i = 0; i < w->n; i++)
    {
      if (ends_block (w, i) && i + 1 < w->n)
        lead[i + 1] = 1;
      const bytes_insn *in = &w->insns[i];
      if ((in->flow == CC_GOES_JUMP || in->flow == CC_GOES_COND) && !in->external)
        lead[insn_at (w, in->target)] = 1;
      for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
        if (!table_exit (w, in, k))
          lead[insn_at (w, w->tables[in->table - 1][k])] = 1;
    }
  return lead;
}

/* Does control leave instruction I for another function by a branch
   to one (a block of its own then: the branch's block goes on too)?  */
static int
branch_exit (const bytes_walk *w, uint32_t i)
{
  return w->insns[i].flow == CC_GOES_COND && w->insns[i].external;
}

/* ... by running on into the next function (a block of its own too)?  */
static int
run_on_exit (const bytes_walk *w, uint32_t i)
{
  const bytes_insn *in = &w->insns[i];
  return bytes_runs_on ((cc_goes) in->flow) && !in->noreturn && in->addr + in->len == w->limit;
}

/* The implementations an indirect jump through an IFUNC's slot may go
   to (each a block of its own), or 0.  */
static uint32_t
ifunc_exits (const bytes_walk *w, uint32_t i)
{
  uint32_t k = w->insns[i].ifunc;
  return k ? w->c->slots[k - 1].n_impls : 0;
}

/* Is entry K (1-based) of the table of instruction IN another
   function's start?  */
static int
table_exit (const bytes_walk *w, const bytes_insn *in, uint64_t k)
{
  uint64_t t = w->tables[in->table - 1][k];
  return t < w->lo || t >= w->limit;
}

/* The entries of the jump table instruction I reads that go to another
   function (each a block of its own).  */
static uint32_t
table_exits (const bytes_walk *w, uint32_t i)
{
  const bytes_insn *in = &w->insns[i];
  uint32_t n = 0;
  for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
    n += table_exit (w, in, k);
  return n;
}

/* The blocks that leave for another function after instruction I.  */
static uint32_t
exit_blocks (const bytes_walk *w, uint32_t i)
{
  return (uint32_t) (branch_exit (w, i) + run_on_exit (w, i)) + ifunc_exits (w, i)
         + table_exits (w, i);
}

static void
add_succ (cc_block *b, uint32_t to)
{
  for (uint32_t k = 0; k < b->n_succs; k++)
    if (b->succs[k] == to)
      return;
  b->succs = cc_xrealloc (b->succs, (b->n_succs + 1) * sizeof *b->succs);
  b->succs[b->n_succs++] = to;
}

/* The edges of the block whose last instruction is I: where its control
   goes (BLOCK_OF: the block of each instruction; CALLS: the address each
   block calls).  */
static void
link_block (const bytes_walk *w, cc_func *fn, uint32_t i, const uint32_t *block_of,
            uint64_t *calls)
{
  const bytes_insn *in = &w->insns[i];
  uint32_t bi = block_of[i];
  cc_block *b = &fn->blocks[bi];
  /* Where running on goes: the next instruction, or the exit block that
     follows this one (another function's code next).  */
  uint32_t on = CC_NONE;
  if (run_on_exit (w, i))
    on = bi + 1 + (uint32_t) branch_exit (w, i);
  else if (i + 1 < w->n && w->insns[i + 1].addr == in->addr + in->len)
    on = block_of[i + 1];
  cc_goes f = (cc_goes) in->flow;
  if ((f == CC_GOES_JUMP || f == CC_GOES_COND) && !in->external)
    add_succ (b, block_of[insn_at (w, in->target)]);
  for (uint64_t k = 1, e = 0; in->table && k <= w->tables[in->table - 1][0]; k++)
    add_succ (b, table_exit (w, in, k) ? bi + 1 + (uint32_t) e++
                                       : block_of[insn_at (w, w->tables[in->table - 1][k])]);
  if (branch_exit (w, i))
    add_succ (b, bi + 1);
  for (uint32_t e = 0; e < ifunc_exits (w, i); e++)
    add_succ (b, bi + 1 + e);
  if (f == CC_GOES_JUMP && in->external)
    {
      b->call = CC_CALL_DIRECT;
      b->exits = 1;
      calls[bi] = in->target;
    }
  if (f == CC_GOES_CALL || f == CC_GOES_ICALL)
    {
      b->call = f == CC_GOES_CALL ? CC_CALL_DIRECT : CC_CALL_UNKNOWN;
      calls[bi] = f == CC_GOES_CALL ? in->target : 0;
      b->noreturn = in->noreturn;
    }
  if (f == CC_GOES_RETURN || f == CC_GOES_COND_RETURN)
    b->exits = 1;
  if (bytes_runs_on (f) && !in->noreturn && on != CC_NONE)
    {
      add_succ (b, on);
      b->fallthru = on;
    }
}

/* Where the exit block E after instruction I goes: the branch's target,
   the next function, or one of the IFUNC's implementations.  */
static uint64_t
exit_target (const bytes_walk *w, uint32_t i, uint32_t e)
{
  const bytes_insn *in = &w->insns[i];
  if (in->ifunc)
    return w->c->slots[in->ifunc - 1].impls[e];
  for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
    if (table_exit (w, in, k) && e-- == 0)
      return w->tables[in->table - 1][k];
  return e == 0 && branch_exit (w, i) ? in->target : w->limit;
}

/* The model's insns and blocks of W into FN (its code's offsets from
   BASE); *CALLS per block.  */
void
bytes_build_blocks (const bytes_walk *w, cc_func *fn, uint64_t base, uint64_t **calls)
{
  uint8_t *lead = leaders (w);
  uint32_t n_exit = 0, n_blocks = 0;
  for (uint32_t i = 0; i < w->n; i++)
    {
      n_exit += exit_blocks (w, i);
      n_blocks += lead[i];
    }
  fn->insns = cc_xcalloc (w->n + n_exit + 1, sizeof *fn->insns);
  fn->blocks = cc_xcalloc (n_blocks + n_exit + 1, sizeof *fn->blocks);
  *calls = cc_xcalloc (n_blocks + n_exit + 1, sizeof **calls);
  uint32_t *block_of = cc_xmalloc ((w->n + 1) * sizeof *block_of);
  /* First the insns, an exit block's zero-length insn right after the
     instruction it leaves from, and which block each insn starts.  */
  uint32_t ni = 0, nb = 0;
  for (uint32_t i = 0; i < w->n; i++)
    {
      const bytes_insn *in = &w->insns[i];
      if (lead[i])
        fn->blocks[nb++] = (cc_block) { .first_insn = ni, .fallthru = CC_NONE };
      block_of[i] = nb - 1;
      fn->blocks[nb - 1].n_insns++;
      fn->insns[ni] = (cc_insn) { .uid = ni + 1, .offset = (uint32_t) (in->addr - base),
                                  .length = in->len, .file = CC_NONE,
                                  .kind = in->flow == CC_GOES_KERNEL ? CC_INSN_ASM
                                                                     : CC_INSN_CODE,
                                  .kernel = in->flow == CC_GOES_KERNEL };
      ni++;
      for (uint32_t e = 0; e < exit_blocks (w, i); e++)
        {
          uint32_t end = (uint32_t) (in->addr + in->len - base);
          fn->insns[ni] = (cc_insn) { .uid = ni + 1, .offset = end, .file = CC_NONE,
                                      .kind = CC_INSN_PAD, .fetch = CC_FETCH_NEVER };
          fn->blocks[nb++] = (cc_block) { .first_insn = ni, .n_insns = 1, .fallthru = CC_NONE,
                                          .call = CC_CALL_DIRECT, .exits = 1 };
          (*calls)[nb - 1] = exit_target (w, i, e);
          ni++;
        }
    }
  fn->n_insns = ni;
  fn->n_blocks = nb;
  for (uint32_t i = 0; i < w->n; i++)
    if (ends_block (w, i) || (i + 1 < w->n && lead[i + 1]))
      link_block (w, fn, i, block_of, *calls);
  free (block_of);
  free (lead);
}
