/* cachecat: the machine instructions GNU as makes of one RISC-V
   instruction statement.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  A port of what decides sizes in GNU as 2.40
   (gas/config/tc-riscv.c): riscv_ip, which tries the entries of the
   mnemonic in table order (riscv_opcodes.h) and takes the first whose
   operands parse and whose match function accepts the encoding, so that
   `add a0, a0, a1' is c.add and `add a0, a1, a2' the 4-byte add; the
   macros (macro, load_const, riscv_ext): `call' and `tail' are auipc and
   jalr, `la', `lla' and a load or store of a symbol auipc and one more
   (never compressed: macro_build picks the 4-byte entry), `li' the
   sequence load_const builds, each instruction of it compressed where
   riscv_ip would (it is assembled as text again), `sext.b' and the like
   two shifts.  A branch or jump (its last operand a `p' or `a') is one
   that gas relaxes (append_insn: relaxed_branch_length): its final size
   depends on where its label lies, which the caller works out.

   What this does not read exactly as gas would (an expression beyond a
   number, a symbol with an addend, or a relocation operator; a register
   or CSR name it does not know; `.insn'; a mnemonic outside the table)
   makes the statement unknown: the caller measures.  */

#ifndef CACHECAT_RISCV_INSN_H
#define CACHECAT_RISCV_INSN_H

#include "layout/riscv/riscv_arch.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* load_const's longest sequence: lui, addiw and three slli, addi.  */
#define CC_RISCV_MAX_MINSNS 8

typedef struct cc_riscv_minsn
{
  unsigned char len;          /* 2 or 4 */
  unsigned char runs_on;      /* it always runs on (riscv_flow.h, of its
                                 encoding) */
  unsigned char nop;          /* it is c.nop or nop */
  unsigned char breaks;       /* gas ends its fragment after it (a
                                 relocation of the upper 20 bits; `call');
                                 CC_RISCV_BREAKS_UNLESS_PIC: unless
                                 .option pic is in force (`la') */
} cc_riscv_minsn;

#define CC_RISCV_BREAKS_UNLESS_PIC 2

enum cc_riscv_relax
{
  CC_RISCV_FIXED,             /* no relaxation: M is what gas writes */
  CC_RISCV_BRANCH,            /* a conditional branch gas relaxes */
  CC_RISCV_JUMP               /* a jump (j, jal) gas relaxes */
};

typedef struct cc_riscv_insn
{
  unsigned n;                 /* machine instructions */
  cc_riscv_minsn m[CC_RISCV_MAX_MINSNS];
  unsigned char relax;        /* enum cc_riscv_relax; not FIXED: N is 1,
                                 M[0] the form riscv_ip chose (2 bytes: its
                                 compressed form, which relaxes to 2, 4 or 6
                                 bytes; 4: to 4 or 8) */
  size_t target_at, target_len; /* its label, in the statement's text */
} cc_riscv_insn;

/* The machine instructions of the instruction statement [P, E) (labels
   and comments taken off) under ARCH with the C extension in force if
   RVC, into *OUT: returns 1, or 0 if they are not known for certain.  */
int cc_riscv_assemble (const char *p, const char *e, const cc_riscv_arch *arch, int rvc,
                       cc_riscv_insn *out);

#ifdef __cplusplus
}
#endif

#endif
