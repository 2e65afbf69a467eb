/* -mharden-sls=return writes a return as `ret; int3' from one insn: two
   machine instructions, and the int3 is never fetched (docs/semantics.md
   §3, §8.3).  f's ret is the last byte of line 0 and its int3 the first of
   line 1, where g starts right after it: g's first instruction, fetched
   when run calls g after f returned, finds line 1 never loaded (a model
   that took `ret; int3' for one fetch promised always-hit; it misses).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -mharden-sls=return -falign-functions=1 -fplugin-arg-cachecat-entry=run -fplugin-arg-cachecat-cache-size=256 -fplugin-arg-cachecat-line-size=32" } */
/* The layout this test is about: f at 0 with its int3 at 32, g at 33.  */
/* { dg-final { report-json-ok "[(p['section_offset'], p['size']) for p in d['functions'] if p['name'] in ('f', 'g')] == [(0, 33), (33, 11)]" } } */
/* { dg-final { report-json-ok "[(i['offset'], i['length'], i['category'], i['line']) for i in d['functions'][0]['insns'][-2:]] == [(31, 1, 'always-hit', 0), (32, 1, 'never-fetched', 1)]" } } */
/* { dg-final { report-json-ok "[i['category'] for i in d['functions'][1]['insns']][0] == 'always-miss'" } } */
/* { dg-final { report-json-ok "d['summary']['never-fetched'] == 2 and all('scope' not in i and i['contexts'] == [] for p in d['functions'] for i in p['insns'] if i['category'] == 'never-fetched')" } } */
/* One annotation after the insn names both instructions.  */
/* { dg-final { scan-assembler {\tret\n\tint3\n(?:\.L\w+:\n)*\t# cachecat: 2 instructions: always-hit line=0 set=0 \| never-fetched line=1 set=1\n} } } */

volatile int w;
volatile char b1, b2, b3;

/* 10 + 3 * 7 bytes of stores, then the ret: at byte 31.  */
static __attribute__ ((noinline, aligned (32))) void
f (void)
{
  w = 1;
  b1 = 1;
  b2 = 1;
  b3 = 1;
}

static __attribute__ ((noinline)) int
g (void)
{
  return w + 1;
}

__attribute__ ((aligned (64))) int
run (void)
{
  f ();
  return g ();
}
