/* nested_loops.c: nested loops, loops with calls, early exits, loops of unknown trip count
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define N 24

static int32_t a[N][N], b[N][N], c[N][N];

__attribute__ ((noinline)) static int32_t
weight (int i, int j)
{
  return (i * 7 + j * 3) % 11 - 5;
}

static void
fill (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        a[i][j] = weight (i, j);
        b[i][j] = weight (j, i) + 1;
      }
}

static void
matmul (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        int32_t s = 0;
        for (int k = 0; k < N; k++)
          s += a[i][k] * b[k][j];
        c[i][j] = s;
      }
}

/* Four levels deep with a call in the innermost body.  */
static int64_t
deep (int n)
{
  int64_t acc = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = 0; k < 3; k++)
        for (int l = k; l < 4; l++)
          acc += weight (i + l, j - k);
  return acc;
}

/* Early exit out of a nest; a while loop with an unknown trip count.  */
static int
find (int32_t v, int *pi, int *pj)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (c[i][j] == v)
        {
          *pi = i;
          *pj = j;
          return 1;
        }
  return 0;
}

static unsigned
collatz (uint64_t x)
{
  unsigned steps = 0;
  while (x != 1)
    {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      steps++;
    }
  return steps;
}

/* do-while with continue and break.  */
static int
scan (const int32_t *p, size_t n)
{
  size_t i = 0;
  int hits = 0;
  do
    {
      if (p[i] < 0)
        continue;
      if (p[i] > 1000)
        break;
      hits++;
    }
  while (++i < n);
  return hits;
}

int
main (void)
{
  fill ();
  matmul ();
  int i = -1, j = -1;
  int found = find (c[3][5], &i, &j);
  int64_t d = deep (9);
  unsigned steps = 0;
  for (uint64_t x = 1; x < 200; x++)
    steps += collatz (x);
  int h = scan (&c[0][0], N * N);
  if (!found || steps == 0 || h < 0 || d == 12345)
    abort ();
  return 0;
}
