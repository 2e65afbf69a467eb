/* cachecat layout: our labels placed without assembling (riscv_layout.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The events of each code section become items: fixed bytes (a run of
   instructions and data, labels inside at an offset), a branch gas
   relaxes, a padded alignment.  The branches' lengths are narrowed down
   to one each (riscv_layout.h), then a walk over the events places every
   label, instruction and padding.  */

#include "layout/riscv/riscv_filter.h"
#include "layout/riscv/riscv_layout.h"
#include "layout/text_layout.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

#define EM_RISCV_ 243
#define NONE UINT32_MAX
/* Rounds before the narrowing gives up (each keeps fewer lengths).  */
#define MAX_ROUNDS 1000
/* How many places an alignment's start may have before a branch across
   it is judged without trying each.  */
#define MAX_TRIED 64

enum { I_FIX, I_BRANCH, I_ALIGN };

typedef struct item
{
  unsigned char kind;
  unsigned char jump;       /* BRANCH: a jump, else conditional */
  unsigned char rvc;        /* BRANCH: compressed at first (c.beqz, c.j) */
  unsigned char lo, hi;     /* BRANCH: the lengths it may still have */
  uint32_t target;          /* BRANCH: the item of its label, NONE if gas
                               does not relax it by distance */
  uint64_t target_off;      /*   the label's offset in that item */
  uint64_t target_fo;       /*   and in gas's fragment, at most */
  uint64_t len;             /* FIX: its bytes; ALIGN: the boundary */
  uint64_t max;             /* ALIGN: the most it may skip, 0: any */
  size_t name;              /* BRANCH: its label's name (the filter's) */
} item;

/* Where an item starts as the narrowing goes: at the least and the
   most, and the bytes before it with each branch at its least and most
   (alignments counting none), and the alignments before it.  */
typedef struct pos
{
  uint64_t alo, ahi, plo, phi;
  uint32_t aligns;
} pos;

typedef struct sect
{
  item *it;
  size_t n, cap;
  int odd;                  /* data of an odd size: addresses of any parity */
  uint64_t fo;              /* while building: the bytes since gas's
                               fragment began, at most (riscv_layout.h) */
  pos *at;                  /* per item, and one past the last */
} sect;

/* A symbol defined in code: where, and what the text says of it.  */
typedef struct sym
{
  size_t name;              /* the filter's, SIZE_MAX: an empty slot */
  uint32_t section, item;   /* NONE: not defined in code */
  uint64_t off, fo;         /* its offset in the item, and in gas's fragment */
  unsigned char weak, equate;
} sym;

typedef struct ctx
{
  const cc_asm_filter *f;
  sect *sec;
  unsigned ns;
  sym *syms;
  uint32_t tsize;           /* a power of two */
  uint32_t nsyms;
} ctx;

static sym *
sym_slot (ctx *c, const char *name)
{
  if (2 * (c->nsyms + 1) > c->tsize)
    {
      uint32_t size = c->tsize ? 2 * c->tsize : 1024;
      sym *t = cc_xmalloc (size * sizeof *t);
      for (uint32_t i = 0; i < size; i++)
        t[i].name = SIZE_MAX;
      for (uint32_t i = 0; i < c->tsize; i++)
        if (c->syms[i].name != SIZE_MAX)
          {
            uint32_t h = cc_name_hash (cc_asm_filter_name (c->f, c->syms[i].name)) & (size - 1);
            while (t[h].name != SIZE_MAX)
              h = (h + 1) & (size - 1);
            t[h] = c->syms[i];
          }
      free (c->syms);
      c->syms = t;
      c->tsize = size;
    }
  uint32_t h = cc_name_hash (name) & (c->tsize - 1);
  while (c->syms[h].name != SIZE_MAX
         && strcmp (cc_asm_filter_name (c->f, c->syms[h].name), name) != 0)
    h = (h + 1) & (c->tsize - 1);
  return &c->syms[h];
}

/* The symbol of name AT (the filter's), made if new.  */
static sym *
sym_of (ctx *c, size_t at)
{
  sym *s = sym_slot (c, cc_asm_filter_name (c->f, at));
  if (s->name == SIZE_MAX)
    {
      memset (s, 0, sizeof *s);
      s->name = at;
      s->section = s->item = NONE;
      c->nsyms++;
    }
  return s;
}

