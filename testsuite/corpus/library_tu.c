/* library_tu.c: a library unit without main: calls to undefined externs (PLT/GOT under -fPIC), global data access, exported and static functions in source order
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Defined elsewhere: this unit is compiled, never linked on its own.  */
extern int ext_read (int fd, void *buf, size_t n);
extern void ext_log (const char *fmt, ...);
extern int ext_table[];
extern int (*ext_hook) (int);

struct ring
{
  uint8_t buf[256];
  unsigned head, tail;
};

static struct ring rx;
int lib_errors;

static unsigned
ring_used (const struct ring *r)
{
  return (r->head - r->tail) & 255u;
}

int
lib_fill (int fd)
{
  uint8_t tmp[64];
  int n = ext_read (fd, tmp, sizeof tmp);
  if (n < 0)
    {
      lib_errors++;
      ext_log ("read failed on %d: %d", fd, n);
      return n;
    }
  for (int i = 0; i < n; i++)
    {
      if (ring_used (&rx) == 255u)
        {
          ext_log ("overflow");
          return i;
        }
      rx.buf[rx.head++ & 255u] = tmp[i];
    }
  return n;
}

int
lib_take (uint8_t *out, int max)
{
  int k = 0;
  while (k < max && ring_used (&rx) != 0)
    out[k++] = rx.buf[rx.tail++ & 255u];
  return k;
}

/* Callers before callees in the source (matters for -fno-toplevel-reorder).  */
static int helper_late (int x);

int
lib_compute (int x)
{
  return helper_late (x) + ext_table[x & 7] + (ext_hook ? ext_hook (x) : 0);
}

static int
helper_late (int x)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += ext_table[i & 7] * i;
  return r;
}

/* Switch with a jump table: PIC tables use relative offsets.  */
const char *
lib_errstr (int code)
{
  switch (code)
    {
    case 0: return "ok";
    case 1: return "again";
    case 2: return "io";
    case 3: return "nomem";
    case 4: return "perm";
    case 5: return "exists";
    case 6: return "busy";
    case 7: return "range";
    default: return "unknown";
    }
}

/* Address of an external function and of global data (GOT entries).  */
void *
lib_addresses (int which)
{
  switch (which)
    {
    case 0: return (void *) ext_read;
    case 1: return (void *) &lib_errors;
    case 2: return (void *) ext_table;
    default: return (void *) memcpy;
    }
}
