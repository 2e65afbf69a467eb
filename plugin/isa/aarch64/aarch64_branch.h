/* cachecat: what an AArch64 instruction does to control, and the
   addresses it computes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  cachecat-link reads the final bytes of a
   linked program: where a call goes (the linker's choice, a veneer
   included), whether the linker made an instruction a branch (the
   Cortex-A53 erratum 843419 fix replaces a load after an adrp with a
   branch to a stub), and which functions code without a model may reach
   (a branch to them, an adr or adrp of their page).  After the Arm
   Architecture Reference Manual for A-profile (DDI 0487), C4.1, "A64
   instruction set encoding".  Every instruction is 4 bytes.  */

#ifndef CACHECAT_AARCH64_BRANCH_H
#define CACHECAT_AARCH64_BRANCH_H

#include "isa/isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The branch W (the instruction word) at address A is, and its target.  */
cc_branch_kind cc_a64_branch (uint32_t w, uint64_t a, uint64_t *target);

/* The addresses the instruction at B (N bytes readable, BEFORE before
   it) at A may refer to: a branch target, adr's, adrp's page; where one
   of the next few instructions first names adrp's register, and does so
   to add the low 12 bits of an address into it, that address, and
   nothing where it loads into it through it; the value a move of an
   immediate (movz, movn, mov of a logical immediate) and the movk right
   after it make; the word or doubleword an ldr of a literal loads.  Up
   to one range into OUT; returns how many.  */
int cc_a64_refs (const unsigned char *b, size_t before, size_t n, uint64_t a,
                 cc_addr_range *out);

#ifdef __cplusplus
}
#endif

#endif
