/* fs_inline_asm: inline assembly inside loops: nops of several lengths, a
   rotate, a byte swap, an add-with-carry pair and a bit scan, mixed with
   ordinary C around them.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The compiler knows an asm block only by its operands: its length comes
   from the assembler.  Multi-byte nops shift the following code across
   line boundaries, which the analysis must read back exactly.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) unsigned
rotl_asm (unsigned x, unsigned n)
{
  __asm__ ("roll %%cl, %0" : "+r" (x) : "c" (n));
  return x;
}

static __attribute__ ((noinline)) unsigned
bswap_asm (unsigned x)
{
  __asm__ ("bswap %0" : "+r" (x));
  return x;
}

/* 64-bit addition done as two 32-bit halves with carry.  */
static __attribute__ ((noinline)) unsigned long long
add64_carry (unsigned long long a, unsigned long long b)
{
  unsigned lo = (unsigned) a, hi = (unsigned) (a >> 32);
  __asm__ ("addl %2, %0\n\tadcl %3, %1"
           : "+&r" (lo), "+&r" (hi)
           : "r" ((unsigned) b), "r" ((unsigned) (b >> 32))
           : "cc");
  return ((unsigned long long) hi << 32) | lo;
}

static __attribute__ ((noinline)) int
highest_bit (unsigned x)
{
  int r;
  if (!x)
    return -1;
  __asm__ ("bsrl %1, %0" : "=r" (r) : "rm" (x) : "cc");
  return r;
}

static __attribute__ ((noinline)) unsigned
padded_loop (unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    {
      __asm__ volatile ("nop");
      s += i * 3;
      /* Long nops: 7 and 9 bytes.  */
      __asm__ volatile ("nopl 0x0(%%rax)\n\tnopw 0x0(%%rax,%%rax,1)" ::: "memory");
      s ^= s >> 3;
      __asm__ volatile (".byte 0x66, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00");
    }
  return s;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  unsigned long long wide = 0xfffffff0ull;
  for (unsigned i = 0; i < 2500; i++)
    {
      acc = rotl_asm (acc ^ i, i & 31);
      acc += bswap_asm (acc) >> 3;
      wide = add64_carry (wide, 0xfffffff7ull + i);
      acc += (unsigned) highest_bit (acc & (0xffffffffu >> (i & 31)));
      if ((i & 63) == 0)
        acc += padded_loop (i & 255);
    }
  acc ^= (unsigned) wide ^ (unsigned) (wide >> 32);
  sink = (int) acc;
  return (int) acc;
}
