/* cachecat: what a RISC-V instruction does to control, and the addresses
   it computes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  cachecat-link reads the final bytes of a
   linked program: where a call goes (`call' is auipc + jalr, or the jal
   the linker relaxed it to), and which functions code without a model may
   reach (a jal, or an auipc or lui whose 4 KiB, with the 12-bit offset of
   the instruction after it, may hold their address).  After The RISC-V
   Instruction Set Manual, Volume I: the base RV32I/RV64I formats and the
   C extension's.  */

#ifndef CACHECAT_RISCV_BRANCH_H
#define CACHECAT_RISCV_BRANCH_H

#include "isa/isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The instruction at B (N bytes, its length: 2 or 4) at address A, of
   RV64 code if RV64 (else RV32: c.jal exists only there).  PREV (PREV_N
   bytes) is the instruction before it, or NULL: a jalr after an auipc of
   its base register is a direct call or jump (`call', `tail').  */
cc_branch_kind cc_riscv_branch (const unsigned char *b, size_t n, uint64_t a, int rv64,
                                const unsigned char *prev, size_t prev_n, uint64_t *target);

/* The addresses the instruction at B (N bytes readable) may refer to: a
   branch target, or what an auipc or lui and a 12-bit signed offset
   make, exact where the next instruction adds the offset into the same
   register (addi) or calls through it (jalr), none where it loads
   through it into the same register; or an addi from gp (what the linker
   relaxes an address load to), if GP, the global pointer's value, is
   not 0.  Up to one range into OUT; returns how many.  */
int cc_riscv_refs (const unsigned char *b, size_t n, uint64_t a, int rv64, uint64_t gp,
                   cc_addr_range *out);

#ifdef __cplusplus
}
#endif

#endif
