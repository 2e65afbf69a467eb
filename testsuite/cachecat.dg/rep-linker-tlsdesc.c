/* A TLS descriptor call (-mtls-dialect=gnu2) is no call insn for GCC, but
   where the link keeps it, it calls the dynamic linker's resolver: unknown
   code runs after it, and it carries no promise (docs/semantics.md §3.5).
   The load after it cannot be always-hit.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fPIC -mtls-dialect=gnu2 -fplugin-arg-cachecat-entry=tls" } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][0]['insns'] if i.get('linker') == 'R_X86_64_TLSDESC_CALL'] == ['conflict']" } } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][0]['insns']][[k for k, i in enumerate(d['functions'][0]['insns']) if 'linker' in i][0] + 1] != 'always-hit'" } } */
/* { dg-final { scan-assembler {\tcall\t\*tv@TLSCALL\(%rax\)\n(?:\.L\w+:\n)*\t# cachecat: conflict line=\d+ set=\d+ linker=R_X86_64_TLSDESC_CALL\n} } } */

extern __thread int tv;

int
tls (void)
{
  return tv;
}
