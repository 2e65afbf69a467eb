/* static_inline.c: static inline helpers, always_inline, noinline, flatten, partially inlined functions, unused static functions
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static inline uint32_t
rotl (uint32_t x, unsigned k)
{
  return (x << (k & 31)) | (x >> (-k & 31));
}

static inline __attribute__ ((always_inline)) uint32_t
mix (uint32_t a, uint32_t b)
{
  return rotl (a ^ b, 13) * 5u + 0xe6546b64u;
}

static inline int
clampi (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

/* Too big to inline everywhere: some calls stay calls.  */
static inline uint32_t
heavy (const uint8_t *p, size_t n)
{
  uint32_t h = 0x811c9dc5u;
  for (size_t i = 0; i < n; i++)
    {
      h ^= p[i];
      h *= 0x01000193u;
      if (h & 0x80000000u)
        h = mix (h, (uint32_t) i);
      else
        h = rotl (h, (unsigned) i);
    }
  return h;
}

__attribute__ ((noinline)) static uint32_t
never_inlined (uint32_t x)
{
  return mix (x, x >> 3);
}

__attribute__ ((flatten)) uint32_t
flattened (const uint8_t *p, size_t n)
{
  return heavy (p, n) ^ heavy (p, n / 2) ^ never_inlined ((uint32_t) n);
}

/* Partial inlining candidate: cheap early-out, expensive body.  */
static uint32_t
partial (const uint8_t *p, size_t n)
{
  if (n == 0)
    return 0;
  uint32_t h = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = i; j < n; j++)
      h += (uint32_t) (p[i] * p[j]) ^ (uint32_t) (i + j);
  return h;
}

/* Unused static inline: must not be emitted at -O1+.  */
static inline int
unused_helper (int x)
{
  return x * 99;
}

/* Extern inline (gnu_inline): only the inline body, no symbol; never
   called, so nothing needs an out-of-line definition.  */
extern inline __attribute__ ((gnu_inline)) int
gnu_twice (int x)
{
  return 2 * x;
}

int gnu_twice (int x);

int
main (void)
{
  static const uint8_t data[] = "the quick brown fox jumps over the lazy dog";
  uint32_t h = flattened (data, sizeof data - 1) + partial (data, 7) + partial (data, 0);
  int c = clampi ((int) (h & 0xff), 10, 20) + clampi (-5, 0, 3);
  (void) unused_helper;
  if (c < 10 || c > 20)
    abort ();
  return h == 0 ? 1 : 0;
}