static item *
push (sect *s, unsigned char kind)
{
  s->it = cc_grow (s->it, &s->cap, s->n + 1, sizeof *s->it, 256);
  item *x = &s->it[s->n++];
  memset (x, 0, sizeof *x);
  x->kind = kind;
  x->target = NONE;
  return x;
}

/* The fixed bytes being added to in S (a new run after a branch or an
   alignment).  */
static item *
fix (sect *s)
{
  return s->n && s->it[s->n - 1].kind == I_FIX ? &s->it[s->n - 1] : push (s, I_FIX);
}

/* The items of every section and the symbols, from the events.  */
static char *
build (ctx *c, const cc_asm_event *ev, size_t n_ev)
{
  for (size_t i = 0; i < n_ev; i++)
    {
      const cc_asm_event *v = &ev[i];
      if (v->kind == CC_ASM_EV_NONE)
        continue;
      if (cc_asm_event_is_binding (v->kind))
        {
          sym *y = sym_of (c, v->at);
          y->weak |= v->kind == CC_ASM_EV_WEAK;
          y->equate |= v->kind == CC_ASM_EV_EQUATE;
          continue;
        }
      if (v->section >= c->ns)
        return cc_xstrdup ("an event outside the code sections");
      sect *s = &c->sec[v->section];
      switch (v->kind)
        {
        case CC_ASM_EV_SYMBOL:
          {
            item *x = fix (s);
            sym *y = sym_of (c, v->at);
            if (y->section != NONE)
              return cc_xasprintf ("%s is defined twice", cc_asm_filter_name (c->f, v->at));
            y->section = v->section;
            y->item = (uint32_t) (x - s->it);
            y->off = x->len;
            y->fo = s->fo;
            break;
          }
        case CC_ASM_EV_START:
        case CC_ASM_EV_END:
        case CC_ASM_EV_MSTART:
          fix (s);
          break;
        case CC_ASM_EV_INSN:
          if (v->b & (CC_ASM_EV_RV_BRANCH | CC_ASM_EV_RV_JUMP))
            {
              item *x = push (s, I_BRANCH);
              x->jump = (v->b & CC_ASM_EV_RV_JUMP) != 0;
              x->rvc = v->a == 2;
              x->name = v->at;
              s->fo = 0;        /* frag_var ends the fragment */
              break;
            }
          /* Fall through.  */
        case CC_ASM_EV_DATA:
          fix (s)->len += v->a;
          s->odd |= (v->a & 1) != 0;
          s->fo = v->b & CC_ASM_EV_RV_FRAG_END ? 0 : s->fo + v->a;
          break;
        case CC_ASM_EV_ALIGN:
          {
            item *x = push (s, I_ALIGN);
            x->len = v->a;
            x->max = v->b;
            s->fo = 0;
            break;
          }
        case CC_ASM_EV_ALIGN_RECORD:
          break;
        default:
          return cc_xstrdup ("an event the layout does not know");
        }
    }
  return NULL;
}

/* The lengths each branch may have: all of its relaxations if gas relaxes
   it by distance (a label in its own section, not weak), else the one
   relaxed_branch_length gives without a distance.  */
static char *
resolve (ctx *c)
{
  for (unsigned si = 0; si < c->ns; si++)
    {
      sect *s = &c->sec[si];
      for (size_t i = 0; i < s->n; i++)
        {
          item *x = &s->it[i];
          if (x->kind != I_BRANCH)
            continue;
          sym *y = sym_of (c, x->name);
          if (y->equate)
            return cc_xasprintf ("a branch to %s, another name of a symbol",
                                 cc_asm_filter_name (c->f, x->name));
          if (y->section == si && !y->weak)
            {
              x->target = y->item;
              x->target_off = y->off;
              x->target_fo = y->fo;
              x->lo = x->rvc ? 2 : 4;
              x->hi = x->jump ? 4 : x->rvc ? 6 : 8;
            }
          else
            x->lo = x->hi = x->jump ? 4 : 8;
        }
    }
  return NULL;
}

/* relaxed_branch_length: the length of branch X at distance D (its
   label's address less its own).  */
static unsigned
length_at (const item *x, int64_t d)
{
  if (x->jump)
    return x->rvc && d >= -2048 && d < 2048 ? 2 : 4;
  if (x->rvc && d >= -256 && d < 256)
    return 2;
  if (d >= -4096 && d < 4096)
    return 4;
  return x->rvc ? 6 : 8;
}

/* Where an alignment to ALIGN (skipping at most MAX) leaves a start in
   [*LO, *HI]: a range that holds it.  */
