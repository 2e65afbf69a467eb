/* h_bigint: arbitrary-precision decimal arithmetic in base 10^4 limbs:
   factorials, Fibonacci numbers and powers of two, converted to strings
   with snprintf, copied with memcpy, cleared with memset, compared.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Carry-propagation loops whose trip count grows with the number, inside
   outer loops over the operands: loop nests with trip counts that change
   on every outer iteration.  */
#include <stdio.h>
#include <string.h>

#define LIMBS 120
#define BASE 10000

struct big
{
  int n;                        /* limbs in use, least significant first */
  unsigned short d[LIMBS];
};

static void
big_set (struct big *a, unsigned v)
{
  memset (a, 0, sizeof *a);
  do
    {
      a->d[a->n++] = (unsigned short) (v % BASE);
      v /= BASE;
    }
  while (v);
}

static void
big_mul_small (struct big *a, unsigned m)
{
  unsigned carry = 0;
  for (int i = 0; i < a->n; i++)
    {
      unsigned v = a->d[i] * m + carry;
      a->d[i] = (unsigned short) (v % BASE);
      carry = v / BASE;
    }
  while (carry && a->n < LIMBS)
    {
      a->d[a->n++] = (unsigned short) (carry % BASE);
      carry /= BASE;
    }
}

static void
big_add (struct big *r, const struct big *a, const struct big *b)
{
  unsigned carry = 0;
  int n = a->n > b->n ? a->n : b->n, i;
  for (i = 0; i < n; i++)
    {
      unsigned v = carry + (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0);
      r->d[i] = (unsigned short) (v % BASE);
      carry = v / BASE;
    }
  if (carry && i < LIMBS)
    r->d[i++] = (unsigned short) carry;
  r->n = i;
}

static int
big_cmp (const struct big *a, const struct big *b)
{
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (int i = a->n - 1; i >= 0; i--)
    if (a->d[i] != b->d[i])
      return a->d[i] < b->d[i] ? -1 : 1;
  return 0;
}

/* Writes the decimal digits; returns their number.  */
static int
big_str (const struct big *a, char *out, size_t size)
{
  int len = snprintf (out, size, "%u", a->d[a->n - 1]);
  for (int i = a->n - 2; i >= 0 && (size_t) len + 5 < size; i--)
    len += snprintf (out + len, size - (size_t) len, "%04u", a->d[i]);
  return len;
}

static unsigned
digit_sum (const char *s)
{
  unsigned t = 0;
  for (; *s; s++)
    t += (unsigned) (*s - '0');
  return t;
}

int
main (void)
{
  static char buf[LIMBS * 4 + 8];
  static struct big f, a, b, c, p;
  big_set (&f, 1);
  for (unsigned k = 2; k <= 150; k++)
    big_mul_small (&f, k);
  int len = big_str (&f, buf, sizeof buf);
  printf ("150! has %d digits, digit sum %u, starts %.12s\n", len,
          digit_sum (buf), buf);
  big_set (&a, 0);
  big_set (&b, 1);
  for (int i = 0; i < 700; i++)
    {
      big_add (&c, &a, &b);
      memcpy (&a, &b, sizeof a);
      memcpy (&b, &c, sizeof b);
    }
  len = big_str (&a, buf, sizeof buf);
  printf ("fib(700) has %d digits, ends %s\n", len, buf + len - 8);
  big_set (&p, 1);
  int steps = 0;
  while (big_cmp (&p, &f) < 0)
    {
      big_mul_small (&p, 2);
      steps++;
    }
  printf ("2^%d is the first power of two above 150!\n", steps);
  return 0;
}
