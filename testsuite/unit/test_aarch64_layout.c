/* cachecat unit tests: the AArch64 layout computed without assembling.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Texts go through the filter in AArch64 mode and cc_a64_layout_compute,
   and every label must be where GNU as for AArch64 puts it (the same
   text assembled with the labels kept), every section of the size and
   alignment it gives, and every padding the layout calls no-ops must be
   no-ops in the object.  The texts are random: instructions, several on
   a line, `#' and `//' comments, .inst, data of each size, alignments
   with and without a maximum (.p2align, .balign, AArch64's .align in
   powers of two), three code sections entered by .pushsection,
   .section, .previous and .text.  What the computation must not trust
   (a literal pool, .space, data that leaves an instruction off its
   boundary, an alignment with a fill, a register alias, a section group,
   a subsection, ...) must be refused; that part needs no assembler.
   The comparisons need aarch64-linux-gnu-as on the PATH and are skipped,
   with a line, without it.  */

#include "unit.h"
#include "asm_text.h"
#include "layout/aarch64/aarch64_filter.h"
#include "layout/aarch64/aarch64_layout.h"
#include "layout/asm_filter.h"
#include "layout/layout.h"

#include <stdint.h>
#include <stdlib.h>

#define MAX_LABELS 3000

static int have_as;

/* Is every no-op padding COMPUTED lists AArch64 nops in REAL's object?
   Counts the spans into *(long *) SPANS.  */
static int
a64_nops (const cc_layout *real, const cc_layout *computed, void *spans)
{
  return fills_are_nops (real, computed, CC_ARCH_AARCH64, spans);
}

/* Compute TEXT's layout and, unless it is refused, compare it with gas's
   (start labels .L<1000000000 + i>, N of them).  Returns the refusal,
   or NULL.  *SPANS counts the no-op paddings checked.  */
