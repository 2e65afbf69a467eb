/* A budget attribute wants a non-negative integer constant and a
   function; anything else is an error where it is written.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int x __attribute__ ((cachecat_max_misses (3))); /* { dg-error "cachecat: 'cachecat_max_misses' applies to functions only" } */
__attribute__ ((cachecat_max_misses (-3))) void neg (void) {} /* { dg-error "cachecat: 'cachecat_max_misses' wants a non-negative integer constant" } */
__attribute__ ((cachecat_max_conflicts (x))) void var (void) {} /* { dg-error "cachecat: 'cachecat_max_conflicts' wants a non-negative integer constant" } */
__attribute__ ((cachecat_max_conflicts (1, 2))) void two (void) {} /* { dg-error "wrong number of arguments specified for 'cachecat_max_conflicts' attribute" } */
