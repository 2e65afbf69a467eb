/* An unknown key (a typo) is refused, named as typed, with the valid keys. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-cache-sise=4K" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-cache-sise=4K: unknown option 'cache-sise'; valid keys: config, cache-size, line-size, ways, policy, hit-cycles, miss-penalty, entry, entry-state, report, max-conflicts, max-conflicts-per-function, max-instances, disable, record, bounds, loop-template, sarif} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
