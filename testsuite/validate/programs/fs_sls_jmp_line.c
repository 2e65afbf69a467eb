/* fs_sls_jmp_line: a switch's indirect jump whose `int3` (SLS hardening)
   is the first byte of the next cache line, and the case it jumps to in
   that line; in a loop, with nothing else bringing the line in between.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The layout is made at -O2 with -mharden-sls=all (gcc 12, binutils 2.40,
   the freestanding build line of programs/README.md; checked with objdump -d):
   dispatch is aligned to 32 bytes (so is .text: one layout phase at
   32-byte lines), its jump-table jump `jmp *0x402000(,%rdi,8)` takes bytes
   25 to 31 of the line (0x401199), the `int3` GCC writes after it is byte
   0 of the next line (0x4011a0), and case 5, the one every round takes, is
   at byte 8 of that line (0x4011a8, `neg %eax`).  The loop (0x401210 ..
   0x40122b) lies in other sets of a 256-byte direct-mapped cache, and
   flush_cache (376 bytes of straight code) evicts every line between two
   rounds.  So the jump fetches only its own line, and case 5's first
   instruction misses in all 10 rounds at 256 B/32.  An analysis that takes
   `jmp; int3` for one 8-byte instruction believes the jump loads the next
   line and calls that instruction always-hit.  Other levels and flags give
   other layouts: the program is then an ordinary small test.  */
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

/* 25 bytes of code before the jump at -O2: it ends at the line's last
   byte.  */
static __attribute__ ((noipa, aligned (32))) unsigned
dispatch (int op, unsigned x)
{
  x = x * 0x9e3779b1u;
  x ^= x >> 15;
  x *= 5;
  switch (op)
    {
    case 0: return x * 3 + 1;
    case 1: return x ^ 0x5555;
    case 2: return x - 977;
    case 3: return x << 3;
    case 4: return x >> 2;
    case 5: return -x;
    default: return x;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  int op = (int) (acc & 0) + 5;
  for (unsigned i = 0; i < 10; i++)
    {
      acc += dispatch (op, acc + i);
      flush_cache (acc);
    }
  sink = (int) acc;
  return (int) acc;
}
