/* cachecat: what one statement in a code section puts there (AArch64 GNU as).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Every AArch64 instruction is four bytes, and
   GNU as never relaxes one, so the layout of a unit follows from its text
   (aarch64_layout.h) when every statement in code is known for certain to be
   one of: instructions (and .inst), data of a fixed size (.byte, .word,
   .xword and their kin), an alignment padded with no-ops, or nothing at
   all (symbol, section, line and call frame directives).  Anything else
   is UNKNOWN and the caller measures: `ldr x0, =sym' (a literal pool that
   .ltorg or the section's end places), `sym .req x0' (no instruction),
   strings and other data whose size the text does not say plainly, .org,
   .space, .incbin, directives this file does not list, an alignment with
   a fill value, a quote or a C comment (`/' `*' may span lines, and the
   filter's splitting of statements does not follow `'x').  */

#ifndef CACHECAT_A64_STATEMENT_H
#define CACHECAT_A64_STATEMENT_H

#include "layout/asm_syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_a64_stmt
{
  unsigned char kind;   /* enum cc_asm_place (asm_syntax.h) */
  unsigned long bytes;  /* INSN: of instructions (one, or the words of
                           .inst); DATA */
  unsigned char nop;    /* INSN: it is `nop' */
  unsigned long align, max;   /* ALIGN: to ALIGN bytes, skipping at most
                                 MAX (0: any), padded with no-ops */
} cc_a64_stmt;

/* The statement [P, E) (labels taken off; a `#' line comment is the
   filter's to leave out) in a code section, or a section or mode
   directive anywhere.  */
void cc_a64_classify (const char *p, const char *e, cc_a64_stmt *out);

#ifdef __cplusplus
}
#endif

#endif
