/* hot_cold.c: hot/cold splitting: __builtin_expect, cold and hot attributes, function.cold parts, unlikely error paths
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   Partitioning is on by default at -O2 on x86-64; also try it where it is
   off by default, and -O2 without it:
   cachecat-extra-flags: -O1 -freorder-blocks-and-partition
   cachecat-extra-flags: -O2 -fno-reorder-blocks-and-partition
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define likely(x) __builtin_expect (!!(x), 1)
#define unlikely(x) __builtin_expect (!!(x), 0)

static int errors;
static char log_buf[256];

__attribute__ ((cold, noinline)) static void
report_error (const char *what, long v)
{
  size_t n = strlen (what);
  if (n > 200)
    n = 200;
  memcpy (log_buf, what, n);
  log_buf[n] = (char) ('0' + (v & 7));
  errors++;
}

__attribute__ ((hot, noinline)) long
sum_checked (const int32_t *v, size_t n)
{
  long s = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (unlikely (v[i] < 0))
        {
          report_error ("negative element", (long) i);
          continue;
        }
      if (unlikely (v[i] > 1000000))
        {
          report_error ("huge element", v[i]);
          abort ();
        }
      s += v[i];
    }
  return s;
}

/* Big cold block in the middle of a hot loop: candidate for .text.unlikely.  */
__attribute__ ((noinline)) int
process (int32_t *v, size_t n, int mode)
{
  int changed = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (likely (mode == 0))
        {
          v[i] += 1;
          changed++;
        }
      else
        {
          report_error ("mode", mode);
          for (size_t j = 0; j < n; j++)
            v[j] = (v[j] * 7 + (int32_t) j) ^ mode;
          report_error ("rewritten", (long) n);
          return -1;
        }
    }
  return changed;
}

/* __builtin_expect_with_probability.  */
__attribute__ ((noinline)) int
biased (int x)
{
  if (__builtin_expect_with_probability (x > 10, 1, 0.95))
    return x - 10;
  report_error ("small", x);
  return 0;
}

__attribute__ ((cold)) int
entirely_cold (int x)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += i * x;
  return r;
}

/* Calls to a cold function from several paths.  */
__attribute__ ((noinline)) int
validate (const char *s)
{
  if (!s)
    return entirely_cold (1);
  size_t n = strlen (s);
  if (n == 0)
    return entirely_cold (2);
  if (n > 64)
    {
      report_error (s, (long) n);
      exit (2);
    }
  return (int) n;
}

int
main (void)
{
  int32_t v[16];
  for (int i = 0; i < 16; i++)
    v[i] = i * 3 - 2;
  long s = sum_checked (v, 16);
  int c = process (v, 16, 0);
  int b = biased (20) + biased (3);
  int k = validate ("hello") + validate ("");
  if (errors != 2 || s != 3 * 120 - 32 + 2 || c != 16 || b != 10 || k != 7)
    abort ();
  return 0;
}
