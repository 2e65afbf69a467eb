/* h_callbacks: glibc calling back into the program: tsearch/tfind/tdelete
   with a comparator, twalk with a visitor, qsort and bsearch, lfind, and
   an atexit handler that prints the final line after main returns.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Each callback is entered from unknown code and returns into it, so none
   of them can count on cache contents left by the program; the twalk
   visitor runs once per node per visit kind inside libc's recursion.  */
#define _GNU_SOURCE
#include <search.h>
#include <stdio.h>
#include <stdlib.h>

static int compares;
static unsigned visit_hash;
static int leaves, depth_sum;

static int
cmp_int (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  compares++;
  return (x > y) - (x < y);
}

static int
cmp_int_desc (const void *a, const void *b)
{
  return cmp_int (b, a);
}

static void
visitor (const void *nodep, VISIT which, int depth)
{
  int key = **(int *const *) nodep;
  switch (which)
    {
    case preorder:
      break;
    case postorder:
      visit_hash = visit_hash * 33 + (unsigned) key;
      depth_sum += depth;
      break;
    case endorder:
      break;
    case leaf:
      visit_hash = visit_hash * 33 + (unsigned) key;
      leaves++;
      depth_sum += depth;
      break;
    }
}

static void
at_exit_report (void)
{
  printf ("atexit: compares %d\n", compares);
}

static void
noop_free (void *p)
{
  (void) p;
}

static int keys[500];

int
main (void)
{
  void *root = NULL;
  unsigned x = 99;
  atexit (at_exit_report);
  for (int i = 0; i < 500; i++)
    {
      x = x * 1103515245u + 12345u;
      keys[i] = (int) ((x >> 10) % 2000);
      if (!tsearch (&keys[i], &root, cmp_int))
        return 1;
    }
  twalk (root, visitor);
  printf ("tree: leaves %d depth sum %d hash %08x\n", leaves, depth_sum,
          visit_hash);
  int found = 0, deleted = 0;
  for (int k = 0; k < 2000; k += 7)
    found += tfind (&k, &root, cmp_int) != NULL;
  for (int i = 0; i < 500; i += 4)
    deleted += tdelete (&keys[i], &root, cmp_int) != NULL;
  leaves = depth_sum = 0;
  visit_hash = 0;
  twalk (root, visitor);
  printf ("found %d deleted %d leaves %d hash %08x\n", found, deleted,
          leaves, visit_hash);
  tdestroy (root, noop_free);
  qsort (keys, 500, sizeof keys[0], cmp_int_desc);
  int hits = 0;
  size_t n = 500;
  for (int k = 0; k < 2000; k += 13)
    hits += bsearch (&k, keys, 500, sizeof keys[0], cmp_int_desc) != NULL;
  for (int k = 1990; k < 2000; k++)
    hits += lfind (&k, keys, &n, sizeof keys[0], cmp_int) != NULL;
  printf ("sorted max %d min %d hits %d\n", keys[0], keys[499], hits);
  return 0;
}
