/* -mfunction-return=thunk-inline makes a return `call .L2; .L1: pause;
   lfence; jmp .L1; .L2: lea 8(%rsp), %rsp; ret': the call's return address
   is dropped before the ret, so the pause loop is only ever run
   speculatively: three never-fetched instructions, the other three always
   fetched (docs/semantics.md §3.2).  -mindirect-branch=thunk-inline's
   indirect call jumps back into its own thunk: out of address order, so
   its instructions after the first are maybe fetched and promise nothing
   (§3.3).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -mfunction-return=thunk-inline -mindirect-branch=thunk-inline -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { scan-assembler {\tret\n(?:\.L\w+:\n)*\t# cachecat: 6 instructions: [a-z-]+[^|\n]* \| 3x never-fetched [^|\n]* \| [a-z-]+[^|\n]*( \| [a-z-]+[^|\n]*)?\n} } } */
/* { dg-final { report-json-ok "[i['length'] for p in d['functions'] for i in p['insns'] if i['category'] == 'never-fetched'] == [2, 3, 2] * 3" } } */
/* { dg-final { report-json-ok "all(i.get('fetch') == 'maybe' and i['category'] == 'conflict' for i in d['functions'][0]['insns'][3:10] if i['category'] != 'never-fetched')" } } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][0]['insns'][4:7]] == ['never-fetched'] * 3" } } */

int (*volatile fp) (int);

__attribute__ ((noinline)) int
call (int x)
{
  return fp (x) + 2;
}

int
run (int x)
{
  return call (x) * 3;
}
