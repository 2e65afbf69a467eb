/* The two-way example of docs/semantics.md §8.2, compiled: A (foo), B (b)
   and C (c) are one line each in set 0 of a 2-way cache (16 sets of 32
   bytes; each is aligned to 512 bytes), main's own lines lie in sets 1 and
   up.  main: foo (); loop { B; foo (); foo (); C }.  foo's first instance
   misses, the second (the first call in the loop) hits at its first fetch
   in each execution of main's loop and misses later (C and B push A out
   between iterations), the third always hits; B and C always miss.  */
/* { dg-do compile } */
/* { dg-options "-O1 -fplugin-arg-cachecat-entry=main -fplugin-arg-cachecat-cache-size=1024 -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-ways=2" } */
/* { dg-final { report-json-ok "[(c['category'], c.get('scope'), c['instances']) for c in [f for f in d['functions'] if f['name'] == 'foo'][0]['insns'][0]['contexts']] == [('always-hit', None, [4]), ('always-miss', None, [1]), ('first-hit', {'loop': 'main+21'}, [3])]" { target x86_64-*-* } } } */
/* { dg-final { report-json-ok "[i['call']['callee'] for i in [f for f in d['functions'] if f['name'] == 'main'][0]['insns'] if 'call' in i] == ['foo', 'b', 'foo', 'foo', 'c']" } } */
/* { dg-final { report-json-ok "[[i for i in f['insns']][0]['category'] for f in d['functions'] if f['name'] in ('b', 'c')] == ['always-miss', 'always-miss']" } } */
/* { dg-final { report-json-ok "[f['loops'][0]['header'] for f in d['functions'] if f['name'] == 'main'] == [21]" { target x86_64-*-* } } } */

volatile int sink, rounds = 3;

static __attribute__ ((noinline, aligned (512))) void foo (void) { sink += 1; }
static __attribute__ ((noinline, aligned (512))) void b (void) { sink += 2; }
static __attribute__ ((noinline, aligned (512))) void c (void) { sink += 3; }

__attribute__ ((aligned (32))) int
main (void)
{
  foo ();
  for (int i = 0; i < rounds; i++)
    {
      b ();
      foo ();
      foo ();
      c ();
    }
  return 0;
}
