/* Everything fits in the cache: nothing conflicts.  Lines fetched once are
   always-miss (cold), the loop's lines miss once in the whole run, at
   every level (at -O0 the functions are not aligned: 32 layout phases
   with 32-byte lines).  */
/* cachecat-expect: _start+0 always-miss */
/* cachecat-expect-none: conflict in program step */
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
