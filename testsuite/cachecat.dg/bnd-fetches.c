/* The fetch bounds (docs/semantics.md §7.5, "Fetches", "Fetch time"):
   a function without branches fetches each of its instructions' lines
   once per call, so its max_fetches is their sum; its fetch time under
   the default cache (a hit 1 cycle, a miss 10 more) is its fetches plus
   10 per miss, its one path's.  (bnd-worst-path.c checks the worst
   path's fetches of a loop with two arms.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-cache-size=128 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "d['cache']['hit_cycles'] == 1 and d['cache']['miss_penalty'] == 10" } } */
/* { dg-final { report-json-ok "[(f['max_fetches'] == sum(i['lines'] for i in f['insns']) > 10, f['max_fetch_cycles'] == f['max_fetches'] + 10 * f['max_misses']) for f in d['functions'] if f['name'] == 'straight'] == [(True, True)]" } } */

volatile int a[64];
#define BODY(k) a[k] = a[k + 1] * 3 + a[k + 2] ^ a[k + 3]; a[k + 4] += a[k + 5] * a[k + 6];

void
straight (void)
{
  BODY (0) BODY (1) BODY (2)
}
