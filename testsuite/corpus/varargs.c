/* varargs.c: variadic functions: va_list walking, va_copy, forwarding a va_list, floating and struct arguments
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   Long double code uses x87 instructions (fix_truncdi_i387 writes three
   statements in one insn, GCC says 16 bytes, gas 12).
*/

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static long
sum_ints (int n, ...)
{
  va_list ap;
  long s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

static double
mean (int n, ...)
{
  va_list ap;
  double s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg (ap, double);
  va_end (ap);
  return n ? s / n : 0.0;
}

/* A tiny printf-like formatter into a buffer; forwards a va_list.  */
static size_t
vfmt (char *out, size_t cap, const char *f, va_list ap)
{
  size_t k = 0;
  for (; *f; f++)
    {
      if (*f != '%')
        {
          if (k + 1 < cap)
            out[k++] = *f;
          continue;
        }
      switch (*++f)
        {
        case 'd':
          {
            int v = va_arg (ap, int);
            char tmp[16];
            int t = 0;
            unsigned u = v < 0 ? -(unsigned) v : (unsigned) v;
            do
              tmp[t++] = (char) ('0' + u % 10);
            while ((u /= 10) != 0);
            if (v < 0 && k + 1 < cap)
              out[k++] = '-';
            while (t && k + 1 < cap)
              out[k++] = tmp[--t];
            break;
          }
        case 's':
          {
            const char *s = va_arg (ap, const char *);
            while (*s && k + 1 < cap)
              out[k++] = *s++;
            break;
          }
        case 'c':
          if (k + 1 < cap)
            out[k++] = (char) va_arg (ap, int);
          break;
        case '%':
          if (k + 1 < cap)
            out[k++] = '%';
          break;
        default:
          return (size_t) -1;
        }
    }
  if (cap)
    out[k] = 0;
  return k;
}

static size_t
fmt (char *out, size_t cap, const char *f, ...)
{
  va_list ap;
  va_start (ap, f);
  size_t r = vfmt (out, cap, f, ap);
  va_end (ap);
  return r;
}

/* va_copy: walk the list twice.  */
static int
max_twice (int n, ...)
{
  va_list ap, ap2;
  va_start (ap, n);
  va_copy (ap2, ap);
  int m = -2147483647;
  for (int i = 0; i < n; i++)
    {
      int v = va_arg (ap, int);
      if (v > m)
        m = v;
    }
  int count = 0;
  for (int i = 0; i < n; i++)
    if (va_arg (ap2, int) == m)
      count++;
  va_end (ap2);
  va_end (ap);
  return m * 10 + count;
}

struct pair { long a, b; };
struct big { char bytes[40]; };

static long
mixed (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      struct pair p = va_arg (ap, struct pair);
      struct big b = va_arg (ap, struct big);
      long double ld = va_arg (ap, long double);
      s += p.a - p.b + b.bytes[i % 40] + (long) ld;
    }
  va_end (ap);
  return s;
}

int
main (void)
{
  char buf[64];
  size_t k = fmt (buf, sizeof buf, "x=%d s=%s c=%c %%", -42, "ok", 'z');
  struct pair p = { 10, 3 };
  struct big b;
  memset (&b, 1, sizeof b);
  long m = mixed (2, p, b, (long double) 2.5, p, b, (long double) 1.0);
  if (sum_ints (4, 1, 2, 3, 4) != 10 || mean (2, 1.0, 3.0) != 2.0
      || k != strlen ("x=-42 s=ok c=z %") || strcmp (buf, "x=-42 s=ok c=z %") != 0
      || max_twice (5, 3, 9, 2, 9, 1) != 92 || m != 2 * 7 + 2 + 3)
    abort ();
  return 0;
}
