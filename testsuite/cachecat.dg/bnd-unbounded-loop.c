/* A loop without an iteration bound whose instructions may miss on every
   fetch (a cache of two 16-byte lines, smaller than the loop) leaves the
   loop and its function unbounded, and names the loop; a bounded loop
   of the same code gets a number (docs/semantics.md §7.5).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "[(l['iterations'], l['max_misses']) for f in d['functions'] if f['name'] == 'poll' for l in f['loops']] == [(None, None)]" } } */
/* { dg-final { report-json-ok "re.match(r'the loop at .*bnd-unbounded-loop.c:\\d+ \\(poll\\+\\d+\\) has no iteration bound$', [f for f in d['functions'] if f['name'] == 'poll'][0]['unbounded_because'])" } } */
/* { dg-final { report-json-ok "re.match(r'the loop at .*bnd-unbounded-loop.c:\\d+ \\(poll\\+\\d+\\) has no iteration bound$', [f for f in d['functions'] if f['name'] == 'poll'][0]['loops'][0]['unbounded_because'])" } } */
/* { dg-final { report-json-ok "[l['iterations'] for f in d['functions'] if f['name'] == 'poll8' for l in f['loops']] == [8]" } } */
/* { dg-final { report-json-ok "[f for f in d['functions'] if f['name'] == 'poll8'][0]['loops'][0]['max_misses'] >= 8" } } */

volatile unsigned dev[8];

unsigned
poll (void)
{
  unsigned acc = 0;
  while (dev[0] != 0)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}

unsigned
poll8 (void)
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}
