/* conflict.  The loop's join point (line 8, set 0) is evicted by h
   (line 0, set 0) only when h was called: it may be cached and may not, and
   h's line is reachable within the loop, so no scope holds.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { scan-assembler {movslq\t%ebp, %rax\n(?:\.L\w+:\n)*\t# cachecat: conflict line=8 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "d['summary']['conflict'] >= 1" } } */

volatile int sink;
int data[16];
static __attribute__ ((noinline, aligned (256))) void h (void) { sink = 2; }

__attribute__ ((aligned (256))) void
run (void)
{
  for (int i = 0; i < 64; i++)
    {
      if (data[i & 15] > 3)
        h ();
      data[i & 15] += i;
    }
}
