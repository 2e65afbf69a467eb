/* fs_tiny_ring: a single-producer single-consumer ring buffer of 8 slots
   with producer and consumer in one small loop (a pause hint in asm).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Under 256 bytes of code with a branchy loop (full, empty, wrap-around):
   everything fits even the smallest cache, so after warm-up every fetch
   hits regardless of which branches run.  */
#include "../../valgrind/freestanding.h"

/* The spin-wait hint of each target validate.py runs (riscv: a nop, for
   pause needs Zihintpause).  */
#if defined __x86_64__
#define SPIN_HINT "pause"
#elif defined __aarch64__ || defined __arm__
#define SPIN_HINT "yield"
#else
#define SPIN_HINT "nop"
#endif

static unsigned char ring[8];
static unsigned head, tail;

static __attribute__ ((noinline)) int
program (void)
{
  unsigned sum = (unsigned) sink, produced = 0, full = 0, empty = 0;
  for (unsigned t = 0; t < 9000; t++)
    {
      /* Bursty producer: writes on 5 ticks out of 8.  */
      if ((t * 5) % 8 < 5)
        {
          if (head - tail < 8)
            ring[head++ & 7] = (unsigned char) (t * 7 + produced++);
          else
            full++;
        }
      /* Consumer reads on every other tick.  */
      if (t & 1)
        {
          if (head != tail)
            sum = sum * 3 + ring[tail++ & 7];
          else
            {
              empty++;
              __asm__ volatile (SPIN_HINT);   /* spin-wait hint */
            }
        }
    }
  sum += full * 1000 + empty;
  sink = (int) sum;
  return (int) sum;
}
