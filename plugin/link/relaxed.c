/* cachecat-link: the functions of a unit the linker relaxed, placed on
   their final bytes (relaxed.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A relaxed unit's model has its object's offsets, and its record the
   final address of every GCC insn's start, and of its end where the next
   does not start there (model_record.h: cc_record_marks).  The bytes
   between are the insn's in the program: decoded into machine
   instructions, they take the places of the model's in order (the
   linker made `call' a jal, dropped an auipc or lui, chose a compressed
   form), and those it deleted stay with no bytes at the end.  The linker
   only deletes, so an insn never has more instructions than in the
   object.  A function the marks do not place is one instruction, not
   modelled.  */

#include "link/relaxed.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

#define UNSET UINT64_MAX

typedef struct placing
{
  const cc_elf_image *img;
  cc_isa isa;
  uint64_t *fin;               /* per insn: its final address */
  uint32_t *len;               /* per insn: its final length */
} placing;

/* Place the GCC insn of mark MK (a start) on [S, E): its machine
   instructions in order.  Returns NULL or what is wrong.  */
static char *
place_insn (placing *pl, cc_func *fn, const cc_record_mark *mk, uint64_t s, uint64_t e)
{
  uint64_t obj = 0;
  for (uint32_t j = 0; j < mk->count; j++)
    obj += fn->insns[mk->insn + j].length;
  if (e < s || e - s > obj)
    return cc_xasprintf ("its insn at +%u has %lld bytes in the program and %llu in the "
                         "object (the linker only deletes)", fn->insns[mk->insn].offset
                         - fn->parts[fn->insns[mk->insn].part].offset,
                         (long long) (e - s), (unsigned long long) obj);
  const cc_elf_section *sec = cc_elf_code_at (pl->img, s, e - s);
  if (!sec)
    return cc_xasprintf ("its code at 0x%llx is not in the program's code",
                         (unsigned long long) s);
  const unsigned char *b = sec->data + (s - sec->addr);
  uint64_t at = s;
  uint32_t j = 0;
  /* Instructions the plugin could not tell apart stay one, whole.  */
  if (fn->insns[mk->insn].unsplit && e > s)
    {
      pl->fin[mk->insn] = s;
      pl->len[mk->insn] = (uint32_t) (e - s);
      at = e;
      j = 1;
    }
  while (at < e)
    {
      int l = cc_isa_length (pl->isa, b + (at - s), (size_t) (e - at));
      if (l <= 0 || j == mk->count)
        return cc_xasprintf ("the bytes at 0x%llx are not its insn's instructions",
                             (unsigned long long) at);
      pl->fin[mk->insn + j] = at;
      pl->len[mk->insn + j] = (uint32_t) l;
      at += (uint64_t) l;
      j++;
    }
  /* Deleted by the linker: no bytes, where the insn ends.  Unknown code
     runs after the insn's last instruction (runs_unknown: RISC-V's
     `call t0,__riscv_save_N', whose jalr the linker may delete, making the
     auipc a jal): after the last one it kept.  */
  uint32_t kept = j;
  for (; j < mk->count; j++)
    {
      pl->fin[mk->insn + j] = e;
      pl->len[mk->insn + j] = 0;
      if (kept && fn->insns[mk->insn + j].runs_unknown)
        {
          fn->insns[mk->insn + j].runs_unknown = 0;
          fn->insns[mk->insn + kept - 1].runs_unknown = 1;
        }
    }
  return NULL;
}

/* Place FN (its parts at ADDR, its N marks MK at AT).  Returns NULL, or
   what is wrong; *UNPLACED is set where the marks do not give the
   layout.  */
