/* Loop bounds in the source (docs/semantics.md §7.5): #pragma loopbound
   and _Pragma ("cachecat loop_bound (N)") bound the loop that follows (N
   body runs: N + 1 header runs); where GCC bounds the loop tighter, its
   bound is used and a note says so.  At -O0, where GCC keeps no loops,
   the bound reaches the loop by the insns of its test.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'poll' for l in f['loops']] == [(11, 'pragma')]" } } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'poll2' for l in f['loops']] == [(6, 'pragma')]" } } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'loose' for l in f['loops']] == [(101, 'pragma')]" } } */
/* { dg-final { report-json-ok "all(f['max_misses'] is not None for f in d['functions'] if f['name'] == f['function'])" } } */

volatile unsigned dev[8];
extern unsigned n;

unsigned
poll (void)
{
  unsigned acc = 0;
#pragma loopbound min 0 max 10
  for (unsigned k = 0; k < n; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}

#define BOUNDED(n) _Pragma ("cachecat loop_bound (5)")

unsigned
poll2 (void)
{
  unsigned acc = 0;
  BOUNDED (5)
  while (dev[0] != 0)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}

unsigned
loose (void)
{
  unsigned acc = 0;
#pragma loopbound min 0 max 100
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}
