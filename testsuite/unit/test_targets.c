/* cachecat unit tests: what the layout and the isa stage know of each
   target (target.h, isa/isa.h, riscv/riscv_relax.h, riscv/riscv_length.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/arm/arm_flow.h"
#include "isa/riscv/riscv_flow.h"
#include "isa/riscv/riscv_length.h"
#include "layout/riscv/riscv_relax.h"
#include "layout/target.h"
#include "mk_model.h"
#include "unit.h"

#include <string.h>

/* Is the unit with HEADER and CODE final for the RISC-V linker?  */
static int
norelax (const char *header, const char *code)
{
  return cc_riscv_norelax (header, header ? strlen (header) : 0, code,
                           code ? strlen (code) : 0);
}

#define NORELAX_HEADER "\t.file\t\"t.c\"\n\t.option pic\n\t.option norelax\n"

static void
test_riscv_relax (void)
{
  /* GCC's text without and with -mno-relax.  */
  CHECK (!norelax ("\t.file\t\"t.c\"\n\t.option pic\n", "f:\n\tcall\tg\n\tret\n"));
  CHECK (norelax (NORELAX_HEADER, "f:\n\tcall\tg\n\tret\n"));
  CHECK (norelax ("\t.option  norelax  # comment\n", "\tret\n"));
  /* Nothing at all: the assembler's default, relaxing.  */
  CHECK (!norelax (NULL, NULL));
  /* An asm statement turns it back on, for good or for a while.  */
  CHECK (!norelax (NORELAX_HEADER, "\t.option relax\n\tcall\tg\n"));
  CHECK (!norelax (NORELAX_HEADER, "\t.option push\n\t.option relax\n\tcall g\n"
                                   "\t.option pop\n"));
  CHECK (!norelax (NORELAX_HEADER, "\tnop; .option relax\n"));
  /* A push and pop that keep it off, and a pop with nothing pushed (the
     state before the text: relaxing).  */
  CHECK (norelax (NORELAX_HEADER, "\t.option push\n\t.option rvc\n\tnop\n\t.option pop\n"));
  CHECK (!norelax (NORELAX_HEADER, "\t.option pop\n\tnop\n"));
  /* Turned off only in the code: its first instructions may relax.  */
  CHECK (!norelax ("\t.file\t\"t.c\"\n", "\t.option norelax\n\tcall g\n"));
  /* Neither a comment nor a string hides or fakes a directive.  */
  CHECK (norelax (NORELAX_HEADER, "\tnop # ; .option relax\n"));
  CHECK (norelax (NORELAX_HEADER, "\t.string \"; .option relax\"\n"));
  CHECK (!norelax ("\t.ascii \"x\\\"; .option norelax\"\n", "\tnop\n"));
  CHECK (!norelax ("# .option norelax\n", "\tnop\n"));
  CHECK (!norelax ("\t.option norelaxed\n", "\tnop\n"));
}

static void
test_riscv_length (void)
{
  static const unsigned char addi[] = { 0x13, 0x05, 0x15, 0x00 };   /* addi a0,a0,1 */
  static const unsigned char c_addi[] = { 0x05, 0x05 };              /* c.addi a0,1 */
  static const unsigned char jalr[] = { 0xe7, 0x80, 0x00, 0x00 };   /* jalr ra */
  static const unsigned char long48[] = { 0x1f, 0x00, 0x00, 0x00, 0x00, 0x00 };
  CHECK_EQ (cc_riscv_length (addi, 4), 4);
  CHECK_EQ (cc_riscv_length (c_addi, 2), 2);
  CHECK_EQ (cc_riscv_length (jalr, 4), 4);
  CHECK_EQ (cc_riscv_length (addi, 3), -1);
  CHECK_EQ (cc_riscv_length (addi, 1), -1);
  CHECK_EQ (cc_riscv_length (long48, 6), -1);
}

static void
test_arch_of_triple (void)
{
  CHECK_EQ (cc_arch_of_triple ("x86_64-linux-gnu"), CC_ARCH_X86_64);
  CHECK_EQ (cc_arch_of_triple ("aarch64-linux-gnu"), CC_ARCH_AARCH64);
  CHECK_EQ (cc_arch_of_triple ("arm-none-eabi"), CC_ARCH_ARM);
  CHECK_EQ (cc_arch_of_triple ("arm-linux-gnueabihf"), CC_ARCH_ARM);
  CHECK_EQ (cc_arch_of_triple ("riscv64-linux-gnu"), CC_ARCH_RISCV);
  CHECK_EQ (cc_arch_of_triple ("riscv32-unknown-elf"), CC_ARCH_RISCV);
  CHECK_EQ (cc_arch_of_triple ("i686-linux-gnu"), CC_ARCH_UNKNOWN);
  CHECK_EQ (cc_arch_of_triple (""), CC_ARCH_UNKNOWN);
  CHECK_EQ (cc_arch_of_triple (NULL), CC_ARCH_UNKNOWN);
  CHECK_STREQ (cc_arch_name (CC_ARCH_RISCV), "riscv");
  CHECK_STREQ (cc_arch_name (CC_ARCH_X86_64), "x86-64");
  /* Only RISC-V's linker moves code after the compile.  */
  CHECK (cc_layout_moves_after_compile (CC_ARCH_RISCV, "", 0, "\tnop\n", 5) != NULL);
  CHECK (cc_layout_moves_after_compile (CC_ARCH_X86_64, "", 0, "\tnop\n", 5) == NULL);
  CHECK (cc_layout_moves_after_compile (CC_ARCH_AARCH64, "", 0, "\tnop\n", 5) == NULL);
}

