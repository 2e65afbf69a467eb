/* cachecat-link: the units' models put together on the program's final
   addresses.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Every function of every record is placed where the linker put it (the
   record's relocated addresses), checked against the program's bytes, and
   made a function of one model whose sections are the program's output
   sections, each starting at an address that is a multiple of the cache's
   way size: so offsets are final addresses and set indices absolute, and
   the engine analyses one phase.  Calls are resolved from the final bytes
   (the linker's choice, whatever the names say); the roots are the entry
   and the functions code without a model may call (docs/design.md, "Link
   time").  What reads the bytes is the target's (isa/isa.h): x86-64,
   AArch64, ARM (A32 and Thumb) and RISC-V.  */

#include "link/whole_program.h"
#include "link/folded.h"
#include "binary/from_bytes.h"
#include "link/rel_tables.h"
#include "link/relaxed.h"
#include "support/util.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A function of a record that the linker kept.  */
typedef struct live_func
{
  uint32_t unit, func;
  uint32_t section;            /* model section */
} live_func;

typedef struct addr_ent
{
  uint64_t addr;
  uint32_t func;               /* index into the whole program's functions */
} addr_ent;

/* Bytes [lo, hi) of the program: a part of function FUNC.  */
typedef struct span
{
  uint64_t lo, hi;
  uint32_t section;            /* model section */
  uint32_t func;
} span;

static int
cmp_span (const void *a, const void *b)
{
  uint64_t x = ((const span *) a)->lo, y = ((const span *) b)->lo;
  return (x > y) - (x < y);
}

static int
cmp_range (const void *a, const void *b)
{
  const cc_addr_range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

static int
cmp_addr_ent (const void *a, const void *b)
{
  uint64_t x = ((const addr_ent *) a)->addr, y = ((const addr_ent *) b)->addr;
  return (x > y) - (x < y);
}

/* The function whose part 0 starts at ADDR, or CC_NONE.  */
static uint32_t
func_at (const addr_ent *v, uint32_t n, uint64_t addr)
{
  uint32_t lo = 0, hi = n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (v[mid].addr == addr)
        return v[mid].func;
      if (v[mid].addr < addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return CC_NONE;
}

static int
wp_fail (char **err, const cc_whole_program *wp, uint32_t fi, const char *fmt, ...)
  __attribute__ ((format (printf, 4, 5)));

/* Set *ERR to "SYMBOL (from SOURCE): " and FMT's text about function FI.  */
static int
wp_fail (char **err, const cc_whole_program *wp, uint32_t fi, const char *fmt, ...)
{
  va_list ap;
  char *what;
  va_start (ap, fmt);
  if (vasprintf (&what, fmt, ap) < 0)
    what = NULL;
  va_end (ap);
  const cc_func *fn = &wp->model.funcs[fi];
  *err = cc_xasprintf ("%s (from %s): %s", fn->parts[0].symbol,
                       wp->units[wp->funcs[fi].unit].source, what ? what : "?");
  free (what);
  return -1;
}

/* The final address of insn I of function FI.  */
static uint64_t
insn_addr (const cc_whole_program *wp, uint32_t fi, uint32_t i)
{
  const cc_func *fn = &wp->model.funcs[fi];
  const cc_part *p = &fn->parts[fn->insns[i].part];
  return wp->section_base[p->section] + fn->insns[i].offset;
}

/* The bytes at ADDR, at least N of them readable (*AVAIL: how many).  */
static const unsigned char *
bytes_at (const cc_elf_image *img, uint64_t addr, uint64_t n, size_t *avail)
{
  const cc_elf_section *s = cc_elf_code_at (img, addr, n);
  if (!s)
    return NULL;
  *avail = (size_t) (s->size - (addr - s->addr));
  return s->data + (addr - s->addr);
}

/* How the code at ADDR is read: ARM's mapping symbols say A32 or
   Thumb (CC_ISA_UNKNOWN if none does).  */
static cc_isa
isa_at (const cc_whole_program *wp, const cc_elf_image *img, uint64_t addr)
{
  char k = wp->target->isa_mapping[0] ? cc_elf_mapping_at (img, addr) : 0;
  return cc_isa_at_mapping (wp->arch, k, img->is64);
}

/* The instruction before insn I of function FI, if it ends where I
   starts (*N: its length), else NULL: RISC-V's call is an auipc and a
   jalr.  */
static const unsigned char *
prev_insn (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
           size_t *n)
{
  const cc_func *fn = &wp->model.funcs[fi];
  if (i == 0)
    return NULL;
  const cc_insn *p = &fn->insns[i - 1], *in = &fn->insns[i];
  if (p->part != in->part || p->length == 0 || p->offset + p->length != in->offset)
    return NULL;
  size_t avail;
  const unsigned char *b = bytes_at (img, insn_addr (wp, fi, i - 1), p->length, &avail);
  *n = p->length;
  return b;
}

/* What insn I of function FI does to control in the program's bytes,
   and its target (0 if none).  */
static cc_branch_kind
insn_branch (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
             uint64_t *target)
{
  const cc_insn *in = &wp->model.funcs[fi].insns[i];
  uint64_t a = insn_addr (wp, fi, i);
  size_t avail, prev_n = 0;
  const unsigned char *b = bytes_at (img, a, in->length, &avail);
  *target = 0;
  if (!b)
    return CC_BRANCH_NONE;
  const unsigned char *prev = prev_insn (wp, img, fi, i, &prev_n);
  return cc_isa_branch (isa_at (wp, img, a), b, in->length, a, prev, prev_n, target);
}

/* Is every instruction of function FI where and as long as the model
   says?  The length decoder declines some instructions (EVEX): those are
   not checked; a length it decodes must be the model's.  */
static int
check_bytes (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, char **err)
{
  const cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      const cc_insn *in = &fn->insns[i];
      if (in->length == 0)
        continue;
      uint64_t a = insn_addr (wp, fi, i);
      size_t avail;
      const unsigned char *b = bytes_at (img, a, in->length, &avail);
      uint64_t off = in->offset - fn->parts[in->part].offset;
      if (!b)
        return wp_fail (err, wp, fi, "the instruction at +%llu (0x%llx) is not in the "
                        "program's code", (unsigned long long) off, (unsigned long long) a);
      cc_isa isa = isa_at (wp, img, a);
      if (isa == CC_ISA_UNKNOWN)
        return wp_fail (err, wp, fi, "no mapping symbol ($a, $t) says whether its code "
                        "at 0x%llx is A32 or Thumb (was the symbol table stripped?)",
                        (unsigned long long) a);
      if (in->kind == CC_INSN_PAD)
        {
          if (!cc_isa_padding (isa, b, in->length))
            return wp_fail (err, wp, fi, "the %u bytes of padding at +%llu (0x%llx) are "
                            "not padding in the program", in->length,
                            (unsigned long long) off, (unsigned long long) a);
          continue;
        }
      /* The linker may rewrite these (model.h), and an unsplit insn has
         no boundaries of its own.  */
      if (in->rewrite != CC_REWRITE_NONE || in->unsplit)
        continue;
      int len = cc_isa_length (isa, b, avail);
      if (len > 0 && (uint32_t) len != in->length)
        return wp_fail (err, wp, fi, "the instruction at +%llu (0x%llx) is %d bytes "
                        "long in the program and %u in the model; was the object "
                        "changed after it was compiled?", (unsigned long long) off,
                        (unsigned long long) a, len, in->length);
    }
  return 0;
}

/* Inline asm statements of function FI whose instructions in the
   program all run on to the next one (the target's asm_flow), or that have no
   bytes: no code without a model runs in them and every one is fetched,
   so they are analysed as compiled code (docs/semantics.md §3.4).  A
   statement that enters the kernel but transfers control no other way
   stays unknown code that calls no function of the program; any other
   is counted in wp->n_asm_branching.  The machine instructions of one
   statement are consecutive and share its uid.  */
static void
plain_asm (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi)
{
  cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t i = 0, j; i < fn->n_insns; i = j)
    {
      j = i + 1;
      if (fn->insns[i].kind != CC_INSN_ASM)
        continue;
      while (j < fn->n_insns && fn->insns[j].kind == CC_INSN_ASM
             && fn->insns[j].uid == fn->insns[i].uid && fn->insns[j].part == fn->insns[i].part)
        j++;
      cc_asm_flow worst = CC_ASM_NEXT;
      for (uint32_t k = i; k < j && worst != CC_ASM_OTHER; k++)
        {
          const cc_insn *in = &fn->insns[k];
          if (in->length == 0)
            continue;
          size_t avail;
          const unsigned char *b = bytes_at (img, insn_addr (wp, fi, k), in->length, &avail);
          cc_asm_flow fl = CC_ASM_OTHER;
          if (b && in->rewrite == CC_REWRITE_NONE && !in->unsplit && !in->runs_unknown)
            fl = wp->target->asm_flow (b, avail, in->length);
          if (fl > worst)
            worst = fl;
        }
      if (worst == CC_ASM_OTHER)
        wp->n_asm_branching++;
      for (uint32_t k = i; k < j && worst == CC_ASM_NEXT; k++)
        {
          fn->insns[k].kind = CC_INSN_CODE;
          fn->insns[k].fetch = CC_FETCH_ALWAYS;
          fn->insns[k].maybe_tail = 0;
          fn->insns[k].unordered = 0;
          wp->n_plain_asm++;
        }
    }
}

