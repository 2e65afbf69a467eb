/* An empty report path. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-report=" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-report=: expected a file path} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
