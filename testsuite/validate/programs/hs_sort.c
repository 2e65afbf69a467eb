/* hs_sort: qsort with comparison callbacks and bsearch over the sorted
   tables, in a loop over tables of growing size: the C library's sort
   calls back into the program for every comparison.  Linked statically
   (validate.py: hs_*), so qsort and bsearch are code of the executable.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Each sort is checked by the program (order, and every key found where
   bsearch says, absent keys not found); the exit status is 1 if one is
   wrong.  The seed is read from a volatile so that no level knows the
   data.  */
#include <stdio.h>
#include <stdlib.h>

#define MAX 88

struct record
{
  int key;
  unsigned id;
};

static struct record table[MAX];
static volatile unsigned seed_in = 0x9e3779b9u;
static unsigned compares;

static unsigned
next (unsigned *s)
{
  *s = *s * 1664525u + 1013904223u;
  return *s >> 9;
}

static int
by_key (const void *a, const void *b)
{
  const struct record *x = a, *y = b;
  compares++;
  if (x->key != y->key)
    return (x->key > y->key) - (x->key < y->key);
  return (x->id > y->id) - (x->id < y->id);
}

/* Descending by id: a second callback, so the sort's call site runs two
   targets.  */
static int
by_id_desc (const void *a, const void *b)
{
  const struct record *x = a, *y = b;
  compares++;
  return (x->id < y->id) - (x->id > y->id);
}

static int
key_only (const void *k, const void *elem)
{
  int key = *(const int *) k;
  const struct record *r = elem;
  compares++;
  return (key > r->key) - (key < r->key);
}

int
main (void)
{
  unsigned s = seed_in;
  int bad = 0;
  unsigned found = 0;
  for (int n = 8; n <= MAX; n += 20)
    {
      /* Even keys only, so that odd ones are absent.  */
      for (int i = 0; i < n; i++)
        table[i] = (struct record){ (int) (next (&s) % 400) * 2 - 400, (unsigned) i };
      qsort (table, (size_t) n, sizeof table[0], by_key);
      for (int i = 1; i < n; i++)
        if (by_key (&table[i - 1], &table[i]) > 0)
          bad = 1;
      for (int q = 0; q < 12; q++)
        {
          /* Half of them keys of the table.  */
          unsigned pick = next (&s);
          int key = pick & 1 ? table[(pick >> 1) % (unsigned) n].key
                             : (int) ((pick >> 1) % 800) - 400;
          const struct record *r = bsearch (&key, table, (size_t) n, sizeof table[0], key_only);
          if (r)
            {
              found++;
              if (r->key != key)
                bad = 1;
            }
          else
            for (int i = 0; i < n; i++)
              if (table[i].key == key)
                bad = 1;
        }
      qsort (table, (size_t) n, sizeof table[0], by_id_desc);
      for (int i = 0; i < n; i++)
        if (table[i].id != (unsigned) (n - 1 - i))
          bad = 1;
    }
  printf ("sort: %u compares, %u found%s\n", compares, found, bad ? ", WRONG" : "");
  return bad;
}
