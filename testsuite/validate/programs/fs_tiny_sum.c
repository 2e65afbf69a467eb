/* fs_tiny_sum: a two-level loop around a call to a four-instruction helper.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The whole program is far smaller than 256 bytes, so even the smallest
   cache holds it: after the first pass through each line every fetch must
   hit, and any verdict other than first-miss/always-hit is imprecise.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) unsigned
mix (unsigned a, unsigned b)
{
  return (a ^ b) * 33u + 7u;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = sink;
  for (unsigned i = 0; i < 100; i++)
    for (unsigned j = 0; j < 40; j++)
      acc = mix (acc, i + j);
  sink = acc;
  return acc;
}
