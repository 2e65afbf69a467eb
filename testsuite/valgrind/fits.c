/* Everything fits in the cache: nothing conflicts.  Lines fetched once are
   always-miss (cold), the loop's lines miss once in the whole run.  At -O0
   the functions are not aligned (32 layout phases with 32-byte lines) and
   program's first instruction is conflict although its one context is
   first-miss: in some phase its line holds another instruction of program
   that is not always-hit or first-miss (docs/semantics.md §6.1 demotion),
   so the expectation holds from -O1 on.  */
/* cachecat-expect: _start+0 always-miss */
/* cachecat-expect-none[-O1 -O2 -O3 -Os]: conflict in program step */
#include "freestanding.h"

static __attribute__ ((noinline)) int
step (int x)
{
  return x * 3 + 1;
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 100; i++)
    acc += step (i);
  sink = acc;
  return acc;
}
