/* entry= must be a symbol. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-entry=1main" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-entry=1main: expected a function symbol} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
