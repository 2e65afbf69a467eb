/* first-miss for the whole run.  The outer loop's header (line 9, set 1) is
   fetched first when the loop is entered; no other line of set 1 is ever
   referenced afterwards (h and the inner loop are in set 0), so only the
   first fetch in the run can miss.  */
/* { dg-do compile } */
/* { dg-options "-O1 -falign-loops=32 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {call\th\n(?:\.L\w+:\n)*\t# cachecat: first-miss scope=program line=9 set=1\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "any(i.get('scope') == 'program' for f in d['functions'] for i in f['insns'])" } } */

volatile int sink;
int data[64];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void)
{
  for (int i = 0; i < 8; i++)
    {
      h ();
      for (int j = 0; j < 64; j++)
        data[j] += j;
    }
}
