/* h_qsort_records: an array of records sorted by qsort with four different
   comparison callbacks and searched with bsearch, with a summary printed.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The comparators are called from inside glibc, code the analysis cannot
   see: each call arrives with an unknown cache state and each return goes
   back into libc.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec
{
  int id;
  int priority;
  unsigned deadline;
  char name[12];
};

#define N 300

static struct rec recs[N];

static int
by_id (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  return (x->id > y->id) - (x->id < y->id);
}

static int
by_priority_then_deadline (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  if (x->priority != y->priority)
    return y->priority - x->priority;
  if (x->deadline != y->deadline)
    return x->deadline < y->deadline ? -1 : 1;
  return by_id (a, b);
}

static int
by_name (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : by_id (a, b);
}

static int
by_deadline_desc (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  if (x->deadline == y->deadline)
    return by_id (a, b);
  return x->deadline > y->deadline ? -1 : 1;
}

static unsigned
checksum (void)
{
  unsigned h = 0;
  for (int i = 0; i < N; i++)
    h = h * 31 + (unsigned) recs[i].id;
  return h;
}

int
main (void)
{
  static const char *const syll[8] = { "ka", "lo", "mi", "ne", "ru", "sa",
                                       "to", "vi" };
  unsigned x = 12345;
  for (int i = 0; i < N; i++)
    {
      x = x * 1103515245u + 12345u;
      recs[i].id = (int) ((x >> 8) % 100000);
      recs[i].priority = (int) ((x >> 4) % 8);
      recs[i].deadline = (x >> 12) % 5000;
      snprintf (recs[i].name, sizeof recs[i].name, "%s%s%s",
                syll[(x >> 3) & 7], syll[(x >> 6) & 7], syll[(x >> 9) & 7]);
    }
  int (*const cmps[4]) (const void *, const void *) = {
    by_priority_then_deadline, by_name, by_deadline_desc, by_id
  };
  static const char *const names[4] = { "priority", "name", "deadline", "id" };
  for (int k = 0; k < 4; k++)
    {
      qsort (recs, N, sizeof recs[0], cmps[k]);
      printf ("%-8s first=%s/%d last=%s/%d hash=%08x\n", names[k],
              recs[0].name, recs[0].id, recs[N - 1].name, recs[N - 1].id,
              checksum ());
    }
  /* Sorted by id now: look up every id that was generated and some not. */
  int found = 0;
  for (int probe = 0; probe < 100000; probe += 97)
    {
      struct rec key = { .id = probe };
      found += bsearch (&key, recs, N, sizeof recs[0], by_id) != NULL;
    }
  for (int i = 0; i < N; i += 3)
    found += bsearch (&recs[i], recs, N, sizeof recs[0], by_id) != NULL;
  printf ("found %d\n", found);
  return 0;
}
