/* cachecat: the length of a RISC-V instruction (riscv_length.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/riscv/riscv_length.h"

int
cc_riscv_length (const unsigned char *b, size_t n)
{
  if (n < 2)
    return -1;
  if ((b[0] & 0x3) != 0x3)
    return 2;
  /* xxxxx11 with bits 4..2 not all set: 32 bits.  */
  if ((b[0] & 0x1c) != 0x1c)
    return n >= 4 ? 4 : -1;
  return -1;
}
