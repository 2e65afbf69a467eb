/* hs_copies: memcpy, memmove and memset of sizes and offsets known only
   at run time, in a loop, as firmware moves packets between buffers:
   mostly short copies (headers), now and then a long one, overlapping
   moves in both directions.  Linked statically (validate.py: hs_*), so
   the C library's routines are code of the executable that runs inside
   the program's loops.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Every operation is checked at a few bytes chosen by the generator (a
   full compare would cost more than the copies); the exit status is 1 if
   one is wrong.  The seed is read from a volatile so that no level knows
   the sizes: GCC calls the library for every operation.  */
#include <stdio.h>
#include <string.h>

#define BUF 320
#define ROUNDS 100

static unsigned char src[BUF], dst[BUF], ring[BUF + 64];
static volatile unsigned seed_in = 0x2545f491u;

static unsigned
next (unsigned *s)
{
  *s = *s * 1103515245u + 12345u;
  return *s >> 8;
}

/* Mostly header-sized, one in four up to the whole buffer.  Not inlined:
   a size whose bound GCC knows it may copy inline (rep movs on x86-64),
   and firmware's sizes come from elsewhere.  */
static __attribute__ ((noinline)) size_t
pick_size (unsigned *s)
{
  unsigned r = next (s);
  return r % 4 == 0 ? (r >> 2) % BUF : (r >> 2) % 48;
}

/* A few positions of [0, N): the ends and three from the generator.  */
static int
checked_at (unsigned *s, size_t n, size_t k)
{
  if (n == 0)
    return -1;
  if (k == 0)
    return 0;
  if (k == 1)
    return (int) (n - 1);
  return (int) (next (s) % n);
}

int
main (void)
{
  unsigned s = seed_in;
  for (int i = 0; i < BUF; i++)
    src[i] = (unsigned char) next (&s);
  unsigned sum = 0;
  int bad = 0;
  for (int round = 0; round < ROUNDS; round++)
    {
      /* A copy to a random offset.  */
      size_t n = pick_size (&s);
      size_t from = next (&s) % (BUF - n + 1), to = next (&s) % (BUF - n + 1);
      memcpy (dst + to, src + from, n);
      for (size_t k = 0; k < 5; k++)
        {
          int at = checked_at (&s, n, k);
          if (at >= 0 && dst[to + at] != src[from + at])
            bad = 1;
        }
      /* Fill a run with a value.  */
      size_t m = pick_size (&s);
      size_t where = next (&s) % (BUF - m + 1);
      unsigned char value = (unsigned char) round;
      memset (dst + where, value, m);
      for (size_t k = 0; k < 5; k++)
        {
          int at = checked_at (&s, m, k);
          if (at >= 0 && dst[where + at] != value)
            bad = 1;
        }
      /* An overlapping move, forward or backward by up to 63 bytes: the
         ring holds a copy of src, moved within itself.  */
      size_t len = pick_size (&s);
      size_t shift = next (&s) % 64;
      size_t base = next (&s) % (BUF - len + 1);
      memcpy (ring, src, BUF);
      size_t to_at = round & 1 ? base + shift : base >= shift ? base - shift : 0;
      memmove (ring + to_at, ring + base, len);
      for (size_t k = 0; k < 5; k++)
        {
          int at = checked_at (&s, len, k);
          if (at >= 0 && ring[to_at + at] != src[base + at])
            bad = 1;
        }
      sum = sum * 31 + dst[next (&s) % BUF] + ring[next (&s) % BUF];
    }
  printf ("copies: %d rounds, sum %08x%s\n", ROUNDS, sum, bad ? ", WRONG" : "");
  return bad;
}
