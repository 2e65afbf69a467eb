/* cachecat: the length of an x86-64 instruction from its bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The measuring assembly (x86_decode.c) reads
   instruction boundaries from the assembled bytes instead of asking the
   assembler for one label per instruction, which costs it a symbol each.
   Only the length is decoded: prefixes, opcode map, ModRM, SIB,
   displacement and immediate.  Whatever the decoder does not know for
   sure (invalid or unusual opcodes, 16-bit branches, FWAIT, which gas
   merges with the instruction after it) makes it decline, and the caller
   falls back to labels.  testsuite/scripts/check-x86-length.sh compares
   it with objdump on whole libraries.  64-bit mode only.  */

#ifndef CACHECAT_X86_LENGTH_H
#define CACHECAT_X86_LENGTH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length (1 to 15) of the instruction at P, of which N bytes are
   readable; -1 if it is not one the decoder knows or runs past N.  */
int cc_x86_length (const unsigned char *p, size_t n);

/* Is [P, P + N) alignment padding as GNU as fills code with: a sequence of
   NOP instructions (0x90, 0F 1F /0, with operand-size and segment
   prefixes only), or a jump to P + N over such padding?  */
int cc_x86_padding (const unsigned char *p, size_t n);

#ifdef __cplusplus
}
#endif

#endif
