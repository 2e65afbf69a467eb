/* cachecat layout: our labels placed by decoding the assembled bytes
   (x86_decode.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/x86/x86_decode.h"
#include "support/util.h"
#include "isa/x86/x86_length.h"

#include <stdlib.h>
#include <string.h>

#define SHT_PROGBITS_ 1
#define SHF_EXECINSTR_ 4

/* The walk through one code section.  */
typedef struct walk
{
  uint32_t elf;              /* ELF section index, 0: none */
  const unsigned char *bytes;
  uint64_t size;
  uint64_t at;
  int prefixes;              /* prefix statements waiting for their insn */
} walk;

/* The code section of the object named NAME, if there is exactly one.  */
static uint32_t
code_section (const cc_layout *l, const char *name, int *twice)
{
  uint32_t found = 0;
  *twice = 0;
  for (uint32_t s = 1; s < l->n_sections; s++)
    if (strcmp (l->sections[s].name, name) == 0)
      {
        if (found)
          *twice = 1;
        found = s;
      }
  return found;
}

static cc_layout_ref *
numbered (cc_layout *l, const cc_layout_query *q, uint32_t fam, unsigned long no)
{
  const cc_layout_family *f = &q->families[fam];
  if (fam >= q->n_families || !l->numbered[fam] || no <= f->base
      || no - f->base > f->count)
    return NULL;
  return &l->numbered[fam][no - f->base - 1];
}

/* One decode: the layout it fills, what it looks for, the statements it
   follows, one walk per section of the text, and the names of the query
   in an open-addressing table (SLOT, TSIZE entries, UINT32_MAX free).  */
typedef struct decode
{
  cc_layout *l;
  const cc_layout_query *q;
  const cc_asm_filter *f;
  const cc_asm_event *ev;    /* the statements, N_EV */
  size_t n_ev;
  unsigned n_secs;
  walk *w;
  uint32_t *slot;
  uint32_t tsize;
} decode;

/* Put the query's names in D's table, for the symbol check of each
   label the text defines.  */
static void
index_names (decode *d)
{
  const cc_layout_query *q = d->q;
  uint32_t tsize = 16;
  while (tsize < 2 * (uint64_t) q->n_names)
    tsize *= 2;
  uint32_t *slot = cc_xmalloc (tsize * sizeof *slot);
  for (uint32_t i = 0; i < tsize; i++)
    slot[i] = UINT32_MAX;
  for (uint32_t i = 0; i < q->n_names; i++)
    {
      uint32_t h = cc_name_hash (q->names[i]) & (tsize - 1);
      while (slot[h] != UINT32_MAX)
        h = (h + 1) & (tsize - 1);
      slot[h] = i;
    }
  d->slot = slot;
  d->tsize = tsize;
}

/* Start a walk in each section of the text at the object's code section
   of that name; and check that the object has no code the text did not
   show (something was misunderstood).  Why not, or NULL.  */
static char *
start_walks (decode *d)
{
  cc_layout *l = d->l;
  walk *w = d->w;
  for (unsigned s = 0; s < d->n_secs; s++)
    {
      const char *name = cc_asm_filter_section (d->f, s);
      int twice;
      uint32_t e = code_section (l, name, &twice);
      if (twice)
        return cc_xasprintf ("two sections named %s", name);
      if (e)
        {
          uint64_t size = 0;
          const unsigned char *bytes = l->sections[e].flags & SHF_EXECINSTR_
                                       ? cc_layout_section_bytes (l, e, &size) : NULL;
          if (!bytes)
            return cc_xasprintf ("section %s is not code the decoder can read", name);
          w[s].elf = e;
          w[s].bytes = bytes;
          w[s].size = size;
        }
    }
  for (uint32_t e = 1; e < l->n_sections; e++)
    {
      const cc_layout_section *sec = &l->sections[e];
      if (sec->type != SHT_PROGBITS_ || !(sec->flags & SHF_EXECINSTR_) || sec->size == 0)
        continue;
      unsigned s;
      for (s = 0; s < d->n_secs && w[s].elf != e; s++)
        ;
      if (s == d->n_secs)
        return cc_xasprintf ("code in section %s that the text did not show", sec->name);
    }
  return NULL;
}

/* The label NM defined where the walk X is: if it is one the query
   asked for and the object has it elsewhere, the walk went wrong.  Why,
   or NULL.  */
static char *
check_symbol (const decode *d, const walk *x, const cc_asm_event *v)
{
  const char *nm = cc_asm_filter_name (d->f, v->at);
  uint32_t h = cc_name_hash (nm) & (d->tsize - 1);
  for (; d->slot[h] != UINT32_MAX; h = (h + 1) & (d->tsize - 1))
    {
      const cc_layout_ref *r = &d->l->refs[d->slot[h]];
      if (strcmp (d->q->names[d->slot[h]], nm) == 0 && r->section
          && (r->section != x->elf || r->offset != x->at))
        return cc_xasprintf ("%s is at %#llx, the walk at %s+%#llx", nm,
                             (unsigned long long) r->offset,
                             cc_asm_filter_section (d->f, v->section),
                             (unsigned long long) x->at);
    }
  return NULL;
}

