/* cachecat: does a RISC-V instruction run on to the next one
   (riscv_flow.h)?
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/riscv/riscv_flow.h"
#include "isa/riscv/riscv_length.h"

/* Base opcodes (bits 6..0) that only compute, load or store: not BRANCH,
   JAL, JALR, SYSTEM (ecall, ebreak, csr*), MISC-MEM (fence.i may drop
   the instruction cache) or anything unlisted.  */
static int
base_runs_on (unsigned op)
{
  switch (op)
    {
    case 0x03:   /* LOAD */
    case 0x07:   /* LOAD-FP */
    case 0x13:   /* OP-IMM */
    case 0x17:   /* AUIPC */
    case 0x1b:   /* OP-IMM-32 */
    case 0x23:   /* STORE */
    case 0x27:   /* STORE-FP */
    case 0x2f:   /* AMO */
    case 0x33:   /* OP */
    case 0x37:   /* LUI */
    case 0x3b:   /* OP-32 */
    case 0x43:   /* MADD */
    case 0x47:   /* MSUB */
    case 0x4b:   /* NMSUB */
    case 0x4f:   /* NMADD */
    case 0x53:   /* OP-FP */
      return 1;
    default:
      return 0;
    }
}

/* A compressed instruction H (quadrant bits 1..0, funct3 bits 15..13).  */
static int
compressed_runs_on (unsigned h)
{
  unsigned quadrant = h & 0x3, funct3 = (h >> 13) & 0x7;
  switch (quadrant)
    {
    case 0:
      /* Loads, stores and c.addi4spn; funct3 100 is reserved, and the
         all-zero halfword is the defined illegal instruction.  */
      return h != 0 && funct3 != 4;
    case 1:
      /* c.addi, c.li, c.lui/c.addi16sp, the c.srli..c.and group; not
         c.jal (RV32, c.addiw on RV64: not told apart here), c.j,
         c.beqz, c.bnez.  */
      return funct3 == 0 || funct3 == 2 || funct3 == 3 || funct3 == 4;
    case 2:
      /* funct3 100 is c.jr, c.jalr and c.ebreak (rs2 = 0) or c.mv,
         c.add (rs2 != 0); the rest are c.slli and the sp loads/stores.  */
      if (funct3 == 4)
        return ((h >> 2) & 0x1f) != 0;
      return 1;
    default:
      return 0;
    }
}

int
cc_riscv_runs_on (const unsigned char *b, size_t len)
{
  if (!b || cc_riscv_length (b, len) != (int) len)
    return 0;
  if (len == 2)
    return compressed_runs_on ((unsigned) b[0] | (unsigned) b[1] << 8);
  return base_runs_on (b[0] & 0x7f);
}
