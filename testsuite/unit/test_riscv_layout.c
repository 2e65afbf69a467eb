/* cachecat unit tests: the RISC-V layout computed without assembling.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Three parts:
   - statements: the sizes GNU as 2.40 gives a table of statements under
     RV64GC, RV64G, RV32IMC and RV32IM (compressed forms and the operands
     that allow them, pseudo-instructions, li's sequences), written down
     once from riscv64-linux-gnu-as 2.40 and objdump -d; and statements
     the classifier must not claim to know;
   - random texts through the filter in RISC-V mode and
     cc_riscv_layout_compute: every label must be where GNU as puts it
     (the same text assembled with the labels kept, -mno-relax), every
     section of the size and alignment it gives, every machine
     instruction the layout lists of the length and flow (riscv_flow.h)
     the object's bytes have, every padding it calls no-ops no-ops.  The
     texts branch and jump far and near (to 2, 4, 6 and 8 bytes), align,
     switch sections and .option rvc/norvc, under each of the four ISAs;
     a text may be refused only for a branch whose length gas's passes
     decide from its first guess, and most must be computed;
   - texts that must be refused, each for its own reason.
   The comparisons need riscv64-linux-gnu-as on the PATH and are skipped,
   with a line, without it.  */

#include "unit.h"
#include "asm_text.h"
#include "layout/asm_filter.h"
#include "layout/layout.h"
#include "isa/riscv/riscv_flow.h"
#include "layout/riscv/riscv_filter.h"
#include "layout/riscv/riscv_layout.h"
#include "isa/riscv/riscv_length.h"
#include "layout/riscv/riscv_statement.h"
#include "layout/target.h"

#include <stdint.h>
#include <stdlib.h>

#define MAX_LABELS 4000

static int have_as;

/* The ISAs: GCC's `.attribute arch' string, the -march and -mabi the
   driver gives the assembler.  */
static const struct isa
{
  const char *attr, *march, *mabi;
  int c;
} isas[] = {
  { "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0", "rv64imafdc_zicsr_zifencei",
    "lp64d", 1 },
  { "rv64i2p1_m2p0_a2p1_f2p2_d2p2_zicsr2p0_zifencei2p0", "rv64imafd_zicsr_zifencei", "lp64d", 0 },
  { "rv32i2p1_m2p0_c2p0", "rv32imc", "ilp32", 1 },
  { "rv32i2p1_m2p0", "rv32im", "ilp32", 0 },
};

/* Sizes by riscv64-linux-gnu-as 2.40 (objdump -d of each statement
   assembled alone, -mno-relax): under RV64GC, RV64G, RV32IMC, RV32IM; 0
   where gas rejects the statement (and the classifier must not know it).
   Branches are to a label right there: their shortest form.  */
