/* cachecat: what an x86-64 instruction does to control, and the
   addresses the bytes of x86-64 code may hold.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  cachecat-link reads the final bytes of a
   linked program: where a call goes (the linker's choice, whatever the
   names say), and which functions code without a model may reach (a
   call, jmp or jcc to them, a RIP-relative operand that addresses them).
   After the Intel SDM volume 2.  */

#ifndef CACHECAT_X86_BRANCH_H
#define CACHECAT_X86_BRANCH_H

#include "isa/isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The instruction of LEN bytes at B (address A), after the prefixes a
   branch may carry (operand size, notrack, bnd, addr32 of a call the
   linker relaxed, REX).  A target is given for a direct call or jump
   without an operand-size or REX prefix.  */
cc_branch_kind cc_x86_branch (const unsigned char *b, size_t len, uint64_t a,
                              uint64_t *target);

/* Code without a model, read without knowing where its instructions
   start: the addresses a 32-bit relative operand at byte P of the N bytes
   at CODE (whose byte 0 is at address BASE) may reach, if P follows a
   call, jmp or jcc opcode or a RIP-relative ModRM (mod 00, r/m 101; 0 to
   4 bytes of immediate may follow it).  A displacement of 0 is the
   padding before a function (nopl 0x0(%rax)), not an operand.  Up to 5
   into OUT; returns how many.  */
int cc_x86_rel_refs (const unsigned char *code, size_t n, size_t p, uint64_t base,
                     uint64_t *out);

/* The addresses the operands of the instruction of LEN bytes at B
   (address A) may name: a RIP-relative operand, a 32-bit immediate (not
   in a position-independent program, PIE), a 64-bit immediate.  Not for
   a direct branch (its target is an edge).  Up to 3 per byte of the
   instruction into OUT (room for 3 * LEN); returns how many.  */
int cc_x86_operand_refs (const unsigned char *b, size_t len, uint64_t a, int pie,
                         uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif
