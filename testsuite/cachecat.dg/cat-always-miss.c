/* always-miss from a cold start, always-hit for the next fetch of the line.
   Derivation (docs/semantics.md §5-6): run is the entry with a cold cache,
   so its first fetch finds inv only in its set: l is not in the state, the
   reference is always-miss.  The next instruction lies in the same line,
   which nothing can evict in between: l is the only possible occupant,
   always-hit.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=64 -fplugin-arg-cachecat-line-size=32" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { scan-assembler {leal\t1\(%rdi\), %eax\n(?:\.L\w+:\n)*\t# cachecat: always-miss line=0 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {ret\n(?:\.L\w+:\n)*\t# cachecat: always-hit line=0 set=0\n} { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][0]['insns']] == ['always-miss', 'always-hit']" } } */

__attribute__ ((aligned (64))) int
run (int x)
{
  return x + 1;
}
