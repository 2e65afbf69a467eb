/* cachecat layout: the AArch64 target's table (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/aarch64/aarch64_filter.h"
#include "layout/aarch64/aarch64_layout.h"

#include <string.h>

/* Can the layout be computed from the text (aarch64_layout.h)?  Only
   where the measuring assembly COMMAND (DIRECT: the assembler itself,
   else the driver) gives the assembler nothing of the build's own: no
   -Wa, or -Xassembler item, no -B that may find another assembler.  The
   -m options the driver turns into the assembler's (-EB, -mabi=,
   -march=) change no instruction's size.  */
static unsigned
computing (const cc_unit_text *t, char **command, int direct, char **decoding)
{
  (void) decoding;
  if (!command || !command[0] || (t->way != CC_LAYOUT_ANY && t->way != CC_LAYOUT_COMPUTE))
    return 0;
  for (size_t i = 1; command[i]; i++)
    if (direct ? strcmp (command[i], "-L") != 0
               : strcmp (command[i], "-Xassembler") == 0 || strncmp (command[i], "-B", 2) == 0)
      return 0;
  return 1;
}

static char *
compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f, unsigned how,
         unsigned char **unchecked)
{
  (void) how, (void) unchecked;
  return cc_a64_layout_compute (l, q, f);
}

/* GCC's `//' comment leader aside, gas reads `#' (GCC's #APP).  GCC's
   lengths of inline asm are guesses from its lines: not checked.  */
const cc_layout_target cc_aarch64_layout = {
  .line_comment = '#',
  .computing = computing,
  .filter_computing = cc_asm_filter_a64,
  .compute = compute,
  .lengths_check = 1,
  .lengths_check_skips_asm = 1,
};
