/* A config whose shape the policy cannot have (tree PLRU, 6 ways) is
   refused; the message names the config file. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/bad-conf-plru-ways.conf" } */
/* { dg-error {cachecat: cache shape 6144 bytes, 32-byte lines, 6 ways: tree pseudo-LRU \(policy plru\) needs a power-of-two number of ways; the shape comes from config [^\n]*bad-conf-plru-ways.conf} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
