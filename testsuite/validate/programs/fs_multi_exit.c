/* fs_multi_exit: searches with several exits: break, continue, goto out of
   nested loops, early returns from inside loops, and a loop exited from
   its middle.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A loop with several exits has several successors; code after the loop is
   reached from different lines depending on where the loop stopped, and
   the part of the body after an exit may never run in some iterations.  */
#include "../../valgrind/freestanding.h"

#define N 24

static int board[N][N];

/* Returns the first (row, col) holding v, -1 if absent: return in a loop. */
static __attribute__ ((noinline)) int
find_value (int v)
{
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (board[r][c] == v)
        return r * N + c;
  return -1;
}

/* goto out of a three-deep nest.  */
static __attribute__ ((noinline)) int
find_triple (int target)
{
  int found = -1;
  for (int a = 0; a < N; a++)
    for (int b = a + 1; b < N; b++)
      for (int c = b + 1; c < N; c++)
        if (board[0][a] + board[1][b] + board[2][c] == target)
          {
            found = a * 10000 + b * 100 + c;
            goto out;
          }
out:
  return found;
}

/* break and continue in the same loop, plus a second exit test.  */
static __attribute__ ((noinline)) int
scan_row (int r, int limit)
{
  int sum = 0, i;
  for (i = 0; i < N; i++)
    {
      int v = board[r][i];
      if (v < 0)
        continue;
      if (v > limit)
        break;
      sum += v;
      if (sum > 4 * limit)
        return -sum;
    }
  return sum * 64 + i;
}

/* Loop exited from its middle: for (;;) with the test halfway through. */
static __attribute__ ((noinline)) int
run_until_repeat (int x)
{
  int steps = 0;
  int seen_lo = 0;
  for (;;)
    {
      x = (x * 17 + 5) % 101;
      if (x < 4)
        {
          if (seen_lo++)
            break;
        }
      steps++;
      if (steps > 300)
        break;
      x += steps & 3;
    }
  return steps * 128 + x;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned s = 99 + (unsigned) sink;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      {
        s = s * 1103515245u + 12345u;
        board[r][c] = (int) ((s >> 16) % 200) - 20;
      }
  int acc = 0;
  for (int v = -20; v < 200; v += 3)
    acc += find_value (v);
  for (int t = 100; t < 400; t += 23)
    acc ^= find_triple (t);
  for (int round = 0; round < 8; round++)
    for (int r = 0; r < N; r++)
      acc += scan_row (r, 60 + round * 20);
  for (int x = 0; x < 60; x++)
    acc += run_until_repeat (x);
  sink = acc;
  return acc;
}
