/* An unknown policy. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-policy=mru" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-policy=mru: unknown policy 'mru'; allowed: lru, fifo, plru, random} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
