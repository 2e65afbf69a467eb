/* cachecat: the length of an AArch64 instruction (aarch64_length.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/aarch64/aarch64_length.h"

int
cc_a64_length (const unsigned char *b, size_t n)
{
  (void) b;
  return n >= 4 ? 4 : -1;
}