static const struct
{
  const char *stmt;
  unsigned char len[4];
} sizes[] = {
  { "addi a0,a0,1", { 2, 4, 2, 4 } },
  { "addi a0,a1,1", { 4, 4, 4, 4 } },
  { "addi a0,a0,0", { 2, 4, 2, 4 } },
  { "addi zero,zero,0", { 2, 4, 2, 4 } },
  { "addi sp,sp,-32", { 2, 4, 2, 4 } },
  { "addi sp,sp,-528", { 4, 4, 4, 4 } },
  { "addi sp,sp,24", { 2, 4, 2, 4 } },
  { "addi s0,sp,16", { 2, 4, 2, 4 } },
  { "addi t0,sp,16", { 4, 4, 4, 4 } },
  { "addi s1,sp,1020", { 2, 4, 2, 4 } },
  { "addi s1,sp,1024", { 4, 4, 4, 4 } },
  { "addi a5,zero,-32", { 2, 4, 2, 4 } },
  { "addi a5,a1,0", { 2, 4, 2, 4 } },
  { "addiw a5,a5,-1", { 2, 4, 0, 0 } },
  { "addiw a5,a5,32", { 4, 4, 0, 0 } },
  { "add a0,a1,a0", { 2, 4, 2, 4 } },
  { "add a0,a0,a1", { 2, 4, 2, 4 } },
  { "add a0,a1,a2", { 4, 4, 4, 4 } },
  { "add a0,zero,a1", { 2, 4, 2, 4 } },
  { "add a0,a0,31", { 2, 4, 2, 4 } },
  { "addw a4,a4,a5", { 2, 4, 0, 0 } },
  { "addw a4,a5,a4", { 2, 4, 0, 0 } },
  { "addw t0,t0,a5", { 4, 4, 0, 0 } },
  { "subw a4,a4,a5", { 2, 4, 0, 0 } },
  { "subw a4,a5,a4", { 4, 4, 0, 0 } },
  { "sub a4,a4,a5", { 2, 4, 2, 4 } },
  { "and s0,s0,a5", { 2, 4, 2, 4 } },
  { "and s0,a5,s0", { 2, 4, 2, 4 } },
  { "and s0,s0,-3", { 2, 4, 2, 4 } },
  { "andi a5,a5,255", { 4, 4, 4, 4 } },
  { "or a4,a4,a5", { 2, 4, 2, 4 } },
  { "xor a4,a5,a4", { 2, 4, 2, 4 } },
  { "xor t1,t1,a5", { 4, 4, 4, 4 } },
  { "slli a5,a5,32", { 2, 4, 0, 0 } },
  { "slli a5,a5,31", { 2, 4, 2, 4 } },
  { "slli a5,a4,3", { 4, 4, 4, 4 } },
  { "slli t0,t0,3", { 2, 4, 2, 4 } },
  { "srli a5,a5,3", { 2, 4, 2, 4 } },
  { "srli t0,t0,3", { 4, 4, 4, 4 } },
  { "srai a5,a5,63", { 2, 4, 0, 0 } },
  { "slliw a5,a5,3", { 4, 4, 0, 0 } },
  { "mv a0,a1", { 2, 4, 2, 4 } },
  { "mv a0,zero", { 4, 4, 4, 4 } },
  { "mv sp,s0", { 2, 4, 2, 4 } },
  { "li a0,0", { 2, 4, 2, 4 } },
  { "li a0,-32", { 2, 4, 2, 4 } },
  { "li a0,32", { 4, 4, 4, 4 } },
  { "li a0,4096", { 2, 4, 2, 4 } },
  { "li sp,4096", { 4, 4, 4, 4 } },
  { "li a0,-4096", { 2, 4, 2, 4 } },
  { "li a0,0x12345678", { 8, 8, 8, 8 } },
  { "li a0,0x12345000", { 4, 4, 4, 4 } },
  { "li a0,0x7ffff800", { 8, 8, 8, 8 } },
  { "li a0,0xffffffff", { 8, 12, 4, 4 } },
  { "li a0,0x123456789abcdef0", { 26, 32, 8, 8 } },
  { "li a0,0x100000000", { 6, 8, 4, 4 } },
  { "li t0,1099511627775", { 8, 12, 6, 8 } },
  { "lw a0,8(a1)", { 2, 4, 2, 4 } },
  { "lw a0,128(a1)", { 4, 4, 4, 4 } },
  { "lw a0,6(a1)", { 4, 4, 4, 4 } },
  { "lw a0,(a1)", { 2, 4, 2, 4 } },
  { "lw t0,252(sp)", { 2, 4, 2, 4 } },
  { "lw zero,4(sp)", { 4, 4, 4, 4 } },
  { "lw a0,%lo(x)(a1)", { 4, 4, 4, 4 } },
  { "lw a0,sym", { 8, 8, 8, 8 } },
  { "lw a0,sym+16", { 8, 8, 8, 8 } },
  { "ld s0,24(sp)", { 2, 4, 0, 0 } },
  { "ld s0,504(sp)", { 2, 4, 0, 0 } },
  { "ld s0,512(sp)", { 4, 4, 0, 0 } },
  { "ld a5,248(a4)", { 2, 4, 0, 0 } },
  { "ld a5,4(a4)", { 4, 4, 0, 0 } },
  { "sd ra,8(sp)", { 2, 4, 0, 0 } },
  { "sw a5,-20(s0)", { 4, 4, 4, 4 } },
  { "sw zero,4(sp)", { 2, 4, 2, 4 } },
  { "sd a1,sym,t0", { 8, 8, 0, 0 } },
  { "sb a5,0(a4)", { 4, 4, 4, 4 } },
  { "lbu a4,0(a5)", { 4, 4, 4, 4 } },
  { "fld fa5,8(sp)", { 2, 4, 0, 0 } },
  { "fld fa5,8(a5)", { 2, 4, 0, 0 } },
  { "fld ft0,8(a5)", { 4, 4, 0, 0 } },
  { "fsd fs0,16(sp)", { 2, 4, 0, 0 } },
  { "flw fa5,8(sp)", { 4, 4, 0, 0 } },
  { "fadd.d fa0,fa1,fa2", { 4, 4, 0, 0 } },
  { "fcvt.l.d a4,fa5,rtz", { 4, 4, 0, 0 } },
  { "fmv.d fa0,fa5", { 4, 4, 0, 0 } },
  { "frflags a5", { 4, 4, 0, 0 } },
  { "csrr a0,cycle", { 4, 4, 0, 0 } },
  { "lla a5,x", { 8, 8, 8, 8 } },
  { "la a0,x+8", { 8, 8, 8, 8 } },
  { "la a0,12", { 4, 4, 2, 4 } },
  { "la.tls.ie a5,t", { 8, 8, 8, 8 } },
  { "lui a5,%hi(x)", { 4, 4, 4, 4 } },
  { "lui a5,31", { 2, 4, 2, 4 } },
  { "lui a5,32", { 4, 4, 4, 4 } },
  { "lui a5,0xfffff", { 2, 4, 2, 4 } },
  { "lui a5,%tprel_hi(x)", { 4, 4, 4, 4 } },
  { "add a5,a5,tp,%tprel_add(x)", { 4, 4, 4, 4 } },
  { "auipc a5,%pcrel_hi(x)", { 4, 4, 4, 4 } },
  { "call f", { 8, 8, 8, 8 } },
  { "call t0,f", { 8, 8, 8, 8 } },
  { "tail f@plt", { 8, 8, 8, 8 } },
  { "jump f,t1", { 8, 8, 8, 8 } },
  { "ret", { 2, 4, 2, 4 } },
  { "jr a5", { 2, 4, 2, 4 } },
  { "jr zero", { 4, 4, 4, 4 } },
  { "jalr a5", { 2, 4, 2, 4 } },
  { "jalr ra,0(a5)", { 4, 4, 4, 4 } },
  { "nop", { 2, 4, 2, 4 } },
  { "ebreak", { 2, 4, 2, 4 } },
  { "ecall", { 4, 4, 4, 4 } },
  { "fence iorw,ow", { 4, 4, 4, 4 } },
  { "fence.i", { 4, 4, 0, 0 } },
  { "amoadd.w.aq zero,a4,0(a5)", { 4, 4, 0, 0 } },
  { "lr.w.aq a4,(a2)", { 4, 4, 0, 0 } },
  { "sext.w a5,a5", { 2, 4, 0, 0 } },
  { "sext.w a5,a4", { 4, 4, 0, 0 } },
  { "sext.b a0,a0", { 4, 8, 4, 8 } },
  { "sext.b a0,a1", { 6, 8, 6, 8 } },
  { "zext.h a0,a0", { 4, 8, 4, 8 } },
  { "zext.w a0,t0", { 6, 8, 0, 0 } },
  { "zext.b a0,a0", { 4, 4, 4, 4 } },
  { "neg a5,a5", { 4, 4, 4, 4 } },
  { "not a5,a5", { 4, 4, 4, 4 } },
  { "seqz a5,a5", { 4, 4, 4, 4 } },
  { "mul a5,a4,a5", { 4, 4, 4, 4 } },
  { "remuw a5,a4,a5", { 4, 4, 0, 0 } },
  { "beqz a5,1b", { 2, 4, 2, 4 } },
  { "beqz t0,1b", { 4, 4, 4, 4 } },
  { "beq a5,zero,1b", { 2, 4, 2, 4 } },
  { "beq zero,a5,1b", { 4, 4, 4, 4 } },
  { "bnez s1,1b", { 2, 4, 2, 4 } },
  { "bgt a4,a5,1b", { 4, 4, 4, 4 } },
  { "j 1b", { 2, 4, 2, 4 } },
  { "jal 1b", { 4, 4, 4, 4 } },
  { "jal ra,1b", { 4, 4, 4, 4 } },
  { "unimp", { 2, 4, 2, 4 } },
};

