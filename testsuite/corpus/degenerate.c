/* degenerate.c: degenerate functions: empty bodies, only a return, infinite loops, functions with no instructions, unused statics, data-only parts
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

/* Data that lives next to the code: relocations into .data and .rodata.  */
const char message[] = "degenerate but valid";
int counter = 5;
static int *const counter_ptr = &counter;
void (*const fn_table[2]) (void);
static char bss_block[4096];

void
empty (void)
{
}

int
constant (void)
{
  return 42;
}

void
only_barrier (void)
{
  __asm__ volatile ("" ::: "memory");
}

/* An infinite loop: no exit edge at all.  On AArch64 at -O2 the loop's
   alignment puts a nop between the symbol and the first instruction: a
   block of its own that runs on entry only.  */
__attribute__ ((noinline, noreturn)) void
spin_forever (volatile int *p)
{
  for (;;)
    (*p)++;
}

/* Empty infinite loop: "jmp ." only.  */
__attribute__ ((noinline, noreturn)) void
hang (void)
{
  for (;;)
    ;
}

/* Only __builtin_unreachable: no code at -O1+, a single insn at -O0.  */
void
unreachable_only (void)
{
  __builtin_unreachable ();
}

/* Only a trap.  */
void
trap_only (void)
{
  __builtin_trap ();
}

/* Only a call to a noreturn function.  */
void
abort_only (void)
{
  abort ();
}

/* Unused static function: dropped at -O1+.  */
static int
unused (int x)
{
  return x + 1;
}

/* A single tail call.  */
int
forward_constant (void)
{
  return constant ();
}

/* Returns its argument: a single mov or nothing.  */
long
identity (long x)
{
  return x;
}

int
main (int argc, char **argv)
{
  (void) argv;
  (void) unused;
  empty ();
  only_barrier ();
  bss_block[counter] = 1;
  if (argc > 100)
    {
      hang ();
    }
  if (argc > 99)
    spin_forever (counter_ptr);
  if (argc > 98)
    trap_only ();
  if (argc > 97)
    abort_only ();
  return forward_constant () + (int) identity (bss_block[5]) == 43 && message[0] == 'd' ? 0 : 1;
}
