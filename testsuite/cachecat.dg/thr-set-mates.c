/* A threshold's note on a conflict program line names the other program
   lines of its set, which may evict it (docs/semantics.md §7.6): here
   h's line, with its function and source line.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-max-conflicts-per-function=0" } */
/* { dg-final { compile-exit-status 1 } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void) /* { dg-error "cachecat: 1 conflict instructions in 'run' exceed the limit" } */
{
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i; /* { dg-message "note: cachecat: 1 conflict instructions in program line 8 \\(set 0\\) of 'run': \[^\n\]*thr-set-mates.c:19; lines of 'h' \\(\[^\n\]*thr-set-mates.c:10\\) share its set" } */
    }
}
