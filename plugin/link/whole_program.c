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
#include "link/wp_impl.h"
#include "link/folded.h"
#include "binary/from_bytes.h"
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
uint32_t
wp_func_at (const addr_ent *v, uint32_t n, uint64_t addr)
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
uint64_t
wp_insn_addr (const cc_whole_program *wp, uint32_t fi, uint32_t i)
{
  const cc_func *fn = &wp->model.funcs[fi];
  const cc_part *p = &fn->parts[fn->insns[i].part];
  return wp->section_base[p->section] + fn->insns[i].offset;
}

/* The bytes at ADDR, at least N of them readable (*AVAIL: how many).  */
const unsigned char *
wp_bytes_at (const cc_elf_image *img, uint64_t addr, uint64_t n, size_t *avail)
{
  const cc_elf_section *s = cc_elf_code_at (img, addr, n);
  if (!s)
    return NULL;
  *avail = (size_t) (s->size - (addr - s->addr));
  return s->data + (addr - s->addr);
}

/* How the code at ADDR is read: ARM's mapping symbols say A32 or
   Thumb (CC_ISA_UNKNOWN if none does).  */
cc_isa
wp_isa_at (const cc_whole_program *wp, const cc_elf_image *img, uint64_t addr)
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
  const unsigned char *b = wp_bytes_at (img, wp_insn_addr (wp, fi, i - 1), p->length, &avail);
  *n = p->length;
  return b;
}

/* What insn I of function FI does to control in the program's bytes,
   and its target (0 if none).  */
