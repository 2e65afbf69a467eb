/* switches.c: dense switches (jump tables), sparse switches (compare trees), switch in loop, fall-through
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stdint.h>
#include <stdlib.h>

__attribute__ ((noinline)) int
dense (int op, int x)
{
  switch (op)
    {
    case 0: return x + 1;
    case 1: return x - 3;
    case 2: return x * 5;
    case 3: return x ^ 0x55;
    case 4: return x << 2;
    case 5: return x >> 1;
    case 6: return ~x;
    case 7: return -x;
    case 8: return x | 0x100;
    case 9: return x & 0xff;
    case 10: return x * x;
    case 11: return x / 7;
    case 12: return x % 13;
    case 13: return x + 1000;
    case 14: return x - 1000;
    case 15: return 42;
    default: return 0;
    }
}

/* Dense, byte-valued, with fall-through chains.  */
__attribute__ ((noinline)) unsigned
classify (unsigned char ch)
{
  unsigned r = 0;
  switch (ch)
    {
    case 'a': case 'e': case 'i': case 'o': case 'u':
      r |= 1;
      /* fall through */
    case 'b': case 'c': case 'd': case 'f': case 'g':
      r |= 2;
      break;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      r |= 4;
      break;
    case ' ': case '\t': case '\n':
      r |= 8;
      break;
    case 'x': case 'y': case 'z':
      r |= 16;
      /* fall through */
    default:
      r |= 32;
    }
  return r;
}

/* Sparse: a binary decision tree, maybe bit tests.  */
__attribute__ ((noinline)) int
sparse (long key)
{
  switch (key)
    {
    case 1: return 10;
    case 100: return 20;
    case 1000: return 30;
    case 4096: return 40;
    case 65537: return 50;
    case 1000000: return 60;
    case -7: return 70;
    case 123456789: return 80;
    case 0x7fffffffL: return 90;
    default: return -1;
    }
}

/* A switch on a 64-bit value with a large base offset.  */
__attribute__ ((noinline)) int
offset_switch (uint64_t v)
{
  switch (v)
    {
    case 0x1000000000ULL: return 1;
    case 0x1000000001ULL: return 2;
    case 0x1000000002ULL: return 3;
    case 0x1000000003ULL: return 5;
    case 0x1000000004ULL: return 8;
    case 0x1000000005ULL: return 13;
    case 0x1000000006ULL: return 21;
    case 0x1000000007ULL: return 34;
    default: return 0;
    }
}

/* Two jump tables in one loop, nested switch.  */
__attribute__ ((noinline)) int
run (const unsigned char *prog, int n)
{
  int acc = 0;
  for (int i = 0; i < n; i++)
    {
      switch (prog[i] & 7)
        {
        case 0: acc++; break;
        case 1: acc--; break;
        case 2:
          switch (prog[i] >> 3)
            {
            case 0: acc *= 2; break;
            case 1: acc *= 3; break;
            case 2: acc *= 5; break;
            case 3: acc *= 7; break;
            case 4: acc /= 2; break;
            case 5: acc /= 3; break;
            default: acc = 0; break;
            }
          break;
        case 3: acc += prog[i]; break;
        case 4: acc -= prog[i]; break;
        case 5: acc ^= 0x3c; break;
        case 6: if (acc > 100) return acc; break;
        case 7: acc = dense (prog[i] >> 3, acc); break;
        }
    }
  return acc;
}

int
main (void)
{
  static const unsigned char prog[] = { 0, 0, 3, 10, 18, 5, 7, 15, 1, 6, 4, 2 };
  int s = 0;
  for (int op = -1; op < 18; op++)
    s += dense (op, 17);
  for (int ch = 0; ch < 256; ch++)
    s += (int) classify ((unsigned char) ch);
  s += sparse (4096) + sparse (5) + sparse (-7);
  s += offset_switch (0x1000000004ULL) + offset_switch (3);
  s += run (prog, (int) sizeof prog);
  return s == 0 ? 1 : 0;
}
