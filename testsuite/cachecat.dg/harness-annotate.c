/* Harness smoke test: the default run annotates every instruction and
   writes BASE.cachecat.json next to the .s; one comment per instruction of
   the report.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-final { compile-exit-status 0 } } */
/* { dg-final { scan-assembler {# cachecat: (always-hit|always-miss|first-miss|first-hit|conflict)} } } */
/* { dg-final { report-exists } } */
/* { dg-final { scan-report {"summary"} } } */
/* { dg-final { report-json-ok "isinstance(d, dict) and 'summary' in d" } } */
/* { dg-final { report-json-ok "len(re.findall(r'cachecat: ', asm)) == sum(len(f['insns']) for f in d['functions'])" } } */

int
sum (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
