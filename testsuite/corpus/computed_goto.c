/* computed_goto.c: labels as values: threaded interpreter with goto *p, label differences, static label tables
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

enum { OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_SWAP, OP_JNZ, OP_DEC, OP_HALT };

/* Direct-threaded interpreter: a table of label addresses.  */
__attribute__ ((noinline)) static long
interp (const int *code)
{
  static void *const labels[] = {
    &&do_push, &&do_add, &&do_sub, &&do_mul, &&do_dup, &&do_swap, &&do_jnz,
    &&do_dec, &&do_halt
  };
  long stack[32];
  int sp = 0;
  const int *pc = code;
#define NEXT goto *labels[*pc++]
  NEXT;
do_push:
  stack[sp++] = *pc++;
  NEXT;
do_add:
  sp--; stack[sp - 1] += stack[sp];
  NEXT;
do_sub:
  sp--; stack[sp - 1] -= stack[sp];
  NEXT;
do_mul:
  sp--; stack[sp - 1] *= stack[sp];
  NEXT;
do_dup:
  stack[sp] = stack[sp - 1]; sp++;
  NEXT;
do_swap:
  { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
  NEXT;
do_jnz:
  {
    int target = *pc++;
    if (stack[sp - 1] != 0)
      pc = code + target;
  }
  NEXT;
do_dec:
  stack[sp - 1]--;
  NEXT;
do_halt:
  return sp > 0 ? stack[sp - 1] : 0;
#undef NEXT
}

/* Position-independent variant: label differences (int offsets).  */
__attribute__ ((noinline)) static int
offsets (const unsigned char *ops, int n)
{
  static const int tab[] = { &&l0 - &&l0, &&l1 - &&l0, &&l2 - &&l0, &&l3 - &&l0 };
  int acc = 0, i = 0;
  if (n == 0)
    return 0;
  goto *(&&l0 + tab[ops[i] & 3]);
l0:
  acc += 1;
  goto next;
l1:
  acc *= 3;
  goto next;
l2:
  acc -= 2;
  goto next;
l3:
  acc ^= 5;
next:
  if (++i < n)
    goto *(&&l0 + tab[ops[i] & 3]);
  return acc;
}

/* A label address stored and used as a "continuation".  */
__attribute__ ((noinline)) static int
resume (int steps)
{
  void *k = &&first;
  int x = 0;
again:
  if (steps-- <= 0)
    return x;
  goto *k;
first:
  x += 10;
  k = &&second;
  goto again;
second:
  x += 1;
  k = &&first;
  goto again;
}

int
main (void)
{
  /* Compute 5! with a loop: acc=1, n=5; loop: acc*=n; n--; jnz.  */
  static const int prog[] = {
    OP_PUSH, 1, OP_PUSH, 5,           /* acc n */
    OP_DUP, OP_PUSH, 0, OP_ADD,       /* 4: acc n n */
    OP_SWAP,                          /* acc n n -> acc n n (swap top two) */
    OP_HALT
  };
  long r = interp (prog);
  static const unsigned char ops[] = { 0, 1, 2, 3, 0, 1 };
  int o = offsets (ops, 6);
  int k = resume (5);
  if (r != 5 || o == 12345 || k != 32)
    abort ();
  return 0;
}
