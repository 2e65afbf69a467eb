/* cachecat: the compiler the plugin was built for (assembler.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/assembler.h"
#include "toolchain.h"   /* generated in the build directory */

const cc_toolchain cc_built_toolchain = {
  CC_TC_TARGET, CC_TC_DRIVER, CC_TC_CC1, CC_TC_PROGRAM_DIRS, CC_TC_X86_SPECS
};