/* main (section 0) calls near (section 0), ram (section 1) and ext (not
   in the unit); ram calls near from its own section.  */
static void
veneer_model (cc_model *m)
{
  memset (m, 0, sizeof *m);
  m->n_sections = 2;
  m->sections = cc_xcalloc (2, sizeof *m->sections);
  cc_func *f = mk_func (m, "main", CC_FUNC_PUBLIC);
  mk_part (f, "main", 0, 0, 16);
  for (uint32_t b = 0; b < 3; b++)
    mk_block (f, 0, b * 4, 1, 4);
  mk_block (f, 0, 12, 1, 4);
  mk_call (f, 0, "near");
  mk_call (f, 1, "ram");
  mk_call (f, 2, "ext");
  f = mk_func (m, "near", 0);
  mk_part (f, "near", 0, 16, 4);
  mk_block (f, 0, 16, 1, 4);
  f = mk_func (m, "ram", 0);
  mk_part (f, "ram", 1, 0, 8);
  mk_block (f, 0, 0, 1, 4);
  mk_block (f, 0, 4, 1, 4);
  mk_call (f, 0, "near");
}

static void
test_veneer_calls (void)
{
  cc_model m;
  veneer_model (&m);
  /* x86-64 and RISC-V calls reach any address: nothing changes.  */
  CHECK_EQ (cc_target_veneer_calls (CC_ARCH_X86_64, &m), 0);
  CHECK_EQ (cc_target_veneer_calls (CC_ARCH_RISCV, &m), 0);
  /* ARM: the calls between the two sections may pass a veneer.  */
  CHECK_EQ (cc_target_veneer_calls (CC_ARCH_ARM, &m), 2);
  CHECK_EQ (m.funcs[0].blocks[0].call, CC_CALL_DIRECT);   /* near: same section */
  CHECK_EQ (m.funcs[0].blocks[1].call, CC_CALL_UNKNOWN);  /* ram */
  CHECK_EQ (m.funcs[0].blocks[2].call, CC_CALL_DIRECT);   /* ext: unknown anyway */
  CHECK_EQ (m.funcs[2].blocks[0].call, CC_CALL_UNKNOWN);  /* ram -> near */
  /* Who was called through a veneer is now entered from unknown code.  */
  CHECK (m.funcs[1].flags & CC_FUNC_PUBLIC);
  CHECK (m.funcs[2].flags & CC_FUNC_PUBLIC);
  cc_model_free (&m);
  /* A section too big for a call to reach across: every call in it.  */
  veneer_model (&m);
  m.funcs[1].parts[0].offset = 20u << 20;
  CHECK_EQ (cc_target_veneer_calls (CC_ARCH_AARCH64, &m), 3);
  CHECK_EQ (m.funcs[0].blocks[0].call, CC_CALL_UNKNOWN);
  cc_model_free (&m);
}

static void
test_nop_fill (void)
{
  static const unsigned char a64[] = { 0x1f, 0x20, 0x03, 0xd5, 0x1f, 0x20, 0x03, 0xd5 };
  static const unsigned char a64_ret[] = { 0xc0, 0x03, 0x5f, 0xd6 };
  static const unsigned char thumb[] = { 0x00, 0xbf, 0xaf, 0xf3, 0x00, 0x80 };
  static const unsigned char a32[] = { 0x00, 0xf0, 0x20, 0xe3, 0x00, 0x00, 0xa0, 0xe1 };
  static const unsigned char rv[] = { 0x01, 0x00, 0x13, 0x00, 0x00, 0x00 };
  static const unsigned char x86[] = { 0x66, 0x90 };
  CHECK (cc_target_nop_fill (CC_ARCH_AARCH64, a64, 8));
  CHECK (!cc_target_nop_fill (CC_ARCH_AARCH64, a64, 6));
  CHECK (!cc_target_nop_fill (CC_ARCH_AARCH64, a64_ret, 4));
  CHECK (cc_target_nop_fill (CC_ARCH_ARM, thumb, 6));
  CHECK (!cc_target_nop_fill (CC_ARCH_ARM, thumb + 2, 2));   /* half a nop.w */
  CHECK (cc_target_nop_fill (CC_ARCH_ARM, a32, 8));
  CHECK (cc_target_nop_fill (CC_ARCH_RISCV, rv, 6));
  CHECK (!cc_target_nop_fill (CC_ARCH_RISCV, a64, 4));
  CHECK (!cc_target_nop_fill (CC_ARCH_X86_64, x86, 2));
  CHECK (!cc_target_nop_fill (CC_ARCH_AARCH64, a64, 0));
  CHECK_EQ (cc_arch_of_elf_machine (183), CC_ARCH_AARCH64);
  CHECK_EQ (cc_arch_of_elf_machine (243), CC_ARCH_RISCV);
  CHECK_EQ (cc_arch_of_elf_machine (2), CC_ARCH_UNKNOWN);
}

