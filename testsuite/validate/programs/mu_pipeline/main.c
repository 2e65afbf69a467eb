/* mu_pipeline: a signal pipeline over three units (main.c, stages.c, and
   lib_stats.c from an archive); main.c and stages.c each have a static
   clamp() of their own.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../../valgrind/freestanding.h"

int stage_filter (int);
int stage_scale (int);
int stats_update (int);

static __attribute__ ((noinline)) int
clamp (int v)
{
  return v > 4000 ? 4000 : v < -4000 ? -4000 : v;
}

static __attribute__ ((noinline)) int
source (int t)
{
  return (t * 37 + (t >> 3) * 11) % 2048 - 1024;
}

static int
program (void)
{
  int acc = 0;
  for (int t = 0; t < 3000; t++)
    {
      int v = clamp (stage_scale (stage_filter (source (t))));
      acc += stats_update (v);
      if ((t & 255) == 0)
        sink = acc;
    }
  return acc;
}
