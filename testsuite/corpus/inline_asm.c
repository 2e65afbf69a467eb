/* inline_asm.c: inline asm: basic asm at file scope and in functions, extended asm with operands and clobbers, asm goto, multi-line asm, asm labels
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   With the label alignment the plugin documentation recommends:
   cachecat-extra-flags: -O2 -falign-labels=1 -falign-loops=1 -falign-jumps=1 -falign-functions=64

   cachecat-layout-nocompute[.]: the inline asm jumps to numeric local
   labels (1f, 2b), which the layout computation does not follow.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* File-scope basic asm: an extra global function written in assembly.  */
#if defined(__x86_64__)
__asm__ (".text\n"
         ".globl cc_asm_add\n"
         ".type cc_asm_add, @function\n"
         "cc_asm_add:\n"
         "\tleal (%rdi,%rsi), %eax\n"
         "\tret\n"
         ".size cc_asm_add, .-cc_asm_add\n");
#define HAVE_ASM_ADD 1
#elif defined(__aarch64__)
__asm__ (".text\n"
         ".globl cc_asm_add\n"
         ".type cc_asm_add, %function\n"
         "cc_asm_add:\n"
         "\tadd w0, w0, w1\n"
         "\tret\n"
         ".size cc_asm_add, .-cc_asm_add\n");
#define HAVE_ASM_ADD 1
#endif
__asm__ ("nop");
__asm__ ("\t.p2align 3");

#ifdef HAVE_ASM_ADD
extern int cc_asm_add (int, int);
#else
static int cc_asm_add (int a, int b) { return a + b; }
#endif

/* Basic asm inside functions: one line, several lines, with a local label.  */
__attribute__ ((noinline)) int
with_nops (int x)
{
  __asm__ ("nop");
  x += 3;
  __asm__ ("nop\n\tnop\n\tnop");
  if (x > 10)
    __asm__ volatile ("nop; nop");
  return x;
}

/* Basic asm as the only statement of a function.  */
__attribute__ ((noinline)) void
only_asm (void)
{
  __asm__ volatile ("nop\n\t.p2align 2\n\tnop");
}

/* Extended asm: inputs, outputs, in/out, clobbers, memory.  */
__attribute__ ((noinline)) unsigned
ext_add (unsigned a, unsigned b)
{
  unsigned r = a;
#if defined(__x86_64__) || defined(__i386__)
  __asm__ ("addl %1, %0" : "+r" (r) : "g" (b) : "cc");
#elif defined(__aarch64__)
  __asm__ ("add %w0, %w0, %w1" : "+r" (r) : "r" (b));
#else
  __asm__ ("" : "+r" (r));
  r += b;
#endif
  return r;
}

__attribute__ ((noinline)) void
barrier_loop (int *v, int n)
{
  for (int i = 0; i < n; i++)
    {
      v[i] = i;
      __asm__ volatile ("" ::: "memory");
    }
}

/* Empty asm used as an optimisation barrier on a value.  */
__attribute__ ((noinline)) long
opaque (long x)
{
  __asm__ ("" : "+r" (x));
  return x * 3;
}

/* Extended asm with several lines and an internal numeric label.  */
__attribute__ ((noinline)) unsigned
count_down (unsigned n)
{
  unsigned steps = 0;
#if defined(__x86_64__)
  __asm__ ("testl %0, %0\n\t"
           "jz 2f\n"
           "1:\n\t"
           "incl %1\n\t"
           "decl %0\n\t"
           "jnz 1b\n"
           "2:"
           : "+r" (n), "+r" (steps)
           :
           : "cc");
#else
  while (n--)
    {
      __asm__ ("" : "+r" (steps));
      steps++;
    }
#endif
  return steps;
}

/* asm goto: a jump out of the asm to C labels.  */
__attribute__ ((noinline)) int
asm_goto (int x)
{
#if defined(__x86_64__)
  __asm__ goto ("cmpl $5, %0\n\t"
                "jg %l[big]"
                :
                : "r" (x)
                : "cc"
                : big);
  return 0;
big:
  return 1;
#else
  return x > 5;
#endif
}

/* Register variable bound to an asm operand, asm name on a declaration.  */
static int renamed_counter __asm__ ("cc_renamed_counter_sym");

__attribute__ ((noinline)) int
bump (void)
{
  return ++renamed_counter;
}

/* A long asm: GCC sizes it as a worst case per line.  */
__attribute__ ((noinline)) int
many_nops (int x)
{
#define NOP4 "nop\n\tnop\n\tnop\n\tnop\n\t"
#define NOP16 NOP4 NOP4 NOP4 NOP4
  __asm__ volatile (NOP16 NOP16 NOP16 NOP16);
  return x + 1;
}

int
main (void)
{
  int v[8];
  only_asm ();
  barrier_loop (v, 8);
  int s = with_nops (9) + (int) ext_add (2, 3) + (int) opaque (4) + (int) count_down (6)
          + asm_goto (9) + asm_goto (1) + bump () + many_nops (1) + cc_asm_add (20, 22);
  if (s != 12 + 5 + 12 + 6 + 1 + 0 + 1 + 2 + 42 || v[7] != 7)
    abort ();
  return 0;
}
