/* structs_bitfields.c: large structs by value (arguments, returns, copies), bitfields (packed, signed, wide), unions, flexible arrays
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

struct big
{
  long v[32];
  char tag[16];
  double d;
};

__attribute__ ((noinline)) static struct big
make_big (long seed)
{
  struct big b;
  for (int i = 0; i < 32; i++)
    b.v[i] = seed + i;
  memset (b.tag, 'b', sizeof b.tag);
  b.d = (double) seed;
  return b;
}

/* By value in, by value out.  */
__attribute__ ((noinline)) static struct big
twice (struct big b)
{
  for (int i = 0; i < 32; i++)
    b.v[i] *= 2;
  b.d *= 2;
  return b;
}

__attribute__ ((noinline)) static long
sum_big (struct big b, struct big c)
{
  long s = 0;
  for (int i = 0; i < 32; i++)
    s += b.v[i] - c.v[i];
  return s + (long) (b.d - c.d);
}

/* Small structs in registers.  */
struct xy { int x, y; };
struct rgba { uint8_t r, g, b, a; };

__attribute__ ((noinline)) static struct xy
add_xy (struct xy a, struct xy b)
{
  return (struct xy) { a.x + b.x, a.y + b.y };
}

__attribute__ ((noinline)) static struct rgba
blend (struct rgba a, struct rgba b)
{
  return (struct rgba) { (uint8_t) ((a.r + b.r) / 2), (uint8_t) ((a.g + b.g) / 2),
                         (uint8_t) ((a.b + b.b) / 2), 255 };
}

/* Bitfields: read-modify-write sequences.  */
struct flags
{
  unsigned ready : 1;
  unsigned mode : 3;
  signed delta : 5;
  unsigned : 0;
  unsigned long long wide : 40;
  unsigned count : 12;
};

struct __attribute__ ((packed)) packed_hdr
{
  uint8_t kind;
  uint32_t length;
  uint16_t crc : 12;
  uint16_t ver : 4;
  uint64_t stamp;
};

__attribute__ ((noinline)) static int
update_flags (struct flags *f, int d)
{
  f->ready = !f->ready;
  f->mode = (f->mode + 1) & 7;
  f->delta = d;
  f->wide += 0x123456789ULL;
  f->count++;
  return f->delta + (int) f->mode + (int) f->ready;
}

__attribute__ ((noinline)) static uint32_t
read_hdr (const struct packed_hdr *h)
{
  return h->kind + h->length + h->crc + h->ver + (uint32_t) h->stamp;
}

/* Union type punning and a flexible array member.  */
union pun
{
  float f;
  uint32_t u;
  uint8_t b[4];
};

struct msg
{
  size_t n;
  int data[];
};

__attribute__ ((noinline)) static uint32_t
float_bits (float f)
{
  union pun p;
  p.f = f;
  return p.u ^ p.b[0];
}

__attribute__ ((noinline)) static long
msg_sum (const struct msg *m)
{
  long s = 0;
  for (size_t i = 0; i < m->n; i++)
    s += m->data[i];
  return s;
}

/* Struct assignment and compound literals in a loop.  */
__attribute__ ((noinline)) static int
copy_loop (struct big *dst, const struct big *src, int n)
{
  for (int i = 0; i < n; i++)
    dst[i] = src[n - 1 - i];
  return (int) dst[0].v[0];
}

int
main (void)
{
  struct big b = make_big (1), c = twice (b);
  long s = sum_big (c, b);
  struct xy p = add_xy ((struct xy) { 1, 2 }, (struct xy) { 3, 4 });
  struct rgba k = blend ((struct rgba) { 10, 20, 30, 0 }, (struct rgba) { 30, 40, 50, 0 });
  struct flags f = { 0 };
  int u = update_flags (&f, -3);
  struct packed_hdr h = { 1, 2, 3, 4, 5 };
  uint32_t r = read_hdr (&h);
  struct msg *m = malloc (sizeof *m + 3 * sizeof (int));
  if (!m)
    abort ();
  m->n = 3;
  m->data[0] = 1; m->data[1] = 2; m->data[2] = 3;
  static struct big arr[3], out[3];
  arr[2] = b;
  int cl = copy_loop (out, arr, 3);
  if (s != (32 + 31 * 32 / 2) + 1 || p.x != 4 || p.y != 6 || k.g != 30 || u != -3 + 1 + 1
      || r != 15 || msg_sum (m) != 6 || float_bits (1.0f) != 0x3f800000u || cl != 1)
    abort ();
  free (m);
  return 0;
}
