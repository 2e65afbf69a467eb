/* hs_wide: fixed-point arithmetic whose divisions are twice the machine's
   word, as control and metering code computes ratios: on 64-bit targets
   Q32.32 values divided through __int128 (libgcc's __divti3, __udivti3,
   __modti3, __umodti3), on 32-bit ARM Q16.16 through 64-bit integers
   (__aeabi_ldivmod, __aeabi_uldivmod).  Linked statically (validate.py:
   hs_*), so libgcc's helpers are code of the executable, called in the
   program's loops.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Every quotient is checked by multiplying back (remainder smaller than
   the divisor, same sign as the dividend); a Newton square root must
   square back to its argument within a unit.  The exit status is 1 if
   one is wrong.  The seed is read from a volatile so that no level knows
   the operands.  */
#include <stdint.h>
#include <stdio.h>

#ifdef __SIZEOF_INT128__
typedef __int128 wide;
typedef unsigned __int128 uwide;
typedef int64_t fixed;
#define FRAC 32
#else
typedef int64_t wide;
typedef uint64_t uwide;
typedef int32_t fixed;
#define FRAC 16
#endif

#define ONE ((fixed) 1 << FRAC)
#define ROUNDS 60

static volatile unsigned seed_in = 0x7f4a7c15u;

static unsigned
next (unsigned *s)
{
  *s = *s * 22695477u + 1u;
  return *s >> 4;
}

/* A fixed-point value of about +-2^(FRAC/2) with a fraction.  */
static fixed
operand (unsigned *s)
{
  fixed whole = (fixed) (next (s) % (1u << (FRAC / 2))) - (fixed) (1u << (FRAC / 2 - 1));
  fixed frac = (fixed) (next (s) & (ONE - 1));
  return (fixed) (whole * ONE + frac);
}

/* A / B in fixed point, truncated toward zero; *BAD when the quotient
   and remainder do not give back the dividend.  */
static fixed
fx_div (fixed a, fixed b, int *bad)
{
  wide n = (wide) a * ONE;
  wide q = n / b, r = n % b;
  wide size = b < 0 ? -(wide) b : b;
  if (q * b + r != n || (r != 0 && (r < 0) != (n < 0)) || (r < 0 ? -r : r) >= size)
    *bad = 1;
  return (fixed) q;
}

/* Square root of the non-negative X in fixed point, by Newton's method
   with unsigned wide divisions.  */
static fixed
fx_sqrt (fixed x, int *bad)
{
  uwide n = (uwide) x * ONE;
  if (n == 0)
    return 0;
  /* From a power of two at or above the root, down.  */
  int bits = 0;
  while (n >> bits)
    bits++;
  uwide g = (uwide) 1 << (bits + 1) / 2;
  for (int k = 0; k < 64; k++)
    {
      uwide q = n / g, r = n % g;
      if (q * g + r != n)
        *bad = 1;
      uwide h = (g + q) / 2;
      if (h >= g)
        break;
      g = h;
    }
  /* G is the integer square root of N: G^2 <= N < (G+1)^2.  */
  if (g * g > n || (g + 1) * (g + 1) <= n)
    *bad = 1;
  return (fixed) g;
}

int
main (void)
{
  unsigned s = seed_in;
  int bad = 0;
  uint32_t check = 0;
  for (int round = 0; round < ROUNDS; round++)
    {
      fixed a = operand (&s), b = operand (&s);
      if (b == 0)
        b = ONE;
      fixed q = fx_div (a, b, &bad);
      fixed root = fx_sqrt (a < 0 ? -a : a, &bad);
      /* A ratio of ratios: the quotient over a small divisor.  */
      fixed small = (fixed) (next (&s) % 7 + 1) * ONE / 3;
      fixed qq = fx_div (q / 4, small, &bad);
      check = check * 33 + (uint32_t) q + (uint32_t) root + (uint32_t) qq;
    }
  printf ("wide: %d-bit divisions, %d rounds, check %08x%s\n", (int) (8 * sizeof (wide)), ROUNDS,
          (unsigned) check, bad ? ", WRONG" : "");
  return bad;
}
