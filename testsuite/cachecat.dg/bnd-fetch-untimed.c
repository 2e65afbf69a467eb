/* A config with a hit time and no miss penalty, and no argument giving
   one: no fetch time (max_fetch_cycles), and no error; the fetches are
   still bounded.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-config=$srcdir/cachecat.dg/no-timing.conf" } */
/* { dg-final { report-json-ok "'hit_cycles' not in d['cache'] and [('max_fetch_cycles' in f, f['max_fetches'] > 0) for f in d['functions']] == [(False, True)]" } } */

volatile int a[16];

void
straight (void)
{
  a[0] = a[1] * 3 + a[2];
}
