/* cachecat layout: the ARM target's table (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"

#include <string.h>

/* A literal pool (GCC's ARM "minipool": consttable_1..16 and
   consttable_end) or the alignment before it (align_4, align_8): data
   that a barrier or a branch around it keeps control from.  */
static int
data_insn (const char *pattern)
{
  return strncmp (pattern, "consttable_", strlen ("consttable_")) == 0
         || strcmp (pattern, "align_4") == 0 || strcmp (pattern, "align_8") == 0;
}

/* A32 switch code with -fpic/-fpie (GCC's default on Debian's armhf)
   adds the index to the pc: the entry it lands on is a `b' to the case
   (GCC's config/arm/aout.h, ASM_OUTPUT_ADDR_DIFF_ELT under TARGET_ARM).
   Thumb-2's relative tables are tbb/tbh offsets, data.  */
static int
branch_table_jump (const char *pattern)
{
  return strstr (pattern, "arm_casesi") && !strstr (pattern, "thumb");
}

/* Its layout is always measured: nothing computed from the text yet.  */
const cc_layout_target cc_arm_layout = {
  .line_comment = 0,
  .gcc_data_insn = data_insn,
  .gcc_branch_table_jump = branch_table_jump,
};
