/* cachecat-link: models of the program's code that no record describes,
   read from its bytes (from_bytes.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "binary/bytes_impl.h"

#include "support/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- Which functions.  */

static int
cmp_sym_addr (const void *a, const void *b)
{
  const cc_elf_symbol *x = a, *y = b;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  /* At one address: a function's name before a label's, a global one
     before a local one, then by name.  */
  if (x->func != y->func)
    return x->func ? -1 : 1;
  if (x->global != y->global)
    return x->global ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* Is ADDR in one of the N sorted ranges R?  */
static int
in_ranges (const cc_addr_range *r, uint32_t n, uint64_t addr)
{
  size_t k = cc_lower_bound_u64 (r, n, sizeof *r, offsetof (cc_addr_range, hi), addr);
  return k < n && r[k].lo <= addr;
}

/* The first of the N sorted ranges R that starts above ADDR, or N.  */
static uint32_t
range_above (const cc_addr_range *r, uint32_t n, uint64_t addr)
{
  return (uint32_t) cc_lower_bound_u64 (r, n, sizeof *r, offsetof (cc_addr_range, lo), addr + 1);
}

cc_bytes_func *
cc_bytes_find (const cc_elf_image *img, cc_arch arch, const cc_addr_range *covered,
               uint32_t n_covered, uint32_t *n)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  /* The defined function symbols, and any global name of the ELF entry
     point (start-up code in assembly often has no symbol type), the
     Thumb bit of each kept in st_size's place (no longer needed).  */
  uint64_t no_thumb = ~(uint64_t) (t && t->thumb_bit ? 1 : 0);
  uint32_t n_syms = 0;
  cc_elf_symbol *v = cc_xmalloc ((img->n_symbols + 1) * sizeof *v);
  for (uint32_t i = 0; i < img->n_symbols; i++)
    if (img->symbols[i].defined
        && (img->symbols[i].func
            || (img->symbols[i].global && img->entry
                && (img->symbols[i].value & no_thumb) == (img->entry & no_thumb))))
      {
        v[n_syms] = img->symbols[i];
        uint64_t says = v[n_syms].func ? v[n_syms].value : img->entry;
        v[n_syms].size = t && t->thumb_bit ? says & 1 : 0;
        v[n_syms++].value &= no_thumb;
      }
  qsort (v, n_syms, sizeof *v, cmp_sym_addr);
  cc_bytes_func *out = cc_xmalloc ((n_syms + 1) * sizeof *out);
  *n = 0;
  for (uint32_t i = 0; i < n_syms; i++)
    {
      if ((*n && out[*n - 1].lo == v[i].value)
          || in_ranges (covered, n_covered, v[i].value))
        continue;
      const cc_elf_section *s = cc_elf_code_at (img, v[i].value, 1);
      if (!s)
        continue;
      out[(*n)++] = (cc_bytes_func) { v[i].value, s->addr + s->size, v[i].name,
                                      (uint32_t) (s - img->sections), v[i].name, v[i].value,
                                      (int) v[i].size, 0, 1 };
    }
  /* Each one's code ends where the next function's (ours or a record's)
     starts.  */
  for (uint32_t k = 0; k < *n; k++)
    {
      if (k + 1 < *n && out[k + 1].section == out[k].section && out[k + 1].lo < out[k].limit)
        out[k].limit = out[k + 1].lo;
      uint32_t r = range_above (covered, n_covered, out[k].lo);
      if (r < n_covered && covered[r].lo < out[k].limit)
        out[k].limit = covered[r].lo;
    }
  free (v);
  return out;
}

cc_bytes_ctx *
cc_bytes_open (const cc_elf_image *img, cc_arch arch, const uint64_t *starts, uint32_t n,
               cc_decode_memo *memo)
{
  cc_bytes_ctx *c = cc_xcalloc (1, sizeof *c);
  *c = (cc_bytes_ctx) { .img = img, .arch = arch, .t = cc_isa_target_of (arch),
                        .starts = starts, .n_starts = n, .memo = memo };
  bytes_read_slots (c);
  return c;
}

