/* cachecat: what one statement in a code section puts there (x86-64 GNU as).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The filter (asm_filter.c) records, per code
   section, the statements that place bytes, so that the layout can be read
   from the assembled bytes (layout_decode.c) without one label per
   instruction.  That holds only if every statement is understood: one
   instruction, a prefix for the next one, an alignment, or nothing.  All
   else (data in code, .nops, .code32, unknown directives, the x87
   instructions gas writes with a separate FWAIT) is undecodable, and the
   caller measures with labels.  */

#ifndef CACHECAT_ASM_STATEMENT_H
#define CACHECAT_ASM_STATEMENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum cc_stmt_kind
{
  CC_STMT_NOTHING,      /* places no byte (a symbol directive, an assignment) */
  CC_STMT_INSN,         /* one instruction */
  CC_STMT_PREFIX,       /* a prefix alone: part of the next instruction */
  CC_STMT_ALIGN,        /* alignment: *ALIGN bytes, skipping at most *MAX (0: any) */
  CC_STMT_UNDECODABLE
};

/* A character of a symbol or mnemonic in GNU as (letters, digits, _ . $ @).  */
int cc_asm_ident_char (char c);

/* P past blanks (not newlines), at most to E.  */
const char *cc_asm_skip_space (const char *p, const char *e);

/* The statement [P, E) (leading labels already taken off, not empty) in
   a code section.  */
enum cc_stmt_kind cc_stmt_classify (const char *p, const char *e,
                                    unsigned long *align, unsigned long *max);

#ifdef __cplusplus
}
#endif

#endif
