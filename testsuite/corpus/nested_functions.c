/* nested_functions.c: GNU C nested functions: uplevel access, trampolines through pointers, nonlocal goto
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   The plugin does not model a function with non-local goto targets:
   cachecat-expect-warning: cannot model 'find_first_negative': it has labels reached by non-local goto

   cachecat-layout-nocompute[-fcf-protection]: its non-local goto reads the
   shadow stack (rdsspq), which the encoder does not know: the assembler
   measures it.
*/

#include <stddef.h>
#include <stdlib.h>

static void
apply (int *v, int n, void (*f) (int *))
{
  for (int i = 0; i < n; i++)
    f (&v[i]);
}

/* A nested function taking its address: needs a trampoline.  */
__attribute__ ((noinline)) int
scale_all (int *v, int n, int factor)
{
  int calls = 0;
  void scale (int *p)
  {
    *p *= factor;
    calls++;
  }
  apply (v, n, scale);
  return calls;
}

/* Nested function called directly only (no trampoline).  */
__attribute__ ((noinline)) long
sum_with_offset (const int *v, int n, int off)
{
  long total = 0;
  void add (int x)
  {
    total += x + off;
  }
  for (int i = 0; i < n; i++)
    add (v[i]);
  return total;
}

/* Nonlocal goto out of a nested function.  */
__attribute__ ((noinline)) int
find_first_negative (const int *v, int n)
{
  __label__ found;
  int idx = -1;
  void check (int i)
  {
    if (v[i] < 0)
      {
        idx = i;
        goto found;
      }
  }
  for (int i = 0; i < n; i++)
    check (i);
  return -1;
found:
  return idx;
}

/* Two levels of nesting.  */
__attribute__ ((noinline)) int
two_levels (int base)
{
  int outer (int x)
  {
    int inner (int y)
    {
      return y + base;
    }
    return inner (x) * 2;
  }
  return outer (1) + outer (2);
}

int
main (void)
{
  int v[] = { 1, 2, 3, -4, 5 };
  int c = scale_all (v, 3, 10);
  long s = sum_with_offset (v, 5, 1);
  int f = find_first_negative (v, 5);
  int t = two_levels (3);
  if (c != 3 || v[2] != 30 || s != 10 + 20 + 30 - 4 + 5 + 5 || f != 3 || t != 18)
    abort ();
  return 0;
}
