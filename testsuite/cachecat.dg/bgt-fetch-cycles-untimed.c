/* A fetch-time budget on a cache without a fetch time (no-timing.conf
   gives no miss penalty) cannot be checked: an error says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-config=$srcdir/cachecat.dg/no-timing.conf" } */
/* { dg-final { compile-exit-status 1 } } */

volatile int a[4];

__attribute__ ((cachecat_max_fetch_cycles (1000))) void
store (void) /* { dg-error "cachecat: a call of 'store' may take unboundedly many cycles of fetch time, over its budget of 1000 \\('cachecat_max_fetch_cycles'\\): the cache gives no fetch time" } */
{
  a[0] = 1;
}
