/* duplicate_code.c: several functions with identical or near-identical bodies (identical code folding candidates), same code in different sections
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

#define BODY                                    \
  {                                             \
    uint32_t h = 2166136261u;                   \
    for (size_t i = 0; i < n; i++)              \
      {                                         \
        h ^= p[i];                              \
        h *= 16777619u;                         \
      }                                         \
    return h;                                   \
  }

/* Identical bodies: -fipa-icf may turn some into aliases or thunks.  */
__attribute__ ((noinline)) uint32_t hash_a (const uint8_t *p, size_t n) BODY
__attribute__ ((noinline)) uint32_t hash_b (const uint8_t *p, size_t n) BODY
__attribute__ ((noinline)) static uint32_t hash_c (const uint8_t *p, size_t n) BODY
__attribute__ ((noinline)) static uint32_t hash_d (const uint8_t *p, size_t n) BODY

/* Same code, but one is in a different section and one is cold.  */
__attribute__ ((noinline, section (".text.cc_custom"))) uint32_t hash_e (const uint8_t *p, size_t n) BODY
__attribute__ ((noinline, cold)) uint32_t hash_f (const uint8_t *p, size_t n) BODY

/* Identical tiny leaf functions.  */
__attribute__ ((noinline)) int get1 (void) { return 1; }
__attribute__ ((noinline)) int get1_again (void) { return 1; }
__attribute__ ((noinline)) static int get1_static (void) { return 1; }

/* Same source text, different types: different code.  */
__attribute__ ((noinline)) static long sum_l (const long *v, int n) { long s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
__attribute__ ((noinline)) static int sum_i (const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
__attribute__ ((noinline)) static short sum_s (const short *v, int n) { short s = 0; for (int i = 0; i < n; i++) s = (short) (s + v[i]); return s; }

/* Two functions whose addresses are compared: must stay distinct.  */
__attribute__ ((noinline)) static int twin1 (int x) { return x * 5 + 3; }
__attribute__ ((noinline)) static int twin2 (int x) { return x * 5 + 3; }

int
main (void)
{
  static const uint8_t msg[] = "duplicate";
  uint32_t h[6] = { hash_a (msg, 9), hash_b (msg, 9), hash_c (msg, 9), hash_d (msg, 9),
                    hash_e (msg, 9), hash_f (msg, 9) };
  for (int i = 1; i < 6; i++)
    if (h[i] != h[0])
      abort ();
  long lv[] = { 1, 2, 3 };
  int iv[] = { 1, 2, 3 };
  short sv[] = { 1, 2, 3 };
  int (*volatile f1) (int) = twin1, (*volatile f2) (int) = twin2;
  if (f1 == f2 || f1 (1) != f2 (1))
    abort ();
  int s = get1 () + get1_again () + get1_static () + (int) sum_l (lv, 3) + sum_i (iv, 3) + sum_s (sv, 3);
  return s == 21 ? 0 : 1;
}
