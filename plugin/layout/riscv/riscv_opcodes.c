/* cachecat: the opcode table of GNU as 2.40 for RISC-V (riscv_opcodes.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Read out of binutils 2.40's opcodes/riscv-opc.c (riscv_opcodes[], the
   MATCH_ and MASK_ values of include/opcode/riscv-opc.h evaluated):
   every entry of the mnemonics that have one in a modelled extension, in
   the table's order.  */

#include "layout/riscv/riscv_opcodes.h"
#include "support/util.h"

static const cc_rv_opcode entries[] = {
  /* unimp */
  { 0, RV_CLS_C, "", 0x00000000u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "", 0xc0001073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* ebreak */
  { 0, RV_CLS_C, "", 0x00009002u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "", 0x00100073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* sbreak */
  { 0, RV_CLS_C, "", 0x00009002u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "", 0x00100073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* ret */
  { 0, RV_CLS_C, "", 0x00008082u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "", 0x00008067u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* jr */
  { 0, RV_CLS_C, "d", 0x00008002u, 0x0000f07fu, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_I, "s", 0x00000067u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "o(s)", 0x00000067u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,j", 0x00000067u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* jalr */
  { 0, RV_CLS_C, "d", 0x00009002u, 0x0000f07fu, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_I, "s", 0x000000e7u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "o(s)", 0x000000e7u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,j", 0x000000e7u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000067u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,o(s)", 0x00000067u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00000067u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* j */
  { 0, RV_CLS_C, "Ca", 0x0000a001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "a", 0x0000006fu, 0x00000fffu, RV_FN_OPCODE, RV_M_NONE },
  /* jal */
  { 0, RV_CLS_I, "a", 0x000000efu, 0x00000fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,a", 0x0000006fu, 0x0000007fu, RV_FN_OPCODE, RV_M_NONE },
  { 32, RV_CLS_C, "Ca", 0x00002001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* call */
  { 0, RV_CLS_I, "d,c", 0x00030000u, 0x00000000u, RV_FN_NEVER, RV_M_CALL },
  { 0, RV_CLS_I, "c", 0x00008080u, 0x00000000u, RV_FN_NEVER, RV_M_CALL },
  /* tail */
  { 0, RV_CLS_I, "c", 0x00030000u, 0x00000000u, RV_FN_NEVER, RV_M_CALL },
  /* jump */
  { 0, RV_CLS_I, "c,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_CALL },
  /* nop */
  { 0, RV_CLS_C, "", 0x00000001u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "", 0x00000013u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* lui */
  { 0, RV_CLS_C, "d,Cu", 0x00006001u, 0x0000e003u, RV_FN_C_LUI, RV_M_NONE },
  { 0, RV_CLS_I, "d,u", 0x00000037u, 0x0000007fu, RV_FN_OPCODE, RV_M_NONE },
  /* li */
  { 0, RV_CLS_C, "d,Cv", 0x00006001u, 0x0000e003u, RV_FN_C_LUI, RV_M_NONE },
  { 0, RV_CLS_C, "d,Co", 0x00004001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_I, "d,j", 0x00000013u, 0x000ff07fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,I", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LI },
  /* mv */
  { 0, RV_CLS_C, "d,CV", 0x00008002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* move */
  { 0, RV_CLS_C, "d,CV", 0x00008002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* zext.b */
  { 0, RV_CLS_I, "d,s", 0x0ff07013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* and */
  { 0, RV_CLS_C, "Cs,Cw,Ct", 0x00008c61u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Ct,Cw", 0x00008c61u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Cw,Co", 0x00008801u, 0x0000ec03u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00007033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00007013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* andi */
  { 0, RV_CLS_C, "Cs,Cw,Co", 0x00008801u, 0x0000ec03u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00007013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* beqz */
  { 0, RV_CLS_C, "Cs,Cp", 0x0000c001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,p", 0x00000063u, 0x01f0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* beq */
  { 0, RV_CLS_C, "Cs,Cz,Cp", 0x0000c001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,t,p", 0x00000063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* blez */
  { 0, RV_CLS_I, "t,p", 0x00005063u, 0x000ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* bgez */
  { 0, RV_CLS_I, "s,p", 0x00005063u, 0x01f0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bge */
  { 0, RV_CLS_I, "s,t,p", 0x00005063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bgeu */
  { 0, RV_CLS_I, "s,t,p", 0x00007063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* ble */
  { 0, RV_CLS_I, "t,s,p", 0x00005063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bleu */
  { 0, RV_CLS_I, "t,s,p", 0x00007063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bltz */
  { 0, RV_CLS_I, "s,p", 0x00004063u, 0x01f0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bgtz */
  { 0, RV_CLS_I, "t,p", 0x00004063u, 0x000ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* blt */
  { 0, RV_CLS_I, "s,t,p", 0x00004063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bltu */
  { 0, RV_CLS_I, "s,t,p", 0x00006063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bgt */
  { 0, RV_CLS_I, "t,s,p", 0x00004063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bgtu */
  { 0, RV_CLS_I, "t,s,p", 0x00006063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bnez */
  { 0, RV_CLS_C, "Cs,Cp", 0x0000e001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,p", 0x00001063u, 0x01f0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* bne */
  { 0, RV_CLS_C, "Cs,Cz,Cp", 0x0000e001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,t,p", 0x00001063u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* add */
  { 0, RV_CLS_C, "d,CU,CV", 0x00009002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_C, "d,CV,CU", 0x00009002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_C, "d,CU,Co", 0x00000001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_C, "Ct,Cc,CK", 0x00000000u, 0x0000e003u, RV_FN_C_ADDI4SPN, RV_M_NONE },
  { 0, RV_CLS_C, "Cc,Cc,CL", 0x00006101u, 0x0000ef83u, RV_FN_C_ADDI16SP, RV_M_NONE },
  { 0, RV_CLS_C, "d,Cz,CV", 0x00008002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00000033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t,1", 0x00000033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00000013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* addi */
  { 0, RV_CLS_C, "Ct,Cc,CK", 0x00000000u, 0x0000e003u, RV_FN_C_ADDI4SPN, RV_M_NONE },
  { 0, RV_CLS_C, "d,CU,Cj", 0x00000001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_C, "d,CU,z", 0x00000001u, 0x0000f07fu, RV_FN_C_NOP, RV_M_NONE },
  { 0, RV_CLS_C, "Cc,Cc,CL", 0x00006101u, 0x0000ef83u, RV_FN_C_ADDI16SP, RV_M_NONE },
  { 0, RV_CLS_C, "d,Cz,Co", 0x00004001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_C, "d,CV,z", 0x00008002u, 0x0000f003u, RV_FN_C_ADD, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00000013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* la */
  { 0, RV_CLS_I, "d,B", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LA },
  /* lla */
  { 0, RV_CLS_I, "d,B", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LLA },
  /* la.tls.gd */
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LA_TLS_GD },
  /* la.tls.ie */
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LA_TLS_IE },
  /* neg */
  { 0, RV_CLS_I, "d,t", 0x40000033u, 0xfe0ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* sll */
  { 0, RV_CLS_C, "d,CU,C>", 0x00000002u, 0x0000e003u, RV_FN_SLLI_AS_C_SLLI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00001033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x00001013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* slli */
  { 0, RV_CLS_C, "d,CU,C>", 0x00000002u, 0x0000e003u, RV_FN_SLLI_AS_C_SLLI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x00001013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* srl */
  { 0, RV_CLS_C, "Cs,Cw,C>", 0x00008001u, 0x0000ec03u, RV_FN_SRXI_AS_C_SRXI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00005033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x00005013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* srli */
  { 0, RV_CLS_C, "Cs,Cw,C>", 0x00008001u, 0x0000ec03u, RV_FN_SRXI_AS_C_SRXI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x00005013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sra */
  { 0, RV_CLS_C, "Cs,Cw,C>", 0x00008401u, 0x0000ec03u, RV_FN_SRXI_AS_C_SRXI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x40005033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x40005013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* srai */
  { 0, RV_CLS_C, "Cs,Cw,C>", 0x00008401u, 0x0000ec03u, RV_FN_SRXI_AS_C_SRXI, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,>", 0x40005013u, 0xfc00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sub */
  { 0, RV_CLS_C, "Cs,Cw,Ct", 0x00008c01u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x40000033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lb */
  { 0, RV_CLS_I, "d,o(s)", 0x00000003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LB },
  /* lbu */
  { 0, RV_CLS_I, "d,o(s)", 0x00004003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LBU },
  /* lh */
  { 0, RV_CLS_I, "d,o(s)", 0x00001003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LH },
  /* lhu */
  { 0, RV_CLS_I, "d,o(s)", 0x00005003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LHU },
  /* lw */
  { 0, RV_CLS_C, "d,Cm(Cc)", 0x00004002u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 0, RV_CLS_C, "Ct,Ck(Cs)", 0x00004000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,o(s)", 0x00002003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LW },
  /* not */
  { 0, RV_CLS_I, "d,s", 0xfff04013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* or */
  { 0, RV_CLS_I, "d,s,j", 0x00006013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Cw,Ct", 0x00008c41u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Ct,Cw", 0x00008c41u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00006033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* ori */
  { 0, RV_CLS_I, "d,s,j", 0x00006013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* auipc */
  { 0, RV_CLS_I, "d,u", 0x00000017u, 0x0000007fu, RV_FN_OPCODE, RV_M_NONE },
  /* seqz */
  { 0, RV_CLS_I, "d,s", 0x00103013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* snez */
  { 0, RV_CLS_I, "d,t", 0x00003033u, 0xfe0ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* sltz */
  { 0, RV_CLS_I, "d,s", 0x00002033u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sgtz */
  { 0, RV_CLS_I, "d,t", 0x00002033u, 0xfe0ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* slti */
  { 0, RV_CLS_I, "d,s,j", 0x00002013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* slt */
  { 0, RV_CLS_I, "d,s,t", 0x00002033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00002013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sltiu */
  { 0, RV_CLS_I, "d,s,j", 0x00003013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sltu */
  { 0, RV_CLS_I, "d,s,t", 0x00003033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,j", 0x00003013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sgt */
  { 0, RV_CLS_I, "d,t,s", 0x00002033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sgtu */
  { 0, RV_CLS_I, "d,t,s", 0x00003033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sb */
  { 0, RV_CLS_I, "t,q(s)", 0x00000023u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "t,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SB },
  /* sh */
  { 0, RV_CLS_I, "t,q(s)", 0x00001023u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "t,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SH },
  /* sw */
  { 0, RV_CLS_C, "CV,CM(Cc)", 0x0000c002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Ct,Ck(Cs)", 0x0000c000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "t,q(s)", 0x00002023u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "t,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SW },
  /* fence */
  { 0, RV_CLS_I, "", 0x0ff0000fu, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "P,Q", 0x0000000fu, 0xf00fffffu, RV_FN_OPCODE, RV_M_NONE },
  /* fence.i */
  { 0, RV_CLS_ZIFENCEI, "", 0x0000100fu, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* fence.tso */
  { 0, RV_CLS_I, "", 0x8330000fu, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* rdcycle */
  { 0, RV_CLS_I, "d", 0xc0002073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* rdinstret */
  { 0, RV_CLS_I, "d", 0xc0202073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* rdtime */
  { 0, RV_CLS_I, "d", 0xc0102073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* rdcycleh */
  { 32, RV_CLS_I, "d", 0xc8002073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* rdinstreth */
  { 32, RV_CLS_I, "d", 0xc8202073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* rdtimeh */
  { 32, RV_CLS_I, "d", 0xc8102073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* ecall */
  { 0, RV_CLS_I, "", 0x00000073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* scall */
  { 0, RV_CLS_I, "", 0x00000073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* xor */
  { 0, RV_CLS_I, "d,s,j", 0x00004013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Cw,Ct", 0x00008c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cs,Ct,Cw", 0x00008c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s,t", 0x00004033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* xori */
  { 0, RV_CLS_I, "d,s,j", 0x00004013u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lwu */
  { 64, RV_CLS_I, "d,o(s)", 0x00006003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LWU },
  /* ld */
  { 64, RV_CLS_C, "d,Cn(Cc)", 0x00006002u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 64, RV_CLS_C, "Ct,Cl(Cs)", 0x00006000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,o(s)", 0x00003003u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,A", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_LD },
  /* sd */
  { 64, RV_CLS_C, "CV,CN(Cc)", 0x0000e002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_C, "Ct,Cl(Cs)", 0x0000e000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "t,q(s)", 0x00003023u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "t,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SD },
  /* sext.w */
  { 64, RV_CLS_C, "d,CU", 0x00002001u, 0x0000f07fu, RV_FN_RD_NONZERO, RV_M_NONE },
  { 64, RV_CLS_I, "d,s", 0x0000001bu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* addw */
  { 64, RV_CLS_C, "Cs,Cw,Ct", 0x00009c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_C, "Cs,Ct,Cw", 0x00009c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_C, "d,CU,Co", 0x00002001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,t", 0x0000003bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,j", 0x0000001bu, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* addiw */
  { 64, RV_CLS_C, "d,CU,Co", 0x00002001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,j", 0x0000001bu, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* negw */
  { 64, RV_CLS_I, "d,t", 0x4000003bu, 0xfe0ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* sllw */
  { 64, RV_CLS_I, "d,s,t", 0x0000103bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,<", 0x0000101bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* slliw */
  { 64, RV_CLS_I, "d,s,<", 0x0000101bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* srlw */
  { 64, RV_CLS_I, "d,s,t", 0x0000503bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,<", 0x0000501bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* srliw */
  { 64, RV_CLS_I, "d,s,<", 0x0000501bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sraw */
  { 64, RV_CLS_I, "d,s,t", 0x4000503bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,<", 0x4000501bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sraiw */
  { 64, RV_CLS_I, "d,s,<", 0x4000501bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* subw */
  { 64, RV_CLS_C, "Cs,Cw,Ct", 0x00009c01u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s,t", 0x4000003bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.w */
  { 0, RV_CLS_A, "d,0(s)", 0x1000202fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x1800202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0800202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x6000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x4000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x2000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0xa000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0xe000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0x8000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.w */
  { 0, RV_CLS_A, "d,t,0(s)", 0xc000202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.w.aq */
  { 0, RV_CLS_A, "d,0(s)", 0x1400202fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x1c00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0c00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x6400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x4400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x2400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0xa400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0xe400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0x8400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.w.aq */
  { 0, RV_CLS_A, "d,t,0(s)", 0xc400202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.w.rl */
  { 0, RV_CLS_A, "d,0(s)", 0x1200202fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x1a00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0a00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x6200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x4200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x2200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xa200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xe200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x8200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.w.rl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xc200202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.w.aqrl */
  { 0, RV_CLS_A, "d,0(s)", 0x1600202fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x1e00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x0e00202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x6600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x4600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x2600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xa600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xe600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0x8600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.w.aqrl */
  { 0, RV_CLS_A, "d,t,0(s)", 0xc600202fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.d */
  { 64, RV_CLS_A, "d,0(s)", 0x1000302fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x1800302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0800302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x6000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x4000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x2000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0xa000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0xe000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0x8000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.d */
  { 64, RV_CLS_A, "d,t,0(s)", 0xc000302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.d.aq */
  { 64, RV_CLS_A, "d,0(s)", 0x1400302fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x1c00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0c00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x6400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x4400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x2400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0xa400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0xe400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0x8400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.d.aq */
  { 64, RV_CLS_A, "d,t,0(s)", 0xc400302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.d.rl */
  { 64, RV_CLS_A, "d,0(s)", 0x1200302fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x1a00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0a00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x6200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x4200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x2200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xa200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xe200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x8200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.d.rl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xc200302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* lr.d.aqrl */
  { 64, RV_CLS_A, "d,0(s)", 0x1600302fu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* sc.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x1e00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoadd.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoswap.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x0e00302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoand.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x6600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoor.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x4600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amoxor.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x2600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomax.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xa600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomaxu.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xe600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amomin.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0x8600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* amominu.d.aqrl */
  { 64, RV_CLS_A, "d,t,0(s)", 0xc600302fu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* mul */
  { 0, RV_CLS_ZMMUL, "d,s,t", 0x02000033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* mulh */
  { 0, RV_CLS_ZMMUL, "d,s,t", 0x02001033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* mulhu */
  { 0, RV_CLS_ZMMUL, "d,s,t", 0x02003033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* mulhsu */
  { 0, RV_CLS_ZMMUL, "d,s,t", 0x02002033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* div */
  { 0, RV_CLS_M, "d,s,t", 0x02004033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* divu */
  { 0, RV_CLS_M, "d,s,t", 0x02005033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* rem */
  { 0, RV_CLS_M, "d,s,t", 0x02006033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* remu */
  { 0, RV_CLS_M, "d,s,t", 0x02007033u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* mulw */
  { 64, RV_CLS_ZMMUL, "d,s,t", 0x0200003bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* divw */
  { 64, RV_CLS_M, "d,s,t", 0x0200403bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* divuw */
  { 64, RV_CLS_M, "d,s,t", 0x0200503bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* remw */
  { 64, RV_CLS_M, "d,s,t", 0x0200603bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* remuw */
  { 64, RV_CLS_M, "d,s,t", 0x0200703bu, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* frcsr */
  { 0, RV_CLS_F, "d", 0x00302073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* frsr */
  { 0, RV_CLS_F, "d", 0x00302073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* fscsr */
  { 0, RV_CLS_F, "s", 0x00301073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,s", 0x00301073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fssr */
  { 0, RV_CLS_F, "s", 0x00301073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,s", 0x00301073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* frrm */
  { 0, RV_CLS_F, "d", 0x00202073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsrm */
  { 0, RV_CLS_F, "s", 0x00201073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,s", 0x00201073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsrmi */
  { 0, RV_CLS_F, "d,Z", 0x00205073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "Z", 0x00205073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  /* frflags */
  { 0, RV_CLS_F, "d", 0x00102073u, 0xfffff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsflags */
  { 0, RV_CLS_F, "s", 0x00101073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,s", 0x00101073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsflagsi */
  { 0, RV_CLS_F, "d,Z", 0x00105073u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "Z", 0x00105073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  /* flw */
  { 32, RV_CLS_F_AND_C, "D,Cm(Cc)", 0x00006002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 32, RV_CLS_F_AND_C, "CD,Ck(Cs)", 0x00006000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,o(s)", 0x00002007u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_FLW },
  /* fsw */
  { 32, RV_CLS_F_AND_C, "CT,CM(Cc)", 0x0000e002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 32, RV_CLS_F_AND_C, "CD,Ck(Cs)", 0x0000e000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "T,q(s)", 0x00002027u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "T,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_FSW },
  /* fmv.x.w */
  { 0, RV_CLS_F, "d,S", 0xe0000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.w.x */
  { 0, RV_CLS_F, "D,s", 0xf0000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.x.s */
  { 0, RV_CLS_F, "d,S", 0xe0000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.s.x */
  { 0, RV_CLS_F, "D,s", 0xf0000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.s */
  { 0, RV_CLS_F, "D,U", 0x20000053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fneg.s */
  { 0, RV_CLS_F, "D,U", 0x20001053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fabs.s */
  { 0, RV_CLS_F, "D,U", 0x20002053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fsgnj.s */
  { 0, RV_CLS_F, "D,S,T", 0x20000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsgnjn.s */
  { 0, RV_CLS_F, "D,S,T", 0x20001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsgnjx.s */
  { 0, RV_CLS_F, "D,S,T", 0x20002053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fadd.s */
  { 0, RV_CLS_F, "D,S,T", 0x00007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,m", 0x00000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsub.s */
  { 0, RV_CLS_F, "D,S,T", 0x08007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,m", 0x08000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmul.s */
  { 0, RV_CLS_F, "D,S,T", 0x10007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,m", 0x10000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fdiv.s */
  { 0, RV_CLS_F, "D,S,T", 0x18007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,m", 0x18000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsqrt.s */
  { 0, RV_CLS_F, "D,S", 0x58007053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,m", 0x58000053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmin.s */
  { 0, RV_CLS_F, "D,S,T", 0x28000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmax.s */
  { 0, RV_CLS_F, "D,S,T", 0x28001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmadd.s */
  { 0, RV_CLS_F, "D,S,T,R", 0x00007043u, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,R,m", 0x00000043u, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fnmadd.s */
  { 0, RV_CLS_F, "D,S,T,R", 0x0000704fu, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,R,m", 0x0000004fu, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmsub.s */
  { 0, RV_CLS_F, "D,S,T,R", 0x00007047u, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,R,m", 0x00000047u, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fnmsub.s */
  { 0, RV_CLS_F, "D,S,T,R", 0x0000704bu, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,S,T,R,m", 0x0000004bu, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.w.s */
  { 0, RV_CLS_F, "d,S", 0xc0007053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,S,m", 0xc0000053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.wu.s */
  { 0, RV_CLS_F, "d,S", 0xc0107053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "d,S,m", 0xc0100053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.s.w */
  { 0, RV_CLS_F, "D,s", 0xd0007053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,s,m", 0xd0000053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.s.wu */
  { 0, RV_CLS_F, "D,s", 0xd0107053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_F, "D,s,m", 0xd0100053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fclass.s */
  { 0, RV_CLS_F, "d,S", 0xe0001053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* feq.s */
  { 0, RV_CLS_F, "d,S,T", 0xa0002053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* flt.s */
  { 0, RV_CLS_F, "d,S,T", 0xa0001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fle.s */
  { 0, RV_CLS_F, "d,S,T", 0xa0000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fgt.s */
  { 0, RV_CLS_F, "d,T,S", 0xa0001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fge.s */
  { 0, RV_CLS_F, "d,T,S", 0xa0000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.l.s */
  { 64, RV_CLS_F, "d,S", 0xc0207053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_F, "d,S,m", 0xc0200053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.lu.s */
  { 64, RV_CLS_F, "d,S", 0xc0307053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_F, "d,S,m", 0xc0300053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.s.l */
  { 64, RV_CLS_F, "D,s", 0xd0207053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_F, "D,s,m", 0xd0200053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.s.lu */
  { 64, RV_CLS_F, "D,s", 0xd0307053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_F, "D,s,m", 0xd0300053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fld */
  { 0, RV_CLS_D_AND_C, "D,Cn(Cc)", 0x00002002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D_AND_C, "CD,Cl(Cs)", 0x00002000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,o(s)", 0x00003007u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_FLD },
  /* fsd */
  { 0, RV_CLS_D_AND_C, "CT,CN(Cc)", 0x0000a002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D_AND_C, "CD,Cl(Cs)", 0x0000a000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "T,q(s)", 0x00003027u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "T,A,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_FSD },
  /* fmv.d */
  { 0, RV_CLS_D, "D,U", 0x22000053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fneg.d */
  { 0, RV_CLS_D, "D,U", 0x22001053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fabs.d */
  { 0, RV_CLS_D, "D,U", 0x22002053u, 0xfe00707fu, RV_FN_RS1_EQ_RS2, RV_M_NONE },
  /* fsgnj.d */
  { 0, RV_CLS_D, "D,S,T", 0x22000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsgnjn.d */
  { 0, RV_CLS_D, "D,S,T", 0x22001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsgnjx.d */
  { 0, RV_CLS_D, "D,S,T", 0x22002053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fadd.d */
  { 0, RV_CLS_D, "D,S,T", 0x02007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,m", 0x02000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsub.d */
  { 0, RV_CLS_D, "D,S,T", 0x0a007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,m", 0x0a000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmul.d */
  { 0, RV_CLS_D, "D,S,T", 0x12007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,m", 0x12000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fdiv.d */
  { 0, RV_CLS_D, "D,S,T", 0x1a007053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,m", 0x1a000053u, 0xfe00007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fsqrt.d */
  { 0, RV_CLS_D, "D,S", 0x5a007053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,m", 0x5a000053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmin.d */
  { 0, RV_CLS_D, "D,S,T", 0x2a000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmax.d */
  { 0, RV_CLS_D, "D,S,T", 0x2a001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmadd.d */
  { 0, RV_CLS_D, "D,S,T,R", 0x02007043u, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,R,m", 0x02000043u, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fnmadd.d */
  { 0, RV_CLS_D, "D,S,T,R", 0x0200704fu, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,R,m", 0x0200004fu, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmsub.d */
  { 0, RV_CLS_D, "D,S,T,R", 0x02007047u, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,R,m", 0x02000047u, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fnmsub.d */
  { 0, RV_CLS_D, "D,S,T,R", 0x0200704bu, 0x0600707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,T,R,m", 0x0200004bu, 0x0600007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.w.d */
  { 0, RV_CLS_D, "d,S", 0xc2007053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "d,S,m", 0xc2000053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.wu.d */
  { 0, RV_CLS_D, "d,S", 0xc2107053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "d,S,m", 0xc2100053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.d.w */
  { 0, RV_CLS_D, "D,s", 0xd2000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.d.wu */
  { 0, RV_CLS_D, "D,s", 0xd2100053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.d.s */
  { 0, RV_CLS_D, "D,S", 0x42000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.s.d */
  { 0, RV_CLS_D, "D,S", 0x40107053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_D, "D,S,m", 0x40100053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fclass.d */
  { 0, RV_CLS_D, "d,S", 0xe2001053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* feq.d */
  { 0, RV_CLS_D, "d,S,T", 0xa2002053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* flt.d */
  { 0, RV_CLS_D, "d,S,T", 0xa2001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fle.d */
  { 0, RV_CLS_D, "d,S,T", 0xa2000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fgt.d */
  { 0, RV_CLS_D, "d,T,S", 0xa2001053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fge.d */
  { 0, RV_CLS_D, "d,T,S", 0xa2000053u, 0xfe00707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.x.d */
  { 64, RV_CLS_D, "d,S", 0xe2000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fmv.d.x */
  { 64, RV_CLS_D, "D,s", 0xf2000053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.l.d */
  { 64, RV_CLS_D, "d,S", 0xc2207053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_D, "d,S,m", 0xc2200053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.lu.d */
  { 64, RV_CLS_D, "d,S", 0xc2307053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_D, "d,S,m", 0xc2300053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.d.l */
  { 64, RV_CLS_D, "D,s", 0xd2207053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_D, "D,s,m", 0xd2200053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* fcvt.d.lu */
  { 64, RV_CLS_D, "D,s", 0xd2307053u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_D, "D,s,m", 0xd2300053u, 0xfff0007fu, RV_FN_OPCODE, RV_M_NONE },
  /* c.unimp */
  { 0, RV_CLS_C, "", 0x00000000u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  /* c.ebreak */
  { 0, RV_CLS_C, "", 0x00009002u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  /* c.jr */
  { 0, RV_CLS_C, "d", 0x00008002u, 0x0000f07fu, RV_FN_RD_NONZERO, RV_M_NONE },
  /* c.jalr */
  { 0, RV_CLS_C, "d", 0x00009002u, 0x0000f07fu, RV_FN_RD_NONZERO, RV_M_NONE },
  /* c.j */
  { 0, RV_CLS_C, "Ca", 0x0000a001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.jal */
  { 32, RV_CLS_C, "Ca", 0x00002001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.beqz */
  { 0, RV_CLS_C, "Cs,Cp", 0x0000c001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.bnez */
  { 0, RV_CLS_C, "Cs,Cp", 0x0000e001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.lwsp */
  { 0, RV_CLS_C, "d,Cm(Cc)", 0x00004002u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  /* c.lw */
  { 0, RV_CLS_C, "Ct,Ck(Cs)", 0x00004000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.swsp */
  { 0, RV_CLS_C, "CV,CM(Cc)", 0x0000c002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.sw */
  { 0, RV_CLS_C, "Ct,Ck(Cs)", 0x0000c000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.nop */
  { 0, RV_CLS_C, "", 0x00000001u, 0x0000ffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_C, "Cj", 0x00000001u, 0x0000ef83u, RV_FN_OPCODE, RV_M_NONE },
  /* c.mv */
  { 0, RV_CLS_C, "d,CV", 0x00008002u, 0x0000f003u, RV_FN_C_ADD_HINT, RV_M_NONE },
  /* c.lui */
  { 0, RV_CLS_C, "d,Cu", 0x00006001u, 0x0000e003u, RV_FN_C_LUI_HINT, RV_M_NONE },
  /* c.li */
  { 0, RV_CLS_C, "d,Co", 0x00004001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.addi4spn */
  { 0, RV_CLS_C, "Ct,Cc,CK", 0x00000000u, 0x0000e003u, RV_FN_C_ADDI4SPN, RV_M_NONE },
  /* c.addi16sp */
  { 0, RV_CLS_C, "Cc,CL", 0x00006101u, 0x0000ef83u, RV_FN_C_ADDI16SP, RV_M_NONE },
  /* c.addi */
  { 0, RV_CLS_C, "d,Co", 0x00000001u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.add */
  { 0, RV_CLS_C, "d,CV", 0x00009002u, 0x0000f003u, RV_FN_C_ADD_HINT, RV_M_NONE },
  /* c.sub */
  { 0, RV_CLS_C, "Cs,Ct", 0x00008c01u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.and */
  { 0, RV_CLS_C, "Cs,Ct", 0x00008c61u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.or */
  { 0, RV_CLS_C, "Cs,Ct", 0x00008c41u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.xor */
  { 0, RV_CLS_C, "Cs,Ct", 0x00008c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.slli */
  { 0, RV_CLS_C, "d,C>", 0x00000002u, 0x0000e003u, RV_FN_C_SLLI, RV_M_NONE },
  /* c.srli */
  { 0, RV_CLS_C, "Cs,C>", 0x00008001u, 0x0000ec03u, RV_FN_C_SLLI, RV_M_NONE },
  /* c.srai */
  { 0, RV_CLS_C, "Cs,C>", 0x00008401u, 0x0000ec03u, RV_FN_C_SLLI, RV_M_NONE },
  /* c.slli64 */
  { 0, RV_CLS_C, "d", 0x00000002u, 0x0000f07fu, RV_FN_C_SLLI64, RV_M_NONE },
  /* c.srli64 */
  { 0, RV_CLS_C, "Cs", 0x00008001u, 0x0000fc7fu, RV_FN_C_SLLI64, RV_M_NONE },
  /* c.srai64 */
  { 0, RV_CLS_C, "Cs", 0x00008401u, 0x0000fc7fu, RV_FN_C_SLLI64, RV_M_NONE },
  /* c.andi */
  { 0, RV_CLS_C, "Cs,Co", 0x00008801u, 0x0000ec03u, RV_FN_OPCODE, RV_M_NONE },
  /* c.addiw */
  { 64, RV_CLS_C, "d,Co", 0x00002001u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  /* c.addw */
  { 64, RV_CLS_C, "Cs,Ct", 0x00009c21u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.subw */
  { 64, RV_CLS_C, "Cs,Ct", 0x00009c01u, 0x0000fc63u, RV_FN_OPCODE, RV_M_NONE },
  /* c.ldsp */
  { 64, RV_CLS_C, "d,Cn(Cc)", 0x00006002u, 0x0000e003u, RV_FN_RD_NONZERO, RV_M_NONE },
  /* c.ld */
  { 64, RV_CLS_C, "Ct,Cl(Cs)", 0x00006000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.sdsp */
  { 64, RV_CLS_C, "CV,CN(Cc)", 0x0000e002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.sd */
  { 64, RV_CLS_C, "Ct,Cl(Cs)", 0x0000e000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fldsp */
  { 0, RV_CLS_D_AND_C, "D,Cn(Cc)", 0x00002002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fld */
  { 0, RV_CLS_D_AND_C, "CD,Cl(Cs)", 0x00002000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fsdsp */
  { 0, RV_CLS_D_AND_C, "CT,CN(Cc)", 0x0000a002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fsd */
  { 0, RV_CLS_D_AND_C, "CD,Cl(Cs)", 0x0000a000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.flwsp */
  { 32, RV_CLS_F_AND_C, "D,Cm(Cc)", 0x00006002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.flw */
  { 32, RV_CLS_F_AND_C, "CD,Ck(Cs)", 0x00006000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fswsp */
  { 32, RV_CLS_F_AND_C, "CT,CM(Cc)", 0x0000e002u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* c.fsw */
  { 32, RV_CLS_F_AND_C, "CD,Ck(Cs)", 0x0000e000u, 0x0000e003u, RV_FN_OPCODE, RV_M_NONE },
  /* sext.b */
  { 0, RV_CLS_NONE, "d,s", 0x60401013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SEXTB },
  /* sext.h */
  { 0, RV_CLS_NONE, "d,s", 0x60501013u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_SEXTH },
  /* zext.h */
  { 32, RV_CLS_NONE, "d,s", 0x08004033u, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_NONE, "d,s", 0x0800403bu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "d,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_ZEXTH },
  /* zext.w */
  { 64, RV_CLS_NONE, "d,s", 0x0800003bu, 0xfff0707fu, RV_FN_OPCODE, RV_M_NONE },
  { 64, RV_CLS_I, "d,s", 0x00000000u, 0x00000000u, RV_FN_NEVER, RV_M_ZEXTW },
  /* csrr */
  { 0, RV_CLS_ZICSR, "d,E", 0x00002073u, 0x000ff07fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrw */
  { 0, RV_CLS_ZICSR, "E,s", 0x00001073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "E,Z", 0x00005073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrwi */
  { 0, RV_CLS_ZICSR, "E,Z", 0x00005073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrs */
  { 0, RV_CLS_ZICSR, "E,s", 0x00002073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "E,Z", 0x00006073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrsi */
  { 0, RV_CLS_ZICSR, "E,Z", 0x00006073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrc */
  { 0, RV_CLS_ZICSR, "E,s", 0x00003073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "E,Z", 0x00007073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrci */
  { 0, RV_CLS_ZICSR, "E,Z", 0x00007073u, 0x00007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrw */
  { 0, RV_CLS_ZICSR, "d,E,s", 0x00001073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00005073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrwi */
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00005073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrs */
  { 0, RV_CLS_ZICSR, "d,E,s", 0x00002073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00006073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrsi */
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00006073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrc */
  { 0, RV_CLS_ZICSR, "d,E,s", 0x00003073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00007073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* csrrci */
  { 0, RV_CLS_ZICSR, "d,E,Z", 0x00007073u, 0x0000707fu, RV_FN_OPCODE, RV_M_NONE },
  /* uret */
  { 0, RV_CLS_I, "", 0x00200073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* sret */
  { 0, RV_CLS_I, "", 0x10200073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* hret */
  { 0, RV_CLS_I, "", 0x20200073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* mret */
  { 0, RV_CLS_I, "", 0x30200073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* dret */
  { 0, RV_CLS_I, "", 0x7b200073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  /* sfence.vm */
  { 0, RV_CLS_I, "", 0x10400073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s", 0x10400073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  /* sfence.vma */
  { 0, RV_CLS_I, "", 0x12000073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s", 0x12000073u, 0xfff07fffu, RV_FN_OPCODE, RV_M_NONE },
  { 0, RV_CLS_I, "s,t", 0x12000073u, 0xfe007fffu, RV_FN_OPCODE, RV_M_NONE },
  /* wfi */
  { 0, RV_CLS_I, "", 0x10500073u, 0xffffffffu, RV_FN_OPCODE, RV_M_NONE },
};

/* The mnemonics, sorted by strcmp: their first entry and how many.  */
static const struct
{
  const char *name;
  unsigned short first, n;
} names[] = {
  { "add", 68, 9 },
  { "addi", 77, 7 },
  { "addiw", 179, 2 },
  { "addw", 174, 5 },
  { "amoadd.d", 239, 1 },
  { "amoadd.d.aq", 250, 1 },
  { "amoadd.d.aqrl", 272, 1 },
  { "amoadd.d.rl", 261, 1 },
  { "amoadd.w", 195, 1 },
  { "amoadd.w.aq", 206, 1 },
  { "amoadd.w.aqrl", 228, 1 },
  { "amoadd.w.rl", 217, 1 },
  { "amoand.d", 241, 1 },
  { "amoand.d.aq", 252, 1 },
  { "amoand.d.aqrl", 274, 1 },
  { "amoand.d.rl", 263, 1 },
  { "amoand.w", 197, 1 },
  { "amoand.w.aq", 208, 1 },
  { "amoand.w.aqrl", 230, 1 },
  { "amoand.w.rl", 219, 1 },
  { "amomax.d", 244, 1 },
  { "amomax.d.aq", 255, 1 },
  { "amomax.d.aqrl", 277, 1 },
  { "amomax.d.rl", 266, 1 },
  { "amomax.w", 200, 1 },
  { "amomax.w.aq", 211, 1 },
  { "amomax.w.aqrl", 233, 1 },
  { "amomax.w.rl", 222, 1 },
  { "amomaxu.d", 245, 1 },
  { "amomaxu.d.aq", 256, 1 },
  { "amomaxu.d.aqrl", 278, 1 },
  { "amomaxu.d.rl", 267, 1 },
  { "amomaxu.w", 201, 1 },
  { "amomaxu.w.aq", 212, 1 },
  { "amomaxu.w.aqrl", 234, 1 },
  { "amomaxu.w.rl", 223, 1 },
  { "amomin.d", 246, 1 },
  { "amomin.d.aq", 257, 1 },
  { "amomin.d.aqrl", 279, 1 },
  { "amomin.d.rl", 268, 1 },
  { "amomin.w", 202, 1 },
  { "amomin.w.aq", 213, 1 },
  { "amomin.w.aqrl", 235, 1 },
  { "amomin.w.rl", 224, 1 },
  { "amominu.d", 247, 1 },
  { "amominu.d.aq", 258, 1 },
  { "amominu.d.aqrl", 280, 1 },
  { "amominu.d.rl", 269, 1 },
  { "amominu.w", 203, 1 },
  { "amominu.w.aq", 214, 1 },
  { "amominu.w.aqrl", 236, 1 },
  { "amominu.w.rl", 225, 1 },
  { "amoor.d", 242, 1 },
  { "amoor.d.aq", 253, 1 },
  { "amoor.d.aqrl", 275, 1 },
  { "amoor.d.rl", 264, 1 },
  { "amoor.w", 198, 1 },
  { "amoor.w.aq", 209, 1 },
  { "amoor.w.aqrl", 231, 1 },
  { "amoor.w.rl", 220, 1 },
  { "amoswap.d", 240, 1 },
  { "amoswap.d.aq", 251, 1 },
  { "amoswap.d.aqrl", 273, 1 },
  { "amoswap.d.rl", 262, 1 },
  { "amoswap.w", 196, 1 },
  { "amoswap.w.aq", 207, 1 },
  { "amoswap.w.aqrl", 229, 1 },
  { "amoswap.w.rl", 218, 1 },
  { "amoxor.d", 243, 1 },
  { "amoxor.d.aq", 254, 1 },
  { "amoxor.d.aqrl", 276, 1 },
  { "amoxor.d.rl", 265, 1 },
  { "amoxor.w", 199, 1 },
  { "amoxor.w.aq", 210, 1 },
  { "amoxor.w.aqrl", 232, 1 },
  { "amoxor.w.rl", 221, 1 },
  { "and", 41, 5 },
  { "andi", 46, 2 },
  { "auipc", 124, 1 },
  { "beq", 50, 2 },
  { "beqz", 48, 2 },
  { "bge", 54, 1 },
  { "bgeu", 55, 1 },
  { "bgez", 53, 1 },
  { "bgt", 62, 1 },
  { "bgtu", 63, 1 },
  { "bgtz", 59, 1 },
  { "ble", 56, 1 },
  { "bleu", 57, 1 },
  { "blez", 52, 1 },
  { "blt", 60, 1 },
  { "bltu", 61, 1 },
  { "bltz", 58, 1 },
  { "bne", 66, 2 },
  { "bnez", 64, 2 },
  { "c.add", 449, 1 },
  { "c.addi", 448, 1 },
  { "c.addi16sp", 447, 1 },
  { "c.addi4spn", 446, 1 },
  { "c.addiw", 461, 1 },
  { "c.addw", 462, 1 },
  { "c.and", 451, 1 },
  { "c.andi", 460, 1 },
  { "c.beqz", 435, 1 },
  { "c.bnez", 436, 1 },
  { "c.ebreak", 430, 1 },
  { "c.fld", 469, 1 },
  { "c.fldsp", 468, 1 },
  { "c.flw", 473, 1 },
  { "c.flwsp", 472, 1 },
  { "c.fsd", 471, 1 },
  { "c.fsdsp", 470, 1 },
  { "c.fsw", 475, 1 },
  { "c.fswsp", 474, 1 },
  { "c.j", 433, 1 },
  { "c.jal", 434, 1 },
  { "c.jalr", 432, 1 },
  { "c.jr", 431, 1 },
  { "c.ld", 465, 1 },
  { "c.ldsp", 464, 1 },
  { "c.li", 445, 1 },
  { "c.lui", 444, 1 },
  { "c.lw", 438, 1 },
  { "c.lwsp", 437, 1 },
  { "c.mv", 443, 1 },
  { "c.nop", 441, 2 },
  { "c.or", 452, 1 },
  { "c.sd", 467, 1 },
  { "c.sdsp", 466, 1 },
  { "c.slli", 454, 1 },
  { "c.slli64", 457, 1 },
  { "c.srai", 456, 1 },
  { "c.srai64", 459, 1 },
  { "c.srli", 455, 1 },
  { "c.srli64", 458, 1 },
  { "c.sub", 450, 1 },
  { "c.subw", 463, 1 },
  { "c.sw", 440, 1 },
  { "c.swsp", 439, 1 },
  { "c.unimp", 429, 1 },
  { "c.xor", 453, 1 },
  { "call", 24, 2 },
  { "csrc", 492, 2 },
  { "csrci", 494, 1 },
  { "csrr", 485, 1 },
  { "csrrc", 501, 2 },
  { "csrrci", 503, 1 },
  { "csrrs", 498, 2 },
  { "csrrsi", 500, 1 },
  { "csrrw", 495, 2 },
  { "csrrwi", 497, 1 },
  { "csrs", 489, 2 },
  { "csrsi", 491, 1 },
  { "csrw", 486, 2 },
  { "csrwi", 488, 1 },
  { "div", 285, 1 },
  { "divu", 286, 1 },
  { "divuw", 291, 1 },
  { "divw", 290, 1 },
  { "dret", 508, 1 },
  { "ebreak", 2, 2 },
  { "ecall", 155, 1 },
  { "fabs.d", 380, 1 },
  { "fabs.s", 324, 1 },
  { "fadd.d", 384, 2 },
  { "fadd.s", 328, 2 },
  { "fclass.d", 413, 1 },
  { "fclass.s", 356, 1 },
  { "fcvt.d.l", 425, 2 },
  { "fcvt.d.lu", 427, 2 },
  { "fcvt.d.s", 410, 1 },
  { "fcvt.d.w", 408, 1 },
  { "fcvt.d.wu", 409, 1 },
  { "fcvt.l.d", 421, 2 },
  { "fcvt.l.s", 362, 2 },
  { "fcvt.lu.d", 423, 2 },
  { "fcvt.lu.s", 364, 2 },
  { "fcvt.s.d", 411, 2 },
  { "fcvt.s.l", 366, 2 },
  { "fcvt.s.lu", 368, 2 },
  { "fcvt.s.w", 352, 2 },
  { "fcvt.s.wu", 354, 2 },
  { "fcvt.w.d", 404, 2 },
  { "fcvt.w.s", 348, 2 },
  { "fcvt.wu.d", 406, 2 },
  { "fcvt.wu.s", 350, 2 },
  { "fdiv.d", 390, 2 },
  { "fdiv.s", 334, 2 },
  { "fence", 145, 2 },
  { "fence.i", 147, 1 },
  { "fence.tso", 148, 1 },
  { "feq.d", 414, 1 },
  { "feq.s", 357, 1 },
  { "fge.d", 418, 1 },
  { "fge.s", 361, 1 },
  { "fgt.d", 417, 1 },
  { "fgt.s", 360, 1 },
  { "fld", 370, 4 },
  { "fle.d", 416, 1 },
  { "fle.s", 359, 1 },
  { "flt.d", 415, 1 },
  { "flt.s", 358, 1 },
  { "flw", 310, 4 },
  { "fmadd.d", 396, 2 },
  { "fmadd.s", 340, 2 },
  { "fmax.d", 395, 1 },
  { "fmax.s", 339, 1 },
  { "fmin.d", 394, 1 },
  { "fmin.s", 338, 1 },
  { "fmsub.d", 400, 2 },
  { "fmsub.s", 344, 2 },
  { "fmul.d", 388, 2 },
  { "fmul.s", 332, 2 },
  { "fmv.d", 378, 1 },
  { "fmv.d.x", 420, 1 },
  { "fmv.s", 322, 1 },
  { "fmv.s.x", 321, 1 },
  { "fmv.w.x", 319, 1 },
  { "fmv.x.d", 419, 1 },
  { "fmv.x.s", 320, 1 },
  { "fmv.x.w", 318, 1 },
  { "fneg.d", 379, 1 },
  { "fneg.s", 323, 1 },
  { "fnmadd.d", 398, 2 },
  { "fnmadd.s", 342, 2 },
  { "fnmsub.d", 402, 2 },
  { "fnmsub.s", 346, 2 },
  { "frcsr", 294, 1 },
  { "frflags", 305, 1 },
  { "frrm", 300, 1 },
  { "frsr", 295, 1 },
  { "fscsr", 296, 2 },
  { "fsd", 374, 4 },
  { "fsflags", 306, 2 },
  { "fsflagsi", 308, 2 },
  { "fsgnj.d", 381, 1 },
  { "fsgnj.s", 325, 1 },
  { "fsgnjn.d", 382, 1 },
  { "fsgnjn.s", 326, 1 },
  { "fsgnjx.d", 383, 1 },
  { "fsgnjx.s", 327, 1 },
  { "fsqrt.d", 392, 2 },
  { "fsqrt.s", 336, 2 },
  { "fsrm", 301, 2 },
  { "fsrmi", 303, 2 },
  { "fssr", 298, 2 },
  { "fsub.d", 386, 2 },
  { "fsub.s", 330, 2 },
  { "fsw", 314, 4 },
  { "hret", 506, 1 },
  { "j", 19, 2 },
  { "jal", 21, 3 },
  { "jalr", 12, 7 },
  { "jr", 8, 4 },
  { "jump", 27, 1 },
  { "la", 84, 1 },
  { "la.tls.gd", 86, 1 },
  { "la.tls.ie", 87, 1 },
  { "lb", 106, 2 },
  { "lbu", 108, 2 },
  { "ld", 164, 4 },
  { "lh", 110, 2 },
  { "lhu", 112, 2 },
  { "li", 32, 4 },
  { "lla", 85, 1 },
  { "lr.d", 237, 1 },
  { "lr.d.aq", 248, 1 },
  { "lr.d.aqrl", 270, 1 },
  { "lr.d.rl", 259, 1 },
  { "lr.w", 193, 1 },
  { "lr.w.aq", 204, 1 },
  { "lr.w.aqrl", 226, 1 },
  { "lr.w.rl", 215, 1 },
  { "lui", 30, 2 },
  { "lw", 114, 4 },
  { "lwu", 162, 2 },
  { "move", 38, 2 },
  { "mret", 507, 1 },
  { "mul", 281, 1 },
  { "mulh", 282, 1 },
  { "mulhsu", 284, 1 },
  { "mulhu", 283, 1 },
  { "mulw", 289, 1 },
  { "mv", 36, 2 },
  { "neg", 88, 1 },
  { "negw", 181, 1 },
  { "nop", 28, 2 },
  { "not", 118, 1 },
  { "or", 119, 4 },
  { "ori", 123, 1 },
  { "rdcycle", 149, 1 },
  { "rdcycleh", 152, 1 },
  { "rdinstret", 150, 1 },
  { "rdinstreth", 153, 1 },
  { "rdtime", 151, 1 },
  { "rdtimeh", 154, 1 },
  { "rem", 287, 1 },
  { "remu", 288, 1 },
  { "remuw", 293, 1 },
  { "remw", 292, 1 },
  { "ret", 6, 2 },
  { "sb", 137, 2 },
  { "sbreak", 4, 2 },
  { "sc.d", 238, 1 },
  { "sc.d.aq", 249, 1 },
  { "sc.d.aqrl", 271, 1 },
  { "sc.d.rl", 260, 1 },
  { "sc.w", 194, 1 },
  { "sc.w.aq", 205, 1 },
  { "sc.w.aqrl", 227, 1 },
  { "sc.w.rl", 216, 1 },
  { "scall", 156, 1 },
  { "sd", 168, 4 },
  { "seqz", 125, 1 },
  { "sext.b", 476, 2 },
  { "sext.h", 478, 2 },
  { "sext.w", 172, 2 },
  { "sfence.vm", 509, 2 },
  { "sfence.vma", 511, 3 },
  { "sgt", 135, 1 },
  { "sgtu", 136, 1 },
  { "sgtz", 128, 1 },
  { "sh", 139, 2 },
  { "sll", 89, 3 },
  { "slli", 92, 2 },
  { "slliw", 184, 1 },
  { "sllw", 182, 2 },
  { "slt", 130, 2 },
  { "slti", 129, 1 },
  { "sltiu", 132, 1 },
  { "sltu", 133, 2 },
  { "sltz", 127, 1 },
  { "snez", 126, 1 },
  { "sra", 99, 3 },
  { "srai", 102, 2 },
  { "sraiw", 190, 1 },
  { "sraw", 188, 2 },
  { "sret", 505, 1 },
  { "srl", 94, 3 },
  { "srli", 97, 2 },
  { "srliw", 187, 1 },
  { "srlw", 185, 2 },
  { "sub", 104, 2 },
  { "subw", 191, 2 },
  { "sw", 141, 4 },
  { "tail", 26, 1 },
  { "unimp", 0, 2 },
  { "uret", 504, 1 },
  { "wfi", 514, 1 },
  { "xor", 157, 4 },
  { "xori", 161, 1 },
  { "zext.b", 40, 1 },
  { "zext.h", 480, 3 },
  { "zext.w", 483, 2 },
};

const cc_rv_opcode *
cc_rv_opcodes (const char *p, size_t n, size_t *count)
{
  long k = cc_find_name (names, sizeof names / sizeof names[0], sizeof names[0], p, n);
  *count = k < 0 ? 0 : names[k].n;
  return k < 0 ? NULL : &entries[names[k].first];
}
