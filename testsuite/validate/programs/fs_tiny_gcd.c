/* fs_tiny_gcd: Euclid's algorithm as tail recursion, counting coprime pairs.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   At -O0 gcd calls itself (a recursion edge in the call graph); from -O2
   the tail call becomes a backward jump, so the same source yields a
   recursion at one level and a plain loop at another.  Tiny: fits 256 B.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) unsigned
gcd (unsigned a, unsigned b)
{
  if (b == 0)
    return a;
  return gcd (b, a % b);
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned n = 56 + sink;
  int coprime = 0;
  for (unsigned i = 1; i <= n; i++)
    for (unsigned j = 1; j <= n; j++)
      coprime += gcd (i, j) == 1;
  sink = coprime;
  return coprime;
}
