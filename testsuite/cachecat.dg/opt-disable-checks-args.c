/* disable still checks the other arguments: a typo is an error.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-disable -fplugin-arg-cachecat-cache-sise=4K" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-cache-sise=4K: unknown option 'cache-sise'} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
