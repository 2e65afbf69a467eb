/* cachecat isa: the AArch64 target's table (isa.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/isa.h"
#include "isa/aarch64/aarch64_branch.h"
#include "isa/aarch64/aarch64_decoded.h"
#include "isa/aarch64/aarch64_length.h"

#include "support/util.h"

static cc_isa
isa_of (int thumb, int is64)
{
  (void) thumb, (void) is64;
  return CC_ISA_A64;
}

static int
length (cc_isa isa, const unsigned char *b, size_t n)
{
  (void) isa;
  return cc_a64_length (b, n);
}

static cc_branch_kind
branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a, const unsigned char *prev,
        size_t prev_len, uint64_t *target)
{
  (void) isa, (void) prev, (void) prev_len;
  if (len != 4)
    return CC_BRANCH_NONE;
  return cc_a64_branch ((uint32_t) cc_load_uint (b, 4, 0), a, target);
}

static int
refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a, uint64_t gp,
      cc_addr_range *out)
{
  (void) isa, (void) gp;
  return cc_a64_refs (b, before, n, a, out);
}

/* Its nop only.  */
static int
nop_fill (const unsigned char *b, size_t n)
{
  return cc_isa_nops_of_width (b, n, 4, 0xd503201f, 0);
}

/* Zeros and no-ops: what the linker and the assembler put between
   functions.  */
static int
gap_padding (const unsigned char *b, size_t n)
{
  return cc_isa_gap_fill (b, n, 4, nop_fill);
}

const cc_isa_target cc_aarch64_isa = {
  .name = "aarch64",
  .triples = { "aarch64-" },
  .elf_machine = 183,
  .objdumps = { "aarch64-linux-gnu-objdump" },
  .isas = { CC_ISA_A64 },
  .isa_align = { 4 },
  .veneers = 1,
  .linker_stubs = 1,
  .padding_fetched = 1,
  .isa_of = isa_of,
  .length = length,
  .branch = branch,
  .refs = refs,
  .nop_fill = nop_fill,
  .gap_padding = gap_padding,
  .opcodes_arch = { "aarch64" },
  .irelative = 1032,
  .decoded_flow = cc_aarch64_decoded_flow,
  .decoded_table = cc_aarch64_decoded_table,
};