static char *
compare (const char *src, uint32_t n, long *spans)
{
  cc_asm_filter *f = cc_asm_filter_new ("//", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  cc_asm_filter_events (f, ".L");
  cc_asm_filter_line_comment (f, '#');
  cc_asm_filter_a64 (f);
  cc_asm_filter_add (f, src, strlen (src));
  cc_layout_chunk kept;
  kept.data = cc_asm_filter_finish (f, &kept.size);
  cc_layout_query q;
  test_query (&q, n);
  cc_layout computed;
  char *why = kept.data ? cc_a64_layout_compute (&computed, &q, f)
                        : strdup ("the filter gave up");
  if (!why && have_as)
    {
      char *cmd[] = { (char *) "aarch64-linux-gnu-as", (char *) "-L", NULL };
      beside_as (cmd, &kept, &q, &computed, n, a64_nops, spans, src);
    }
  if (kept.data)
    cc_layout_free (&computed);
  cc_asm_filter_free (f);
  return why;
}

/* What an insn of the random texts may be: four bytes each, or none.  */
static const struct
{
  const char *text;
  int words;
} fillers[] = {
  { "nop", 1 }, { "ret", 1 }, { "add x0, x0, 1", 1 }, { "ldr w1, [x0, 8]", 1 },
  { "stp x29, x30, [sp, -16]!", 1 }, { "mov w0, 21846", 1 },
  { "movk w0, 0x5555, lsl 16", 1 }, { "b.ne .Lt0", 1 }, { "bl g", 1 },
  { "adrp x1, .Lt1", 1 }, { "add x1, x1, :lo12:.Lt1", 1 }, { "ld1 {v0.16b}, [x0]", 1 },
  { "cbz w0, .Lt1", 1 }, { "NOP", 1 }, { ".inst 0xd503201f", 1 },
  { ".inst 0xd503201f, 0xd503201f", 2 }, { "nop; nop", 2 }, { "nop // nop; nop", 1 },
  { "nop; # nop; nop", 1 }, { "# nop", 0 }, { "  # 12 \"x.c\"", 0 },
  { ".type h, %function", 0 },
  { ".P2ALIGN 2", 0 }, { "ldr x0, [x1]; .p2align 3", 1 },
};

/* Data, and what keeps the next instruction on its boundary after it.  */
static const char *const data[] = {
  ".word 1, 2", ".xword sym", ".byte 1\n\t.p2align 2", ".hword 1, 2",
  ".2byte 3\n\t.balign 4", ".byte 1, (2 + 3), 4, 5", ".4byte 7", ".8byte 0, 1",
  ".quad 1\n\t.byte 9, 9, 9, 9", ".short 1\n\t.align 3", ".dword .Lt0 - .Lt1",
};

static const char *const alignments[] = {
  ".p2align 3", ".p2align 4,,11", ".p2align 5,,7", ".balign 16", ".balign 8,,4",
  ".align 3", ".align 2", ".p2align 0", ".balign 32,,31",
};

static const char *const sections[] = {
  "\t.pushsection .text.unlikely,\"ax\",%progbits\n",
  "\t.popsection\n",
  "\t.section .text.b,\"ax\",%progbits\n",
  "\t.previous\n",
  "\t.text\n",
  "\t.data\n\t.word 1\n\t.byte 2\n\t.text\n",
  "\t.section .rodata\n\t.byte 1\n\t.previous\n",
};

/* One random text with about N_STMTS statements.  Returns its number of
   start labels.  */
static uint32_t
random_text (text *t, uint32_t n_stmts, int sectioned)
{
  uint32_t lab = 0;
  int pushed = 0;
  add (t, "\t.arch armv8-a\n\t.text\n\t.align 2\n\t.p2align 4,,11\nf:\n.Lt0:\n.Lt1:\n");
  for (uint32_t i = 0; i < n_stmts && lab < MAX_LABELS - 2; i++)
    {
      uint32_t r = rnd (100);
      if (sectioned && r < 6)
        {
          add_section (t, sections, sizeof sections / sizeof sections[0], &pushed);
        }
      else if (r < 14)
        add_one_of (t, alignments, sizeof alignments / sizeof alignments[0]);
      else if (r < 20)
        add_one_of (t, data, sizeof data / sizeof data[0]);
      else if (r < 24)
        add (t, ".Lx%u: // a label\n", i);
      else
        {
          add (t, ".L%u:\n", 1000000001u + lab++);
          add (t, "\t%s\n", fillers[rnd (sizeof fillers / sizeof fillers[0])].text);
        }
    }
  if (pushed)
    add (t, "\t.popsection\n");
  add (t, "\t.text\ng:\n\tret\n");
  return lab;
}

/* No-op paddings the random texts checked.  */
static long random_spans;

static char *
one_seed (uint32_t seed)
{
  text t = { 0 };
  uint32_t n = random_text (&t, 20 + rnd (300), seed % 2 == 0);
  char *why = compare (t.p, n, &random_spans);
  free (t.p);
  return why;
}

static void
test_random (void)
{
  CHECK_EQ (random_seeds (300, one_seed), 300);
  /* The texts align often enough for the no-op check to see some.  */
  if (have_as)
    CHECK (random_spans > 100);
}

/* What must not be computed, each after a start label in a function.  */
static void
test_refused (void)
{
  static const refusal refused[] = {
    /* Its literal lands in a pool, at .ltorg or the section's end.  */
    { "ldr x0, =0x123456789", "ldr x0, =" },
    { "nop\n\t.ltorg", ".ltorg" },
    { "nop\n\t.pool", ".pool" },
    /* Sizes not followed.  */
    { ".space 8", ".space" },
    { ".zero 4", ".zero" },
    { ".skip 4", ".skip" },
    { ".ascii \"abcd\"", ".ascii" },
    { ".string \"abc\"", ".string" },
    { ".word \"ab\"", ".word" },
    { ".byte 1,,2", ".byte" },
    { ".fill 2, 4, 0", ".fill" },
    { ".org .+4", ".org" },
    { ".incbin \"/dev/null\"", ".incbin" },
    { ".even", ".even" },
    { ".nops 8", ".nops" },
    /* gas pads an instruction after data to its boundary.  */
    { ".byte 1\n\tnop", "not on a 4-byte boundary" },
    { ".hword 1\n\t.p2align 1\n\tnop", "not on a 4-byte boundary" },
    /* No instruction; no byte.  */
    { "x .req x1", ".req" },
    { "sym = 4", "sym = 4" },
    /* C comments may span lines; the filter splits `'x' at a ;.  */
    { "/* c */ nop", "/* c */" },
    { "mov w0, #'a'", "#'a'" },
    /* Padding of a fill, not no-ops.  */
    { ".balign 8, 0", ".balign" },
    { ".p2alignw 3, 0x1f20", ".p2alignw" },
    /* Out of the order of the text; two sections of one name.  */
    { ".subsection 1\n\tnop", ".subsection" },
    { ".text 1\n\tnop", ".text 1" },
    { ".pushsection .text, 1\n\tnop\n\t.popsection", ".pushsection" },
    { ".section .text.h,\"axG\",%progbits,h,comdat\n\tnop\n\t.previous", "comdat" },
    { ".section .text.u,\"ax\",%progbits,unique,2\n\tnop\n\t.previous", "unique" },
    /* The filter gives up on these.  */
    { ".rept 2\n\tnop\n\t.endr", "gave up" },
    { ".macro m\n\tnop\n\t.endm\n\tm", "gave up" },
    { ".if 1\n\tnop\n\t.endif", "gave up" },
  };
  long spans = 0;
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    {
      text t = { 0 };
      add (&t, "\t.text\nf:\n.L1000000001:\n\t%s\n.L1000000002:\n\tnop\ng:\n\tret\n",
           refused[i].text);
      char *why = compare (t.p, 2, &spans);
      CHECK_CONTAINS (why, refused[i].why);
      free (why);
      free (t.p);
    }
  /* #NO_APP on the first line: GNU as reads the text otherwise.  */
  char *why = compare ("#NO_APP\n\t.text\nf:\n.L1000000001:\n\tnop\ng:\n\tret\n", 1, &spans);
  CHECK (why != NULL);
  free (why);
  /* ... not on a later one, where it is a comment (GCC's inline asm).  */
  why = compare ("\t.text\nf:\n#APP\n.L1000000001:\n\tnop\n#NO_APP\ng:\n\tret\n", 1, &spans);
  CHECK (why == NULL);
  free (why);
  /* GCC's TLS descriptor call: the directive puts a relocation on the
     blr after it, no byte (gas 2.40 cannot place it after data).  */
  why = compare ("\t.text\nf:\n.L1000000001:\n\tldr x1, [x0]\n\t.tlsdesccall sym\n"
                 ".L1000000002:\n\tblr x1\ng:\n\tret\n", 2, &spans);
  CHECK (why == NULL);
  free (why);
}

int
main (void)
{
  have_as = have_assembler ("aarch64-linux-gnu-as", "aarch64_layout");
  test_refused ();
  test_random ();
  return unit_finish ("aarch64_layout");
}
