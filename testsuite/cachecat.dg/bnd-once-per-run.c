/* Code that misses at most once in the whole run (every instruction
   always-hit or first-miss(program): it fits in the cache) bounds its
   callers' loops without iteration bounds and its own recursion: its
   lines are all it can load, however often it runs (docs/semantics.md
   §7.5, "Once per run").  The same code in a cache of two 16-byte lines
   stays unbounded: bnd-unbounded-loop.c.  The calls of mix and tree
   add their bounds once, and run's own instructions theirs (each the most
   lines it may touch: the section may start anywhere in a line).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { report-json-ok "[(l['iterations'], l['max_misses'] is not None) for f in d['functions'] if f['name'] == 'run' for l in f['loops']] == [(None, True)]" } } */
/* { dg-final { report-json-ok "all(f['max_misses'] is not None and 'unbounded_because' not in f for f in d['functions'])" } } */
/* { dg-final { report-json-ok "[f['max_misses'] for f in d['functions'] if f['name'] == 'run'][0] >= sum(f['max_misses'] for f in d['functions'] if f['name'] != 'run')" } } */
/* { dg-final { report-json-ok "[f['max_misses'] for f in d['functions'] if f['name'] == 'run'][0] == sum(f['max_misses'] for f in d['functions'] if f['name'] != 'run') + sum(1 + (i['length'] + d['cache']['line'] - 2) // d['cache']['line'] for f in d['functions'] if f['name'] == 'run' for i in f['insns'] if i['category'] != 'always-hit')" } } */

volatile unsigned dev[8];

static __attribute__ ((noinline)) unsigned
mix (unsigned a)
{
  return a * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]);
}

/* Recursive twice, so GCC turns only one of the calls into a loop.  */
static __attribute__ ((noinline)) unsigned
tree (unsigned n)
{
  return n ? tree (n - 1) * dev[5] + tree (n / 2) : 1;
}

unsigned
run (void)
{
  unsigned acc = 0;
  while (dev[0] != 0)
    acc = mix (acc);
  return acc + tree (dev[6]);
}
