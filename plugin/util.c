/* cachecat: small allocation, string and sorting helpers.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void *
check (void *p)
{
  if (!p)
    {
      fputs ("cachecat: out of memory\n", stderr);
      abort ();
    }
  return p;
}

void *
cc_xmalloc (size_t n)
{
  return check (malloc (n ? n : 1));
}

void *
cc_xcalloc (size_t n, size_t size)
{
  return check (calloc (n ? n : 1, size ? size : 1));
}

void *
cc_xrealloc (void *p, size_t n)
{
  return check (realloc (p, n ? n : 1));
}

char *
cc_xstrdup (const char *s)
{
  return check (strdup (s));
}

char *
cc_xasprintf (const char *fmt, ...)
{
  va_list ap;
  char *s = NULL;
  va_start (ap, fmt);
  int n = vasprintf (&s, fmt, ap);
  va_end (ap);
  if (n < 0)
    check (NULL);
  return s;
}

int
cc_cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}
