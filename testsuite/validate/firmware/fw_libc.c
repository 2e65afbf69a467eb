/* fw_libc: a firmware image's work that runs in the C library and libgcc:
   newlib's (picolibc's on RISC-V) memset, memcpy and qsort, 64-bit
   division (__aeabi_uldivmod, __udivdi3) and soft-float double
   arithmetic (__aeabi_dmul, __muldf3, ...) in a loop.  None of that code
   has a record: it is unknown code to cachecat-link, whose promises
   around it the run checks.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Built by firmware.py (the C library's headers, -DSEMIHOSTING_EXIT);
   like the fs_* programs it uses freestanding.h's _start, sink and
   program.  */
#include <stdlib.h>
#include <string.h>
#include "../../valgrind/freestanding.h"

#define N 24

struct rec
{
  unsigned key;
  unsigned char pad[12];
};

static struct rec recs[N], sorted[N];

static int
by_key (const void *a, const void *b)
{
  unsigned x = ((const struct rec *) a)->key, y = ((const struct rec *) b)->key;
  return (x > y) - (x < y);
}

static __attribute__ ((noinline)) unsigned long long
scaled_mean (const struct rec *r, unsigned long long total)
{
  for (int i = 0; i < N; i++)
    total += (unsigned long long) r[i].key * 1000003u;
  return total / (r[N / 2].key | 1u);
}

static __attribute__ ((noinline)) double
smooth (double f, unsigned k)
{
  return f * 0.9990234375 + (double) (k & 255u) * 1.5;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned long long acc = 0x123456789abcull + (unsigned) sink;
  double f = 1.0 + sink;
  for (unsigned round = 0; round < 12; round++)
    {
      for (unsigned i = 0; i < N; i++)
        recs[i].key = (i * 2654435761u + round * 40503u) ^ (unsigned) sink;
      memset (sorted, 0, sizeof sorted);
      memcpy (sorted, recs, sizeof recs);
      qsort (sorted, N, sizeof sorted[0], by_key);
      acc = scaled_mean (sorted, acc) + sorted[0].key;
      f = smooth (f, sorted[N - 1].key);
    }
  sink = (int) (acc ^ (unsigned long long) f);
  return sink;
}
