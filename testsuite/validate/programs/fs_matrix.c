/* fs_matrix: integer matrix multiply (ijk and ikj orders) at several sizes,
   transpose, matrix-vector product and a power iteration built on them.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Three-deep loop nests whose trip counts change with the size argument
   (1, 4, 12, 20): the innermost body is tiny and hot; at -O3 the same
   source becomes vectorised code with prologue and epilogue loops.  */
#include "../../valgrind/freestanding.h"

#define MAXN 20

typedef int mat[MAXN][MAXN];

static mat ma, mb, mc, mt;
static int vec[MAXN], out[MAXN];

static __attribute__ ((noinline)) void
init (mat m, int n, int salt)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      m[i][j] = ((i * 7 + j * 13 + salt) % 17) - 8;
}

static __attribute__ ((noinline)) void
mul_ijk (mat c, mat a, mat b, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        int s = 0;
        for (int k = 0; k < n; k++)
          s += a[i][k] * b[k][j];
        c[i][j] = s;
      }
}

static __attribute__ ((noinline)) void
mul_ikj_add (mat c, mat a, mat b, int n)
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      {
        int aik = a[i][k];
        if (aik == 0)
          continue;
        for (int j = 0; j < n; j++)
          c[i][j] += aik * b[k][j];
      }
}

static __attribute__ ((noinline)) void
transpose (mat t, mat m, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t[j][i] = m[i][j] + (i == j);
}

static __attribute__ ((noinline)) void
mat_vec (int *o, mat m, const int *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      int s = 0;
      for (int j = 0; j < n; j++)
        s += m[i][j] * v[j];
      o[i] = s >> 4;
    }
}

static __attribute__ ((noinline)) int
trace (mat m, int n)
{
  int t = 0;
  for (int i = 0; i < n; i++)
    t += m[i][i];
  return t;
}

static __attribute__ ((noinline)) int
program (void)
{
  static const int sizes[5] = { 1, 4, 12, 20, 7 };
  unsigned acc = (unsigned) sink;
  for (int s = 0; s < 5; s++)
    {
      int n = sizes[s];
      init (ma, n, s);
      init (mb, n, s + 5);
      mul_ijk (mc, ma, mb, n);
      transpose (mt, mc, n);
      mul_ikj_add (mc, mt, ma, n);
      acc = acc * 31 + (unsigned) trace (mc, n);
      /* Power iteration with shifting to keep values bounded.  */
      for (int i = 0; i < n; i++)
        vec[i] = 1 + i;
      for (int it = 0; it < 6; it++)
        {
          mat_vec (out, ma, vec, n);
          for (int i = 0; i < n; i++)
            vec[i] = (out[i] >> 2) + (i & 1);
        }
      for (int i = 0; i < n; i++)
        acc += (unsigned) vec[i] * (unsigned) (i + 1);
    }
  sink = (int) acc;
  return (int) acc;
}
