/* mu_bytes_switch, unit 2, compiled without the plugin (bytes_*.c): two
   dense switches that GCC makes jump tables of.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
int
op_step (int op, int acc, int arg)
{
  switch (op)
    {
    case 0: return acc + arg;
    case 1: return acc * 3 + 1;
    case 2: return acc - (arg >> 1);
    case 3: return acc ^ 0x5a5a;
    case 4: return (acc << 2) | (arg & 3);
    case 5: return acc >> 1;
    case 6: return -acc + arg;
    case 7: return acc | 0x40;
    case 8: return acc & 0xffff;
    case 9: return acc + (arg & 0xff) * 5;
    default: return acc;
    }
}

int
op_class (unsigned char c)
{
  switch (c >> 4)
    {
    case 0: case 1: return 1;
    case 2: return 3;
    case 3: return c & 7;
    case 4: case 5: return 9;
    case 6: return -(int) (c & 3);
    case 7: return 2;
    case 9: return c >> 5;
    case 10: return 4;
    case 12: return -1;
    default: return 0;
    }
}
