/* The miss bound of a loop whose body takes one of two arms per
   iteration is the worst path's (docs/semantics.md §7.5, "The worst
   path"): about one arm per iteration, not both.  The check sums the
   lines of the loop's always-miss and conflict instructions times the
   iterations (what every path together can miss): the bound must be well
   below that sum.  So must the fetch bound be below the lines of all the
   loop's instructions times the iterations: about one arm per
   iteration.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-cache-size=128 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "[(l['max_misses'], sum(i['lines'] for i in f['insns'] if i['offset'] in l['insns'] and i['category'] in ('conflict', 'always-miss')) * l['iterations']) for f in d['functions'] if f['name'] == 'two_arms' for l in f['loops']][0][1] > 1000" } } */
/* { dg-final { report-json-ok "[10 * l['max_misses'] < 6 * sum(i['lines'] for i in f['insns'] if i['offset'] in l['insns'] and i['category'] in ('conflict', 'always-miss')) * l['iterations'] for f in d['functions'] if f['name'] == 'two_arms' for l in f['loops']] == [True]" } } */
/* { dg-final { report-json-ok "[10 * l['max_fetches'] < 6 * sum(i['lines'] for i in f['insns'] if i['offset'] in l['insns']) * l['iterations'] and l['max_fetches'] >= l['iterations'] * 20 for f in d['functions'] if f['name'] == 'two_arms' for l in f['loops']] == [True]" } } */

volatile int sink, a[64];
#define BODY(k) a[k] = a[k + 1] * 3 + a[k + 2] ^ a[k + 3]; a[k + 4] += a[k + 5] * a[k + 6];

int
two_arms (void)
{
  int s = 0;
  for (int i = 0; i < 100; i++)
    {
      if (sink)
        { BODY (0) BODY (1) BODY (2) BODY (3) BODY (4) BODY (5) BODY (6) BODY (7) }
      else
        { BODY (10) BODY (11) BODY (12) BODY (13) BODY (14) BODY (15) BODY (16) BODY (17) }
      s += sink;
    }
  return s;
}
