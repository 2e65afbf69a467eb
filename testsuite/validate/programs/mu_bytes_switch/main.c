/* mu_bytes_switch: an interpreter whose decoder (bytes_ops.c) is
   compiled without the plugin: cachecat-link models it from the linked
   bytes, its switches' jump tables read there, and validate.py checks
   its promises against the run as it checks the others'.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../../valgrind/freestanding.h"

int op_step (int op, int acc, int arg);
int op_class (unsigned char c);

static int
program (void)
{
  int acc = 1;
  for (int t = 0; t < 3000; t++)
    {
      acc = op_step ((t * 7 + (acc & 3)) % 11, acc, t);
      acc += op_class ((unsigned char) (t * 13 + acc));
    }
  sink = acc;
  return acc & 0x7f;
}
