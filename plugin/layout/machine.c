/* cachecat: the machine instructions of one GCC insn (machine.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/machine.h"
#include "layout/asm_filter.h"
#include "layout/layout.h"
#include "model/model.h"
#include "support/util.h"
#include "layout/target.h"

#include <stdlib.h>
#include <string.h>

/* Past this many statements (inline asm only) the flow is not followed:
   the first is fetched, the rest maybe.  */
#define MAX_FOLLOWED 256

/* Where control may go after statement K of S (N statements): up to
   three successors in OUT, N standing for "out of the insn".  */
static uint32_t
successors (const cc_mstmt *s, uint32_t n, uint32_t k, const uint8_t *call_returns,
            uint32_t *out)
{
  const cc_mstmt *m = &s[k];
  int32_t t = m->target;
  uint32_t c = 0;
  switch (m->flow)
    {
    case CC_FLOW_STOP:
      out[c++] = n;
      break;
    case CC_FLOW_JUMP:
      out[c++] = t >= 0 ? (uint32_t) t : n;
      break;
    case CC_FLOW_BRANCH:
      out[c++] = k + 1;
      out[c++] = t >= 0 ? (uint32_t) t : n;
      break;
    case CC_FLOW_CALL:
      if (t >= 0)
        {
          out[c++] = (uint32_t) t;
          if (call_returns[k])
            out[c++] = k + 1;
        }
      else
        out[c++] = k + 1;
      break;
    default:
      out[c++] = k + 1;
      break;
    }
  return c;
}

/* Statements reachable from FROM (avoiding AVOID, N for none), in SEEN;
   returns whether the way out (N) is reached.  */
static int
reach (const cc_mstmt *s, uint32_t n, uint32_t from, uint32_t avoid,
       const uint8_t *call_returns, uint8_t *seen, uint32_t *stack)
{
  memset (seen, 0, n + 1);
  if (from == avoid)
    return 0;
  uint32_t sp = 0;
  stack[sp++] = from;
  seen[from] = 1;
  while (sp)
    {
      uint32_t k = stack[--sp];
      if (k == n)
        continue;
      uint32_t succ[3];
      uint32_t c = successors (s, n, k, call_returns, succ);
      for (uint32_t j = 0; j < c; j++)
        if (succ[j] != avoid && !seen[succ[j]])
          {
            seen[succ[j]] = 1;
            stack[sp++] = succ[j];
          }
    }
  return seen[n];
}

/* Does a call of statement T come back to the statement after it?  Not
   if every near return reachable from T (before leaving the insn) comes
   right after a statement that replaces or drops the return address: the
   thunks of -mindirect-branch and -mfunction-return.  Calls inside the
   callee are assumed to come back (the question is asked of them too,
   but not recursively: their returns are the callee's own).  */
static int
call_comes_back (const cc_mstmt *s, uint32_t n, uint32_t t, uint8_t *seen, uint32_t *stack)
{
  uint8_t *back = cc_xmalloc (n + 1);
  memset (back, 1, n + 1);
  reach (s, n, t, n, back, seen, stack);
  int comes_back = 0;
  for (uint32_t k = 0; k < n && !comes_back; k++)
    {
      if (!seen[k])
        continue;
      if (s[k].flow == CC_FLOW_STOP)
        /* A return that finds the address the call pushed, or any other
           way out of the insn (ud2, lret): it may come back.  */
        comes_back = !s[k].returns
                     || !(k > 0 && s[k - 1].drops_return && s[k - 1].flow == CC_FLOW_NEXT);
      else
        {
          /* Out of the insn by a jump or off its end: code elsewhere may
             return to the call.  */
          uint32_t succ[3];
          uint32_t c = successors (s, n, k, back, succ);
          for (uint32_t j = 0; j < c; j++)
            comes_back |= succ[j] == n;
        }
    }
  free (back);
  return comes_back;
}

