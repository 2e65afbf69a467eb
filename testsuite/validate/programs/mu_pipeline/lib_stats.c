/* mu_pipeline, unit 3, linked from an archive: running statistics.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
static int count, lo = 1 << 30, hi = -(1 << 30);

int
stats_update (int v)
{
  count++;
  if (v < lo)
    lo = v;
  if (v > hi)
    hi = v;
  return (hi - lo) + (count & 7);
}
