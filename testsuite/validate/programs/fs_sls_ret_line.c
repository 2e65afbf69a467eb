/* fs_sls_ret_line: a return whose `int3` (SLS hardening) is the first byte
   of the next cache line, where the next function starts; that function
   runs right after the return, in a loop, and nothing else brings the line
   in between.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The layout is made at -O2 with -mharden-sls=return or -mharden-sls=all
   (gcc 12, binutils 2.40, the freestanding build line of programs/README.md; checked
   with objdump -d): ends_line is aligned to 32 bytes (so is .text: one
   layout phase at 32-byte lines) and its 31 bytes of code put its `ret` at
   byte 31 of a 32-byte line (0x40119f), the `int3` GCC writes after it at
   byte 0 of the next line (0x4011a0), and starts_in_line, 16-aligned, at
   byte 16 of that line (0x4011b0).  The loop's own code (0x4011e0 ..
   0x401210) lies in other sets of a 256-byte direct-mapped cache, and
   flush_cache (376 bytes of straight code) evicts every line between two
   rounds.  So the return fetches only its own line, and the first
   instruction of starts_in_line misses in all 10 rounds at 256 B/32.  An
   analysis that takes `ret; int3` for one 2-byte instruction believes the
   return loads the next line and calls that instruction always-hit.
   Other levels and flags give other layouts: the program is then an
   ordinary small test.  */
#include "../../valgrind/freestanding.h"

/* Straight-line code longer than 256 bytes: every set of a 256-byte
   cache gets a line of it.  */
static __attribute__ ((noipa)) void
flush_cache (unsigned x)
{
#define S(k) sink = (int) ((unsigned) sink * (k) + x);
  S (3) S (5) S (7) S (11) S (13) S (17) S (19) S (23) S (29) S (31)
  S (37) S (41) S (43) S (47) S (53) S (59) S (61) S (67) S (71) S (73)
#undef S
}

/* 31 bytes of code at -O2: the return is the line's last byte.  */
static __attribute__ ((noipa, aligned (32))) unsigned
ends_line (unsigned x)
{
  unsigned y = x * 0x9e3779b1u;
  y ^= y >> 15;
  y *= 0x85ebca6bu;
  y ^= y >> 13;
  return y + 0x7f4a7c15u;
}

static __attribute__ ((noipa)) unsigned
starts_in_line (unsigned x)
{
  return x * 5 + 3;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  for (unsigned i = 0; i < 10; i++)
    {
      acc += ends_line (acc + i);
      acc ^= starts_in_line (acc);
      flush_cache (acc);
    }
  sink = (int) acc;
  return (int) acc;
}
