/* mu_rel_table, unit 2: the steps the other unit's tables reach.  No
   table of this unit holds their addresses.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
unsigned
step_a (unsigned x)
{
  for (unsigned i = 0; i < (x & 3) + 2; i++)
    x = x * 5 + i;
  return x;
}

unsigned
step_b (unsigned x)
{
  return (x << 7) ^ (x >> 3) ^ 0x5bd1e995u;
}

unsigned
step_c (unsigned x)
{
  unsigned s = 0;
  while (x)
    {
      s += x & 0xff;
      x >>= 8;
    }
  return s;
}

unsigned
step_d (unsigned x)
{
  return x * 0x9e3779b9u + 11;
}
