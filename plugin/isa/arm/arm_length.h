/* cachecat: the length of a Thumb instruction from its first halfword.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Thumb code is a sequence of little-endian
   halfwords; a 32-bit instruction's first one has 0b11101, 0b11110 or
   0b11111 in its top bits (Arm Architecture Reference Manual,
   ARMv7-A/R, A6.1 "Thumb instruction set encoding").  A32's are all 4
   bytes.  */

#ifndef CACHECAT_ARM_LENGTH_H
#define CACHECAT_ARM_LENGTH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length of the Thumb instruction at B (N bytes readable): 2 or 4,
   -1 if N is short.  */
int cc_thumb_length (const unsigned char *b, size_t n);

#ifdef __cplusplus
}
#endif

#endif
