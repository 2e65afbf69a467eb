/* Harness: a fatal error ("fatal error:", then "compilation terminated.")
   is matched by dg-error, the rest is pruned, and no output is left.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "cachecat-no-such-header.h" /* { dg-error "cachecat-no-such-header.h: No such file or directory" } */

/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */
