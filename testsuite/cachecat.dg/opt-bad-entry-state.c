/* entry-state= is cold or warm. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-entry=main -fplugin-arg-cachecat-entry-state=hot" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-entry-state=hot: expected 'cold' or 'warm'} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
