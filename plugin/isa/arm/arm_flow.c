/* cachecat: does an ARM instruction run on to the next one (arm_flow.h)?
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/arm/arm_flow.h"

#include <stdint.h>

/* A 16-bit Thumb instruction H.  */
static int
thumb16_runs_on (unsigned h)
{
  if (h < 0x4400)               /* shifts, add/sub, mov/cmp, data processing */
    return 1;
  if (h < 0x4800)
    {
      /* add, cmp, mov of high registers, bx, blx: only cmp, and add and
         mov whose destination (D:Rd) is not the pc, run on.  */
      unsigned op = (h >> 8) & 0x3, rd = ((h >> 4) & 0x8) | (h & 0x7);
      return op == 1 || (op != 3 && rd != 15);
    }
  if (h < 0xb000)               /* ldr literal, loads and stores, adr, add sp */
    return 1;
  if (h < 0xc000)
    {
      /* Miscellaneous: add/sub sp, extends, push, rev, pop without the
         pc, it, nop; not cbz/cbnz, pop {..., pc}, bkpt, cps, other
         hints (wfi, wfe, sev).  */
      unsigned op = (h >> 8) & 0xf;
      switch (op)
        {
        case 0x0: case 0x2: case 0x4: case 0x5: case 0xa: case 0xc:
          return 1;
        case 0xf:
          return (h & 0xf) != 0 || h == 0xbf00 || h == 0xbf10;   /* it; nop, yield */
        default:
          return 0;
        }
    }
  if (h < 0xd000)               /* stm, ldm (the 16-bit ldm cannot load the pc) */
    return 1;
  return 0;                     /* b<c>, udf, svc, b */
}

/* A 32-bit Thumb instruction H1:H2.  */
static int
thumb32_runs_on (unsigned h1, unsigned h2)
{
  /* Data processing, shifted register.  */
  if ((h1 & 0xfe00) == 0xea00)
    return 1;
  /* Data processing, modified or plain immediate (branches and misc
     control share the prefix with bit 15 of H2 set).  */
  if ((h1 & 0xf800) == 0xf000)
    return (h2 & 0x8000) == 0;
  /* Loads and stores of one register: not a load into the pc.  */
  if ((h1 & 0xfe00) == 0xf800)
    return !((h1 & 0x0010) && (h2 >> 12) == 0xf);
  /* Data processing, register; multiply, divide.  */
  if ((h1 & 0xfe00) == 0xfa00 || (h1 & 0xff00) == 0xfb00)
    return 1;
  /* Coprocessor space: the floating-point and SIMD coprocessors (10,
     11) only; others (cp15) may maintain caches.  */
  if ((h1 & 0xec00) == 0xec00)
    {
      unsigned cp = (h2 >> 8) & 0xf;
      return cp == 10 || cp == 11;
    }
  return 0;                     /* ldm/stm, tbb/tbh, ldrex..., branches */
}

int
cc_thumb_runs_on (const unsigned char *b, size_t len)
{
  if (!b || (len != 2 && len != 4))
    return 0;
  unsigned h1 = (unsigned) b[0] | (unsigned) b[1] << 8;
  int wide = (h1 & 0xf800) >= 0xe800;
  if (wide != (len == 4))
    return 0;
  if (!wide)
    return thumb16_runs_on (h1);
  return thumb32_runs_on (h1, (unsigned) b[2] | (unsigned) b[3] << 8);
}

int
cc_a32_runs_on (const unsigned char *b, size_t len)
{
  if (!b || len != 4)
    return 0;
  uint32_t w = (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16
               | (uint32_t) b[3] << 24;
  unsigned cond = w >> 28, op = (w >> 25) & 0x7, rd = (w >> 12) & 0xf;
  if (cond == 0xf)              /* the unconditional space: blx, cps, ... */
    return 0;
  switch (op)
    {
    case 0: case 1:
      /* Data processing, multiply, extra loads and stores, misc: not bx,
         blx, bxj (0x012fff1x..3x), and nothing that writes the pc.  */
      if ((w & 0x0ff000f0) == 0x01200010 || (w & 0x0ff000f0) == 0x01200020
          || (w & 0x0ff000f0) == 0x01200030)
        return 0;
      if ((w & 0x0d900000) == 0x01000000)
        return 0;              /* mrs, msr, bkpt, smc, hints: not plain */
      return rd != 15;
    case 2: case 3:
      /* Loads and stores of one register (and media instructions): not
         a load into the pc.  */
      return !((w & 0x00100000) && rd == 15);
    case 4:
      /* ldm, stm: not an ldm whose list holds the pc.  */
      return !((w & 0x00100000) && (w & 0x8000));
    default:
      return 0;                 /* b, bl, coprocessor, svc */
    }
}