/* A call or jump through the GOT (R_X86_64_GOTPCRELX) whose bytes in the
   program are one instruction of the model's length: `call *f@GOTPCREL`
   as it was (ff 15) or as ld relaxed it (`addr32 call f`, 67 e8), or
   `jmp *f@GOTPCREL` as it was (ff 25).  Its boundaries are final, so it
   carries a promise again, and a relaxed call is resolved like any direct
   one.  (A relaxed jmp is `jmp f; nop`: two instructions where the model
   has one, which stay without promise.)  */
static void
settle_rewrites (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi)
{
  cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      cc_insn *in = &fn->insns[i];
      if (in->rewrite != CC_REWRITE_GOTPCRELX || in->length != 6 || in->unsplit)
        continue;
      size_t avail;
      const unsigned char *b = bytes_at (img, insn_addr (wp, fi, i), 6, &avail);
      if (b && wp->target->got_branch_settled (b, avail))
        {
          in->rewrite = CC_REWRITE_NONE;
          in->maybe_tail = 0;
          wp->n_settled++;
        }
    }
}

/* The last instruction of block B of FN that is fetched (an int3 of
   -mharden-sls may follow a call), or CC_NONE.  */
static uint32_t
last_fetched (const cc_func *fn, const cc_block *b)
{
  for (uint32_t i = b->first_insn + b->n_insns; i-- > b->first_insn;)
    {
      const cc_insn *in = &fn->insns[i];
      if (in->length == 0 || in->fetch == CC_FETCH_NEVER || in->kind == CC_INSN_PAD)
        continue;
      return i;
    }
  return CC_NONE;
}

/* Does the instruction the model has at insn I read as the model's in
   the program (neither the linker's nor the asm's, and whole)?  */
static int
plain_insn (const cc_insn *in)
{
  return in->kind == CC_INSN_CODE && in->rewrite == CC_REWRITE_NONE && !in->unsplit
         && in->length > 0;
}

/* Why the final bytes of function FI do not branch where its model does,
   or NULL (not for x86-64, whose linker adds no stub).  The linkers of
   ARM and AArch64 may route a branch through a stub they add (a veneer
   for a branch out of range, the Cortex-A8 erratum's for a branch across
   a page), or make an instruction a branch to one (the Cortex-A53 erratum
   843419's fix, on by default, for a load after an adrp): control then
   runs code the model does not have.  So an instruction the model runs
   on from must not be a jump or call in the program, and the branch that
   ends a block that calls nothing must go to one of the block's
   successors.  */
static char *
rerouted (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi)
{
  const cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
    {
      const cc_block *b = &fn->blocks[bi];
      uint32_t last = last_fetched (fn, b);
      for (uint32_t i = b->first_insn; i < b->first_insn + b->n_insns; i++)
        {
          const cc_insn *in = &fn->insns[i];
          /* Unknown code runs right after an insn that runs_unknown (the
             millicode RISC-V's `call t0,__riscv_save_N' calls): whatever
             it branches to is that code.  */
          if (!plain_insn (in) || in->fetch == CC_FETCH_NEVER || in->runs_unknown)
            continue;
          uint64_t t;
          cc_branch_kind k = insn_branch (wp, img, fi, i, &t);
          uint64_t a = insn_addr (wp, fi, i);
          if (i != last)
            {
              if (k == CC_BRANCH_JUMP || k == CC_BRANCH_CALL)
                return cc_xasprintf ("the instruction at 0x%llx is a branch in the program "
                                     "(to 0x%llx) and not in the model",
                                     (unsigned long long) a, (unsigned long long) t);
              continue;
            }
          if (b->call != CC_CALL_NONE || !t
              || (k != CC_BRANCH_JUMP && k != CC_BRANCH_CALL && k != CC_BRANCH_COND))
            continue;
          int found = 0;
          for (uint32_t s = 0; s < b->n_succs && !found; s++)
            found = insn_addr (wp, fi, fn->blocks[b->succs[s]].first_insn) == t;
          if (!found)
            return cc_xasprintf ("its branch at 0x%llx goes to 0x%llx, where the model has "
                                 "none of its successors", (unsigned long long) a,
                                 (unsigned long long) t);
        }
    }
  return NULL;
}

/* Is the padding that a fall-through of function FI runs (the bytes
   between a block and the next it falls into) padding in the program?
   The engine fetches it on that edge.  Not where gas may jump over
   long padding (x86-64, cc_x86_padding: padding_fetched).  */
static int
check_fallthru_padding (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi,
                        char **err)
{
  const cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
    {
      const cc_block *b = &fn->blocks[bi];
      if (b->fallthru == CC_NONE || b->n_insns == 0)
        continue;
      const cc_insn *last = &fn->insns[b->first_insn + b->n_insns - 1];
      const cc_insn *next = &fn->insns[fn->blocks[b->fallthru].first_insn];
      if (next->part != last->part || next->offset <= last->offset + last->length)
        continue;
      uint64_t a = insn_addr (wp, fi, b->first_insn + b->n_insns - 1) + last->length;
      uint32_t n = next->offset - (last->offset + last->length);
      size_t avail;
      const unsigned char *bytes = bytes_at (img, a, n, &avail);
      if (!bytes || !cc_isa_padding (isa_at (wp, img, a), bytes, n))
        return wp_fail (err, wp, fi, "the %u bytes of padding at 0x%llx are not padding "
                        "in the program", n, (unsigned long long) a);
    }
  return 0;
}

/* The name of the function symbol at ADDR among the N symbols SYMS (by
   value), or NULL.  */
static const char *
func_symbol_at (const cc_elf_symbol *syms, uint32_t n, uint64_t addr)
{
  for (uint32_t i = cc_elf_first_symbol_from (syms, n, addr);
       i < n && syms[i].value == addr; i++)
    if (syms[i].func)
      return syms[i].name;
  return NULL;
}

/* Resolve every direct call of function FI from the program's bytes: to
   a function of the model (its unique name) or to unknown code, named
   after the symbol at its target (SYMS, N_SYMS by value) if any.  */
static void
resolve_calls (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi,
               const addr_ent *starts, uint32_t n_starts, const cc_elf_symbol *syms,
               uint32_t n_syms)
{
  cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
    {
      cc_block *b = &fn->blocks[bi];
      /* A call the unit could not resolve (to another unit, or one the
         compiler thought interposable) is resolved here too.  */
      if (b->call == CC_CALL_NONE)
        continue;
      uint32_t callee = CC_NONE;
      const char *unmodelled = NULL;
      /* The call is the block's last instruction that is fetched.  */
      uint32_t i = last_fetched (fn, b);
      if (wp->funcs[fi].calls)
        {
          /* Modelled from the bytes: what they call is known.  */
          uint64_t t = wp->funcs[fi].calls[bi];
          if (t)
            {
              callee = func_at (starts, n_starts, t);
              unmodelled = func_symbol_at (syms, n_syms, t);
            }
        }
      else if (i != CC_NONE && plain_insn (&fn->insns[i]))
        {
          uint64_t t;
          cc_branch_kind k = insn_branch (wp, img, fi, i, &t);
          if (t && (k == CC_BRANCH_CALL || k == CC_BRANCH_JUMP || k == CC_BRANCH_COND))
            {
              callee = func_at (starts, n_starts, t);
              unmodelled = func_symbol_at (syms, n_syms, t);
            }
        }
      free (b->callee);
      b->callee = NULL;
      if (callee == CC_NONE)
        {
          /* A PLT entry, a veneer, code without a model, or a call the
             bytes do not show: unknown code, which may do anything.  The
             function it names, if a symbol does, says which (bounds.h's
             CC_WHY_NO_MODEL_CALL).  */
          b->call = CC_CALL_UNKNOWN;
          b->callee = unmodelled ? cc_xstrdup (unmodelled) : NULL;
          wp->n_calls_unknown++;
        }
      else
        {
          b->call = CC_CALL_DIRECT;
          b->callee = cc_xstrdup (wp->model.funcs[callee].name);
          wp->n_calls_resolved++;
        }
    }
}

/* Mark function F in MARKS (wp->escaped or wp->taken) with KIND, the
   reference at AT, unless it is marked.  */
