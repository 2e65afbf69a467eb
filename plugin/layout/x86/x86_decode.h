/* cachecat layout: our labels placed by decoding the assembled bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Asking the assembler for one local label per
   instruction costs it a third of its time (each is a symbol it sorts,
   hashes and writes).  On x86-64 the labels can instead be left out of the
   measured text and placed afterwards: the filter (asm_filter.h) records,
   per code section, the labels, instructions and alignments in text
   order, and here the object's bytes are walked instruction by
   instruction (x86_length.h).  The walk is checked as it goes: every
   statement must be one instruction the decoder knows, alignment padding
   must be NOPs that end where the alignment says, every function symbol
   must be where the walk is when its label comes, and each section must
   end where the walk ends.  Any doubt and the caller measures with
   labels.  */

#ifndef CACHECAT_LAYOUT_DECODE_H
#define CACHECAT_LAYOUT_DECODE_H

#include "layout/asm_filter.h"
#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill L->numbered from the events of F and the object in L->image (the
   query Q asked to keep it; its names are already in L->refs): start
   label events go to family 0 of Q, end label events to family 1.
   Returns NULL, or why the bytes could not be followed (the caller frees
   it; L->numbered is then partly filled and must not be used).  */
char *cc_layout_decode (cc_layout *l, const cc_layout_query *q,
                        const cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
