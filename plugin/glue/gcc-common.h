/* cachecat: every GCC internal header the plugin glue needs, in order.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Include this first in every .cc file of the glue, before any cachecat
   header.  plugin-version.h (which defines a static object) is included
   by cachecat.cc only.  Written for GCC 12 (checked at build time below); the order
   follows GCC's own dependencies (config/system/coretypes, then tree and
   RTL, then the pass manager and the symbol table).

   Note: GCC's "options.h" (struct gcc_options) and cachecat's
   plugin/options/options.h share a file name.  GCC's headers include theirs from
   the plugin include directory, so never #include "options/options.h" from here.  */

#ifndef CACHECAT_GCC_COMMON_H
#define CACHECAT_GCC_COMMON_H

#include "gcc-plugin.h"
#include "bversion.h"

#if BUILDING_GCC_MAJOR != 12
#error "cachecat is written for the GCC 12 plugin API"
#endif

#include "tm.h"
#include "hard-reg-set.h"
#include "function.h"
#include "tree.h"
#include "tree-core.h"
#include "stringpool.h"
#include "attribs.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "basic-block.h"
#include "cfg.h"
#include "cfgrtl.h"
#include "insn-config.h"
#include "insn-attr.h"
#include "insn-addr.h"
#include "recog.h"
#include "output.h"
#include "target.h"
#include "tm_p.h"
#include "context.h"
#include "tree-pass.h"
#include "cgraph.h"
#include "varasm.h"
/* The C front end's own trees and pragmas (loop_pragmas.cc), which must
   come before the diagnostic headers.  */
#ifdef CC_GLUE_C_FAMILY
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#endif
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "tree-diagnostic.h"
#include "intl.h"
#include "toplev.h"
#include "langhooks.h"
#include "except.h"
#include "input.h"

#endif
