/* A config file without a required key: the file is named (there is no line). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-missing.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-missing.conf: missing 'ways'} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
