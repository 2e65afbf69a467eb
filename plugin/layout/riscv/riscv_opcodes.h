/* cachecat: the opcode table of GNU as 2.40 for RISC-V, as far as the
   modelled extensions go.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  GNU as assembles an instruction by trying
   the entries of its mnemonic in the order of opcodes/riscv-opc.c and
   taking the first whose extension is in force, whose operands parse
   (riscv_ip) and whose match function accepts the encoding; a 2-byte
   entry only while the C extension is.  The compressed entries come
   first, so `addi a0, a0, 1' is c.addi, `addi a0, a1, 1' the 4-byte
   addi.  The entries here are every entry of each mnemonic that has one
   in the base ISA, M, A, F, D, C, Zicsr or Zifencei (read out of the
   binutils 2.40 table, in its order; entries of other extensions keep
   their place with the class RV_CLS_NONE, never in force here).  */

#ifndef CACHECAT_RISCV_OPCODES_H
#define CACHECAT_RISCV_OPCODES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The extensions an entry needs (riscv_multi_subset_supports).  */
enum cc_rv_class
{
  RV_CLS_NONE,           /* an extension not modelled: never in force */
  RV_CLS_I, RV_CLS_C, RV_CLS_A, RV_CLS_M, RV_CLS_F, RV_CLS_D,
  RV_CLS_F_AND_C, RV_CLS_D_AND_C, RV_CLS_ZICSR, RV_CLS_ZIFENCEI, RV_CLS_ZMMUL
};

/* The match functions of riscv-opc.c.  */
enum cc_rv_match
{
  RV_FN_OPCODE, RV_FN_NEVER, RV_FN_RS1_EQ_RS2, RV_FN_RD_NONZERO, RV_FN_C_ADD,
  RV_FN_C_ADD_HINT, RV_FN_C_NOP, RV_FN_C_ADDI16SP, RV_FN_C_LUI, RV_FN_C_LUI_HINT,
  RV_FN_C_ADDI4SPN, RV_FN_C_SLLI, RV_FN_SLLI_AS_C_SLLI, RV_FN_C_SLLI64,
  RV_FN_SRXI_AS_C_SRXI
};

/* The macros of tc-riscv.c (enum M_*, in its order).  */
enum cc_rv_macro
{
  RV_M_NONE,
  RV_M_LA, RV_M_LLA, RV_M_LA_TLS_GD, RV_M_LA_TLS_IE, RV_M_LB, RV_M_LBU, RV_M_LH,
  RV_M_LHU, RV_M_LW, RV_M_LWU, RV_M_LD, RV_M_SB, RV_M_SH, RV_M_SW, RV_M_SD,
  RV_M_FLW, RV_M_FLD, RV_M_FLQ, RV_M_FSW, RV_M_FSD, RV_M_FSQ, RV_M_CALL, RV_M_J,
  RV_M_LI, RV_M_ZEXTH, RV_M_ZEXTW, RV_M_SEXTB, RV_M_SEXTH, RV_M_VMSGE,
  RV_M_VMSGEU, RV_M_FLH, RV_M_FSH
};

typedef struct cc_rv_opcode
{
  unsigned char xlen;          /* 0: any, else 32 or 64 only */
  unsigned char cls;           /* enum cc_rv_class */
  const char *args;            /* the operands, in riscv-opc.c's letters */
  uint32_t match, mask;        /* the encoding without operands (a macro: 0,
                                  its temporary registers in MATCH) */
  unsigned char fn;            /* enum cc_rv_match */
  unsigned char macro;         /* enum cc_rv_macro, RV_M_NONE if none */
} cc_rv_opcode;

/* The entries of mnemonic [P, P + N), in gas's order: *COUNT of them,
   or NULL if the table has no such mnemonic.  */
const cc_rv_opcode *cc_rv_opcodes (const char *p, size_t n, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
