/* fs_diamonds: if-then-else diamonds and long else-if chains inside loops,
   with both sides of most branches taken at run time.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Each diamond has two paths that join again: a must-analysis keeps only
   what both paths bring, so a line loaded on one side only is not known
   cached after the join.  At -O2 some diamonds become cmov.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) int
grade (int score)
{
  if (score >= 90)
    return 5;
  else if (score >= 80)
    return 4;
  else if (score >= 65)
    return 3;
  else if (score >= 50)
    return 2;
  else if (score >= 30)
    return 1;
  else
    return 0;
}

static __attribute__ ((noinline)) unsigned
diamond_chain (unsigned x)
{
  unsigned y = 0;
  for (unsigned i = 0; i < 16; i++)
    {
      if (x & 1)
        {
          y += x * 3;
          x = (x >> 1) ^ 0xa3000000u;
        }
      else
        {
          y ^= x >> 2;
          x >>= 1;
        }
      if (y & 0x100)
        y -= i * 11;
      else
        y += i;
      /* Nested diamond.  */
      if (x & 2)
        {
          if (y & 4)
            y = (y << 1) | 1;
          else
            y = y >> 1;
        }
      else
        y += 1000;
    }
  return y;
}

static __attribute__ ((noinline)) int
clamp3 (int a, int b, int c)
{
  int m;
  if (a > b)
    m = a > c ? a : c;
  else
    m = b > c ? b : c;
  if (m > 255)
    m = 255;
  else if (m < 0)
    m = 0;
  return m;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink, x = 1;
  int hist[6] = { 0 };
  for (unsigned i = 0; i < 2000; i++)
    {
      x = x * 1664525u + 1013904223u;
      int score = (int) ((x >> 9) % 101);
      hist[grade (score)]++;
      if (i % 5 == 0)
        acc += diamond_chain (x);
      else if (i % 5 == 1)
        acc ^= (unsigned) clamp3 ((int) (x & 511) - 128, score * 3,
                                  (int) (acc & 255));
      else
        acc += (unsigned) score;
    }
  for (int g = 0; g < 6; g++)
    acc = acc * 7 + (unsigned) hist[g];
  sink = (int) acc;
  return (int) acc;
}
