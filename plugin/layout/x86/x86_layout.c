/* cachecat layout: our labels placed without assembling
   (x86_layout.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The text becomes fragments the way gas cuts it: a fragment is fixed
   bytes followed by one variable part, an alignment or a relaxable jump
   (its one displacement byte while short; four, or five with the second
   opcode byte of a jCC, once grown).  Labels sit at an offset into the
   fixed bytes of their fragment.  */

#include "layout/x86/x86_layout.h"
#include "support/util.h"
#include "layout/x86/x86_encode.h"
#include "layout/x86/x86_filter.h"

#include <stdlib.h>
#include <string.h>

#define SHT_PROGBITS_ 1
#define SHF_ALLOC_ 2
#define SHF_EXECINSTR_ 4

enum { V_NONE, V_ALIGN, V_JUMP };

typedef struct frag
{
  uint64_t addr;            /* gas's fr_address */
  uint64_t fix;             /* fixed bytes */
  uint64_t align, max;      /* V_ALIGN */
  uint64_t var;             /* the variable part's size now */
  uint32_t next;            /* the next fragment of its section, or NONE */
  uint32_t sec;             /* its section (the filter's number) */
  uint32_t region;          /* alignments before it in its section */
  uint32_t pass;            /* the relaxation pass that last moved it */
  uint32_t target;          /* V_JUMP: the fragment of the label */
  uint64_t target_off;      /*   and the label's offset in it */
  size_t name;              /* V_JUMP, before resolving: the label's name */
  unsigned char kind;
  unsigned char jcc;
  unsigned char big;
} frag;

#define NONE UINT32_MAX

/* A label's place before the addresses are known.  */
typedef struct place
{
  uint32_t frag;            /* NONE: not defined */
  uint64_t off;
} place;

/* What the text says of a symbol's binding.  */
#define B_WEAK 1      /* .weak */
#define B_EQUATE 2    /* .set to another symbol */
#define B_GLOBAL 4    /* .globl */
#define B_HIDDEN 8    /* .hidden, .internal, .protected */

typedef struct ctx
{
  const cc_asm_filter *f;
  const cc_layout_query *q;
  frag *fr;
  uint32_t n, cap;
  /* Symbols: open addressing over names (positions in the filter).  */
  uint32_t tsize;
  size_t *sym_name;         /* per slot, SIZE_MAX: empty */
  place *sym_place;
  unsigned char *sym_bind;  /* B_* */
  uint32_t *sym_sec;
  /* Per code section of the filter.  */
  unsigned n_secs;
  uint32_t *first, *cur;    /* its first and current fragment, NONE */
  uint64_t *align;          /* the largest alignment in it */
  int *prefixes;            /* prefix statements waiting for their insn */
  long *last_start;         /* the last start label in it, -1 */
  uint64_t *size;
  /* The numbered labels of the query's families.  */
  place *numbered[CC_LAYOUT_MAX_FAMILIES];
  unsigned char *unchecked; /* per start label, see x86_layout.h */
} ctx;

static uint32_t
new_frag (ctx *c, uint32_t sec)
{
  if (c->n == c->cap)
    {
      c->cap = c->cap ? 2 * c->cap : 256;
      c->fr = cc_xrealloc (c->fr, c->cap * sizeof *c->fr);
    }
  memset (&c->fr[c->n], 0, sizeof c->fr[0]);
  c->fr[c->n].next = NONE;
  c->fr[c->n].target = NONE;
  c->fr[c->n].sec = sec;
  return c->n++;
}

/* The slot of NAME (empty if it is not there).  */
static uint32_t
sym_slot (const ctx *c, const char *name)
{
  uint32_t h = cc_name_hash (name) & (c->tsize - 1);
  while (c->sym_name[h] != SIZE_MAX
         && strcmp (cc_asm_filter_name (c->f, c->sym_name[h]), name) != 0)
    h = (h + 1) & (c->tsize - 1);
  return h;
}

static uint64_t
pad (uint64_t at, uint64_t align, uint64_t max)
{
  uint64_t p = (align - at % align) % align;
  return max && p > max ? 0 : p;
}

