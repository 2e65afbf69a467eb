/* Zero ways. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-ways=0" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-ways=0: expected a positive integer} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
