/* cachecat-link: the units' asm statements that are system calls
   (cc_insn.kernel), on the targets whose asm the linker's stubs keep
   cachecat-link from reading with the target's own asm_flow (x86-64's
   plain_asm in whole_program.c does it there).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A statement whose every instruction, as objdump's decoder reads it in
   the program, runs on to the next one or enters the kernel (`svc',
   `ecall'; a semihosting `bkpt 0xab', `ebreak', `hlt') is a system call:
   the kernel or the debugger runs none of the program's code, so the
   bounds need not give up on it (bounds_impl.h).  It stays asm for the
   categories: what it evicts is not known.  */

#include "link/wp_impl.h"

#include "binary/decoder.h"
#include "support/util.h"

#include <stdlib.h>

/* The decoders of the program's instruction sets, opened when needed.  */
typedef struct decoders
{
  cc_decoder *d[CC_ISA_COUNT];
  uint8_t tried[CC_ISA_COUNT];
  int big_endian;
} decoders;

static cc_decoder *
decoder_of (decoders *ds, cc_isa isa)
{
  if (isa >= CC_ISA_COUNT)
    return NULL;
  if (!ds->tried[isa])
    {
      char *err = NULL;
      ds->d[isa] = cc_decoder_open (isa, ds->big_endian, &err);
      ds->tried[isa] = 1;
      free (err);
    }
  return ds->d[isa];
}

/* What the machine instructions of insn I of function FI do to control,
   as the decoder reads their bytes in the program (the first with the
   instruction before it, where that ends where it starts: an IT block):
   CC_GOES_KERNEL if one enters the kernel and the others run on,
   CC_GOES_NEXT if all run on, else something else.  An unsplit insn
   (model.h) may hold several.  */
static cc_goes
asm_goes (const cc_whole_program *wp, const cc_elf_image *img, decoders *ds, uint32_t fi,
          uint32_t i)
{
  const cc_insn *in = &wp->model.funcs[fi].insns[i];
  uint64_t a = wp_insn_addr (wp, fi, i), end = a + in->length;
  const cc_elf_section *s = cc_elf_code_at (img, a, 1);
  cc_isa isa = wp_isa_at (wp, img, a);
  cc_decoder *d = s ? decoder_of (ds, isa) : NULL;
  if (!d)
    return CC_GOES_UNKNOWN;
  const cc_insn *p = i ? &wp->model.funcs[fi].insns[i - 1] : NULL;
  cc_decoded cur, prev;
  int have_prev = p && p->length && p->part == in->part && p->offset + p->length == in->offset
                  && cc_decode (d, s->data, s->addr, s->size, a - p->length, &prev) > 0;
  cc_goes all = CC_GOES_NEXT;
  while (a < end)
    {
      int len = cc_decode (d, s->data, s->addr, s->size, a, &cur);
      if (len <= 0 || a + (uint64_t) len > end)
        return CC_GOES_UNKNOWN;
      uint64_t t = 0;
      cc_goes g = cc_isa_decoded_flow (isa, &cur, have_prev ? &prev : NULL, &t);
      if (g != CC_GOES_NEXT && g != CC_GOES_KERNEL)
        return g;
      if (g == CC_GOES_KERNEL)
        all = g;
      prev = cur;
      have_prev = 1;
      a += (uint64_t) len;
    }
  return all;
}

/* Flag the instructions of function FI's asm statements that are
   system calls.  */
static void
kernel_statements (cc_whole_program *wp, const cc_elf_image *img, decoders *ds, uint32_t fi)
{
  cc_func *fn = &wp->model.funcs[fi];
  for (uint32_t i = 0, j; i < fn->n_insns; i = j)
    {
      j = wp_asm_statement_end (fn, i);
      if (fn->insns[i].kind != CC_INSN_ASM)
        continue;
      int kernel = 0, other = 0;
      for (uint32_t k = i; k < j && !other; k++)
        {
          const cc_insn *in = &fn->insns[k];
          if (in->length == 0)
            continue;
          if (in->rewrite != CC_REWRITE_NONE || in->runs_unknown)
            other = 1;
          else
            {
              cc_goes g = asm_goes (wp, img, ds, fi, k);
              kernel |= g == CC_GOES_KERNEL;
              other |= g != CC_GOES_KERNEL && g != CC_GOES_NEXT;
            }
        }
      for (uint32_t k = i; k < j && kernel && !other; k++)
        fn->insns[k].kernel = 1;
    }
}

void
wp_kernel_asm (cc_whole_program *wp, const cc_elf_image *img)
{
  decoders ds = { .big_endian = img->big_endian };
  for (uint32_t f = 0; f < wp->model.n_funcs; f++)
    if (!(wp->model.funcs[f].flags & (CC_FUNC_BROKEN | CC_FUNC_FROM_BYTES)))
      kernel_statements (wp, img, &ds, f);
  for (uint32_t k = 0; k < CC_ISA_COUNT; k++)
    if (ds.d[k])
      cc_decoder_close (ds.d[k]);
}