/* Relax the fragments of one section from FIRST: write.c relax_segment,
   the machine-dependent frags through relax_frag.  Returns 0, or -1 if
   it does not settle.  */
static int
relax (ctx *c, uint32_t first)
{
  frag *fr = c->fr;
  /* The first guess: every jump short.  */
  uint64_t addr = 0;
  uint32_t region = 0;
  for (uint32_t i = first; i != NONE; i = fr[i].next)
    {
      frag *x = &fr[i];
      x->region = region;
      x->pass = 0;
      x->addr = addr;
      addr += x->fix;
      if (x->kind == V_ALIGN)
        {
          x->var = pad (addr, x->align, x->max);
          region++;
        }
      else if (x->kind == V_JUMP)
        x->var = 1;
      addr += x->var;
    }
  for (uint32_t pass = 1; pass < 10000; pass++)
    {
      int64_t stretch = 0;
      int stretched = 0;
      for (uint32_t i = first; i != NONE; i = fr[i].next)
        {
          frag *x = &fr[i];
          uint64_t was = x->addr;
          x->addr += (uint64_t) stretch;
          x->pass = pass;
          int64_t growth = 0;
          if (x->kind == V_ALIGN)
            {
              uint64_t oldoff = pad (was + x->fix, x->align, x->max);
              uint64_t newoff = pad (x->addr + x->fix, x->align, x->max);
              growth = (int64_t) newoff - (int64_t) oldoff;
              x->var = newoff;
            }
          else if (x->kind == V_JUMP && !x->big)
            {
              const frag *t = &fr[x->target];
              int64_t target = (int64_t) (t->addr + x->target_off);
              int64_t address = (int64_t) (x->addr + x->fix);
              int skip = 0;
              /* A label ahead, not yet moved in this pass: gas adds what
                 has grown so far, unless an alignment between may have
                 taken it up; then it waits for the next pass.  */
              if (stretch != 0 && t->pass != pass)
                {
                  if (stretch < 0 || t->region == x->region)
                    target += stretch;
                  else if (target < address)
                    skip = 1;
                }
              int64_t aim = target - address;
              if (!skip && (aim < -127 || aim > 128))
                {
                  x->big = 1;
                  growth = (x->jcc ? 5 : 4) - 1;
                  x->var = x->jcc ? 5 : 4;
                }
            }
          if (growth)
            {
              stretch += growth;
              stretched = 1;
            }
        }
      if (!stretched)
        return 0;
    }
  return -1;
}

/* The final addresses of one section, and a check that they are a state
   gas could end in: every short jump reaches its label.  Returns the
   section's size, or UINT64_MAX if the check fails.  */
static uint64_t
settle (ctx *c, uint32_t first)
{
  frag *fr = c->fr;
  uint64_t addr = 0;
  for (uint32_t i = first; i != NONE; i = fr[i].next)
    {
      frag *x = &fr[i];
      if (x->addr != addr)
        return UINT64_MAX;
      addr += x->fix;
      if (x->kind == V_ALIGN)
        x->var = pad (addr, x->align, x->max);
      else if (x->kind == V_JUMP)
        x->var = x->big ? (x->jcc ? 5 : 4) : 1;
      addr += x->var;
    }
  for (uint32_t i = first; i != NONE; i = fr[i].next)
    {
      const frag *x = &fr[i];
      if (x->kind != V_JUMP || x->big)
        continue;
      int64_t aim = (int64_t) (fr[x->target].addr + x->target_off)
                    - (int64_t) (x->addr + x->fix);
      if (aim < -127 || aim > 128)
        return UINT64_MAX;
    }
  return addr;
}

/* Make the fragments and the symbol table from the events.  Returns
   NULL or why not.  */
