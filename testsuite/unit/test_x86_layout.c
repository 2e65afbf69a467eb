/* cachecat unit tests: the layout computed without assembling.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Texts go through the filter in encoding mode and cc_layout_compute, and
   every label must be where gas puts it (the same text assembled with the
   labels kept).  Most texts are random: jumps forward and back over
   distances around the 128 bytes where gas switches forms, alignments
   with and without a maximum, two code sections, jumps to the other
   section, to an undefined symbol, to a weak one and through @PLT.
   Relaxation is where an exact copy of gas's algorithm matters (a
   jump may stay long although it would fit at the end), so these are
   many.  The refusals (an equate as a jump target, data in code) are
   checked too.  Needs `as` for x86-64 on the PATH.  */

#include "unit.h"
#include "asm_text.h"
#include "layout/asm_filter.h"
#include "layout/layout.h"
#include "layout/x86/x86_filter.h"
#include "layout/x86/x86_layout.h"

#include <stdint.h>
#include <stdlib.h>

#define MAX_LABELS 4000

/* Compute TEXT's layout and, unless it is refused, compare every start
   label (.L<1000000000 + i>, N of them) with gas's.  Returns the
   refusal, or NULL.  */
static char *
compare (const char *src, uint32_t n)
{
  cc_asm_filter *f = cc_asm_filter_new ("#", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  cc_asm_filter_events (f, ".L");
  cc_asm_filter_encode (f);
  cc_asm_filter_add (f, src, strlen (src));
  cc_layout_chunk kept;
  kept.data = cc_asm_filter_finish (f, &kept.size);
  if (!CHECK (kept.data))
    {
      cc_asm_filter_free (f);
      return strdup ("the filter gave up");
    }
  cc_layout_query q;
  test_query (&q, n);
  cc_layout computed;
  unsigned char *unchecked = NULL;
  char *why = cc_layout_compute (&computed, &q, f, &unchecked);
  if (!why)
    {
      char *cmd[] = { (char *) "as", (char *) "--64", (char *) "-L", NULL };
      cc_layout real;
      char *err = NULL;
      if (CHECK (cc_layout_measure (cmd, &kept, 1, &q, &real, &err) == 0))
        {
          CHECK (layouts_differ (&real, &computed, n) == 0);
          if (unit_failed)
            fprintf (stderr, "%s\n", src);
          cc_layout_free (&real);
        }
      else
        fprintf (stderr, "    %s\n", err ? err : "?");
      free (err);
      cc_layout_free (&computed);
    }
  free (unchecked);
  cc_asm_filter_free (f);
  return why;
}

/* Fillers: statements and their lengths.  */
static const char *const fillers[] = {
  "nop", "ret", "pushq %rbp", "movq %rsp, %rbp", "addq $1, %rax", "movl $1, %eax",
  "leaq 8(%rsp), %rax", "movabsq $1, %rax", "movsd sym(%rip), %xmm0",
  "call g@PLT", "cmpl $1000, 400(%rbx,%rcx,4)"
};

/* One random text with about N_STMTS statements.  Returns its number of
   start labels.  */
static uint32_t
random_text (text *t, uint32_t n_stmts, int two_sections)
{
  uint32_t n_targets = 2 + rnd (30);
  uint32_t lab = 0;
  add (t, "\t.text\n\t.weak g\n\t.p2align 4\nf:\n");
  int in_cold = 0;
  uint32_t defined = 0;
  for (uint32_t i = 0; i < n_stmts; i++)
    {
      if (two_sections && rnd (60) == 0)
        {
          in_cold = !in_cold;
          add (t, in_cold ? "\t.section .text.unlikely,\"ax\",@progbits\n" : "\t.text\n");
        }
      uint32_t r = rnd (100);
      if (r < 8 && defined < n_targets)
        add (t, ".Lt%u:\n", defined++);
      else if (r < 12)
        add (t, rnd (2) ? "\t.p2align 4,,10\n" : rnd (2) ? "\t.p2align 3\n" : "\t.p2align 5,,%u\n",
             rnd (31) + 1);
      else if (r < 30)
        {
          static const char *const jumps[] = { "jmp", "jne", "je", "jg", "jbe" };
          const char *j = jumps[rnd (5)];
          uint32_t k = rnd (n_targets + 1);
          add (t, ".L%u:\n", 1000000001u + lab++);
          if (k == n_targets)
            add (t, "\t%s %s\n", j, rnd (4) == 0 ? "g" : rnd (3) == 0 ? "ext@PLT"
                                    : rnd (2) ? "undefined_sym" : "f");
          else
            add (t, "\t%s .Lt%u\n", j, k);
        }
      else
        {
          add (t, ".L%u:\n", 1000000001u + lab++);
          add (t, "\t%s\n", fillers[rnd (sizeof fillers / sizeof fillers[0])]);
        }
      if (lab >= MAX_LABELS - 2)
        break;
    }
  while (defined < n_targets)
    add (t, ".Lt%u:\n\tnop\n", defined++);
  add (t, "\t.text\ng:\n\tret\n");
  return lab;
}

static char *
one_seed (uint32_t seed)
{
  text t = { 0 };
  uint32_t n = random_text (&t, 40 + rnd (400), seed % 3 == 0);
  char *why = compare (t.p, n);
  free (t.p);
  return why;
}

static void
test_random (void)
{
  CHECK_EQ (random_seeds (400, one_seed), 400);
}

/* What must not be computed.  */
static void
test_refused (void)
{
  static const char *const refused[] = {
    /* A jump to another name of a label: gas may relax it.  */
    "\t.text\nf:\n.L1000000001:\n\tjmp h\n.Lx:\n\tnop\n\t.set h, .Lx\ng:\n\tret\n",
    /* Data in code.  */
    "\t.text\nf:\n.L1000000001:\n\t.byte 0x90\ng:\n\tret\n",
    /* A number as a symbol's value: an operand could be shorter.  */
    "\t.text\n\t.set K, 5\nf:\n.L1000000001:\n\taddl $K, %eax\ng:\n\tret\n",
    /* A difference of labels is a number too.  */
    "\t.text\n\t.set K, .Lb-.La\n.La:\n\tnop\n.Lb:\nf:\n.L1000000001:\n\taddl $K, %eax\n"
    "g:\n\tret\n",
    /* An instruction the encoder does not know.  */
    "\t.text\nf:\n.L1000000001:\n\tvaddps %zmm0, %zmm1, %zmm2\ng:\n\tret\n",
    /* Section groups: two sections of one name.  */
    "\t.section .text.f,\"axG\",@progbits,f,comdat\nf:\n.L1000000001:\n\tret\ng:\n\tret\n",
    /* An ifunc.  */
    "\t.text\n\t.type f, @gnu_indirect_function\nf:\n.L1000000001:\n\tret\ng:\n\tret\n",
    /* foo@PLT to a symbol of the same section: relaxed unless foo is
       global, not followed.  */
    "\t.text\nf:\n.L1000000001:\n\tjmp h@PLT\nh:\n\tnop\ng:\n\tret\n",
    /* ... and so is one to a global symbol of another visibility.  */
    "\t.text\n\t.globl h\n\t.hidden h\nf:\n.L1000000001:\n\tjmp h@PLT\nh:\n\tnop\ng:\n\tret\n",
    /* A label after a lone prefix.  */
    "\t.text\nf:\n\tlock\n.L1000000001:\n\taddl $1, (%rax)\ng:\n\tret\n",
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    {
      char *why = compare (refused[i], 1);
      if (!CHECK (why != NULL))
        fprintf (stderr, "    computed: %s\n", refused[i]);
      free (why);
    }
  /* An alias of a function is fine when nothing jumps to it; a jump to a
     weak symbol stays long.  */
  char *why = compare ("\t.text\n\t.weak g\nf:\n.L1000000001:\n\tjmp g\n"
                       ".L1000000002:\n\tret\n\t.set f2, f\ng:\n\tret\n", 2);
  CHECK (why == NULL);
  free (why);
  /* -fPIC: a (tail) call through the PLT of a global function of the
     same section stays long, whether it is declared global before or
     after, in code or in data; a weak one too.  */
  why = compare ("\t.text\n\t.globl h\nf:\n.L1000000001:\n\tjmp h@PLT\n.L1000000002:\n"
                 "\tjne k@PLT\n.L1000000003:\n\tjmp w@PLT\nh:\n\tnop\nk:\n\tnop\n"
                 "\t.weak w\nw:\n\tret\n\t.data\n\t.long 0\n\t.globl k\n\t.text\ng:\n\tret\n", 3);
  CHECK (why == NULL);
  free (why);
  /* GCC's merged constants: another name of a constant, or of an
     address in it.  */
  why = compare ("\t.section .rodata\n.LC2:\n\t.long 1\n\t.long 2\n\t.set .LC3,.LC2+4\n"
                 "\t.set .LC4, .LC2\n\t.text\nf:\n.L1000000001:\n\tmovss .LC3(%rip), %xmm0\n"
                 ".L1000000002:\n\taddl $.LC4+8, %eax\n.L1000000003:\n\tmovl .LC3, %eax\n"
                 "g:\n\tret\n", 3);
  CHECK (why == NULL);
  free (why);
}

int
main (void)
{
  test_refused ();
  test_random ();
  return unit_finish ("x86_layout");
}
