/* cachecat test tool: our length of each x86-64 statement on stdin.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: x86enc < STATEMENTS
   One statement per line in, one line out: its length in bytes, "-" if
   the encoder declines it, or "B" and the length for a relaxable jump
   (at its short length).  check-x86-encode.sh compares these with the
   lengths gas gives the same statements.  */

#include "layout/x86/x86_encode.h"

#include <stdio.h>
#include <string.h>

int
main (void)
{
  char line[4096];
  while (fgets (line, sizeof line, stdin))
    {
      size_t n = strcspn (line, "\n");
      cc_x86_stmt br;
      int len = cc_x86_encode_length (line, line + n, &br);
      if (len < 0)
        puts ("-");
      else if (br.kind != CC_X86_NO_BRANCH)
        printf ("B %d\n", len);
      else
        printf ("%d\n", len);
    }
  return 0;
}
