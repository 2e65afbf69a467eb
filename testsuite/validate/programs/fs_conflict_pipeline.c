/* fs_conflict_pipeline: a four-stage signal pipeline whose stages are
   aligned to 1024 and 2048 bytes, so stage pairs collide in caches up to
   1 or 2 KiB, run over blocks of samples.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Each stage is a loop over a block, so a stage's own lines survive its
   loop; what a stage's entry finds in the cache depends on which stage ran
   before and on the cache size.  */
#include "../../valgrind/freestanding.h"

#define BLOCK 32

static int samples[BLOCK];

static __attribute__ ((noinline, aligned (2048))) void
stage_source (unsigned t)
{
  for (unsigned i = 0; i < BLOCK; i++)
    {
      unsigned ph = (t * BLOCK + i) & 63;
      samples[i] = (int) (ph < 32 ? ph * 64 : (63 - ph) * 64) - 1024;
    }
}

static __attribute__ ((noinline, aligned (1024))) void
stage_smooth (void)
{
  int prev = samples[0];
  for (unsigned i = 1; i < BLOCK; i++)
    {
      int cur = samples[i];
      samples[i] = (prev + 3 * cur) >> 2;
      prev = cur;
    }
}

static __attribute__ ((noinline, aligned (2048))) void
stage_clip (int lo, int hi)
{
  for (unsigned i = 0; i < BLOCK; i++)
    {
      if (samples[i] < lo)
        samples[i] = lo;
      else if (samples[i] > hi)
        samples[i] = hi;
    }
}

static __attribute__ ((noinline, aligned (1024))) int
stage_energy (void)
{
  int e = 0;
  for (unsigned i = 0; i < BLOCK; i++)
    e += (samples[i] >> 4) * (samples[i] >> 4);
  return e;
}

static __attribute__ ((noinline, aligned (64))) int
program (void)
{
  unsigned acc = (unsigned) sink;
  for (unsigned t = 0; t < 300; t++)
    {
      stage_source (t);
      stage_smooth ();
      if (t & 1)
        stage_clip (-800, 800);
      acc = acc * 31 + (unsigned) stage_energy ();
    }
  sink = (int) acc;
  return (int) acc;
}
