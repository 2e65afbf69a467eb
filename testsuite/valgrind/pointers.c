/* Calls through a function table: unknown calls to the analysis (they may
   run anything), while the table's functions are address-taken roots.  */
#include "freestanding.h"

static int add1 (int x) { return x + 1; }
static int dbl (int x) { return x * 2; }
static int neg (int x) { return -x; }
static int sq (int x) { return x * x; }

static int (*const table[4]) (int) = { add1, dbl, neg, sq };

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 1;
  for (int i = 0; i < 200; i++)
    acc = table[(acc ^ i) & 3] (acc) & 0xffff;
  sink = acc;
  return acc;
}
