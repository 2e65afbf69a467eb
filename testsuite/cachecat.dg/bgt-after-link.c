/* With record, cachecat-link checks the budgets again on the linked
   program, where a call of another unit's function is bounded: a miss
   budget that only such a call leaves unbounded waits for it, with a
   note, and the compile succeeds.  A budget broken by the unit's own code
   is still an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-record -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-json-ok "[f['max_misses'] for f in d['functions'] if f['name'] == 'control'] == [None]" } } */

extern int work (int);
volatile unsigned dev[8];

__attribute__ ((cachecat_max_misses (5))) int
control (void) /* { dg-message "note: cachecat: the miss budget of 'control' \\(5, 'cachecat_max_misses'\\) is checked by cachecat-link on the linked program: control calls code outside the unit or through a pointer" } */
{
  int s = 0;
  for (int i = 0; i < 100; i++)
    s += work (i);
  return s;
}

__attribute__ ((cachecat_max_misses (1))) unsigned
poll8 (void) /* { dg-error "cachecat: a call of 'poll8' may cause up to \[0-9\]+ misses, over its budget of 1" } */
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7]; /* { dg-message "note: cachecat: up to" } */
  return acc;
}
