/* fs_large_code: seven large functions (macro-expanded, 2-4 KiB each at
   -O2, about 20 KiB in all, 28 KiB at -O0) called in a rotating order,
   some twice in a row.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The working set exceeds even a 16 KiB cache at every level: which
   functions survive between calls depends on cache size and layout, the
   case where the analysis finds it hardest to stay precise.  */
#include "../../valgrind/freestanding.h"

static const unsigned char sbox[64] = {
  41, 7, 19, 60, 2, 33, 51, 14, 27, 58, 5, 46, 12, 39, 63, 22,
  0, 35, 48, 9, 56, 17, 30, 43, 11, 62, 25, 38, 53, 4, 20, 45,
  31, 16, 59, 6, 42, 13, 28, 50, 1, 37, 23, 55, 8, 61, 34, 18,
  47, 26, 3, 57, 36, 10, 52, 21, 44, 15, 40, 29, 49, 24, 32, 54
};

/* Three step shapes: arithmetic, table lookup, conditional.  */
#define SA(s, i)                                                        \
  x = (x ^ ((s) * 0x45d9f3bu + (i))) * (2u * (i) + 3u + (s));            \
  y += x >> (((i) + (s)) % 17 + 1);
#define SB(s, i)                                                        \
  y ^= (unsigned) sbox[(x + (i) * 5 + (s)) & 63] << (((i) * 3) % 24);    \
  x += y + 0x9e37u * ((i) + 1);
#define SC(s, i)                                                        \
  if (y & (1u << (((i) * 7 + (s)) % 32)))                               \
    x ^= y * ((s) + 5u);                                                \
  else                                                                  \
    y -= x >> 3;
#define S3(s, i) SA (s, i) SB (s, (i) + 1) SC (s, (i) + 2)
#define S12(s, i) S3 (s, i) S3 (s, (i) + 3) S3 (s, (i) + 6) S3 (s, (i) + 9)
#define S36(s, i) S12 (s, i) S12 (s, (i) + 12) S12 (s, (i) + 24)

#define BIG(name, s, steps)                                             \
  static __attribute__ ((noinline)) unsigned                            \
  name (unsigned x, unsigned y)                                         \
  {                                                                     \
    steps                                                               \
    return x ^ y;                                                       \
  }

BIG (big0, 1, S36 (1, 0) S36 (1, 36) S36 (1, 72))
BIG (big1, 2, S36 (2, 0) S36 (2, 36) S36 (2, 72) S12 (2, 108))
BIG (big2, 3, S36 (3, 0) S36 (3, 36) S36 (3, 72))
BIG (big3, 4, S36 (4, 0) S36 (4, 36) S12 (4, 72) S12 (4, 84))
BIG (big4, 5, S36 (5, 0) S36 (5, 36) S36 (5, 72) S36 (5, 108))
BIG (big5, 6, S36 (6, 0) S36 (6, 36) S36 (6, 72))
BIG (big6, 7, S36 (7, 0) S36 (7, 36) S12 (7, 72))

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink, k = 1;
  for (unsigned round = 0; round < 40; round++)
    {
      acc = big0 (acc, round);
      acc = big1 (acc, k);
      acc = big2 (acc, acc >> 5);
      if (round & 1)
        acc = big2 (acc, round * 3);
      acc = big3 (acc, k);
      acc = big4 (acc, acc + round);
      acc = big5 (acc, k ^ round);
      if (round % 3 == 0)
        acc = big6 (acc, round);
      k = k * 5 + acc;
    }
  sink = (int) acc;
  return (int) acc;
}
