/* setjmp_longjmp.c: setjmp/longjmp: error unwinding through frames, nested handlers, returns_twice
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   The plugin does not model functions that call setjmp:
   cachecat-expect-warning: cannot model '[A-Za-z0-9_.]+': it calls a function that returns twice \(setjmp\)
*/

#include <setjmp.h>
#include <stddef.h>
#include <stdlib.h>

static jmp_buf *current;
static int depth_reached;

__attribute__ ((noreturn, noinline)) static void
fail (int code)
{
  longjmp (*current, code);
}

__attribute__ ((noinline)) static int
parse_digit (char c)
{
  if (c < '0' || c > '9')
    fail (c == 0 ? 2 : 1);
  return c - '0';
}

__attribute__ ((noinline)) static long
parse_number (const char *s, int depth)
{
  depth_reached = depth;
  if (*s == '(')
    return 2 * parse_number (s + 1, depth + 1);
  long v = 0;
  do
    v = v * 10 + parse_digit (*s++);
  while (*s && *s != ')');
  return v;
}

/* A handler that saves and restores the outer one.  */
static long
try_parse (const char *s, int *err)
{
  jmp_buf here;
  jmp_buf *saved = current;
  volatile long result = -1;
  current = &here;
  int code = setjmp (here);
  if (code == 0)
    {
      result = parse_number (s, 0);
      *err = 0;
    }
  else
    *err = code;
  current = saved;
  return result;
}

/* setjmp inside a loop, the value used after the jump.  */
static int
retry_loop (int n)
{
  jmp_buf env;
  jmp_buf *saved = current;
  volatile int attempts = 0;
  current = &env;
  if (setjmp (env) != 0)
    {
      if (attempts >= n)
        {
          current = saved;
          return attempts;
        }
    }
  attempts++;
  if (attempts <= n)
    fail (attempts);
  current = saved;
  return -1;
}

/* sigsetjmp/siglongjmp spelling.  */
static int
sig_variant (void)
{
  sigjmp_buf env;
  volatile int n = 0;
  if (sigsetjmp (env, 0) < 3)
    {
      n++;
      siglongjmp (env, n);
    }
  return n;
}

int
main (void)
{
  jmp_buf top;
  current = &top;
  if (setjmp (top))
    abort ();
  int e1, e2, e3;
  long a = try_parse ("1234", &e1);
  long b = try_parse ("((12x3", &e2);
  (void) b;
  long c = try_parse ("((9", &e3);
  int r = retry_loop (4);
  int s = sig_variant ();
  if (a != 1234 || e1 != 0 || e2 != 1 || c != 36 || e3 != 0 || r != 4 || s != 3)
    abort ();
  return depth_reached == 2 ? 0 : 1;
}
