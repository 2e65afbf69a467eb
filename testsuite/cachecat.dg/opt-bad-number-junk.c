/* A number with junk after it. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-max-instances=10e3" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-max-instances=10e3: expected a positive integer} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
