/* h_string_stats: word statistics over a built-in text: splitting with
   strspn/strcspn, case folding, a word table sorted with qsort(strcmp
   wrapper) and searched with bsearch, plus string reversal and palindromes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Short program loops alternate with calls into glibc's string functions,
   whose code (and its cache footprint) is outside the analysed unit.  */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] =
  "A cache line holds a block of memory; a set holds lines, and a way is "
  "one slot of a set. The cache maps each address to one set, and a "
  "direct mapped cache has one way per set. Level one caches are small "
  "and fast, level two caches are larger and slower. A miss fetches the "
  "whole line from the next level. Did Hannah see bees? Hannah did. "
  "Worst case execution time analysis needs a bound on every miss, so a "
  "static analysis classifies each fetch: always hit, always miss, first "
  "miss, or conflict when nothing can be promised. Level one, level two.";

#define MAXW 128

struct word
{
  char s[24];
  int count;
};

static struct word words[MAXW];
static int nwords;

static int
cmp_word (const void *a, const void *b)
{
  return strcmp (((const struct word *) a)->s, ((const struct word *) b)->s);
}

static int
cmp_count (const void *a, const void *b)
{
  const struct word *x = a, *y = b;
  if (x->count != y->count)
    return y->count - x->count;
  return strcmp (x->s, y->s);
}

static void
add_word (const char *w, size_t len)
{
  struct word key;
  if (len >= sizeof key.s)
    len = sizeof key.s - 1;
  for (size_t i = 0; i < len; i++)
    key.s[i] = (char) tolower ((unsigned char) w[i]);
  key.s[len] = 0;
  struct word *hit = bsearch (&key, words, (size_t) nwords, sizeof words[0],
                              cmp_word);
  if (hit)
    {
      hit->count++;
      return;
    }
  if (nwords == MAXW)
    return;
  /* Insert keeping the table sorted.  */
  int i = nwords++;
  while (i > 0 && strcmp (words[i - 1].s, key.s) > 0)
    {
      words[i] = words[i - 1];
      i--;
    }
  strcpy (words[i].s, key.s);
  words[i].count = 1;
}

static int
is_palindrome (const char *s, size_t n)
{
  if (n < 3)
    return 0;
  for (size_t i = 0, j = n - 1; i < j; i++, j--)
    if (tolower ((unsigned char) s[i]) != tolower ((unsigned char) s[j]))
      return 0;
  return 1;
}

static void
reverse (char *s)
{
  size_t n = strlen (s);
  for (size_t i = 0; i + 1 < n - i; i++)
    {
      char t = s[i];
      s[i] = s[n - 1 - i];
      s[n - 1 - i] = t;
    }
}

int
main (void)
{
  static const char delims[] = " .,;:?!";
  int total = 0, pal = 0, sentences = 0;
  for (int pass = 0; pass < 3; pass++)
    {
      const char *p = text;
      while (*p)
        {
          p += strspn (p, delims);
          size_t len = strcspn (p, delims);
          if (len == 0)
            break;
          if (pass == 0)
            add_word (p, len);
          total++;
          pal += is_palindrome (p, len);
          p += len;
        }
    }
  for (const char *q = text; (q = strpbrk (q, ".?!")) != NULL; q++)
    sentences++;
  qsort (words, (size_t) nwords, sizeof words[0], cmp_count);
  char top[96] = "";
  for (int i = 0; i < 5 && i < nwords; i++)
    {
      char item[40];
      snprintf (item, sizeof item, "%s%.23s:%d", i ? " " : "", words[i].s,
                words[i].count);
      strncat (top, item, sizeof top - strlen (top) - 1);
    }
  char rev[sizeof text];
  memcpy (rev, text, sizeof text);
  reverse (rev);
  printf ("words %d distinct %d palindromes %d sentences %d\n", total,
          nwords, pal, sentences);
  printf ("top %s\n", top);
  printf ("reversed starts \"%.20s\"\n", rev);
  return 0;
}