void
cc_bytes_close (cc_bytes_ctx *c)
{
  if (!c)
    return;
  for (int k = 0; k < CC_ISA_COUNT; k++)
    {
      cc_decoder_close (c->dec[k]);
      free (c->dec_err[k]);
    }
  for (uint32_t k = 0; k < c->n_slots; k++)
    free (c->slots[k].impls);
  free (c->slots);
  free (c);
}

int
bytes_is_start (const cc_bytes_ctx *c, uint64_t a)
{
  size_t k = cc_lower_bound_u64 (c->starts, c->n_starts, sizeof *c->starts, 0, a);
  return k < c->n_starts && c->starts[k] == a;
}

/* The decoder of ISA, opened once.  */
cc_decoder *
bytes_decoder_of (cc_bytes_ctx *c, cc_isa isa, char **why)
{
  if (!c->dec[isa] && !c->dec_err[isa])
    c->dec[isa] = cc_decoder_open (isa, c->img->big_endian, &c->dec_err[isa]);
  if (!c->dec[isa])
    *why = cc_xstrdup (c->dec_err[isa]);
  return c->dec[isa];
}

/* How the code at A is read: what the mapping symbols say (ARM: A32 or
   Thumb), else what THUMB, the symbol's bit 0, says.  */
cc_isa
bytes_isa_of_code (const cc_bytes_ctx *c, uint64_t a, int thumb)
{
  char k = cc_elf_mapping_at (c->img, a);
  if (!k && thumb)
    k = 't';
  return cc_isa_at_mapping (c->arch, k, c->img->is64);
}

/* Where the code of the function at LO ends: the next function's start
   or the end of its section S.  */
uint64_t
bytes_limit_of (const cc_bytes_ctx *c, const cc_elf_section *s, uint64_t lo)
{
  size_t k = cc_lower_bound_u64 (c->starts, c->n_starts, sizeof *c->starts, 0, lo + 1);
  uint64_t end = s->addr + s->size;
  return k < c->n_starts && c->starts[k] < end ? c->starts[k] : end;
}

/* The instructions W read of a function it could not follow, into FN
   (one block: a broken function's blocks are not analysed).  */
static void
broken_insns (const bytes_walk *w, cc_func *fn, uint64_t base)
{
  if (!w->n)
    return;
  fn->insns = cc_xcalloc (w->n + 1, sizeof *fn->insns);
  for (uint32_t i = 0; i < w->n; i++)
    fn->insns[i] = (cc_insn) { .uid = i, .offset = (uint32_t) (w->insns[i].addr - base),
                               .length = w->insns[i].len, .file = CC_NONE };
  fn->n_insns = w->n;
  fn->blocks = cc_xcalloc (1, sizeof *fn->blocks);
  fn->blocks[0] = (cc_block) { .n_insns = w->n, .fallthru = CC_NONE };
  fn->n_blocks = 1;
}

