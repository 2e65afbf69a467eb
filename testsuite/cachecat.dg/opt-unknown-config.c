/* An unknown config name; the message lists the available ones. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=no-such-core" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-config=no-such-core: no config named 'no-such-core' \(looked for no-such-core.conf in: [^\n]*\); available: [^\n]*default[^\n]*; or give a path to a .conf file} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
