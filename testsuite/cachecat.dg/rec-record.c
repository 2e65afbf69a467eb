/* record: the unit's model in .debug_cachecat, each function's address
   as a label at its first instruction (model/model_record.h), the
   annotations as usual.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-record" } */
/* { dg-final { scan-assembler {\.pushsection \.debug_cachecat,"",%progbits} } } */
/* { dg-final { scan-assembler {\.ascii "cachecat"} } } */
/* { dg-final { scan-assembler {\.dc\.a \.L[0-9]+-0} } } */
/* { dg-final { scan-assembler {\.ascii "[^"]*15twice} } } */
/* { dg-final { scan-assembler {# cachecat: } } } */

int
twice (int x)
{
  return 2 * x;
}