static void
align_range (uint64_t align, uint64_t max, uint64_t *lo, uint64_t *hi)
{
  if (*lo == *hi || !max)
    *lo += cc_align_pad (*lo, align, max);
  *hi += cc_align_pad (*hi, align, 0);
}

/* Item X's length in [*LO, *HI] at a start in that range.  */
static void
advance (const item *x, uint64_t *lo, uint64_t *hi)
{
  if (x->kind == I_FIX)
    {
      *lo += x->len;
      *hi += x->len;
    }
  else if (x->kind == I_BRANCH)
    {
      *lo += x->lo;
      *hi += x->hi;
    }
  else
    align_range (x->len, x->max, lo, hi);
}

/* The ranges of S's items for the lengths its branches may still have.  */
static void
ranges (sect *s)
{
  uint64_t alo = 0, ahi = 0, plo = 0, phi = 0;
  uint32_t aligns = 0;
  for (size_t i = 0; i <= s->n; i++)
    {
      s->at[i] = (pos) { alo, ahi, plo, phi, aligns };
      if (i == s->n)
        break;
      const item *x = &s->it[i];
      advance (x, &alo, &ahi);
      if (x->kind == I_FIX)
        {
          plo += x->len;
          phi += x->len;
        }
      else if (x->kind == I_BRANCH)
        {
          plo += x->lo;
          phi += x->hi;
        }
      else
        aligns++;
    }
}

/* The distances branch B (item IB of S) may have to its label: [*DMIN,
   *DMAX].  */
static void
distances (const sect *s, size_t ib, int64_t *dmin, int64_t *dmax)
{
  const item *b = &s->it[ib];
  size_t it = b->target, from = ib < it ? ib : it, to = ib < it ? it : ib;
  int64_t off = (int64_t) b->target_off;
  const pos *at = s->at;
  if (at[to].aligns == at[from + 1].aligns)
    {
      /* No alignment between: the bytes between only.  */
      int64_t lo = (int64_t) (at[to].plo - at[from].plo);
      int64_t hi = (int64_t) (at[to].phi - at[from].phi);
      *dmin = ib < it ? lo + off : off - hi;
      *dmax = ib < it ? hi + off : off - lo;
      return;
    }
  /* Across an alignment: from each place the earlier end may start at,
     or, if there are too many, from all of them at once.  */
  uint64_t step = s->odd ? 1 : 2;
  uint64_t first = at[from].alo, last = at[from].ahi;
  if (last - first > MAX_TRIED * step)
    {
      *dmin = (int64_t) (at[it].alo + b->target_off) - (int64_t) at[ib].ahi;
      *dmax = (int64_t) (at[it].ahi + b->target_off) - (int64_t) at[ib].alo;
      return;
    }
  *dmin = INT64_MAX;
  *dmax = INT64_MIN;
  for (uint64_t x0 = first; x0 <= last; x0 += step)
    {
      uint64_t lo = x0, hi = x0;
      for (size_t k = from; k < to; k++)
        advance (&s->it[k], &lo, &hi);
      /* Forward: the label at [lo, hi] + off; backward: the branch.  */
      int64_t a = ib < it ? (int64_t) (lo + b->target_off - x0) : (int64_t) (x0 + b->target_off - hi);
      int64_t z = ib < it ? (int64_t) (hi + b->target_off - x0) : (int64_t) (x0 + b->target_off - lo);
      if (a < *dmin)
        *dmin = a;
      if (z > *dmax)
        *dmax = z;
    }
}

/* The first guess of gas's relax_segment, its first call on the
   section: addresses in order, a branch's length at the distance to its
   label where the label is behind it; a label ahead lies in a fragment
   whose address is still 0, so at its offset in that fragment, which is
   at most TARGET_FO (gas may have begun a fragment of its own after the
   last one known here, when its memory ran out: frags.c frag_grow).
   Where that leaves two lengths, bit K of CHOICES (K counting such
   branches) picks the longer; *USED gets how many bits it took.  Then the
   passes of relax_segment with riscv_relax_frag: each item moves by what
   those before it grew in this pass, a branch takes the length at the
   distance to its label where the label is now if behind it, where it
   was in the last pass if ahead, until a pass changes nothing.  LEN gets
   the branches' lengths, A the items' addresses.  Returns 0, or -1 if a
   first guess may be one of three lengths or the passes do not
   settle.  */
