/* cachecat-link: who calls whom in the whole program: calls resolved
   from the final bytes, the roots (the functions code without a model
   may call), closed programs and the targets of their indirect calls
   (docs/semantics.md §7.4, docs/design.md "Link time").
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/wp_impl.h"
#include "link/rel_tables.h"
#include "support/util.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
      uint32_t i = wp_last_fetched (fn, b);
      if (wp->funcs[fi].calls)
        {
          /* Modelled from the bytes: what they call is known.  */
          uint64_t t = wp->funcs[fi].calls[bi];
          if (t)
            {
              callee = wp_func_at (starts, n_starts, t);
              unmodelled = func_symbol_at (syms, n_syms, t);
            }
        }
      else if (i != CC_NONE && wp_plain_insn (&fn->insns[i]))
        {
          uint64_t t;
          cc_branch_kind k = wp_insn_branch (wp, img, fi, i, &t);
          if (t && (k == CC_BRANCH_CALL || k == CC_BRANCH_JUMP || k == CC_BRANCH_COND))
            {
              callee = wp_func_at (starts, n_starts, t);
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

static int
cmp_span_lo (const void *a, const void *b)
{
  const span *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The code whose every run is known: the MODELLED spans (N_MODELLED,
   sorted) and the bytes of the functions without a model that have a
   footprint (among the N SPANS).  Sorted, into *N_OUT.  */
static span *
known_code (const cc_whole_program *wp, const span *modelled, uint32_t n_modelled,
            const span *spans, uint32_t n, uint32_t *n_out)
{
  span *v = cc_xmalloc ((n_modelled + n + 1) * sizeof *v);
  memcpy (v, modelled, n_modelled * sizeof *v);
  uint32_t k = n_modelled;
  for (uint32_t i = 0; i < n; i++)
    {
      const cc_link_func *lf = &wp->funcs[spans[i].func];
      if (wp->model.funcs[spans[i].func].footprint && spans[i].lo == lf->addr[0])
        v[k++] = (span) { spans[i].lo, lf->fp_limit, spans[i].section, spans[i].func };
    }
  qsort (v, k, sizeof *v, cmp_span_lo);
  *n_out = k;
  return v;
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
                  uint32_t f = wp_func_at (starts, n_starts, cand[c]);
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
  uint64_t a = wp_insn_addr (wp, fi, i), t;
  size_t avail;
  const unsigned char *b = wp_bytes_at (img, a, in->length, &avail);
  if (!b)
    return;
  cc_branch_kind k = cc_isa_branch (wp_isa_at (wp, img, a), b, in->length, a, NULL, 0, &t);
  if (k == CC_BRANCH_CALL || k == CC_BRANCH_JUMP || k == CC_BRANCH_COND)
    return;
  uint64_t cand[3 * 16];
  int nc = wp->target->operand_refs (b, in->length, a, img->pie, cand);
  for (int c = 0; c < nc; c++)
    {
      cc_bases_add (bases, cand[c], cand[c]);
      uint32_t f = wp_func_at (starts, n_starts, cand[c]);
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
      cc_branch_kind bk = wp_insn_branch (wp, img, fi, k, &t);
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
  uint64_t a = wp_insn_addr (wp, fi, i);
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
   writes, every byte of its code outside the KNOWN code (N spans in
   address order: the modelled functions, and those without a model
   whose footprint is known) is padding, every function has an exact
   model or a footprint, and no modelled code runs code without a
   model that could call one (an asm statement that may branch, a
   retpoline thunk, a call that is not through a pointer and goes to no
   modelled function).  Only a target with a gap_padding: one whose
   ways of making an address its refs read.  */
static char *
open_because (cc_whole_program *wp, const cc_elf_image *img, const span *known,
              uint32_t n_known)
{
  if (img->dynamic)
    return cc_xstrdup ("it is linked dynamically: code of shared libraries may run");
  if (!wp->target->gap_padding)
    return cc_xasprintf ("closed programs are not recognised on %s yet",
                         cc_arch_name (wp->arch));
  if (img->exec_stack)
    return cc_xstrdup ("its stack is executable: code there (a trampoline of a nested "
                       "function) may run (no PT_GNU_STACK says otherwise: link with "
                       "-z noexecstack if it holds no code)");
  if (img->writable_code)
    return cc_xstrdup ("a segment is writable and executable: code written at run time "
                       "may run");
  /* A function without a model whose footprint is known runs nothing but
     its own bytes and the functions it branches to.  */
  for (uint32_t fi = 0; fi < wp->model.n_funcs; fi++)
    if ((wp->model.funcs[fi].flags & CC_FUNC_BROKEN) && !wp->model.funcs[fi].footprint)
      return cc_xasprintf ("%s has no exact model%s%s", wp->model.funcs[fi].name,
                           wp->funcs[fi].fp_why ? ": " : "",
                           wp->funcs[fi].fp_why ? wp->funcs[fi].fp_why : "");
  uint32_t k = 0;
  for (uint32_t si = 0; si < img->n_sections; si++)
    {
      const cc_elf_section *s = &img->sections[si];
      if (!s->alloc || !s->exec || !s->data)
        continue;
      uint64_t at = s->addr, end = s->addr + s->size;
      while (at < end)
        {
          while (k < n_known && known[k].hi <= at)
            k++;
          uint64_t to = k < n_known && known[k].lo < end ? known[k].lo : end;
          if (to > at && !gap_no_code (wp, img, s, at, to))
            return cc_xasprintf ("section %s holds code without a model at 0x%llx", s->name,
                                 (unsigned long long) at);
          at = k < n_known && known[k].lo < end ? known[k].hi : end;
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
          uint32_t i = wp_last_fetched (fn, b);
          uint64_t t;
          if (i == CC_NONE || !wp_plain_insn (&fn->insns[i])
              || wp_insn_branch (wp, img, fi, i, &t) != CC_BRANCH_INDIRECT)
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

/* The functions that functions without a model run (their footprints'
   calls) are called from code without a model: roots, in a closed
   program too.  */
static void
enter_footprints (cc_whole_program *wp)
{
  cc_func_index ix;
  cc_func_index_build (&ix, &wp->model);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    {
      const cc_footprint *fp = wp->model.funcs[f].footprint;
      for (uint32_t k = 0; fp && k < fp->n_calls; k++)
        {
          uint32_t g = cc_func_index_find (&ix, fp->calls[k]);
          if (g != CC_NONE)
            wp->model.funcs[g].flags |= CC_FUNC_ADDRESS_TAKEN;
        }
    }
  cc_func_index_free (&ix);
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
      enter_footprints (wp);
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
              || wp_insn_branch (wp, img, f, i, &t) == CC_BRANCH_NONE || !t)
            continue;
          uint32_t g = wp_func_at (starts, n, t);
          if (g != CC_NONE)
            mark_root (wp, wp->escaped, g, CC_ROOT_UNMODELLED_CODE, wp_insn_addr (wp, f, i));
        }
    }
}

/* The roots of WP's call graph: the functions whose address escapes to
   code without a model or data (WP->escaped), or is taken (WP->taken),
   and why the program is open if it is; with every call resolved first.
   The functions start at STARTS (sorted); SPANS (sorted, N_SPANS) are
   the model's code.  */
void
wp_mark_roots (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
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
  uint32_t n_known;
  span *known = known_code (wp, modelled, n_modelled, spans, n_spans, &n_known);
  wp->open_because = open_because (wp, img, known, n_known);
  free (known);
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

