/* cachecat-link: the functions self-relative tables reach.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/rel_tables.h"
#include "support/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Tries of a base or a start for one entry, in all: a bound on the work
   of a pathological program (cc_rel_tables_scan returns -1 past it).  */
#define MAX_TRIES (UINT64_C (1) << 28)

static int
cmp_range (const void *a, const void *b)
{
  const cc_addr_range *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

void
cc_bases_init (cc_bases *b, const cc_elf_image *img)
{
  *b = (cc_bases) { 0 };
  b->sections = cc_xmalloc ((img->n_sections + 1) * sizeof *b->sections);
  for (uint32_t i = 0; i < img->n_sections; i++)
    if (img->sections[i].alloc && img->sections[i].size)
      b->sections[b->n_sections++]
        = (cc_addr_range) { img->sections[i].addr,
                            img->sections[i].addr + img->sections[i].size };
  qsort (b->sections, b->n_sections, sizeof *b->sections, cmp_range);
}

/* Does [LO, HI] meet an allocated section?  */
static int
in_sections (const cc_bases *b, uint64_t lo, uint64_t hi)
{
  /* (A section's hi is past its end.)  */
  size_t l = cc_lower_bound_u64 (b->sections, b->n_sections, sizeof *b->sections,
                                 offsetof (cc_addr_range, hi), lo + 1);
  return l < b->n_sections && b->sections[l].lo <= hi;
}

void
cc_bases_add (cc_bases *b, uint64_t lo, uint64_t hi)
{
  if (!b || !in_sections (b, lo, hi))
    return;
  if (b->n == b->cap)
    {
      /* Full: merge first (code refers to the same places often), and
         grow if that left it over half full.  */
      if (b->n >= 1u << 16)
        cc_bases_seal (b);
      if (!b->cap || b->n > b->cap / 2)
        {
          b->cap = b->cap ? 2 * b->cap : 1024;
          b->v = cc_xrealloc (b->v, b->cap * sizeof *b->v);
        }
    }
  b->v[b->n++] = (cc_addr_range) { lo, hi };
}

void
cc_bases_seal (cc_bases *b)
{
  qsort (b->v, b->n, sizeof *b->v, cmp_range);
  uint32_t k = 0;
  for (uint32_t i = 0; i < b->n; i++)
    if (k && b->v[i].lo <= b->v[k - 1].hi + 1 && b->v[k - 1].hi != UINT64_MAX)
      {
        if (b->v[i].hi > b->v[k - 1].hi)
          b->v[k - 1].hi = b->v[i].hi;
      }
    else
      b->v[k++] = b->v[i];
  b->n = k;
}

void
cc_bases_free (cc_bases *b)
{
  free (b->v);
  free (b->sections);
  *b = (cc_bases) { 0 };
}

/* The first range of B that ends at or after A.  */
static uint32_t
first_range_from (const cc_bases *b, uint64_t a)
{
  return (uint32_t) cc_lower_bound_u64 (b->v, b->n, sizeof *b->v,
                                        offsetof (cc_addr_range, hi), a);
}

static int
holds (const cc_bases *b, uint64_t a)
{
  uint32_t i = first_range_from (b, a);
  return i < b->n && b->v[i].lo <= a;
}

/* The first of the N ascending STARTS at or after A.  */
static uint32_t
first_start_from (const uint64_t *starts, uint32_t n, uint64_t a)
{
  return (uint32_t) cc_lower_bound_u64 (starts, n, sizeof *starts, 0, a);
}

typedef struct scan
{
  const cc_bases *bases;
  const uint64_t *starts;
  uint32_t n_starts;
  uint64_t mask;               /* ~1 on ARM (the Thumb bit), else ~0 */
  void (*hit) (void *, uint32_t, uint64_t);
  uint64_t entry;              /* the entry being read */
  void *data;
  uint64_t tries;
} scan;

/* The start TARGET (the Thumb bit aside), if it is one.  */
static void
hit_start (scan *s, uint64_t target)
{
  target &= s->mask;
  uint32_t i = first_start_from (s->starts, s->n_starts, target);
  if (i < s->n_starts && s->starts[i] == target)
    s->hit (s->data, i, s->entry);
}

/* Starts [F0, F1) that an entry V of an object [SLO, SHI) may reach
   from a base: each whose base (start - V; with the Thumb bit, or one
   more) is one, in the object.  */
static void
try_starts (scan *s, uint32_t f0, uint32_t f1, uint64_t v, uint64_t slo, uint64_t shi)
{
  for (uint32_t i = f0; i < f1; i++, s->tries++)
    {
      uint64_t need = s->starts[i] - v;
      if ((need - slo < shi - slo && holds (s->bases, need))
          || (~s->mask && need + 1 - slo < shi - slo && holds (s->bases, need + 1)))
        s->hit (s->data, i, s->entry);
    }
}

/* Bases of the object [SLO, SHI) from range B0 on, with an entry V:
   each range of bases reaches the starts in it plus V.  */
static void
try_bases (scan *s, uint32_t b0, uint64_t v, uint64_t slo, uint64_t shi)
{
  for (uint32_t k = b0; k < s->bases->n && s->bases->v[k].lo < shi; k++, s->tries++)
    {
      const cc_addr_range *r = &s->bases->v[k];
      uint64_t from = r->lo < slo ? slo : r->lo, to = r->hi >= shi ? shi - 1 : r->hi;
      uint32_t g0 = first_start_from (s->starts, s->n_starts, (from + v) & s->mask);
      uint32_t g1 = first_start_from (s->starts, s->n_starts, to + v + 1);
      for (uint32_t i = g0; i < g1; i++)
        s->hit (s->data, i, s->entry);
    }
}

/* The entry V at address A: from A, and with FROM_BASES from the bases
   in [SLO, SHI), which reach [SLO + V, SHI + V).  Of the starts there and
   the ranges of bases, the fewer are tried.  */
static void
entry (scan *s, uint64_t a, uint64_t v, uint64_t slo, uint64_t shi, int from_bases)
{
  uint64_t first = s->starts[0], last = s->starts[s->n_starts - 1] | ~s->mask;
  s->entry = a;
  uint64_t t = a + v;
  if (t >= first && t <= last)
    hit_start (s, t);
  if (!from_bases)
    return;
  uint64_t lo = slo + v, hi = shi - 1 + v;
  if (lo > hi)
    {
      /* The window wraps around: from LO to the top, and from 0.  */
      try_starts (s, first_start_from (s->starts, s->n_starts, lo & s->mask), s->n_starts,
                  v, slo, shi);
      try_starts (s, 0, first_start_from (s->starts, s->n_starts, hi + 1), v, slo, shi);
      return;
    }
  if (hi < first || lo > last)
    return;
  uint32_t f0 = first_start_from (s->starts, s->n_starts, lo & s->mask);
  uint32_t f1 = first_start_from (s->starts, s->n_starts, hi + 1);
  if (f1 <= f0)
    return;
  uint32_t b0 = first_range_from (s->bases, slo);
  uint32_t b1 = first_range_from (s->bases, shi);
  if (b0 == s->bases->n || s->bases->v[b0].lo >= shi)
    return;
  if (f1 - f0 <= b1 - b0 + 1)
    try_starts (s, f0, f1, v, slo, shi);
  else
    try_bases (s, b0, v, slo, shi);
}

/* Sections the unwinder reads to find a frame's rules, not code to call
   a function: their offsets reach every function (an FDE's start is
   relative to itself, .eh_frame_hdr's table to its own start, ARM's
   index entries likewise), and the routines the unwinder calls (the
   personality) it finds through an absolute address.  */
static int
unwind_tables (const char *name)
{
  static const char *const names[] = { ".eh_frame", ".eh_frame_hdr", ".gcc_except_table",
                                       ".ARM.exidx", ".ARM.extab", NULL };
  for (int k = 0; names[k]; k++)
    if (strcmp (name, names[k]) == 0 || (strncmp (name, names[k], strlen (names[k])) == 0
                                         && name[strlen (names[k])] == '.'))
      return 1;
  return 0;
}

/* The data objects of a program: where its symbols that name no
   function start, and how long they are (0: up to the next).  */
typedef struct object
{
  uint64_t lo, size;
} object;

static int
cmp_object (const void *a, const void *b)
{
  const object *x = a, *y = b;
  if (x->lo != y->lo)
    return (x->lo > y->lo) - (x->lo < y->lo);
  return (x->size < y->size) - (x->size > y->size);     /* the largest first */
}

static object *
objects_of (const cc_elf_image *img, uint32_t *n)
{
  object *v = cc_xmalloc ((img->n_symbols + 1) * sizeof *v);
  *n = 0;
  for (uint32_t i = 0; i < img->n_symbols; i++)
    {
      const cc_elf_symbol *y = &img->symbols[i];
      if (y->defined && !y->func && y->value && y->name && y->name[0] != '$')
        v[(*n)++] = (object) { y->value, y->size };
    }
  qsort (v, *n, sizeof *v, cmp_object);
  return v;
}

/* The object at A of a section [SLO, SHI), of the N objects V (by
   address): that of the last symbol at or before A where A is within its
   size, else the stretch between that one's end and the next symbol (or
   the section's ends).  Into [*LO, *HI).  */
static void
object_at (const object *v, uint32_t n, uint64_t a, uint64_t slo, uint64_t shi,
           uint64_t *lo, uint64_t *hi)
{
  /* V[j] is the first symbol after A.  */
  size_t j = cc_lower_bound_u64 (v, n, sizeof *v, offsetof (object, lo), a + 1);
  uint64_t next = j < n && v[j].lo < shi ? v[j].lo : shi;
  if (j == 0 || v[j - 1].lo < slo)
    {
      *lo = slo;
      *hi = next;
      return;
    }
  /* The last at or before A, the largest of those at its address.  */
  size_t k = j - 1;
  while (k > 0 && v[k - 1].lo == v[k].lo)
    k--;
  const object *o = &v[k];
  if (o->size && a < o->lo + o->size)
    {
      *lo = o->lo;
      *hi = o->lo + o->size < shi ? o->lo + o->size : shi;
      return;
    }
  *lo = o->lo + o->size;
  *hi = next;
}

int
cc_rel_tables_scan (const cc_elf_image *img, int thumb, const cc_bases *bases,
                    const cc_addr_range *skip, uint32_t n_skip, const uint64_t *starts,
                    uint32_t n_starts, void (*hit) (void *data, uint32_t start, uint64_t entry),
                    void *data)
{
  if (!n_starts)
    return 0;
  static const cc_bases none;
  scan s = { bases ? bases : &none, starts, n_starts, thumb ? ~(uint64_t) 1 : ~(uint64_t) 0,
             hit, 0, data, 0 };
  /* Objects bound the bases an entry is read from: none are read
     without bases.  */
  uint32_t n_objects = 0;
  object *objects = bases ? objects_of (img, &n_objects) : NULL;
  for (uint32_t si = 0; si < img->n_sections; si++)
    {
      const cc_elf_section *sec = &img->sections[si];
      /* (Code without mapping symbols, x86-64's, holds no data to read.)  */
      if (!sec->alloc || !sec->data || unwind_tables (sec->name)
          || (sec->exec && !img->n_maps))
        continue;
      int from_bases = bases && !sec->exec;
      uint64_t slo = sec->addr, shi = sec->addr + sec->size;
      /* (Without symbols, the section is one object.)  */
      uint64_t olo = slo, ohi = slo;
      uint32_t ci = 0;
      for (uint64_t p = 0; p + 4 <= sec->size; p++)
        {
          uint64_t a = slo + p;
          while (ci < n_skip && skip[ci].hi <= a)
            ci++;
          if (ci < n_skip && skip[ci].lo <= a)
            {
              p = skip[ci].hi - slo - 1;
              continue;
            }
          /* In code, only the data its mapping symbols mark ($d).  */
          if (sec->exec && cc_elf_mapping_at (img, a) != 'd')
            continue;
          if (from_bases && (a >= ohi || a < olo))
            object_at (objects, n_objects, a, slo, shi, &olo, &ohi);
          /* A table's start is at or before its entries.  */
          uint64_t bhi = a + 1 < ohi ? a + 1 : ohi;
          uint32_t w = (uint32_t) cc_load_uint (sec->data + p, 4, img->big_endian);
          entry (&s, a, (uint64_t) (int64_t) (int32_t) w, olo, bhi, from_bases);
          if (img->is64 && p + 8 <= sec->size)
            entry (&s, a, cc_load_uint (sec->data + p, 8, img->big_endian), olo, bhi,
                   from_bases);
          if (s.tries > MAX_TRIES)
            {
              free (objects);
              return -1;
            }
        }
    }
  free (objects);
  return 0;
}