static void
mark_root (cc_whole_program *wp, uint8_t *marks, uint32_t f, enum cc_root_kind kind,
           uint64_t at)
{
  if (marks[f])
    return;
  marks[f] = (uint8_t) kind;
  if (marks == wp->escaped)
    wp->funcs[f].escaped_at = at;
  else
    wp->funcs[f].root_at = at;
}

/* Mark in MARKS the functions whose start lies in [LO, HI].  */
static void
mark_range (cc_whole_program *wp, uint8_t *marks, const addr_ent *starts, uint32_t n_starts,
            uint64_t lo, uint64_t hi, enum cc_root_kind kind, uint64_t at)
{
  for (size_t a = cc_lower_bound_u64 (starts, n_starts, sizeof *starts, 0, lo);
       a < n_starts && starts[a].addr <= hi; a++)
    mark_root (wp, marks, starts[a].func, kind, at);
}

/* The code of section S at byte P, read without knowing where its
   instructions start (X86-64 aside): the ranges its instruction there
   may refer to, into OUT (room for 2).  On ARM the mapping symbols say
   which set the bytes are in; where none does, both are tried
   (cc_isa_code_refs).  */
static int
code_refs (const cc_whole_program *wp, const cc_elf_image *img, const cc_elf_section *s,
           uint64_t p, cc_addr_range *out)
{
  uint64_t a = s->addr + p;
  char k = wp->target->isa_mapping[0] ? cc_elf_mapping_at (img, a) : 0;
  return cc_isa_code_refs (wp->arch, k, img->is64, s->data + p, (size_t) p,
                           (size_t) (s->size - p), a, wp->gp, out);
}

/* Find the functions that code without a model may call (wp->escaped):
   those whose start address appears in the program's allocated bytes
   outside the model's code, as an absolute address (data, .init_array,
   the GOT, .dynsym, an immediate; ARM's with the Thumb bit) or as what
   an instruction there may refer to: on x86-64 the target of a 32-bit
   relative operand (a call, jump or RIP-relative address ending 0 to 4
   bytes after it), elsewhere a branch target or a PC-relative address
   (cc_isa_refs: an adrp's page, an auipc's 4 KiB, ...).  A coincidence
   only costs precision.  */
static void
mark_escapes (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
              uint32_t n_starts, const span *code, uint32_t n_code, cc_bases *bases)
{
  if (!n_starts)
    return;
  uint64_t lo = starts[0].addr, hi = starts[n_starts - 1].addr;
  int asize = img->is64 ? 8 : 4;
  /* Instructions start at every byte on x86-64 (read byte by byte:
     rel_refs), at every halfword on ARM (Thumb) and RISC-V (C), at every
     word on AArch64 (cc_isa_code_refs).  */
  uint8_t *escaped = wp->escaped;
  for (uint32_t si = 0; si < img->n_sections; si++)
    {
      const cc_elf_section *s = &img->sections[si];
      if (!s->data)
        continue;
      uint32_t ci = 0;
      for (uint64_t p = 0; p + 4 <= s->size; p++)
        {
          uint64_t a = s->addr + p;
          /* Skip the model's own code: its calls are edges, and what it
             takes the address of is flagged in its model.  */
          while (ci < n_code && code[ci].hi <= a)
            ci++;
          if (ci < n_code && code[ci].lo <= a)
            {
              p = code[ci].hi - s->addr - 1;
              continue;
            }
          uint64_t cand[8];
          int nc = 0;
          if (p + (uint64_t) asize <= s->size)
            cand[nc++] = cc_load_uint (s->data + p, asize, img->big_endian);
          uint32_t w = (uint32_t) cc_load_uint (s->data + p, 4, img->big_endian);
          /* A position-independent program holds no 32-bit absolute
             address (its relocations' addends are 64-bit).  */
          if (!img->pie || asize == 4)
            cand[nc++] = w;
          if (wp->target->thumb_bit)
            for (int c = 0, n = nc; c < n; c++)
              cand[nc++] = cand[c] & ~(uint64_t) 1;    /* the Thumb bit */
          if (s->exec && wp->target->rel_refs)
            nc += wp->target->rel_refs (s->data, (size_t) s->size, (size_t) p, s->addr,
                                        cand + nc);
          for (int c = 0; c < nc; c++)
            {
              cc_bases_add (bases, cand[c], cand[c]);
              if (cand[c] >= lo && cand[c] <= hi)
                {
                  uint32_t f = func_at (starts, n_starts, cand[c]);
                  if (f != CC_NONE)
                    mark_root (wp, escaped, f,
                               s->exec ? CC_ROOT_UNMODELLED_CODE : CC_ROOT_DATA, a);
                }
            }
          if (s->exec && !wp->target->rel_refs)
            {
              cc_addr_range r[2];
              int nr = code_refs (wp, img, s, p, r);
              for (int k = 0; k < nr; k++)
                {
                  cc_bases_add (bases, r[k].lo, r[k].hi);
                  if (r[k].hi >= lo && r[k].lo <= hi)
                    mark_range (wp, escaped, starts, n_starts, r[k].lo, r[k].hi,
                                CC_ROOT_UNMODELLED_CODE, a);
                }
            }
        }
    }
}

/* Mark in wp->taken the functions whose start the modelled instruction
   I of function FI refers to by its operands (x86-64: operand_refs): a
   RIP-relative operand (lea f(%rip)) or an absolute immediate (mov $f),
   in any instruction but a direct branch; every address it names is a
   base of self-relative tables.  */
static void
taken_operands (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
           const addr_ent *starts, uint32_t n_starts, cc_bases *bases)
{
  const cc_insn *in = &wp->model.funcs[fi].insns[i];
  if (in->length < 5 || in->kind == CC_INSN_PAD)
    return;
  uint64_t a = insn_addr (wp, fi, i), t;
  size_t avail;
  const unsigned char *b = bytes_at (img, a, in->length, &avail);
  if (!b)
    return;
  cc_branch_kind k = cc_isa_branch (isa_at (wp, img, a), b, in->length, a, NULL, 0, &t);
  if (k == CC_BRANCH_CALL || k == CC_BRANCH_JUMP || k == CC_BRANCH_COND)
    return;
  uint64_t cand[3 * 16];
  int nc = wp->target->operand_refs (b, in->length, a, img->pie, cand);
  for (int c = 0; c < nc; c++)
    {
      cc_bases_add (bases, cand[c], cand[c]);
      uint32_t f = func_at (starts, n_starts, cand[c]);
      if (f != CC_NONE)
        mark_root (wp, wp->taken, f, CC_ROOT_MODELLED_CODE, a);
    }
}

/* Does insn I of function FI, or the one after it (RISC-V's auipc and
   jalr), branch directly to TARGET?  */
static int
branches_to (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
             uint64_t target)
{
  for (uint32_t k = i; k < i + 2 && k < wp->model.funcs[fi].n_insns; k++)
    {
      uint64_t t;
      cc_branch_kind bk = insn_branch (wp, img, fi, k, &t);
      if ((bk == CC_BRANCH_CALL || bk == CC_BRANCH_JUMP || bk == CC_BRANCH_COND)
          && t == target)
        return 1;
    }
  return 0;
}

/* The same on the other targets: what the instruction may refer to
   (cc_isa_refs), exact where an instruction pair completes an address;
   a direct branch's target is an edge, not an address taken.  */
static void
taken_refs (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
            const addr_ent *starts, uint32_t n_starts, cc_bases *bases)
{
  const cc_insn *in = &wp->model.funcs[fi].insns[i];
  uint64_t a = insn_addr (wp, fi, i);
  const cc_elf_section *s = in->length ? cc_elf_code_at (img, a, in->length) : NULL;
  cc_addr_range r[2];
  int nr = s ? code_refs (wp, img, s, a - s->addr, r) : 0;
  for (int k = 0; k < nr; k++)
    {
      cc_bases_add (bases, r[k].lo, r[k].hi);
      if (r[k].lo != r[k].hi || !branches_to (wp, img, fi, i, r[k].lo))
        mark_range (wp, wp->taken, starts, n_starts, r[k].lo, r[k].hi, CC_ROOT_MODELLED_CODE,
                    a);
    }
}

/* Mark in wp->taken the functions whose start the modelled code refers
   to.  A unit flags only its own functions address-taken; this finds
   the address of another unit's too.  In a closed program they are the
   targets of indirect calls; in an open one roots (the code may hand
   the address to code without a model).  A coincidence only costs
   precision.  */
static void
mark_taken_in_code (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
                    uint32_t n_starts, cc_bases *bases)
{
  for (uint32_t fi = 0; fi < wp->model.n_funcs; fi++)
    if (!(wp->model.funcs[fi].flags & CC_FUNC_BROKEN))
      for (uint32_t i = 0; i < wp->model.funcs[fi].n_insns; i++)
        (wp->target->operand_refs ? taken_operands : taken_refs) (wp, img, fi, i, starts,
                                                                  n_starts, bases);
}

