/* fs_nested_loops: loop nests two to four deep with trip counts read from a
   table, many of them 0 or 1, plus triangular and do-while loops.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A loop that runs zero times never fetches its body and a loop that runs
   once never re-fetches it: first-miss scopes must not assume a second
   iteration, and a body skipped on one entry may be cold on the next.  */
#include "../../valgrind/freestanding.h"

static const unsigned char trips[24] = {
  0, 1, 3, 1, 0, 7, 2, 1, 12, 0, 1, 5,
  1, 31, 0, 2, 1, 1, 9, 0, 4, 1, 64, 3
};

static int grid[16][16];

static __attribute__ ((noinline)) int
nest2 (unsigned a, unsigned b)
{
  int acc = 0;
  for (unsigned i = 0; i < a; i++)
    for (unsigned j = 0; j < b; j++)
      {
        grid[i & 15][j & 15] += (int) (i * j + 1);
        acc += grid[j & 15][i & 15];
      }
  return acc;
}

static __attribute__ ((noinline)) int
nest3 (unsigned a, unsigned b, unsigned c)
{
  int acc = 1;
  for (unsigned i = 0; i < a; i++)
    {
      acc ^= (int) i;
      for (unsigned j = 0; j < b; j++)
        {
          for (unsigned k = 0; k < c; k++)
            acc += (int) (i + 2 * j + 3 * k) * (acc & 7);
          acc = (acc << 1) | ((unsigned) acc >> 31);
        }
    }
  return acc;
}

static __attribute__ ((noinline)) int
nest4 (const unsigned char *t)
{
  int acc = 0;
  for (unsigned i = 0; i < t[0]; i++)
    for (unsigned j = 0; j < t[1]; j++)
      for (unsigned k = 0; k < t[2]; k++)
        for (unsigned l = 0; l < t[3]; l++)
          acc += (int) ((i ^ j) + (k | l));
  return acc;
}

/* Inner trip count grows with the outer index: 0 on the first pass.  */
static __attribute__ ((noinline)) int
triangle (unsigned n)
{
  int acc = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < i; j++)
      acc += grid[i & 15][j & 15] - (int) j;
  return acc;
}

/* A do-while body always runs at least once.  */
static __attribute__ ((noinline)) int
countdown (unsigned n)
{
  int acc = 0;
  do
    {
      acc += (int) (n * n);
      n >>= 1;
    }
  while (n > 0);
  return acc;
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  unsigned base = sink;
  for (unsigned round = 0; round < 6; round++)
    for (unsigned k = 0; k + 3 < sizeof trips; k++)
      {
        const unsigned char *t = &trips[(k + base) % (sizeof trips - 3)];
        acc += nest2 (t[0], t[1]);
        acc += nest3 (t[0] & 7, t[1] & 7, t[2] & 15);
        acc += nest4 (t);
        acc += triangle (t[3] & 31);
        acc += countdown (t[round & 3]);
      }
  sink = acc;
  return acc;
}
