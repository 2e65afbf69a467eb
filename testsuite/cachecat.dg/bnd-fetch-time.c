/* A core's hit time from its config (no-timing.conf: 3 cycles, no miss
   penalty) and the memory system's miss penalty from the arguments make
   a fetch time: the report's cache gives both, and a function's fetch
   time on its one path is 3 per fetch and 30 more per miss.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-config=$srcdir/cachecat.dg/no-timing.conf -fplugin-arg-cachecat-miss-penalty=30" } */
/* { dg-final { report-json-ok "d['cache']['hit_cycles'] == 3 and d['cache']['miss_penalty'] == 30" } } */
/* { dg-final { report-json-ok "[f['max_fetch_cycles'] == 3 * f['max_fetches'] + 30 * f['max_misses'] > 0 for f in d['functions'] if f['name'] == 'straight'] == [True]" } } */

volatile int a[16];

void
straight (void)
{
  a[0] = a[1] * 3 + a[2];
  a[3] = a[4] ^ a[5];
}
