/* fs_tail_calls: functions that end in calls to other functions: a chain of
   states passing control by tail call, a tail call through a function
   pointer, and wrappers that only adjust arguments.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   From -O2 these calls become jumps (sibling calls): the callee returns
   directly to the caller's caller, so call/return pairing in the analysis
   differs from the source.  At -O0 they are ordinary nested calls.  */
#include "../../valgrind/freestanding.h"

static unsigned st_b (unsigned x, unsigned n);
static unsigned st_c (unsigned x, unsigned n);

static __attribute__ ((noinline)) unsigned
st_a (unsigned x, unsigned n)
{
  if (n == 0)
    return x;
  if (x & 4)
    return st_c (x * 3 + 1, n - 1);
  return st_b (x + 7, n - 1);
}

static __attribute__ ((noinline)) unsigned
st_b (unsigned x, unsigned n)
{
  if (n == 0)
    return x ^ 0x55;
  return st_a ((x << 1) ^ (x >> 3), n - 1);
}

static __attribute__ ((noinline)) unsigned
st_c (unsigned x, unsigned n)
{
  if (n == 0)
    return x + 1;
  if (x % 3 == 0)
    return st_a (x / 3, n - 1);
  return st_b (x - 1, n - 1);
}

typedef unsigned (*op_fn) (unsigned);

static __attribute__ ((noinline)) unsigned op_sq (unsigned v) { return v * v; }
static __attribute__ ((noinline)) unsigned op_neg (unsigned v) { return 0u - v; }
static __attribute__ ((noinline)) unsigned op_swap (unsigned v)
{
  return (v << 16) | (v >> 16);
}

static op_fn const ops[3] = { op_sq, op_neg, op_swap };

/* Indirect tail call.  */
static __attribute__ ((noinline)) unsigned
apply (unsigned which, unsigned v)
{
  return ops[which % 3] (v + which);
}

/* Wrappers that only shuffle arguments before a tail call.  */
static __attribute__ ((noinline)) unsigned
run_short (unsigned x)
{
  return st_a (x, 5);
}

static __attribute__ ((noinline)) unsigned
run_long (unsigned x)
{
  return st_b (x, 60);
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  for (unsigned i = 0; i < 600; i++)
    {
      acc += run_short (i ^ acc);
      acc ^= apply (i, acc);
      if ((i & 3) == 0)
        acc += run_long (acc);
    }
  sink = (int) acc;
  return (int) acc;
}
