/* first-miss scoped to a function invocation.  g's loop (line 3, set 1) is
   evicted between calls by run's own code (line 5, set 1): the program's
   reaching set at g's loop holds line 5, one invocation of g references
   only g's lines, so the loop's first fetch misses at most once per call.  */
/* { dg-do compile } */
/* { dg-options "-O1 -falign-loops=32 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {addl\t%eax, \(%rdx,%rax,4\)\n(?:\.L\w+:\n)*\t# cachecat: first-miss scope=function line=3 set=1\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "any(i.get('scope') == 'function' for i in [f for f in d['functions'] if f['name'] == 'g'][0]['insns'])" } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

static __attribute__ ((noinline, aligned (64))) void
g (void)
{
  for (int j = 0; j < 16; j++)
    data[j] += j;
}

__attribute__ ((aligned (64))) void
run (void)
{
  for (int i = 0; i < 8; i++)
    {
      g ();
      h ();
    }
}
