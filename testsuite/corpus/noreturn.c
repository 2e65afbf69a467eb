/* noreturn.c: noreturn calls: abort, exit, _Exit, __builtin_unreachable, __builtin_trap, user noreturn functions
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

__attribute__ ((noreturn, noinline)) void
die (int code)
{
  exit (code);
}

__attribute__ ((noreturn)) static void
never_returns (void)
{
  for (;;)
    __asm__ volatile ("");
}

__attribute__ ((noinline)) int
checked_div (int a, int b)
{
  if (b == 0)
    abort ();
  return a / b;
}

__attribute__ ((noinline)) int
exhaustive (unsigned k)
{
  switch (k & 3)
    {
    case 0: return 11;
    case 1: return 22;
    case 2: return 33;
    case 3: return 44;
    }
  __builtin_unreachable ();
}

__attribute__ ((noinline)) int
trap_if_negative (int x)
{
  if (x < 0)
    __builtin_trap ();
  return x * 2;
}

/* A function whose whole body is unreachable: no code at -O2.  */
__attribute__ ((noinline)) void
nothing_here (void)
{
  __builtin_unreachable ();
}

/* Assume-style hints.  */
__attribute__ ((noinline)) unsigned
assume_small (unsigned x)
{
  if (x > 100)
    __builtin_unreachable ();
  return x * x + 1;
}

__attribute__ ((noinline)) void
maybe_exit (int x)
{
  if (x == 77)
    _Exit (3);
  if (x == 78)
    die (4);
  if (x == 79)
    never_returns ();
}

/* noreturn call as the last statement of a non-void function.  */
__attribute__ ((noinline)) int
must_find (const int *v, size_t n, int key)
{
  for (size_t i = 0; i < n; i++)
    if (v[i] == key)
      return (int) i;
  abort ();
}

int
main (void)
{
  static const int v[] = { 4, 8, 15, 16, 23, 42 };
  int s = checked_div (100, 7) + exhaustive (5) + trap_if_negative (3)
          + (int) assume_small (9) + must_find (v, 6, 23);
  maybe_exit (1);
  if (s != 14 + 22 + 6 + 82 + 4)
    die (1);
  return 0;
}
