/* Harness: report=PATH (relative to the compiler's working directory, the
   test's output directory) is where the report goes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-report=sub-report.json" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { report-exists } } */
/* { dg-final { scan-file sub-report.json {"summary"} } } */
/* { dg-final { json-check sub-report.json "isinstance(d['summary'], dict)" } } */
/* { dg-final { scan-report {"functions"} } } */

int
f (int x)
{
  return x + 1;
}
