/* disable neither reads nor validates the config: an unknown config name
   and an unsupported shape do not fail the build.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-disable -fplugin-arg-cachecat-config=no-such-core -fplugin-arg-cachecat-ways=2" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { output-exists } } */
/* { dg-final { scan-assembler-not "cachecat" } } */
/* { dg-final { report-absent } } */

int
f (int x)
{
  return x + 1;
}
