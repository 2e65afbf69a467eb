/* First-hit: the two-way example of docs/semantics.md §8.2.  foo, b and c
   are one line each and map to one set of a 2-way cache of 16 sets (each
   is aligned to 512 bytes): foo's first call in the loop hits at its first
   fetch in every execution of the loop and misses later on.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../valgrind/freestanding.h"

static volatile int rounds = 3;

static __attribute__ ((noinline, aligned (512))) void foo (void) { sink += 1; }
static __attribute__ ((noinline, aligned (512))) void b (void) { sink += 2; }
static __attribute__ ((noinline, aligned (512))) void c (void) { sink += 3; }

/* Aligned so that its own lines stay out of set 0.  */
static __attribute__ ((noinline, aligned (64))) void
loop_once (void)
{
  foo ();
  for (int i = 0; i < rounds; i++)
    {
      b ();
      foo ();
      foo ();
      c ();
    }
}

static int
program (void)
{
  /* The loop runs in several executions.  */
  for (int k = 0; k < 50; k++)
    loop_once ();
  return 0;
}
