/* Recursion and mutual recursion: instances are edges back to the chain.
   Only the promises are checked against the real run.  */
#include "freestanding.h"

static __attribute__ ((noinline)) int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static int odd (int n);

static __attribute__ ((noinline)) int
even (int n)
{
  return n == 0 ? 1 : odd (n - 1);
}

static __attribute__ ((noinline)) int
odd (int n)
{
  return n == 0 ? 0 : even (n - 1);
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 12; i++)
    acc += fib (i) + even (i * 3);
  sink = acc;
  return acc;
}
