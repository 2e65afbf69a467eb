/* Each machine instruction is an instruction of the report, with its own
   offset, length and category, also where one GCC insn prints several: the
   stack protector's canary copy (three), the NOPs of
   -fpatchable-function-entry (four); one annotation follows the insn and
   names each (docs/semantics.md §3.1).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fstack-protector-all -fpatchable-function-entry=4,0 -fplugin-arg-cachecat-entry=main" } */
/* { dg-final { report-json-ok "[i['length'] for i in d['functions'][0]['insns'][:4]] == [1, 1, 1, 1]" } } */
/* { dg-final { report-json-ok "[i['length'] for i in d['functions'][0]['insns'][4:7]] == [4, 9, 5]" } } */
/* { dg-final { report-json-ok "all(a['offset'] + a['length'] == b['offset'] for a, b in zip(d['functions'][0]['insns'][:8], d['functions'][0]['insns'][1:8]))" } } */
/* { dg-final { report-json-ok "all(i['category'] != 'never-fetched' and 'fetch' not in i for p in d['functions'] for i in p['insns'])" } } */
/* { dg-final { report-json-ok "len(re.findall(r'cachecat: ', asm)) < sum(len(p['insns']) for p in d['functions'])" } } */
/* { dg-final { scan-assembler {\tnop\n\tnop\n\tnop\n\tnop\n(?:\.L\w+:\n)*\t# cachecat: 4 instructions: [a-z-]+[^\n]*\n} } } */
/* { dg-final { scan-assembler {\tmovq\t%fs:40, %rax\n\tmovq\t%rax, \d+\(%rsp\)\n\t[a-z]+\t[^\n]*\n(?:\.L\w+:\n)*\t# cachecat: 3 instructions: [^\n]*\n} } } */

volatile int sink;

int
main (void)
{
  char buf[32];
  for (int i = 0; i < 32; i++)
    buf[i] = (char) sink;
  return buf[sink & 31];
}
