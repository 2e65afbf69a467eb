/* cachecat: does a RISC-V instruction run on to the next one?
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  GCC prints some insns as several machine
   instructions (call: auipc; jalr, lla: auipc; addi).  A later one is
   fetched whenever the insn runs if none before it can send control
   elsewhere (machine.c).  As x86_flow.h, the classification lists what
   is known to run on: an encoding this file does not name is a transfer
   of control (The RISC-V Instruction Set Manual, Volume I: the base
   opcode map and the compressed quadrants).  */

#ifndef CACHECAT_RISCV_FLOW_H
#define CACHECAT_RISCV_FLOW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if the instruction of LEN bytes at B always runs on to the next one
   (no branch, jump, call, return, trap or fence), else 0.  */
int cc_riscv_runs_on (const unsigned char *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif
