/* cachecat: does an ARM instruction (A32 or Thumb) run on to the next one?
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  GCC prints some insns as several machine
   instructions: Thumb-2's `it ne; movne r0, #1' (every conditional insn),
   casesi's `cmp; bhi; tbh'.  A later one is fetched whenever the insn runs
   if none before it can send control elsewhere (machine.c); an
   instruction made conditional by `it' or its condition field is still
   fetched.  As x86_flow.h, the classification lists what is known to run
   on: an encoding this file does not name is a transfer of control (Arm
   Architecture Reference Manual, ARMv7-A/R: the A32 and Thumb encoding
   tables).  */

#ifndef CACHECAT_ARM_FLOW_H
#define CACHECAT_ARM_FLOW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if the Thumb instruction of LEN (2 or 4) bytes at B always runs on
   to the next one (no branch, write of the pc, trap, or change of the
   interrupt mask), else 0.  */
int cc_thumb_runs_on (const unsigned char *b, size_t len);

/* The same for the A32 instruction of LEN (4) bytes at B.  */
int cc_a32_runs_on (const unsigned char *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif
