/* cachecat tests: a set of 64-bit keys, to remember which (loop
   execution, insn) pairs a run has fetched (ccvalidate, test_random).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Open addressing with linear probing, kept at most half full; a slot
   holds key + 1, so 0 marks a free one.  */

#ifndef CACHECAT_KEY_SET_H
#define CACHECAT_KEY_SET_H

#include <stdint.h>
#include <stdlib.h>

typedef struct key_set
{
  uint64_t *slot;
  size_t cap, n;
} key_set;

/* The home slot: every bit of the key mixed into the low bits (splitmix64's
   finaliser).  A product alone leaves its low bits to the key's low bits
   only, and ccvalidate's keys differ in their high bits (loop execution <<
   24 | insn): every execution of a loop then probed one cluster per insn,
   and h_rle at -O0 on riscv64 took 81 s of ccvalidate instead of 2.  */
static inline size_t
key_set_home (uint64_t stored, size_t cap)
{
  uint64_t x = stored;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return (size_t) (x ^ (x >> 31)) & (cap - 1);
}

/* Add KEY to S; 1 if it was there already.  */
static inline int
key_set_add (key_set *s, uint64_t key)
{
  uint64_t stored = key + 1;
  if (2 * (s->n + 1) > s->cap)
    {
      size_t cap = s->cap ? 2 * s->cap : 1024;
      uint64_t *t = calloc (cap, sizeof *t);
      if (!t)
        abort ();
      for (size_t k = 0; k < s->cap; k++)
        if (s->slot[k])
          {
            size_t h = key_set_home (s->slot[k], cap);
            while (t[h])
              h = (h + 1) & (cap - 1);
            t[h] = s->slot[k];
          }
      free (s->slot);
      s->slot = t;
      s->cap = cap;
    }
  size_t h = key_set_home (stored, s->cap);
  while (s->slot[h])
    {
      if (s->slot[h] == stored)
        return 1;
      h = (h + 1) & (s->cap - 1);
    }
  s->slot[h] = stored;
  s->n++;
  return 0;
}

static inline void
key_set_free (key_set *s)
{
  free (s->slot);
  s->slot = NULL;
  s->cap = s->n = 0;
}

#endif
