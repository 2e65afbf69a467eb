/* h_matrix: matrices on the heap (malloc'd row pointers): blocked and
   naive multiplication, exact integer Gaussian elimination (Bareiss) for
   the determinant, and a printed checksum per size.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Loop nests three and four deep (the blocked product) with trip counts
   from 1 to 24; Bareiss' inner loop divides, and its pivot search is a
   loop with an early exit.  */
#include <stdio.h>
#include <stdlib.h>

typedef long long elem;

static elem **
alloc_mat (int n)
{
  elem **m = malloc ((size_t) n * sizeof *m);
  if (!m)
    exit (1);
  for (int i = 0; i < n; i++)
    if (!(m[i] = calloc ((size_t) n, sizeof **m)))
      exit (1);
  return m;
}

static void
free_mat (elem **m, int n)
{
  for (int i = 0; i < n; i++)
    free (m[i]);
  free (m);
}

static void
mul_naive (elem **c, elem **a, elem **b, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        elem s = 0;
        for (int k = 0; k < n; k++)
          s += a[i][k] * b[k][j];
        c[i][j] = s;
      }
}

#define BS 8

static void
mul_blocked (elem **c, elem **a, elem **b, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c[i][j] = 0;
  for (int ii = 0; ii < n; ii += BS)
    for (int kk = 0; kk < n; kk += BS)
      for (int i = ii; i < ii + BS && i < n; i++)
        for (int k = kk; k < kk + BS && k < n; k++)
          {
            elem aik = a[i][k];
            for (int j = 0; j < n; j++)
              c[i][j] += aik * b[k][j];
          }
}

/* Fraction-free elimination; destroys m.  */
static elem
det_bareiss (elem **m, int n)
{
  elem prev = 1, sign = 1;
  for (int k = 0; k < n - 1; k++)
    {
      if (m[k][k] == 0)
        {
          int p;
          for (p = k + 1; p < n; p++)
            if (m[p][k] != 0)
              break;
          if (p == n)
            return 0;
          elem *t = m[k];
          m[k] = m[p];
          m[p] = t;
          sign = -sign;
        }
      for (int i = k + 1; i < n; i++)
        for (int j = k + 1; j < n; j++)
          m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) / prev;
      prev = m[k][k];
    }
  return sign * m[n - 1][n - 1];
}

int
main (void)
{
  static const int sizes[] = { 1, 3, 9, 17, 24 };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      int n = sizes[s];
      elem **a = alloc_mat (n), **b = alloc_mat (n), **c = alloc_mat (n),
           **d = alloc_mat (n);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          {
            a[i][j] = (i * 3 + j * 5 + (int) s) % 7 - 3;
            b[i][j] = (i == j) * 2 + (i * j) % 3 - 1;
          }
      mul_naive (c, a, b, n);
      mul_blocked (d, a, b, n);
      int same = 1;
      unsigned long long h = 0;
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          {
            same &= c[i][j] == d[i][j];
            h = h * 1000003u + (unsigned long long) c[i][j];
          }
      /* Small determinant: a 6x6 (or smaller) corner of c.  */
      int m = n < 6 ? n : 6;
      elem **e = alloc_mat (m);
      for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
          e[i][j] = c[i][j] + (i == j) * 5;
      elem det = det_bareiss (e, m);
      printf ("n=%2d same=%d hash=%016llx det=%lld\n", n, same, h, det);
      free_mat (a, n);
      free_mat (b, n);
      free_mat (c, n);
      free_mat (d, n);
      free_mat (e, m);
    }
  return 0;
}
