/* cachecat unit tests: a tiny test framework, one header, no library.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Usage, one test program per translation unit:

     #include "unit.h"
     int main (void)
     {
       CHECK (1 + 1 == 2);
       CHECK_STREQ (name, "f");
       CHECK_EQ (n_sets, 128);
       CHECK_CONTAINS (message, "ways=x");
       return unit_finish ("example");
     }

   A failing check prints FILE:LINE and the condition (with the strings for
   the string checks) and the program goes on, so one run shows every
   failure.  The checks are expressions that yield the result, so a test can
   stop early with "if (!CHECK (p)) return;" when later checks would crash.  */

#ifndef CACHECAT_UNIT_H
#define CACHECAT_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_passed, unit_failed;

static inline int
unit_check_ (int ok, const char *file, int line, const char *what)
{
  if (ok)
    unit_passed++;
  else
    {
      unit_failed++;
      fprintf (stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
  return ok;
}

/* NULL-safe string checks that show the strings on failure: messages are
   what most tests compare, and "check failed: strstr (...)" alone does not
   say what the message was.  Each argument is evaluated once.  */
static inline int
unit_check_str_ (int ok, const char *file, int line, const char *what,
                 const char *got, const char *expected)
{
  if (!unit_check_ (ok, file, line, what))
    fprintf (stderr, "    got:      %s\n    expected: %s\n",
             got ? got : "(null)", expected ? expected : "(null)");
  return ok;
}

static inline int
unit_streq_ (const char *a, const char *b, const char *file, int line,
             const char *what)
{
  return unit_check_str_ (a && b && strcmp (a, b) == 0, file, line, what, a,
                          b);
}

static inline int
unit_contains_ (const char *haystack, const char *needle, const char *file,
                int line, const char *what)
{
  return unit_check_str_ (haystack && needle && strstr (haystack, needle),
                          file, line, what, haystack, needle);
}

#define CHECK(cond) unit_check_ ((cond) != 0, __FILE__, __LINE__, #cond)

#define CHECK_STREQ(a, b)                                                 \
  unit_streq_ ((a), (b), __FILE__, __LINE__, "CHECK_STREQ (" #a ", " #b ")")

/* HAYSTACK contains NEEDLE.  */
#define CHECK_CONTAINS(haystack, needle)                                  \
  unit_contains_ ((haystack), (needle), __FILE__, __LINE__,               \
                  "CHECK_CONTAINS (" #haystack ", " #needle ")")

static inline int
unit_eq_ (long long a, long long b, const char *file, int line,
          const char *what)
{
  if (!unit_check_ (a == b, file, line, what))
    fprintf (stderr, "    got:      %lld\n    expected: %lld\n", a, b);
  return a == b;
}

/* Integer equality, showing both values on failure.  */
#define CHECK_EQ(a, b)                                                    \
  unit_eq_ ((long long) (a), (long long) (b), __FILE__, __LINE__,         \
            "CHECK_EQ (" #a ", " #b ")")

/* Print the summary line; the result is main's exit status.  */
static inline int
unit_finish (const char *name)
{
  printf ("unit %s: %d passed, %d failed\n", name, unit_passed, unit_failed);
  return unit_failed != 0;
}

#endif
