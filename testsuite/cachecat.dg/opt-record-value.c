/* record takes no value or 'only'.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-record=yes" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-record=yes: expected no value, or 'only'} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
