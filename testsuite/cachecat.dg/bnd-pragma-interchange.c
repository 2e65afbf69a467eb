/* -floop-interchange (on at -O3) swaps the iteration counts of two nested
   loops by rewriting their exit tests in place: the test at the inner
   pragma's condition then counts the outer loop's iterations (here up to
   1000, not 10).  Neither pragma may bound a loop: each gets a warning,
   and no loop of the report takes a pragma's bound.  Without interchange
   both bounds are used.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fno-tree-vectorize" } */

void
walk (int (*restrict c)[1000], int (*restrict a)[1000], int k, int n, int m)
{
#pragma loopbound min 0 max 1000 /* { dg-warning "cachecat: GCC made this loop's condition count the iterations of another loop \\('-floop-interchange'\\); the bound is not used" } */
  for (int i = 0; i < n; i++)
#pragma loopbound min 0 max 10 /* { dg-warning "count the iterations of another loop" } */
    for (int j = 0; j < m; j++)
      c[j][i] = c[j][i] + a[j][i] * k;
}

/* { dg-final { report-json-ok "[l['iterations_source'] for f in d['functions'] for l in f['loops'] if l['iterations_source'] == 'pragma'] == []" } } */
