/* fs_expr_parser: a recursive-descent parser and evaluator for integer
   expressions with parentheses, unary minus and variables.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   expr -> term -> unary -> primary -> expr is a cycle of four mutually
   recursive functions whose depth follows the nesting of the input, the
   shape of real parsers.  */
#include "../../valgrind/freestanding.h"

struct parser
{
  const char *p;
  int vars[26];
  int errors;
};

static int expr (struct parser *ps);

static __attribute__ ((noinline)) void
skip_blanks (struct parser *ps)
{
  while (*ps->p == ' ')
    ps->p++;
}

static __attribute__ ((noinline)) int
primary (struct parser *ps)
{
  skip_blanks (ps);
  char c = *ps->p;
  if (c >= '0' && c <= '9')
    {
      int v = 0;
      while (*ps->p >= '0' && *ps->p <= '9')
        v = v * 10 + (*ps->p++ - '0');
      return v;
    }
  if (c >= 'a' && c <= 'z')
    {
      ps->p++;
      return ps->vars[c - 'a'];
    }
  if (c == '(')
    {
      ps->p++;
      int v = expr (ps);
      skip_blanks (ps);
      if (*ps->p == ')')
        ps->p++;
      else
        ps->errors++;
      return v;
    }
  ps->errors++;
  if (c)
    ps->p++;
  return 0;
}

static __attribute__ ((noinline)) int
unary (struct parser *ps)
{
  skip_blanks (ps);
  if (*ps->p == '-')
    {
      ps->p++;
      return -unary (ps);
    }
  return primary (ps);
}

static __attribute__ ((noinline)) int
term (struct parser *ps)
{
  int v = unary (ps);
  for (;;)
    {
      skip_blanks (ps);
      char op = *ps->p;
      if (op != '*' && op != '/' && op != '%')
        return v;
      ps->p++;
      int r = unary (ps);
      if (op == '*')
        v *= r;
      else if (r == 0)
        ps->errors++;
      else if (op == '/')
        v /= r;
      else
        v %= r;
    }
}

static __attribute__ ((noinline)) int
expr (struct parser *ps)
{
  int v = term (ps);
  for (;;)
    {
      skip_blanks (ps);
      char op = *ps->p;
      if (op != '+' && op != '-')
        return v;
      ps->p++;
      int r = term (ps);
      v = op == '+' ? v + r : v - r;
    }
}

static const char *const sources[] = {
  "1 + 2 * 3 - 4",
  "(a + b) * (c - d) / (e + 1)",
  "-(-(-(x))) + ((((y))))",
  "a * a + b * b - 2 * a * b % 7",
  "((((((((1+2)*3)+4)*5)+6)*7)+8)*9)",
  "k / (k - k) + 3",
  "z % 5 + y % 4 + x % 3 - (w * -2)",
  "(((a)+(b))*((c)+(d)))-(((e)-(f))*((g)-(h)))",
  "100 / 7 / 2 + 1000 % 33 * -3",
  "m * (n + (o * (p + (q * (r + 1)))))",
};

static __attribute__ ((noinline)) int
program (void)
{
  struct parser ps;
  unsigned acc = 0;
  ps.errors = 0;
  for (int round = 0; round < 20; round++)
    {
      for (int v = 0; v < 26; v++)
        ps.vars[v] = (v * 7 + round * 3) % 19 - 4 + sink;
      for (unsigned s = 0; s < sizeof sources / sizeof sources[0]; s++)
        {
          ps.p = sources[s];
          acc = acc * 3 + (unsigned) expr (&ps);
        }
    }
  acc += (unsigned) ps.errors;
  sink = (int) acc;
  return (int) acc;
}
