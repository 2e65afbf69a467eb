/* fs_conflict_512: three hot functions 512-byte aligned, called in turn in
   a loop, plus an unaligned helper that lands wherever it lands.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   With caches of 512 bytes or less, or any cache whose way size divides
   512, the three function entries share cache sets and evict each other
   on every call; with larger caches they coexist.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline, aligned (512))) unsigned
stage_a (unsigned x, unsigned k)
{
  for (unsigned i = 0; i < 3; i++)
    x = (x ^ (k + i)) * 0x01000193u;
  return x;
}

static __attribute__ ((noinline, aligned (512))) unsigned
stage_b (unsigned x, unsigned k)
{
  if (x & 1)
    x += k * 5;
  else
    x -= k >> 1;
  return (x << 7) | (x >> 25);
}

static __attribute__ ((noinline, aligned (512))) unsigned
stage_c (unsigned x, unsigned k)
{
  unsigned y = x;
  y ^= y >> 16;
  y *= 0x7feb352du;
  y ^= y >> 15;
  y *= 0x846ca68bu;
  y ^= y >> 16;
  return y + k;
}

static __attribute__ ((noinline)) unsigned
helper (unsigned x)
{
  return x * 3 + 1;
}

static __attribute__ ((noinline, aligned (64))) int
program (void)
{
  unsigned x = (unsigned) sink + 1;
  for (unsigned i = 0; i < 1500; i++)
    {
      x = stage_a (x, i);
      x = stage_b (x, i);
      if ((i & 7) == 0)
        x = helper (x);
      x = stage_c (x, i);
    }
  /* A second phase that only alternates two of them.  */
  for (unsigned i = 0; i < 500; i++)
    x = stage_c (stage_a (x, i), i);
  sink = (int) x;
  return (int) x;
}
