/* multiversion.c: per-function target and optimize attributes, target_clones (ifunc resolvers), ms_abi, naked functions, regparm-free calling convention changes
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   cachecat-layout-nocompute[.]: an ifunc resolver, whose symbol gas
   never relaxes a jump to; the assembler measures it.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__x86_64__)

/* AVX2 code in one function of an SSE2 unit: VEX encodings.  */
__attribute__ ((target ("avx2"), noinline)) void
add_avx2 (int32_t *restrict d, const int32_t *restrict a, const int32_t *restrict b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = a[i] + b[i] * 3;
}

__attribute__ ((target ("popcnt,bmi2"), noinline)) int
bitcount (uint64_t x)
{
  return __builtin_popcountll (x);
}

/* Function multi-versioning: clones plus an ifunc resolver.  */
__attribute__ ((target_clones ("default", "avx2"), noinline)) int
scaled_sum (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * 7;
  return s;
}

/* The Microsoft x64 calling convention (saves xmm6-15).  */
__attribute__ ((ms_abi, noinline)) long
ms_func (long a, long b, double x)
{
  return a * 2 + b + (long) x;
}

/* Naked: no prologue or epilogue, the body is basic asm only.  */
__attribute__ ((naked, noinline)) int
naked_seven (void)
{
  __asm__ ("movl $7, %eax\n\tret");
}

#define HAVE_X86 1
#endif

/* optimize attribute: different levels in one unit.  */
__attribute__ ((optimize ("O0"), noinline)) int
at_o0 (int x)
{
  int y = x;
  for (int i = 0; i < 4; i++)
    y += i;
  return y;
}

__attribute__ ((optimize ("O3", "unroll-loops"), noinline)) int
at_o3 (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] ^ i;
  return s;
}

__attribute__ ((optimize ("Os"), noinline)) int
at_os (int x)
{
  switch (x)
    {
    case 0: return 4; case 1: return 9; case 2: return 1; case 3: return 7;
    case 4: return 3; case 5: return 8; case 6: return 2; default: return 0;
    }
}

/* No stack protector / with stack protector in the same unit.  */
__attribute__ ((noinline, stack_protect)) int
protected_buf (int k)
{
  char buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = (char) (i ^ k);
  return buf[k & 63];
}

int
main (void)
{
  int v[16];
  for (int i = 0; i < 16; i++)
    v[i] = i;
  int s = at_o0 (1) + at_o3 (v, 16) + at_os (3) + protected_buf (5);
#ifdef HAVE_X86
  int32_t d[16], a[16], b[16];
  for (int i = 0; i < 16; i++)
    a[i] = b[i] = i;
  if (__builtin_cpu_supports ("avx2"))
    add_avx2 (d, a, b, 16);
  else
    d[15] = 60;
  if (__builtin_cpu_supports ("popcnt") && __builtin_cpu_supports ("bmi2"))
    s += bitcount (0xf0f0) - 8;
  s += (int) ms_func (1, 2, 3.5) + scaled_sum (v, 4) + naked_seven () - (2 + 2 + 3) - 42 - 7 + d[15] - 60;
#endif
  return s == 7 + 0 + 7 + 0 ? 0 : 1;
}
