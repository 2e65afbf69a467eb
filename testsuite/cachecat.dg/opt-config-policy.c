/* An unknown policy in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-policy.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-policy.conf:5: unknown policy 'clock'; allowed: lru, plru, fifo, random} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
