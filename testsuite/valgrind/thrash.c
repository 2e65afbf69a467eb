/* f and g start at the same offset modulo the cache size and are called
   alternately: each evicts the other, so the first fetch of each of their
   lines misses every time.  */
/* cachecat-expect: f+0 always-miss */
/* cachecat-expect: g+0 always-miss */
#include "freestanding.h"

static __attribute__ ((noinline, aligned (4096))) int
f (int x)
{
  return x * 7 + 3;
}

static __attribute__ ((noinline, aligned (4096))) int
g (int x)
{
  return x * 5 - 1;
}

/* Aligned so that its lines stay out of f's and g's lines.  */
static __attribute__ ((noinline, aligned (64))) int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 100; i++)
    acc += f (i) + g (acc);
  sink = acc;
  return acc;
}
