/* An unknown key in a config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-key.conf" } */
/* { dg-error {cachecat: [^ ]*/cachecat.dg/bad-conf-key.conf:6: unknown key 'colour'; valid keys: name, size, line, ways, policy, source, arch, hit_cycles, miss_penalty} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
