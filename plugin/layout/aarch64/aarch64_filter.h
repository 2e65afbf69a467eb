/* cachecat: the filter's events for a layout computed from AArch64 text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The AArch64 part of the filter (asm_filter.h,
   cc_asm_filter_ops): each statement in code as aarch64_statement.h reads
   it, for aarch64_layout.h.  */

#ifndef CACHECAT_A64_FILTER_H
#define CACHECAT_A64_FILTER_H

#include "layout/asm_filter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Events for a layout computed without assembling on AArch64
   (aarch64_layout.h): each statement in code as aarch64_statement.h
   reads it, instructions INSN events with their bytes in A (and B 1 for
   a `nop'), data DATA events; any statement it does not know, a section
   of a group or a unique one, makes the text unencodable.  The filter
   takes `#' for a line comment (cc_asm_filter_line_comment), as GNU as
   for AArch64 does.  Call after cc_asm_filter_events.  */
void cc_asm_filter_a64 (cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
