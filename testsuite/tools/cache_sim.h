/* cachecat tests: a concrete instruction cache, to replay real or
   random runs on (ccvalidate, test_random, test_engine).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   LRU, FIFO, tree pseudo-LRU or random replacement (a 16-bit LFSR picks
   the victim: one of the runs random replacement allows), any number of
   ways.  A fetch that straddles two lines looks both up, misses if either
   misses, and loads both, as valgrind does.  */

#ifndef CACHECAT_CACHE_SIM_H
#define CACHECAT_CACHE_SIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum policy { P_LRU, P_FIFO, P_PLRU, P_RANDOM };

typedef struct shape
{
  uint32_t size, line, ways, sets;
  int policy;
  int64_t *tag;            /* sets x ways; LRU: most recent first, FIFO:
                              newest first; PLRU, random: by way; -1 empty */
  uint8_t *plru;           /* PLRU: sets x (ways - 1) tree bits */
  uint32_t lfsr;           /* random: the victim generator */
} shape;

/* A cold cache of the given shape.  */
static inline void
shape_init (shape *sh, uint32_t size, uint32_t line, uint32_t ways, int policy)
{
  sh->size = size;
  sh->line = line;
  sh->ways = ways;
  sh->policy = policy;
  sh->sets = size / (line * ways);
  sh->tag = calloc ((size_t) sh->sets * ways + 1, sizeof (int64_t));
  sh->plru = calloc ((size_t) sh->sets * ways + 1, 1);
  if (!sh->tag || !sh->plru)
    abort ();
  for (size_t k = 0; k < (size_t) sh->sets * ways; k++)
    sh->tag[k] = -1;
  sh->lfsr = 0xace1u;
}

static inline void
shape_free (shape *sh)
{
  free (sh->tag);
  free (sh->plru);
}

/* Tree PLRU: the ways are the leaves of a binary tree whose inner nodes
   (heap order, root 1) each point to the half to evict next.  */
static inline void
plru_touch (uint8_t *bits, uint32_t ways, uint32_t way)
{
  for (uint32_t node = 1, span = ways; span > 1; span /= 2)
    {
      int right = (way % span) >= span / 2;
      bits[node] = (uint8_t) !right;   /* point away from the way used */
      node = 2 * node + (uint32_t) right;
    }
}

static inline uint32_t
plru_victim (const uint8_t *bits, uint32_t ways)
{
  uint32_t node = 1, way = 0;
  for (uint32_t span = ways; span > 1; span /= 2)
    {
      int right = bits[node];
      way += right ? span / 2 : 0;
      node = 2 * node + (uint32_t) right;
    }
  return way;
}

/* Access line L in its set: 1 on a miss.  */
static inline int
access_line (shape *sh, uint64_t l)
{
  size_t set = (size_t) (l % sh->sets);
  int64_t *tags = sh->tag + set * sh->ways;
  uint32_t w = 0;
  while (w < sh->ways && tags[w] != (int64_t) l)
    w++;
  int miss = w == sh->ways;
  switch (sh->policy)
    {
    case P_LRU:
      if (miss)
        w = sh->ways - 1;   /* the least recently used */
      memmove (tags + 1, tags, w * sizeof *tags);
      tags[0] = (int64_t) l;
      break;
    case P_FIFO:
      if (miss)
        {
          /* A hit changes nothing; a miss pushes out the oldest.  */
          memmove (tags + 1, tags, (sh->ways - 1) * sizeof *tags);
          tags[0] = (int64_t) l;
        }
      break;
    case P_PLRU:
      if (miss)
        {
          w = 0;
          while (w < sh->ways && tags[w] != -1)
            w++;
          if (w == sh->ways)
            w = plru_victim (sh->plru + set * sh->ways, sh->ways);
          tags[w] = (int64_t) l;
        }
      plru_touch (sh->plru + set * sh->ways, sh->ways, w);
      break;
    case P_RANDOM:
      if (miss)
        {
          w = 0;
          while (w < sh->ways && tags[w] != -1)
            w++;
          if (w == sh->ways)
            {
              /* A 16-bit Galois LFSR.  */
              sh->lfsr = (sh->lfsr >> 1) ^ (-(sh->lfsr & 1u) & 0xb400u);
              w = sh->lfsr % sh->ways;
            }
          tags[w] = (int64_t) l;
        }
      break;
    }
  return miss;
}

/* Look up and load every line of [addr, addr+len): the lines that
   missed (the lines it loads: 2 for a straddling fetch that missed
   both).  */
static inline uint32_t
fetch_lines_loaded (shape *sh, uint64_t addr, uint32_t len)
{
  uint32_t loaded = 0;
  for (uint64_t l = addr / sh->line; l <= (addr + len - 1) / sh->line; l++)
    loaded += (uint32_t) access_line (sh, l);
  return loaded;
}

/* The same: 1 if any missed (one miss of the fetch, as valgrind counts
   it).  */
static inline int
fetch_lines (shape *sh, uint64_t addr, uint32_t len)
{
  return fetch_lines_loaded (sh, addr, len) != 0;
}

#endif
