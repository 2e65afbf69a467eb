/* max-conflicts for the whole unit: the error names the function with the
   most conflicts, the compile fails, the report is still written.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-max-conflicts=0" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-exists } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void) /* { dg-error "cachecat: 1 conflict instructions in the unit exceed the limit of 0 \\(max-conflicts\\)" } */
{ /* { dg-message "note: cachecat: 1 conflict instructions in 'run'" "" { target *-*-* } .-1 } */
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i; /* { dg-message "note: cachecat: 1 conflict instructions in program line 8" } */
    }
}
