/* carry_flags.c: a comparison's result added or subtracted (adc and sbb of $0), counting and saturating loops, in registers and in memory, at every width
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   GCC's length of "adc $0" and "sbb $0" leaves out the immediate byte
   (*add<mode>3_carry_0 has the $0 in its template), so the computed
   layout must not be checked against GCC's length there: Lua built as
   one unit and lz4's programs have these.
*/

#include <stddef.h>
#include <stdint.h>

__attribute__ ((noinline)) unsigned
count_below (const unsigned *v, size_t n, unsigned limit)
{
  unsigned c = 0;
  for (size_t i = 0; i < n; i++)
    c += v[i] < limit;
  return c;
}

__attribute__ ((noinline)) uint64_t
count_down (const uint64_t *v, size_t n, uint64_t limit, uint64_t start)
{
  for (size_t i = 0; i < n; i++)
    start -= v[i] < limit;
  return start;
}

__attribute__ ((noinline)) void
tally (const uint32_t *a, const uint32_t *b, size_t n, uint32_t *below, uint64_t *above)
{
  for (size_t i = 0; i < n; i++)
    {
      *below += a[i] < b[i];
      *above -= b[i] < a[i];
    }
}

__attribute__ ((noinline)) uint16_t
narrow (uint8_t x, uint8_t y, uint16_t h, uint8_t c)
{
  c += (unsigned) x < (unsigned) y;
  h -= (unsigned) y < (unsigned) x;
  return (uint16_t) (h + c);
}

/* Saturating add: the carry out of the add, subtracted.  */
__attribute__ ((noinline)) uint32_t
saturate_sum (const uint32_t *v, size_t n)
{
  uint32_t s = 0;
  for (size_t i = 0; i < n; i++)
    {
      uint32_t t = s + v[i];
      s = t | -(uint32_t) (t < s);
    }
  return s;
}

static uint32_t data32[64];
static uint64_t data64[64];

int
main (void)
{
  for (unsigned i = 0; i < 64; i++)
    {
      data32[i] = i * 2654435761u;
      data64[i] = (uint64_t) i * 0x9e3779b97f4a7c15ull;
    }
  uint32_t below = 0;
  uint64_t above = 1000;
  tally (data32, data32 + 32, 32, &below, &above);
  unsigned c = count_below (data32, 64, 1u << 31);
  uint64_t d = count_down (data64, 64, 1ull << 63, 100);
  uint16_t h = narrow ((uint8_t) c, (uint8_t) d, 7, 3);
  uint32_t s = saturate_sum (data32, 64);
  return (int) ((c + d + below + above + h + s) & 1);
}
