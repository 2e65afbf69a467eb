/* fs_sort_search: insertion sort, recursive quicksort (median of three,
   insertion sort below a cutoff), iterative and recursive binary search,
   over arrays regenerated from a pseudo-random sequence.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Quicksort's recursion depth and the partition loops' trip counts depend
   on the data; binary search has a loop of about log2(n) iterations with
   two exits.  A classic WCET benchmark shape.  */
#include "../../valgrind/freestanding.h"

#define N 400

static int a[N], b[N];
static unsigned seed;

static __attribute__ ((noinline)) void
fill (int *v, unsigned n, unsigned s)
{
  for (unsigned i = 0; i < n; i++)
    {
      s = s * 1103515245u + 12345u;
      v[i] = (int) ((s >> 8) % 5000);
    }
}

static __attribute__ ((noinline)) void
insertion_sort (int *v, int lo, int hi)
{
  for (int i = lo + 1; i <= hi; i++)
    {
      int x = v[i], j = i - 1;
      while (j >= lo && v[j] > x)
        {
          v[j + 1] = v[j];
          j--;
        }
      v[j + 1] = x;
    }
}

static inline void
swap (int *v, int i, int j)
{
  int t = v[i];
  v[i] = v[j];
  v[j] = t;
}

static __attribute__ ((noinline)) void
quicksort (int *v, int lo, int hi)
{
  while (hi - lo > 12)
    {
      int mid = lo + (hi - lo) / 2;
      if (v[mid] < v[lo])
        swap (v, mid, lo);
      if (v[hi] < v[lo])
        swap (v, hi, lo);
      if (v[hi] < v[mid])
        swap (v, hi, mid);
      int pivot = v[mid], i = lo, j = hi;
      while (i <= j)
        {
          while (v[i] < pivot)
            i++;
          while (v[j] > pivot)
            j--;
          if (i <= j)
            swap (v, i++, j--);
        }
      /* Recurse on the smaller side, loop on the larger.  */
      if (j - lo < hi - i)
        {
          quicksort (v, lo, j);
          lo = i;
        }
      else
        {
          quicksort (v, i, hi);
          hi = j;
        }
    }
  insertion_sort (v, lo, hi);
}

static __attribute__ ((noinline)) int
bsearch_iter (const int *v, int n, int key)
{
  int lo = 0, hi = n - 1;
  while (lo <= hi)
    {
      int mid = (lo + hi) >> 1;
      if (v[mid] == key)
        return mid;
      if (v[mid] < key)
        lo = mid + 1;
      else
        hi = mid - 1;
    }
  return -1;
}

static __attribute__ ((noinline)) int
bsearch_rec (const int *v, int lo, int hi, int key)
{
  if (lo > hi)
    return -(lo + 1);
  int mid = (lo + hi) >> 1;
  if (v[mid] < key)
    return bsearch_rec (v, mid + 1, hi, key);
  if (v[mid] > key)
    return bsearch_rec (v, lo, mid - 1, key);
  return mid;
}

static __attribute__ ((noinline)) int
is_sorted (const int *v, int n)
{
  for (int i = 1; i < n; i++)
    if (v[i - 1] > v[i])
      return 0;
  return 1;
}

static __attribute__ ((noinline)) int
program (void)
{
  int acc = 0;
  seed = 17 + (unsigned) sink;
  for (unsigned round = 0; round < 3; round++)
    {
      fill (a, N, seed + round);
      fill (b, 120, seed + round);
      quicksort (a, 0, N - 1);
      insertion_sort (b, 0, 119);
      acc += is_sorted (a, N) * 1000 + is_sorted (b, 120) * 100;
      for (int key = 0; key < 5000; key += 37)
        {
          int i = bsearch_iter (a, N, key);
          int j = bsearch_rec (b, 0, 119, key);
          acc += (i >= 0) + (j >= 0) * 2 + (j < 0 ? -j : 0);
        }
    }
  sink = acc;
  return acc;
}
