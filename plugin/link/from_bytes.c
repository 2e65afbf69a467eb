/* cachecat-link: models of the program's code that no record describes,
   read from its bytes (from_bytes.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/from_bytes.h"

#include "link/decoder.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The most instructions one function's model may have.  */
#define MAX_INSNS 200000u
/* The most instructions before an indirect jump read for its table.  */
#define RUN_MAX 24
/* The most entries of a jump table.  */
#define MAX_ENTRIES 4096u

/* A slot an IFUNC's calls jump through, and the functions its resolver
   may put there.  */
typedef struct ifunc_slot
{
  uint64_t slot, resolver;
  int read;                    /* impls known (or found unknowable) */
  uint32_t n_impls;            /* 0 when read: not known */
  uint64_t *impls;
} ifunc_slot;

struct cc_bytes_ctx
{
  const cc_elf_image *img;
  cc_arch arch;
  const cc_isa_target *t;
  const uint64_t *starts;
  uint32_t n_starts;
  cc_decoder *dec[CC_ISA_COUNT];
  char *dec_err[CC_ISA_COUNT];
  ifunc_slot *slots;           /* the program's IRELATIVE relocations */
  uint32_t n_slots;
};

/* ---- Which functions.  */

static int
cmp_sym_addr (const void *a, const void *b)
{
  const cc_elf_symbol *x = a, *y = b;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  /* At one address: a global name before a local one, then by name.  */
  if (x->global != y->global)
    return x->global ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* Is ADDR in one of the N sorted ranges R?  */
static int
in_ranges (const cc_addr_range *r, uint32_t n, uint64_t addr)
{
  uint32_t lo = 0, hi = n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (r[mid].hi < addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && r[lo].lo <= addr && addr <= r[lo].hi;
}

/* The first of the N sorted ranges R that starts above ADDR, or N.  */
static uint32_t
range_above (const cc_addr_range *r, uint32_t n, uint64_t addr)
{
  uint32_t lo = 0, hi = n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (r[mid].lo <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

cc_bytes_func *
cc_bytes_find (const cc_elf_image *img, cc_arch arch, const cc_addr_range *covered,
               uint32_t n_covered, uint32_t *n)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  /* The defined function symbols, the Thumb bit of each kept in
     st_size's place (no longer needed).  */
  uint32_t n_syms = 0;
  cc_elf_symbol *v = cc_xmalloc ((img->n_symbols + 1) * sizeof *v);
  for (uint32_t i = 0; i < img->n_symbols; i++)
    if (img->symbols[i].func && img->symbols[i].defined)
      {
        v[n_syms] = img->symbols[i];
        v[n_syms].size = t && t->thumb_bit ? v[n_syms].value & 1 : 0;
        v[n_syms++].value &= ~(uint64_t) (t && t->thumb_bit ? 1 : 0);
      }
  qsort (v, n_syms, sizeof *v, cmp_sym_addr);
  cc_bytes_func *out = cc_xmalloc ((n_syms + 1) * sizeof *out);
  *n = 0;
  for (uint32_t i = 0; i < n_syms; i++)
    {
      if (!v[i].func || (*n && out[*n - 1].lo == v[i].value)
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

/* ---- Decoding.  */

/* The SIZE bytes at ADDR of the program's allocated data into *V; 0 if
   they are not there.  */
static int
read_entry (const cc_elf_image *img, uint64_t addr, unsigned size, uint64_t *v)
{
  for (uint32_t i = 0; i < img->n_sections; i++)
    {
      const cc_elf_section *s = &img->sections[i];
      if (s->data && addr >= s->addr && addr + size <= s->addr + s->size)
        {
          *v = 0;
          for (unsigned k = 0; k < size; k++)
            *v |= (uint64_t) s->data[addr - s->addr + (img->big_endian ? size - 1 - k : k)]
                  << (8 * k);
          return 1;
        }
    }
  return 0;
}

/* The IRELATIVE relocations of C->img: slots and resolvers.  */
static void
read_slots (cc_bytes_ctx *c)
{
  const cc_elf_image *img = c->img;
  if (!c->t || !c->t->irelative)
    return;
  c->slots = cc_xcalloc (img->n_relocs + 1, sizeof *c->slots);
  for (uint32_t i = 0; i < img->n_relocs; i++)
    if (img->relocs[i].type == c->t->irelative)
      {
        const cc_elf_reloc *r = &img->relocs[i];
        uint64_t resolver = (uint64_t) r->addend;
        if (!r->rela && !read_entry (img, r->offset, img->is64 ? 8 : 4, &resolver))
          continue;
        if (c->t->thumb_bit)
          resolver &= ~(uint64_t) 1;
        c->slots[c->n_slots++] = (ifunc_slot) { .slot = r->offset, .resolver = resolver };
      }
}

cc_bytes_ctx *
cc_bytes_open (const cc_elf_image *img, cc_arch arch, const uint64_t *starts, uint32_t n)
{
  cc_bytes_ctx *c = cc_xcalloc (1, sizeof *c);
  *c = (cc_bytes_ctx) { .img = img, .arch = arch, .t = cc_isa_target_of (arch),
                        .starts = starts, .n_starts = n };
  read_slots (c);
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

static int
is_start (const cc_bytes_ctx *c, uint64_t a)
{
  uint32_t lo = 0, hi = c->n_starts;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (c->starts[mid] < a)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < c->n_starts && c->starts[lo] == a;
}

/* One instruction control reaches.  */
typedef struct dinsn
{
  uint64_t addr, target;       /* target: of a jump, branch or call */
  uint32_t len;
  uint8_t flow;                /* cc_goes */
  uint8_t noreturn;            /* a call after which no code is */
  uint8_t external;            /* a jump or branch to another function */
  uint8_t n_refs;              /* addresses its operands may name that are a
                                  function's start or an IFUNC's slot;
                                  MAX_REFS + 1: more */
  uint32_t ifunc;              /* an indirect jump through an IFUNC's slot:
                                  1 + its index in ctx->slots, else 0 */
  uint32_t table;              /* an indirect jump through a jump table:
                                  1 + its index in walk->tables, else 0 */
  uint64_t refs[4];
} dinsn;

#define MAX_REFS 4

/* The walk over one function's code.  */
typedef struct walk
{
  cc_bytes_ctx *c;
  cc_decoder *dec;
  cc_isa isa;
  const cc_elf_section *s;
  uint64_t lo, limit;
  uint8_t *state;              /* per byte of [lo, limit): 0, START, BODY */
  dinsn *insns;
  uint32_t n, cap;
  uint64_t *todo;
  uint32_t n_todo, cap_todo;
  char *why;
  uint64_t outside;            /* the first address outside its code that
                                  is no function's start it jumps to */
  cc_decoded run[RUN_MAX];     /* the last instructions of the run decoded
                                  now, in order (jump tables) */
  uint32_t n_run;
  uint64_t **tables;           /* per table read: its targets, count first */
  uint32_t n_tables;
} walk;

enum { START = 1, BODY = 2 };

static void
fail (walk *w, char *why)
{
  if (!w->why)
    w->why = why;
  else
    free (why);
}

static void
push (walk *w, uint64_t a)
{
  if (w->n_todo == w->cap_todo)
    {
      w->cap_todo = w->cap_todo ? 2 * w->cap_todo : 64;
      w->todo = cc_xrealloc (w->todo, w->cap_todo * sizeof *w->todo);
    }
  w->todo[w->n_todo++] = a;
}

/* Where a jump or branch of the instruction at A to T goes: 0 into this
   function's code (T queued), 1 to another function's start (a tail
   call), -1 nowhere a model can follow (*w->why set).  */
static int
jump_to (walk *w, uint64_t a, uint64_t t)
{
  if (t >= w->lo && t < w->limit)
    {
      push (w, t);
      return 0;
    }
  if (is_start (w->c, t))
    return 1;
  if (!w->outside)
    w->outside = t;
  fail (w, cc_xasprintf ("its jump at 0x%llx goes to 0x%llx, in no function's code or "
                         "into the middle of another's", (unsigned long long) a,
                         (unsigned long long) t));
  return -1;
}

/* Decode the instruction at A into D; 0, or -1 with *w->why set.  */
static int
decode_at (walk *w, uint64_t a, cc_decoded *d)
{
  if (cc_elf_mapping_at (w->c->img, a) == 'd')
    {
      fail (w, cc_xasprintf ("control runs into data at 0x%llx", (unsigned long long) a));
      return -1;
    }
  int len = cc_decode (w->dec, w->s->data, w->s->addr, w->s->size, a, d);
  if (len <= 0 || a + (uint64_t) len > w->limit)
    {
      fail (w, cc_xasprintf ("objdump's decoder reads no instruction at 0x%llx within "
                             "its code", (unsigned long long) a));
      return -1;
    }
  for (uint64_t k = a + 1; k < a + (uint64_t) len; k++)
    if (w->state[k - w->lo])
      {
        fail (w, cc_xasprintf ("its instructions overlap at 0x%llx", (unsigned long long) k));
        return -1;
      }
  return 0;
}

static int
is_slot (const cc_bytes_ctx *c, uint64_t a)
{
  for (uint32_t k = 0; k < c->n_slots; k++)
    if (c->slots[k].slot == a)
      return 1;
  return 0;
}

/* Note in IN the address A if it is a function's start or a slot.  */
static void
note_ref (const walk *w, dinsn *in, uint64_t a)
{
  if (!is_start (w->c, a) && !is_slot (w->c, a))
    return;
  for (uint32_t k = 0; k < in->n_refs && k < MAX_REFS; k++)
    if (in->refs[k] == a)
      return;
  if (in->n_refs < MAX_REFS)
    in->refs[in->n_refs] = a;
  if (in->n_refs <= MAX_REFS)
    in->n_refs++;
}

/* The addresses the operands of IN (decoded D) may name, as the target's
   own decoder reads them with the instructions around (adrp and add,
   auipc and addi), and as objdump's names them.  */
static void
find_refs (const walk *w, dinsn *in, const cc_decoded *d)
{
  const cc_elf_section *s = w->s;
  const unsigned char *b = s->data + (in->addr - s->addr);
  size_t before = (size_t) (in->addr - s->addr), avail = (size_t) (s->size - before);
  if (d->has_target && in->flow == CC_GOES_NEXT)
    note_ref (w, in, d->target);
  if (w->c->t->operand_refs)
    {
      uint64_t out[3 * 16];
      int n = in->len <= 16 ? w->c->t->operand_refs (b, in->len, in->addr, w->c->img->pie, out)
                            : 0;
      for (int k = 0; k < n; k++)
        note_ref (w, in, out[k]);
      return;
    }
  cc_addr_range r[2];
  int n = cc_isa_refs (w->isa, b, before, avail, in->addr, 0, r);
  for (int k = 0; k < n; k++)
    if (r[k].lo == r[k].hi)
      note_ref (w, in, r[k].lo);
}

/* Record the decoded instruction at A; its flow and target.  */
static dinsn *
add_insn (walk *w, uint64_t a, const cc_decoded *d, const cc_decoded *prev)
{
  if (w->n == w->cap)
    {
      w->cap = w->cap ? 2 * w->cap : 256;
      w->insns = cc_xrealloc (w->insns, w->cap * sizeof *w->insns);
    }
  dinsn *in = &w->insns[w->n++];
  uint64_t t = 0;
  cc_goes f = cc_isa_decoded_flow (w->isa, d, prev, &t);
  *in = (dinsn) { .addr = a, .target = t, .len = (uint32_t) d->length, .flow = (uint8_t) f };
  find_refs (w, in, d);
  w->state[a - w->lo] = START;
  for (uint64_t k = a + 1; k < a + (uint64_t) d->length; k++)
    w->state[k - w->lo] = BODY;
  return in;
}

/* Does control run on to the next instruction after one of flow F?  */
static int
runs_on (cc_goes f)
{
  return f == CC_GOES_NEXT || f == CC_GOES_KERNEL || f == CC_GOES_COND || f == CC_GOES_CALL
         || f == CC_GOES_ICALL || f == CC_GOES_COND_RETURN;
}

static void read_impls (cc_bytes_ctx *c, ifunc_slot *sl);

/* The IFUNC slot (1 + its index) the indirect jump that W read last
   goes through: its operands or those of the up to three instructions
   right before it name the slot (x86-64: jmp *slot(%rip); AArch64: adrp,
   ldr, add, br), and the resolver's possible results are known; else 0.  */
static uint32_t
ifunc_jump (walk *w)
{
  uint32_t last = w->n - 1;
  for (uint32_t back = 0; back < 4 && back <= last; back++)
    {
      const dinsn *p = &w->insns[last - back];
      if (back && p->addr + p->len != w->insns[last - back + 1].addr)
        break;
      for (uint32_t k = 0; k < p->n_refs && k < MAX_REFS; k++)
        for (uint32_t j = 0; j < w->c->n_slots; j++)
          if (w->c->slots[j].slot == p->refs[k])
            {
              read_impls (w->c, &w->c->slots[j]);
              return w->c->slots[j].n_impls ? j + 1 : 0;
            }
    }
  return 0;
}

/* The targets of the jump table the indirect jump W read last reads
   (cc_isa_decoded_table), each queued: 1 + their index in W->tables, or
   0 if no table is read; a target outside the function's code fails it
   (*W->why).  */
static uint32_t
table_jump (walk *w)
{
  cc_jump_table jt;
  if (!cc_isa_decoded_table (w->isa, w->run, w->n_run, &jt) || jt.n > MAX_ENTRIES
      || (jt.size != 1 && jt.size != 2 && jt.size != 4 && jt.size != 8))
    return 0;
  uint64_t *t = cc_xmalloc ((jt.n + 1) * sizeof *t);
  t[0] = jt.n;
  for (uint32_t k = 0; k < jt.n; k++)
    {
      uint64_t v;
      if (!read_entry (w->c->img, jt.table + (uint64_t) k * jt.size, jt.size, &v))
        {
          fail (w, cc_xasprintf ("the jump table at 0x%llx is not in the program's data",
                                 (unsigned long long) jt.table));
          free (t);
          return 0;
        }
      if (jt.is_signed && jt.size < 8 && (v >> (8 * jt.size - 1) & 1))
        v |= ~(uint64_t) 0 << (8 * jt.size);
      v <<= jt.shift;
      t[k + 1] = jt.relative ? jt.base + v : v;
      /* An entry may go to another function's start (a tail call, or
         the cold part of this one: a function of its own); an entry into
         the middle of other code makes that place one (w->outside).  */
      if (t[k + 1] >= w->lo && t[k + 1] < w->limit)
        push (w, t[k + 1]);
      else if (!is_start (w->c, t[k + 1]))
        {
          if (!w->outside)
            w->outside = t[k + 1];
          fail (w, cc_xasprintf ("entry %u of the jump table at 0x%llx goes to 0x%llx, in no "
                                 "function's code or into the middle of another's", k,
                                 (unsigned long long) jt.table, (unsigned long long) t[k + 1]));
          free (t);
          return 0;
        }
    }
  w->tables = cc_xrealloc (w->tables, (w->n_tables + 1) * sizeof *w->tables);
  w->tables[w->n_tables++] = t;
  return w->n_tables;
}

/* What the instruction IN leads to: its target queued or found to be
   another function's; 0, or -1 if the function cannot be followed.  */
static int
follow (walk *w, dinsn *in)
{
  switch ((cc_goes) in->flow)
    {
    case CC_GOES_JUMP:
    case CC_GOES_COND:
      {
        int k = jump_to (w, in->addr, in->target);
        in->external = k == 1;
        return k < 0 ? -1 : 0;
      }
    case CC_GOES_CALL:
      /* Recursion calls the start; a call into the body plays with the
         return address.  */
      if (in->target > w->lo && in->target < w->limit)
        {
          fail (w, cc_xasprintf ("it calls its own code at 0x%llx (a retpoline, or a read "
                                 "of the program counter): its returns may not go back to "
                                 "its callers", (unsigned long long) in->target));
          return -1;
        }
      return 0;
    case CC_GOES_IJUMP:
      if ((in->ifunc = ifunc_jump (w)) != 0)
        return 0;
      if ((in->table = table_jump (w)) != 0)
        return 0;
      if (w->why)
        return -1;
      fail (w, cc_xasprintf ("it jumps through a register at 0x%llx (a table cachecat-link "
                             "does not read)", (unsigned long long) in->addr));
      return -1;
    case CC_GOES_UNKNOWN:
      fail (w, cc_xasprintf ("the instruction at 0x%llx transfers control in a way "
                             "cachecat-link does not follow", (unsigned long long) in->addr));
      return -1;
    default:
      return 0;
    }
}

/* Are the 2 bytes at A (as far as the code goes) zero?  */
static int
zeros (const walk *w, uint64_t a)
{
  const cc_elf_section *s = w->s;
  uint64_t end = a + 2 <= w->limit ? a + 2 : w->limit;
  if (end <= a)
    return 0;
  for (uint64_t k = a; k < end; k++)
    if (s->data[k - s->addr])
      return 0;
  return 1;
}

/* Decode one run of instructions from A on, as far as control runs on.  */
static void
walk_run (walk *w, uint64_t a)
{
  cc_decoded d, prev;
  int have_prev = 0;
  w->n_run = 0;
  while (!w->why && w->n < MAX_INSNS)
    {
      if (a >= w->limit)
        {
          /* Running on into the next function is a tail call of it
             (run_on_exit).  */
          if (!is_start (w->c, w->limit))
            fail (w, cc_xasprintf ("control runs on past its code at 0x%llx",
                                   (unsigned long long) a));
          return;
        }
      if (w->state[a - w->lo] == START)
        return;
      if (w->state[a - w->lo] == BODY)
        {
          fail (w, cc_xasprintf ("control reaches 0x%llx, inside an instruction",
                                 (unsigned long long) a));
          return;
        }
      int after_call = have_prev && w->n
                       && (w->insns[w->n - 1].flow == CC_GOES_CALL
                           || w->insns[w->n - 1].flow == CC_GOES_ICALL)
                       && w->insns[w->n - 1].addr + w->insns[w->n - 1].len == a;
      /* Bytes that are no instruction after a call, or zeros (padding
         after a call of abort, __stack_chk_fail): the call does not
         return.  (Zeros would decode on some targets, but a compiler
         places no code of zeros after a call that returns.)  */
      if (after_call && zeros (w, a))
        {
          w->insns[w->n - 1].noreturn = 1;
          return;
        }
      if (decode_at (w, a, &d) < 0)
        {
          if (after_call)
            {
              free (w->why);
              w->why = NULL;
              w->insns[w->n - 1].noreturn = 1;
            }
          return;
        }
      dinsn *in = add_insn (w, a, &d, have_prev ? &prev : NULL);
      if (w->n_run == RUN_MAX)
        memmove (w->run, w->run + 1, (RUN_MAX - 1) * sizeof *w->run);
      w->run[w->n_run < RUN_MAX ? w->n_run++ : RUN_MAX - 1] = d;
      if (follow (w, in) < 0 || !runs_on ((cc_goes) in->flow))
        return;
      a += in->len;
      prev = d;
      have_prev = 1;
    }
  if (!w->why && w->n >= MAX_INSNS)
    fail (w, cc_xasprintf ("it has more than %u instructions", MAX_INSNS));
}

static int
cmp_dinsn (const void *a, const void *b)
{
  const dinsn *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Decode every instruction control reaches from W->lo.  0, or -1.  */
static int
walk_function (walk *w)
{
  push (w, w->lo);
  while (w->n_todo && !w->why)
    walk_run (w, w->todo[--w->n_todo]);
  if (!w->why)
    qsort (w->insns, w->n, sizeof *w->insns, cmp_dinsn);
  return w->why ? -1 : 0;
}

/* Free what a walk holds.  */
static void
walk_free (walk *w)
{
  free (w->state);
  free (w->insns);
  free (w->todo);
  for (uint32_t k = 0; k < w->n_tables; k++)
    free (w->tables[k]);
  free (w->tables);
}

/* The decoder of ISA, opened once.  */
static cc_decoder *
decoder_of (cc_bytes_ctx *c, cc_isa isa, char **why)
{
  if (!c->dec[isa] && !c->dec_err[isa])
    c->dec[isa] = cc_decoder_open (isa, c->img->big_endian, &c->dec_err[isa]);
  if (!c->dec[isa])
    *why = cc_xstrdup (c->dec_err[isa]);
  return c->dec[isa];
}

/* How the code at A is read: what the mapping symbols say (ARM: A32 or
   Thumb), else what THUMB, the symbol's bit 0, says.  */
static cc_isa
isa_of_code (const cc_bytes_ctx *c, uint64_t a, int thumb)
{
  char k = cc_elf_mapping_at (c->img, a);
  if (!k && thumb)
    k = 't';
  return cc_isa_at_mapping (c->arch, k, c->img->is64);
}

/* Where the code of the function at LO ends: the next function's start
   or the end of its section S.  */
static uint64_t
limit_of (const cc_bytes_ctx *c, const cc_elf_section *s, uint64_t lo)
{
  uint32_t a = 0, b = c->n_starts;
  while (a < b)
    {
      uint32_t mid = a + (b - a) / 2;
      if (c->starts[mid] <= lo)
        a = mid + 1;
      else
        b = mid;
    }
  uint64_t end = s->addr + s->size;
  return a < c->n_starts && c->starts[a] < end ? c->starts[a] : end;
}

/* The functions SL's resolver may return: the function starts its
   instructions name, if it calls and jumps to nothing (a resolver that
   calls could get an address from anywhere): else none (not known).  */
static void
read_impls (cc_bytes_ctx *c, ifunc_slot *sl)
{
  if (sl->read)
    return;
  sl->read = 1;
  const cc_elf_section *s = cc_elf_code_at (c->img, sl->resolver, 1);
  if (!s || !is_start (c, sl->resolver))
    return;
  char *why = NULL;
  walk w = { .c = c, .s = s, .lo = sl->resolver, .limit = limit_of (c, s, sl->resolver) };
  w.isa = isa_of_code (c, w.lo, 0);
  w.dec = decoder_of (c, w.isa, &why);
  free (why);
  if (!w.dec)
    return;
  w.state = cc_xcalloc (w.limit - w.lo + 1, 1);
  int ok = walk_function (&w) == 0;
  uint64_t *impls = cc_xmalloc ((MAX_REFS * w.n + 1) * sizeof *impls);
  uint32_t n = 0;
  for (uint32_t i = 0; ok && i < w.n; i++)
    {
      const dinsn *in = &w.insns[i];
      cc_goes f = (cc_goes) in->flow;
      if (f == CC_GOES_CALL || f == CC_GOES_ICALL || f == CC_GOES_IJUMP || in->external
          || in->n_refs > MAX_REFS)
        ok = 0;
      for (uint32_t k = 0; k < in->n_refs && k < MAX_REFS; k++)
        if (is_start (c, in->refs[k]) && in->refs[k] != sl->resolver)
          impls[n++] = in->refs[k];
    }
  if (ok && n)
    {
      sl->impls = impls;
      sl->n_impls = n;
    }
  else
    free (impls);
  walk_free (&w);
  free (w.why);
}

/* ---- Blocks.  */

/* The index of the instruction at A, which W read.  */
static uint32_t
insn_at (const walk *w, uint64_t a)
{
  dinsn key = { .addr = a };
  const dinsn *t = bsearch (&key, w->insns, w->n, sizeof *w->insns, cmp_dinsn);
  return (uint32_t) (t - w->insns);
}


/* Does the instruction I of W (sorted) end its block?  */
static int
ends_block (const walk *w, uint32_t i)
{
  const dinsn *in = &w->insns[i];
  if (in->flow != CC_GOES_NEXT && in->flow != CC_GOES_KERNEL)
    return 1;
  return i + 1 == w->n || w->insns[i + 1].addr != in->addr + in->len;
}

static int table_exit (const walk *w, const dinsn *in, uint64_t k);

/* Is the instruction I a block's first: the entry, a target, or after
   an instruction that ends one.  */
static uint8_t *
leaders (const walk *w)
{
  uint8_t *lead = cc_xcalloc (w->n + 1, 1);
  lead[0] = 1;
  for (uint32_t i = 0; i < w->n; i++)
    {
      if (ends_block (w, i) && i + 1 < w->n)
        lead[i + 1] = 1;
      const dinsn *in = &w->insns[i];
      if ((in->flow == CC_GOES_JUMP || in->flow == CC_GOES_COND) && !in->external)
        lead[insn_at (w, in->target)] = 1;
      for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
        if (!table_exit (w, in, k))
          lead[insn_at (w, w->tables[in->table - 1][k])] = 1;
    }
  return lead;
}

/* Does control leave instruction I for another function by a branch
   to one (a block of its own then: the branch's block goes on too)?  */
static int
branch_exit (const walk *w, uint32_t i)
{
  return w->insns[i].flow == CC_GOES_COND && w->insns[i].external;
}

/* ... by running on into the next function (a block of its own too)?  */
static int
run_on_exit (const walk *w, uint32_t i)
{
  const dinsn *in = &w->insns[i];
  return runs_on ((cc_goes) in->flow) && !in->noreturn && in->addr + in->len == w->limit;
}

/* The implementations an indirect jump through an IFUNC's slot may go
   to (each a block of its own), or 0.  */
static uint32_t
ifunc_exits (const walk *w, uint32_t i)
{
  uint32_t k = w->insns[i].ifunc;
  return k ? w->c->slots[k - 1].n_impls : 0;
}

/* Is entry K (1-based) of the table of instruction IN another
   function's start?  */
static int
table_exit (const walk *w, const dinsn *in, uint64_t k)
{
  uint64_t t = w->tables[in->table - 1][k];
  return t < w->lo || t >= w->limit;
}

/* The entries of the jump table instruction I reads that go to another
   function (each a block of its own).  */
static uint32_t
table_exits (const walk *w, uint32_t i)
{
  const dinsn *in = &w->insns[i];
  uint32_t n = 0;
  for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
    n += table_exit (w, in, k);
  return n;
}

/* The blocks that leave for another function after instruction I.  */
static uint32_t
exit_blocks (const walk *w, uint32_t i)
{
  return (uint32_t) (branch_exit (w, i) + run_on_exit (w, i)) + ifunc_exits (w, i)
         + table_exits (w, i);
}

static void
add_succ (cc_block *b, uint32_t to)
{
  for (uint32_t k = 0; k < b->n_succs; k++)
    if (b->succs[k] == to)
      return;
  b->succs = cc_xrealloc (b->succs, (b->n_succs + 1) * sizeof *b->succs);
  b->succs[b->n_succs++] = to;
}

/* The edges of the block whose last instruction is I: where its control
   goes (BLOCK_OF: the block of each instruction; CALLS: the address each
   block calls).  */
static void
link_block (const walk *w, cc_func *fn, uint32_t i, const uint32_t *block_of, uint64_t *calls)
{
  const dinsn *in = &w->insns[i];
  uint32_t bi = block_of[i];
  cc_block *b = &fn->blocks[bi];
  /* Where running on goes: the next instruction, or the exit block that
     follows this one (another function's code next).  */
  uint32_t on = CC_NONE;
  if (run_on_exit (w, i))
    on = bi + 1 + (uint32_t) branch_exit (w, i);
  else if (i + 1 < w->n && w->insns[i + 1].addr == in->addr + in->len)
    on = block_of[i + 1];
  cc_goes f = (cc_goes) in->flow;
  if ((f == CC_GOES_JUMP || f == CC_GOES_COND) && !in->external)
    add_succ (b, block_of[insn_at (w, in->target)]);
  for (uint64_t k = 1, e = 0; in->table && k <= w->tables[in->table - 1][0]; k++)
    add_succ (b, table_exit (w, in, k) ? bi + 1 + (uint32_t) e++
                                       : block_of[insn_at (w, w->tables[in->table - 1][k])]);
  if (branch_exit (w, i))
    add_succ (b, bi + 1);
  for (uint32_t e = 0; e < ifunc_exits (w, i); e++)
    add_succ (b, bi + 1 + e);
  if (f == CC_GOES_JUMP && in->external)
    {
      b->call = CC_CALL_DIRECT;
      b->exits = 1;
      calls[bi] = in->target;
    }
  if (f == CC_GOES_CALL || f == CC_GOES_ICALL)
    {
      b->call = f == CC_GOES_CALL ? CC_CALL_DIRECT : CC_CALL_UNKNOWN;
      calls[bi] = f == CC_GOES_CALL ? in->target : 0;
      b->noreturn = in->noreturn;
    }
  if (f == CC_GOES_RETURN || f == CC_GOES_COND_RETURN)
    b->exits = 1;
  if (runs_on (f) && !in->noreturn && on != CC_NONE)
    {
      add_succ (b, on);
      b->fallthru = on;
    }
}

/* Where the exit block E after instruction I goes: the branch's target,
   the next function, or one of the IFUNC's implementations.  */
static uint64_t
exit_target (const walk *w, uint32_t i, uint32_t e)
{
  const dinsn *in = &w->insns[i];
  if (in->ifunc)
    return w->c->slots[in->ifunc - 1].impls[e];
  for (uint64_t k = 1; in->table && k <= w->tables[in->table - 1][0]; k++)
    if (table_exit (w, in, k) && e-- == 0)
      return w->tables[in->table - 1][k];
  return e == 0 && branch_exit (w, i) ? in->target : w->limit;
}

/* The model's insns and blocks of W into FN (code at BASE of section
   SEC); *CALLS per block.  */
static void
build_blocks (const walk *w, cc_func *fn, uint32_t sec, uint64_t base, uint64_t **calls)
{
  (void) sec;
  uint8_t *lead = leaders (w);
  uint32_t n_exit = 0, n_blocks = 0;
  for (uint32_t i = 0; i < w->n; i++)
    {
      n_exit += exit_blocks (w, i);
      n_blocks += lead[i];
    }
  fn->insns = cc_xcalloc (w->n + n_exit + 1, sizeof *fn->insns);
  fn->blocks = cc_xcalloc (n_blocks + n_exit + 1, sizeof *fn->blocks);
  *calls = cc_xcalloc (n_blocks + n_exit + 1, sizeof **calls);
  uint32_t *block_of = cc_xmalloc ((w->n + 1) * sizeof *block_of);
  /* First the insns, an exit block's zero-length insn right after the
     instruction it leaves from, and which block each insn starts.  */
  uint32_t ni = 0, nb = 0;
  for (uint32_t i = 0; i < w->n; i++)
    {
      const dinsn *in = &w->insns[i];
      if (lead[i])
        fn->blocks[nb++] = (cc_block) { .first_insn = ni, .fallthru = CC_NONE };
      block_of[i] = nb - 1;
      fn->blocks[nb - 1].n_insns++;
      fn->insns[ni] = (cc_insn) { .uid = ni, .offset = (uint32_t) (in->addr - base),
                                  .length = in->len, .file = CC_NONE,
                                  .kind = in->flow == CC_GOES_KERNEL ? CC_INSN_ASM
                                                                     : CC_INSN_CODE };
      ni++;
      for (uint32_t e = 0; e < exit_blocks (w, i); e++)
        {
          fn->insns[ni] = (cc_insn) { .uid = ni, .offset = (uint32_t) (in->addr + in->len - base),
                                      .file = CC_NONE, .kind = CC_INSN_PAD,
                                      .fetch = CC_FETCH_NEVER };
          fn->blocks[nb++] = (cc_block) { .first_insn = ni, .n_insns = 1, .fallthru = CC_NONE,
                                          .call = CC_CALL_DIRECT, .exits = 1 };
          (*calls)[nb - 1] = exit_target (w, i, e);
          ni++;
        }
    }
  fn->n_insns = ni;
  fn->n_blocks = nb;
  for (uint32_t i = 0; i < w->n; i++)
    if (ends_block (w, i) || (i + 1 < w->n && lead[i + 1]))
      link_block (w, fn, i, block_of, *calls);
  free (block_of);
  free (lead);
}

/* The instructions W read of a function it could not follow, into FN
   (one block: a broken function's blocks are not analysed).  */
static void
broken_insns (const walk *w, cc_func *fn, uint64_t base)
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
  fn->budget_misses = fn->budget_conflicts = -1;
  walk w = { .c = c, .lo = bf->lo, .limit = bf->limit,
             .s = &c->img->sections[bf->section] };
  w.isa = isa_of_code (c, bf->lo, bf->thumb);
  w.dec = decoder_of (c, w.isa, why);
  if (!w.dec)
    {
      fn->flags |= CC_FUNC_BROKEN;
      return;
    }
  w.state = cc_xcalloc (bf->limit - bf->lo + 1, 1);
  if (walk_function (&w) == 0)
    build_blocks (&w, fn, sec, base, calls);
  else
    {
      /* What was read stays listed, as conflict.  */
      qsort (w.insns, w.n, sizeof *w.insns, cmp_dinsn);
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
  walk_free (&w);
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
