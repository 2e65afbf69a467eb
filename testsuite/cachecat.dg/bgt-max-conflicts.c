/* cachecat_max_conflicts: more conflict instructions than the function's
   budget fail the compile, with notes per program line as the
   command line's limits give; a budget of 0 where there are none passes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { report-json-ok "[f['max_misses'] for f in d['functions'] if f['name'] == 'tiny'][0] >= 1" } } */

volatile unsigned dev[8];

__attribute__ ((cachecat_max_conflicts (0))) unsigned
noconf (void) /* { dg-error "cachecat: \[0-9\]+ conflict instructions in 'noconf' exceed its budget of 0 \\('cachecat_max_conflicts'\\)" } */
{ /* { dg-message "note: cachecat: \[0-9\]+ conflict instructions in program line" } */
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7]; /* { dg-message "note: cachecat: \[0-9\]+ conflict instructions in program line" } */
  return acc;
}

__attribute__ ((cachecat_max_conflicts (0))) unsigned
tiny (void)
{
  return dev[0];
}
