/* cachecat unit tests: the machine instructions of GCC's insns (machine.h):
   what the filter reads of each insn's statements, the labels it puts
   before them, and which the processor fetches always, maybe or never.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "layout/asm_filter.h"
#include "layout/x86/x86_statement.h"
#include "layout/machine.h"
#include "model/model.h"

#include <stdlib.h>

/* The filter over TEXT (our start labels ".L" from 1000000000, end labels
   ".Lcce", machine labels ".Lccm"), in pieces of PIECE bytes.  */
static cc_asm_filter *
run_filter (const char *text, size_t piece, int events)
{
  cc_asm_filter *f = cc_asm_filter_new ("#", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  cc_asm_filter_machine (f, ".Lccm");
  if (events)
    cc_asm_filter_events (f, ".L");
  size_t n = strlen (text);
  if (!piece)
    piece = n ? n : 1;
  for (size_t at = 0; at < n; at += piece)
    cc_asm_filter_add (f, text + at, at + piece <= n ? piece : n - at);
  size_t len;
  cc_asm_filter_finish (f, &len);
  return f;
}

/* The fetch classes of an insn of N statements S, placed one byte each
   (N + 1 bytes, the last statement two), as a string: A(lways), M(aybe),
   N(ever), with a "u" after an unordered one.  */
static char *
fetches (const cc_mstmt *s, uint32_t n, int is_asm)
{
  uint64_t at[64];
  cc_minsn out[64];
  for (uint32_t k = 0; k < n; k++)
    at[k] = 100 + k;
  uint32_t m = cc_machine_insns (s, n, at, 100, 100 + n + 1, is_asm, out);
  char *r = calloc (2 * m + 1, 1);
  for (uint32_t k = 0, w = 0; k < m; k++)
    {
      r[w++] = "AMN"[out[k].fetch];
      if (out[k].unordered)
        r[w++] = 'u';
    }
  return r;
}

/* The statements of the one recorded insn of TEXT, and its fetches.  */
static char *
text_fetches (const char *text, size_t piece, int is_asm)
{
  cc_asm_filter *f = run_filter (text, piece, 1);
  size_t n;
  const cc_mstmt *ms;
  unsigned long labels;
  const cc_asm_split *sp = cc_asm_filter_splits (f, &n, &ms, &labels);
  char *r;
  if (n != 1)
    r = strdup (n ? "several insns" : "no insn");
  else if (sp[0].unsplit)
    r = strdup ("unsplit");
  else
    r = fetches (ms + sp[0].first, (uint32_t) sp[0].n, is_asm);
  cc_asm_filter_free (f);
  return r;
}

#define EXPECT_FETCHES(text, is_asm, expected)                    \
  do                                                              \
    {                                                             \
      for (size_t piece_ = 0; piece_ < 8; piece_ += 5)            \
        {                                                         \
          char *got_ = text_fetches (text, piece_, is_asm);       \
          CHECK_STREQ (got_, expected);                           \
          free (got_);                                            \
        }                                                         \
    }                                                             \
  while (0)

#define INSN(body) "\t.text\nf:\n.L1000000001:\n" body ".Lcce1:\n.L1000000002:\n\tret\n"

static void
test_fetch_classes (void)
{
  /* -mharden-sls: the int3 after a ret or an indirect jump.  */
  EXPECT_FETCHES (INSN ("\tret\n\tint3\n"), 0, "AN");
  EXPECT_FETCHES (INSN ("\tjmp\t*%rax\n\tint3\n"), 0, "AN");
  EXPECT_FETCHES (INSN ("\tnotrack jmp\t*(%rax,%rdx,8)\n\tint3\n"), 0, "AN");
  /* The stack protector: straight on.  */
  EXPECT_FETCHES (INSN ("\tmovq\t%fs:40, %rax\n\tmovq\t%rax, 8(%rsp)\n"
                        "\txorl\t%eax, %eax\n"), 0, "AAA");
  /* -mfunction-return=thunk-inline: the pause loop runs only
     speculatively, the return address is dropped before the ret.  */
  EXPECT_FETCHES (INSN ("\tcall\t.LIND1\n.LIND0:\n\tpause\n\tlfence\n\tjmp\t.LIND0\n"
                        ".LIND1:\n\tlea\t8(%rsp), %rsp\n\tret\n"), 0, "ANNNAA");
  /* The same for an indirect jump (the target replaces it).  */
  EXPECT_FETCHES (INSN ("\tcall\t.LIND1\n.LIND0:\n\tpause\n\tlfence\n\tjmp\t.LIND0\n"
                        ".LIND1:\n\tmov\t%rax, (%rsp)\n\tret\n"), 0, "ANNNAA");
  /* A call whose callee returns normally comes back: the statements
     after it are reached (and loop there: out of order).  */
  EXPECT_FETCHES (INSN ("\tcall\t.LX1\n.LX0:\n\tpause\n\tjmp\t.LX0\n"
                        ".LX1:\n\tnop\n\tret\n"), 0, "AMuMuMuMu");
  /* -mindirect-branch=thunk-inline on a call: jumps forward, calls back:
     out of address order; the speculation trap stays never fetched.  */
  EXPECT_FETCHES (INSN ("\tjmp\t.LIND1\n.LIND0:\n\tcall\t.LIND3\n.LIND2:\n\tpause\n"
                        "\tlfence\n\tjmp\t.LIND2\n.LIND3:\n\tmov\t%rax, (%rsp)\n\tret\n"
                        ".LIND1:\n\tcall\t.LIND0\n"), 0, "AMuNNNMuMuMu");
  /* A branch out of the insn: what follows is maybe fetched; a forward
     jump over a statement inside it.  */
  EXPECT_FETCHES (INSN ("\tcmpl\t$1, %eax\n\tjne\t.L5\n\tnop\n"), 0, "AAM");
  EXPECT_FETCHES (INSN ("\tjmp\t.LS\n\tud2\n.LS:\n\tnop\n"), 0, "ANA");
  EXPECT_FETCHES (INSN ("\ttestl\t%eax, %eax\n\tje\t.LS\n\tnop\n.LS:\n\tnop\n"), 0, "AAMA");
  /* A loop inside the insn: out of order, the first too when control
     comes back to it.  */
  EXPECT_FETCHES (INSN (".LL:\n\tdecl\t%ecx\n\tjnz\t.LL\n"), 0, "AuMu");
  /* Inline asm: the first fetched, the rest maybe, whatever the text.  */
  EXPECT_FETCHES (INSN ("\tret\n\tint3\n\tnop\n"), 1, "AMM");
  /* Prefix statements belong to the instruction after them.  */
  EXPECT_FETCHES (INSN ("\trep\n\tstosq\n\tlock\n\taddl\t$1, (%rdi)\n"), 0, "AA");
  EXPECT_FETCHES (INSN ("\t.byte\t0x66\n\trex64\n\tcall\t*__tls_get_addr@GOTPCREL(%rip)\n"
                        "\tnop\n"), 0, "AA");
  /* What the filter cannot split keeps the insn whole.  */
  EXPECT_FETCHES (INSN ("\tnop\n\t.long\t0\n\tnop\n"), 1, "unsplit");
  EXPECT_FETCHES (INSN ("\tnop\n\t.p2align 4\n\tnop\n"), 1, "unsplit");
  EXPECT_FETCHES (INSN ("\tnop; nop\n"), 1, "unsplit");
  EXPECT_FETCHES (INSN ("\tnop\n\t.code32\n\tnop\n"), 1, "unsplit");
  /* Another section's statements are not the insn's bytes
     (-fpatchable-function-entry's table entry).  */
  EXPECT_FETCHES (INSN ("\t.section\t__patchable_function_entries,\"awo\",@progbits,f\n"
                        "\t.align 8\n\t.quad\t.LPFE1\n\t.text\n.LPFE1:\n\tnop\n\tnop\n"),
                  0, "AA");
  /* One instruction, always fetched: nothing recorded.  */
  EXPECT_FETCHES (INSN ("\taddl\t$1, %eax\n"), 0, "no insn");
}

/* Labels before the second and later instructions, in the text the
   measuring assembly gets; the relocations that let ld rewrite.  */
static void
test_labels_and_relocations (void)
{
  const char *text = "\t.text\nf:\n.L1000000001:\n\tret\n\tint3\n.Lcce1:\n"
                     "\t.p2align 4\n.L1000000003:\n\tjmp\t*g@GOTPCREL(%rip)\n.Lcce3:\n"
                     ".L1000000004:\n\tdata16\tleaq\tx@tlsgd(%rip), %rdi\n"
                     "\tcall\t__tls_get_addr@PLT\n.Lcce4:\n"
                     ".L1000000005:\n\tcall\t*x@TLSCALL(%rax)\n.Lcce5:\n";
  for (int events = 0; events < 2; events++)
    {
      cc_asm_filter *f = run_filter (text, 0, events);
      size_t n, len;
      const cc_mstmt *ms;
      unsigned long labels;
      const cc_asm_split *sp = cc_asm_filter_splits (f, &n, &ms, &labels);
      if (CHECK_EQ (n, 4))
        {
          CHECK_EQ (sp[0].insn, 1000000001ul);
          CHECK_EQ (sp[0].n, 2);
          CHECK_EQ (ms[sp[0].first].label, 0);
          CHECK_EQ (ms[sp[0].first + 1].label, 1);
          CHECK_EQ (sp[1].insn, 1000000003ul);
          CHECK_EQ (ms[sp[1].first].reloc, CC_RELOC_GOTPCRELX);
          CHECK_EQ (sp[2].n, 2);
          CHECK_EQ (ms[sp[2].first].reloc, CC_RELOC_TLSGD);
          CHECK_EQ (ms[sp[2].first + 1].label, 2);
          CHECK_EQ (ms[sp[3].first].reloc, CC_RELOC_TLSDESC);
        }
      CHECK_EQ (labels, 2);
      const char *out = cc_asm_filter_finish (f, &len);
      CHECK_CONTAINS (out, "\tret\n.Lccm1:\n\tint3\n");
      CHECK_CONTAINS (out, "%rdi\n.Lccm2:\n\tcall");
      if (events)
        {
          /* Decoding measures the text without our labels.  */
          char *plain = cc_asm_filter_unlabelled (f, &len);
          CHECK (strstr (plain, "Lccm") == NULL);
          free (plain);
        }
      cc_asm_filter_free (f);
    }
  /* A return through GCC's thunk (-mfunction-return=thunk) runs the
     thunk's code: unknown code after it; a jump elsewhere does not.  */
  {
    cc_asm_filter *f = run_filter (INSN ("\tjmp\t__x86_return_thunk\n")
                                   ".L1000000010:\n\tnotrack jmp\t__x86_indirect_thunk_rax\n"
                                   ".Lcce10:\n", 0, 1);
    size_t n;
    const cc_mstmt *m2;
    unsigned long labels;
    const cc_asm_split *sp = cc_asm_filter_splits (f, &n, &m2, &labels);
    if (CHECK_EQ (n, 2))
      {
        CHECK (m2[sp[0].first].reloc == CC_RELOC_THUNK && sp[0].insn == 1000000001ul);
        CHECK (m2[sp[1].first].reloc == CC_RELOC_THUNK && sp[1].insn == 1000000010ul);
        cc_minsn one;
        uint64_t at0 = 0;
        CHECK_EQ (cc_machine_insns (m2 + sp[0].first, 1, &at0, 0, 5, 0, &one), 1);
        CHECK (one.runs_unknown && one.rewrite == CC_REWRITE_NONE && !one.maybe_tail);
      }
    cc_asm_filter_free (f);
    CHECK_EQ (cc_stmt_reloc ("jmp\tfoo", "jmp\tfoo" + 7), CC_RELOC_NONE);
    const char *c = "call\t__x86_indirect_thunk_rax";
    CHECK_EQ (cc_stmt_reloc (c, c + strlen (c)), CC_RELOC_NONE);
  }
  /* The relocation decides the rewrite, TLS over the GOT call.  */
  cc_mstmt s[2] = { { CC_FLOW_NEXT, CC_RELOC_TLSGD, 0, 0, -1, 0 },
                    { CC_FLOW_NEXT, CC_RELOC_GOTPCRELX, 0, 0, -1, 1 } };
  uint64_t at[2] = { 0, 8 };
  cc_minsn out[2];
  CHECK_EQ (cc_machine_insns (s, 2, at, 0, 16, 0, out), 2);
  CHECK (out[0].rewrite == CC_REWRITE_TLSGD && out[1].rewrite == CC_REWRITE_TLSGD);
  CHECK (out[0].maybe_tail == 0 && out[1].maybe_tail == 0);
  /* A jump through the GOT alone: its last byte only maybe fetched.  */
  s[0].reloc = CC_RELOC_GOTPCRELX;
  CHECK_EQ (cc_machine_insns (s, 1, at, 0, 6, 0, out), 1);
  CHECK (out[0].rewrite == CC_REWRITE_GOTPCRELX && out[0].maybe_tail == 1);
  /* Not placed: one unsplit instruction, only its first byte sure.  */
  s[0].reloc = s[1].reloc = CC_RELOC_NONE;
  CHECK_EQ (cc_machine_insns (s, 2, NULL, 10, 16, 0, out), 1);
  CHECK (out[0].unsplit && out[0].offset == 10 && out[0].length == 6
         && out[0].maybe_tail == 5 && out[0].fetch == CC_FETCH_ALWAYS);
  /* Places out of order (a label the layout put elsewhere): whole too.  */
  at[1] = 20;
  CHECK_EQ (cc_machine_insns (s, 2, at, 10, 16, 0, out), 1);
}

int
main (void)
{
  test_fetch_classes ();
  test_labels_and_relocations ();
  return unit_finish ("machine");
}
