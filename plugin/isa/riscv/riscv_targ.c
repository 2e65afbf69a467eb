/* cachecat isa: the RISC-V target's table, RV32 and RV64 (isa.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/isa.h"
#include "isa/riscv/riscv_branch.h"
#include "isa/riscv/riscv_decoded.h"
#include "isa/riscv/riscv_flow.h"
#include "isa/riscv/riscv_length.h"

static cc_isa
isa_of (int thumb, int is64)
{
  (void) thumb;
  return is64 ? CC_ISA_RV64 : CC_ISA_RV32;
}

static cc_length_fn
object_length (int elf64)
{
  (void) elf64;
  return cc_riscv_length;
}

static int
length (cc_isa isa, const unsigned char *b, size_t n)
{
  (void) isa;
  return cc_riscv_length (b, n);
}

static cc_branch_kind
branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a, const unsigned char *prev,
        size_t prev_len, uint64_t *target)
{
  return cc_riscv_branch (b, len, a, isa == CC_ISA_RV64, prev, prev_len, target);
}

static int
refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a, uint64_t gp,
      cc_addr_range *out)
{
  (void) before;
  return cc_riscv_refs (b, n, a, isa == CC_ISA_RV64, gp, out);
}

/* c.nop, and nop (addi x0, x0, 0).  */
static int
nop_fill (const unsigned char *b, size_t n)
{
  return cc_isa_nops_16_32 (b, n, 0x0001, 0x00000013);
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
  (void) isa;
  return cc_riscv_runs_on (b, len);
}

/* GNU ld relaxes RISC-V code, and addresses near the global pointer
   become one instruction.  */
const cc_isa_target cc_riscv_isa = {
  .name = "riscv",
  .triples = { "riscv32-", "riscv64-" },
  .elf_machine = 243,
  .objdumps = { "riscv64-linux-gnu-objdump", "riscv64-unknown-elf-objdump" },
  .isas = { CC_ISA_RV32, CC_ISA_RV64 },
  .isa_align = { 2, 2 },
  .linker_relaxes = 1,
  .linker_stubs = 1,
  .padding_fetched = 1,
  .global_pointer = "__global_pointer$",
  .isa_of = isa_of,
  .object_length = object_length,
  .length = length,
  .branch = branch,
  .refs = refs,
  .nop_fill = nop_fill,
  .runs_on = runs_on,
  .gap_padding = gap_padding,
  .opcodes_arch = { "riscv:rv32", "riscv:rv64" },
  .irelative = 58,
  .decoded_flow = cc_riscv_decoded_flow,
  .decoded_table = cc_riscv_decoded_table,
};
