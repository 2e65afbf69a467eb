/* A fetch time that is no whole number of cycles in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-cycles.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-cycles.conf:8: miss_penalty 'ten': expected a whole number of cycles, at most 1000000} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
