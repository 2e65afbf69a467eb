/* Tree pseudo-LRU needs a power-of-two number of ways: 3 ways are refused. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-ways=3 -fplugin-arg-cachecat-cache-size=3072 -fplugin-arg-cachecat-policy=plru" } */
/* { dg-error {cachecat: cache shape 3072 bytes, 32-byte lines, 3 ways: tree pseudo-LRU \(policy plru\) needs a power-of-two number of ways; the shape comes from [^\n]*-fplugin-arg-cachecat-ways=3} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
