/* recursion.c: direct, mutual and non-tail recursion; recursion through a pointer; deep call chains
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stdint.h>
#include <stdlib.h>

static unsigned long
fib (unsigned n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static unsigned long
ackermann (unsigned long m, unsigned long n)
{
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ackermann (m - 1, 1);
  return ackermann (m - 1, ackermann (m, n - 1));
}

/* Mutual recursion across three functions.  */
static int is_even (unsigned n);
static int is_odd (unsigned n);

__attribute__ ((noinline)) static int
is_zero_mod3 (unsigned n)
{
  return n == 0 ? 1 : n < 3 ? 0 : is_zero_mod3 (n - 3);
}

static int
is_even (unsigned n)
{
  if (n == 0)
    return 1;
  if (n == 9999)
    return is_zero_mod3 (n);
  return is_odd (n - 1);
}

static int
is_odd (unsigned n)
{
  return n == 0 ? 0 : is_even (n - 1);
}

/* Tree recursion with a local array (frame per level).  */
struct node
{
  struct node *left, *right;
  int key;
};

static struct node pool[64];
static int used;

static struct node *
insert (struct node *t, int key)
{
  if (!t)
    {
      t = &pool[used++];
      t->key = key;
      t->left = t->right = NULL;
      return t;
    }
  if (key < t->key)
    t->left = insert (t->left, key);
  else
    t->right = insert (t->right, key);
  return t;
}

static int
depth (const struct node *t)
{
  if (!t)
    return 0;
  int l = depth (t->left), r = depth (t->right);
  return 1 + (l > r ? l : r);
}

static long
walk_sum (const struct node *t, long scratch[4])
{
  long local[4];
  if (!t)
    return 0;
  for (int i = 0; i < 4; i++)
    local[i] = scratch[i] + t->key;
  return local[t->key & 3] + walk_sum (t->left, local) + walk_sum (t->right, local);
}

/* Recursion through a function pointer.  */
typedef int (*rec_fn) (void *, int);

static int
countdown (void *self, int n)
{
  rec_fn f = (rec_fn) self;
  return n <= 0 ? 0 : 1 + f (self, n - 1);
}

/* Recursive quicksort with a tail call on the larger half.  */
static void
qsort_rec (int *v, int lo, int hi)
{
  while (lo < hi)
    {
      int p = v[(lo + hi) / 2], i = lo, j = hi;
      while (i <= j)
        {
          while (v[i] < p) i++;
          while (v[j] > p) j--;
          if (i <= j)
            {
              int t = v[i]; v[i] = v[j]; v[j] = t;
              i++; j--;
            }
        }
      if (j - lo < hi - i)
        {
          qsort_rec (v, lo, j);
          lo = i;
        }
      else
        {
          qsort_rec (v, i, hi);
          hi = j;
        }
    }
}

int
main (void)
{
  struct node *root = NULL;
  static const int keys[] = { 50, 30, 70, 20, 40, 60, 80, 35, 45, 65 };
  for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++)
    root = insert (root, keys[i]);
  long scratch[4] = { 1, 2, 3, 4 };
  int v[] = { 9, 3, 7, 1, 8, 2, 6, 4, 5, 0 };
  qsort_rec (v, 0, 9);
  unsigned long s = fib (20) + ackermann (2, 3) + (unsigned long) is_even (101)
                    + (unsigned long) depth (root) + (unsigned long) walk_sum (root, scratch)
                    + (unsigned long) countdown ((void *) countdown, 10);
  if (v[0] != 0 || v[9] != 9 || s == 0)
    abort ();
  return 0;
}
