/* Miss bounds (docs/semantics.md §7.5): GCC's iteration bounds reach the
   loops of the final code; a loop GCC cannot bound leaves its function
   unbounded, and so does a call of code outside the unit.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fno-tree-loop-distribute-patterns" } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'fill' for l in f['loops']] == [(100, 'gcc')]" } } */
/* { dg-final { report-json-ok "[f for f in d['functions'] if f['name'] == 'fill'][0]['loops'][0]['max_misses'] >= 1" } } */
/* { dg-final { report-json-ok "[f for f in d['functions'] if f['name'] == 'fill'][0]['max_misses'] >= [f for f in d['functions'] if f['name'] == 'fill'][0]['loops'][0]['max_misses']" } } */
/* { dg-final { report-json-ok "[f for f in d['functions'] if f['name'] == 'twice'][0]['max_misses'] >= 2 * [f for f in d['functions'] if f['name'] == 'fill'][0]['max_misses']" } } */
/* { dg-final { report-json-ok "[(l['iterations'], l['iterations_source']) for f in d['functions'] if f['name'] == 'wait_ready' for l in f['loops']] == [(None, None)]" } } */
/* { dg-final { report-json-ok "[l['iterations'] for f in d['functions'] if f['name'] == 'count' for l in f['loops']] == [2147483647]" } } */
/* { dg-final { report-json-ok "re.match(r'say calls code outside the unit or through a pointer at .*bnd-gcc-loops.c:54$', [f for f in d['functions'] if f['name'] == 'say'][0]['unbounded_because'])" } } */
/* { dg-final { report-json-ok "all('max_misses' not in f for f in d['functions'] if f['name'] != f['function'])" } } */

extern int puts (const char *);
int a[100];

void
fill (int v)
{
  for (int i = 0; i < 100; i++)
    a[i] = v + i;
}

void
twice (int v)
{
  fill (v);
  fill (v + 1);
}

/* Nothing bounds this loop (its instructions still miss at most once
   per execution in this cache: first-miss); GCC's bound of one counting
   in an int comes from its overflow being undefined.  */
void
wait_ready (volatile int *ready)
{
  while (!*ready)
    ;
}

int
count (const char *s)
{
  int n = 0;
  while (*s++ != 0)
    n++;
  return n;
}

void
say (void)
{
  puts ("hi");
}
