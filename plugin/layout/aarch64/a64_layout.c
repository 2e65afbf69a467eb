/* cachecat layout: our labels placed without assembling (a64_layout.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/aarch64/a64_layout.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

#define SHT_PROGBITS_ 1
#define SHF_ALLOC_ 2
#define SHF_EXECINSTR_ 4
#define EM_AARCH64_ 183

/* Where each code section of the filter is, as the text goes.  */
typedef struct a64_section
{
  uint64_t at;          /* its size so far */
  uint64_t align;       /* its largest alignment so far */
} a64_section;

/* The query's names by hash: open addressing, slot = name index + 1.  */
typedef struct name_table
{
  uint32_t *slot;
  uint32_t size;        /* a power of two */
} name_table;

static void
names_build (name_table *t, const cc_layout_query *q)
{
  t->size = 16;
  while (t->size < 2 * q->n_names + 2)
    t->size *= 2;
  t->slot = cc_xcalloc (t->size, sizeof *t->slot);
  for (uint32_t i = 0; i < q->n_names; i++)
    {
      uint32_t h = cc_name_hash (q->names[i]) & (t->size - 1);
      while (t->slot[h] && strcmp (q->names[t->slot[h] - 1], q->names[i]) != 0)
        h = (h + 1) & (t->size - 1);
      if (!t->slot[h])
        t->slot[h] = i + 1;
    }
}

/* The index of NAME among the query's names, or -1.  */
static long
names_find (const name_table *t, const cc_layout_query *q, const char *name)
{
  uint32_t h = cc_name_hash (name) & (t->size - 1);
  for (; t->slot[h]; h = (h + 1) & (t->size - 1))
    if (strcmp (q->names[t->slot[h] - 1], name) == 0)
      return (long) t->slot[h] - 1;
  return -1;
}

static uint64_t
pad (uint64_t at, uint64_t align, uint64_t max)
{
  uint64_t p = (align - at % align) % align;
  return max && p > max ? 0 : p;
}

/* [FROM, TO) of section S is no-ops (padding, or `nop'): one span more,
   or the last one longer.  */
static void
add_fill (cc_layout *l, size_t *cap, uint32_t s, uint64_t from, uint64_t to)
{
  cc_layout_span *last = l->n_nop_fills ? &l->nop_fills[l->n_nop_fills - 1] : NULL;
  if (last && last->section == s && last->to == from)
    {
      last->to = to;
      return;
    }
  l->nop_fills = cc_grow (l->nop_fills, cap, l->n_nop_fills + 1, sizeof *l->nop_fills, 64);
  l->nop_fills[l->n_nop_fills++] = (cc_layout_span) { s, from, to };
}

/* Walk the events EV of F into L (its refs and numbered labels
   allocated), the sections into SEC.  Returns NULL or why not.  */
static char *
walk (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
      const cc_asm_event *ev, size_t n_ev, a64_section *sec)
{
  name_table names;
  names_build (&names, q);
  size_t fills_cap = 0;
  unsigned ns = cc_asm_filter_n_sections (f);
  char *why = NULL;
  for (size_t i = 0; i < n_ev && !why; i++)
    {
      const cc_asm_event *v = &ev[i];
      if (v->kind == CC_ASM_EV_NONE)
        continue;
      unsigned s = v->section;
      if (s >= ns)
        {
          why = cc_xstrdup ("an event outside the code sections");
          break;
        }
      a64_section *x = &sec[s];
      cc_layout_ref here = { s + 1, x->at };
      switch (v->kind)
        {
        case CC_ASM_EV_START:
        case CC_ASM_EV_END:
        case CC_ASM_EV_MSTART:
          {
            uint32_t k = v->kind == CC_ASM_EV_START ? 0 : v->kind == CC_ASM_EV_END ? 1 : 2;
            const cc_layout_family *fam = &q->families[k];
            if (k < q->n_families && v->a > fam->base && v->a - fam->base <= fam->count)
              l->numbered[k][v->a - fam->base - 1] = here;
            break;
          }
        case CC_ASM_EV_SYMBOL:
          {
            const char *name = cc_asm_filter_name (f, v->at);
            long k = names_find (&names, q, name);
            if (k < 0)
              break;
            if (l->refs[k].section)
              why = cc_xasprintf ("%s is defined twice", name);
            l->refs[k] = here;
            break;
          }
        case CC_ASM_EV_INSN:
          /* After data GNU as would pad to the boundary, behind any
             label before it: not followed.  */
          if (x->at % 4)
            why = cc_xasprintf ("an instruction at %s+%llu, not on a 4-byte boundary",
                                cc_asm_filter_section (f, s), (unsigned long long) x->at);
          if (v->b)
            add_fill (l, &fills_cap, s + 1, x->at, x->at + v->a);
          x->at += v->a;
          if (x->align < 4)
            x->align = 4;
          break;
        case CC_ASM_EV_DATA:
          x->at += v->a;
          break;
        case CC_ASM_EV_ALIGN:
          {
            uint64_t p = pad (x->at, v->a, v->b);
            if (p && x->at % 4 == 0)
              add_fill (l, &fills_cap, s + 1, x->at, x->at + p);
            x->at += p;
            if (v->a > x->align)
              x->align = v->a;
            break;
          }
        default:
          why = cc_xstrdup ("an event the layout does not know");
          break;
        }
    }
  free (names.slot);
  return why;
}

char *
cc_a64_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f)
{
  memset (l, 0, sizeof *l);
  if (!cc_asm_filter_encodable (f))
    {
      const char *u = cc_asm_filter_unencoded (f);
      return u ? cc_xasprintf ("'%s' is not a statement the layout follows", u)
               : cc_xstrdup ("a statement in code is not one the layout follows");
    }
  if (q->n_families > CC_LAYOUT_MAX_FAMILIES)
    return cc_xstrdup ("unexpected query");
  size_t n_ev;
  int decodable;
  const cc_asm_event *ev = cc_asm_filter_event_list (f, &n_ev, &decodable);
  unsigned ns = cc_asm_filter_n_sections (f);
  a64_section *sec = cc_xcalloc (ns + 1, sizeof *sec);
  for (unsigned s = 0; s < ns; s++)
    sec[s].align = 1;
  l->elf64 = 1;
  l->machine = EM_AARCH64_;
  l->fills_listed = 1;
  l->n_refs = q->n_names;
  l->refs = cc_xcalloc (q->n_names + 1, sizeof *l->refs);
  for (uint32_t k = 0; k < q->n_families; k++)
    l->numbered[k] = cc_xcalloc (q->families[k].count + 1, sizeof *l->numbered[k]);
  char *why = walk (l, q, f, ev, n_ev, sec);
  l->n_sections = ns + 1;
  l->sections = cc_xcalloc (ns + 1, sizeof *l->sections);
  l->sections[0].name = cc_xstrdup ("");
  for (unsigned s = 0; s < ns; s++)
    {
      cc_layout_section *e = &l->sections[s + 1];
      e->name = cc_xstrdup (cc_asm_filter_section (f, s));
      e->type = SHT_PROGBITS_;
      e->flags = SHF_ALLOC_ | SHF_EXECINSTR_;
      e->size = sec[s].at;
      e->align = sec[s].align;
    }
  free (sec);
  return why;
}