/* A loop at the top of a function, after 4 bytes of entry padding: the
   padding is a new entry block, and the back edge still reaches the
   loop.  */
static void
test_entry_pad (void)
{
  cc_model m;
  memset (&m, 0, sizeof m);
  cc_func *f = mk_func (&m, "spin", CC_FUNC_PUBLIC);
  mk_part (f, "spin", 0, 16, 20);
  uint32_t loop = mk_block (f, 0, 20, 3, 4);
  uint32_t after = mk_block (f, 0, 32, 1, 4);
  mk_succ (f, loop, loop, 0);
  mk_succ (f, loop, after, 1);
  cc_func_prepend_entry_pad (f, 16, 4);
  CHECK_EQ (f->n_insns, 5);
  CHECK_EQ (f->n_blocks, 3);
  CHECK_EQ (f->insns[0].kind, CC_INSN_PAD);
  CHECK_EQ (f->insns[0].offset, 16);
  CHECK_EQ (f->insns[0].length, 4);
  CHECK_EQ (f->insns[1].offset, 20);
  CHECK_EQ (f->blocks[0].n_insns, 1);
  CHECK_EQ (f->blocks[0].fallthru, 1);
  CHECK (f->blocks[0].n_succs == 1 && f->blocks[0].succs[0] == 1);
  CHECK_EQ (f->blocks[1].first_insn, 1);
  CHECK_EQ (f->blocks[1].n_insns, 3);
  CHECK (f->blocks[1].n_succs == 2 && f->blocks[1].succs[0] == 1 && f->blocks[1].succs[1] == 2);
  CHECK_EQ (f->blocks[1].fallthru, 2);
  CHECK_EQ (f->blocks[2].first_insn, 4);
  /* The padding is fetched, and never reported.  */
  CHECK (f->insns[0].fetch == CC_FETCH_ALWAYS);
  cc_model_free (&m);
}

/* A32 (ARM's ccfsm): `cmp; [bne .L3 left out]; moveq; beq .L9; .L3: ...'.
   The left-out branch only runs on; the unconditional branch printed as
   beq also runs on; a conditional return runs on and still returns; a
   block that ends in a call, or with nothing after it in its part, is
   refused.  */
static void
test_jump_runs_on (void)
{
  cc_model m;
  memset (&m, 0, sizeof m);
  cc_func *f = mk_func (&m, "sort", CC_FUNC_PUBLIC);
  mk_part (f, "sort", 0, 0, 40);
  uint32_t a = mk_block (f, 0, 0, 2, 4);   /* cmp; bne .L3 (no bytes) */
  uint32_t b = mk_block (f, 0, 8, 2, 4);   /* moveq; b .L9 (printed beq) */
  uint32_t c = mk_block (f, 0, 16, 1, 4);  /* .L3: bxeq lr */
  uint32_t d = mk_block (f, 0, 20, 1, 4);  /* bl g */
  uint32_t e = mk_block (f, 0, 24, 2, 4);  /* .L9: ...; bx lr */
  f->insns[1].length = 0;
  mk_succ (f, a, b, 1);
  mk_succ (f, a, c, 0);
  mk_succ (f, b, e, 0);
  mk_exit (f, c);
  mk_succ (f, c, d, 1);
  mk_call (f, d, "g");
  mk_succ (f, d, e, 1);
  mk_exit (f, e);
  CHECK_EQ (cc_func_jump_runs_on (f, 1, 1), 0);
  CHECK (f->blocks[a].n_succs == 1 && f->blocks[a].succs[0] == b);
  CHECK_EQ (f->blocks[a].fallthru, b);
  CHECK_EQ (cc_func_jump_runs_on (f, 3, 0), 0);
  CHECK (f->blocks[b].n_succs == 2 && f->blocks[b].succs[0] == e && f->blocks[b].succs[1] == c);
  CHECK_EQ (f->blocks[b].fallthru, c);
  CHECK_EQ (cc_func_jump_runs_on (f, 4, 0), 0);   /* already runs on: no second edge */
  CHECK (f->blocks[c].exits && f->blocks[c].n_succs == 1 && f->blocks[c].fallthru == d);
  CHECK_EQ (cc_func_jump_runs_on (f, 5, 0), -1);  /* a call */
  CHECK_EQ (cc_func_jump_runs_on (f, 7, 0), -1);  /* the last block */
  CHECK_EQ (cc_func_jump_runs_on (f, 6, 0), -1);  /* ends no block */
  cc_model_free (&m);
}

