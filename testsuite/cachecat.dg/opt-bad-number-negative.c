/* A negative limit. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-max-conflicts=-1" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-max-conflicts=-1: expected a non-negative integer} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
