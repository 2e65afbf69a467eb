/* A limit that fails the compile: GCC deletes its output (here the
   object and the temporary .s), so the annotated assembly of the unit,
   annotations and all, goes to <output base>.cachecat.s, and a note says
   where.  */
/* { dg-do assemble } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-max-conflicts-per-function=0" } */
/* { dg-message "cachecat: the annotated assembly of this unit is in '\[^\n\]*thr-kept-asm.cachecat.s' \\(GCC deletes its output when the compile fails\\)" "" { target *-*-* } 0 } */
/* { dg-prune-output "note:" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-exists-not } } */
/* { dg-final { scan-file thr-kept-asm.cachecat.s {# cachecat: conflict} } } */
/* { dg-final { scan-file thr-kept-asm.cachecat.s {\nrun:\n} } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void) /* { dg-error "exceed the limit of 0" } */
{
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i;
    }
}
