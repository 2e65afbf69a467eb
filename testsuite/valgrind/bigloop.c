/* A loop body larger than the smallest caches (unrolled by macros), around
   a call: lines evict each other inside one iteration.  */
#include "freestanding.h"

static int v[32];

#define STEP(k) v[(k) & 31] = v[((k) + 7) & 31] * 3 + (k) ^ v[((k) + 13) & 31];
#define STEP8(k) STEP (k) STEP (k + 1) STEP (k + 2) STEP (k + 3) \
                 STEP (k + 4) STEP (k + 5) STEP (k + 6) STEP (k + 7)

static __attribute__ ((noinline)) int
mix (int x)
{
  return (x * 2654435761u) >> 7;
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 50; i++)
    {
      STEP8 (0) STEP8 (8) STEP8 (16) STEP8 (24)
      acc += mix (v[i & 31]);
      if (i & 1)
        {
          STEP8 (3) STEP8 (11)
        }
    }
  sink = acc;
  return acc;
}