/* Statements the classifier must not claim: expressions, names or forms
   it does not read as gas would, or that gas rejects.  */
static const char *const unknown[] = {
  "addi a0,a0,1+2*3", "addi a0,a0,N", "li a0,SYM", "lw a0,4(a1", "addi a0,a0,'a'",
  "beqz a0,.L3+4", "j 12", "csrr a0,mstatus", ".insn r 0x33, 0, 0, a0, a1, a2",
  "c.addi16sp sp,-32x", "vadd.vv v1,v2,v3", "andn a0,a1,a2", "ADDI a0,a0,1",
  "addi a0,a0,%hi(x)", "lui a0,0x100000", "slli a0,a0,64", "addi a0,a0,.",
  "fld fa0,0(a0)x",
};

static void
test_statements (void)
{
  for (size_t v = 0; v < 4; v++)
    {
      cc_riscv_arch a;
      const char *s = isas[v].attr;
      if (!CHECK (cc_riscv_parse_arch (s, s + strlen (s), &a)))
        return;
      for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        {
          /* A branch's own label, as in the assembled table.  */
          char buf[96];
          snprintf (buf, sizeof buf, "%s", sizes[i].stmt);
          cc_rv_stmt st;
          cc_riscv_classify (buf, buf + strlen (buf), &a, isas[v].c, &st);
          unsigned len = 0;
          for (unsigned k = 0; st.kind == CC_PLACE_INSN && k < st.insn.n; k++)
            len += st.insn.m[k].len;
          if (!CHECK (len == sizes[i].len[v]))
            fprintf (stderr, "    %s: %u bytes under %s, gas %u\n", sizes[i].stmt, len,
                     isas[v].march, sizes[i].len[v]);
        }
      for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        {
          cc_rv_stmt st;
          cc_riscv_classify (unknown[i], unknown[i] + strlen (unknown[i]), &a, isas[v].c, &st);
          if (!CHECK (st.kind == CC_PLACE_UNKNOWN))
            fprintf (stderr, "    %s is known under %s\n", unknown[i], isas[v].march);
        }
    }
  /* ISA strings: what the state models, and what it does not.  */
  cc_riscv_arch a;
  const char *ok[] = { "rv64gc", "rv32i2p0_m", "rv64imac_zicsr_zifencei" };
  const char *bad[] = { "rv64gcv", "rv32e", "rv64gc_zba", "rv64imafdcq", "rv64gc_xtheadba", "x86" };
  for (size_t i = 0; i < 3; i++)
    CHECK (cc_riscv_parse_arch (ok[i], ok[i] + strlen (ok[i]), &a));
  for (size_t i = 0; i < 6; i++)
    CHECK (!cc_riscv_parse_arch (bad[i], bad[i] + strlen (bad[i]), &a));
  CHECK (cc_riscv_parse_arch ("rv32i2p0_m", "rv32i2p0_m" + 10, &a) && a.zicsr && a.xlen == 32);
  CHECK (cc_riscv_parse_arch ("rv64i2p1_d", "rv64i2p1_d" + 10, &a) && a.f && a.zicsr && !a.c);
  CHECK (cc_riscv_march_has_c ("rv64imafdc_zicsr") == 1);
  CHECK (cc_riscv_march_has_c ("rv64gc") == 1);
  CHECK (cc_riscv_march_has_c ("rv64imafd_zicsr_zifencei") == 0);
  CHECK (cc_riscv_march_has_c ("i386") == -1);
}

