/* h_hash_table: a chained hash table with string keys built by snprintf,
   strdup'd on insert, looked up with strcmp, deleted with free, and
   resized (rehash into a new bucket array) as it grows.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The hashing loop and chain walks are the program's own code; every key
   build, comparison and allocation is a call into libc in between.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry
{
  char *key;
  int value;
  struct entry *next;
};

struct table
{
  struct entry **buckets;
  unsigned nbuckets, count, resizes;
};

static unsigned
hash_str (const char *s)
{
  unsigned h = 5381;
  while (*s)
    h = h * 33 ^ (unsigned char) *s++;
  return h;
}

static void
resize (struct table *t, unsigned nb)
{
  struct entry **nbk = calloc (nb, sizeof *nbk);
  if (!nbk)
    exit (1);
  for (unsigned i = 0; i < t->nbuckets; i++)
    for (struct entry *e = t->buckets[i], *nx; e; e = nx)
      {
        nx = e->next;
        unsigned b = hash_str (e->key) & (nb - 1);
        e->next = nbk[b];
        nbk[b] = e;
      }
  free (t->buckets);
  t->buckets = nbk;
  t->nbuckets = nb;
  t->resizes++;
}

static struct entry *
lookup (struct table *t, const char *key)
{
  for (struct entry *e = t->buckets[hash_str (key) & (t->nbuckets - 1)]; e;
       e = e->next)
    if (strcmp (e->key, key) == 0)
      return e;
  return NULL;
}

static void
put (struct table *t, const char *key, int value)
{
  struct entry *e = lookup (t, key);
  if (e)
    {
      e->value += value;
      return;
    }
  if (t->count >= t->nbuckets * 2)
    resize (t, t->nbuckets * 2);
  e = malloc (sizeof *e);
  if (!e || !(e->key = strdup (key)))
    exit (1);
  e->value = value;
  unsigned b = hash_str (key) & (t->nbuckets - 1);
  e->next = t->buckets[b];
  t->buckets[b] = e;
  t->count++;
}

static int
erase (struct table *t, const char *key)
{
  struct entry **pp = &t->buckets[hash_str (key) & (t->nbuckets - 1)];
  for (; *pp; pp = &(*pp)->next)
    if (strcmp ((*pp)->key, key) == 0)
      {
        struct entry *e = *pp;
        *pp = e->next;
        free (e->key);
        free (e);
        t->count--;
        return 1;
      }
  return 0;
}

static unsigned
longest_chain (const struct table *t)
{
  unsigned best = 0;
  for (unsigned i = 0; i < t->nbuckets; i++)
    {
      unsigned n = 0;
      for (const struct entry *e = t->buckets[i]; e; e = e->next)
        n++;
      if (n > best)
        best = n;
    }
  return best;
}

int
main (void)
{
  struct table t = { NULL, 4, 0, 0 };
  t.buckets = calloc (t.nbuckets, sizeof *t.buckets);
  if (!t.buckets)
    return 1;
  char key[32];
  for (int i = 0; i < 600; i++)
    {
      int k = (i * 37) % 450;
      snprintf (key, sizeof key, "sensor-%d.%c", k, 'a' + k % 5);
      put (&t, key, i);
    }
  printf ("count %u buckets %u resizes %u longest %u\n", t.count,
          t.nbuckets, t.resizes, longest_chain (&t));
  int erased = 0, hits = 0;
  long sum = 0;
  for (int i = 0; i < 450; i += 2)
    {
      snprintf (key, sizeof key, "sensor-%d.%c", i, 'a' + i % 5);
      erased += erase (&t, key);
    }
  for (int i = 0; i < 600; i++)
    {
      /* The last 150 probes use a letter that was never inserted.  */
      snprintf (key, sizeof key, "sensor-%d.%c", i % 450,
                i < 450 ? 'a' + i % 5 : 'f');
      struct entry *e = lookup (&t, key);
      if (e)
        {
          hits++;
          sum += e->value;
        }
    }
  printf ("erased %d hits %d sum %ld left %u\n", erased, hits, sum, t.count);
  for (unsigned i = 0; i < t.nbuckets; i++)
    while (t.buckets[i])
      erase (&t, t.buckets[i]->key);
  free (t.buckets);
  printf ("final count %u\n", t.count);
  return 0;
}
