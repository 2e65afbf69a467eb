/* first-miss scoped to a loop.  The inner loop (aligned to its own line,
   line 10, set 0 of a 2-set cache) is evicted by h (line 0, set 0) on every
   outer iteration, so its first fetch misses once per execution of the inner
   loop: the reaching set of the program, of the function and of the outer
   loop all hold h's line; that of the inner loop does not.  Nothing else in
   line 10 is always-miss or conflict.
   The same program gives first-miss for the whole run: the outer loop's
   header (line 9, set 1) is fetched first when the loop is entered, and no
   other line of set 1 is referenced afterwards (h and the inner loop are in
   set 0).  */
/* { dg-do compile } */
/* { dg-options "-O1 -falign-loops=32 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {addl\t%eax, \(%rbx,%rax,4\)\n(?:\.L\w+:\n)*\t# cachecat: first-miss scope=loop@0x40 line=10 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "any(i.get('scope') == {'loop': 0x40} for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { scan-assembler {call\th\n(?:\.L\w+:\n)*\t# cachecat: first-miss scope=program line=9 set=1\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "[l['header'] for l in d['functions'][1]['loops']] == [0x20, 0x40] and d['functions'][1]['loops'][1]['parent'] == 0x20" { target x86_64-*-* } } } */

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
