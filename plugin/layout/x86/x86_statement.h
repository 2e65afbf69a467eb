/* cachecat: what one statement in a code section puts there (x86-64 GNU as).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The filter (asm_filter.c) records, per code
   section, the statements that place bytes, so that the layout can be read
   from the assembled bytes (x86_decode.c) without one label per
   instruction.  That holds only if every statement is understood: one
   instruction, a prefix for the next one, an alignment, or nothing.  All
   else (data in code, .nops, .code32, unknown directives, the x87
   instructions gas writes with a separate FWAIT) is undecodable, and the
   caller measures with labels.  */

#ifndef CACHECAT_ASM_STATEMENT_H
#define CACHECAT_ASM_STATEMENT_H

#include <stddef.h>

#include "layout/asm_filter.h"
#include "layout/asm_syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The statement [P, E) (leading labels already taken off, not empty) in
   a code section.  Data that is only prefix bytes (GCC's `.byte 0x66' and
   `.value 0x6666' in TLS sequences) is a PREFIX.  */
enum cc_stmt_kind cc_stmt_classify (const char *p, const char *e,
                                    unsigned long *align, unsigned long *max);

/* The relocation of [P, E) that lets the linker rewrite it, or that it
   jumps to a retpoline thunk, quickly: most statements have no `@' and
   do not jump.  */
enum cc_stmt_reloc cc_stmt_reloc (const char *p, const char *e);

/* What the instruction statement [P, E) (AT&T or Intel syntax, labels
   taken off) does to control.  Anything not known to leave or branch
   goes on (NEXT): wrong only if a statement leaves that is not listed,
   and every jump, return and trap of x86 is.  */
void cc_stmt_flow_of (const char *p, const char *e, cc_stmt_info *out);

/* The three above, as the filter reads statements (asm_filter.h).  */
extern const cc_stmt_reader cc_x86_stmt_reader;

#ifdef __cplusplus
}
#endif

#endif
