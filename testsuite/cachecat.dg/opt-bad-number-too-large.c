/* A size over 32 bits (4 GiB). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-size=4096M" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-cache-size=4096M: too large \(at most 4294967295\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
