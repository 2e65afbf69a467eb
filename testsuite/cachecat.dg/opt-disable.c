/* disable: the plugin does nothing: an ordinary .s without any cachecat
   comment, and no report.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-disable" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { output-exists } } */
/* { dg-final { scan-assembler {\mf:} } } */
/* { dg-final { scan-assembler-not "cachecat" } } */
/* { dg-final { report-absent } } */

int
f (int x)
{
  return x + 1;
}
