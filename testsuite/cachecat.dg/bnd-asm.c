/* An asm statement with machine instructions may run any code, whose
   misses no bound counts: its function is unbounded, and the reason names
   it.  One without any (a compiler barrier) runs nothing and bounds
   nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-final { report-json-ok "[f['max_misses'] is not None for f in d['functions'] if f['name'] == 'barrier_loop'] == [True]" } } */
/* { dg-final { report-json-ok "re.match(r'unknown code runs in nop_loop at .*bnd-asm.c:28 ', [f for f in d['functions'] if f['name'] == 'nop_loop'][0]['unbounded_because'])" } } */

int a[100];

void
barrier_loop (void)
{
  for (int i = 0; i < 100; i++)
    {
      a[i] = i;
      __asm__ volatile ("" ::: "memory");
    }
}

void
nop_loop (void)
{
  for (int i = 0; i < 100; i++)
    {
      a[i] = i;
      __asm__ volatile ("nop");
    }
}
