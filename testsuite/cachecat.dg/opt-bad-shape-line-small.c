/* Line size under 4 bytes. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-line-size=2" } */
/* { dg-error {cachecat: cache shape 4096 bytes, 2-byte lines, 1 way: the line size must be a power of two and at least 4 bytes; the shape comes from [^\n]* and -fplugin-arg-cachecat-line-size=2} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
