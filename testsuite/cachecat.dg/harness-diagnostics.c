/* Harness: diagnostics on source lines (with column numbers) are matched
   as in GCC, also by relative line (.-1), notes with dg-message, and the
   plugin adds no message of its own here.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall" } */

int
f (void)
{
  int x; /* { dg-message "'x' was declared here" } */
  return x; /* { dg-warning "'x' is used uninitialized" } */
}

int
g (int y)
{
  int u;
  /* { dg-warning "unused variable 'u'" "" { target *-*-* } .-1 } */
  return y + 1;
}
/* { dg-bogus "cachecat: " "no plugin message" { target *-*-* } 0 } */
/* { dg-bogus "cachecat: " "no plugin message on g" { target *-*-* } 19 } */
/* { dg-final { compile-exit-status 0 } } */
