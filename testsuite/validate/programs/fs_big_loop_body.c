/* fs_big_loop_body: a loop whose body is 256 unrolled mixing rounds (about
   4-5 KiB of straight-line code at -O2, 14 KiB or more at -O0), fed by a
   small message-expansion loop.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The body does not fit a small cache, so every iteration refetches it:
   the lines of the body are always-miss in small caches and first-miss in
   caches bigger than the body.  */
#include "../../valgrind/freestanding.h"

#define ROTL(x, s) (((x) << (s)) | ((x) >> (32 - (s))))
#define R(a, b, c, d, i)                                                 \
  a += ((b & c) | (~b & d)) + (0x9e3779b1u * (i) + 0x7f4a7c15u)          \
       + w[((i) * 5 + 1) & 15];                                          \
  a = ROTL (a, ((i) * 7) % 31 + 1) + b;
#define R4(i) R (a, b, c, d, (i)) R (d, a, b, c, (i) + 1)                \
              R (c, d, a, b, (i) + 2) R (b, c, d, a, (i) + 3)
#define R16(i) R4 (i) R4 ((i) + 4) R4 ((i) + 8) R4 ((i) + 12)
#define R64(i) R16 (i) R16 ((i) + 16) R16 ((i) + 32) R16 ((i) + 48)

static unsigned digest[4];

static __attribute__ ((noinline)) void
compress (const unsigned *msg)
{
  unsigned w[16];
  for (unsigned i = 0; i < 16; i++)
    w[i] = msg[i] ^ (msg[(i + 3) & 15] >> 3) ^ i;
  unsigned a = digest[0], b = digest[1], c = digest[2], d = digest[3];
  R64 (0)
  R64 (64)
  R64 (128)
  R64 (192)
  digest[0] += a;
  digest[1] += b;
  digest[2] += c;
  digest[3] += d;
}

static unsigned message[16];

static __attribute__ ((noinline)) int
program (void)
{
  digest[0] = 0x67452301u + (unsigned) sink;
  digest[1] = 0xefcdab89u;
  digest[2] = 0x98badcfeu;
  digest[3] = 0x10325476u;
  for (unsigned blk = 0; blk < 90; blk++)
    {
      for (unsigned i = 0; i < 16; i++)
        message[i] = (blk * 16 + i) * 2654435761u;
      compress (message);
    }
  unsigned r = digest[0] ^ digest[1] ^ digest[2] ^ digest[3];
  sink = (int) r;
  return (int) r;
}
