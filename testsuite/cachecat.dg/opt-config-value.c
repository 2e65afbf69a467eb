/* A malformed number in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-value.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-value.conf:3: line '32 bytes': expected a size in bytes} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
