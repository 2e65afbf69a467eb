/* A known policy that is not analysed. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-policy=fifo" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-policy=fifo: policy 'fifo' is not supported yet; allowed: lru} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
