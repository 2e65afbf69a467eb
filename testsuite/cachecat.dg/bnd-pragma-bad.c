/* A loop bound pragma that is malformed, or not followed by a loop, is
   an error where it is written; one before a loop without a condition
   cannot be followed through optimization, and a warning says its bound
   is not used.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

volatile int dev;

#pragma loopbound min 0 max 3 /* { dg-error "cachecat: a loop bound pragma must be followed by a loop" } */

void
f (int n)
{
#pragma loopbound min 0 /* { dg-error "cachecat: malformed '#pragma loopbound': expected 'min A max B'" } */
  for (int i = 0; i < n; i++)
    dev = i;
#pragma loopbound min 5 max 3 /* { dg-error "min 5 is above max 3" } */
  for (int i = 0; i < n; i++)
    dev = i;
#pragma cachecat loop_bound 4 /* { dg-error "cachecat: malformed '#pragma cachecat loop_bound': expected 'loop_bound \\(N\\)'" } */
  for (int i = 0; i < n; i++)
    dev = i;
#pragma cachecat loop_bound (4) /* { dg-error "cachecat: a loop bound pragma must be followed by a loop" } */
  dev = 1;
  for (int i = 0; i < n; i++)
    dev = i;
#pragma cachecat loop_bound (4) /* { dg-warning "cachecat: this loop has no condition to find it by after optimization; its bound is not used" } */
  for (;;)
    if (dev)
      break;
}
