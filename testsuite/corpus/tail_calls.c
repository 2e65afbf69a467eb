/* tail_calls.c: tail and sibling calls: direct, indirect, to external functions, mutual tail recursion, musttail-like patterns
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

__attribute__ ((noinline)) int
leaf (int x)
{
  return x * 7 + 1;
}

__attribute__ ((noinline)) int
forward (int x)
{
  return leaf (x + 1);
}

/* Sibcall with reordered arguments.  */
__attribute__ ((noinline)) int
sub2 (int a, int b)
{
  return a - b;
}

__attribute__ ((noinline)) int
swapped (int a, int b)
{
  return sub2 (b, a);
}

/* Tail call to a libc function.  */
__attribute__ ((noinline)) size_t
length_of (const char *s)
{
  return strlen (s);
}

__attribute__ ((noinline)) void *
clear (void *p, size_t n)
{
  return memset (p, 0, n);
}

/* Mutual tail recursion: becomes a loop of jumps.  */
static int ping (unsigned n, int acc);
__attribute__ ((noinline)) static int
pong (unsigned n, int acc)
{
  return n == 0 ? acc : ping (n - 1, acc + 2);
}

__attribute__ ((noinline)) static int
ping (unsigned n, int acc)
{
  return n == 0 ? acc : pong (n - 1, acc + 1);
}

/* Self tail recursion: becomes a loop.  */
__attribute__ ((noinline)) static unsigned
gcd (unsigned a, unsigned b)
{
  return b == 0 ? a : gcd (b, a % b);
}

/* Indirect tail call through a parameter.  */
__attribute__ ((noinline)) int
trampoline_call (int (*f) (int), int x)
{
  return f (x + 1);
}

/* Conditional tail calls to two targets.  */
__attribute__ ((noinline)) int
choose (int c, int x)
{
  if (c)
    return leaf (x);
  return forward (x);
}

/* A call that is NOT a tail call: the result is used.  */
__attribute__ ((noinline)) int
not_tail (int x)
{
  return leaf (x) + 1;
}

/* Tail call with a struct return.  */
struct two { long a, b; };

__attribute__ ((noinline)) struct two
make_two (long a)
{
  struct two t = { a, a * 2 };
  return t;
}

__attribute__ ((noinline)) struct two
make_two_plus (long a)
{
  return make_two (a + 1);
}

int
main (void)
{
  char buf[16] = "xyz";
  clear (buf + 3, 13);
  struct two t = make_two_plus (4);
  int s = forward (1) + swapped (3, 10) + (int) length_of (buf) + ping (5, 0)
          + (int) gcd (84, 36) + trampoline_call (leaf, 0) + choose (1, 1)
          + choose (0, 1) + not_tail (0) + (int) t.b;
  if (s != 15 + 7 + 3 + 7 + 12 + 8 + 8 + 15 + 2 + 10)
    abort ();
  return 0;
}