typedef struct rel_hit
{
  cc_whole_program *wp;
  const addr_ent *starts;
} rel_hit;

static void
hit_escaped (void *data, uint32_t start, uint64_t entry)
{
  rel_hit *h = data;
  mark_root (h->wp, h->wp->escaped, h->starts[start].func, CC_ROOT_REL_TABLE, entry);
}

/* Mark in wp->escaped the functions that an entry of a self-relative
   table reaches (rel_tables.h) from its own address, or in a closed
   program from a base (BASES, else NULL) at or before it in its object.
   Code without a model may call them, and in a closed program they are
   targets of indirect calls.  CODE (N_CODE spans in address order) is the modelled code,
   not read.  If the entries are too many to check, every function is
   marked, and the program is not closed.  */
static void
mark_relative (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
               uint32_t n_starts, const span *code, uint32_t n_code, cc_bases *bases)
{
  if (bases)
    cc_bases_seal (bases);
  uint64_t *at = cc_xmalloc ((n_starts + 1) * sizeof *at);
  for (uint32_t i = 0; i < n_starts; i++)
    at[i] = starts[i].addr;
  cc_addr_range *skip = cc_xmalloc ((n_code + 1) * sizeof *skip);
  for (uint32_t i = 0; i < n_code; i++)
    skip[i] = (cc_addr_range) { code[i].lo, code[i].hi };
  rel_hit h = { wp, starts };
  if (cc_rel_tables_scan (img, wp->target->thumb_bit, bases, skip, n_code, at, n_starts,
                          hit_escaped, &h) < 0)
    {
      wp->rel_unsettled = 1;
      for (uint32_t f = 0; f < wp->model.n_funcs; f++)
        mark_root (wp, wp->escaped, f, CC_ROOT_REL_TABLE, 0);
    }
  free (skip);
  free (at);
}

/* Do the bytes [AT, TO) of section S, between modelled functions, hold
   no code: padding (the target's gap_padding), or data the mapping
   symbols mark ($d: a literal pool after a function's code)?  */
static int
gap_no_code (const cc_whole_program *wp, const cc_elf_image *img, const cc_elf_section *s,
             uint64_t at, uint64_t to)
{
  while (at < to)
    {
      size_t k = cc_lower_bound_u64 (img->maps, img->n_maps, sizeof *img->maps,
                                     offsetof (cc_elf_map, addr), at + 1);
      uint64_t next = k < img->n_maps && img->maps[k].addr < to ? img->maps[k].addr : to;
      if (cc_elf_mapping_at (img, at) != 'd'
          && !wp->target->gap_padding (s->data + (at - s->addr), next - at))
        return 0;
      at = next;
    }
  return 1;
}

/* Why the program is not closed (docs/semantics.md §7.4), or NULL: it
   is linked statically, runs no code from its stack or from memory it
   writes, every byte of its code outside the modelled
   functions (MODELLED, N spans in address order) is padding, every
   function has an exact model, and no modelled code runs code without a
   model that could call one (an asm statement that may branch, a
   retpoline thunk, a call that is not through a pointer and goes to no
   modelled function).  Not AArch64's (no gap_padding): the addresses its
   code makes with movz and movk are not read yet.  */
static char *
open_because (cc_whole_program *wp, const cc_elf_image *img, const span *modelled,
              uint32_t n_modelled)
{
  if (img->dynamic)
    return cc_xstrdup ("it is linked dynamically: code of shared libraries may run");
  if (!wp->target->gap_padding)
    return cc_xasprintf ("closed programs are not recognised on %s yet (its code's "
                         "movz and movk are not read)", cc_arch_name (wp->arch));
  if (img->exec_stack)
    return cc_xstrdup ("its stack is executable: code there (a trampoline of a nested "
                       "function) may run (no PT_GNU_STACK says otherwise: link with "
                       "-z noexecstack if it holds no code)");
  if (img->writable_code)
    return cc_xstrdup ("a segment is writable and executable: code written at run time "
                       "may run");
  for (uint32_t fi = 0; fi < wp->model.n_funcs; fi++)
    if (wp->model.funcs[fi].flags & CC_FUNC_BROKEN)
      return cc_xasprintf ("%s has no exact model", wp->model.funcs[fi].name);
  uint32_t k = 0;
  for (uint32_t si = 0; si < img->n_sections; si++)
    {
      const cc_elf_section *s = &img->sections[si];
      if (!s->alloc || !s->exec || !s->data)
        continue;
      uint64_t at = s->addr, end = s->addr + s->size;
      while (at < end)
        {
          while (k < n_modelled && modelled[k].hi <= at)
            k++;
          uint64_t to = k < n_modelled && modelled[k].lo < end ? modelled[k].lo : end;
          if (to > at && !gap_no_code (wp, img, s, at, to))
            return cc_xasprintf ("section %s holds code without a model at 0x%llx", s->name,
                                 (unsigned long long) at);
          at = k < n_modelled && modelled[k].lo < end ? modelled[k].hi : end;
        }
    }
  for (uint32_t fi = 0; fi < wp->model.n_funcs; fi++)
    {
      const cc_func *fn = &wp->model.funcs[fi];
      for (uint32_t i = 0; i < fn->n_insns; i++)
        if (fn->insns[i].runs_unknown)
          return cc_xasprintf ("%s runs code without a model (a thunk or a resolver)",
                               fn->name);
      for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
        {
          const cc_block *b = &fn->blocks[bi];
          if (b->call != CC_CALL_UNKNOWN)
            continue;
          uint32_t i = last_fetched (fn, b);
          uint64_t t;
          if (i == CC_NONE || !plain_insn (&fn->insns[i])
              || insn_branch (wp, img, fi, i, &t) != CC_BRANCH_INDIRECT)
            return cc_xasprintf ("a call of %s goes to code without a model", fn->name);
        }
    }
  if (wp->n_asm_branching)
    return cc_xasprintf ("%u inline asm statements may transfer control",
                         wp->n_asm_branching);
  return NULL;
}

/* The function that stands for the targets of the program's indirect
   calls: entered at block 0, which leads to one block per target (the N
   functions wp->taken marks) that calls it and returns.  It has no bytes
   (its insns are zero-length padding, fetched never), so it adds no
   fetch and no line.  */
static void
add_dispatcher (cc_whole_program *wp, uint32_t n)
{
  cc_model *m = &wp->model;
  m->funcs = cc_xrealloc (m->funcs, (m->n_funcs + 1) * sizeof *m->funcs);
  wp->funcs = cc_xrealloc (wp->funcs, (m->n_funcs + 1) * sizeof *wp->funcs);
  cc_func *d = &m->funcs[m->n_funcs];
  memset (d, 0, sizeof *d);
  d->name = cc_xstrdup ("(indirect call)");
  d->flags = CC_FUNC_SYNTHETIC;
  d->file = CC_NONE;
  d->n_parts = 1;
  d->parts = cc_xcalloc (1, sizeof *d->parts);
  d->parts[0].symbol = cc_xstrdup (d->name);
  d->n_insns = n + 1;
  d->insns = cc_xcalloc (n + 1, sizeof *d->insns);
  d->n_blocks = n + 1;
  d->blocks = cc_xcalloc (n + 1, sizeof *d->blocks);
  for (uint32_t i = 0; i <= n; i++)
    {
      d->insns[i] = (cc_insn) { .uid = i, .file = CC_NONE, .kind = CC_INSN_PAD,
                                .fetch = CC_FETCH_NEVER };
      d->blocks[i].first_insn = i;
      d->blocks[i].n_insns = 1;
      d->blocks[i].fallthru = CC_NONE;
    }
  d->blocks[0].n_succs = n;
  d->blocks[0].succs = cc_xmalloc ((n + 1) * sizeof (uint32_t));
  for (uint32_t f = 0, t = 1; f < m->n_funcs; f++)
    if (wp->taken[f])
      {
        d->blocks[0].succs[t - 1] = t;
        d->blocks[t].call = CC_CALL_DIRECT;
        d->blocks[t].callee = cc_xstrdup (m->funcs[f].name);
        d->blocks[t].exits = 1;
        t++;
      }
  wp->funcs[m->n_funcs] = (cc_link_func) { .addr = cc_xcalloc (1, sizeof (uint64_t)) };
  m->n_funcs++;
  wp->n_indirect_targets = n;
}

static void enter_roots (cc_whole_program *wp, uint32_t entry);

/* The function where the program starts (the ELF entry point), or
   CC_NONE.  */
static uint32_t
entry_point_func (const cc_whole_program *wp)
{
  uint64_t a = wp->entry_point & ~(uint64_t) (wp->target->thumb_bit ? 1 : 0);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    if (!(wp->model.funcs[f].flags & CC_FUNC_SYNTHETIC) && wp->funcs[f].addr[0] == a)
      return f;
  return CC_NONE;
}