static char *
build (ctx *c, const cc_asm_event *ev, size_t n_ev)
{
  const cc_asm_filter *f = c->f;
  for (size_t i = 0; i < n_ev; i++)
    {
      const cc_asm_event *v = &ev[i];
      if (v->kind == CC_ASM_EV_NONE)
        continue;
      if (cc_asm_event_is_binding (v->kind))
        {
          uint32_t h = sym_slot (c, cc_asm_filter_name (f, v->at));
          if (c->sym_name[h] == SIZE_MAX)
            {
              c->sym_name[h] = v->at;
              c->sym_place[h].frag = NONE;
              c->sym_sec[h] = NONE;
            }
          c->sym_bind[h] |= v->kind == CC_ASM_EV_WEAK ? B_WEAK
                            : v->kind == CC_ASM_EV_EQUATE ? B_EQUATE
                            : v->kind == CC_ASM_EV_GLOBAL ? B_GLOBAL : B_HIDDEN;
          continue;
        }
      unsigned s = v->section;
      if (s >= c->n_secs)
        return cc_xstrdup ("an event outside the code sections");
      if (c->cur[s] == NONE)
        c->first[s] = c->cur[s] = new_frag (c, s);
      frag *x = &c->fr[c->cur[s]];
      if (c->prefixes[s] && (v->kind == CC_ASM_EV_START || v->kind == CC_ASM_EV_END
                             || v->kind == CC_ASM_EV_MSTART || v->kind == CC_ASM_EV_SYMBOL
                             || v->kind == CC_ASM_EV_ALIGN))
        return cc_xasprintf ("a label or alignment after a prefix in %s",
                             cc_asm_filter_section (f, s));
      int ends_frag = 0;
      switch (v->kind)
        {
        case CC_ASM_EV_START:
        case CC_ASM_EV_END:
        case CC_ASM_EV_MSTART:
          {
            uint32_t k = v->kind == CC_ASM_EV_START ? 0 : v->kind == CC_ASM_EV_END ? 1 : 2;
            if (k >= c->q->n_families)
              break;
            const cc_layout_family *fam = &c->q->families[k];
            if (v->a > fam->base && v->a - fam->base <= fam->count)
              {
                place *p = &c->numbered[k][v->a - fam->base - 1];
                p->frag = c->cur[s];
                p->off = x->fix;
                if (k == 0)
                  c->last_start[s] = (long) (v->a - fam->base - 1);
              }
            /* An insn of several machine instructions: GCC's length of it
               is no check (it leaves out the int3 of `ret; int3' under
               -mharden-sls, and guesses its stack-protector sequences
               long); each instruction is encoded like any other.  */
            if (k == 2 && c->last_start[s] >= 0)
              c->unchecked[c->last_start[s]] = 1;
            break;
          }
        case CC_ASM_EV_SYMBOL:
          {
            const char *name = cc_asm_filter_name (f, v->at);
            uint32_t h = sym_slot (c, name);
            if (c->sym_name[h] != SIZE_MAX && c->sym_place[h].frag != NONE)
              return cc_xasprintf ("%s is defined twice", name);
            c->sym_name[h] = v->at;
            c->sym_place[h].frag = c->cur[s];
            c->sym_place[h].off = x->fix;
            c->sym_sec[h] = s;
            break;
          }
        case CC_ASM_EV_PREFIX:
          x->fix++;
          c->prefixes[s]++;
          break;
        case CC_ASM_EV_INSN:
          {
            unsigned long kind = v->b & ~(unsigned long) CC_ASM_EV_GCC_DIFFERS;
            c->prefixes[s] = 0;
            if (v->b != CC_X86_NO_BRANCH && c->last_start[s] >= 0)
              c->unchecked[c->last_start[s]] = 1;
            if (kind == CC_X86_NO_BRANCH)
              x->fix += v->a;
            else
              {
                /* Prefixes and opcode fixed; the displacement is the
                   variable part.  */
                x->fix += v->a - 1;
                x->kind = V_JUMP;
                x->jcc = kind == CC_X86_JCC;
                x->name = v->at;
                ends_frag = 1;
              }
            break;
          }
        case CC_ASM_EV_ALIGN:
          x->kind = V_ALIGN;
          x->align = v->a;
          x->max = v->b;
          if (v->a > c->align[s])
            c->align[s] = v->a;
          ends_frag = 1;
          break;
        default:
          return cc_xstrdup ("an event the layout does not know");
        }
      if (ends_frag)
        {
          uint32_t nf = new_frag (c, s);
          c->fr[c->cur[s]].next = nf;
          c->cur[s] = nf;
        }
    }
  for (unsigned s = 0; s < c->n_secs; s++)
    if (c->prefixes[s])
      return cc_xasprintf ("a prefix at the end of %s", cc_asm_filter_section (f, s));
  return NULL;
}

