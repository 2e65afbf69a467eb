/* A bare key (disable) given a value. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-disable=yes" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-disable=yes: takes no value; write -fplugin-arg-cachecat-disable} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
