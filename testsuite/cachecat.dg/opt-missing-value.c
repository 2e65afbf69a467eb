/* A key that takes a value, given bare. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-size" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-cache-size: needs a value, as in -fplugin-arg-cachecat-cache-size=VALUE; expected a size in bytes} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