/* Move the walk X over the statement V: a label placed (ours: the
   numbered ones), a prefix counted, an instruction decoded, padding
   checked, a label's address checked.  Why the walk cannot, or NULL.  */
static char *
walk_event (decode *d, walk *x, const cc_asm_event *v)
{
  switch (v->kind)
    {
    case CC_ASM_EV_START:
    case CC_ASM_EV_END:
    case CC_ASM_EV_MSTART:
      {
        cc_layout_ref *r = numbered (d->l, d->q, v->kind == CC_ASM_EV_START ? 0
                                                 : v->kind == CC_ASM_EV_END ? 1 : 2, v->a);
        if (r)
          {
            r->section = x->elf;
            r->offset = x->at;
          }
        return NULL;
      }
    case CC_ASM_EV_PREFIX:
      x->prefixes++;
      return NULL;
    case CC_ASM_EV_INSN:
      {
        int len = cc_x86_length (x->bytes + x->at, (size_t) (x->size - x->at));
        if (len < 0)
          return cc_xasprintf ("an instruction at %s+%#llx the decoder does not know",
                               cc_asm_filter_section (d->f, v->section),
                               (unsigned long long) x->at);
        x->at += (uint64_t) len;
        x->prefixes = 0;
        return NULL;
      }
    case CC_ASM_EV_ALIGN:
      {
        uint64_t pad = (v->a - x->at % v->a) % v->a;
        if (v->b && pad > v->b)
          pad = 0;
        if (x->prefixes || pad > x->size - x->at
            || !cc_x86_padding (x->bytes + x->at, (size_t) pad))
          return cc_xasprintf ("alignment at %s+%#llx is not %llu bytes of padding",
                               cc_asm_filter_section (d->f, v->section),
                               (unsigned long long) x->at, (unsigned long long) pad);
        x->at += pad;
        return NULL;
      }
    case CC_ASM_EV_SYMBOL:
      return check_symbol (d, x, v);
    default:
      return NULL;
    }
}

/* Follow the statements of the text through the walks; why not, or
   NULL.  */
static char *
follow_events (decode *d)
{
  for (size_t i = 0; i < d->n_ev; i++)
    {
      const cc_asm_event *v = &d->ev[i];
      if (v->kind == CC_ASM_EV_NONE || cc_asm_event_is_binding (v->kind))
        continue;             /* for computing, in no section */
      walk *x = &d->w[v->section];
      if (!x->elf)
        {
          if (v->kind == CC_ASM_EV_SYMBOL)
            continue;
          return cc_xasprintf ("no section %s in the object",
                               cc_asm_filter_section (d->f, v->section));
        }
      /* A label between a prefix and its instruction: the prefix's bytes
         are before the label, the walk would put them after.  */
      if (x->prefixes && (v->kind == CC_ASM_EV_START || v->kind == CC_ASM_EV_END
                          || v->kind == CC_ASM_EV_MSTART || v->kind == CC_ASM_EV_SYMBOL))
        return cc_xasprintf ("a label after a prefix at %s+%#llx",
                             cc_asm_filter_section (d->f, v->section),
                             (unsigned long long) x->at);
      char *why = walk_event (d, x, v);
      if (why)
        return why;
    }
  for (unsigned s = 0; s < d->n_secs; s++)
    {
      const walk *x = &d->w[s];
      if (x->elf && (x->at != x->size || x->prefixes))
        return cc_xasprintf ("the walk ends at %s+%#llx, the section at %#llx",
                             cc_asm_filter_section (d->f, s), (unsigned long long) x->at,
                             (unsigned long long) x->size);
    }
  return NULL;
}

char *
cc_layout_decode (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f)
{
  size_t n_ev;
  int decodable;
  const cc_asm_event *ev = cc_asm_filter_event_list (f, &n_ev, &decodable);
  if (!decodable)
    return cc_xstrdup ("a statement in code is not one the decoder follows");
  if (!l->image || q->n_families < 2)
    return cc_xstrdup ("no object to decode");

  decode d = { .l = l, .q = q, .f = f, .ev = ev, .n_ev = n_ev,
             .n_secs = cc_asm_filter_n_sections (f) };
  d.w = cc_xcalloc (d.n_secs + 1, sizeof *d.w);
  index_names (&d);
  char *why = start_walks (&d);
  if (!why)
    why = follow_events (&d);
  free (d.slot);
  free (d.w);
  return why;
}