/* Does every machine instruction COMPUTED lists have, in REAL's object,
   the length and flow it says, and is every padding it calls no-ops
   no-ops there?  Counts the instructions into *(long *) N.  */
static int
bytes_agree (const cc_layout *real, const cc_layout *computed, void *n)
{
  for (uint32_t k = 0; k < computed->n_minsns; k++)
    {
      const cc_layout_minsn *m = &computed->minsns[k];
      uint64_t size;
      const unsigned char *b = real_bytes (real, computed, m->section, &size);
      if (!b || m->offset + m->length > size
          || cc_riscv_length (b + m->offset, (size_t) (size - m->offset)) != m->length
          || cc_riscv_runs_on (b + m->offset, m->length) != m->runs_on)
        {
          fprintf (stderr, "    %s+%llu: %u bytes%s listed, not so in the object\n",
                   computed->sections[m->section].name, (unsigned long long) m->offset,
                   m->length, m->runs_on ? " running on" : "");
          return 0;
        }
      (*(long *) n)++;
    }
  long spans = 0;
  return fills_are_nops (real, computed, CC_ARCH_RISCV, &spans);
}

/* Compute TEXT's layout under ISA and, unless it is refused, compare it
   with gas's (start labels .L<1000000000 + i>, N of them): of the
   filter's text or of the whole text at random (what the user's build
   assembles; the measuring assembly reads the filter's, which must give
   the same).  Returns the refusal, or NULL.  *MINSNS counts the
   instructions checked.  */
