/* A bound GCC derives from nothing but the range of the loop counter's
   type (an int counter against a limit it does not know: 2^31 - 1
   iterations) is sound and useless: the report marks it, and
   loop-template= lists its loop as one wanting a pragma, beside the
   loops without a bound; a loop GCC bounds by its limit is not marked
   (docs/semantics.md §7.5).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-loop-template=loops.txt -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "[(l['iterations'] >= 2**31 - 1, l.get('iterations_from_type_range')) for f in d['functions'] if f['name'] == 'sum_n' for l in f['loops']] == [(True, True)]" } } */
/* { dg-final { report-json-ok "[l.get('iterations_from_type_range') for f in d['functions'] if f['name'] == 'fill' for l in f['loops']] == [None]" } } */
/* { dg-final { scan-file loops.txt "\n\[^\n\]*bnd-type-range.c:\[0-9\]+: a loop in sum_n \\(bounded by its counter's type only\\)\n" } } */
/* { dg-final { scan-file-not loops.txt "a loop in fill" } } */

volatile int dev[8];
int a[100];

void
fill (int v)
{
  for (int i = 0; i < 100; i++)
    a[i] = v + i;
}

int
sum_n (int n)
{
  int s = 0;
  for (int k = 0; k < n; k++)
    s += dev[k & 7] * k;
  return s;
}