/* Does code the model does not see run right after statement S: the
   thunk it jumps to, the resolver a TLS descriptor call may call?  */
static int
runs_unknown (const cc_mstmt *s)
{
  return s->reloc == CC_RELOC_THUNK || s->reloc == CC_RELOC_TLSDESC;
}

/* Does control go to statement T from a statement of REACHED?  */
static int
targeted (const cc_mstmt *s, uint32_t n, const uint8_t *call_returns, const uint8_t *reached,
          uint32_t t)
{
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t succ[3];
      uint32_t c = reached[k] ? successors (s, n, k, call_returns, succ) : 0;
      for (uint32_t j = 0; j < c; j++)
        if (succ[j] == t)
          return 1;
    }
  return 0;
}

uint32_t
cc_machine_insns (const cc_mstmt *s, uint32_t n, const uint64_t *at, uint64_t start,
                  uint64_t end, int is_asm, cc_minsn *out)
{
  /* A TLS sequence is rewritten whole (its call through the GOT with
     it); a TLS descriptor call may stay a call of the resolver.  */
  uint8_t rewrite = CC_REWRITE_NONE;
  for (uint32_t k = 0; k < n; k++)
    {
      if (s[k].reloc == CC_RELOC_THUNK)
        continue;
      uint8_t r = s[k].reloc == CC_RELOC_TLSGD ? CC_REWRITE_TLSGD
                  : s[k].reloc == CC_RELOC_TLSLD ? CC_REWRITE_TLSLD
                  : s[k].reloc == CC_RELOC_TLSDESC ? CC_REWRITE_TLSDESC
                  : s[k].reloc == CC_RELOC_GOTPCRELX ? CC_REWRITE_GOTPCRELX : CC_REWRITE_NONE;
      if (r != CC_REWRITE_NONE && (rewrite == CC_REWRITE_NONE || rewrite == CC_REWRITE_GOTPCRELX))
        rewrite = r;
    }
  uint32_t whole = end > start ? (uint32_t) (end - start) : 0;

  /* Places: increasing, inside the insn; else it stays whole.  */
  int placed = at != NULL && n >= 1;
  for (uint32_t k = 1; placed && k < n; k++)
    if (at[k] <= at[k - 1] || at[k] >= end)
      placed = 0;
  if (n <= 1 || !placed)
    {
      memset (out, 0, sizeof *out);
      out->offset = (uint32_t) start;
      out->length = whole;
      out->rewrite = rewrite;
      out->unsplit = n > 1;
      for (uint32_t k = 0; k < n; k++)
        out->runs_unknown |= runs_unknown (&s[k]);
      /* Only the first byte is an instruction for sure; of a jump or call
         through the GOT, ld may make the last byte a nop never fetched.  */
      if (out->unsplit)
        out->maybe_tail = whole ? whole - 1 : 0;
      else if (rewrite == CC_REWRITE_GOTPCRELX && whole > 1)
        out->maybe_tail = 1;
      return 1;
    }
  for (uint32_t k = 0; k < n; k++)
    {
      uint64_t from = k ? at[k] : start, to = k + 1 < n ? at[k + 1] : end;
      memset (&out[k], 0, sizeof out[k]);
      out[k].offset = (uint32_t) from;
      out[k].length = (uint32_t) (to - from);
      out[k].rewrite = rewrite;
      out[k].runs_unknown = runs_unknown (&s[k]);
      if (rewrite == CC_REWRITE_GOTPCRELX && s[k].reloc == CC_RELOC_GOTPCRELX
          && out[k].length > 1)
        out[k].maybe_tail = 1;
    }
  if (is_asm || n > MAX_FOLLOWED)
    {
      for (uint32_t k = 1; k < n; k++)
        out[k].fetch = CC_FETCH_MAYBE;
      return n;
    }

  uint8_t *seen = cc_xmalloc (n + 1), *from_entry = cc_xmalloc (n + 1);
  uint8_t *call_returns = cc_xcalloc (n + 1, 1);
  uint32_t *stack = cc_xmalloc ((3 * (n + 1) + 1) * sizeof *stack);
  for (uint32_t k = 0; k < n; k++)
    if (s[k].flow == CC_FLOW_CALL && s[k].target >= 0)
      call_returns[k] = (uint8_t) call_comes_back (s, n, (uint32_t) s[k].target, seen, stack);
  reach (s, n, 0, n + 1, call_returns, from_entry, stack);
  /* Backwards (or in place) inside the reachable part: not in address
     order.  */
  int backwards = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      if (!from_entry[k])
        continue;
      uint32_t succ[3];
      uint32_t c = successors (s, n, k, call_returns, succ);
      for (uint32_t j = 0; j < c; j++)
        if (succ[j] <= k)
          backwards = 1;
    }
  for (uint32_t k = 0; k < n; k++)
    {
      if (!from_entry[k])
        out[k].fetch = CC_FETCH_NEVER;
      else if (backwards)
        {
          /* The first is fetched first, and again only if control comes
             back to it.  */
          out[k].fetch = k ? CC_FETCH_MAYBE : CC_FETCH_ALWAYS;
          out[k].unordered = k || targeted (s, n, call_returns, from_entry, 0);
        }
      /* On every way out: without it, the way out is not reached.  */
      else if (k > 0 && reach (s, n, 0, k, call_returns, seen, stack))
        out[k].fetch = CC_FETCH_MAYBE;
      else if (k > 0)
        {
          /* Always, unless it never leads out (only loops on): then it
             is fetched only by a run that never leaves.  */
          reach (s, n, k, n + 1, call_returns, seen, stack);
          if (!seen[n])
            {
              out[k].fetch = CC_FETCH_MAYBE;
              out[k].unordered = 1;
            }
        }
    }
  free (seen);
  free (from_entry);
  free (call_returns);
  free (stack);
  return n;
}

