/* fs_bits: bit manipulation kernels written as loops and as branch-free
   expressions: population count, bit reversal, Gray code, leading and
   trailing zero counts, parity, and a bitset sieve.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Small, tight functions with data-dependent trip counts (Kernighan's
   popcount loops once per set bit, zero times for 0): compact code with
   irregular loop behaviour.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) unsigned
popcount_loop (unsigned x)
{
  unsigned n = 0;
  while (x)
    {
      x &= x - 1;
      n++;
    }
  return n;
}

static __attribute__ ((noinline)) unsigned
popcount_swar (unsigned x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}

static __attribute__ ((noinline)) unsigned
reverse_bits (unsigned x)
{
  unsigned r = 0;
  for (int i = 0; i < 32; i++)
    {
      r = (r << 1) | (x & 1);
      x >>= 1;
    }
  return r;
}

static __attribute__ ((noinline)) unsigned
clz_loop (unsigned x)
{
  if (x == 0)
    return 32;
  unsigned n = 0;
  while (!(x & 0x80000000u))
    {
      x <<= 1;
      n++;
    }
  return n;
}

static __attribute__ ((noinline)) unsigned
ctz_binary (unsigned x)
{
  if (x == 0)
    return 32;
  unsigned n = 0;
  if (!(x & 0xffff)) { n += 16; x >>= 16; }
  if (!(x & 0xff)) { n += 8; x >>= 8; }
  if (!(x & 0xf)) { n += 4; x >>= 4; }
  if (!(x & 0x3)) { n += 2; x >>= 2; }
  if (!(x & 0x1)) n += 1;
  return n;
}

static inline unsigned
gray (unsigned x)
{
  return x ^ (x >> 1);
}

static __attribute__ ((noinline)) unsigned
gray_inverse (unsigned g)
{
  unsigned x = g;
  for (unsigned s = 1; s < 32; s <<= 1)
    x ^= x >> s;
  return x;
}

static unsigned sieve[4096 / 32];

/* Bitset sieve of Eratosthenes; returns the number of primes below n.  */
static __attribute__ ((noinline)) unsigned
sieve_count (unsigned n)
{
  for (unsigned i = 0; i < n / 32 + 1; i++)
    sieve[i] = ~0u;                   /* all candidates */
  sieve[0] &= ~3u;
  for (unsigned p = 2; p * p < n; p++)
    if (sieve[p >> 5] & (1u << (p & 31)))
      for (unsigned m = p * p; m < n; m += p)
        sieve[m >> 5] &= ~(1u << (m & 31));
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    c += (sieve[i >> 5] >> (i & 31)) & 1;
  return c;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink, x = 0x12345678u;
  for (unsigned i = 0; i < 700; i++)
    {
      x ^= x << 7;
      x ^= x >> 9;
      unsigned v = (i & 15) == 0 ? 0 : x >> (i & 15);
      acc += popcount_loop (v) * 3 + popcount_swar (v);
      acc ^= reverse_bits (v);
      acc += clz_loop (v) + ctz_binary (v) * 5;
      acc += gray_inverse (gray (v)) == v;
    }
  acc += sieve_count (4000 + (unsigned) sink) * 7;
  acc += sieve_count (100);
  sink = (int) acc;
  return (int) acc;
}
