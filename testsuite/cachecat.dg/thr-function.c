/* max-conflicts-per-function: one conflict instruction in run exceeds a
   limit of 0.  The compile fails with an error at the function, a note
   names the conflicting program line and its source line, the exit status
   is 1, and the report is still written.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-max-conflicts-per-function=0" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-exists } } */
/* { dg-final { report-json-ok "d['summary']['conflict'] == 1" } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void) /* { dg-error "cachecat: 1 conflict instructions in 'run' exceed the limit of 0 \\(max-conflicts-per-function\\)" } */
{
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i; /* { dg-message "note: cachecat: 1 conflict instructions in program line 8 \\(set 0\\) of 'run': \[^\n\]*thr-function.c:22" } */
    }
}
