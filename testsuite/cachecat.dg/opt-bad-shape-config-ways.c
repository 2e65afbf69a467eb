/* A config with 2 ways is refused too; the message names the config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=cortex-a53" } */
/* { dg-error {cachecat: cache shape 32768 bytes, 64-byte lines, 2 ways: 2-way caches are not supported yet[^\n]*the shape comes from config 'cortex-a53' \([^)]*/cortex-a53.conf\)} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
