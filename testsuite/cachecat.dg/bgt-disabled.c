/* With disable the budget attributes are still known: no -Wattributes
   warning, no check, and the compile succeeds.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wattributes -Werror -fplugin-arg-cachecat-disable" } */
/* { dg-final { compile-exit-status 0 } } */

extern int puts (const char *);

__attribute__ ((cachecat_max_misses (0), cachecat_max_conflicts (0))) void
say (void)
{
  puts ("hi");
}
