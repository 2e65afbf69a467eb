/* string_builtins.c: string and memory operations that become builtins, inline expansions or libcalls
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
#include <string.h>

struct rec
{
  char name[24];
  uint32_t id;
  uint8_t payload[100];
};

/* Constant sizes: inline moves.  */
__attribute__ ((noinline)) void
copy_small (struct rec *d, const struct rec *s)
{
  memcpy (d->name, s->name, 16);
  d->id = s->id;
}

/* Large constant size: rep movs or a memcpy call depending on flags.  */
__attribute__ ((noinline)) void
copy_rec (struct rec *d, const struct rec *s)
{
  memcpy (d, s, sizeof *d);
}

/* Variable sizes: library calls.  */
__attribute__ ((noinline)) void *
copy_n (void *d, const void *s, size_t n)
{
  return memmove (d, s, n);
}

__attribute__ ((noinline)) size_t
lengths (const char *a, const char *b)
{
  return strlen (a) + strlen (b) + strlen ("constant folded");
}

__attribute__ ((noinline)) int
compare (const char *a, const char *b)
{
  return strcmp (a, b) + (strncmp (a, "abc", 3) == 0) + (memcmp (a, b, 2) == 0);
}

__attribute__ ((noinline)) char *
build (char *out, const char *who)
{
  strcpy (out, "hello, ");
  strcat (out, who);
  return strchr (out, ',');
}

/* Loops that the compiler turns into memset/memcpy calls.  */
__attribute__ ((noinline)) void
zero_loop (uint32_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = 0;
}

__attribute__ ((noinline)) void
copy_loop (uint8_t *restrict d, const uint8_t *restrict s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = s[i];
}

/* Builtins without library fallback: bit operations, overflow checks.  */
__attribute__ ((noinline)) int
bits (uint64_t x)
{
  return __builtin_popcountll (x) + __builtin_clzll (x | 1) + __builtin_ctzll (x | 1ULL << 63)
         + __builtin_parityll (x) + (int) __builtin_bswap32 ((uint32_t) x) % 7;
}

__attribute__ ((noinline)) int
overflow (int a, int b)
{
  int r;
  if (__builtin_mul_overflow (a, b, &r))
    return -1;
  if (__builtin_add_overflow (r, a, &r))
    return -2;
  return r;
}

/* Structure copy by assignment and zero-initialisation of large locals.  */
__attribute__ ((noinline)) uint32_t
big_local (uint32_t k)
{
  uint32_t tab[300] = { 0 };
  tab[k % 300] = k;
  struct rec r = { "n", 1, { 0 } };
  struct rec q = r;
  return tab[k % 300] + q.id;
}

/* __builtin_memcpy_inline and __builtin_object_size/checking builtins.  */
__attribute__ ((noinline)) void
checked (char *d, const char *s)
{
  __builtin___memcpy_chk (d, s, 8, __builtin_object_size (d, 0));
}

int
main (void)
{
  struct rec a = { "alpha", 7, { 1, 2, 3 } }, b, c;
  copy_small (&b, &a);
  copy_rec (&c, &a);
  char buf[64] = "0123456789";
  copy_n (buf + 2, buf, 8);
  char out[32];
  char *comma = build (out, "world");
  uint32_t z[33];
  zero_loop (z, 33);
  uint8_t src[50], dst[50];
  memset (src, 9, sizeof src);
  copy_loop (dst, src, 50);
  char chk[16];
  checked (chk, "abcdefgh");
  if (b.id != 7 || c.payload[2] != 3 || buf[9] != '7' || !comma || comma - out != 5
      || lengths ("ab", "c") != 18 || compare ("abc", "abd") != 1 || z[32] != 0
      || dst[49] != 9 || bits (0xff) != 8 + 56 + 0 + 0 - 1 || overflow (1000, 1000) != 1001000
      || overflow (0x10000, 0x10000) != -1 || big_local (301) != 302 || chk[7] != 'h')
    abort ();
  return 0;
}
