/* record=only: the record, and neither annotations nor analysis.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-record=only" } */
/* { dg-final { scan-assembler {\.pushsection \.debug_cachecat,"",%progbits} } } */
/* { dg-final { scan-assembler-not {# cachecat: } } } */

int
twice (int x)
{
  return 2 * x;
}
