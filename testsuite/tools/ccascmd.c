/* cachecat test tool: the command the plugin runs for the measuring
   assembly (plugin/layout/assembler.c), for the COLLECT_GCC and
   COLLECT_GCC_OPTIONS in the environment, as if CC1 were the running cc1.
   Prints "direct" or "driver", then the words, each on its own line.
   Run as a -wrapper of the driver it sees exactly what cc1 would see.
   usage: ccascmd [--driver] CC1 [ARGS...]
   --driver: the command when the plugin cannot run the assembler itself
   (as a wrapper: -wrapper ccascmd,--driver).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/assembler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main (int argc, char **argv)
{
  int driver_only = argc > 1 && strcmp (argv[1], "--driver") == 0;
  if (argc < 2 + driver_only)
    {
      fprintf (stderr, "usage: ccascmd [--driver] CC1 [ARGS...]\n");
      return 2;
    }
  int direct;
  char **cmd = cc_asm_command (driver_only ? NULL : &cc_built_toolchain,
                               getenv ("COLLECT_GCC"),
                               getenv ("COLLECT_GCC_OPTIONS"),
                               getenv ("COLLECT_AS_OPTIONS"), argv[1 + driver_only],
                               &direct);
  if (!cmd)
    {
      printf ("none\n");
      return 1;
    }
  printf ("%s\n", direct ? "direct" : "driver");
  for (char **p = cmd; *p; p++)
    printf ("%s\n", *p);
  cc_asm_command_free (cmd);
  return 0;
}
