/* cachecat: does the RISC-V linker still move a unit's code?
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  GNU ld relaxes RISC-V code (docs/semantics.md
   §7.3): a `call' (auipc + jalr, 8 bytes) becomes a `jal' (4 bytes), an
   address load through the global pointer loses its auipc, and alignment
   padding is redone, so every later offset of the section moves.  It does
   so only where the assembler marked the code relaxable, which it does
   unless `.option norelax' is in force (GCC's -mno-relax writes that
   directive at the top of the unit's text).  */

#ifndef CACHECAT_RISCV_RELAX_H
#define CACHECAT_RISCV_RELAX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Is relaxation off for all of HEADER (what the compiler wrote before its
   first function) and CODE (the rest of the unit)?  Only a text whose
   header turns it off and whose code never turns it back on
   (`.option relax', or a `.option pop' that restores a state pushed while
   it was on) is final.  */
int cc_riscv_norelax (const char *header, size_t header_size, const char *code,
                      size_t code_size);

#ifdef __cplusplus
}
#endif

#endif
