/* cachecat isa: the ARM target's table, A32 and Thumb (isa.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/isa.h"
#include "isa/arm/arm_branch.h"
#include "isa/arm/arm_decoded.h"
#include "isa/arm/arm_flow.h"
#include "isa/arm/arm_length.h"

#include "support/util.h"

static cc_isa
isa_of (int thumb, int is64)
{
  (void) is64;
  return thumb ? CC_ISA_THUMB : CC_ISA_A32;
}

/* A32's instructions are 4 bytes, Thumb's 2 or 4.  */
static int
length (cc_isa isa, const unsigned char *b, size_t n)
{
  if (isa == CC_ISA_THUMB)
    return cc_thumb_length (b, n);
  return n >= 4 ? 4 : -1;
}

static cc_branch_kind
branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a, const unsigned char *prev,
        size_t prev_len, uint64_t *target)
{
  (void) prev, (void) prev_len;
  if (isa == CC_ISA_THUMB)
    return cc_thumb_branch (b, len, a, target);
  if (len != 4)
    return CC_BRANCH_NONE;
  return cc_a32_branch ((uint32_t) cc_load_uint (b, 4, 0), a, target);
}

static int
refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a, uint64_t gp,
      cc_addr_range *out)
{
  (void) gp;
  return cc_arm_refs (isa == CC_ISA_THUMB, b, before, n, a, out);
}

/* A32's nop and its older mov r0, r0; or Thumb's nop and nop.w
   (f3af 8000), as gas fills Thumb code.  */
static int
nop_fill (const unsigned char *b, size_t n)
{
  return cc_isa_nops_of_width (b, n, 4, 0xe320f000, 0xe1a00000)
         || cc_isa_nops_16_32 (b, n, 0xbf00, 0x8000f3af);
}

/* Zeros and no-ops: what the linker and the assembler put between
   functions.  */
static int
gap_padding (const unsigned char *b, size_t n)
{
  return cc_isa_gap_fill (b, n, 2, nop_fill);
}

static int
runs_on (cc_isa isa, const unsigned char *b, size_t len)
{
  return isa == CC_ISA_THUMB ? cc_thumb_runs_on (b, len) : cc_a32_runs_on (b, len);
}

/* The linker's mapping symbols ($t, $a) say which set code is in; bytes
   no symbol marks are tried as Thumb first.  */
const cc_isa_target cc_arm_isa = {
  .name = "arm",
  /* arm-none-eabi, arm-linux-gnueabihf, armv7...; not aarch64.  */
  .triples = { "arm" },
  .elf_machine = 40,
  .objdumps = { "arm-linux-gnueabihf-objdump", "arm-none-eabi-objdump" },
  .isas = { CC_ISA_THUMB, CC_ISA_A32 },
  .isa_align = { 2, 4 },
  .isa_mapping = { 't', 'a' },
  .thumb_bit = 1,
  .veneers = 1,
  .linker_stubs = 1,
  .padding_fetched = 1,
  .isa_of = isa_of,
  .length = length,
  .branch = branch,
  .refs = refs,
  .nop_fill = nop_fill,
  .runs_on = runs_on,
  .gap_padding = gap_padding,
  /* In the order of isas: Thumb first.  */
  .opcodes_arch = { "arm", "arm" },
  .opcodes_options = { "force-thumb", "no-force-thumb" },
  .irelative = 160,
  .decoded_flow = cc_arm_decoded_flow,
  .decoded_table = cc_arm_decoded_table,
};
