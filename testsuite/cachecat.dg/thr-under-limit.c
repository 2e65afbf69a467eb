/* Limits that are not exceeded change nothing: no diagnostic, exit 0,
   annotated assembly and report written.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-max-conflicts=1 -fplugin-arg-cachecat-max-conflicts-per-function=1" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { scan-assembler {# cachecat: conflict} } } */
/* { dg-final { report-exists } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void)
{
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i;
    }
}
