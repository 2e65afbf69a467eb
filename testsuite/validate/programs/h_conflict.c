/* h_conflict: hot functions aligned to 1024 and 2048 bytes so that they
   share cache sets in caches up to 1-2 KiB, called alternately in a loop
   that also calls strlen and memchr on every iteration.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Conflicts from the program's own layout mixed with evictions by libc
   code: the aligned functions' lines are lost either to each other or to
   the unknown calls, whichever the analysis can bound.  */
#include <stdio.h>
#include <string.h>

static const char *const lines[8] = {
  "set 3 way 0 tag 0x4f1",
  "miss at 0x401a20",
  "hit",
  "evict line 17 for line 49 (same set)",
  "",
  "prefetch disabled; wrong-path fetches not modelled",
  "loop bound 64",
  "first miss scope loop@0x1c",
};

static __attribute__ ((noinline, aligned (2048))) unsigned
score_a (const char *s, size_t n, unsigned acc)
{
  for (size_t i = 0; i < n; i++)
    acc = acc * 31 + (unsigned char) s[i];
  return acc;
}

static __attribute__ ((noinline, aligned (1024))) unsigned
score_b (const char *s, size_t n, unsigned acc)
{
  unsigned vowels = 0;
  for (size_t i = 0; i < n; i++)
    switch (s[i])
      {
      case 'a': case 'e': case 'i': case 'o': case 'u':
        vowels++;
        break;
      default:
        break;
      }
  return acc ^ (vowels << (n & 15));
}

static __attribute__ ((noinline, aligned (2048))) unsigned
score_c (const char *s, unsigned acc)
{
  const char *x = memchr (s, 'x', strlen (s));
  return acc + (x ? (unsigned) (x - s) * 7 : 1);
}

static __attribute__ ((noinline, aligned (1024))) unsigned
score_d (unsigned acc, unsigned i)
{
  return (acc << 5 | acc >> 27) + i * 0x9e3779b9u;
}

int
main (void)
{
  unsigned acc = 0, total_len = 0;
  for (unsigned i = 0; i < 1200; i++)
    {
      const char *s = lines[i & 7];
      size_t n = strlen (s);
      total_len += (unsigned) n;
      acc = score_a (s, n, acc);
      acc = score_b (s, n, acc);
      if (i % 3 == 0)
        acc = score_c (s, acc);
      acc = score_d (acc, i);
    }
  printf ("acc %08x total length %u\n", acc, total_len);
  return 0;
}