static char *
compare (const char *src, uint32_t n, const struct isa *isa, long *minsns)
{
  cc_asm_filter *f = cc_asm_filter_new ("#", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  cc_asm_filter_events (f, ".L");
  cc_asm_filter_riscv (f);
  cc_asm_filter_add (f, src, strlen (src));
  cc_layout_chunk kept, whole = { src, strlen (src) };
  kept.data = cc_asm_filter_finish (f, &kept.size);
  cc_layout_query q;
  test_query (&q, n);
  cc_layout computed;
  unsigned text_align = cc_riscv_march_has_c (isa->march) ? 2 : 4;
  char *why = kept.data ? cc_riscv_layout_compute (&computed, &q, f, text_align)
                        : strdup ("the filter gave up");
  if (!why && have_as)
    {
      char march[64], mabi[32];
      snprintf (march, sizeof march, "-march=%s", isa->march);
      snprintf (mabi, sizeof mabi, "-mabi=%s", isa->mabi);
      char *cmd[] = { (char *) "riscv64-linux-gnu-as", march, mabi, (char *) "-mno-relax",
                      (char *) "-L", NULL };
      beside_as (cmd, rnd (2) ? &kept : &whole, &q, &computed, n, bytes_agree, minsns, src);
    }
  if (kept.data)
    cc_layout_free (&computed);
  cc_asm_filter_free (f);
  return why;
}

/* What an insn of the random texts may be.  */
static const char *const fillers[] = {
  "addi a0,a0,1", "addi a0,a1,1", "addi sp,sp,-32", "add a0,a0,a1", "mv a5,a4", "li a5,0",
  "li a5,0x12345678", "li a4,4096", "lw a5,-20(s0)", "ld s0,24(sp)", "sd ra,8(sp)",
  "slli a5,a5,2", "srli a4,a4,3", "sext.w a5,a5", "andi a5,a5,255", "call g", "tail h",
  "lla a5,x", "la a0,x", "lw a4,x", "lui a5,%hi(x)", "lw a5,%lo(x)(a5)", "ret", "jr a5",
  "nop", "nop; nop", "fld fa5,8(sp)", "fadd.d fa0,fa1,fa2", "addw a4,a4,a5",
  "mul a5,a4,a5", "sltu a5,a3,a5", "# a comment", "li a0,0x123456789", "ecall",
  "sext.b a0,a1", "addi a0,a0,1 # mv a0,a1", "auipc a5,%pcrel_hi(x)",
};
/* The same without what RV32 or the ISAs without F do not have.  */
static int
filler_ok (const char *s, const struct isa *isa)
{
  int rv32 = isa->attr[2] == '3';
  int fp = strstr (isa->attr, "_d") != NULL;
  if (rv32 && (strstr (s, "ld ") || strstr (s, "sd ") || strstr (s, "w ") || strstr (s, "0x123456789")))
    return 0;
  return fp || s[0] != 'f';
}

static const char *const branches[] = {
  "beqz a5,", "bnez s1,", "beqz t0,", "bnez a0,", "blt a0,a1,", "bgeu a4,a5,", "j ",
  "j ", "beq a5,zero,", "bgt a4,a5,", "jal ",
};

static const char *const alignments[] = {
  ".p2align 2", ".p2align 3", ".p2align 4,,6", ".balign 16", ".align 1", ".align 2",
  ".p2align 5,,30", ".balign 8,,4", ".p2align 3,,2",
};

static const char *const data[] = {
  ".half 1", ".word 1, 2", ".dword 5", ".byte 1, 2", ".2byte 7", ".byte 1\n\t.p2align 3",
};

static const char *const sections[] = {
  "\t.pushsection .text.unlikely,\"ax\",@progbits\n",
  "\t.popsection\n",
  "\t.section .text.b,\"ax\",@progbits\n",
  "\t.previous\n",
  "\t.text\n",
  "\t.pushsection .data\n1:\t.word 1\n\t.byte 2\n\t.popsection\n",
};

/* One random text under ISA with about N_STMTS statements, its branches
   to labels at most SPREAD anchors away.  Returns its number of start
   labels.  */
static uint32_t
random_text (text *t, uint32_t n_stmts, const struct isa *isa, uint32_t spread)
{
  uint32_t lab = 0, anchors = 0, most = 0;
  int pushed = 0, opts = 0, weak = 0;
  add (t, "\t.option %s\n\t.option norelax\n\t.attribute arch, \"%s\"\n", rnd (2) ? "pic" : "nopic",
       isa->attr);
  add (t, "\t.attribute unaligned_access, 0\n\t.text\n\t.align %d\n\t.weak wk\nf:\n1:\n",
       isa->c ? 1 : 2);
  for (uint32_t i = 0; i < n_stmts && lab < MAX_LABELS - 2; i++)
    {
      uint32_t r = rnd (100);
      if (r < 3)
        {
          add_section (t, sections, sizeof sections / sizeof sections[0], &pushed);
        }
      else if (r < 7)
        add_one_of (t, alignments, sizeof alignments / sizeof alignments[0]);
      else if (r < 9)
        add_one_of (t, data, sizeof data / sizeof data[0]);
      else if (r < 10 && isa->c)
        {
          /* Without C for a while (inline asm does that).  */
          add (t, opts ? "\t.option pop\n" : "\t.option push\n\t.option norvc\n");
          opts = !opts;
        }
      else if (r < 16)
        add (t, ".Lb%u:\n", anchors++);
      else if (r < 17 && !weak)
        {
          add (t, "wk:\n\tnop\n");
          weak = 1;
        }
      else if (r < 32)
        {
          /* A branch to an anchor near or far, behind or ahead (made at
             the end if the text has not); or to a symbol gas does not
             relax to.  */
          uint32_t k = rnd (20);
          add (t, ".L%u:\n", 1000000001u + lab++);
          const char *b = branches[rnd (sizeof branches / sizeof branches[0])];
          if (k == 0)
            add (t, "\t%sext\n", b);
          else if (k == 1)
            add (t, "\t%swk\n", b);
          else if (k < 4)
            add (t, "\t%s%s\n", b, rnd (2) ? "1f" : "1b");
          else
            {
              uint32_t to = anchors + rnd (2 * spread + 1);
              to = to > spread ? to - spread : 0;
              if (to + 1 > most)
                most = to + 1;
              add (t, "\t%s.Lb%u\n", b, to);
            }
        }
      else if (r < 34)
        add (t, "1:\n");
      else
        {
          const char *s;
          do
            s = fillers[rnd (sizeof fillers / sizeof fillers[0])];
          while (!filler_ok (s, isa));
          add (t, ".L%u:\n\t%s\n", 1000000001u + lab++, s);
        }
    }
  if (pushed)
    add (t, "\t.popsection\n");
  if (opts)
    add (t, "\t.option pop\n");
  add (t, "\t.text\n1:\n");
  while (anchors < most)
    add (t, ".Lb%u:\n\tnop\n", anchors++);
  if (!weak)
    add (t, "wk:\n");
  add (t, "g:\n\tret\n");
  return lab;
}

static long random_minsns, random_refused, random_computed;

/* Random texts: N of each ISA.  */
static void
test_random (uint32_t n)
{
  for (uint32_t seed = 1; seed <= n && !unit_failed; seed++)
    {
      rng_state = seed;
      const struct isa *isa = &isas[seed % 4];
      text t = { 0 };
      /* Short texts, and long ones whose branches reach thousands of
         bytes (6 and 8).  */
      uint32_t len = seed % 3 ? 50 + rnd (400) : 1000 + rnd (2500);
      uint32_t labels = random_text (&t, len, isa, seed % 3 ? 6 : 400);
      char *why = compare (t.p, labels, isa, &random_minsns);
      if (why)
        {
          /* Only the branches gas settles from its first guess.  */
          random_refused++;
          if (getenv ("RV_WHY"))
            fprintf (stderr, "    refused: %s\n", why);
          if (!CHECK (strstr (why, "first guess")))
            fprintf (stderr, "    seed %u: %s\n", seed, why);
        }
      else
        random_computed++;
      free (why);
      free (t.p);
    }
  printf ("unit riscv_layout: %ld random texts computed, %ld refused, %ld machine "
          "instructions checked\n", random_computed, random_refused, random_minsns);
  CHECK (random_computed >= 9 * (random_computed + random_refused) / 10);
}

/* What must not be computed, each after a start label in a function.  */
static void
test_refused (void)
{
  static const refusal refused[] = {
    { ".insn r 0x33, 0, 0, a0, a1, a2", ".insn" },
    { "addi a0,a0,N", "addi a0,a0,N" },
    { "csrr a0,mstatus", "mstatus" },
    { "beqz a0,.Lz+4\n.Lz:", ".Lz+4" },
    { ".option arch, +zba", ".option arch" },
    { ".option relax\n\tnop", "nop" },
    { ".option push\n\t.option relax\n\t.p2align 3\n\t.option pop", ".p2align 3" },
    { ".option pop", ".option pop" },
    { ".attribute arch, \"rv64gcv\"", ".attribute arch" },
    { "nop\n\t.attribute arch, \"rv64gc\"", ".attribute arch" },
    { ".attribute 5, \"rv64gc\"", ".attribute 5" },
    { ".space 8", ".space" },
    { ".zero 4", ".zero" },
    { ".string \"abc\"", ".string" },
    { ".uleb128 300", ".uleb128" },
    { ".org .+4", ".org" },
    { ".balign 8, 0", ".balign" },
    { ".byte 1\n\tnop", "odd offset" },
    { ".set lbl, 4", ".set" },
    { "sym = 4", "sym = 4" },
    { "/* c */ nop", "/* c */" },
    { "li a0,'a'", "'a'" },
    { ".subsection 1\n\tnop", ".subsection" },
    { ".text 1\n\tnop", ".text 1" },
    { ".section .text.h,\"axG\",@progbits,h,comdat\n\tnop\n\t.previous", "comdat" },
    { ".set al, .Lq\n\tj al\n.Lq:", "another name" },
    { ".rept 2\n\tnop\n\t.endr", "gave up" },
    { ".macro m\n\tnop\n\t.endm\n\tm", "gave up" },
    { "vadd.vv v1,v2,v3", "vadd" },
  };
  const struct isa *isa = &isas[0];
  long n = 0;
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    {
      text t = { 0 };
      add (&t, "\t.option norelax\n\t.attribute arch, \"%s\"\n\t.text\nf:\n.L1000000001:\n",
           isa->attr);
      add (&t, "\t%s\n.L1000000002:\n\tnop\ng:\n\tret\n", refused[i].text);
      char *why = compare (t.p, 2, isa, &n);
      CHECK_CONTAINS (why, refused[i].why);
      free (why);
      free (t.p);
    }
  /* No `.attribute arch' before the first instruction: the command
     line's -march decides, which the text does not say.  */
  char *why = compare ("\t.option norelax\n\t.text\nf:\n.L1000000001:\n\tnop\ng:\n\tret\n", 1,
                       isa, &n);
  CHECK_CONTAINS (why, "nop");
  free (why);
  /* Relaxation on (no -mno-relax): the linker moves code.  */
  text t = { 0 };
  add (&t, "\t.attribute arch, \"%s\"\n\t.text\nf:\n.L1000000001:\n\tnop\ng:\n\tret\n", isa->attr);
  why = compare (t.p, 1, isa, &n);
  CHECK_CONTAINS (why, "nop");
  free (why);
  free (t.p);
  /* #NO_APP on the first line: GNU as reads the text otherwise.  */
  t = (text) { 0 };
  add (&t, "#NO_APP\n\t.option norelax\n\t.attribute arch, \"%s\"\n\t.text\nf:\n"
       ".L1000000001:\n\tnop\ng:\n\tret\n", isa->attr);
  why = compare (t.p, 1, isa, &n);
  CHECK (why != NULL);
  free (why);
  free (t.p);
  /* GCC's inline asm: #APP and #NO_APP later are comments; numeric
     labels branched to both ways; .option push, norvc, pop.  */
  t = (text) { 0 };
  add (&t, "\t.option norelax\n\t.attribute arch, \"%s\"\n\t.text\nf:\n#APP\n", isa->attr);
  add (&t, ".L1000000001:\n1:\tlr.w.aq a4,0(a2); bne a4,a3,1f; sc.w.aq a0,a1,0(a2); "
       "bnez a0,1b; 1:\n");
  add (&t, "\t.option push\n\t.option norvc\n.L1000000002:\n\tnop\n\t.option pop\n#NO_APP\n"
       ".L1000000003:\n\tnop\ng:\n\tret\n");
  why = compare (t.p, 3, isa, &n);
  CHECK (why == NULL);
  free (why);
  free (t.p);
}

int
main (void)
{
  have_as = have_assembler ("riscv64-linux-gnu-as", "riscv_layout");
  test_statements ();
  test_refused ();
  test_random (getenv ("RV_SEEDS") ? (uint32_t) atoi (getenv ("RV_SEEDS")) : 240);
  return unit_finish ("riscv_layout");
}