cc_branch_kind
wp_insn_branch (const cc_whole_program *wp, const cc_elf_image *img, uint32_t fi, uint32_t i,
             uint64_t *target)
{
  const cc_insn *in = &wp->model.funcs[fi].insns[i];
  uint64_t a = wp_insn_addr (wp, fi, i);
  size_t avail, prev_n = 0;
  const unsigned char *b = wp_bytes_at (img, a, in->length, &avail);
  *target = 0;
  if (!b)
    return CC_BRANCH_NONE;
  const unsigned char *prev = prev_insn (wp, img, fi, i, &prev_n);
  return cc_isa_branch (wp_isa_at (wp, img, a), b, in->length, a, prev, prev_n, target);
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
      uint64_t a = wp_insn_addr (wp, fi, i);
      size_t avail;
      const unsigned char *b = wp_bytes_at (img, a, in->length, &avail);
      uint64_t off = in->offset - fn->parts[in->part].offset;
      if (!b)
        return wp_fail (err, wp, fi, "the instruction at +%llu (0x%llx) is not in the "
                        "program's code", (unsigned long long) off, (unsigned long long) a);
      cc_isa isa = wp_isa_at (wp, img, a);
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
uint32_t
wp_asm_statement_end (const cc_func *fn, uint32_t i)
{
  uint32_t j = i + 1;
  if (fn->insns[i].kind != CC_INSN_ASM)
    return j;
  while (j < fn->n_insns && fn->insns[j].kind == CC_INSN_ASM
         && fn->insns[j].uid == fn->insns[i].uid && fn->insns[j].part == fn->insns[i].part)
    j++;
  return j;
}

static void
plain_asm (cc_whole_program *wp, const cc_elf_image *img, uint32_t fi)
{
  cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t i = 0, j; i < fn->n_insns; i = j)
    {
      j = wp_asm_statement_end (fn, i);
      if (fn->insns[i].kind != CC_INSN_ASM)
        continue;
      cc_asm_flow worst = CC_ASM_NEXT;
      for (uint32_t k = i; k < j && worst != CC_ASM_OTHER; k++)
        {
          const cc_insn *in = &fn->insns[k];
          if (in->length == 0)
            continue;
          size_t avail;
          const unsigned char *b = wp_bytes_at (img, wp_insn_addr (wp, fi, k), in->length, &avail);
          cc_asm_flow fl = CC_ASM_OTHER;
          if (b && in->rewrite == CC_REWRITE_NONE && !in->unsplit && !in->runs_unknown)
            fl = wp->target->asm_flow (b, avail, in->length);
          if (fl > worst)
            worst = fl;
        }
      if (worst == CC_ASM_OTHER)
        wp->n_asm_branching++;
      /* A system call's statement: the kernel runs none of the program's
         code (bounds_impl.h, cc_runs_code_unseen).  */
      for (uint32_t k = i; k < j && worst == CC_ASM_KERNEL; k++)
        fn->insns[k].kernel = 1;
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
      const unsigned char *b = wp_bytes_at (img, wp_insn_addr (wp, fi, i), 6, &avail);
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
uint32_t
wp_last_fetched (const cc_func *fn, const cc_block *b)
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
int
wp_plain_insn (const cc_insn *in)
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
      uint32_t last = wp_last_fetched (fn, b);
      for (uint32_t i = b->first_insn; i < b->first_insn + b->n_insns; i++)
        {
          const cc_insn *in = &fn->insns[i];
          /* Unknown code runs right after an insn that runs_unknown (the
             millicode RISC-V's `call t0,__riscv_save_N' calls): whatever
             it branches to is that code.  */
          if (!wp_plain_insn (in) || in->fetch == CC_FETCH_NEVER || in->runs_unknown)
            continue;
          uint64_t t;
          cc_branch_kind k = wp_insn_branch (wp, img, fi, i, &t);
          uint64_t a = wp_insn_addr (wp, fi, i);
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
            found = wp_insn_addr (wp, fi, fn->blocks[b->succs[s]].first_insn) == t;
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
      uint64_t a = wp_insn_addr (wp, fi, b->first_insn + b->n_insns - 1) + last->length;
      uint32_t n = next->offset - (last->offset + last->length);
      size_t avail;
      const unsigned char *bytes = wp_bytes_at (img, a, n, &avail);
      if (!bytes || !cc_isa_padding (wp_isa_at (wp, img, a), bytes, n))
        return wp_fail (err, wp, fi, "the %u bytes of padding at 0x%llx are not padding "
                        "in the program", n, (unsigned long long) a);
    }
  return 0;
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

/* A walk over the functions of every unit record that the linker kept
   (ld writes 0 for the address of code it collected or discarded).  */
typedef struct kept_walk
{
  const cc_whole_program *wp;
  uint32_t u, fi;
  const uint64_t *next;        /* the next function's parts' final addresses */
  uint32_t n_removed;          /* functions passed over as removed */
} kept_walk;

/* The next kept function: function *FI of unit *U, its parts' final
   addresses *ADDR; 0 when there is none.  Steps on before returning, so
   the caller may empty the function (take_func).  */
static int
next_kept (kept_walk *k, uint32_t *u, uint32_t *fi, const uint64_t **addr)
{
  for (; k->u < k->wp->n_units; k->u++, k->fi = 0)
    {
      const cc_unit_record *ur = &k->wp->units[k->u];
      if (k->fi == 0)
        k->next = ur->part_addr;
      while (k->fi < ur->model.n_funcs)
        {
          const cc_func *fn = &ur->model.funcs[k->fi++];
          const uint64_t *a = k->next;
          k->next += fn->n_parts;
          if (fn->n_parts == 0 || a[0] == 0)
            {
              k->n_removed++;
              continue;
            }
          *u = k->u, *fi = k->fi - 1, *addr = a;
          return 1;
        }
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
  kept_walk k = { wp, 0, 0, NULL, 0 };
  uint32_t u, fi;
  const uint64_t *addr;
  while (next_kept (&k, &u, &fi, &addr))
    {
      const cc_func *fn = &wp->units[u].model.funcs[fi];
      for (uint32_t p = 0; p < fn->n_parts; p++)
        {
          const cc_elf_section *s = cc_elf_code_at (img, addr[p], fn->parts[p].size);
          if (!s)
            {
              *err = cc_xasprintf ("%s (from %s): its code at 0x%llx is not in the "
                                   "program's code; is the program the one "
                                   "linked from these objects?",
                                   fn->parts[p].symbol, wp->units[u].source,
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
  wp->n_removed += k.n_removed;
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
  uint32_t n_spans = 0, u, fi, file_map_of = CC_NONE, *file_map = NULL;
  kept_walk k = { wp, 0, 0, NULL, 0 };
  const uint64_t *addr;
  while (next_kept (&k, &u, &fi, &addr))
    {
      cc_unit_record *ur = &wp->units[u];
      if (u != file_map_of)
        {
          free (file_map);
          file_map = cc_xmalloc ((ur->model.n_files + 1) * sizeof *file_map);
          for (uint32_t i = 0; i < ur->model.n_files; i++)
            file_map[i] = CC_NONE;
          file_map_of = u;
        }
      cc_func *fn = &ur->model.funcs[fi];
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
  kept_walk k = { wp, 0, 0, NULL, 0 };
  uint32_t u, fi;
  const uint64_t *addr;
  while (next_kept (&k, &u, &fi, &addr))
    {
      const cc_func *fn = &wp->units[u].model.funcs[fi];
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
  kept_walk k = { wp, 0, 0, NULL, 0 };
  uint32_t u, fi;
  const uint64_t *addr;
  while (next_kept (&k, &u, &fi, &addr))
    {
      const cc_func *fn = &wp->units[u].model.funcs[fi];
      if (fn->flags & CC_FUNC_BROKEN)
        continue;
      for (uint32_t bi = 0; bi < fn->n_blocks; bi++)
        {
          uint32_t i = wp_last_fetched (fn, &fn->blocks[bi]);
          if (i == CC_NONE || !wp_plain_insn (&fn->insns[i]))
            continue;
          const cc_insn *in = &fn->insns[i];
          const cc_part *p = &fn->parts[in->part];
          uint64_t a = addr[in->part] + in->offset - p->offset, t = 0;
          size_t avail;
          const unsigned char *b = wp_bytes_at (img, a, in->length, &avail);
          if (!b)
            continue;
          cc_branch_kind kind = cc_isa_branch (wp_isa_at (wp, img, a), b, in->length, a, NULL,
                                               0, &t);
          if (!t || (kind != CC_BRANCH_CALL && kind != CC_BRANCH_JUMP
                     && kind != CC_BRANCH_COND))
            continue;
          if (*n == cap)
            v = cc_xrealloc (v, (cap *= 2) * sizeof *v);
          v[(*n)++] = t;
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
bytes_targets (const cc_whole_program *wp, const cc_elf_image *img, cc_decode_memo *memo,
               cc_bytes_func *bf, uint32_t n, const uint64_t *r, uint32_t n_r, uint32_t *n_out)
{
  uint32_t n_starts;
  uint64_t *starts = all_starts (r, n_r, bf, n, &n_starts);
  cc_bytes_ctx *c = cc_bytes_open (img, wp->arch, starts, n_starts, memo);
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
add_reached_code (cc_whole_program *wp, const cc_elf_image *img, cc_decode_memo *memo,
                  cc_bytes_func **bf,
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
      uint64_t *b = bytes_targets (wp, img, memo, *bf, *n, r, n_r, &n_b);
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
bytes_plan (cc_whole_program *wp, const cc_elf_image *img, cc_decode_memo *memo, uint64_t *low,
            uint32_t *n)
{
  uint32_t n_covered, n_r;
  uint64_t *r;
  cc_addr_range *covered = records_code (wp, &n_covered, &r, &n_r);
  cc_bytes_func *bf = cc_bytes_find (img, wp->arch, covered, n_covered, n);
  add_reached_code (wp, img, memo, &bf, n, r, n_r, covered, n_covered);
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
take_bytes (cc_whole_program *wp, const cc_elf_image *img, cc_decode_memo *memo,
            const cc_bytes_func *bf, uint32_t n,
            const uint64_t *low, uint64_t way, uint32_t align, span *spans, uint32_t n_spans,
            uint32_t *sec_of_elf)
{
  uint64_t *r = cc_xmalloc ((wp->model.n_funcs + 1) * sizeof *r);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    r[f] = wp->funcs[f].addr[0];
  uint32_t n_starts;
  uint64_t *starts = all_starts (r, wp->model.n_funcs, bf, n, &n_starts);
  free (r);
  cc_bytes_ctx *c = cc_bytes_open (img, wp->arch, starts, n_starts, memo);
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
      if ((fn->flags & CC_FUNC_BROKEN) && fn->parts[0].size
          && cc_bytes_footprint (c, &bf[k], &lf->fp_out, &lf->n_fp_out, &lf->fp_why) == 0)
        lf->fp_limit = bf[k].limit;
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
  /* The instructions the planning reads are read again for the models:
     once by the decoder.  */
  cc_decode_memo *memo = cc_decode_memo_new ();
  cc_bytes_func *bytes = bytes_plan (wp, img, memo, low, &n_bytes);
  wp->funcs = cc_xcalloc (n_funcs + n_bytes + 1, sizeof *wp->funcs);
  wp->model.funcs = cc_xcalloc (n_funcs + n_bytes + 1, sizeof *wp->model.funcs);
  span *spans = cc_xmalloc ((n_spans + n_bytes + 1) * sizeof *spans);
  uint32_t *sec_of_elf = cc_xmalloc ((img->n_sections + 1) * sizeof *sec_of_elf);
  for (uint32_t e = 0; e < img->n_sections; e++)
    sec_of_elf[e] = CC_NONE;
  n_spans = take_units (wp, img, low, way, align, spans, sec_of_elf);
  n_spans = take_bytes (wp, img, memo, bytes, n_bytes, low, way, align, spans, n_spans,
                        sec_of_elf);
  cc_decode_memo_free (memo);
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
  if (!wp->target->asm_flow)
    wp_kernel_asm (wp, img);

  wp->escaped = cc_xcalloc (wp->model.n_funcs + 1, 1);
  addr_ent *starts = cc_xmalloc ((wp->model.n_funcs + 1) * sizeof *starts);
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    starts[f] = (addr_ent) { wp->funcs[f].addr[0], f };
  qsort (starts, wp->model.n_funcs, sizeof *starts, cmp_addr_ent);
  qsort (spans, n_spans, sizeof *spans, cmp_span);
  wp_footprints (wp, spans, n_spans);
  wp_mark_roots (wp, img, starts, spans, n_spans);
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
      free (wp->funcs[f].fp_out);
      free (wp->funcs[f].fp_why);
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
