/* h_varargs: the program's own variadic functions: an integer sum over a
   counted argument list, a mini formatter walking its format with va_arg,
   and a logging wrapper forwarding a va_list to vsnprintf.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Variadic prologues spill the argument registers (and test %al for the
   vector registers), and the va_arg loops branch per conversion: code
   shapes that occur only in variadic functions.  */
#include <stdarg.h>
#include <stdio.h>
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

/* Supports %d, %u, %x, %s, %c and %%; returns the length written.  */
static int
mini_format (char *out, size_t size, const char *fmt, ...)
{
  va_list ap;
  size_t n = 0;
  va_start (ap, fmt);
#define PUT(ch) do { if (n + 1 < size) out[n] = (ch); n++; } while (0)
  for (const char *f = fmt; *f; f++)
    {
      if (*f != '%')
        {
          PUT (*f);
          continue;
        }
      char digits[16];
      int nd = 0;
      unsigned long v;
      switch (*++f)
        {
        case 'd':
          {
            int d = va_arg (ap, int);
            if (d < 0)
              PUT ('-');
            v = d < 0 ? 0ul - (unsigned long) d : (unsigned long) d;
            do
              digits[nd++] = (char) ('0' + v % 10);
            while ((v /= 10) != 0);
            break;
          }
        case 'u':
          v = va_arg (ap, unsigned);
          do
            digits[nd++] = (char) ('0' + v % 10);
          while ((v /= 10) != 0);
          break;
        case 'x':
          v = va_arg (ap, unsigned);
          do
            digits[nd++] = "0123456789abcdef"[v & 15];
          while ((v >>= 4) != 0);
          break;
        case 's':
          for (const char *s = va_arg (ap, const char *); *s; s++)
            PUT (*s);
          break;
        case 'c':
          PUT ((char) va_arg (ap, int));
          break;
        case '%':
          PUT ('%');
          break;
        default:
          f--;
          break;
        }
      while (nd > 0)
        PUT (digits[--nd]);
    }
#undef PUT
  va_end (ap);
  if (size)
    out[n < size ? n : size - 1] = 0;
  return (int) n;
}

static unsigned log_hash;
static int log_lines;

static void __attribute__ ((format (printf, 2, 3)))
log_line (int level, const char *fmt, ...)
{
  char buf[96];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  for (int i = 0; i < n && buf[i]; i++)
    log_hash = log_hash * 31 + (unsigned char) buf[i];
  log_hash += (unsigned) level;
  log_lines++;
}

int
main (void)
{
  long total = 0;
  char buf[80], ref[80];
  int mismatches = 0;
  for (int i = 0; i < 300; i++)
    {
      total += sum_ints (3, i, -i / 2, 7);
      total += sum_ints (8, 1, 2, 3, 4, 5, 6, i, i * 2);
      total += sum_ints (0);
      mini_format (buf, sizeof buf, "t=%u v=%d hex=%x tag=%s%c %%", i * 7u,
                   150 - i, i * 4099u, i & 1 ? "odd" : "even", 'A' + i % 26);
      snprintf (ref, sizeof ref, "t=%u v=%d hex=%x tag=%s%c %%", i * 7u,
                150 - i, i * 4099u, i & 1 ? "odd" : "even", 'A' + i % 26);
      mismatches += strcmp (buf, ref) != 0;
      if (i % 3 == 0)
        log_line (i % 4, "sample %d: %s (%ld)", i, buf, total);
    }
  printf ("total %ld mismatches %d\n", total, mismatches);
  printf ("log %d lines hash %08x\n", log_lines, log_hash);
  printf ("last \"%s\"\n", buf);
  return 0;
}
