/* fs_recursion: linear recursion, tree recursion (Fibonacci, a recursive
   tree walk), mutual recursion (Hofstadter's F and M) and accumulator tail
   recursion that -O2 turns into a loop.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Recursion makes the call graph cyclic: every call instance may be entered
   with whatever the deeper instances left in the cache.  */
#include "../../valgrind/freestanding.h"

/* Linear recursion: sum of a table slice.  */
static const int values[32] = {
  3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
  2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5
};

static __attribute__ ((noinline)) int
sum_down (unsigned n)
{
  if (n == 0)
    return 0;
  return values[n & 31] * (int) n + sum_down (n - 1);
}

/* Tree recursion.  */
static __attribute__ ((noinline)) int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

/* Mutual recursion: Hofstadter female and male sequences.  */
static int hof_m (int n);

static __attribute__ ((noinline)) int
hof_f (int n)
{
  return n == 0 ? 1 : n - hof_m (hof_f (n - 1));
}

static __attribute__ ((noinline)) int
hof_m (int n)
{
  return n == 0 ? 0 : n - hof_f (hof_m (n - 1));
}

/* Tail recursion with an accumulator.  */
static __attribute__ ((noinline)) unsigned
collatz_steps (unsigned x, unsigned acc)
{
  if (x <= 1)
    return acc;
  return collatz_steps ((x & 1) ? 3 * x + 1 : x / 2, acc + 1);
}

/* Recursive walk over an implicit binary tree stored in an array.  */
static int heap_tree[127];

static __attribute__ ((noinline)) int
tree_depth_sum (unsigned node, int depth)
{
  if (node >= 127)
    return 0;
  return heap_tree[node] * depth + tree_depth_sum (2 * node + 1, depth + 1)
         + tree_depth_sum (2 * node + 2, depth + 1);
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = sink;
  for (unsigned i = 0; i < 127; i++)
    heap_tree[i] = (int) ((i * 37) % 11);
  for (unsigned n = 0; n < 32; n++)
    acc += sum_down (n);
  acc += fib (17 + sink);
  for (int n = 0; n < 14; n++)
    acc += hof_f (n) * 3 + hof_m (n);
  for (unsigned x = 1; x < 300; x += 3)
    acc += (int) collatz_steps (x, 0);
  for (int r = 0; r < 8; r++)
    acc += tree_depth_sum (0, r);
  sink = acc;
  return acc;
}
