/* cachecat: the length of a Thumb instruction (arm_length.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/arm/arm_length.h"

int
cc_thumb_length (const unsigned char *b, size_t n)
{
  if (n < 2)
    return -1;
  /* 0b11101, 0b11110 and 0b11111 in the top bits of the first halfword
     (little-endian: its second byte) start a 32-bit instruction.  */
  if ((b[1] >> 3) >= 0x1d)
    return n >= 4 ? 4 : -1;
  return 2;
}