/* The instruction length decoder for L's object: x86-64 and RISC-V code
   have one that needs no state (ARM's depends on the Thumb state), else
   NULL.  */
static cc_length_fn
length_decoder (const cc_layout *l)
{
  const cc_isa_target *t = l ? cc_isa_target_of (cc_arch_of_elf_machine (l->machine)) : NULL;
  return t && t->object_length ? t->object_length (l->elf64) : NULL;
}

/* The bytes of section SEC of L's object (N of them) if they can be
   decoded, or NULL.  */
static const unsigned char *
section_bytes (const cc_layout *l, uint32_t sec, uint64_t *n)
{
  if (!length_decoder (l))
    return NULL;
  return cc_layout_section_bytes (l, sec, n);
}

/* The machine instruction a computed layout L lists at OFF of section
   SEC (layout.h, minsns), or NULL.  *HINT: where the last one was (the
   insns are read in order: mostly it is the next).  */
static const cc_layout_minsn *
listed_at (const cc_layout *l, uint32_t sec, uint64_t off, uint32_t *hint)
{
  if (!l || !l->minsns_listed)
    return NULL;
  for (uint32_t k = *hint; k < *hint + 2 && k < l->n_minsns; k++)
    if (l->minsns[k].section == sec && l->minsns[k].offset == off)
      {
        *hint = k;
        return &l->minsns[k];
      }
  uint32_t lo = 0, hi = l->n_minsns;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      const cc_layout_minsn *m = &l->minsns[mid];
      if (m->section == sec && m->offset == off)
        {
          *hint = mid;
          return m;
        }
      if (m->section < sec || (m->section == sec && m->offset < off))
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* Where the machine instructions of an insn are read: the object's bytes
   of section SEC (BYTES, N of them; NULL if unknown), which LENGTH
   decodes, or the list of a computed layout L.  */
typedef struct reader
{
  cc_length_fn length;
  const unsigned char *bytes;
  uint64_t n;
  const cc_layout *l;
  uint32_t sec;
  uint32_t *hint;           /* listed_at's */
} reader;

/* How many instructions (R reads them) exactly fill [OFF, OFF + LEN),
   their lengths in LENS (room for MAX); 1 if not exactly or not more
   than one (then the instruction stays as it is).  */
static uint32_t
decoded (const reader *r, uint32_t off, uint32_t len, uint32_t *lens, uint32_t max)
{
  if (!r->bytes)
    {
      /* A computed layout's list, where it has one.  */
      uint32_t k = 0, at = 0;
      const cc_layout_minsn *m;
      while (at < len && k < max && (m = listed_at (r->l, r->sec, (uint64_t) off + at, r->hint)))
        {
          lens[k++] = m->length;
          at += m->length;
        }
      return at == len ? k : 1;
    }
  cc_length_fn length = r->length;
  const unsigned char *bytes = r->bytes;
  if (!length || (uint64_t) off + len > r->n)
    return 1;
  uint32_t k = 0, at = 0;
  while (at < len && k < max)
    {
      int l = length (bytes + off + at, len - at);
      if (l <= 0)
        return 1;
      lens[k++] = (uint32_t) l;
      at += (uint32_t) l;
    }
  return at == len ? k : 1;
}

/* Append X to OUT (*W used of *CAP): split where R reads several
   instructions in it.  */
static void
emit (cc_insn **out, uint32_t *w, size_t *cap, cc_insn x, const reader *r)
{
  uint32_t lens[16];
  uint32_t d = x.unsplit || x.length < 2 ? 1 : decoded (r, x.offset, x.length, lens, 16);
  *out = cc_grow (*out, cap, (size_t) *w + d, sizeof **out, 16);
  if (d == 1)
    {
      (*out)[(*w)++] = x;
      return;
    }
  uint32_t off = x.offset, tail = x.maybe_tail;
  for (uint32_t j = 0; j < d; j++)
    {
      cc_insn y = x;
      y.offset = off;
      y.length = lens[j];
      y.maybe_tail = j + 1 == d ? (tail < lens[j] ? tail : lens[j]) : 0;
      /* Unknown code runs after the last of them (after `call t0,SYM',
         an auipc and a jalr, not between).  */
      y.runs_unknown = j + 1 == d ? x.runs_unknown : 0;
      off += lens[j];
      (*out)[(*w)++] = y;
    }
}

/* Does the machine instruction of LEN bytes at OFF of section SEC (BYTES,
   NB of them) of L's object always run on to the next one?  */
static int
runs_on (const cc_layout *l, uint32_t sec, const unsigned char *bytes, uint64_t nb,
         uint32_t off, uint32_t len, uint32_t *hint)
{
  if (!bytes)
    {
      /* A computed layout's list, where it has one.  */
      const cc_layout_minsn *m = listed_at (l, sec, off, hint);
      return m && m->length == len && m->runs_on;
    }
  if ((uint64_t) off + len > nb)
    return 0;
  /* ARM's mapping symbols say A32 or Thumb.  */
  cc_arch arch = cc_arch_of_elf_machine (l->machine);
  const cc_isa_target *t = cc_isa_target_of (arch);
  char state = t && t->isa_mapping[0] ? cc_layout_arm_state (l, sec, off) : 0;
  return cc_isa_runs_on (cc_isa_at_mapping (arch, state, l->elf64), bytes + off, len);
}

/* What each statement does to control is known for x86-64 (x86_statement.c).
   Elsewhere an insn's later machine instructions may be skipped (ARM's
   cmp; bhi; tbh, a branch gas relaxes into a branch around a jump): each
   is maybe fetched once one before it may send control elsewhere, which
   the object's bytes tell on RISC-V (call is auipc; jalr, lla auipc;
   addi; a layout computed from the text lists the same) and ARM
   (Thumb-2's it; movne) for GCC's own insns, and is assumed everywhere
   else.  OUT holds F's new insns, old insn I's from
   FIRST[I].  */
static void
later_maybe_fetched (const cc_func *f, cc_insn *out, const uint32_t *first,
                     const cc_layout *l, const uint32_t *sec)
{
  uint32_t hint = 0;
  for (uint32_t i = 0; i < f->n_insns; i++)
    {
      uint64_t nb = 0;
      int code = f->insns[i].kind == CC_INSN_CODE;
      const unsigned char *bytes = code ? cc_layout_section_bytes (l, sec[i], &nb) : NULL;
      int on = code;
      for (uint32_t m = first[i]; m < first[i + 1]; m++)
        {
          if (m > first[i] && !on && out[m].fetch == CC_FETCH_ALWAYS)
            out[m].fetch = CC_FETCH_MAYBE;
          on = on && runs_on (l, sec[i], bytes, nb, out[m].offset, out[m].length, &hint);
        }
    }
}

void
cc_machine_split (cc_func *f, const cc_asm_split *const *split, const cc_mstmt *ms,
                  const cc_layout *l, const cc_layout_ref *labels, unsigned long n_labels,
                  const uint32_t *sec, uint32_t *first)
{
  uint32_t n_old = f->n_insns, most = 1, w = 0;
  size_t cap = n_old + 16;
  for (uint32_t i = 0; i < n_old; i++)
    if (split[i] && split[i]->n > most)
      most = (uint32_t) split[i]->n;
  cc_insn *out = cc_xmalloc (cap * sizeof *out);
  cc_minsn *mi = cc_xmalloc ((most + 1) * sizeof *mi);
  uint64_t *at = cc_xmalloc ((most + 1) * sizeof *at);
  cc_length_fn length = length_decoder (l);
  uint32_t hint = 0;
  for (uint32_t i = 0; i < n_old; i++)
    {
      const cc_insn in = f->insns[i];
      const cc_asm_split *sp = split[i];
      reader r = { length, NULL, 0, l, sec[i], &hint };
      r.bytes = section_bytes (l, sec[i], &r.n);
      first[i] = w;
      if (!sp || !sp->n)
        {
          emit (&out, &w, &cap, in, &r);
          continue;
        }
      /* The places of its statements, if all are known and in its
         section.  */
      const cc_mstmt *s = ms + sp->first;
      uint32_t n = (uint32_t) sp->n;
      int placed = labels != NULL && !sp->unsplit;
      at[0] = in.offset;
      for (uint32_t j = 1; placed && j < n; j++)
        {
          unsigned long no = s[j].label;
          if (!no || no > n_labels || labels[no - 1].section != sec[i])
            placed = 0;
          else
            at[j] = labels[no - 1].offset;
        }
      uint32_t k = cc_machine_insns (s, n, placed ? at : NULL, in.offset,
                                     (uint64_t) in.offset + in.length,
                                     in.kind == CC_INSN_ASM, mi);
      if (sp->unsplit && k == 1 && n == 1)
        {
          /* Data or a switch beside a single instruction: whole.  */
          mi[0].unsplit = in.length > 1;
          mi[0].maybe_tail = in.length > 1 ? in.length - 1 : 0;
        }
      for (uint32_t j = 0; j < k; j++)
        {
          cc_insn x = in;
          x.offset = mi[j].offset;
          x.length = mi[j].length;
          x.fetch = mi[j].fetch;
          x.rewrite = mi[j].rewrite;
          x.unsplit = mi[j].unsplit;
          x.unordered = mi[j].unordered;
          x.runs_unknown = mi[j].runs_unknown;
          x.maybe_tail = mi[j].maybe_tail;
          emit (&out, &w, &cap, x, &r);
        }
    }
  first[n_old] = w;
  if (l && !cc_layout_target_of (cc_arch_of_elf_machine (l->machine))->statements_known)
    later_maybe_fetched (f, out, first, l, sec);
  cc_func_replace_insns (f, out, first);
  free (mi);
  free (at);
}
