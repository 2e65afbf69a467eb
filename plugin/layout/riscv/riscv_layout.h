/* cachecat layout: our labels placed without assembling (RISC-V).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Starting the measuring assembly costs a
   RISC-V compile at -Os about two fifths of what the plugin adds to it
   (riscv gas is slow).  Where relaxation is off, the layout of a unit
   whose every statement in code is one riscv_statement.h knows for
   certain follows from the text, as GNU as 2.40 makes it:

   - instructions and data add their bytes in the order of the text,
     section by section;
   - an alignment to more than an instruction's alignment (2 bytes with
     C in force, else 4) pads to its boundary unless that takes more than
     its maximum, with a c.nop for a 2-byte remainder and nops
     (riscv_handle_align); one to no more is only recorded
     (riscv_frag_align_code); either raises the section's alignment, and
     .text starts at an instruction's alignment under the command line's
     -march (md_begin);
   - a branch or jump to a symbol defined in its own section, not weak,
     is relaxed by the distance to it (relaxed_branch_length): a
     compressed branch stays 2 bytes within [-256, 256), a compressed
     jump within [-2048, 2048); a branch is 4 bytes within
     [-4096, 4096), else a compressed one inverted over a jal (6) or a
     4-byte one inverted over a jal (8); a jump is else 4.  To anything
     else a branch is 8 bytes and a jump 4.

   gas settles the branches by passes over its fragments (write.c
   relax_segment, riscv_relax_frag) from a first guess that takes a label
   ahead of a branch at its offset in its fragment, which depends on
   where gas's memory happened to end one (frags.c frag_grow).  Any
   settled state is a fixed point: every branch has the length its
   distance gives.  Here every branch starts with all the lengths it may
   have, and each round keeps only those that some distance possible
   with the lengths still left gives (exactly so when no padded
   alignment lies between a branch and its label, where distances only
   grow with lengths; across one, by trying each place the alignment's
   start may have).  Every fixed point, gas's among them, stays within
   what is left; when one length is left for every branch, that is
   gas's.  Where more are left (a branch whose label lies 254 bytes
   ahead is 2 bytes, or 256 bytes ahead with itself 4), gas's passes are
   followed from each first guess its fragments allow (a label's offset
   from the last fragment known to begin before it down to 0); if all
   end alike, that is gas's.  Else the unit is measured.

   The computed layout lists its machine instructions (cc_layout's
   minsns) with whether each runs on, as machine.c reads from the
   object's bytes of a measured one, and the padding and `nop's it knows
   to be no-ops.  */

#ifndef CACHECAT_RISCV_LAYOUT_H
#define CACHECAT_RISCV_LAYOUT_H

#include "layout/asm_filter.h"
#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill L (an empty cc_layout) from the events of F (cc_asm_filter_riscv)
   as the object of assembling the text would read: one section per code
   section of F (ELF index = its number in F + 1), the names of Q and the
   numbered labels of its families.  TEXT_ALIGN: the alignment md_begin
   gives .text (2 if the command line's -march has C, else 4).  Returns
   NULL, or why the layout cannot be computed (the caller frees it; L is
   then to be freed and not used).  */
char *cc_riscv_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                               unsigned text_align);

#ifdef __cplusplus
}
#endif

#endif
