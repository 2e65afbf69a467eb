/* A value without a key in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-no-key.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-no-key.conf:3: missing key before '='} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
