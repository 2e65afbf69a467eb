/* The same key twice: the second is named, and where the first was. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-cache-size=1K -fplugin-arg-cachecat-line-size=64" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-line-size=64: 'line-size' given more than once \(first as -fplugin-arg-cachecat-line-size=32\); give it once} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
