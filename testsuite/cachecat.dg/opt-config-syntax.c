/* A config line without '=': FILE:LINE in the message. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-syntax.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-syntax.conf:5: expected 'key = value', found 'ways 1'} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
