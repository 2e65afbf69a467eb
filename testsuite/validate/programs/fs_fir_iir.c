/* fs_fir_iir: a fixed-point signal chain: 16-tap FIR with a circular delay
   line, a cascade of two biquad IIR sections, decimation by 4 and a
   moving-average level detector, run sample by sample.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The per-sample work is a short fixed sequence of calls with small inner
   loops, the shape of DSP interrupt handlers; coefficients come from const
   tables read every sample.  */
#include "../../valgrind/freestanding.h"

#define TAPS 16

/* Q15 low-pass coefficients (symmetric).  */
static const short fir_coef[TAPS] = {
  -120, -310, -420, 180, 1400, 3100, 4600, 5400,
  5400, 4600, 3100, 1400, 180, -420, -310, -120
};

/* Two biquads, Q14: b0 b1 b2 a1 a2.  */
static const int biquad_coef[2][5] = {
  { 3100, 6200, 3100, -15000, 5600 },
  { 4096, -8192, 4096, -20000, 8100 },
};

struct biquad_state
{
  int x1, x2, y1, y2;
};

static short delay[TAPS];
static unsigned delay_pos;
static struct biquad_state bq[2];
static int avg_window[8];
static unsigned avg_pos;
static int avg_sum;

static __attribute__ ((noinline)) int
fir (int x)
{
  delay[delay_pos] = (short) x;
  int acc = 0;
  unsigned p = delay_pos;
  for (unsigned k = 0; k < TAPS; k++)
    {
      acc += fir_coef[k] * delay[p];
      p = (p - 1) & (TAPS - 1);
    }
  delay_pos = (delay_pos + 1) & (TAPS - 1);
  return acc >> 15;
}

static __attribute__ ((noinline)) int
biquad (int s, int x)
{
  const int *c = biquad_coef[s];
  struct biquad_state *st = &bq[s];
  int y = (c[0] * x + c[1] * st->x1 + c[2] * st->x2
           - c[3] * st->y1 - c[4] * st->y2) >> 14;
  if (y > 32767)
    y = 32767;
  else if (y < -32768)
    y = -32768;
  st->x2 = st->x1;
  st->x1 = x;
  st->y2 = st->y1;
  st->y1 = y;
  return y;
}

static __attribute__ ((noinline)) int
level (int x)
{
  int a = x < 0 ? -x : x;
  avg_sum += a - avg_window[avg_pos];
  avg_window[avg_pos] = a;
  avg_pos = (avg_pos + 1) & 7;
  return avg_sum >> 3;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned noise = 1 + (unsigned) sink;
  int peak = 0, acc = 0;
  for (int n = 0; n < 4000; n++)
    {
      noise = noise * 1664525u + 1013904223u;
      int tri = (n & 63) < 32 ? (n & 31) * 900 : (31 - (n & 31)) * 900;
      int x = tri - 14000 + (int) ((noise >> 20) & 2047) - 1024;
      int y = fir (x);
      if ((n & 3) == 0)
        {
          /* Decimated branch.  */
          y = biquad (0, y);
          y = biquad (1, y);
          int l = level (y);
          if (l > peak)
            peak = l;
          acc += l;
        }
      acc ^= y;
    }
  acc += peak << 8;
  sink = acc;
  return acc;
}
