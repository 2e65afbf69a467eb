/* fs_dispatch_table: a table of event handlers called through function
   pointers, higher-order helpers (fold, map, sort with a comparator) and a
   callback registered in a struct.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An indirect call may reach every address-taken function: the analysis
   must keep all of them as possible callees, and each call site then
   returns into the caller with a cache state merged over all targets.  */
#include "../../valgrind/freestanding.h"

typedef unsigned (*handler_fn) (unsigned state, unsigned arg);

static unsigned h_inc (unsigned s, unsigned a) { return s + a; }
static unsigned h_xor (unsigned s, unsigned a) { return s ^ (a * 0x9e3779b9u); }
static unsigned h_rot (unsigned s, unsigned a)
{
  unsigned r = a & 31;
  return r ? (s << r) | (s >> (32 - r)) : s;
}
static unsigned h_mul (unsigned s, unsigned a) { return s * (a | 1); }
static unsigned h_nop (unsigned s, unsigned a) { (void) a; return s; }

static __attribute__ ((noinline)) unsigned
h_sum_digits (unsigned s, unsigned a)
{
  unsigned d = 0;
  while (a)
    {
      d += a % 10;
      a /= 10;
    }
  return s + d;
}

static handler_fn const handlers[8] = {
  h_inc, h_xor, h_rot, h_mul, h_nop, h_sum_digits, h_xor, h_inc
};

static __attribute__ ((noinline)) unsigned
fold (const unsigned *a, unsigned n, handler_fn f, unsigned init)
{
  for (unsigned i = 0; i < n; i++)
    init = f (init, a[i]);
  return init;
}

typedef int (*cmp_fn) (unsigned, unsigned);

static int cmp_up (unsigned a, unsigned b) { return a < b ? -1 : a > b; }
static int cmp_down (unsigned a, unsigned b) { return cmp_up (b, a); }
static int cmp_low_byte (unsigned a, unsigned b)
{
  return cmp_up (a & 0xff, b & 0xff);
}

static __attribute__ ((noinline)) void
insertion_sort (unsigned *a, unsigned n, cmp_fn cmp)
{
  for (unsigned i = 1; i < n; i++)
    {
      unsigned v = a[i], j = i;
      while (j > 0 && cmp (a[j - 1], v) > 0)
        {
          a[j] = a[j - 1];
          j--;
        }
      a[j] = v;
    }
}

struct timer
{
  unsigned period, left, fired;
  void (*cb) (struct timer *);
};

static unsigned cb_log;

static void tick_fast (struct timer *t) { cb_log += t->fired; }
static void tick_slow (struct timer *t) { cb_log = cb_log * 3 + t->period; }

static unsigned data[40];

static __attribute__ ((noinline)) int
program (void)
{
  static const cmp_fn cmps[3] = { cmp_up, cmp_down, cmp_low_byte };
  struct timer timers[3] = {
    { 3, 3, 0, tick_fast }, { 7, 7, 0, tick_slow }, { 10, 10, 0, tick_fast }
  };
  unsigned state = (unsigned) sink, x = 12345;
  for (unsigned round = 0; round < 30; round++)
    {
      for (unsigned i = 0; i < 40; i++)
        {
          x = x * 69069u + 1;
          data[i] = x >> 12;
        }
      /* Events dispatched through the table.  */
      for (unsigned i = 0; i < 40; i++)
        state = handlers[(data[i] >> 3) & 7] (state, data[i]);
      state += fold (data, 40, handlers[round & 7], round);
      insertion_sort (data, 40, cmps[round % 3]);
      state ^= data[0] + data[39];
      for (unsigned k = 0; k < 3; k++)
        if (--timers[k].left == 0)
          {
            timers[k].left = timers[k].period;
            timers[k].fired++;
            timers[k].cb (&timers[k]);
          }
    }
  state += cb_log;
  sink = (int) state;
  return (int) state;
}
