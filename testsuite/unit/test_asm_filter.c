/* cachecat unit tests: what the measuring assembly keeps of the text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "layout/asm_filter.h"

#include <stdlib.h>

/* Filter TEXT (in pieces of PIECE bytes, 0 for one piece) with x86's
   comment and separator, or AArch64's (`//', and `#' a line comment) if
   A64; the kept text, or "(gave up)".  */
static char *
filter_for (const char *text, size_t piece, int a64)
{
  cc_asm_filter *f = cc_asm_filter_new (a64 ? "//" : "#", ';');
  if (a64)
    cc_asm_filter_line_comment (f, '#');
  size_t n = strlen (text);
  if (!piece)
    piece = n ? n : 1;
  for (size_t at = 0; at < n; at += piece)
    cc_asm_filter_add (f, text + at, at + piece <= n ? piece : n - at);
  size_t len;
  const char *out = cc_asm_filter_finish (f, &len);
  char *r = strdup (out ? out : "(gave up)");
  cc_asm_filter_free (f);
  return r;
}

static char *
filter (const char *text, size_t piece)
{
  return filter_for (text, piece, 0);
}

#define EXPECT_FILTER(text, expected)                       \
  do                                                        \
    {                                                       \
      char *got_ = filter (text, 0);                        \
      CHECK_STREQ (got_, expected);                         \
      free (got_);                                          \
      got_ = filter (text, 3);   /* lines split across pieces */ \
      CHECK_STREQ (got_, expected);                         \
      free (got_);                                          \
    }                                                       \
  while (0)

/* The same with our labels (".L", at least 1000000000, and ".Lcce"),
   and with DEBUG GCC's debug-only labels (".LBB", ".LBE", ".LBI",
   ".LVL") left out as well: the kept text, and into *ALIAS the start
   label standing for end label N (-1 if none).  */