/* Which jumps gas relaxes (tc-i386.c md_estimate_size_before_relax): to
   a label defined in the same section and not weak.  The others are long
   from the start: their displacement is fixed bytes.  Returns NULL or why
   the jumps cannot be followed.  */
static char *
resolve_jumps (ctx *c)
{
  for (uint32_t i = 0; i < c->n; i++)
    {
      frag *x = &c->fr[i];
      if (x->kind != V_JUMP)
        continue;
      const char *target = cc_asm_filter_name (c->f, x->name);
      const char *at = strchr (target, '@');
      if (at)
        {
          /* foo@PLT: gas keeps it long if foo may be preempted (global,
             default visibility) or is weak, relaxes it otherwise
             (tc-i386.c, elf_symbol_resolved_in_segment_p).  GCC writes
             it for the former only (-fPIC, a call or tail call of a
             global function); the latter in this section is not
             followed.  Long, it is no symbol of the text, as below.  */
          char *base = cc_xstrdup (target);
          base[at - target] = 0;
          uint32_t hb = sym_slot (c, base);
          free (base);
          unsigned b = c->sym_name[hb] != SIZE_MAX ? c->sym_bind[hb] : 0;
          if (c->sym_name[hb] != SIZE_MAX && c->sym_place[hb].frag != NONE
              && c->sym_sec[hb] == x->sec
              && !((b & B_WEAK) || ((b & B_GLOBAL) && !(b & B_HIDDEN))))
            return cc_xasprintf ("a jump to %s, defined in its section", target);
        }
      uint32_t h = sym_slot (c, target);
      /* gas would relax a jump to another name of a label like one to
         the label; not followed here.  */
      if (c->sym_name[h] != SIZE_MAX && (c->sym_bind[h] & B_EQUATE))
        return cc_xasprintf ("a jump to %s, a .set name", target);
      if (c->sym_name[h] != SIZE_MAX && c->sym_place[h].frag != NONE
          && !(c->sym_bind[h] & (B_WEAK | B_EQUATE)) && c->sym_sec[h] == x->sec)
        {
          x->target = c->sym_place[h].frag;
          x->target_off = c->sym_place[h].off;
        }
      else
        {
          x->fix += x->jcc ? 5 : 4;
          x->kind = V_NONE;
        }
    }
  return NULL;
}

/* Fill L as the object would read.  */
static void
fill (const ctx *c, cc_layout *l)
{
  const cc_layout_query *q = c->q;
  l->elf64 = 1;
  l->machine = 62;        /* EM_X86_64 */
  l->n_sections = c->n_secs + 1;
  l->sections = cc_xcalloc (c->n_secs + 1, sizeof *l->sections);
  l->sections[0].name = cc_xstrdup ("");
  for (unsigned s = 0; s < c->n_secs; s++)
    {
      cc_layout_section *e = &l->sections[s + 1];
      e->name = cc_xstrdup (cc_asm_filter_section (c->f, s));
      e->type = SHT_PROGBITS_;
      e->flags = SHF_ALLOC_ | SHF_EXECINSTR_;
      e->size = c->size[s];
      e->align = c->align[s];
    }
  l->n_refs = q->n_names;
  l->refs = cc_xcalloc (q->n_names + 1, sizeof *l->refs);
  for (uint32_t i = 0; i < q->n_names; i++)
    {
      uint32_t h = sym_slot (c, q->names[i]);
      if (c->sym_name[h] != SIZE_MAX && c->sym_place[h].frag != NONE)
        {
          l->refs[i].section = c->sym_sec[h] + 1;
          l->refs[i].offset = c->fr[c->sym_place[h].frag].addr + c->sym_place[h].off;
        }
    }
  for (uint32_t k = 0; k < q->n_families; k++)
    {
      l->numbered[k] = cc_xcalloc (q->families[k].count + 1, sizeof *l->numbered[k]);
      for (uint32_t i = 0; i < q->families[k].count; i++)
        {
          const place *p = &c->numbered[k][i];
          if (p->frag == NONE)
            continue;
          l->numbered[k][i].section = c->fr[p->frag].sec + 1;
          l->numbered[k][i].offset = c->fr[p->frag].addr + p->off;
        }
    }
}

