/* A config whose policy is not lru (cortex-a53: random), made direct-mapped
   with ways=1: refused, and the message says how to go on.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=cortex-a53 -fplugin-arg-cachecat-ways=1" } */
/* { dg-error {cachecat: policy 'random' from config cortex-a53 is not supported yet; supported: lru \(config file [^ ]*/cortex-a53.conf; with 1 way every policy evicts the same line, so -fplugin-arg-cachecat-policy=lru analyses it exactly\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
