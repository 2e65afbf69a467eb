/* cachecat validation: the run-time support GCC may call in a freestanding
   program on targets other than x86-64 (memset, memcpy, memmove for
   array initialisation and struct copies; ARM's division helpers come
   from libgcc).  validate.py compiles it without the plugin and links it
   after the program: code the analysis does not see, called like any
   library function.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Built with -fno-tree-loop-distribute-patterns, so that GCC does not
   turn these loops back into calls of themselves.  */
#include <stddef.h>

void *
memset (void *d, int c, size_t n)
{
  unsigned char *p = d;
  while (n--)
    *p++ = (unsigned char) c;
  return d;
}

void *
memcpy (void *restrict d, const void *restrict s, size_t n)
{
  unsigned char *p = d;
  const unsigned char *q = s;
  while (n--)
    *p++ = *q++;
  return d;
}

void *
memmove (void *d, const void *s, size_t n)
{
  unsigned char *p = d;
  const unsigned char *q = s;
  if (p < q)
    while (n--)
      *p++ = *q++;
  else
    while (n--)
      p[n] = q[n];
  return d;
}

/* libgcc's division-by-zero handler on Linux ARM (__aeabi_idiv0) calls
   raise; the programs never divide by zero.  */
int
raise (int sig)
{
  (void) sig;
  return 0;
}
