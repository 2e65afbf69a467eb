/* fs_huge_switch: a loop around a 128-case switch whose cases are all
   different (about 8 KiB of case code at -O2, 11 KiB at -O0), selected
   by pseudo-random data so consecutive iterations land far apart.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The loop body is far larger than small caches and each iteration runs
   only one case: a case's lines are evicted or kept depending on which
   cases ran since, the worst case for a static analysis.  */
#include "../../valgrind/freestanding.h"

static unsigned tab[32];

#define CASE(n)                                                         \
  case n:                                                               \
    a = a * (2u * (n) + 1u) + (b ^ (0x1000193u * (n)));                 \
    b = (b << ((n) % 13 + 1)) | (b >> (31 - (n) % 13));                 \
    tab[((n) * 7) & 31] += a >> ((n) % 9);                              \
    c += tab[((n) + 3) & 31] ^ (n);                                     \
    if (c & (1u << ((n) % 29)))                                         \
      a ^= c;                                                           \
    break;
#define CASE8(n) CASE (n) CASE ((n) + 1) CASE ((n) + 2) CASE ((n) + 3)  \
                 CASE ((n) + 4) CASE ((n) + 5) CASE ((n) + 6) CASE ((n) + 7)

static __attribute__ ((noinline)) unsigned
run (unsigned a, unsigned iterations)
{
  unsigned b = 0x5bd1e995u, c = 0;
  for (unsigned i = 0; i < iterations; i++)
    {
      unsigned sel = (a >> 7) ^ (b >> 3) ^ i;
      switch (sel % 131)
        {
          CASE8 (0)
          CASE8 (8)
          CASE8 (16)
          CASE8 (24)
          CASE8 (32)
          CASE8 (40)
          CASE8 (48)
          CASE8 (56)
          CASE8 (64)
          CASE8 (72)
          CASE8 (80)
          CASE8 (88)
          CASE8 (96)
          CASE8 (104)
          CASE8 (112)
          CASE8 (120)
        default:
          /* 128..130: a rare slow path.  */
          for (unsigned k = 0; k < 32; k++)
            tab[k] ^= a + k;
          break;
        }
    }
  return a ^ b ^ c;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = 1 + (unsigned) sink;
  for (unsigned r = 0; r < 12; r++)
    acc = run (acc + r, 500);
  sink = (int) acc;
  return (int) acc;
}
