/* -mfunction-return=thunk makes every return `jmp __x86_return_thunk':
   the thunk's code (a call, a lea, a ret, in a section of its own) runs
   before control is back in the caller, so what the caller had cached may
   be gone: the instruction after the call of f is not always-hit (a model
   that took the jump for a plain return promised it).  The same for an
   indirect jump through __x86_indirect_thunk_REG (docs/semantics.md §5.5).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -mfunction-return=thunk -mindirect-branch=thunk -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { scan-assembler {\tcall\tf\n(?:\.L\w+:\n)*\t# cachecat: [a-z-]+[^\n]*\n\t[a-z]+\t[^\n]*\n(?:\.L\w+:\n)*\t# cachecat: (?!always-hit)[a-z-]+ } } } */
/* { dg-final { report-json-ok "[i['category'] for p in d['functions'] if p['name'] == 'run' for i in p['insns']][[k for p in d['functions'] if p['name'] == 'run' for k, i in enumerate(p['insns']) if i.get('call', {}).get('callee') == 'f'][0] + 1] != 'always-hit'" } } */

volatile int sink;

static __attribute__ ((noinline)) void
f (void)
{
  sink = 1;
}

__attribute__ ((aligned (64))) int
run (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      f ();
      s += sink;
    }
  return s;
}
