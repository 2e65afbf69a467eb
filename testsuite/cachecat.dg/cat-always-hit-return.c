/* always-hit at a return point that is not a consecutive fetch.  f's code
   (line 0, set 0) does not share a set with run's line 2 (set 2 of 4), so
   the instruction after the call finds line 2 still cached: always-hit
   although it starts a new unique path (docs/semantics.md §8.1, 0x18).  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=128 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {call\tf\n(?:\.L\w+:\n)*\t# cachecat: always-hit line=2 set=2\n(?:\.L\w+:\n)*\t[a-z]+\t[^\n]*\n(?:\.L\w+:\n)*\t# cachecat: always-hit line=2 set=2\n} { target x86_64-*-* } } } */

volatile int sink;
static __attribute__ ((noinline, aligned (64))) void f (void) { sink = 1; }

__attribute__ ((aligned (64))) int
run (int x)
{
  f ();
  return x + sink;
}