/* The program's entry point runs once, before anything else, whatever
   the entry of the analysis (main): a root (cold, as the kernel starts
   it, or not: a root's state is unknown).  */
static void
enter_at_entry_point (cc_whole_program *wp, uint32_t entry)
{
  uint32_t f = entry_point_func (wp);
  if (f == CC_NONE || f == entry)
    return;
  wp->model.funcs[f].flags |= CC_FUNC_ADDRESS_TAKEN;
  if (wp->open_because && !wp->taken[f])
    {
      wp->taken[f] = CC_ROOT_ENTRY_POINT;
      wp->funcs[f].root_at = wp->funcs[f].addr[0];
      wp->n_escaped++;
    }
}

void
cc_whole_program_enter (cc_whole_program *wp, uint32_t entry)
{
  enter_roots (wp, entry);
  enter_at_entry_point (wp, entry);
}

static void
enter_roots (cc_whole_program *wp, uint32_t entry)
{
  if (!wp->open_because)
    {
      /* Closed: nothing outside calls a function; every function whose
         address the program holds may be called by its indirect calls.  */
      uint32_t n_taken = 0;
      for (uint32_t f = 0; f < wp->model.n_funcs; f++)
        {
          wp->model.funcs[f].flags &= ~(uint32_t) CC_FUNC_ADDRESS_TAKEN;
          n_taken += wp->taken[f] != 0;
        }
      if (!n_taken)
        return;
      const char *name = NULL;
      for (uint32_t f = 0; f < wp->model.n_funcs; f++)
        for (uint32_t bi = 0; bi < wp->model.funcs[f].n_blocks; bi++)
          {
            cc_block *b = &wp->model.funcs[f].blocks[bi];
            if (b->call != CC_CALL_UNKNOWN)
              continue;
            if (!name)
              {
                add_dispatcher (wp, n_taken);
                name = wp->model.funcs[wp->model.n_funcs - 1].name;
                b = &wp->model.funcs[f].blocks[bi];  /* (funcs moved) */
              }
            b->call = CC_CALL_DIRECT;
            free (b->callee);
            b->callee = cc_xstrdup (name);
            wp->n_indirect_sites++;
            wp->n_calls_unknown--;
          }
      return;
    }
  /* Open: code without a model may call what it holds the address of,
     and what the modelled code gives it (a callback to qsort).  */
  if (entry < wp->model.n_funcs)
    wp->taken[entry] = CC_ROOT_NONE;   /* it runs once, as the entry */
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    if (wp->taken[f])
      {
        wp->model.funcs[f].flags |= CC_FUNC_ADDRESS_TAKEN;
        wp->n_escaped++;
      }
}

char *
cc_whole_program_root_because (const cc_whole_program *wp, uint32_t f)
{
  if (!wp->open_because || f >= wp->model.n_funcs || !wp->taken || !wp->taken[f]
      || (wp->model.funcs[f].flags & CC_FUNC_SYNTHETIC))
    return NULL;
  unsigned long long at = wp->funcs[f].root_at;
  switch (wp->taken[f])
    {
    case CC_ROOT_DATA:
      return cc_xasprintf ("its address is in the program's data at 0x%llx", at);
    case CC_ROOT_UNMODELLED_CODE:
      return cc_xasprintf ("code without a model refers to its address at 0x%llx", at);
    case CC_ROOT_REL_TABLE:
      return wp->rel_unsettled
             ? cc_xstrdup ("the entries of self-relative tables were too many to check")
             : cc_xasprintf ("the entry of a self-relative table at 0x%llx reaches it", at);
    case CC_ROOT_MODELLED_CODE:
      return cc_xasprintf ("the program's code refers to its address at 0x%llx, and may "
                           "hand it to code without a model", at);
    case CC_ROOT_ENTRY_POINT:
      return cc_xstrdup ("the program starts there (the ELF entry point)");
    default:
      return cc_xstrdup ("its unit flags it address-taken (its address is taken, it has "
                         "the used attribute, or asm names it)");
    }
}

/* Unique names: a name that two functions of the program share (static
   functions of different units) becomes NAME@SOURCE, and each part's
   symbol likewise.  */
static int
cmp_str_ptr (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
make_names_unique (cc_whole_program *wp)
{
  cc_model *m = &wp->model;
  char **names = cc_xmalloc ((m->n_funcs + 1) * sizeof *names);
  for (uint32_t f = 0; f < m->n_funcs; f++)
    names[f] = m->funcs[f].name;
  qsort (names, m->n_funcs, sizeof *names, cmp_str_ptr);
  for (uint32_t f = 0; f < m->n_funcs; f++)
    {
      cc_func *fn = &m->funcs[f];
      char *key = fn->name;
      char **hit = bsearch (&key, names, m->n_funcs, sizeof *names, cmp_str_ptr);
      int shared = hit && ((hit > names && strcmp (hit[-1], key) == 0)
                           || (hit + 1 < names + m->n_funcs && strcmp (hit[1], key) == 0));
      if (!shared)
        continue;
      const cc_link_func *lf = &wp->funcs[f];
      for (uint32_t p = 0; p < fn->n_parts; p++)
        {
          /* One modelled from its bytes has no unit: its address says
             which.  */
          char *n = lf->unit < wp->n_units
                    ? cc_xasprintf ("%s@%s", fn->parts[p].symbol, wp->units[lf->unit].source)
                    : cc_xasprintf ("%s@0x%llx", fn->parts[p].symbol,
                                    (unsigned long long) lf->addr[p]);
          free (fn->parts[p].symbol);
          fn->parts[p].symbol = n;
        }
    }
  free (names);
  /* Rename only after the search: the sorted pointers are the old names.  */
  for (uint32_t f = 0; f < m->n_funcs; f++)
    {
      cc_func *fn = &m->funcs[f];
      if (strcmp (fn->name, fn->parts[0].symbol) != 0)
        {
          free (fn->name);
          fn->name = cc_xstrdup (fn->parts[0].symbol);
        }
    }
}

/* Make *FILE, a file index of unit model UM, the program's (FILE_MAP:
   the unit's indices to the program's, CC_NONE where not added yet).  */
static void
map_file (cc_whole_program *wp, const cc_model *um, uint32_t *file_map, uint32_t *file)
{
  if (*file == CC_NONE || *file >= um->n_files)
    return;
  if (file_map[*file] == CC_NONE)
    file_map[*file] = cc_model_add_file (&wp->model, um->files[*file]);
  *file = file_map[*file];
}

/* Move function FI of unit U into WP at the addresses ADDR, its parts in
   the model sections SEC.  */
static void
take_func (cc_whole_program *wp, uint32_t u, uint32_t fi, const uint64_t *addr,
           const uint32_t *sec, uint32_t *file_map)
{
  cc_model *um = &wp->units[u].model;
  cc_func *fn = &wp->model.funcs[wp->model.n_funcs];
  *fn = um->funcs[fi];
  memset (&um->funcs[fi], 0, sizeof um->funcs[fi]);
  cc_link_func *lf = &wp->funcs[wp->model.n_funcs++];
  lf->unit = u;
  lf->addr = cc_xmalloc ((fn->n_parts + 1) * sizeof *lf->addr);
  int64_t *delta = cc_xmalloc ((fn->n_parts + 1) * sizeof *delta);
  for (uint32_t p = 0; p < fn->n_parts; p++)
    {
      lf->addr[p] = addr[p];
      uint32_t off = (uint32_t) (addr[p] - wp->section_base[sec[p]]);
      delta[p] = (int64_t) off - (int64_t) fn->parts[p].offset;
      fn->parts[p].offset = off;
      fn->parts[p].section = sec[p];
    }
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      cc_insn *in = &fn->insns[i];
      if (in->part < fn->n_parts)
        in->offset = (uint32_t) ((int64_t) in->offset + delta[in->part]);
      map_file (wp, um, file_map, &in->file);
    }
  map_file (wp, um, file_map, &fn->file);
  for (uint32_t k = 0; k < fn->n_loop_bounds; k++)
    map_file (wp, um, file_map, &fn->loop_bounds[k].file);
  free (delta);
}

/* The model section of the program's section S (its index in IMG),
   added at BASE if new.  */
static uint32_t
model_section (cc_whole_program *wp, const cc_elf_image *img, const cc_elf_section *s,
               uint64_t base, uint32_t align, uint32_t *sec_of_elf)
{
  uint32_t e = (uint32_t) (s - img->sections);
  if (sec_of_elf[e] == CC_NONE)
    {
      sec_of_elf[e] = cc_model_add_section (&wp->model, s->name, align);
      wp->section_base = cc_xrealloc (wp->section_base,
                                      wp->model.n_sections * sizeof *wp->section_base);
      wp->section_base[sec_of_elf[e]] = base;
    }
  return sec_of_elf[e];
}

