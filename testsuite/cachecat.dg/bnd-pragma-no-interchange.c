/* The nest of bnd-pragma-interchange.c without -floop-interchange: both
   pragmas bound their loops, and no warning.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fno-tree-vectorize -fno-loop-interchange" } */

void
walk (int (*restrict c)[1000], int (*restrict a)[1000], int k, int n, int m)
{
#pragma loopbound min 0 max 1000
  for (int i = 0; i < n; i++)
#pragma loopbound min 0 max 10
    for (int j = 0; j < m; j++)
      c[j][i] = c[j][i] + a[j][i] * k;
}

/* { dg-final { report-json-ok "sorted(l['iterations'] for f in d['functions'] for l in f['loops'] if l['iterations_source'] == 'pragma') == [11, 1001]" } } */
