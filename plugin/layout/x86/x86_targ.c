/* cachecat layout: the x86-64 target's table (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/x86/x86_decode.h"
#include "layout/x86/x86_filter.h"
#include "layout/x86/x86_layout.h"
#include "layout/x86/x86_statement.h"

#include <string.h>

/* Computed without an assembler (x86_layout.h) only for the plain "as
   --64" of x86-64 that DECODING runs: -msse2avx changes encodings, --x32
   addresses.  */
static unsigned
computing (const cc_unit_text *t, char **command, int direct, char **decoding)
{
  (void) command, (void) direct;
  return decoding && decoding[1] && strcmp (decoding[1], "--64") == 0 && !decoding[2]
         && t->way != CC_LAYOUT_DECODE;
}

static char *
compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f, unsigned how,
         unsigned char **unchecked)
{
  (void) how;
  return cc_layout_compute (l, q, f, unchecked);
}

/* What each statement does to control is known (x86_statement.c).  */
const cc_layout_target cc_x86_layout = {
  .statements_known = 1,
  .reader = &cc_x86_stmt_reader,
  .computing = computing,
  .filter_computing = cc_asm_filter_encode,
  .compute = compute,
  .decode = cc_layout_decode,
  .lengths_check = 1,
};
