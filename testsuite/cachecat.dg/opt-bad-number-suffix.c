/* A size with an unknown suffix. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-size=4X" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-cache-size=4X: expected a size in bytes: a positive decimal integer, optionally followed by K, k or KiB \(x1024\), M or MiB \(x1048576\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
