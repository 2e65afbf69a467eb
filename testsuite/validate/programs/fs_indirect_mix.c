/* fs_indirect_mix: every kind of indirect branch GCC emits, for the flags
   that rewrite them: calls through a function-pointer table, a tail call
   through a pointer, a dense switch (jump table) in a loop, and many
   returns.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   With -mharden-sls=all every `ret` and `jmp *` gets an `int3` after it;
   with -mindirect-branch=thunk-inline -mfunction-return=thunk-inline every
   indirect call and jump and every return becomes an inline thunk (a call
   to a label of the same function, a speculation trap, and a `ret` that
   goes to the real target).  The program has no layout of its own to make:
   it is there to run all of them often, in loops.  */
#include "../../valgrind/freestanding.h"

typedef unsigned (*op_fn) (unsigned, unsigned);

static __attribute__ ((noinline)) unsigned
op_add (unsigned a, unsigned b)
{
  return a + b;
}

static __attribute__ ((noinline)) unsigned
op_sub (unsigned a, unsigned b)
{
  return a - b;
}

static __attribute__ ((noinline)) unsigned
op_mix (unsigned a, unsigned b)
{
  return (a ^ (b << 3)) + (b >> 2);
}

static __attribute__ ((noinline)) unsigned
op_mul (unsigned a, unsigned b)
{
  return a * (b | 1);
}

static op_fn const ops[4] = { op_add, op_sub, op_mix, op_mul };

/* A tail call through a pointer chosen from the table.  */
static __attribute__ ((noinline)) unsigned
apply (unsigned k, unsigned a, unsigned b)
{
  return ops[k & 3] (a, b);
}

/* A dense switch: a jump table at -O2.  */
static __attribute__ ((noinline)) unsigned
step (int op, unsigned acc, unsigned x)
{
  switch (op)
    {
    case 0: return acc + x;
    case 1: return acc - 3 * x;
    case 2: return acc ^ (x << 5);
    case 3: return acc + (x >> 1) + 7;
    case 4: return acc * 3 + x;
    case 5: return apply (x, acc, x);
    case 6: return ops[x & 3] (acc, 11) + 1;
    default: return acc - 1;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  unsigned seed = acc + 12345u;
  for (unsigned i = 0; i < 600; i++)
    {
      seed = seed * 1103515245u + 12345u;
      int op = (int) ((seed >> 16) & 7);
      acc = step (op, acc, (seed >> 20) & 1023);
      if ((i & 15) == 0)
        for (unsigned k = 0; k < 4; k++)
          acc = ops[k] (acc, i);
    }
  sink = (int) acc;
  return (int) acc;
}
