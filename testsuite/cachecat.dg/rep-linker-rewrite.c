/* Instructions the linker may rewrite into others of other boundaries
   carry no promise, and the report names the relocation that allows it
   (docs/semantics.md §3.5): a tail call through the GOT (-fno-plt), which
   a static link makes `jmp f; nop', and the TLS general-dynamic
   sequence, which it makes an initial- or local-exec one.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fPIC -fno-plt -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { report-json-ok "[(i['length'], i['category']) for p in d['functions'] if p['name'] == 'tail' for i in p['insns'] if i.get('linker') == 'R_X86_64_GOTPCRELX'] == [(6, 'conflict')]" } } */
/* { dg-final { report-json-ok "[(i['length'], i['category']) for p in d['functions'] if p['name'] == 'tls' for i in p['insns'] if i.get('linker') == 'R_X86_64_TLSGD'] == [(8, 'conflict'), (8, 'conflict')]" } } */
/* { dg-final { report-json-ok "all(i['category'] == 'conflict' for p in d['functions'] for i in p['insns'] if 'linker' in i)" } } */
/* { dg-final { scan-assembler {\tjmp\t\*ext@GOTPCREL\(%rip\)\n(?:\.L\w+:\n)*\t# cachecat: conflict line=\d+ set=\d+ linker=R_X86_64_GOTPCRELX\n} } } */
/* { dg-final { scan-assembler {# cachecat: 2 instructions: (?:2x )?conflict [^\n]*linker=R_X86_64_TLSGD\n} } } */

extern int ext (int);
extern __thread int tv;

int
tail (int x)
{
  return ext (x + 1);
}

int
tls (void)
{
  return tv;
}

int
run (int x)
{
  return tail (x) + tls ();
}
