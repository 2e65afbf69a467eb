/* fs_switch_tables: dense switches (jump tables), sparse switches (compare
   trees), a range switch and a switch GCC turns into a data table.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An indirect jump through a table reaches any case, so every case line is
   a possible successor; a compare tree instead spreads the decision over
   several lines.  Both sit inside hot loops here.  */
#include "../../valgrind/freestanding.h"

static __attribute__ ((noinline)) unsigned
dense_op (unsigned op, unsigned a, unsigned b)
{
  switch (op)
    {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a & b;
    case 4: return a | b;
    case 5: return a ^ b;
    case 6: return a << (b & 15);
    case 7: return a >> (b & 15);
    case 8: return a > b ? a : b;
    case 9: return a < b ? a : b;
    case 10: return 3 * b - a;
    case 11: return ~b ^ (a >> 2);
    case 12: return a * 3 + b;
    case 13: return (a + b) >> 1;
    case 14: return (a == b) + (a & 1);
    default: return a - 1;
    }
}

static __attribute__ ((noinline)) int
sparse_weight (int key)
{
  switch (key)
    {
    case -12: return 5;
    case 3: return 11;
    case 97: return key * 2;
    case 1024: return 17;
    case 4099: return key >> 3;
    case 65537: return 23;
    case 700000: return key & 255;
    case 1 << 24: return 31;
    default: return 1;
    }
}

/* Case ranges over characters.  */
static __attribute__ ((noinline)) int
char_kind (unsigned char c)
{
  switch (c)
    {
    case '0' ... '9': return 1;
    case 'a' ... 'z': return 2;
    case 'A' ... 'Z': return 3;
    case ' ': case '\t': case '\n': return 4;
    case '(': case ')': case '[': case ']': case '{': case '}': return 5;
    case '+': case '-': case '*': case '/': case '%': return 6;
    default: return 0;
    }
}

/* Constant results only: GCC turns this into a load from a table.  */
static __attribute__ ((noinline)) int
days_in_month (unsigned m)
{
  switch (m)
    {
    case 0: return 31; case 1: return 28; case 2: return 31;
    case 3: return 30; case 4: return 31; case 5: return 30;
    case 6: return 31; case 7: return 31; case 8: return 30;
    case 9: return 31; case 10: return 30; default: return 31;
    }
}

static const int keys[16] = {
  3, 7, -12, 97, 1024, 5, 4099, 65537, 700000, 1 << 24, 0, 3, 97, 2, 1024, 9
};

static const char text[] = "while (x[i] < 42) { y = y * 3 + x[i++] % 7; }\n"
                           "Return VALUE - 19 / (z + 1);";

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink;
  int kinds[8] = { 0 };
  for (unsigned round = 0; round < 40; round++)
    {
      for (unsigned i = 0; i < 64; i++)
        acc = dense_op ((i * 7 + round) & 15, acc, i + round);
      for (unsigned i = 0; i < 16; i++)
        acc += (unsigned) sparse_weight (keys[(i + round) & 15]);
      for (unsigned i = 0; i < sizeof text - 1; i++)
        kinds[char_kind (text[i])]++;
      /* An inline switch in the loop body.  */
      for (unsigned i = 0; i < 12; i++)
        {
          unsigned d = (unsigned) days_in_month ((i + round) % 12);
          switch ((acc ^ d) & 7)
            {
            case 0: acc += d; break;
            case 1: acc -= d * 2; break;
            case 2: acc ^= d << 4; break;
            case 3: acc = acc * 5 + 1; break;
            case 4: acc += kinds[d & 7]; break;
            case 5: acc = (acc >> 1) + d; break;
            case 6: acc |= d; break;
            default: acc &= ~d; break;
            }
        }
    }
  for (unsigned k = 0; k < 8; k++)
    acc += (unsigned) kinds[k] * (k + 1);
  sink = (int) acc;
  return (int) acc;
}
