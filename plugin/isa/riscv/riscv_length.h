/* cachecat: the length of a RISC-V instruction from its first bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The base ISA's instructions are 4 bytes, the
   compressed extension's 2; the low bits of the first halfword say which
   (The RISC-V Instruction Set Manual, Volume I, "Expanded Instruction-
   Length Encoding").  Longer encodings are reserved: not decoded.  */

#ifndef CACHECAT_RISCV_LENGTH_H
#define CACHECAT_RISCV_LENGTH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length of the instruction at B (N bytes readable): 2 or 4, or -1
   if N is short or the encoding is longer than 4 bytes.  */
int cc_riscv_length (const unsigned char *b, size_t n);

#ifdef __cplusplus
}
#endif

#endif
