/* fs_straddle: unrolled code full of long x86-64 instructions: movabs with
   64-bit immediates, stores of 32-bit immediates to 32-bit displacements,
   read-modify-write of globals with immediates.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Instructions of 7 to 11 bytes often cross a 32- or 64-byte line boundary:
   such an instruction needs both lines, and a verdict that only looks at
   its first byte is wrong for the second line.  */
#include "../../valgrind/freestanding.h"

typedef unsigned long long u64;

static u64 big[2048];
static unsigned wide[1024];
static u64 g1, g2;

#define MIX(i)                                                          \
  x = (x ^ (0x123456789abcdef0ULL + (u64) (i) * 0x0101010101010101ULL)) \
      * 0x9e3779b97f4a7c15ULL;                                           \
  y += x >> ((i) % 13 + 1);
#define MIX8(i) MIX (i) MIX ((i) + 1) MIX ((i) + 2) MIX ((i) + 3)       \
                MIX ((i) + 4) MIX ((i) + 5) MIX ((i) + 6) MIX ((i) + 7)

static __attribute__ ((noinline)) u64
mix_block (u64 x)
{
  u64 y = 0;
  MIX8 (0)
  MIX8 (8)
  MIX8 (16)
  MIX8 (24)
  return x ^ y;
}

/* Immediate stores at far-apart fixed offsets: 10-11 byte instructions.  */
#define ST(i) wide[(i) * 37 % 1000 + (k & 3)] = 0x7eadbe00u + (i);      \
              big[(i) * 61 % 2000 + (k & 7)] += 0x1122334455667700ULL + (i);
#define ST8(i) ST (i) ST ((i) + 1) ST ((i) + 2) ST ((i) + 3)             \
               ST ((i) + 4) ST ((i) + 5) ST ((i) + 6) ST ((i) + 7)

static __attribute__ ((noinline)) void
scatter (unsigned k)
{
  ST8 (0)
  ST8 (8)
  ST8 (16)
  g1 += 0x0fedcba987654321ULL;
  g2 ^= 0x5555aaaa3333ccccULL + g1;
}

static __attribute__ ((noinline)) int
program (void)
{
  u64 h = (u64) sink + 0xcbf29ce484222325ULL;
  for (unsigned k = 0; k < 400; k++)
    {
      h = mix_block (h + k);
      scatter (k);
    }
  for (unsigned i = 0; i < 1024; i += 3)
    h ^= big[i * 2] + wide[i];
  h ^= g1 ^ g2;
  sink = (int) (h ^ (h >> 32));
  return sink;
}
