/* fs_hot_cold: a sensor-validation loop whose error paths call cold
   handlers; __builtin_expect and the cold attribute make GCC move those
   paths to .text.unlikely (function.cold parts) from -O2 on.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The cold code does run, rarely (about one sample in 150), so the
   split-off parts are really fetched: they sit in a different section,
   far from the hot code, and the analysis must place them correctly.  */
#include "../../valgrind/freestanding.h"

struct stats
{
  int ok, clipped, spikes, dropouts, resets;
  int last, filtered;
  unsigned log_hash;
};

static unsigned lfsr = 0xace1u;

static __attribute__ ((noinline)) int
read_sensor (void)
{
  unsigned bit = ((lfsr >> 0) ^ (lfsr >> 2) ^ (lfsr >> 3) ^ (lfsr >> 5)) & 1;
  lfsr = (lfsr >> 1) | (bit << 15);
  return (int) (lfsr & 0x3ff);
}

/* Rare: a log record, some bookkeeping.  */
static __attribute__ ((cold, noinline)) void
log_event (struct stats *s, int code, int value)
{
  s->log_hash = s->log_hash * 131 + (unsigned) code * 17 + (unsigned) value;
  if (code == 3)
    s->resets++;
}

static __attribute__ ((cold, noinline)) int
recover_dropout (struct stats *s)
{
  s->dropouts++;
  log_event (s, 2, s->last);
  return s->last;
}

static __attribute__ ((noinline)) int
validate (struct stats *s, int v)
{
  if (__builtin_expect (v == 0x3ff, 0))
    {
      /* Saturated reading: clip and log, a sizable cold block.  */
      s->clipped++;
      log_event (s, 1, v);
      if (s->clipped % 4 == 0)
        {
          log_event (s, 3, s->clipped);
          s->filtered = 0;
        }
      v = s->last;
    }
  else if (__builtin_expect (v < 4, 0))
    v = recover_dropout (s);
  else if (__builtin_expect (v - s->last > 700 || s->last - v > 700, 0))
    {
      s->spikes++;
      log_event (s, 4, v - s->last);
      v = (v + s->last) / 2;
    }
  else
    s->ok++;
  s->last = v;
  s->filtered += (v - s->filtered) >> 3;
  return s->filtered;
}

static __attribute__ ((noinline)) int
program (void)
{
  struct stats s = { 0, 0, 0, 0, 0, 512, 512, (unsigned) sink };
  int acc = 0;
  for (int i = 0; i < 12000; i++)
    {
      int v = read_sensor ();
      if ((i % 997) == 500)
        v = 0x3ff;
      acc += validate (&s, v) & 0xff;
    }
  acc += s.ok + (s.clipped << 4) + (s.spikes << 8) + (s.dropouts << 12)
         + (s.resets << 16) + (int) s.log_hash;
  sink = acc;
  return acc;
}
