/* cachecat layout: the RISC-V target's table (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/riscv/riscv_arch.h"
#include "layout/riscv/riscv_filter.h"
#include "layout/riscv/riscv_layout.h"
#include "layout/riscv/riscv_relax.h"
#include "layout/riscv/riscv_statement.h"

#include <string.h>

static const char *
moves_after_compile (const char *header, size_t header_size, const char *code,
                     size_t code_size)
{
  if (cc_riscv_norelax (header, header_size, code, code_size))
    return NULL;
  return "the RISC-V linker may relax this unit's code, which moves its "
         "instructions after the compile (build with -mno-relax)";
}

/* Can the layout be computed from the text (riscv_layout.h)?  Only where
   the measuring assembly COMMAND (the driver: RISC-V is never run
   directly) gives the assembler nothing of the build's own (no -Wa, or
   -Xassembler item, no -B that may find another assembler) and the
   driver an -march: the assembler's own, under which md_begin aligns
   .text to an instruction's alignment before the text's `.attribute
   arch' takes over.  The other -m options the driver passes on (-mabi=,
   -mno-relax, -misa-spec=) change no instruction's size; -mbig-endian
   is left to the assembler (layout.c reads little-endian objects).
   Returns that alignment (2 with C, 4 without), or 0: not computed.  */
static unsigned
computing (const cc_unit_text *t, char **command, int direct, char **decoding)
{
  (void) decoding;
  if (!command || !command[0] || direct
      || (t->way != CC_LAYOUT_ANY && t->way != CC_LAYOUT_COMPUTE))
    return 0;
  const char *march = NULL;
  for (size_t i = 1; command[i]; i++)
    if (strcmp (command[i], "-Xassembler") == 0 || strncmp (command[i], "-B", 2) == 0
        || strcmp (command[i], "-mbig-endian") == 0)
      return 0;
    else if (strncmp (command[i], "-march=", 7) == 0)
      march = command[i] + 7;
  int c = march ? cc_riscv_march_has_c (march) : -1;
  return c < 0 ? 0 : c ? 2 : 4;
}

static char *
compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f, unsigned how,
         unsigned char **unchecked)
{
  (void) unchecked;
  return cc_riscv_layout_compute (l, q, f, how);
}

/* GCC's lengths are no check on RISC-V: it counts 4 bytes for an
   instruction gas compresses, and for `lla', which is 8.  */
const cc_layout_target cc_riscv_layout = {
  .millicode = cc_riscv_millicode,
  .moves_after_compile = moves_after_compile,
  .computing = computing,
  .filter_computing = cc_asm_filter_riscv,
  .compute = compute,
};