static int
passes (const sect *s, unsigned choices, unsigned *used, unsigned char *len, uint64_t *a)
{
  uint64_t addr = 0;
  *used = 0;
  for (size_t i = 0; i < s->n; i++)
    {
      const item *x = &s->it[i];
      a[i] = addr;
      if (x->kind == I_FIX)
        addr += x->len;
      else if (x->kind == I_ALIGN)
        addr += cc_align_pad (addr, x->len, x->max);
      else if (x->target == NONE)
        addr += len[i] = x->lo;
      else if (x->target < i)
        addr += len[i] = (unsigned char) length_at (x, (int64_t) (a[x->target] + x->target_off - addr));
      else
        {
          int64_t dlo = -(int64_t) addr, dhi = (int64_t) x->target_fo - (int64_t) addr;
          unsigned near = length_at (x, dlo > 0 ? dlo : dhi < 0 ? dhi : 0);
          unsigned l1 = length_at (x, dlo), l2 = length_at (x, dhi);
          unsigned far = l1 > l2 ? l1 : l2;
          /* Every length between is possible: 2, 4 and 6 is one too many.  */
          if (near == 2 && far == 6)
            return -1;
          unsigned pick = near;
          if (near != far && (*used)++ < 16 && (choices >> (*used - 1)) & 1)
            pick = far;
          addr += len[i] = (unsigned char) pick;
        }
    }
  for (int pass = 0; pass < MAX_ROUNDS; pass++)
    {
      /* What the items so far grew by in this pass, and whether any
         changed (one may grow as another shrinks).  */
      int64_t stretch = 0;
      int moved = 0;
      for (size_t i = 0; i < s->n; i++)
        {
          const item *x = &s->it[i];
          uint64_t was = a[i];
          a[i] += (uint64_t) stretch;
          int64_t grew = 0;
          if (x->kind == I_ALIGN)
            grew = (int64_t) cc_align_pad (a[i], x->len, x->max)
                   - (int64_t) cc_align_pad (was, x->len, x->max);
          else if (x->kind == I_BRANCH && x->target != NONE)
            {
              unsigned l = length_at (x, (int64_t) (a[x->target] + x->target_off - a[i]));
              grew = (int64_t) l - len[i];
              len[i] = (unsigned char) l;
            }
          moved |= grew != 0;
          stretch += grew;
        }
      if (!moved)
        return 0;
    }
  return -1;
}

/* Where narrowing leaves a branch more than one length, several fixed
   points may exist and gas ends in one its passes lead to: follow them
   (passes) for each first guess gas may have made.  NULL if all end in
   the same lengths (then each branch has just that one), else why not.  */
#define MAX_CHOICES 10
/* ... and at most this many items followed through all of them.  */
#define MAX_FOLLOWED (1ul << 26)
static char *
follow_gas (ctx *c, unsigned si)
{
  sect *s = &c->sec[si];
  unsigned char *len = cc_xcalloc (s->n + 1, 1), *first = cc_xcalloc (s->n + 1, 1);
  uint64_t *a = cc_xmalloc ((s->n + 1) * sizeof *a);
  char *why = NULL;
  unsigned most = 0;
  for (unsigned choices = 0; !why && (choices == 0 || choices < (1u << most)); choices++)
    {
      unsigned used;
      if (passes (s, choices, &used, len, a) < 0)
        why = cc_xasprintf ("gas's first guess of the branches of %s is not known",
                            cc_asm_filter_section (c->f, si));
      else if (used > MAX_CHOICES || ((unsigned long) s->n << used) > MAX_FOLLOWED)
        why = cc_xasprintf ("too many of gas's first guesses of the branches of %s are not known",
                            cc_asm_filter_section (c->f, si));
      else if (choices == 0)
        memcpy (first, len, s->n);
      else if (memcmp (first, len, s->n) != 0)
        why = cc_xasprintf ("the lengths of the branches of %s depend on gas's first guess",
                            cc_asm_filter_section (c->f, si));
      if (used > most)
        most = used;
    }
  /* What the passes end in is a fixed point, so within what narrowing
     left; if not, the model here is not gas's.  */
  for (size_t i = 0; i < s->n && !why; i++)
    {
      item *x = &s->it[i];
      if (x->kind != I_BRANCH)
        continue;
      if (first[i] < x->lo || first[i] > x->hi
          || (x->target != NONE
              && length_at (x, (int64_t) (a[x->target] + x->target_off - a[i])) != first[i]))
        why = cc_xasprintf ("the branch to %s does not settle as narrowed",
                            cc_asm_filter_name (c->f, x->name));
      else
        x->lo = x->hi = first[i];
    }
  free (len);
  free (first);
  free (a);
  return why;
}

