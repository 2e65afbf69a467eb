/* weak_alias.c: weak definitions, weak references, aliases, visibility, symbols that may be overridden at link time
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdlib.h>

__attribute__ ((weak)) int
hook_value (int x)
{
  return x + 1;
}

/* Weak reference to something that is never defined.  */
extern int optional_feature (int) __attribute__ ((weak));

__attribute__ ((noinline)) int
use_optional (int x)
{
  if (optional_feature)
    return optional_feature (x);
  return -x;
}

static int
real_impl (int x)
{
  return x * 3;
}

/* Strong and weak aliases of a static function.  */
extern int public_alias (int) __attribute__ ((alias ("real_impl")));
extern int weak_alias_fn (int) __attribute__ ((weak, alias ("real_impl")));

__attribute__ ((visibility ("hidden"))) int
hidden_fn (int x)
{
  return hook_value (x) * 2;
}

__attribute__ ((visibility ("protected"))) int
protected_fn (int x)
{
  return hidden_fn (x) - 1;
}

/* A weak function called in a loop: cannot be inlined.  */
__attribute__ ((weak)) void
on_tick (int *counter)
{
  ++*counter;
}

int
ticks (int n)
{
  int c = 0;
  for (int i = 0; i < n; i++)
    on_tick (&c);
  return c;
}

/* Weak data.  */
__attribute__ ((weak)) int tunable = 7;

int
main (void)
{
  int s = hook_value (1) + use_optional (5) + public_alias (2) + weak_alias_fn (3)
          + protected_fn (4) + ticks (5) + tunable;
  if (s != 2 - 5 + 6 + 9 + 9 + 5 + 7)
    abort ();
  return 0;
}
