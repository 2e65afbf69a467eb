/* cachecat: the filter's events for a layout computed from x86-64 text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The x86-64 part of the filter (asm_filter.h,
   cc_asm_filter_ops): each instruction statement in code encoded
   (x86_encode.h), for x86_layout.h.  */

#ifndef CACHECAT_X86_FILTER_H
#define CACHECAT_X86_FILTER_H

#include "layout/asm_filter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Events for a layout computed without assembling (x86_layout.h):
   every INSN event also gets its length in A and in B its relaxable
   jump kind (x86_encode.h), whose label is its name, with
   CC_ASM_EV_GCC_DIFFERS if GCC's length is known to be off for it.
   Local labels are SYMBOL events too; .weak makes WEAK events, .set to a
   symbol EQUATE events, .globl GLOBAL events, a visibility HIDDEN
   events; these four in no section (their section is 0).  Call after
   cc_asm_filter_events.  */
#define CC_ASM_EV_GCC_DIFFERS 8
void cc_asm_filter_encode (cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
