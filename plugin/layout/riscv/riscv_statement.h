/* cachecat: what one statement in a code section puts there (RISC-V GNU as).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The layout of a RISC-V unit follows from its
   text (riscv_layout.h) when every statement in code is known for certain
   to be one of: instructions (riscv_insn.h: their machine instructions,
   or a branch gas relaxes), data of a fixed size (.byte, .half, .word,
   .dword and their kin), an alignment padded with no-ops, or nothing at
   all (symbol, section, line and call frame directives; `.option' and
   `.attribute', which the caller follows: riscv_arch.h).  Anything else
   is UNKNOWN and the caller measures: `.insn', strings, .space, .org,
   .uleb128, a fill value, a directive not listed, an operand this does
   not read as gas would, a quote or a C comment.  */

#ifndef CACHECAT_RISCV_STATEMENT_H
#define CACHECAT_RISCV_STATEMENT_H

#include "layout/asm_syntax.h"
#include "layout/riscv/riscv_insn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_rv_stmt
{
  unsigned char kind;   /* enum cc_asm_place (asm_syntax.h) */
  cc_riscv_insn insn;   /* INSN: its machine instructions */
  unsigned long bytes;  /* DATA */
  unsigned long align, max;  /* ALIGN: to ALIGN bytes, skipping at most MAX
                                (0: any), padded with no-ops */
} cc_rv_stmt;

/* The statement [P, E) (labels taken off, comments left out by the
   filter) in a code section, under ARCH with the C extension in force
   if RVC.  */
void cc_riscv_classify (const char *p, const char *e, const cc_riscv_arch *arch, int rvc,
                        cc_rv_stmt *out);

/* Is the statement [P, E) a jump to the millicode of -msave-restore, as
   GCC writes it: `call t0,__riscv_save_N' (it saves registers and returns
   through t0 to the next instruction) or `tail __riscv_restore_N' (it
   restores them and returns to the function's caller)?  Code the unit
   does not hold (libgcc's) runs right after it.  */
int cc_riscv_millicode (const char *p, const char *e);

#ifdef __cplusplus
}
#endif

#endif