/* Read the unit records of IMG into WP, for an architecture cachecat-link
   analyses, and place the relaxed units' code in the program.  0, or -1
   with the reason in *ERR.  */
static int
read_units (cc_whole_program *wp, const cc_elf_image *img, char **err)
{
  wp->arch = cc_arch_of_elf_machine (img->machine);
  wp->target = cc_isa_target_of (wp->arch);
  if (!wp->target)
    {
      char *names = cc_isa_target_names ();
      *err = cc_xasprintf ("cachecat-link analyses programs for %s "
                           "(this one is for ELF machine %u)", names, img->machine);
      free (names);
      return -1;
    }
  if (cc_record_read_all (img->records, img->records_size, img->big_endian, &wp->units,
                          &wp->n_units, err) < 0)
    return -1;
  /* Relaxed units' offsets are their objects': the program's first.  */
  for (uint32_t u = 0; u < wp->n_units; u++)
    {
      if (cc_link_place_relaxed (&wp->units[u], img, wp->arch, &wp->n_unplaced, err) < 0)
        return -1;
      wp->n_relaxed += wp->units[u].relaxed;
    }
  return 0;
}

/* The lowest address of the model's code in each section of IMG into
   LOW (UINT64_MAX: none), to set each model section's base; and how many
   functions and parts (spans) the linker kept.  0, or -1 with the
   reason in *ERR if a part is not in the program's code.  */
static int
find_code_lows (cc_whole_program *wp, const cc_elf_image *img, uint64_t *low,
                uint32_t *n_funcs, uint32_t *n_spans, char **err)
{
  for (uint32_t e = 0; e < img->n_sections; e++)
    low[e] = UINT64_MAX;
  for (uint32_t u = 0; u < wp->n_units; u++)
    {
      const cc_unit_record *ur = &wp->units[u];
      const uint64_t *addr = ur->part_addr;
      for (uint32_t fi = 0; fi < ur->model.n_funcs; addr += ur->model.funcs[fi].n_parts, fi++)
        {
          const cc_func *fn = &ur->model.funcs[fi];
          if (fn->n_parts == 0 || addr[0] == 0)
            {
              /* Removed by the linker (ld writes 0 for the address of
                 code it collected or discarded).  */
              wp->n_removed++;
              continue;
            }
          for (uint32_t p = 0; p < fn->n_parts; p++)
            {
              const cc_elf_section *s = cc_elf_code_at (img, addr[p], fn->parts[p].size);
              if (!s)
                {
                  *err = cc_xasprintf ("%s (from %s): its code at 0x%llx is not in the "
                                       "program's code; is the program the one "
                                       "linked from these objects?",
                                       fn->parts[p].symbol, ur->source,
                                       (unsigned long long) addr[p]);
                  return -1;
                }
              uint32_t e = (uint32_t) (s - img->sections);
              if (addr[p] < low[e])
                low[e] = addr[p];
              (*n_spans)++;
            }
          (*n_funcs)++;
        }
    }
  return 0;
}

/* Take every function the linker kept from the units into WP's model,
   at its place in IMG: its parts in model sections whose bases are LOW
   rounded down to WAY (each ALIGN-aligned); each part a span into
   SPANS.  A unit whose offsets are not exact makes its functions broken.
   The number of spans.  */
static uint32_t
take_units (cc_whole_program *wp, const cc_elf_image *img, const uint64_t *low, uint64_t way,
            uint32_t align, span *spans, uint32_t *sec_of_elf)
{
  uint32_t n_spans = 0;
  for (uint32_t u = 0; u < wp->n_units; u++)
    {
      cc_unit_record *ur = &wp->units[u];
      uint32_t *file_map = cc_xmalloc ((ur->model.n_files + 1) * sizeof *file_map);
      for (uint32_t i = 0; i < ur->model.n_files; i++)
        file_map[i] = CC_NONE;
      const uint64_t *next = ur->part_addr;
      for (uint32_t fi = 0; fi < ur->model.n_funcs; fi++)
        {
          cc_func *fn = &ur->model.funcs[fi];
          /* take_func empties FN: step on first.  */
          const uint64_t *addr = next;
          next += fn->n_parts;
          if (fn->n_parts == 0 || addr[0] == 0)
            continue;
          uint32_t *sec = cc_xmalloc (fn->n_parts * sizeof *sec);
          for (uint32_t p = 0; p < fn->n_parts; p++)
            {
              const cc_elf_section *s = cc_elf_code_at (img, addr[p], fn->parts[p].size);
              uint32_t e = (uint32_t) (s - img->sections);
              sec[p] = model_section (wp, img, s, low[e] & ~(way - 1), align, sec_of_elf);
              spans[n_spans++] = (span) { addr[p], addr[p] + fn->parts[p].size, sec[p],
                                          wp->model.n_funcs };
            }
          if (!ur->exact && !(fn->flags & CC_FUNC_BROKEN))
            {
              fn->flags |= CC_FUNC_BROKEN;
              wp->n_inexact++;
            }
          take_func (wp, u, fi, addr, sec, file_map);
          free (sec);
        }
      free (file_map);
    }
  return n_spans;
}

/* The records' code in IMG: every part of every function the linker
   kept, as sorted ranges (both ends included), into *N; the functions'
   starts into *STARTS (N_STARTS, not sorted).  */
static cc_addr_range *
records_code (const cc_whole_program *wp, uint32_t *n, uint64_t **starts, uint32_t *n_starts)
{
  uint32_t cap = 16;
  cc_addr_range *r = cc_xmalloc (cap * sizeof *r);
  *starts = cc_xmalloc (cap * sizeof **starts);
  *n = *n_starts = 0;
  for (uint32_t u = 0; u < wp->n_units; u++)
    {
      const cc_unit_record *ur = &wp->units[u];
      const uint64_t *addr = ur->part_addr;
      for (uint32_t fi = 0; fi < ur->model.n_funcs; addr += ur->model.funcs[fi].n_parts, fi++)
        {
          const cc_func *fn = &ur->model.funcs[fi];
          if (fn->n_parts == 0 || addr[0] == 0)
            continue;
          for (uint32_t p = 0; p < fn->n_parts; p++)
            {
              if (*n == cap)
                {
                  r = cc_xrealloc (r, (cap *= 2) * sizeof *r);
                  *starts = cc_xrealloc (*starts, cap * sizeof **starts);
                }
              uint64_t size = fn->parts[p].size ? fn->parts[p].size : 1;
              r[(*n)++] = (cc_addr_range) { addr[p], addr[p] + size - 1 };
            }
          (*starts)[(*n_starts)++] = addr[0];
        }
    }
  qsort (r, *n, sizeof *r, cmp_range);
  return r;
}

/* The N_R record starts R and the N functions BF to model: where
   functions start, sorted, into *N_STARTS.  */
static uint64_t *
all_starts (const uint64_t *r, uint32_t n_r, const cc_bytes_func *bf, uint32_t n,
            uint32_t *n_starts)
{
  uint64_t *v = cc_xmalloc ((n_r + n + 1) * sizeof *v);
  memcpy (v, r, n_r * sizeof *v);
  for (uint32_t k = 0; k < n; k++)
    v[n_r + k] = bf[k].lo;
  *n_starts = n_r + n;
  qsort (v, *n_starts, sizeof *v, cmp_u64);
  return v;
}

/* Where the records' code calls or jumps (the instructions that end
   their blocks, in the program's bytes), into *N: a PLT's entries among
   them.  */
static uint64_t *
record_targets (const cc_whole_program *wp, const cc_elf_image *img, uint32_t *n)
{
  uint32_t cap = 64;
  uint64_t *v = cc_xmalloc (cap * sizeof *v);
  *n = 0;
  for (uint32_t u = 0; u < wp->n_units; u++)
    {
      const cc_unit_record *ur = &wp->units[u];
      const uint64_t *addr = ur->part_addr;
      for (uint32_t fi = 0; fi < ur->model.n_funcs; addr += ur->model.funcs[fi].n_parts, fi++)
        {
          const cc_func *fn = &ur->model.funcs[fi];
          if (fn->n_parts == 0 || addr[0] == 0 || (fn->flags & CC_FUNC_BROKEN))
            continue;
          for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
            {
              uint32_t i = last_fetched (fn, &fn->blocks[bi]);
              if (i == CC_NONE || !plain_insn (&fn->insns[i]))
                continue;
              const cc_insn *in = &fn->insns[i];
              const cc_part *p = &fn->parts[in->part];
              uint64_t a = addr[in->part] + in->offset - p->offset, t = 0;
              size_t avail;
              const unsigned char *b = bytes_at (img, a, in->length, &avail);
              if (!b)
                continue;
              cc_branch_kind k = cc_isa_branch (isa_at (wp, img, a), b, in->length, a, NULL, 0,
                                                &t);
              if (!t || (k != CC_BRANCH_CALL && k != CC_BRANCH_JUMP && k != CC_BRANCH_COND))
                continue;
              if (*n == cap)
                v = cc_xrealloc (v, (cap *= 2) * sizeof *v);
              v[(*n)++] = t;
            }
        }
    }
  return v;
}

