/* 48 sets: not a power of two. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-size=3K -fplugin-arg-cachecat-line-size=64" } */
/* { dg-error {cachecat: cache shape 3072 bytes, 64-byte lines, 1 way: the number of sets, size / \(line size x ways\) = 48, must be a power of two; the shape comes from [^\n]* and -fplugin-arg-cachecat-cache-size=3K and -fplugin-arg-cachecat-line-size=64} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