char *
cc_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                   unsigned char **unchecked)
{
  memset (l, 0, sizeof *l);
  *unchecked = NULL;
  if (!cc_asm_filter_encodable (f))
    {
      const char *u = cc_asm_filter_unencoded (f);
      return u ? cc_xasprintf ("'%s' is not encoded", u)
               : cc_xstrdup ("a statement in code is not one the layout follows");
    }
  if (q->n_families < 2 || q->n_families > CC_LAYOUT_MAX_FAMILIES)
    return cc_xstrdup ("unexpected query");
  size_t n_ev;
  int decodable;
  const cc_asm_event *ev = cc_asm_filter_event_list (f, &n_ev, &decodable);

  ctx c;
  memset (&c, 0, sizeof c);
  c.f = f;
  c.q = q;
  size_t n_sym = 0;
  for (size_t i = 0; i < n_ev; i++)
    if (ev[i].kind == CC_ASM_EV_SYMBOL || cc_asm_event_is_binding (ev[i].kind))
      n_sym++;
  c.tsize = 16;
  while (c.tsize < 2 * n_sym + 2)
    c.tsize *= 2;
  c.sym_name = cc_xmalloc (c.tsize * sizeof *c.sym_name);
  c.sym_place = cc_xmalloc (c.tsize * sizeof *c.sym_place);
  c.sym_bind = cc_xcalloc (c.tsize, 1);
  c.sym_sec = cc_xmalloc (c.tsize * sizeof *c.sym_sec);
  for (uint32_t i = 0; i < c.tsize; i++)
    c.sym_name[i] = SIZE_MAX;
  for (uint32_t k = 0; k < q->n_families; k++)
    {
      c.numbered[k] = cc_xmalloc ((q->families[k].count + 1) * sizeof *c.numbered[k]);
      for (uint32_t i = 0; i < q->families[k].count; i++)
        c.numbered[k][i].frag = NONE;
    }
  c.unchecked = cc_xcalloc (q->families[0].count + 1, 1);
  unsigned ns = c.n_secs = cc_asm_filter_n_sections (f);
  c.first = cc_xmalloc ((ns + 1) * sizeof *c.first);
  c.cur = cc_xmalloc ((ns + 1) * sizeof *c.cur);
  c.align = cc_xmalloc ((ns + 1) * sizeof *c.align);
  c.prefixes = cc_xcalloc (ns + 1, sizeof *c.prefixes);
  c.last_start = cc_xmalloc ((ns + 1) * sizeof *c.last_start);
  c.size = cc_xcalloc (ns + 1, sizeof *c.size);
  for (unsigned s = 0; s < ns; s++)
    {
      c.first[s] = c.cur[s] = NONE;
      c.align[s] = 1;
      c.last_start[s] = -1;
    }

  char *why = build (&c, ev, n_ev);
  if (!why)
    why = resolve_jumps (&c);
  for (unsigned s = 0; s < ns && !why; s++)
    {
      if (c.first[s] == NONE)
        continue;
      if (relax (&c, c.first[s]) != 0)
        why = cc_xasprintf ("the jumps in %s do not settle", cc_asm_filter_section (f, s));
      else if ((c.size[s] = settle (&c, c.first[s])) == UINT64_MAX)
        why = cc_xasprintf ("relaxing %s ends in a state gas could not",
                            cc_asm_filter_section (f, s));
    }
  if (!why)
    {
      fill (&c, l);
      *unchecked = c.unchecked;
    }
  else
    free (c.unchecked);

  free (c.first);
  free (c.cur);
  free (c.align);
  free (c.prefixes);
  free (c.last_start);
  free (c.size);
  for (uint32_t k = 0; k < CC_LAYOUT_MAX_FAMILIES; k++)
    free (c.numbered[k]);
  free (c.fr);
  free (c.sym_name);
  free (c.sym_place);
  free (c.sym_bind);
  free (c.sym_sec);
  return why;
}
