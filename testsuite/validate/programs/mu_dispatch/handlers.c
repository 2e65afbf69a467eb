/* mu_dispatch, unit 2: the handlers, reached through a table.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
typedef int (*handler) (int, int);

static __attribute__ ((noinline)) int
mix (int a, int b)
{
  return (a * 31) ^ (b * 17);
}

static int
h_add (int s, int t)
{
  return s + t;
}

static int
h_mix (int s, int t)
{
  return mix (s, t);
}

static int
h_loop (int s, int t)
{
  for (int i = 0; i < (t & 15); i++)
    s = mix (s, i) & 0xffff;
  return s;
}

static int
h_reset (int s, int t)
{
  return (s & 1) ? t : s >> 1;
}

const handler handlers[4] = { h_add, h_mix, h_loop, h_reset };
