/* cachecat isa: what an instruction of aarch64 code objdump's decoder read
   does to control (isa.h, decoded_flow).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_AARCH64_DECODED_H
#define CACHECAT_AARCH64_DECODED_H

#include "isa/isa.h"

cc_goes cc_aarch64_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                                 uint64_t *target);

/* cc_isa_decoded_table of A64 code: GCC's switch tables.  */
int cc_aarch64_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n,
                              cc_jump_table *out);

#endif
