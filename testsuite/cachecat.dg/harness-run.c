/* Harness: dg-do run links and runs the annotated program.  */
/* { dg-do run } */
/* { dg-options "-O1" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { scan-assembler "cachecat: " } } */

static int __attribute__ ((noinline))
twice (int x)
{
  return 2 * x;
}

int
main (void)
{
  return twice (21) == 42 ? 0 : 1;
}
