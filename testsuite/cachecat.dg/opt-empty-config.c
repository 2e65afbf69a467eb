/* An empty config name. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-config=: expected a config name} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
