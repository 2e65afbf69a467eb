/* sarif=PATH: the limits and budgets broken are SARIF 2.1.0 errors with
   their notes as related locations, each conflict program line a note;
   the file validates against the SARIF schema of what cachecat writes,
   names the function as a logical location and the source relative to
   the working directory, and says the run did not succeed.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16 -fplugin-arg-cachecat-max-conflicts-per-function=0 -fplugin-arg-cachecat-sarif=out.sarif" } */
/* { dg-error "conflict instructions in 'poll' exceed the limit of 0" "" { target *-*-* } 21 } */
/* { dg-error "a call of 'poll' may cause up to" "" { target *-*-* } 21 } */
/* { dg-prune-output "note:" } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { sarif-valid out.sarif } } */
/* { dg-final { json-check out.sarif "[r['ruleId'] for r in d['runs'][0]['results'] if r['level'] == 'error'] == ['cachecat-max-conflicts-per-function', 'cachecat-max-misses-budget']" } } */
/* { dg-final { json-check out.sarif "all(r['locations'][0]['physicalLocation']['region']['startLine'] == 21 and r['locations'][0]['logicalLocations'][0]['name'] == 'poll' and r['relatedLocations'] for r in d['runs'][0]['results'] if r['level'] == 'error')" } } */
/* { dg-final { json-check out.sarif "len([r for r in d['runs'][0]['results'] if r['ruleId'] == 'cachecat-conflict']) >= 1 and all(r['level'] == 'note' for r in d['runs'][0]['results'] if r['ruleId'] == 'cachecat-conflict')" } } */
/* { dg-final { json-check out.sarif "d['runs'][0]['invocations'][0]['executionSuccessful'] is False and d['runs'][0]['artifacts'][0]['location']['uri'].endswith('rep-sarif.c')" } } */

volatile unsigned dev[8];

__attribute__ ((cachecat_max_misses (1))) unsigned
poll (void)
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}
