/* gnu_misc.c: GNU C odds and ends: cleanup attribute, statement expressions, case ranges, __int128, __builtin_return_address, prefetch, typeof, local labels
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

static int cleaned;

static void
cleanup_int (int *p)
{
  cleaned += *p;
}

__attribute__ ((noinline)) int
with_cleanup (int n)
{
  int total = 0;
  for (int i = 0; i < n; i++)
    {
      __attribute__ ((cleanup (cleanup_int))) int scoped = i;
      if (i == 3)
        break;
      total += scoped;
    }
  return total;
}

#define MAX(a, b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })

__attribute__ ((noinline)) int
stmt_expr (int x, int y)
{
  return MAX (x * 2, y + 1) + ({ int z = x ^ y; z & 7; });
}

__attribute__ ((noinline)) const char *
char_class (int c)
{
  switch (c)
    {
    case '0' ... '9': return "digit";
    case 'a' ... 'z': return "lower";
    case 'A' ... 'Z': return "upper";
    case 0 ... 31: return "control";
    default: return "other";
    }
}

typedef unsigned __int128 u128;

__attribute__ ((noinline)) u128
mul128 (uint64_t a, uint64_t b)
{
  return (u128) a * b;
}

__attribute__ ((noinline)) uint64_t
div128 (u128 n, uint64_t d)
{
  return (uint64_t) (n / d);
}

__attribute__ ((noinline)) void *
caller_addr (void)
{
  return __builtin_extract_return_addr (__builtin_return_address (0));
}

__attribute__ ((noinline)) int
frame_delta (void)
{
  char *f = __builtin_frame_address (0);
  char local = 1;
  return f != NULL && *(volatile char *) &local;
}

__attribute__ ((noinline)) long
prefetch_sum (const long *v, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      __builtin_prefetch (&v[i + 16], 0, 3);
      s += v[i];
    }
  return s;
}

/* Local labels in a macro used twice.  */
#define FIND(arr, n, key, out)                       \
  do                                                 \
    {                                                \
      __label__ done_;                               \
      (out) = -1;                                    \
      for (int i_ = 0; i_ < (n); i_++)               \
        if ((arr)[i_] == (key))                      \
          {                                          \
            (out) = i_;                              \
            goto done_;                              \
          }                                          \
    done_:;                                          \
    }                                                \
  while (0)

__attribute__ ((noinline)) int
find_two (const int *v, int n)
{
  int a, b;
  FIND (v, n, 3, a);
  FIND (v, n, 5, b);
  return a * 10 + b;
}

/* __builtin_constant_p and __builtin_choose_expr.  */
#define SQUARE(x) __builtin_choose_expr (__builtin_types_compatible_p (__typeof__ (x), double), (x) * (x), (x) * (x) + 0)

__attribute__ ((noinline)) double
chooser (double d, int i)
{
  return SQUARE (d) + SQUARE (i) + (__builtin_constant_p (i) ? 1000 : 0);
}

int
main (void)
{
  long v[40];
  for (int i = 0; i < 40; i++)
    v[i] = i;
  int iv[] = { 1, 3, 5, 7 };
  u128 m = mul128 (0xffffffffffffffffULL, 16);
  if (with_cleanup (10) != 0 + 1 + 2 || cleaned != 0 + 1 + 2 + 3 || stmt_expr (3, 4) != 6 + 7
      || char_class ('q')[0] != 'l' || char_class (5)[0] != 'c' || (uint64_t) (m >> 64) != 15
      || div128 (m, 16) != 0xffffffffffffffffULL || !caller_addr () || !frame_delta ()
      || prefetch_sum (v, 24) != 276 || find_two (iv, 4) != 12 || chooser (2.0, 3) != 13.0)
    abort ();
  return 0;
}
