/* always-miss by eviction.  g and h start at the same set of a direct-mapped
   cache (both 256-byte aligned, cache 64 bytes) and are called alternately:
   at g's first instruction the set holds h's line (or nothing, the first
   time), never g's, so every fetch misses; the same for h.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {\ng:\n(?:[^\n]*\n){0,4}?\tmovl\t\$1, sink\(%rip\)\n(?:\.L\w+:\n)*\t# cachecat: always-miss line=0 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\nh:\n(?:[^\n]*\n){0,4}?\tmovl\t\$2, sink\(%rip\)\n(?:\.L\w+:\n)*\t# cachecat: always-miss line=8 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "all(f['insns'][0]['category'] == 'always-miss' for f in d['functions'] if f['name'] in ('g', 'h'))" } } */

volatile int sink;
static __attribute__ ((noinline, aligned (256))) void g (void) { sink = 1; }
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (64))) void
run (void)
{
  for (int i = 0; i < 100; i++)
    {
      g ();
      h ();
    }
}