/* What the instruction of LEN bytes at B (address A, after PREV)
   does, and where it goes.  */
static cc_branch_kind
branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a,
        const unsigned char *prev, uint64_t *t)
{
  return cc_isa_branch (isa, b, len, a, prev, prev ? 4 : 0, t);
}

/* Instructions as the linked test programs have them (objdump's
   disassembly in the comments).  */
static void
test_branches (void)
{
  uint64_t t;
  /* AArch64: 400c80 bl 41eb30; 400bb8 b 400b1c; ret; b.ne; svc 0.  */
  static const unsigned char a64_bl[] = { 0xac, 0x77, 0x00, 0x94 };
  static const unsigned char a64_b[] = { 0xd9, 0xff, 0xff, 0x17 };
  static const unsigned char a64_ret[] = { 0xc0, 0x03, 0x5f, 0xd6 };
  static const unsigned char a64_bne[] = { 0x41, 0x00, 0x00, 0x54 };   /* b.ne .+8 */
  static const unsigned char a64_svc[] = { 0x01, 0x00, 0x00, 0xd4 };
  CHECK_EQ (branch (CC_ISA_A64, a64_bl, 4, 0x400c80, NULL, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x41eb30);
  CHECK_EQ (branch (CC_ISA_A64, a64_b, 4, 0x400bb8, NULL, &t), CC_BRANCH_JUMP);
  CHECK_EQ (t, 0x400b1c);
  CHECK_EQ (branch (CC_ISA_A64, a64_ret, 4, 0x1000, NULL, &t), CC_BRANCH_INDIRECT);
  CHECK_EQ (branch (CC_ISA_A64, a64_bne, 4, 0x1000, NULL, &t), CC_BRANCH_COND);
  CHECK_EQ (t, 0x1008);
  CHECK_EQ (branch (CC_ISA_A64, a64_svc, 4, 0x1000, NULL, &t), CC_BRANCH_KERNEL);
  /* Thumb: 101fe bl 1a4d8; 1056a b.w 4e548; 16-bit b; bx lr; and a
     16-bit instruction that is none.  */
  static const unsigned char t_bl[] = { 0x0a, 0xf0, 0x6b, 0xf9 };
  static const unsigned char t_bw[] = { 0x3d, 0xf0, 0xed, 0xbf };
  static const unsigned char t_b16[] = { 0xfe, 0xe7 };                   /* b . */
  static const unsigned char t_bxlr[] = { 0x70, 0x47 };
  static const unsigned char t_movs[] = { 0x04, 0x22 };                  /* movs r2, #4 */
  CHECK_EQ (cc_isa_length (CC_ISA_THUMB, t_bl, 4), 4);
  CHECK_EQ (cc_isa_length (CC_ISA_THUMB, t_movs, 4), 2);
  CHECK_EQ (branch (CC_ISA_THUMB, t_bl, 4, 0x101fe, NULL, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x1a4d8);
  CHECK_EQ (branch (CC_ISA_THUMB, t_bw, 4, 0x1056a, NULL, &t), CC_BRANCH_JUMP);
  CHECK_EQ (t, 0x4e548);
  CHECK_EQ (branch (CC_ISA_THUMB, t_b16, 2, 0x2000, NULL, &t), CC_BRANCH_JUMP);
  CHECK_EQ (t, 0x2000);
  CHECK_EQ (branch (CC_ISA_THUMB, t_bxlr, 2, 0x2000, NULL, &t), CC_BRANCH_INDIRECT);
  CHECK_EQ (branch (CC_ISA_THUMB, t_movs, 2, 0x2000, NULL, &t), CC_BRANCH_NONE);
  /* A32: 1016c bl 103d4; a conditional b; bx lr.  */
  static const unsigned char a_bl[] = { 0x98, 0x00, 0x00, 0xeb };
  static const unsigned char a_bne[] = { 0x00, 0x00, 0x00, 0x1a };
  static const unsigned char a_bxlr[] = { 0x1e, 0xff, 0x2f, 0xe1 };
  CHECK_EQ (branch (CC_ISA_A32, a_bl, 4, 0x1016c, NULL, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x103d4);
  CHECK_EQ (branch (CC_ISA_A32, a_bne, 4, 0x1000, NULL, &t), CC_BRANCH_COND);
  CHECK_EQ (t, 0x1008);
  CHECK_EQ (branch (CC_ISA_A32, a_bxlr, 4, 0x1000, NULL, &t), CC_BRANCH_INDIRECT);
  /* RISC-V: 100b8 jal 100b0 (relaxed from a call); 10460 auipc ra, 0xb
     and jalr 1174(ra), a call of 1b8f6; a jalr alone; c.j; ecall.  */
  static const unsigned char rv_jal[] = { 0xef, 0xf0, 0x9f, 0xff };
  static const unsigned char rv_auipc[] = { 0x97, 0xb0, 0x00, 0x00 };
  static const unsigned char rv_jalr[] = { 0xe7, 0x80, 0x60, 0x49 };
  static const unsigned char rv_cj[] = { 0x01, 0xa0 };                   /* c.j . */
  static const unsigned char rv_ecall[] = { 0x73, 0x00, 0x00, 0x00 };
  CHECK_EQ (branch (CC_ISA_RV64, rv_jal, 4, 0x100b8, NULL, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x100b0);
  CHECK_EQ (branch (CC_ISA_RV64, rv_jalr, 4, 0x10464, rv_auipc, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x1b8f6);
  CHECK_EQ (branch (CC_ISA_RV64, rv_jalr, 4, 0x10464, NULL, &t), CC_BRANCH_INDIRECT);
  CHECK_EQ (branch (CC_ISA_RV64, rv_cj, 2, 0x3000, NULL, &t), CC_BRANCH_JUMP);
  CHECK_EQ (t, 0x3000);
  CHECK_EQ (branch (CC_ISA_RV64, rv_ecall, 4, 0x3000, NULL, &t), CC_BRANCH_KERNEL);
  /* x86-64: call rel32, jmp *%rax.  */
  static const unsigned char x_call[] = { 0xe8, 0x10, 0x00, 0x00, 0x00 };
  static const unsigned char x_jmp[] = { 0xff, 0xe0 };
  CHECK_EQ (branch (CC_ISA_X86_64, x_call, 5, 0x1000, NULL, &t), CC_BRANCH_CALL);
  CHECK_EQ (t, 0x1015);
  CHECK_EQ (branch (CC_ISA_X86_64, x_jmp, 2, 0x1000, NULL, &t), CC_BRANCH_INDIRECT);
}

/* Does the code at B (N bytes, address A, BEFORE bytes before; the
   global pointer at 0x11800) refer to exactly [LO, HI]?  */
static int
refs_are (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
          uint64_t lo, uint64_t hi)
{
  cc_addr_range r[2];
  int k = cc_isa_refs (isa, b, before, n, a, 0x11800, r);
  return k == 1 && r[0].lo == lo && r[0].hi == hi;
}

/* The addresses code without a model may hold in its instructions.  */
static void
test_refs (void)
{
  cc_addr_range r[2];
  /* AArch64: adrp x0, 0x400000; add x0, x0, #0x634 is 0x400634; with a
     mov of another register between (as 400c84); alone, the page; and an
     adrp whose page is loaded through (ldr x0, [x0, #8]): data.  */
  static const unsigned char adrp_add[] = { 0x00, 0x00, 0x00, 0x90, 0x00, 0xd0, 0x18, 0x91 };
  static const unsigned char adrp_mov_add[] = { 0x00, 0x00, 0x00, 0x90, 0x02, 0x00, 0x80, 0xd2,
                                                0x00, 0x80, 0x23, 0x91 };
  static const unsigned char adrp_ldr[] = { 0x00, 0x00, 0x00, 0x90, 0x00, 0x04, 0x40, 0xf9 };
  CHECK (refs_are (CC_ISA_A64, adrp_add, 0, 8, 0x40061c, 0x400634, 0x400634));
  CHECK (refs_are (CC_ISA_A64, adrp_mov_add, 0, 12, 0x400c84, 0x4008e0, 0x4008e0));
  CHECK (refs_are (CC_ISA_A64, adrp_add, 0, 4, 0x40061c, 0x400000, 0x400fff));
  CHECK_EQ (cc_isa_refs (CC_ISA_A64, adrp_ldr, 0, 8, 0x40061c, 0, r), 0);
  /* movz x0, #0x40, lsl #16; movk x0, #0x5b4 is 0x4005b4; mov x0,
     #0x400000 (orr of the zero register, a logical immediate); ldr x1 of
     the literal 8 bytes on, 0x4005b4.  */
  static const unsigned char movz_movk[] = { 0x00, 0x08, 0xa0, 0xd2, 0x80, 0xb6, 0x80, 0xf2 };
  static const unsigned char orr_imm[] = { 0xe0, 0x03, 0x6a, 0xb2 };
  static const unsigned char ldr_x_lit[] = { 0x41, 0x00, 0x00, 0x58, 0x1f, 0x20, 0x03, 0xd5,
                                             0xb4, 0x05, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00 };
  CHECK (refs_are (CC_ISA_A64, movz_movk, 0, 8, 0x400800, 0x4005b4, 0x4005b4));
  CHECK (refs_are (CC_ISA_A64, orr_imm, 0, 4, 0x400800, 0x400000, 0x400000));
  CHECK (refs_are (CC_ISA_A64, ldr_x_lit, 0, 16, 0x400800, 0x4005b4, 0x4005b4));
  /* Thumb: movw r0, #0x9018; movt r0, #6 is 0x69018 (the movt after it
     adds nothing); movs r2, #4; movt r2, #1 is 0x10004; a movt alone its
     64 KiB.  */
  static const unsigned char movw_movt[] = { 0x49, 0xf2, 0x18, 0x00, 0xc0, 0xf2, 0x06, 0x00 };
  static const unsigned char movs_movt[] = { 0x04, 0x22, 0xc0, 0xf2, 0x01, 0x02 };
  CHECK (refs_are (CC_ISA_THUMB, movw_movt, 0, 8, 0x103f8, 0x69018, 0x69018));
  CHECK_EQ (cc_isa_refs (CC_ISA_THUMB, movw_movt + 4, 4, 4, 0x103fc, 0, r), 0);
  CHECK (refs_are (CC_ISA_THUMB, movs_movt + 2, 2, 4, 0x30e88, 0x10004, 0x10004));
  CHECK (refs_are (CC_ISA_THUMB, movs_movt + 2, 0, 4, 0x30e88, 0x10000, 0x1ffff));
  /* A Thumb address with its Thumb bit: the function's.  */
  static const unsigned char movw_odd[] = { 0x40, 0xf2, 0x01, 0x10 };    /* movw r0, #0x101 */
  CHECK (refs_are (CC_ISA_THUMB, movw_odd, 0, 4, 0x1000, 0x100, 0x101));
  /* Read without knowing where instructions start: as Thumb where $t
     (or nothing) says so, not in data ($d) nor where $a says A32; an
     AArch64 instruction only at a word.  */
  CHECK_EQ (cc_isa_code_refs (CC_ARCH_ARM, 't', 0, movw_movt, 0, 8, 0x103f8, 0, r), 1);
  CHECK (r[0].lo == 0x69018 && r[0].hi == 0x69018);
  CHECK_EQ (cc_isa_code_refs (CC_ARCH_ARM, 0, 0, movw_movt, 0, 8, 0x103fa, 0, r), 1);
  CHECK_EQ (cc_isa_code_refs (CC_ARCH_ARM, 'd', 0, movw_movt, 0, 8, 0x103f8, 0, r), 0);
  CHECK_EQ (cc_isa_code_refs (CC_ARCH_AARCH64, 0, 1, adrp_add, 0, 8, 0x40061c, 0, r), 1);
  CHECK_EQ (cc_isa_code_refs (CC_ARCH_AARCH64, 0, 1, adrp_add, 0, 8, 0x40061e, 0, r), 0);
  /* RISC-V: auipc a0, 0; addi a0, a0, -8 at 100c0 is 100b8; an auipc
     alone 4 KiB around its value; auipc ra and jalr, a call of 1b8f6.  */
  static const unsigned char auipc_addi[] = { 0x17, 0x05, 0x00, 0x00, 0x13, 0x05, 0x85, 0xff };
  static const unsigned char call[] = { 0x97, 0xb0, 0x00, 0x00, 0xe7, 0x80, 0x60, 0x49 };
  CHECK (refs_are (CC_ISA_RV64, auipc_addi, 0, 8, 0x100c0, 0x100b8, 0x100b8));
  CHECK (refs_are (CC_ISA_RV64, auipc_addi, 0, 4, 0x100c0, 0x100c0 - 2048, 0x100c0 + 2047));
  CHECK (refs_are (CC_ISA_RV64, call, 0, 8, 0x10460, 0x1b8f6, 0x1b8f6));
  /* The linker's relaxed address load: addi a0, gp, -2048 with gp at
     0x11800 (refs_are's) is 0x11000; without a gp, nothing.  */
  static const unsigned char addi_gp[] = { 0x13, 0x85, 0x01, 0x80 };
  CHECK (refs_are (CC_ISA_RV64, addi_gp, 0, 4, 0x2000, 0x11000, 0x11000));
  CHECK_EQ (cc_isa_refs (CC_ISA_RV64, addi_gp, 0, 4, 0x2000, 0, r), 0);
  /* Compressed: c.lui a5, 0x10 (the addi that completes it may come
     later, into another register) is 4 KiB around 0x10000; c.li a0, 16
     and li a0, 0x100 name small addresses (code at 0 may be there).  */
  static const unsigned char c_lui[] = { 0xc1, 0x67 };
  static const unsigned char c_li[] = { 0x41, 0x45 };
  static const unsigned char li[] = { 0x13, 0x05, 0x00, 0x10 };
  CHECK (refs_are (CC_ISA_RV64, c_lui, 0, 2, 0x10188, 0x10000 - 2048, 0x10000 + 2047));
  CHECK (refs_are (CC_ISA_RV32, c_li, 0, 2, 0x10188, 16, 16));
  CHECK (refs_are (CC_ISA_RV32, li, 0, 4, 0x10188, 0x100, 0x100));
  /* Read on to where the register is written again: lui a5, 0x10; addi
     a4, a5, 0x1e6; addi a5, a5, 0x1ea is [0x101e6, 0x101ea]; lui a5,
     0x10; lw a0, 16(a5); li a5, 0 only reads data; an add a0, a5, a1
     uses the value otherwise: the 4 KiB.  */
  static const unsigned char lui_two[] = { 0xb7, 0x07, 0x01, 0x00, 0x13, 0x87, 0x67, 0x1e,
                                           0x93, 0x87, 0xa7, 0x1e };
  static const unsigned char lui_data[] = { 0xb7, 0x07, 0x01, 0x00, 0x03, 0xa5, 0x07, 0x01,
                                            0x93, 0x07, 0x00, 0x00 };
  static const unsigned char lui_add[] = { 0xb7, 0x07, 0x01, 0x00, 0x33, 0x85, 0xb7, 0x00,
                                           0x93, 0x07, 0x00, 0x00 };
  CHECK (refs_are (CC_ISA_RV64, lui_two, 0, 12, 0x10188, 0x101e6, 0x101ea));
  CHECK_EQ (cc_isa_refs (CC_ISA_RV64, lui_data, 0, 12, 0x10188, 0, r), 0);
  CHECK (refs_are (CC_ISA_RV64, lui_add, 0, 12, 0x10188, 0x10000 - 2048, 0x10000 + 2047));
  /* An immediate whose bits 20-24 read as the register is no use of it:
     lui a5, 0x10; nop; addi a5, a5, 0x1ef is 0x101ef.  */
  static const unsigned char lui_nop_addi[] = { 0xb7, 0x07, 0x01, 0x00, 0x13, 0x00, 0x00, 0x00,
                                                0x93, 0x87, 0xf7, 0x1e };
  CHECK (refs_are (CC_ISA_RV64, lui_nop_addi, 0, 12, 0x10188, 0x101ef, 0x101ef));
  /* Thumb: ldr r3, [pc, #4] at 0x1000 loads the word at 0x1008, the
     address of a Thumb function at 0x464.  */
  static const unsigned char ldr_lit[] = { 0x01, 0x4b, 0x00, 0xbf, 0x00, 0xbf, 0x00, 0xbf,
                                           0x65, 0x04, 0x00, 0x00 };
  CHECK (refs_are (CC_ISA_THUMB, ldr_lit, 0, 12, 0x1000, 0x464, 0x465));
}

/* Which RISC-V instructions run on (riscv_flow.h): the later
   instructions of call (auipc; jalr) and lla (auipc; addi) are then
   fetched whenever the insn runs.  */
static void
test_riscv_runs_on (void)
{
  static const unsigned char addi[] = { 0x13, 0x05, 0x15, 0x00 };   /* addi a0, a0, 1 */
  static const unsigned char auipc[] = { 0x97, 0x00, 0x00, 0x00 };  /* auipc ra, 0 */
  static const unsigned char jalr[] = { 0xe7, 0x80, 0x00, 0x00 };   /* jalr ra */
  static const unsigned char beq[] = { 0x63, 0x04, 0x05, 0x00 };    /* beqz a0, +8 */
  static const unsigned char ecall[] = { 0x73, 0x00, 0x00, 0x00 };
  static const unsigned char fencei[] = { 0x0f, 0x10, 0x00, 0x00 }; /* fence.i */
  static const unsigned char caddi[] = { 0x05, 0x05 };              /* c.addi a0, 1 */
  static const unsigned char cj[] = { 0x01, 0xa0 };                 /* c.j .+0 */
  static const unsigned char cbeqz[] = { 0x01, 0xc1 };              /* c.beqz a0 */
  static const unsigned char cret[] = { 0x82, 0x80 };               /* c.jr ra */
  static const unsigned char cmv[] = { 0x2e, 0x85 };                /* c.mv a0, a1 */
  static const unsigned char zero[] = { 0x00, 0x00 };               /* illegal */
  CHECK (cc_riscv_runs_on (addi, 4));
  CHECK (cc_riscv_runs_on (auipc, 4));
  CHECK (!cc_riscv_runs_on (jalr, 4));
  CHECK (!cc_riscv_runs_on (beq, 4));
  CHECK (!cc_riscv_runs_on (ecall, 4));
  CHECK (!cc_riscv_runs_on (fencei, 4));
  CHECK (cc_riscv_runs_on (caddi, 2));
  CHECK (!cc_riscv_runs_on (cj, 2));
  CHECK (!cc_riscv_runs_on (cbeqz, 2));
  CHECK (!cc_riscv_runs_on (cret, 2));
  CHECK (cc_riscv_runs_on (cmv, 2));
  CHECK (!cc_riscv_runs_on (zero, 2));
  CHECK (!cc_riscv_runs_on (addi, 2));   /* not one instruction */
  CHECK (!cc_riscv_runs_on (caddi, 4));
}

/* Thumb and A32 instructions that run on, and ones that do not, as gas
   encodes them (arm_flow.h).  Each halfword and word little-endian.  */
static int
thumb (unsigned h1, int h2)
{
  unsigned char b[4] = { h1 & 0xff, h1 >> 8, h2 & 0xff, (h2 >> 8) & 0xff };
  return cc_thumb_runs_on (b, h2 < 0 ? 2 : 4);
}

static int
a32 (uint32_t w)
{
  unsigned char b[4] = { w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, w >> 24 };
  return cc_a32_runs_on (b, 4);
}

static void
test_arm_runs_on (void)
{
  /* Thumb: it ne; movne; cmp; pop {r4}; add r0, r1; nop; add.w; ldr.w r0;
     vadd.f32.  */
  CHECK (thumb (0xbf18, -1) && thumb (0x2001, -1) && thumb (0x2803, -1));
  CHECK (thumb (0xbc10, -1) && thumb (0x4408, -1) && thumb (0xbf00, -1));
  CHECK (thumb (0xf101, 0x0001) && thumb (0xf8d1, 0x0004) && thumb (0xee30, 0x0a20));
  /* bhi; bx lr; pop {r4, pc}; mov pc, r1; cbz; wfi; tbh; ldr.w pc; mcr
     p15; bl.  */
  CHECK (!thumb (0xd8fb, -1) && !thumb (0x4770, -1) && !thumb (0xbd10, -1));
  CHECK (!thumb (0x468f, -1) && !thumb (0xb178, -1) && !thumb (0xbf30, -1));
  CHECK (!thumb (0xe8df, 0xf010) && !thumb (0xf85d, 0xfb04) && !thumb (0xee07, 0x0f15));
  CHECK (!thumb (0xf7ff, 0xffe6));
  CHECK (!thumb (0xf101, -1));                   /* half an instruction */
  /* A32: add; pop {r4, r5}; moveq; ldr; mul; cmp.  */
  CHECK (a32 (0xe2810001) && a32 (0xe8bd0030) && a32 (0x03a00001));
  CHECK (a32 (0xe5910000) && a32 (0xe0000291) && a32 (0xe3500004));
  /* bx lr; ldr pc; pop {r4, pc}; b; mov pc, lr; addls pc, pc; mrs; wfi.  */
  CHECK (!a32 (0xe12fff1e) && !a32 (0xe49df004) && !a32 (0xe8bd8010));
  CHECK (!a32 (0xeafffff9) && !a32 (0xe1a0f00e) && !a32 (0x908ff100));
  CHECK (!a32 (0xe10f0000) && !a32 (0xe320f003));
}

/* Every target of targets.def has both tables, each with what shared
   code calls without asking; a mapping symbol picks ARM's set.  */
static void
test_tables (void)
{
  for (int a = 1; a < CC_ARCH_COUNT; a++)
    {
      const cc_isa_target *t = cc_isa_target_of ((cc_arch) a);
      CHECK (t && t->name && t->elf_machine && t->triples[0]);
      CHECK (t && t->isa_of && t->length && (t->padding || t->nop_fill) && t->branch);
      CHECK (t && t->isas[0] && t->isa_align[0]);
      CHECK (t && cc_arch_of_isa (t->isa_of (0, 0)) == (cc_arch) a);
      CHECK (t && cc_arch_of_isa (t->isa_of (1, 1)) == (cc_arch) a);
      CHECK (cc_arch_of_elf_machine (t ? t->elf_machine : 0) == (cc_arch) a);
      const cc_layout_target *lt = cc_layout_target_of ((cc_arch) a);
      CHECK (!lt->computing || (lt->filter_computing && lt->compute));
    }
  CHECK (cc_isa_target_of (CC_ARCH_UNKNOWN) == NULL);
  CHECK (cc_layout_target_of (CC_ARCH_UNKNOWN)->computing == NULL);
  CHECK_EQ (cc_target_line_comment (CC_ARCH_AARCH64), '#');
  CHECK_EQ (cc_target_line_comment (CC_ARCH_X86_64), 0);
  CHECK_EQ (cc_isa_at_mapping (CC_ARCH_ARM, 't', 0), CC_ISA_THUMB);
  CHECK_EQ (cc_isa_at_mapping (CC_ARCH_ARM, 'a', 0), CC_ISA_A32);
  CHECK_EQ (cc_isa_at_mapping (CC_ARCH_ARM, 0, 0), CC_ISA_UNKNOWN);
  CHECK_EQ (cc_isa_at_mapping (CC_ARCH_RISCV, 0, 1), CC_ISA_RV64);
  CHECK_EQ (cc_isa_at_mapping (CC_ARCH_AARCH64, 'x', 1), CC_ISA_A64);
  CHECK_EQ (cc_arch_of_isa (CC_ISA_UNKNOWN), CC_ARCH_UNKNOWN);
}

int
main (void)
{
  test_riscv_relax ();
  test_riscv_length ();
  test_arch_of_triple ();
  test_veneer_calls ();
  test_nop_fill ();
  test_entry_pad ();
  test_jump_runs_on ();
  test_branches ();
  test_refs ();
  test_riscv_runs_on ();
  test_arm_runs_on ();
  test_tables ();
  return unit_finish ("targets");
}
