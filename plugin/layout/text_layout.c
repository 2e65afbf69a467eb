/* cachecat layout: what the layouts computed from the text share
   (text_layout.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/text_layout.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

#define SHT_PROGBITS_ 1
#define SHF_ALLOC_ 2
#define SHF_EXECINSTR_ 4

void
cc_names_build (cc_names *t, const cc_layout_query *q)
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

long
cc_names_find (const cc_names *t, const cc_layout_query *q, const char *name)
{
  uint32_t h = cc_name_hash (name) & (t->size - 1);
  for (; t->slot[h]; h = (h + 1) & (t->size - 1))
    if (strcmp (q->names[t->slot[h] - 1], name) == 0)
      return (long) t->slot[h] - 1;
  return -1;
}

void
cc_names_free (cc_names *t)
{
  free (t->slot);
  t->slot = NULL;
}

uint64_t
cc_align_pad (uint64_t at, uint64_t align, uint64_t max)
{
  uint64_t p = (align - at % align) % align;
  return max && p > max ? 0 : p;
}

void
cc_layout_add_fill (cc_layout *l, size_t *cap, uint32_t s, uint64_t from, uint64_t to)
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

char *
cc_layout_computed_begin (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                          int elf64, uint32_t machine)
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
  l->elf64 = elf64;
  l->machine = machine;
  l->fills_listed = 1;
  l->n_refs = q->n_names;
  l->refs = cc_xcalloc (q->n_names + 1, sizeof *l->refs);
  for (uint32_t k = 0; k < q->n_families; k++)
    l->numbered[k] = cc_xcalloc (q->families[k].count + 1, sizeof *l->numbered[k]);
  return NULL;
}

char *
cc_layout_computed_label (cc_layout *l, const cc_layout_query *q, const cc_names *names,
                          const cc_asm_filter *f, const cc_asm_event *v, cc_layout_ref here)
{
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
        return NULL;
      }
    case CC_ASM_EV_SYMBOL:
      {
        const char *name = cc_asm_filter_name (f, v->at);
        long k = cc_names_find (names, q, name);
        if (k < 0)
          return NULL;
        if (l->refs[k].section)
          return cc_xasprintf ("%s is defined twice", name);
        l->refs[k] = here;
        return NULL;
      }
    default:
      return NULL;
    }
}

void
cc_layout_computed_sections (cc_layout *l, const cc_asm_filter *f, const uint64_t *size,
                             const uint64_t *align)
{
  unsigned ns = cc_asm_filter_n_sections (f);
  l->n_sections = ns + 1;
  l->sections = cc_xcalloc (ns + 1, sizeof *l->sections);
  l->sections[0].name = cc_xstrdup ("");
  for (unsigned s = 0; s < ns; s++)
    {
      cc_layout_section *e = &l->sections[s + 1];
      e->name = cc_xstrdup (cc_asm_filter_section (f, s));
      e->type = SHT_PROGBITS_;
      e->flags = SHF_ALLOC_ | SHF_EXECINSTR_;
      e->size = size[s];
      e->align = align[s];
    }
}
