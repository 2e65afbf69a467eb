/* A loop bound pragma inside a macro's body, before the loop the same
   macro writes (as benchmark suites write them: TACLeBench's
   _Pragma ("loopbound min 40 max 40") in a macro), bounds that loop;
   another loop of the same expansion, without a pragma of its own, is
   not bounded by it: only by the range of its counter's type, as GCC
   bounds it (docs/semantics.md §7.5).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'scan' for l in f['loops']] == [(41, 'pragma')]" } } */
/* { dg-final { report-json-ok "sorted((l['iterations_source'], l['iterations']) for f in d['functions'] if f['name'] == 'two' for l in f['loops']) == [('gcc', 4294967295), ('pragma', 9)]" } } */

volatile unsigned dev[8];
extern unsigned n, m;

#define SCAN(k, n) _Pragma ("loopbound min 0 max 40") for (k = 0; k < (n); k++)

unsigned
scan (void)
{
  unsigned acc = 0, k;
  SCAN (k, n)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}

#define TWO(acc)                                                        \
  _Pragma ("cachecat loop_bound (8)")                                   \
  for (unsigned k = 0; k < n; k++)                                      \
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5];      \
  for (unsigned j = 0; j < m; j++)                                      \
    acc = acc * 7 + dev[6] * dev[7]

unsigned
two (void)
{
  unsigned acc = 0;
  TWO (acc);
  return acc;
}
