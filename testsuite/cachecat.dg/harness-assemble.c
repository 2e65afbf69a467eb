/* Harness: dg-do assemble keeps the assembly (-save-temps) for
   scan-assembler, and the object file exists.  */
/* { dg-do assemble } */
/* { dg-options "-O2" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { output-exists } } */
/* { dg-final { scan-assembler "cachecat: " } } */

int
f (int x)
{
  return x * 3;
}