static char *
place_func (placing *pl, cc_func *fn, const uint64_t *addr, const cc_record_mark *mk,
            const uint64_t *at, uint32_t n, int *unplaced)
{
  for (uint32_t i = 0; i < fn->n_insns; i++)
    pl->fin[i] = UNSET;
  for (uint32_t k = 0; k < n; k++)
    {
      if (mk[k].end)
        continue;
      /* Its end, or the next insn's start, which is where it ends
         (cc_record_marks gives every other end).  */
      if (k + 1 == n)
        return cc_xstrdup ("its record's marks end with a start");
      char *why = place_insn (pl, fn, &mk[k], at[k], at[k + 1]);
      if (why)
        return why;
    }
  /* Each part: its symbol is its first insn's address, when nothing lay
     between them in the object.  */
  for (uint32_t p = 0; p < fn->n_parts; p++)
    {
      cc_part *pt = &fn->parts[p];
      uint64_t end = addr[p];
      int first = 1;
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          cc_insn *in = &fn->insns[i];
          if (in->part != p)
            continue;
          if (first && in->offset != pt->offset)
            {
              *unplaced = 1;
              return NULL;
            }
          first = 0;
          if (pl->fin[i] == UNSET)
            {
              /* An insn without bytes lies where the next placed one
                 starts if it did in the object (after the alignment
                 before that one), else where the one before ended.  */
              uint32_t j = i + 1;
              while (j < fn->n_insns && fn->insns[j].part == p && pl->fin[j] == UNSET)
                j++;
              int with_next = j < fn->n_insns && fn->insns[j].part == p
                              && fn->insns[j].offset == in->offset;
              pl->fin[i] = with_next ? pl->fin[j] : end;
              pl->len[i] = 0;
            }
          if (pl->fin[i] < addr[p])
            return cc_xasprintf ("its insn at 0x%llx lies before its symbol",
                                 (unsigned long long) pl->fin[i]);
          if (pl->fin[i] + pl->len[i] > end)
            end = pl->fin[i] + pl->len[i];
        }
      for (uint32_t i = 0; i < fn->n_insns; i++)
        if (fn->insns[i].part == p)
          {
            fn->insns[i].offset = pt->offset + (uint32_t) (pl->fin[i] - addr[p]);
            fn->insns[i].length = pl->len[i];
          }
      pt->size = (uint32_t) (end - addr[p]);
    }
  return NULL;
}

/* FN's parts (at ADDR) as one unsplit instruction each, over their
   symbols' final sizes: the marks do not place its insns (entry padding
   before its first, or labels the plugin could not name), but its code,
   which unknown code runs, must have its lines.  */
static char *
whole_parts (const cc_elf_image *img, cc_func *fn, const uint64_t *addr)
{
  for (uint32_t p = 0; p < fn->n_parts; p++)
    {
      int64_t size = cc_elf_func_size (img, fn->parts[p].symbol, addr[p]);
      if (size < 0)
        return cc_xasprintf ("no symbol %s at 0x%llx says how long it is",
                             fn->parts[p].symbol, (unsigned long long) addr[p]);
      fn->parts[p].size = (uint32_t) size;
      int first = 1;
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          cc_insn *in = &fn->insns[i];
          if (in->part != p)
            continue;
          in->offset = fn->parts[p].offset;
          in->length = first ? (uint32_t) size : 0;
          in->unsplit = first && size;
          first = 0;
        }
    }
  return NULL;
}

int
cc_link_place_relaxed (cc_unit_record *u, const cc_elf_image *img, cc_arch arch,
                       uint32_t *n_unplaced, char **err)
{
  if (!u->relaxed)
    return 0;
  const cc_isa_target *t = cc_isa_target_of (arch);
  if (!t || !t->linker_relaxes)
    {
      *err = cc_xasprintf ("%s: its record is of code the RISC-V linker relaxes, in a %s "
                           "program", u->source, cc_arch_name (arch));
      return -1;
    }
  placing pl = { img, cc_isa_of (arch, 0, img->is64), NULL, NULL };
  const uint64_t *addr = u->part_addr, *at = u->mark_addr;
  cc_record_mark *mk = NULL;
  size_t cap = 0;
  int rc = 0;
  for (uint32_t fi = 0; fi < u->model.n_funcs && rc == 0; fi++)
    {
      cc_func *fn = &u->model.funcs[fi];
      mk = cc_grow (mk, &cap, 2 * (size_t) fn->n_insns + 1, sizeof *mk, 64);
      uint32_t n = cc_record_marks (fn, mk);
      const uint64_t *fa = addr, *fm = at;
      addr += fn->n_parts;
      at += n;
      /* Removed by the linker.  */
      if (fn->n_parts == 0 || fa[0] == 0)
        continue;
      pl.fin = cc_xrealloc (pl.fin, (fn->n_insns + 1) * sizeof *pl.fin);
      pl.len = cc_xrealloc (pl.len, (fn->n_insns + 1) * sizeof *pl.len);
      int unplaced = n == 0;
      for (uint32_t k = 0; k < n; k++)
        unplaced |= fm[k] == 0;
      char *why = unplaced ? NULL : place_func (&pl, fn, fa, mk, fm, n, &unplaced);
      if (!why && unplaced)
        {
          why = whole_parts (img, fn, fa);
          if (!(fn->flags & CC_FUNC_BROKEN))
            (*n_unplaced)++;
          fn->flags |= CC_FUNC_BROKEN;
        }
      if (why)
        {
          *err = cc_xasprintf ("%s (from %s): %s", fn->name, u->source, why);
          free (why);
          rc = -1;
        }
    }
  free (mk);
  free (pl.fin);
  free (pl.len);
  return rc;
}
