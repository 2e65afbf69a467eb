/* Set-associative caches are refused (only direct-mapped is analysed). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-ways=2" } */
/* { dg-error {cachecat: cache shape 4096 bytes, 32-byte lines, 2 ways: 2-way caches are not supported yet \(issue 4\)[^\n]*; the shape comes from [^\n]* and -fplugin-arg-cachecat-ways=2} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
