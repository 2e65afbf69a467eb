/* vla_alloca.c: variable-length arrays, alloca, dynamic stack realignment, VLA in loops and in nested scopes
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
#include <string.h>

__attribute__ ((noinline)) static long
vla_sum (int n)
{
  long v[n];
  for (int i = 0; i < n; i++)
    v[i] = (long) i * i;
  long s = 0;
  for (int i = n - 1; i >= 0; i--)
    s += v[i];
  return s;
}

/* A 2-D VLA parameter.  */
__attribute__ ((noinline)) static long
trace (int n, int m, long a[n][m])
{
  long t = 0;
  for (int i = 0; i < n && i < m; i++)
    t += a[i][i];
  return t;
}

/* VLA allocated inside a loop: stack save/restore per iteration.  */
__attribute__ ((noinline)) static long
loop_vla (int rounds)
{
  long total = 0;
  for (int r = 1; r <= rounds; r++)
    {
      char tmp[r * 8];
      memset (tmp, r, sizeof tmp);
      for (int i = 0; i < r * 8; i++)
        total += tmp[i];
    }
  return total;
}

__attribute__ ((noinline)) static size_t
with_alloca (const char *s)
{
  size_t n = strlen (s);
  char *copy = __builtin_alloca (n + 1);
  memcpy (copy, s, n + 1);
  for (size_t i = 0; i < n / 2; i++)
    {
      char t = copy[i];
      copy[i] = copy[n - 1 - i];
      copy[n - 1 - i] = t;
    }
  return copy[0] == s[n - 1] ? n : 0;
}

/* alloca in a loop (memory grows until return).  */
__attribute__ ((noinline)) static int
alloca_loop (int n)
{
  int *ptrs[16];
  int s = 0;
  for (int i = 0; i < n && i < 16; i++)
    {
      ptrs[i] = __builtin_alloca (sizeof (int) * (size_t) (i + 1));
      ptrs[i][i] = i;
    }
  for (int i = 0; i < n && i < 16; i++)
    s += ptrs[i][i];
  return s;
}

/* Over-aligned local: forces stack realignment.  */
__attribute__ ((noinline)) static uintptr_t
aligned_local (int k)
{
  _Alignas (64) char buf[128];
  memset (buf, k, sizeof buf);
  return ((uintptr_t) buf & 63) + (uintptr_t) buf[k & 127];
}

/* VLA of structs with a VLA-sized typedef.  */
__attribute__ ((noinline)) static int
vla_typedef (int n)
{
  typedef int row[n];
  row rows[3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < n; j++)
      rows[i][j] = i + j;
  return rows[2][n - 1] + (int) sizeof (row);
}

int
main (void)
{
  long a[3][4] = { { 1, 0, 0, 0 }, { 0, 2, 0, 0 }, { 0, 0, 3, 0 } };
  long s = vla_sum (10) + trace (3, 4, a) + loop_vla (4) + (long) with_alloca ("hello")
           + alloca_loop (5) + (long) aligned_local (2) + vla_typedef (5);
  if (s != 285 + 6 + (8 + 32 + 72 + 128) + 5 + 10 + 2 + 26)
    abort ();
  return 0;
}
