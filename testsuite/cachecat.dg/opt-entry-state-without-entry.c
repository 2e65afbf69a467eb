/* entry-state= without entry=. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-entry-state=warm" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-entry-state=warm: needs an entry function: add -fplugin-arg-cachecat-entry=SYMBOL} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
