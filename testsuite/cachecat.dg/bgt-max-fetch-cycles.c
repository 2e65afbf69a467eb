/* The fetch-time budget in the source (cachecat_max_fetch_cycles): a
   function whose fetch time on its worst path (docs/semantics.md §7.5,
   "Fetch time"; the default cache: a fetch 1 cycle, a miss 10 more)
   exceeds its budget fails the compile with an error that gives its
   fetches and misses, and notes at the instructions that may miss; one
   within its budget says nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-json-ok "[f['max_fetch_cycles'] for f in d['functions'] if f['name'] == 'roomy'][0] <= 100000" } } */

volatile unsigned dev[8];

__attribute__ ((cachecat_max_fetch_cycles (20))) unsigned
poll8 (void) /* { dg-error "cachecat: a call of 'poll8' may take up to \[0-9\]+ cycles of fetch time, over its budget of 20 \\('cachecat_max_fetch_cycles'\\): its worst paths fetch at most \[0-9\]+ lines, at 1 cycle each, and miss at most \[0-9\]+ times, at 10 cycles more each" } */
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7]; /* { dg-message "note: cachecat: up to \[0-9\]+ misses: an always-miss instruction run up to 8 times" } */
  return acc;
}

__attribute__ ((cachecat_max_fetch_cycles (100000))) unsigned
roomy (void)
{
  return poll8 () + 1;
}