/* Narrow S's branches down (riscv_layout.h): NULL, or why one length is
   not left for each.  */
static char *
narrow (ctx *c, unsigned si)
{
  sect *s = &c->sec[si];
  s->at = cc_xmalloc ((s->n + 1) * sizeof *s->at);
  for (int round = 0; round < MAX_ROUNDS; round++)
    {
      ranges (s);
      int changed = 0;
      for (size_t i = 0; i < s->n; i++)
        {
          item *x = &s->it[i];
          if (x->kind != I_BRANCH || x->lo == x->hi)
            continue;
          int64_t dmin, dmax;
          distances (s, i, &dmin, &dmax);
          /* The length grows with the distance from 0 either way.  */
          int64_t near = dmin > 0 ? dmin : dmax < 0 ? dmax : 0;
          unsigned lo = length_at (x, near);
          unsigned hi = length_at (x, dmin);
          if (length_at (x, dmax) > hi)
            hi = length_at (x, dmax);
          if (lo > x->lo)
            x->lo = (unsigned char) lo, changed = 1;
          if (hi < x->hi)
            x->hi = (unsigned char) hi, changed = 1;
          if (x->lo > x->hi)
            return cc_xasprintf ("no length fits the branch to %s",
                                 cc_asm_filter_name (c->f, x->name));
        }
      if (!changed)
        {
          for (size_t i = 0; i < s->n; i++)
            if (s->it[i].kind == I_BRANCH && s->it[i].lo != s->it[i].hi)
              return follow_gas (c, si);
          return NULL;
        }
    }
  return cc_xasprintf ("the branches of %s do not settle", cc_asm_filter_section (c->f, si));
}

/* The machine instructions of a branch of length LEN: the compressed
   branch or jump, the 4-byte one, or one inverted over a jal
   (md_convert_frag_branch); none runs on.  */
static void
branch_minsns (const item *x, unsigned len, unsigned char *lens, unsigned *n)
{
  *n = 0;
  if (len == 6 || len == 8)
    {
      lens[(*n)++] = (unsigned char) (len - 4);
      lens[(*n)++] = 4;
    }
  else
    lens[(*n)++] = (unsigned char) len;
  (void) x;
}

typedef struct out
{
  size_t fills_cap, minsns_cap;
} out;

static void
add_minsn (cc_layout *l, out *o, uint32_t s, uint64_t at, unsigned len, int runs_on)
{
  l->minsns = cc_grow (l->minsns, &o->minsns_cap, l->n_minsns + 1, sizeof *l->minsns, 1024);
  l->minsns[l->n_minsns++] = (cc_layout_minsn) { s, at, (uint8_t) len, (uint8_t) runs_on };
}

/* PAD bytes of padding at AT of ELF section S (riscv_handle_align): if
   AT is even, a c.nop for a remainder of 2 and nops, all no-ops.  */
static void
padding (cc_layout *l, out *o, uint32_t s, uint64_t at, uint64_t pad)
{
  if (!pad || at % 2)
    return;
  cc_layout_add_fill (l, &o->fills_cap, s, at, at + pad);
  uint64_t k = 0;
  if (pad % 4 == 2)
    add_minsn (l, o, s, at, 2, 1), k = 2;
  for (; k < pad; k += 4)
    add_minsn (l, o, s, at + k, 4, 1);
}

/* Place everything: the labels of Q into L, the sections' sizes into
   SIZE and alignments into ALIGN.  */
