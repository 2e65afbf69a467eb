/* cachecat: small allocation, string, sorting and timing helpers.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "support/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

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

void *
cc_grow (void *p, size_t *cap, size_t need, size_t size, size_t first)
{
  if (need <= *cap)
    return p;
  size_t c = *cap ? 2 * *cap : first;
  while (c < need)
    c *= 2;
  *cap = c;
  return cc_xrealloc (p, c * size);
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

long
cc_find_name (const void *base, size_t n, size_t stride, const char *p, size_t len)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      const char *m = *(const char *const *) ((const char *) base + mid * stride);
      int c = strncmp (m, p, len);
      if (c == 0 && m[len] != 0)
        c = 1;                 /* m is longer: it sorts after */
      if (c == 0)
        return (long) mid;
      if (c < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -1;
}

/* CACHECAT_TIMES=1: where the plugin's time goes in this unit, on
   stderr (make bench; no effect on any output).  CPU milliseconds of the
   compiler process since the last mark, and of the children it waited
   for (the measuring assembly), and the page faults the process took
   (fresh memory costs time of its own).  */
static double
cpu_ms (int who, long *faults)
{
  struct rusage ru;
  getrusage (who, &ru);
  if (faults)
    *faults = ru.ru_minflt + ru.ru_majflt;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3
         + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

void
cc_time_mark (const char *what)
{
  static double last_self, last_children;
  static int on = -1;
  if (on < 0)
    {
      const char *v = getenv ("CACHECAT_TIMES");
      on = v && *v && strcmp (v, "0") != 0;
    }
  if (!on)
    return;
  static long last_faults;
  long faults;
  double self = cpu_ms (RUSAGE_SELF, &faults), children = cpu_ms (RUSAGE_CHILDREN, NULL);
  if (what)
    fprintf (stderr, "cachecat-times: %s %.1f ms (children %.1f ms), %ld page faults\n",
             what, self - last_self, children - last_children, faults - last_faults);
  last_self = self;
  last_children = children;
  last_faults = faults;
}


int
cc_write_file (const char *path, int (*fill) (FILE *f, void *data), void *data, char **err)
{
  struct stat st;
  int exists = stat (path, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    {
      *err = cc_xstrdup (strerror (EISDIR));
      return -1;
    }
  if (exists && !S_ISREG (st.st_mode))
    {
      FILE *f = fopen (path, "w");
      if (!f)
        {
          *err = cc_xstrdup (strerror (errno));
          return -1;
        }
      int bad = fill (f, data) != 0 || ferror (f);
      if (fclose (f) != 0 || bad)
        {
          *err = cc_xstrdup (strerror (errno ? errno : EIO));
          return -1;
        }
      return 0;
    }
  char *tmp = cc_xasprintf ("%s.tmpXXXXXX", path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      *err = cc_xstrdup (strerror (errno));
      free (tmp);
      return -1;
    }
  FILE *f = fdopen (fd, "w");
  if (!f)
    {
      *err = cc_xstrdup (strerror (errno));
      close (fd);
      unlink (tmp);
      free (tmp);
      return -1;
    }
  errno = 0;
  int bad = fill (f, data) != 0 || ferror (f);
  if (fclose (f) != 0)
    bad = 1;
  /* mkstemp creates 0600; the file is an ordinary build product.  */
  mode_t mask = umask (0);
  umask (mask);
  if (!bad && chmod (tmp, 0666 & ~mask) != 0)
    bad = 1;
  if (bad || rename (tmp, path) != 0)
    {
      *err = cc_xstrdup (strerror (errno ? errno : EIO));
      unlink (tmp);
      free (tmp);
      return -1;
    }
  free (tmp);
  return 0;
}

int
cc_utf8_len (const unsigned char *s)
{
  unsigned c = s[0];
  if (c < 0x80)
    return 1;
  /* The lead byte's length and the smallest value it may encode (a
     smaller one is an overlong form).  */
  int n;
  uint32_t v, min;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, v = c & 0x1f, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, v = c & 0x0f, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, v = c & 0x07, min = 0x10000;
  else
    return 0;
  for (int k = 1; k < n; k++)
    {
      if ((s[k] & 0xc0) != 0x80)
        return 0;
      v = v << 6 | (s[k] & 0x3f);
    }
  if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
    return 0;
  return n;
}

char *
cc_utf8_clean (const char *s)
{
  char *out = NULL;
  size_t n = 0;
  FILE *f = check (open_memstream (&out, &n));
  cc_fputs_utf8 (s, f);
  fclose (f);
  return out;
}

void
cc_fputs_utf8 (const char *s, FILE *f)
{
  const unsigned char *p = (const unsigned char *) s, *run = p;
  while (*p)
    {
      int l = cc_utf8_len (p);
      if (l)
        {
          p += l;
          continue;
        }
      fwrite (run, 1, (size_t) (p - run), f);
      fputs ("\xef\xbf\xbd", f);
      run = ++p;
    }
  fwrite (run, 1, (size_t) (p - run), f);
}
