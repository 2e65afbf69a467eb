/* mu_dispatch: a command interpreter over three units (main.c,
   handlers.c with a table of handlers, and lib_crc.c from an archive);
   the handlers are called through pointers (unknown code for the
   analysis, which must then take them as roots).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../../valgrind/freestanding.h"

typedef int (*handler) (int, int);
extern const handler handlers[4];
unsigned crc_byte (unsigned, unsigned char);

static __attribute__ ((noinline)) int
decode (int t)
{
  return (t * 7 + (t >> 2)) & 3;
}

static int
program (void)
{
  int state = 1;
  unsigned crc = 0xffffffffu;
  for (int t = 0; t < 2000; t++)
    {
      state = handlers[decode (t)] (state, t);
      crc = crc_byte (crc, (unsigned char) state);
    }
  sink = (int) crc;
  return state;
}
