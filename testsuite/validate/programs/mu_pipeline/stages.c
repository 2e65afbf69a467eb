/* mu_pipeline, unit 2: the filter and scaling stages.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
static int hist[8];

static __attribute__ ((noinline)) int
clamp (int v)
{
  return v > 1000 ? 1000 : v < -1000 ? -1000 : v;
}

int
stage_filter (int x)
{
  for (int i = 7; i > 0; i--)
    hist[i] = hist[i - 1];
  hist[0] = x;
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += hist[i] * (i + 1);
  return clamp (s / 36);
}

int
stage_scale (int x)
{
  return x < 0 ? -((-x * 3) >> 1) : (x * 3) >> 1;
}

/* Never called: --gc-sections removes it.  */
int
stage_unused (int x)
{
  return clamp (x * x);
}
