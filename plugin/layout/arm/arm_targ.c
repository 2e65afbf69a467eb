/* cachecat layout: the ARM target's table (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"

/* Its layout is always measured: nothing computed from the text yet.  */
const cc_layout_target cc_arm_layout = {
  .line_comment = 0,
};
