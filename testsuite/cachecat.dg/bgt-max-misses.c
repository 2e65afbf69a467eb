/* Budgets in the source (cachecat_max_misses): a function whose bound
   (docs/semantics.md §7.5) exceeds its budget fails the compile with an
   error at the function and notes at the instructions and calls that
   use the budget up, largest first; one within its budget says nothing;
   a call of code outside the unit makes the bound unbounded, and the
   error says why.  The report is still written.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-exists } } */
/* { dg-final { report-json-ok "[f['max_misses'] for f in d['functions'] if f['name'] == 'roomy'][0] <= 1000" } } */

volatile unsigned dev[8];
extern int puts (const char *);

__attribute__ ((cachecat_max_misses (1))) unsigned
poll8 (void) /* { dg-error "cachecat: a call of 'poll8' may cause up to \[0-9\]+ misses, over its budget of 1 \\('cachecat_max_misses'\\)" } */
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7]; /* { dg-message "note: cachecat: up to \[0-9\]+ misses: an always-miss instruction run up to 8 times" } */
  return acc;
}

__attribute__ ((cachecat_max_misses (1000), cachecat_max_conflicts (100))) unsigned
roomy (void)
{
  return poll8 () + 1;
}

__attribute__ ((cachecat_max_misses (1000))) void
say (void) /* { dg-error "cachecat: a call of 'say' may cause unboundedly many misses, over its budget of 1000 \\('cachecat_max_misses'\\): say calls code outside the unit or through a pointer at \[^\n\]*bgt-max-misses.c:34" } */
{
  puts ("hi"); /* { dg-message "note: cachecat: unboundedly many misses: a call of code outside the unit or through a pointer" } */
}
