/* cachecat layout: our labels placed without assembling (x86-64).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Starting a second assembler costs a compile
   about a millisecond of system time and the assembler's own work; when
   every instruction of the text has a known length (x86_encode.h), the
   layout is computed here instead.  Alignment pads to the boundary unless
   that takes more than its maximum.  A jump to a label of the same section
   (not weak) is relaxed exactly as GNU as (2.40, write.c relax_segment
   and relax_frag with the i386 relax table) does it: all short at first,
   then passes over the fragments in order, each growing a jump whose
   displacement no longer fits a byte, with gas's estimate of where a
   label ahead of it will be, until a pass changes nothing.  A jump to
   anything else is always long.

   The caller compares the result with GCC's own length of every
   instruction but jumps and the few forms GCC is known to misjudge
   (unit_finish.cc): two independent sources must agree, or the
   assembler is asked after all.  */

#ifndef CACHECAT_LAYOUT_COMPUTE_H
#define CACHECAT_LAYOUT_COMPUTE_H

#include "layout/asm_filter.h"
#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill L (an empty cc_layout) from the events of F as the object of
   assembling the text would: one section per code section of F (ELF
   index = its number in F + 1), the names of Q and the numbered labels
   of its two families (start labels family 0, end labels family 1).
   *UNCHECKED (the caller frees it) gets one byte per start label of
   family 0, nonzero if the insn there has a jump (whose length depends on
   relaxing, not on its text), a form whose length GCC is known to get
   wrong (x86_encode.h), or several machine instructions (a label of
   family 2 inside: GCC leaves out the int3 of `ret; int3'): GCC's length
   is no check of those.  Returns
   NULL, or why the layout cannot be computed (the caller frees it; L is
   then to be freed and not used).  */
char *cc_layout_compute (cc_layout *l, const cc_layout_query *q,
                         const cc_asm_filter *f, unsigned char **unchecked);

#ifdef __cplusplus
}
#endif

#endif
