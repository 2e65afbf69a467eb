/* cachecat-link: indirect jumps of code modelled from its bytes:
   through an IFUNC's slot, through a jump table (bytes_impl.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "binary/bytes_impl.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The SIZE bytes at ADDR of the program's allocated data into *V; 0 if
   they are not there.  */
int
bytes_read_entry (const cc_elf_image *img, uint64_t addr, unsigned size, uint64_t *v)
{
  for (uint32_t i = 0; i < img->n_sections; i++)
    {
      const cc_elf_section *s = &img->sections[i];
      if (s->data && addr >= s->addr && addr + size <= s->addr + s->size)
        {
          *v = cc_load_uint (s->data + (addr - s->addr), (int) size, img->big_endian);
          return 1;
        }
    }
  return 0;
}

/* The IRELATIVE relocations of C->img: slots and resolvers.  */
void
bytes_read_slots (cc_bytes_ctx *c)
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
        if (!r->rela && !bytes_read_entry (img, r->offset, img->is64 ? 8 : 4, &resolver))
          continue;
        if (c->t->thumb_bit)
          resolver &= ~(uint64_t) 1;
        c->slots[c->n_slots++] = (bytes_slot) { .slot = r->offset, .resolver = resolver };
      }
}

/* Is A the slot of an IFUNC?  */
int
bytes_is_slot (const cc_bytes_ctx *c, uint64_t a)
{
  for (uint32_t k = 0; k < c->n_slots; k++)
    if (c->slots[k].slot == a)
      return 1;
  return 0;
}

/* The functions SL's resolver may return: the function starts its
   instructions name, if it calls and jumps to nothing (a resolver that
   calls could get an address from anywhere); else none (not known).  */
static void
read_impls (cc_bytes_ctx *c, bytes_slot *sl)
{
  if (sl->read)
    return;
  sl->read = 1;
  const cc_elf_section *s = cc_elf_code_at (c->img, sl->resolver, 1);
  if (!s || !bytes_is_start (c, sl->resolver))
    return;
  char *why = NULL;
  bytes_walk w = { .c = c, .s = s, .lo = sl->resolver,
                   .limit = bytes_limit_of (c, s, sl->resolver) };
  w.isa = bytes_isa_of_code (c, w.lo, 0);
  w.dec = bytes_decoder_of (c, w.isa, &why);
  free (why);
  if (!w.dec)
    return;
  w.state = cc_xcalloc (w.limit - w.lo + 1, 1);
  int ok = bytes_walk_function (&w) == 0;
  uint64_t *impls = cc_xmalloc ((MAX_REFS * w.n + 1) * sizeof *impls);
  uint32_t n = 0;
  for (uint32_t i = 0; ok && i < w.n; i++)
    {
      const bytes_insn *in = &w.insns[i];
      cc_goes f = (cc_goes) in->flow;
      if (f == CC_GOES_CALL || f == CC_GOES_COND_CALL || f == CC_GOES_ICALL
          || f == CC_GOES_IJUMP || in->external
          || in->n_refs > MAX_REFS)
        ok = 0;
      for (uint32_t k = 0; k < in->n_refs && k < MAX_REFS; k++)
        if (bytes_is_start (c, in->refs[k]) && in->refs[k] != sl->resolver)
          impls[n++] = in->refs[k];
    }
  if (ok && n)
    {
      sl->impls = impls;
      sl->n_impls = n;
    }
  else
    free (impls);
  bytes_walk_free (&w);
  free (w.why);
}

/* The IFUNC slot (1 + its index) the indirect jump that W read last
   goes through: its operands or those of the up to three instructions
   right before it name the slot (x86-64: jmp *slot(%rip); AArch64: adrp,
   ldr, add, br), and the resolver's possible results are known; else 0.  */
uint32_t
bytes_ifunc_jump (bytes_walk *w)
{
  uint32_t last = w->n - 1;
  for (uint32_t back = 0; back < 4 && back <= last; back++)
    {
      const bytes_insn *p = &w->insns[last - back];
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
uint32_t
bytes_table_jump (bytes_walk *w)
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
      if (!bytes_read_entry (w->c->img, jt.table + (uint64_t) k * jt.size, jt.size, &v))
        {
          bytes_fail (w, cc_xasprintf ("the jump table at 0x%llx is not in the program's data",
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
        bytes_push (w, t[k + 1]);
      else if (!bytes_is_start (w->c, t[k + 1]))
        {
          if (!w->outside)
            w->outside = t[k + 1];
          bytes_fail (w, cc_xasprintf ("entry %u of the jump table at 0x%llx goes to 0x%llx, "
                                       "in no function's code or into the middle of "
                                       "another's", k, (unsigned long long) jt.table,
                                       (unsigned long long) t[k + 1]));
          free (t);
          return 0;
        }
    }
  w->tables = cc_xrealloc (w->tables, (w->n_tables + 1) * sizeof *w->tables);
  w->tables[w->n_tables++] = t;
  return w->n_tables;
}
