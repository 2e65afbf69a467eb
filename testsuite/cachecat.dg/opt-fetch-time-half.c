/* The fetch time prices hits and misses: a hit time from the arguments
   with no miss penalty anywhere (the config gives none) is an error, not
   a fetch time that prices misses at 0. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=$srcdir/cachecat.dg/no-timing.conf -fplugin-arg-cachecat-hit-cycles=2" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-hit-cycles=2: needs -fplugin-arg-cachecat-miss-penalty too \(neither the arguments nor the config give it\): the fetch time prices both} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
