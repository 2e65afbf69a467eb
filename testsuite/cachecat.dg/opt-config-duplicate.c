/* A key given twice in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-duplicate.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-duplicate.conf:6: duplicate key 'size' \(first given on line 2\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
