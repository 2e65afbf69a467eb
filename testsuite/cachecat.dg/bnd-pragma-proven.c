/* A pragma below the trip count GCC proves is an error at the pragma:
   a loop that ends runs its body at least as often as its latch, and once
   more when its test is at the bottom (GCC copied a for loop's test
   before it), and the message counts the body's runs.  GCC's
   proof counts from the loop as it is before any loop transformation, so
   a copy of the loop (inlined with a constant count) is checked too.
   Loops that may leave without an exit edge (a call inside) and loops
   whose count GCC only bounds are not.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int a[100];
extern void consume (int);

void
too_low (void)
{
#pragma loopbound min 0 max 50 /* { dg-error "cachecat: GCC proves that an execution of this loop that ends runs its body at least 100 times, more than the pragma's 50" } */
  for (int i = 0; i < 100; i++)
    a[i] = i;
}

void
one_short (void)
{
#pragma loopbound min 0 max 99 /* { dg-error "at least 100 times, more than the pragma's 99" } */
  for (int i = 0; i < 100; i++)
    a[i] -= i;
}

void
exact (void)
{
#pragma cachecat loop_bound (100)
  for (int i = 0; i < 100; i++)
    a[i] += i;
}

static inline void
fill (int n)
{
#pragma loopbound min 0 max 20 /* { dg-error "at least 40 times, more than the pragma's 20" } */
  for (int i = 0; i < n; i++)
    a[i] = n;
}

void
caller (void)
{
  fill (10);
  fill (40);
}

void
with_call (void)
{
#pragma loopbound min 0 max 5
  for (int i = 0; i < 100; i++)
    consume (i);
}

void
only_bounded (unsigned char n)
{
#pragma loopbound min 0 max 5
  for (unsigned i = 0; i < n; i++)
    a[i] = 1;
}
