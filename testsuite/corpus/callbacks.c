/* callbacks.c: function pointers, callback tables, qsort/bsearch comparators, indirect tail calls
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

typedef int (*binop) (int, int);

static int op_add (int a, int b) { return a + b; }
static int op_sub (int a, int b) { return a - b; }
static int op_mul (int a, int b) { return a * b; }
static int op_div (int a, int b) { return b ? a / b : 0; }
static int op_min (int a, int b) { return a < b ? a : b; }
static int op_max (int a, int b) { return a > b ? a : b; }

static const binop ops[] = { op_add, op_sub, op_mul, op_div, op_min, op_max };

/* A table of structs with function pointers: a tiny vtable.  */
struct shape_ops
{
  const char *name;
  long (*area) (const long *dims);
  long (*perimeter) (const long *dims);
};

static long sq_area (const long *d) { return d[0] * d[0]; }
static long sq_perim (const long *d) { return 4 * d[0]; }
static long rect_area (const long *d) { return d[0] * d[1]; }
static long rect_perim (const long *d) { return 2 * (d[0] + d[1]); }
static long tri_area (const long *d) { return d[0] * d[1] / 2; }
static long tri_perim (const long *d) { return d[0] + d[1] + d[2]; }

static const struct shape_ops shapes[] = {
  { "square", sq_area, sq_perim },
  { "rect", rect_area, rect_perim },
  { "tri", tri_area, tri_perim },
};

/* A registry filled at run time.  */
#define MAX_CB 8
static void (*registry[MAX_CB]) (int *);
static int n_registered;

static void cb_inc (int *p) { (*p)++; }
static void cb_dbl (int *p) { *p *= 2; }
static void cb_neg (int *p) { *p = -*p; }

static void
reg (void (*f) (int *))
{
  if (n_registered < MAX_CB)
    registry[n_registered++] = f;
}

static void
fire (int *v)
{
  for (int i = 0; i < n_registered; i++)
    registry[i] (v);
}

static int
cmp_int (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* Indirect tail call: becomes "jmp *reg" at -O2.  */
__attribute__ ((noinline)) int
dispatch (unsigned i, int a, int b)
{
  return ops[i % (sizeof ops / sizeof ops[0])] (a, b);
}

/* Returning a function pointer.  */
static binop
pick (int want_big)
{
  return want_big ? op_max : op_min;
}

/* A volatile function pointer defeats devirtualisation.  */
static int (*volatile hidden) (int, int) = op_mul;

int
main (void)
{
  int acc = 0;
  for (unsigned i = 0; i < 12; i++)
    acc += dispatch (i, 12, 5);
  long dims[3] = { 3, 4, 5 };
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    acc += (int) (shapes[i].area (dims) + shapes[i].perimeter (dims));
  reg (cb_inc);
  reg (cb_dbl);
  reg (cb_neg);
  fire (&acc);
  int v[] = { 5, 3, 9, 1, 7 };
  qsort (v, 5, sizeof v[0], cmp_int);
  int key = 7;
  int *hit = bsearch (&key, v, 5, sizeof v[0], cmp_int);
  acc += pick (1) (3, 4) + hidden (6, 7);
  if (!hit || v[0] != 1 || acc == 0)
    abort ();
  return 0;
}
