/* cachecat layout: our labels placed without assembling (AArch64).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Starting the measuring assembly costs an
   AArch64 compile at -Os about half of what the plugin adds to it.  Yet
   every AArch64 instruction is four bytes and GNU as relaxes none, so
   where every statement in code is one aarch64_statement.h knows for
   certain, the layout is a sum: instructions and data add their bytes,
   an alignment pads to its boundary unless that takes more than its
   maximum (write.c relax_segment, rs_align_code), section by section
   in the order of the text.  A section's alignment is its largest
   alignment directive (do_align records it even where the maximum
   leaves no padding), and 4 bytes once it holds an instruction
   (tc-aarch64.c mapping_state).

   GNU as puts an instruction after data in code on a 4-byte boundary
   (md_assemble), after any label before it; so an instruction at an
   offset that is not a multiple of 4 is refused, and where every one is
   on a boundary that padding is empty.  Padding of an alignment that
   starts on a boundary is no-ops (aarch64_handle_align): those are
   listed (cc_layout's nop_fills) with the `nop' instructions, for the
   no-ops between a function's symbol and its first instruction (a loop
   aligned at its top, -fpatchable-function-entry).  */

#ifndef CACHECAT_A64_LAYOUT_H
#define CACHECAT_A64_LAYOUT_H

#include "layout/asm_filter.h"
#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill L (an empty cc_layout) from the events of F (cc_asm_filter_a64)
   as the object of assembling the text would read: one section per code
   section of F (ELF index = its number in F + 1), the names of Q and
   the numbered labels of its families.  Returns NULL, or why the layout
   cannot be computed (the caller frees it; L is then to be freed and
   not used).  */
char *cc_a64_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
