/* cachecat: the filter's events for a layout computed from RISC-V text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The RISC-V part of the filter (asm_filter.h,
   cc_asm_filter_ops): the state GNU as is in, and each statement in code
   as riscv_statement.h reads it under that state, for riscv_layout.h.  */

#ifndef CACHECAT_RISCV_FILTER_H
#define CACHECAT_RISCV_FILTER_H

#include "layout/asm_filter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Events for a layout computed without assembling on RISC-V
   (riscv_layout.h): the filter follows the state GNU as is in
   (`.attribute arch', `.option': riscv_arch.h) and reads each statement
   in code as riscv_statement.h does under it.  Each machine instruction
   is an INSN event, its bytes in A and in B the flags below; a branch or
   jump gas relaxes is one INSN event of its first form, with its label's
   name (a local label 1f or 1b by its definition: "1#3" is the third
   `1:') at AT; one after which gas ends its fragment (riscv_insn.h,
   under the .option pic in force) is flagged so.  Local labels are
   SYMBOL events; .weak and .set make WEAK and EQUATE events as when
   encoding.  Data are DATA events; an alignment GNU as pads is ALIGN,
   one it only records ALIGN_RECORD.  Any statement it does not know, an
   instruction before `.attribute arch' or while relaxation is on, a
   section of a group, an equate of anything but a symbol, makes the text
   unencodable.  Call after cc_asm_filter_events.  */
#define CC_ASM_EV_RV_RUNS_ON 1  /* it always runs on (riscv_flow.h) */
#define CC_ASM_EV_RV_NOP 2      /* c.nop or nop */
#define CC_ASM_EV_RV_BRANCH 4   /* a conditional branch gas relaxes */
#define CC_ASM_EV_RV_JUMP 8     /* a jump gas relaxes */
#define CC_ASM_EV_RV_FRAG_END 16 /* gas ends its fragment after it */
void cc_asm_filter_riscv (cc_asm_filter *f);

/* The XLEN of the `.attribute arch' the text read by F set (0: none).  */
unsigned cc_asm_filter_riscv_xlen (const cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
