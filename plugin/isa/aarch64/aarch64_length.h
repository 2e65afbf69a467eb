/* cachecat: the length of an AArch64 instruction.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Every A64 instruction is 4 bytes (Arm
   Architecture Reference Manual for A-profile, C1.2 "Structure of the A64
   assembler language"); the file exists so that every target folder has
   the same roles (docs/design.md, "Adding a target").  */

#ifndef CACHECAT_AARCH64_LENGTH_H
#define CACHECAT_AARCH64_LENGTH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length of the instruction at B (N bytes readable): 4, or -1 if N
   is short.  */
int cc_a64_length (const unsigned char *b, size_t n);

#ifdef __cplusplus
}
#endif

#endif
