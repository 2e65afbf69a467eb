/* bounds prints the bounds as a table on stderr: per function the most
   misses, fetches and cycles of fetch time one call causes, per loop one
   execution, with the loop's iterations and where they come from;
   loop-template= writes the loops without a bound as FILE:LINE for the
   user to fill in.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-bounds -fplugin-arg-cachecat-loop-template=loops.txt -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-prune-output "cachecat: the most misses, fetches and cycles of fetch time per call" } */
/* { dg-prune-output "    loop at " } */
/* { dg-prune-output "  fill  " } */
/* { dg-prune-output "  poll  " } */
/* { dg-final { scan-file compiler-output.txt "cachecat: the most misses, fetches and cycles of fetch time per call and per loop execution \\(the worst path's\\):\n  fill +\[0-9\]+ miss(es)?, \[0-9\]+ fetches, \[0-9\]+ cycles\n    loop at \[^\n\]*bnd-table.c:\[0-9\]+ +\[0-9\]+ miss(es)?, \[0-9\]+ fetches, \[0-9\]+ cycles, 100 header runs \\(gcc\\)\n  poll +unbounded: the loop at \[^\n\]*bnd-table.c:\[0-9\]+ \\(poll\\+\[0-9\]+\\) has no iteration bound\n    loop at \[^\n\]*bnd-table.c:\[0-9\]+ +unbounded, no iteration bound(\n|$)" } } */
/* { dg-final { scan-file loops.txt "^# cachecat: loops without an iteration bound" } } */
/* { dg-final { scan-file loops.txt "\n\[^\n\]*bnd-table.c:\[0-9\]+: a loop in poll\n$" } } */
/* { dg-final { scan-file-not loops.txt "a loop in fill" } } */

volatile unsigned dev[8];
int a[100];

void
fill (int v)
{
  for (int i = 0; i < 100; i++)
    a[i] = v + i;
}

unsigned
poll (void)
{
  unsigned acc = 0;
  while (dev[0] != 0)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}
