/* Cache size not a multiple of the line size. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-size=1000" } */
/* { dg-error {cachecat: cache shape 1000 bytes, 32-byte lines, 1 way: the size must be a multiple of line size x ways \(32\); the shape comes from [^\n]* and -fplugin-arg-cachecat-cache-size=1000} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