static char *
place (ctx *c, cc_layout *l, const cc_layout_query *q, const cc_asm_event *ev, size_t n_ev,
       uint64_t *size, uint64_t *align)
{
  cc_names names;
  cc_names_build (&names, q);
  out o = { 0, 0 };
  size_t *next = cc_xcalloc (c->ns + 1, sizeof *next);   /* per section: its next item */
  char *why = NULL;
  for (size_t i = 0; i < n_ev && !why; i++)
    {
      const cc_asm_event *v = &ev[i];
      if (v->kind == CC_ASM_EV_NONE || cc_asm_event_is_binding (v->kind))
        continue;
      unsigned si = v->section;
      sect *s = &c->sec[si];
      uint64_t *at = &size[si];
      cc_layout_ref here = { si + 1, *at };
      switch (v->kind)
        {
        case CC_ASM_EV_INSN:
          if (*at % 2)
            {
              why = cc_xasprintf ("an instruction at %s+%llu, an odd offset",
                                  cc_asm_filter_section (c->f, si), (unsigned long long) *at);
              break;
            }
          if (v->b & (CC_ASM_EV_RV_BRANCH | CC_ASM_EV_RV_JUMP))
            {
              while (s->it[next[si]].kind != I_BRANCH)
                next[si]++;
              const item *x = &s->it[next[si]++];
              unsigned char lens[2];
              unsigned n;
              branch_minsns (x, x->lo, lens, &n);
              for (unsigned k = 0; k < n; k++)
                {
                  add_minsn (l, &o, si + 1, *at, lens[k], 0);
                  *at += lens[k];
                }
              break;
            }
          add_minsn (l, &o, si + 1, *at, (unsigned) v->a, (v->b & CC_ASM_EV_RV_RUNS_ON) != 0);
          if (v->b & CC_ASM_EV_RV_NOP)
            cc_layout_add_fill (l, &o.fills_cap, si + 1, *at, *at + v->a);
          *at += v->a;
          break;
        case CC_ASM_EV_DATA:
          *at += v->a;
          break;
        case CC_ASM_EV_ALIGN:
        case CC_ASM_EV_ALIGN_RECORD:
          if (v->kind == CC_ASM_EV_ALIGN)
            {
              uint64_t p = cc_align_pad (*at, v->a, v->b);
              padding (l, &o, si + 1, *at, p);
              *at += p;
            }
          if (v->a > align[si])
            align[si] = v->a;
          break;
        default:
          why = cc_layout_computed_label (l, q, &names, c->f, v, here);
          break;
        }
    }
  /* Each code section ends padded to its alignment (write.c
     subsegs_finish_section, SUB_SEGMENT_ALIGN).  */
  for (unsigned si = 0; si < c->ns && !why; si++)
    {
      uint64_t p = cc_align_pad (size[si], align[si], 0);
      padding (l, &o, si + 1, size[si], p);
      size[si] += p;
    }
  free (next);
  cc_names_free (&names);
  return why;
}

/* machine.c looks the instructions up by section and offset: L's in
   section order, each section's in the order of the text, which is its
   offsets' (N_SECTIONS of them, numbered from 1).  */
static void
by_section (cc_layout *l, unsigned n_sections)
{
  size_t *start = cc_xcalloc (n_sections + 2, sizeof *start);
  for (uint32_t k = 0; k < l->n_minsns; k++)
    start[l->minsns[k].section + 1]++;
  for (unsigned si = 1; si <= n_sections + 1; si++)
    start[si] += start[si - 1];
  cc_layout_minsn *sorted = cc_xmalloc ((l->n_minsns + 1) * sizeof *sorted);
  for (uint32_t k = 0; k < l->n_minsns; k++)
    sorted[start[l->minsns[k].section]++] = l->minsns[k];
  free (l->minsns);
  l->minsns = sorted;
  free (start);
}

char *
cc_riscv_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                         unsigned text_align)
{
  char *why = cc_layout_computed_begin (l, q, f, cc_asm_filter_riscv_xlen (f) == 64, EM_RISCV_);
  if (why)
    return why;
  l->minsns_listed = 1;
  unsigned ns = cc_asm_filter_n_sections (f);
  ctx c = { .f = f, .sec = cc_xcalloc (ns + 1, sizeof *c.sec), .ns = ns };
  size_t n_ev;
  int decodable;
  const cc_asm_event *ev = cc_asm_filter_event_list (f, &n_ev, &decodable);
  why = build (&c, ev, n_ev);
  if (!why)
    why = resolve (&c);
  for (unsigned si = 0; si < c.ns && !why; si++)
    why = narrow (&c, si);
  uint64_t *size = cc_xcalloc (c.ns + 1, sizeof *size), *align = cc_xcalloc (c.ns + 1, sizeof *align);
  for (unsigned si = 0; si < c.ns; si++)
    align[si] = strcmp (cc_asm_filter_section (f, si), ".text") == 0 ? text_align : 1;
  if (!why)
    why = place (&c, l, q, ev, n_ev, size, align);
  by_section (l, c.ns);
  cc_layout_computed_sections (l, f, size, align);
  free (size);
  free (align);
  for (unsigned si = 0; si < c.ns; si++)
    {
      free (c.sec[si].it);
      free (c.sec[si].at);
    }
  free (c.sec);
  free (c.syms);
  return why;
}
