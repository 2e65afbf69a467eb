/* A key without a value in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-empty-value.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-empty-value.conf:4: 'ways' needs a value} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