/* Model each of the N functions BF that changed (cc_bytes_func), where
   functions start at the N_R record starts R and at BF: into *OUT the
   addresses they call or jump to that are no function's start (N_OUT),
   each shifted left by one, bit 0 set for a jump.  Each stays changed
   only if it reached such an address.  */
static uint64_t *
bytes_targets (const cc_whole_program *wp, const cc_elf_image *img, cc_bytes_func *bf,
               uint32_t n, const uint64_t *r, uint32_t n_r, uint32_t *n_out)
{
  uint32_t n_starts;
  uint64_t *starts = all_starts (r, n_r, bf, n, &n_starts);
  cc_bytes_ctx *c = cc_bytes_open (img, wp->arch, starts, n_starts);
  uint32_t cap = 64;
  uint64_t *out = cc_xmalloc (cap * sizeof *out);
  *n_out = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      if (!bf[k].changed)
        continue;
      cc_func fn = { 0 };
      uint64_t *calls, outside;
      char *why;
      cc_bytes_model (c, &bf[k], 0, 0, &fn, &calls, &why, &outside);
      bf[k].changed = 0;
      for (uint32_t b = 0; b <= fn.n_blocks; b++)
        {
          uint64_t t = b < fn.n_blocks ? (calls ? calls[b] : 0) : outside;
          if (!t || bsearch (&t, starts, n_starts, sizeof *starts, cmp_u64))
            continue;
          if (*n_out == cap)
            out = cc_xrealloc (out, (cap *= 2) * sizeof *out);
          out[(*n_out)++] = (t << 1) | (b == fn.n_blocks);
          bf[k].changed = 1;
        }
      free (calls);
      free (why);
      cc_func_free (&fn);
    }
  cc_bytes_close (c);
  free (starts);
  return out;
}

/* Make every address the code calls or jumps to a function's start
   (cc_bytes_add_start: another entry's shared code, a PLT's entry),
   until none is new: the N functions to model *BF grow.  R: the
   records' starts; COVERED: their code.  The names made are kept in
   WP->bytes_names.  */
static void
add_reached_code (cc_whole_program *wp, const cc_elf_image *img, cc_bytes_func **bf,
                  uint32_t *n, const uint64_t *r, uint32_t n_r, const cc_addr_range *covered,
                  uint32_t n_covered)
{
  uint32_t n_t;
  uint64_t *t = record_targets (wp, img, &n_t);
  for (uint32_t k = 0; k < n_t; k++)
    t[k] <<= 1;
  for (int more = 1, round = 0; more && round < 16; round++)
    {
      more = 0;
      uint32_t n_b;
      uint64_t *b = bytes_targets (wp, img, *bf, *n, r, n_r, &n_b);
      t = cc_xrealloc (t, (n_t + n_b + 1) * sizeof *t);
      memcpy (t + n_t, b, n_b * sizeof *t);
      free (b);
      qsort (t, n_t + n_b, sizeof *t, cmp_u64);
      for (uint32_t k = 0; k < n_t + n_b; k++)
        {
          char *name;
          if ((k && t[k] == t[k - 1])
              || !cc_bytes_add_start (img, bf, n, covered, n_covered, t[k] >> 1, t[k] & 1,
                                      &name))
            continue;
          wp->bytes_names = cc_xrealloc (wp->bytes_names, (wp->n_bytes_names + 1)
                                                           * sizeof *wp->bytes_names);
          wp->bytes_names[wp->n_bytes_names++] = name;
          more = 1;
        }
      n_t = 0;
    }
  free (t);
}

/* The functions of IMG no record covers, to model from their bytes
   (from_bytes.h), into *N; each lowers LOW of its section.  */
static cc_bytes_func *
bytes_plan (cc_whole_program *wp, const cc_elf_image *img, uint64_t *low, uint32_t *n)
{
  uint32_t n_covered, n_r;
  uint64_t *r;
  cc_addr_range *covered = records_code (wp, &n_covered, &r, &n_r);
  cc_bytes_func *bf = cc_bytes_find (img, wp->arch, covered, n_covered, n);
  add_reached_code (wp, img, &bf, n, r, n_r, covered, n_covered);
  free (covered);
  free (r);
  for (uint32_t k = 0; k < *n; k++)
    if (bf[k].lo < low[bf[k].section])
      low[bf[k].section] = bf[k].lo;
  return bf;
}

/* Model the N functions BF from their bytes into WP, each a span into
   SPANS after the N_SPANS there; sections as take_units.  The number of
   spans.  */
static uint32_t
take_bytes (cc_whole_program *wp, const cc_elf_image *img, const cc_bytes_func *bf, uint32_t n,
            const uint64_t *low, uint64_t way, uint32_t align, span *spans, uint32_t n_spans,
            uint32_t *sec_of_elf)
{
  uint64_t *r = cc_xmalloc ((wp->model.n_funcs + 1) * sizeof *r);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    r[f] = wp->funcs[f].addr[0];
  uint32_t n_starts;
  uint64_t *starts = all_starts (r, wp->model.n_funcs, bf, n, &n_starts);
  free (r);
  cc_bytes_ctx *c = cc_bytes_open (img, wp->arch, starts, n_starts);
  for (uint32_t k = 0; k < n; k++)
    {
      const cc_elf_section *s = &img->sections[bf[k].section];
      uint32_t sec = model_section (wp, img, s, low[bf[k].section] & ~(way - 1), align,
                                    sec_of_elf);
      uint32_t f = wp->model.n_funcs++;
      cc_func *fn = &wp->model.funcs[f];
      cc_link_func *lf = &wp->funcs[f];
      memset (fn, 0, sizeof *fn);
      *lf = (cc_link_func) { .unit = CC_NONE, .addr = cc_xmalloc (sizeof (uint64_t)) };
      lf->addr[0] = bf[k].lo;
      uint64_t outside;
      cc_bytes_model (c, &bf[k], sec, wp->section_base[sec], fn, &lf->calls, &lf->no_model,
                      &outside);
      if (fn->parts[0].size)
        spans[n_spans++] = (span) { bf[k].lo, bf[k].lo + fn->parts[0].size, sec, f };
    }
  cc_bytes_close (c);
  free (starts);
  return n_spans;
}

/* Code the linker folded is one function, under all its names: the N
   SPANS of the copies folded away are the kept one's.  The number of
   spans left.  */
static uint32_t
fold_identical (cc_whole_program *wp, span *spans, uint32_t n_spans)
{
  uint32_t *map = cc_link_fold_identical (wp);
  if (!map)
    return n_spans;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n_spans; i++)
    if (map[spans[i].func] != CC_NONE)
      {
        spans[k] = spans[i];
        spans[k++].func = map[spans[i].func];
      }
  free (map);
  return k;
}

/* Every instruction of WP's model against the program's bytes in IMG
   (and the padding a fall-through runs, where it is fetched); where the
   linker adds no stubs (x86-64) also what the target's asm_flow and the
   GOT's relocations know, elsewhere whether the linker rerouted a
   function's calls (it is then code without a model).  0, or -1 with
   the reason in *ERR.  */
static int
check_functions (cc_whole_program *wp, const cc_elf_image *img, char **err)
{
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    if (!(wp->model.funcs[f].flags & (CC_FUNC_BROKEN | CC_FUNC_FROM_BYTES)))
      {
        if (check_bytes (wp, img, f, err) < 0
            || (wp->target->padding_fetched && check_fallthru_padding (wp, img, f, err) < 0))
          return -1;
        if (!wp->target->linker_stubs)
          {
            /* What x86_flow.c and the GOT's relocations know.  */
            if (wp->target->asm_flow)
              plain_asm (wp, img, f);
            if (wp->target->got_branch_settled)
              settle_rewrites (wp, img, f);
            continue;
          }
        char *why = rerouted (wp, img, f);
        if (why)
          {
            /* Not an error: the linker may add stubs.  The function is
               code without a model, as one the unit could not model.  */
            wp->model.funcs[f].flags |= CC_FUNC_BROKEN;
            if (!wp->rerouted)
              wp->rerouted = cc_xasprintf ("%s: %s", wp->model.funcs[f].name, why);
            wp->n_rerouted++;
            free (why);
          }
      }
  return 0;
}

/* Where the compiled code runs code its model does not see (a jump to a
   retpoline or return thunk, RISC-V's millicode): if that is a function
   modelled from its bytes, code without a model calls it.  */