static char *
filter_labels (const char *text, size_t piece, unsigned long n, long *alias,
               int debug)
{
  static const char *const debug_prefixes[] = { ".LBB", ".LBE", ".LBI", ".LVL" };
  cc_asm_filter *f = cc_asm_filter_new ("#", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  if (debug)
    cc_asm_filter_debug_labels (f, debug_prefixes, 4);
  size_t len = strlen (text);
  if (!piece)
    piece = len ? len : 1;
  for (size_t at = 0; at < len; at += piece)
    cc_asm_filter_add (f, text + at, at + piece <= len ? piece : len - at);
  const char *out = cc_asm_filter_finish (f, &len);
  char *r = strdup (out ? out : "(gave up)");
  *alias = cc_asm_filter_alias (f, n);
  cc_asm_filter_free (f);
  return r;
}

#define EXPECT_LABELS_DEBUG(text, expected, n, alias, debug)        \
  do                                                                \
    {                                                               \
      for (size_t piece_ = 0; piece_ <= 3; piece_ += 3)             \
        {                                                           \
          long a_;                                                  \
          char *got_ = filter_labels (text, piece_, n, &a_, debug); \
          CHECK_STREQ (got_, expected);                             \
          CHECK_EQ (a_, (long) (alias));                            \
          free (got_);                                              \
        }                                                           \
    }                                                               \
  while (0)
#define EXPECT_LABELS(text, expected, n, alias) \
  EXPECT_LABELS_DEBUG (text, expected, n, alias, 0)
#define EXPECT_DEBUG(text, expected, n, alias) \
  EXPECT_LABELS_DEBUG (text, expected, n, alias, 1)

static long
alias_of (const char *text, unsigned long n)
{
  long a;
  free (filter_labels (text, 0, n, &a, 0));
  return a;
}


int
main (void)
{
  /* Code stays, call frame and line directives go.  */
  EXPECT_FILTER ("\t.text\nf:\n\t.cfi_startproc\n\t.loc 1 2 3\n\tret\n\t.cfi_endproc\n",
                 "\t.text\nf:\n\tret\n");
  /* Data sections go, with their labels; the switches stay.  */
  EXPECT_FILTER ("\t.section\t.rodata\n.LC0:\n\t.string\t\"a\"\n\t.text\n\tnop\n",
                 "\t.section\t.rodata\n\t.text\n\tnop\n");
  /* Flags decide, and a later bare .section remembers them.  */
  EXPECT_FILTER ("\t.section\t.fixup,\"ax\",@progbits\n\tnop\n\t.data\n\t.long 1\n"
                 "\t.section\t.fixup\n\tret\n",
                 "\t.section\t.fixup,\"ax\",@progbits\n\tnop\n\t.data\n"
                 "\t.section\t.fixup\n\tret\n");
  EXPECT_FILTER ("\t.section\t.text.unlikely\n\tud2\n\t.section\t.note.GNU-stack,\"\",@progbits\n",
                 "\t.section\t.text.unlikely\n\tud2\n\t.section\t.note.GNU-stack,\"\",@progbits\n");
  /* .pushsection / .popsection and .previous.  */
  EXPECT_FILTER ("\tnop\n\t.pushsection .data\n\t.long 2\n\t.popsection\n\tret\n",
                 "\tnop\n\t.pushsection .data\n\t.popsection\n\tret\n");
  EXPECT_FILTER ("\t.data\n\t.long 3\n\t.text\n\tnop\n\t.previous\n\t.long 4\n\t.previous\n\tret\n",
                 "\t.data\n\t.text\n\tnop\n\t.previous\n\t.previous\n\tret\n");
  /* Statements after a separator and labels before a statement count.  */
  EXPECT_FILTER ("\t.data\n\t.long 5; .text\n\tnop\n", "\t.data\n\t.long 5; .text\n\tnop\n");
  EXPECT_FILTER ("\t.data\nx: .text\n\tnop\n", "\t.data\nx: .text\n\tnop\n");
  /* Separators and directives inside strings or comments are not real.  */
  EXPECT_FILTER ("\t.data\n\t.ascii \"; .text\"\n\t.long 6 # .text\n\t.text\n",
                 "\t.data\n\t.text\n");
  /* Mode directives are kept in any section.  */
  EXPECT_FILTER ("\t.data\n\t.intel_syntax noprefix\n\t.set\tN, 4\n",
                 "\t.data\n\t.intel_syntax noprefix\n\t.set\tN, 4\n");
  /* So are a symbol's binding and visibility, and an ifunc's type: they
     decide whether gas relaxes a jump to it.  */
  EXPECT_FILTER ("\t.data\n\t.long 1\n\t.globl f\n\t.hidden g\n\t.weak h\n"
                 "\t.type i, @gnu_indirect_function\n\t.type x, @object\nx:\n\t.long 2\n",
                 "\t.data\n\t.globl f\n\t.hidden g\n\t.weak h\n"
                 "\t.type i, @gnu_indirect_function\n");
  /* Anything it cannot follow makes it give up.  */
  EXPECT_FILTER ("\t.macro m\n\t.data\n\t.endm\n\tnop\n", "(gave up)");
  EXPECT_FILTER ("\t.ifdef X\n\t.data\n\t.endif\n", "(gave up)");
  EXPECT_FILTER ("\t.popsection\n", "(gave up)");
  EXPECT_FILTER ("\t.section .data, #alloc\n", "(gave up)");
  EXPECT_FILTER ("\t.include \"x.s\"\n", "(gave up)");
  EXPECT_FILTER ("\t.sect .data\n", "(gave up)");
  /* Every directive the filter knows is found (its table is sorted).  */
  EXPECT_FILTER ("\t.data\n\t.altmacro\n", "(gave up)");
  EXPECT_FILTER ("\t.data\n\t.thumb\n\t.code64\n\t.equiv A, 1\n\t.section .text\n",
                 "\t.data\n\t.thumb\n\t.code64\n\t.equiv A, 1\n\t.section .text\n");
  EXPECT_FILTER ("\tnop\n\t.loc_mark_labels 1\n\t.ident \"x\"\n\t.file 1 \"a.c\"\n", "\tnop\n");
  EXPECT_FILTER ("\t.data\n\t.subsection 1\n\t.text\n\t.subsection 2\n\tnop\n",
                 "\t.data\n\t.subsection 1\n\t.text\n\t.subsection 2\n\tnop\n");
  /* GNU as reads directives in any case.  */
  EXPECT_FILTER ("\t.DATA\n\t.long 1\n\t.Section .text\n\tnop\n",
                 "\t.DATA\n\t.Section .text\n\tnop\n");
  /* AArch64: `#' at the start of a statement comments out the rest of
     the line, separators and all (GCC's #APP); elsewhere it is an
     immediate.  */
  for (size_t piece = 0; piece <= 3; piece += 3)
    {
      char *got = filter_for ("\t.data\n#APP; .text\n\t.word 1\n\t  # 2 \"a.c\"; .text\n"
                              "\t.word 2; # c; .text\n\t.text\n\tadd x0, x0, #1\n", piece, 1);
      CHECK_STREQ (got, "\t.data\n\t.text\n\tadd x0, x0, #1\n");
      free (got);
    }
  /* Our labels: an end label right before a start label goes, and the
     start label stands for it; anything that may place bytes or switch
     sections keeps it.  */
  EXPECT_LABELS (".L1000000001:\n\tnop\n.Lcce1:\n.L1000000002:\n\tret\n.Lcce2:\n",
                 ".L1000000001:\n\tnop\n.L1000000002:\n\tret\n.Lcce2:\n",
                 1, 1000000002);
  CHECK_EQ (alias_of (".Lcce2:\n", 2), -1);
  /* Blank lines, comments, dropped directives and other labels between
     change no address.  */
  EXPECT_LABELS ("\tnop\n.Lcce3:\n\n# c\n\t.cfi_def_cfa_offset 8\n.L7:\n.LFB2: .L8:\n"
                 ".L1000000009:\n\tret\n",
                 "\tnop\n.L7:\n.LFB2: .L8:\n.L1000000009:\n\tret\n", 3, 1000000009);
  /* Alignment, an insn, a section switch, a label with a statement, a
     label of GCC's numbered below the start labels: kept.  */
  EXPECT_LABELS ("\tnop\n.Lcce4:\n\t.p2align 4\n.L1000000005:\n\tret\n",
                 "\tnop\n.Lcce4:\n\t.p2align 4\n.L1000000005:\n\tret\n", 4, -1);
  EXPECT_LABELS ("\tnop\n.Lcce4:\n\t.section .text.unlikely\n.L1000000005:\n",
                 "\tnop\n.Lcce4:\n\t.section .text.unlikely\n.L1000000005:\n", 4, -1);
  EXPECT_LABELS ("\tnop\n.Lcce4:\nx: nop\n.L1000000005:\n",
                 "\tnop\n.Lcce4:\nx: nop\n.L1000000005:\n", 4, -1);
  EXPECT_LABELS ("\tnop\n.Lcce4:\n.L12:\n\tret\n",
                 "\tnop\n.L12:\n.Lcce4:\n\tret\n", 4, -1);
  /* At the end of the text, and not ours (a suffix, a longer prefix).  */
  EXPECT_LABELS ("\tnop\n.Lcce5:\n", "\tnop\n.Lcce5:\n", 5, -1);
  EXPECT_LABELS ("\tnop\n.Lcce5:\n.L1000000006x:\n", "\tnop\n.L1000000006x:\n.Lcce5:\n",
                 5, -1);
  EXPECT_LABELS ("\tnop\n.Lcce6a:\n.L1000000007:\n", "\tnop\n.Lcce6a:\n.L1000000007:\n",
                 6, -1);
  /* Outside code an end label is left alone.  */
  EXPECT_LABELS ("\t.data\n.Lcce7:\n.L1000000008:\n\t.text\n", "\t.data\n\t.text\n", 7,
                 -1);
  /* A last line without a newline.  */
  EXPECT_FILTER ("\tnop\n\tret", "\tnop\n\tret");
  /* Data directives outside code and line-number or frame directives
     anywhere go without the full parse; a separator sends the line to
     the full parse, which sees the section switch after it.  */
  EXPECT_FILTER ("\t.section .debug_info\n\t.uleb128 0x5\n\t.long .Ltext0\n\t.string \"a\"\n"
                 "\t.text\n\t.loc 1 2 3\n\t.cfi_startproc\n\tnop\n\t.long 7\n",
                 "\t.section .debug_info\n\t.text\n\tnop\n\t.long 7\n");
  EXPECT_FILTER ("\t.section .debug_info\n\t.byte 1; .text\n\tnop\n",
                 "\t.section .debug_info\n\t.byte 1; .text\n\tnop\n");
  EXPECT_FILTER ("\t.data\n\t.long: nop\n\t.text\n", "\t.data\n\t.text\n");
  EXPECT_LABELS ("\tnop\n.Lcce3:\n\t.loc 1 5 0\n\t.cfi_def_cfa_offset 16\n.L1000000004:\n\tret\n",
                 "\tnop\n.L1000000004:\n\tret\n", 3, 1000000004);
  /* Debug-only labels are left out, and a held-back end label stays held
     back across them.  */
  EXPECT_DEBUG ("\tnop\n.LVL3:\n.LBB4:\n\tret\n.LBE4:\n.LBI2:\n", "\tnop\n\tret\n", 1, -1);
  EXPECT_DEBUG ("\tnop\n.Lcce3:\n.LVL2:\n.LBB7:\n.L1000000004:\n\tret\n",
                "\tnop\n.L1000000004:\n\tret\n", 3, 1000000004);
  /* Mentioned by a kept line, before or after, or not alone on its line:
     the filter gives up (gas would take the missing label for an external
     symbol and may encode a longer jump).  */
  EXPECT_DEBUG ("\tnop\n.LVL3:\n\tjmp .LVL3\n", "(gave up)", 1, -1);
  EXPECT_DEBUG ("\tmovl $.LBE9-.LBB9, %eax\n.LBB9:\n\tnop\n.LBE9:\n", "(gave up)", 1, -1);
  EXPECT_DEBUG ("\tnop\n.LVL3: nop\n", "(gave up)", 1, -1);
  EXPECT_DEBUG ("\tnop\n.LVL3x:\n", "(gave up)", 1, -1);
  /* Other labels are not debug labels; in a debug section nothing is kept
     anyway.  */
  EXPECT_DEBUG ("\tjmp .L5\n.L5:\n.LVU3:\n\tret\n", "\tjmp .L5\n.L5:\n.LVU3:\n\tret\n", 1, -1);
  EXPECT_DEBUG ("\t.section .debug_info\n\t.quad .LVL3\n\t.text\n.LVL3:\n\tret\n",
                "\t.section .debug_info\n\t.text\n\tret\n", 1, -1);
  return unit_finish ("asm_filter");
}
