/* A size over 32 bits in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-too-large.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-too-large.conf:2: size '8192 MiB' is too large \(at most 4294967295\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
