/* fs_loop_pragmas: loops whose trip counts come from data, each bounded
   by a pragma in the source (#pragma loopbound, _Pragma, #pragma cachecat
   loop_bound), nested, while and do-while, one bounded looser than GCC
   knows, and callers of them: the miss bounds per call and per loop
   execution (docs/semantics.md §7.5) rest on these bounds, and every one
   holds in the run.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../valgrind/freestanding.h"

static const unsigned char trips[16] = { 0, 1, 3, 1, 7, 2, 12, 5, 1, 9, 4, 11, 6, 0, 8, 10 };
static int table[64];

static __attribute__ ((noinline)) int
scan (unsigned n)
{
  int acc = 0;
#pragma loopbound min 0 max 12
  for (unsigned i = 0; i < n; i++)
    acc += table[(i * 7) & 63] ^ (int) i;
  return acc;
}

static __attribute__ ((noinline)) int
nest (unsigned a, unsigned b)
{
  int acc = 1;
#pragma loopbound min 0 max 12
  for (unsigned i = 0; i < a; i++)
    {
      acc = (acc << 1) ^ (int) i;
#pragma cachecat loop_bound (12)
      for (unsigned j = 0; j < b; j++)
        acc += table[(i + 3 * j) & 63] * (acc & 3);
    }
  return acc;
}

static __attribute__ ((noinline)) int
drain (unsigned n)
{
  int acc = 0;
  unsigned k = n;
  _Pragma ("loopbound min 0 max 12")
  while (k != 0)
    {
      acc += table[k & 63] - (int) k;
      k--;
    }
  return acc;
}

static __attribute__ ((noinline)) int
at_least_once (unsigned n)
{
  int acc = 0;
  unsigned k = 0;
#pragma loopbound min 1 max 13
  do
    {
      acc ^= table[(k * 5) & 63] + (int) k;
      k++;
    }
  while (k < n);
  return acc;
}

/* GCC knows this one runs 8 times: its bound wins over the pragma's.  */
static __attribute__ ((noinline)) int
eight (void)
{
  int acc = 0;
#pragma loopbound min 0 max 100
  for (unsigned i = 0; i < 8; i++)
    acc += table[i * 3] + (int) i;
  return acc;
}

static int
program (void)
{
  unsigned seed = (unsigned) sink;
  for (unsigned i = 0; i < 64; i++)
    table[i] = (int) ((i * 2654435761u) ^ seed) & 0xff;
  int acc = 0;
  for (unsigned r = 0; r < 16; r++)
    {
      unsigned t = trips[(r + seed) & 15];
      acc += scan (t);
      acc ^= nest (t, trips[(r * 3 + seed) & 15]);
      acc += drain (t);
      acc -= at_least_once (t);
      acc += eight ();
    }
  sink = acc;
  return acc;
}
