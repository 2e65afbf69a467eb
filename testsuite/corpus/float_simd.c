/* float_simd.c: floating point and vectorisable loops: reductions, saxpy, int SIMD, conversions, math builtins, vector extensions
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   VEX/EVEX encodings, whose lengths GCC sometimes gets wrong:
   cachecat-extra-flags: -O3 -march=skylake

   x87 instructions (long double), whose lengths GCC guesses, and merged
   constants (.set .LC3,.LC20+8): the layout is computed all the same.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define N 256

static float xf[N], yf[N];
static double xd[N], yd[N];
static int16_t s16[N];
static uint8_t u8[N];

__attribute__ ((noinline)) void
saxpy (float a, float *restrict y, const float *restrict x, size_t n)
{
  for (size_t i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

__attribute__ ((noinline)) double
dot (const double *a, const double *b, size_t n)
{
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

__attribute__ ((noinline)) int32_t
sum_i16 (const int16_t *v, size_t n)
{
  int32_t s = 0;
  for (size_t i = 0; i < n; i++)
    s += v[i];
  return s;
}

__attribute__ ((noinline)) void
saturate_u8 (uint8_t *restrict out, const int16_t *restrict in, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      int v = in[i];
      out[i] = (uint8_t) (v < 0 ? 0 : v > 255 ? 255 : v);
    }
}

__attribute__ ((noinline)) float
max_abs (const float *v, size_t n)
{
  float m = 0;
  for (size_t i = 0; i < n; i++)
    {
      float a = __builtin_fabsf (v[i]);
      m = a > m ? a : m;
    }
  return m;
}

/* Conversions, division, fabs, truncation, long double (x87 on x86-64);
   no libm call, so the program links without -lm.  */
__attribute__ ((noinline)) long double
mixed_precision (int i, float f, double d)
{
  long double r = (long double) i / 3 + f * (double) d;
  r += __builtin_fabs (d) / (d + 1.0);
  return r * (long double) (long) f + (unsigned long) d;
}

/* Horner polynomial with a dependence chain.  */
__attribute__ ((noinline)) double
poly (double x)
{
  static const double c[] = { 1.0, -0.5, 0.25, -0.125, 0.0625, -0.03125, 0.015625 };
  double r = 0;
  for (int i = 6; i >= 0; i--)
    r = r * x + c[i];
  return r;
}

/* GNU vector extensions.  */
typedef float v4sf __attribute__ ((vector_size (16)));
typedef int32_t v8si __attribute__ ((vector_size (32)));

__attribute__ ((noinline)) v4sf
vmadd (v4sf a, v4sf b, v4sf c)
{
  return a * b + c;
}

__attribute__ ((noinline)) int32_t
vsum8 (const v8si *v, size_t n)
{
  v8si acc = { 0 };
  for (size_t i = 0; i < n; i++)
    acc += v[i] >> 1;
  int32_t s = 0;
  for (int k = 0; k < 8; k++)
    s += acc[k];
  return s;
}

/* _Complex arithmetic.  */
__attribute__ ((noinline)) double
cabs2 (_Complex double z, _Complex double w)
{
  _Complex double p = z * w;
  return __real__ p * __real__ p + __imag__ p * __imag__ p;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      xf[i] = (float) i * 0.5f;
      yf[i] = 1.0f;
      xd[i] = i;
      yd[i] = 2.0;
      s16[i] = (int16_t) (i * 3 - 100);
    }
  saxpy (2.0f, yf, xf, N);
  saturate_u8 (u8, s16, N);
  v4sf a = { 1, 2, 3, 4 }, b = { 2, 2, 2, 2 };
  v4sf r = vmadd (a, b, a);
  static v8si vv[4];
  for (int i = 0; i < 4; i++)
    for (int k = 0; k < 8; k++)
      vv[i][k] = i * 8 + k;
  double d = dot (xd, yd, N) + poly (0.5) + (double) mixed_precision (7, 2.5f, 4.0)
             + cabs2 (1.0 + 2.0 * __builtin_complex (0.0, 1.0), 3.0);
  if (yf[10] != 11.0f || u8[0] != 0 || u8[200] != 255 || r[3] != 12.0f
      || max_abs (yf, N) != 256.0f || sum_i16 (s16, N) != 3 * 32640 - 25600
      || vsum8 (vv, 4) != 240 || d < 65280.0)
    abort ();
  return 0;
}