static void
mark_run_unknown (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
                  uint32_t n)
{
  for (uint32_t f = 0; f < n; f++)
    {
      const cc_func *fn = &wp->model.funcs[f];
      if (fn->flags & (CC_FUNC_FROM_BYTES | CC_FUNC_SYNTHETIC))
        continue;
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          uint64_t t;
          if (!fn->insns[i].runs_unknown || fn->insns[i].length == 0
              || insn_branch (wp, img, f, i, &t) == CC_BRANCH_NONE || !t)
            continue;
          uint32_t g = func_at (starts, n, t);
          if (g != CC_NONE)
            mark_root (wp, wp->escaped, g, CC_ROOT_UNMODELLED_CODE, insn_addr (wp, f, i));
        }
    }
}

/* The roots of WP's call graph: the functions whose address escapes to
   code without a model or data (WP->escaped), or is taken (WP->taken),
   and why the program is open if it is; with every call resolved first.
   The functions start at STARTS (sorted); SPANS (sorted, N_SPANS) are
   the model's code.  */
static void
mark_roots (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
            const span *spans, uint32_t n_spans)
{
  uint32_t n = wp->model.n_funcs;
  uint32_t n_syms;
  cc_elf_symbol *syms = cc_elf_symbols_by_value (img, wp->target->thumb_bit, &n_syms);
  for (uint32_t f = 0; f < n; f++)
    {
      resolve_calls (wp, img, f, starts, n, syms, n_syms);
      /* Nothing outside but what the program's bytes show may call it.  */
      wp->model.funcs[f].flags &= ~(uint32_t) CC_FUNC_PUBLIC;
    }
  free (syms);
  /* The code of a function the units could not model is scanned like
     code without a model: its model may not show all its calls.  */
  span *modelled = cc_xmalloc ((n_spans + 1) * sizeof *modelled);
  uint32_t n_modelled = 0;
  for (uint32_t i = 0; i < n_spans; i++)
    if (!(wp->model.funcs[spans[i].func].flags & CC_FUNC_BROKEN))
      modelled[n_modelled++] = spans[i];
  /* RISC-V code (relaxed) may make an address from the global pointer.  */
  const cc_elf_symbol *gp = wp->target->global_pointer
                            ? cc_elf_global (img, wp->target->global_pointer) : NULL;
  wp->gp = gp ? gp->value : 0;
  /* Whether the program is closed does not depend on what the tables
     reach, but how they are read does: only a closed program's need
     the bases (rel_tables.h).  */
  wp->open_because = open_because (wp, img, modelled, n_modelled);
  cc_bases bases;
  cc_bases_init (&bases, img);
  cc_bases *closed_bases = wp->open_because ? NULL : &bases;
  mark_escapes (wp, img, starts, n, modelled, n_modelled, closed_bases);
  mark_run_unknown (wp, img, starts, n);
  wp->taken = cc_xcalloc (n + 1, 1);
  mark_taken_in_code (wp, img, starts, n, closed_bases);
  mark_relative (wp, img, starts, n, modelled, n_modelled, closed_bases);
  if (wp->rel_unsettled && !wp->open_because)
    wp->open_because = cc_xstrdup ("its data holds more possible entries of self-relative "
                                   "tables than cachecat-link checks");
  cc_bases_free (&bases);
  /* What code without a model holds first, then what the modelled code
     holds, then what the units flagged: the reason the report gives.  */
  for (uint32_t f = 0; f < n; f++)
    if (wp->escaped[f])
      {
        wp->taken[f] = wp->escaped[f];
        wp->funcs[f].root_at = wp->funcs[f].escaped_at;
      }
    else if (!wp->taken[f] && (wp->model.funcs[f].flags & CC_FUNC_ADDRESS_TAKEN))
      wp->taken[f] = CC_ROOT_UNIT;
  free (modelled);
}

/* The bytes between the model's functions (the N_SPANS sorted SPANS),
   to the cache lines of LINE bytes at either end of each section's
   code, are code without a model, which may load the lines it shares
   with ours: WP->unknown_code.  */
static void
note_unknown_code (cc_whole_program *wp, const span *spans, uint32_t n_spans, uint32_t line)
{
  wp->unknown_code = cc_xmalloc ((2 * n_spans + 1) * sizeof *wp->unknown_code);
  for (uint32_t i = 0; i < n_spans; i++)
    {
      uint64_t base = wp->section_base[spans[i].section];
      uint64_t from = i && spans[i - 1].section == spans[i].section ? spans[i - 1].hi
                      : spans[i].lo & ~((uint64_t) line - 1);
      if (from < spans[i].lo)
        wp->unknown_code[wp->n_unknown_code++]
          = (cc_code_range) { spans[i].section, (uint32_t) (from - base),
                              (uint32_t) (spans[i].lo - from) };
      if (i + 1 == n_spans || spans[i + 1].section != spans[i].section)
        {
          uint64_t to = (spans[i].hi + line - 1) & ~((uint64_t) line - 1);
          if (to > spans[i].hi)
            wp->unknown_code[wp->n_unknown_code++]
              = (cc_code_range) { spans[i].section, (uint32_t) (spans[i].hi - base),
                                  (uint32_t) (to - spans[i].hi) };
        }
    }
}

int
cc_whole_program_build (cc_whole_program *wp, const cc_elf_image *img,
                        const cc_cache *cache, char **err)
{
  memset (wp, 0, sizeof *wp);
  *err = NULL;
  wp->entry_point = img->entry;
  if (read_units (wp, img, err) < 0)
    return -1;
  uint64_t way = (uint64_t) cache->line * cache->sets;
  uint32_t align = (uint32_t) way;

  /* The lowest address of the model's code in each program section: its
     base is that, rounded down to the way size.  */
  uint64_t *low = cc_xmalloc ((img->n_sections + 1) * sizeof *low);
  uint32_t n_funcs = 0, n_spans = 0;
  if (find_code_lows (wp, img, low, &n_funcs, &n_spans, err) < 0)
    {
      free (low);
      return -1;
    }
  uint32_t n_bytes;
  cc_bytes_func *bytes = bytes_plan (wp, img, low, &n_bytes);
  wp->funcs = cc_xcalloc (n_funcs + n_bytes + 1, sizeof *wp->funcs);
  wp->model.funcs = cc_xcalloc (n_funcs + n_bytes + 1, sizeof *wp->model.funcs);
  span *spans = cc_xmalloc ((n_spans + n_bytes + 1) * sizeof *spans);
  uint32_t *sec_of_elf = cc_xmalloc ((img->n_sections + 1) * sizeof *sec_of_elf);
  for (uint32_t e = 0; e < img->n_sections; e++)
    sec_of_elf[e] = CC_NONE;
  n_spans = take_units (wp, img, low, way, align, spans, sec_of_elf);
  n_spans = take_bytes (wp, img, bytes, n_bytes, low, way, align, spans, n_spans, sec_of_elf);
  free (sec_of_elf);
  free (bytes);
  free (low);
  make_names_unique (wp);
  n_spans = fold_identical (wp, spans, n_spans);
  cc_link_symbol_aliases (wp, img);

  if (check_functions (wp, img, err) < 0)
    {
      free (spans);
      return -1;
    }

  wp->escaped = cc_xcalloc (wp->model.n_funcs + 1, 1);
  addr_ent *starts = cc_xmalloc ((wp->model.n_funcs + 1) * sizeof *starts);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    starts[f] = (addr_ent) { wp->funcs[f].addr[0], f };
  qsort (starts, wp->model.n_funcs, sizeof *starts, cmp_addr_ent);
  qsort (spans, n_spans, sizeof *spans, cmp_span);
  mark_roots (wp, img, starts, spans, n_spans);
  free (starts);
  /* A copy nothing names nor reaches never runs (folded.h); its bytes
     stay spans of modelled code, never fetched.  */
  cc_link_drop_dead_copies (wp, img);

  note_unknown_code (wp, spans, n_spans, cache->line);
  free (spans);
  return 0;
}

void
cc_whole_program_free (cc_whole_program *wp)
{
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    {
      free (wp->funcs[f].addr);
      for (uint32_t a = 0; a < wp->funcs[f].n_aliases; a++)
        free (wp->funcs[f].aliases[a]);
      free (wp->funcs[f].aliases);
      free (wp->funcs[f].calls);
      free (wp->funcs[f].no_model);
    }
  free (wp->funcs);
  cc_model_free (&wp->model);
  free (wp->section_base);
  free (wp->unknown_code);
  free (wp->escaped);
  free (wp->taken);
  free (wp->open_because);
  free (wp->rerouted);
  cc_unit_records_free (wp->units, wp->n_units);
  for (uint32_t k = 0; k < wp->n_bytes_names; k++)
    free (wp->bytes_names[k]);
  free (wp->bytes_names);
  memset (wp, 0, sizeof *wp);
}