void
cc_bytes_model (cc_bytes_ctx *c, const cc_bytes_func *bf, uint32_t sec, uint64_t base,
                cc_func *fn, uint64_t **calls, char **why, uint64_t *outside)
{
  *why = NULL;
  *outside = 0;
  *calls = NULL;
  fn->name = cc_xstrdup (bf->name);
  fn->flags = CC_FUNC_FROM_BYTES;
  fn->file = CC_NONE;
  fn->n_parts = 1;
  fn->parts = cc_xcalloc (1, sizeof *fn->parts);
  fn->parts[0] = (cc_part) { cc_xstrdup (bf->name), sec, (uint32_t) (bf->lo - base), 0 };
  fn->budget_misses = fn->budget_conflicts = fn->budget_fetch_cycles = -1;
  bytes_walk w = { .c = c, .lo = bf->lo, .limit = bf->limit,
             .s = &c->img->sections[bf->section] };
  w.isa = bytes_isa_of_code (c, bf->lo, bf->thumb);
  w.dec = bytes_decoder_of (c, w.isa, why);
  if (!w.dec)
    {
      fn->flags |= CC_FUNC_BROKEN;
      return;
    }
  w.state = cc_xcalloc (bf->limit - bf->lo + 1, 1);
  if (bytes_walk_function (&w) == 0)
    bytes_build_blocks (&w, fn, base, calls);
  else
    {
      /* What was read stays listed, as conflict.  */
      broken_insns (&w, fn, base);
      fn->flags |= CC_FUNC_BROKEN;
      *why = w.why;
      *outside = w.outside;
    }
  if (fn->n_insns)
    {
      const cc_insn *last = &fn->insns[fn->n_insns - 1];
      fn->parts[0].size = last->offset + last->length - fn->parts[0].offset;
    }
  bytes_walk_free (&w);
}

/* Insert a function at ADDR, in code no function or range of COVERED
   holds, into the *N sorted *BF: named SECTION+0xOFFSET (into *NAME).  */
static void
add_unnamed (cc_bytes_func **bf, uint32_t *n, const cc_elf_section *s, uint32_t sec,
             uint64_t addr, const cc_addr_range *covered, uint32_t n_covered, char **name)
{
  uint32_t k = 0;
  while (k < *n && (*bf)[k].lo < addr)
    k++;
  uint64_t limit = s->addr + s->size;
  if (k < *n && (*bf)[k].section == sec && (*bf)[k].lo < limit)
    limit = (*bf)[k].lo;
  uint32_t r = range_above (covered, n_covered, addr);
  if (r < n_covered && covered[r].lo < limit)
    limit = covered[r].lo;
  *name = cc_xasprintf ("%s+0x%llx", s->name, (unsigned long long) (addr - s->addr));
  cc_bytes_func *v = *bf = cc_xrealloc (*bf, (*n + 2) * sizeof *v);
  memmove (&v[k + 1], &v[k], (*n - k) * sizeof *v);
  v[k] = (cc_bytes_func) { addr, limit, *name, sec, s->name, s->addr, 0, 1, 1 };
  (*n)++;
}

int
cc_bytes_add_start (const cc_elf_image *img, cc_bytes_func **bf, uint32_t *n,
                    const cc_addr_range *covered, uint32_t n_covered, uint64_t addr,
                    int shared, char **name)
{
  uint32_t k = 0;
  while (k < *n && !((*bf)[k].lo <= addr && addr < (*bf)[k].limit))
    k++;
  /* A call into the middle of named code does not make a function of its
     end (a retpoline calls into its own code): unnamed code has no
     functions but those calls and jumps make.  */
  if (k < *n && ((*bf)[k].lo == addr || !(shared || (*bf)[k].unnamed)))
    return 0;
  if (k == *n)
    {
      const cc_elf_section *s = cc_elf_code_at (img, addr, 1);
      if (!s || in_ranges (covered, n_covered, addr))
        return 0;
      add_unnamed (bf, n, s, (uint32_t) (s - img->sections), addr, covered, n_covered, name);
      return 1;
    }
  cc_bytes_func *v = *bf = cc_xrealloc (*bf, (*n + 2) * sizeof *v);
  *name = cc_xasprintf ("%s+0x%llx", v[k].symbol, (unsigned long long) (addr - v[k].symbol_at));
  memmove (&v[k + 2], &v[k + 1], (*n - k - 1) * sizeof *v);
  v[k + 1] = (cc_bytes_func) { addr, v[k].limit, *name, v[k].section, v[k].symbol,
                               v[k].symbol_at, v[k].thumb, v[k].unnamed, 1 };
  v[k].limit = addr;
  v[k].changed = 1;
  (*n)++;
  return 1;
}

