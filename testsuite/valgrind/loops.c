/* Nested loops around a call, a switch and a table walk: no promises are
   checked by hand here, only that every promise holds on a real run.  */
#include "freestanding.h"

static int table[64];

static __attribute__ ((noinline)) int
classify (int v)
{
  switch (v & 7)
    {
    case 0: return v + 1;
    case 1: return v * 3;
    case 2: return v - 7;
    case 3: return v ^ 0x55;
    case 4: return v << 2;
    case 5: return v >> 1;
    case 6: return -v;
    default: return v * v;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 40; i++)
    {
      for (int j = 0; j < 64; j++)
        table[j] += classify (i + j);
      if (i % 7 == 3)
        for (int j = 63; j > 0; j--)
          table[j] ^= table[j - 1];
      acc += table[i & 63];
    }
  sink = acc;
  return acc;
}
