/* Inline asm is unknown code (docs/semantics.md §3.4, §5.5): a basic asm
   statement is annotated too, always as conflict.  An asm that emits no
   bytes is no instruction: no comment, no report entry.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { scan-assembler {\tnop\n# 0 "" 2\n(?:\.L\w+:\n)*\t# cachecat: conflict line=\d+ set=\d+\n} } } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][0]['insns'] if i.get('asm')] == ['conflict']" } } */
/* { dg-final { report-json-ok "len(re.findall(r'cachecat: ', asm)) == len(d['functions'][0]['insns'])" } } */

__attribute__ ((aligned (64))) int
run (int x)
{
  __asm__ ("nop");
  __asm__ volatile ("" : "+r" (x));
  return x + 1;
}
