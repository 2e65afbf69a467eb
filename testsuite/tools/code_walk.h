/* cachecat test tools: a linked program's code read instruction by
   instruction with objdump's decoder (libopcodes), as cachecat-link
   reads it (binary/decoder.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Shared by ccdecode (the decoders against each other on real programs)
   and ccflow (each target's flow of instructions whose flow is known).
   An address range is decoded linearly; the mapping symbols ($a, $t, $x,
   $d) say which instruction set the bytes from an address on are in, or
   that they are data, which is skipped.  Static functions: each tool is
   one file that includes this once.  */

#ifndef CACHECAT_CODE_WALK_H
#define CACHECAT_CODE_WALK_H

#include "isa/isa.h"
#include "binary/decoder.h"
#include "binary/elf_image.h"
#include "support/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cw_prog
{
  const char *path;
  cc_elf_image img;
  cc_arch arch;
  const cc_isa_target *t;
  cc_decoder *dec[CC_ISA_COUNT];
} cw_prog;

/* One instruction of the walk.  DECODED: libopcodes read it (D holds
   its text, length and target); else it declined the bytes.  */
typedef struct cw_insn
{
  cc_isa isa;
  uint64_t addr;
  const unsigned char *bytes;
  size_t avail;                /* bytes readable from BYTES (to the
                                  section's end) */
  int decoded;
  cc_decoded d;
} cw_insn;

/* Called for each instruction; PREV is the one right before it in the
   same instruction set, or NULL.  Nonzero stops the walk.  */
typedef int (*cw_fn) (void *ctx, const cw_insn *in, const cw_insn *prev);

/* Open PATH; 0, or -1 after a message.  */
static int
cw_open (cw_prog *p, const char *path)
{
  char *err = NULL;
  memset (p, 0, sizeof *p);
  p->path = path;
  if (cc_elf_open (path, &p->img, &err) < 0)
    {
      fprintf (stderr, "%s\n", err);
      free (err);
      return -1;
    }
  p->arch = cc_arch_of_elf_machine (p->img.machine);
  p->t = cc_isa_target_of (p->arch);
  if (!p->t)
    {
      fprintf (stderr, "%s: no target of cachecat reads its machine (%u)\n", path,
               p->img.machine);
      cc_elf_close (&p->img);
      return -1;
    }
  return 0;
}

static void
cw_close (cw_prog *p)
{
  for (int k = 0; k < CC_ISA_COUNT; k++)
    cc_decoder_close (p->dec[k]);
  cc_elf_close (&p->img);
}

/* The decoder of code ISA, opened once; NULL after a message.  */
static cc_decoder *
cw_decoder (cw_prog *p, cc_isa isa)
{
  if (!p->dec[isa])
    {
      char *err = NULL;
      p->dec[isa] = cc_decoder_open (isa, p->img.big_endian, &err);
      if (!p->dec[isa])
        {
          fprintf (stderr, "%s: %s\n", p->path, err);
          free (err);
        }
    }
  return p->dec[isa];
}

/* The first mapping symbol above A, or UINT64_MAX.  */
static uint64_t
cw_next_map (const cw_prog *p, uint64_t a)
{
  uint32_t lo = 0, hi = p->img.n_maps;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (p->img.maps[mid].addr <= a)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < p->img.n_maps ? p->img.maps[lo].addr : UINT64_MAX;
}

/* The instruction set of the bytes at A (THUMB: what a function symbol
   says where no mapping symbol does), or CC_ISA_UNKNOWN for data.  */
static cc_isa
cw_isa_at (const cw_prog *p, uint64_t a, int thumb)
{
  char kind = cc_elf_mapping_at (&p->img, a);
  if (kind == 'd')
    return CC_ISA_UNKNOWN;
  if (kind == 0 && p->t->thumb_bit)
    return cc_isa_of (p->arch, thumb, p->img.is64);
  return cc_isa_at_mapping (p->arch, kind, p->img.is64);
}

/* The alignment of an instruction of ISA: how far a byte string the
   decoders do not read is stepped over.  */
static unsigned
cw_align (const cw_prog *p, cc_isa isa)
{
  for (int k = 0; k < 2; k++)
    if (p->t->isas[k] == isa)
      return p->t->isa_align[k] ? p->t->isa_align[k] : 1;
  return 1;
}

/* Decode [LO, HI) of section S linearly, FN on each instruction.
   Returns the number of instructions, or -1 if a decoder is missing.  */
static long
cw_walk (cw_prog *p, const cc_elf_section *s, uint64_t lo, uint64_t hi, int thumb, cw_fn fn,
         void *ctx)
{
  cw_insn cur[2];
  int k = 0, have_prev = 0;
  long n = 0;
  uint64_t a = lo, end = s->addr + s->size;
  if (hi > end)
    hi = end;
  while (a < hi)
    {
      cc_isa isa = cw_isa_at (p, a, thumb);
      uint64_t seg = cw_next_map (p, a);
      if (seg > hi)
        seg = hi;
      if (isa == CC_ISA_UNKNOWN)
        {
          a = seg;
          have_prev = 0;
          continue;
        }
      cc_decoder *dec = cw_decoder (p, isa);
      if (!dec)
        return -1;
      cw_insn *in = &cur[k];
      *in = (cw_insn) { .isa = isa, .addr = a, .bytes = s->data + (a - s->addr),
                        .avail = (size_t) (end - a) };
      int len = cc_decode (dec, s->data, s->addr, s->size, a, &in->d);
      in->decoded = len > 0;
      if (len > 0 && a + (uint64_t) len > seg)
        break;                 /* runs into data or past the range */
      const cw_insn *prev = have_prev && cur[!k].isa == isa ? &cur[!k] : NULL;
      n++;
      if (fn (ctx, in, prev))
        break;
      if (len <= 0)
        {
          /* Step over what libopcodes does not read: by the hand-written
             decoder's length if it knows one, else one alignment unit
             (x86-64's unit, a byte, would go on inside the bytes).  */
          int h = cc_isa_length (isa, in->bytes, in->avail);
          if (h <= 0 && cw_align (p, isa) == 1)
            break;
          len = h > 0 ? h : (int) cw_align (p, isa);
          have_prev = 0;
        }
      else
        have_prev = 1;
      a += (uint64_t) len;
      k = !k;
    }
  return n;
}

#endif
