/* cachecat unit tests: the layout read from the assembled bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The x86-64 length decoder on encodings gas writes (the lengths are
   objdump's), the padding check, what a statement places, the filter's
   events, and the whole way from a text to label offsets, compared with
   the offsets the assembler itself gives for the same labels.  Needs `as`
   for x86-64 on the PATH.  */

#include "unit.h"
#include "layout/asm_filter.h"
#include "layout/x86/x86_statement.h"
#include "layout/layout.h"
#include "layout/x86/x86_decode.h"
#include "isa/x86/x86_length.h"

#include <stdlib.h>

/* The bytes of HEX ("48 89 e5").  */
static size_t
unhex (const char *hex, unsigned char *out)
{
  size_t n = 0;
  while (*hex)
    {
      if (*hex == ' ')
        {
          hex++;
          continue;
        }
      unsigned v;
      sscanf (hex, "%2x", &v);
      out[n++] = (unsigned char) v;
      hex += 2;
    }
  return n;
}

static int
length_of (const char *hex)
{
  unsigned char b[64];
  size_t n = unhex (hex, b);
  return cc_x86_length (b, n);
}

static int
padding (const char *hex)
{
  unsigned char b[64];
  size_t n = unhex (hex, b);
  return cc_x86_padding (b, n);
}

static void
test_lengths (void)
{
  CHECK_EQ (length_of ("c3"), 1);
  CHECK_EQ (length_of ("48 89 e5"), 3);
  CHECK_EQ (length_of ("48 83 ec 10"), 4);
  CHECK_EQ (length_of ("48 81 ec 00 01 00 00"), 7);
  CHECK_EQ (length_of ("41 50"), 2);
  /* Branches, and the 16-bit ones the decoder declines.  */
  CHECK_EQ (length_of ("e8 00 00 00 00"), 5);
  CHECK_EQ (length_of ("66 e8 00 00"), -1);
  CHECK_EQ (length_of ("eb 05"), 2);
  CHECK_EQ (length_of ("74 05"), 2);
  CHECK_EQ (length_of ("0f 84 00 00 00 00"), 6);
  /* Immediates by operand size.  */
  CHECK_EQ (length_of ("b8 01 00 00 00"), 5);
  CHECK_EQ (length_of ("66 b8 01 00"), 4);
  CHECK_EQ (length_of ("48 b8 01 00 00 00 00 00 00 00"), 10);
  CHECK_EQ (length_of ("48 c7 c0 01 00 00 00"), 7);
  CHECK_EQ (length_of ("a1 00 00 00 00 00 00 00 00"), 9);
  CHECK_EQ (length_of ("67 a1 00 00 00 00"), 6);
  CHECK_EQ (length_of ("c8 10 00 00"), 4);
  CHECK_EQ (length_of ("c2 08 00"), 3);
  /* Group 3: TEST has an immediate, NOT and NEG have none.  */
  CHECK_EQ (length_of ("f6 c1 01"), 3);
  CHECK_EQ (length_of ("f6 d1"), 2);
  CHECK_EQ (length_of ("f7 c1 01 00 00 00"), 6);
  CHECK_EQ (length_of ("66 f7 c1 01 00"), 5);
  CHECK_EQ (length_of ("f7 d9"), 2);
  /* ModRM forms: SIB, no base, RIP-relative, displacements.  */
  CHECK_EQ (length_of ("8b 04 25 00 00 00 00"), 7);
  CHECK_EQ (length_of ("8b 05 00 00 00 00"), 6);
  CHECK_EQ (length_of ("8b 44 24 08"), 4);
  CHECK_EQ (length_of ("8b 84 24 00 01 00 00"), 7);
  CHECK_EQ (length_of ("0f 22 d8"), 3);      /* mov %rax, %cr3 */
  CHECK_EQ (length_of ("0f 20 00"), 3);      /* ModRM read as a register */
  /* Prefixes and escapes.  */
  CHECK_EQ (length_of ("f0 48 0f b1 0f"), 5);
  CHECK_EQ (length_of ("f3 48 ab"), 3);
  CHECK_EQ (length_of ("f3 0f 1e fa"), 4);
  CHECK_EQ (length_of ("f2 0f 38 f1 c1"), 5);
  CHECK_EQ (length_of ("66 0f 3a 0f c1 08"), 6);
  CHECK_EQ (length_of ("0f 0f c1 9e"), 4);
  CHECK_EQ (length_of ("8f c0"), 2);         /* pop, not XOP */
  CHECK_EQ (length_of ("8f e8 78 c0 c1 05"), 6);
  /* VEX and EVEX.  */
  CHECK_EQ (length_of ("c5 f8 77"), 3);
  CHECK_EQ (length_of ("c5 f9 6f 04 24"), 5);
  CHECK_EQ (length_of ("c5 f9 70 c1 1b"), 5);
  CHECK_EQ (length_of ("c4 e3 79 0f c1 08"), 6);
  CHECK_EQ (length_of ("c4 e2 79 18 05 00 00 00 00"), 9);
  CHECK_EQ (length_of ("62 f1 7c 48 10 04 24"), 7);
  CHECK_EQ (length_of ("62 f1 7c 48 10 44 24 01"), 8);
  CHECK_EQ (length_of ("62 f3 7d 48 1b c1 01"), 7);
  /* Declined: FWAIT, a REX before a prefix, invalid, too long, cut.  */
  CHECK_EQ (length_of ("9b df e0"), -1);
  CHECK_EQ (length_of ("48 66 90"), -1);
  CHECK_EQ (length_of ("06"), -1);
  CHECK_EQ (length_of ("66 66 66 66 66 66 66 66 66 66 66 66 66 66 66 90"), -1);
  CHECK_EQ (length_of ("e8 00 00"), -1);
  CHECK_EQ (length_of ("8b 84 24 00"), -1);
}

static void
test_padding (void)
{
  CHECK (padding (""));
  CHECK (padding ("90"));
  CHECK (padding ("66 90"));
  CHECK (padding ("0f 1f 00"));
  CHECK (padding ("0f 1f 40 00 90"));
  CHECK (padding ("66 2e 0f 1f 84 00 00 00 00 00"));
  CHECK (padding ("eb 01 90"));
  CHECK (!padding ("c3"));
  CHECK (!padding ("0f 1f 00 c3"));
  CHECK (!padding ("41 90"));               /* xchg %r8, %rax */
  CHECK (!padding ("eb 00 90"));            /* jumps into the padding */
  CHECK (!padding ("0f 1f"));               /* cut */
}

static int
stmt (const char *s, unsigned long *align, unsigned long *max)
{
  return cc_stmt_classify (s, s + strlen (s), align, max);
}

static void
test_statements (void)
{
  unsigned long a = 0, m = 0;
  CHECK_EQ (stmt ("\tmovl\t%eax, %ebx", &a, &m), CC_STMT_INSN);
  CHECK_EQ (stmt ("rep stosq", &a, &m), CC_STMT_INSN);
  CHECK_EQ (stmt ("fnstsw %ax", &a, &m), CC_STMT_INSN);
  CHECK_EQ (stmt ("{vex} vpaddd %xmm1, %xmm2, %xmm3", &a, &m), CC_STMT_INSN);
  CHECK_EQ (stmt (" lock ", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt ("REP", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt ("rex.W", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt ("\t.p2align 4,,10", &a, &m), CC_STMT_ALIGN);
  CHECK_EQ (a, 16);
  CHECK_EQ (m, 10);
  CHECK_EQ (stmt (".p2align 3", &a, &m), CC_STMT_ALIGN);
  CHECK_EQ (a, 8);
  CHECK_EQ (m, 0);
  CHECK_EQ (stmt (".balign 32", &a, &m), CC_STMT_ALIGN);
  CHECK_EQ (a, 32);
  CHECK_EQ (stmt (".align 16,,7", &a, &m), CC_STMT_ALIGN);
  CHECK_EQ (m, 7);
  CHECK_EQ (stmt (".type f, @function", &a, &m), CC_STMT_NOTHING);
  CHECK_EQ (stmt ("x = 1", &a, &m), CC_STMT_NOTHING);
  CHECK_EQ (stmt (".cfi_def_cfa_offset 16", &a, &m), CC_STMT_NOTHING);
  CHECK_EQ (stmt (".section .text.a,\"ax\",@progbits", &a, &m), CC_STMT_NOTHING);
  /* Not for sure: bytes by other means, another order, another mode.  */
  CHECK_EQ (stmt (".p2align 4,0x90", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".balign 12", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".byte 0x90", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".byte 0x66, 0x90", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".value 0x6690", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".long 0x66666666", &a, &m), CC_STMT_UNDECODABLE);
  /* Data that is prefix bytes (GCC's TLS sequences): a prefix.  */
  CHECK_EQ (stmt (".byte 0x66", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt (".value 0x6666", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt (".byte 0x2e, 0x48", &a, &m), CC_STMT_PREFIX);
  CHECK_EQ (stmt (".nops 4", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt ("fstsw %ax", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".text 1", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".pushsection .text, 1", &a, &m), CC_STMT_UNDECODABLE);
  CHECK_EQ (stmt (".code32", &a, &m), CC_STMT_UNDECODABLE);
}

/* A unit's text as the glue hands it over: our start labels .L<n>
   (n >= 1000000000) and end labels .Lcce<n>.  */
static const char unit_text[] =
  "\t.text\n"
  "\t.p2align 4\n"
  "\t.globl f\n"
  "\t.type f, @function\n"
  "f:\n"
  ".LFB0:\n"
  "\t.cfi_startproc\n"
  ".L1000000001:\n"
  "\tpushq %rbp\n"
  ".Lcce1:\n"
  ".L1000000002:\n"
  "\tmovq %rsp, %rbp\n"
  ".Lcce2:\n"
  "\t.p2align 4,,10\n"
  "\t.p2align 3\n"
  ".L3:\n"
  ".L1000000003:\n"
  "\tvmovups (%rsp), %zmm0\n"
  ".L1000000004:\n"
  "\tlock\n"
  "\taddl $1, (%rdi)\n"
  ".Lcce4:\n"
  "\tjne .L3\n"
  "\t.section .text.unlikely,\"ax\",@progbits\n"
  "f.cold:\n"
  ".L1000000005:\n"
  "\tud2\n"
  ".Lcce5:\n"
  "\t.text\n"
  ".L1000000006:\n"
  "\trep; stosq\n"
  ".L1000000007:\n"
  "\tret\n"
  ".Lcce7:\n"
  "\t.cfi_endproc\n"
  "\t.size f, .-f\n"
  "\t.section .rodata\n"
  ".LC0:\n"
  "\t.string \"x\"\n";

static const char *const unit_names[] = { "f", "f.cold" };

/* Measure TEXT both ways: with every label kept by the assembler, and
   decoded.  Returns the decoder's complaint (NULL: none) and checks that
   both give the same places.  OTHER, if not NULL, is assembled for the
   decoding instead: the events of one text against the bytes of
   another.  */
static char *
both_ways (const char *text, const char *other)
{
  cc_asm_filter *f = cc_asm_filter_new ("#", ';');
  cc_asm_filter_labels (f, ".L", 1000000000ul, ".Lcce");
  cc_asm_filter_events (f, ".L");
  cc_asm_filter_add (f, text, strlen (text));
  cc_layout_chunk kept;
  kept.data = cc_asm_filter_finish (f, &kept.size);
  if (!CHECK (kept.data))
    {
      cc_asm_filter_free (f);
      return strdup ("the filter gave up");
    }
  cc_layout_query q;
  memset (&q, 0, sizeof q);
  q.names = unit_names;
  q.n_names = 2;
  q.families[0] = (cc_layout_family) { ".L", 1000000000ul, 7 };
  q.families[1] = (cc_layout_family) { ".Lcce", 0, 7 };
  q.n_families = 2;
  char *labels_cmd[] = { (char *) "as", (char *) "--64", (char *) "-L", NULL };
  char *plain_cmd[] = { (char *) "as", (char *) "--64", NULL };
  cc_layout by_labels, by_bytes;
  char *err = NULL;
  if (!CHECK (cc_layout_measure (labels_cmd, &kept, 1, &q, &by_labels, &err) == 0))
    {
      fprintf (stderr, "    %s\n", err ? err : "?");
      free (err);
      cc_asm_filter_free (f);
      return strdup ("the assembler failed");
    }
  cc_layout_chunk plain;
  char *unlabelled = cc_asm_filter_unlabelled (f, &plain.size);
  plain.data = unlabelled;
  CHECK (strstr (unlabelled, ".L1000000001") == NULL);
  CHECK (strstr (unlabelled, ".Lcce") == NULL);
  CHECK (!strstr (text, "\n.L3:") || strstr (unlabelled, "\n.L3:"));
  if (other)
    {
      plain.data = other;
      plain.size = strlen (other);
    }
  q.keep_image = 1;
  char *why = NULL;
  if (CHECK (cc_layout_measure (plain_cmd, &plain, 1, &q, &by_bytes, &err) == 0))
    {
      why = cc_layout_decode (&by_bytes, &q, f);
      if (!why && !other)
        for (int fam = 0; fam < 2; fam++)
          for (uint32_t i = 0; i < 7; i++)
            {
              const cc_layout_ref *a = &by_labels.numbered[fam][i];
              const cc_layout_ref *b = &by_bytes.numbered[fam][i];
              if (!CHECK (a->section == b->section && a->offset == b->offset))
                fprintf (stderr, "    family %d label %u: %u+%llu by labels, %u+%llu decoded\n",
                         fam, i + 1, a->section, (unsigned long long) a->offset,
                         b->section, (unsigned long long) b->offset);
            }
      cc_layout_free (&by_bytes);
    }
  free (err);
  free (unlabelled);
  cc_layout_free (&by_labels);
  cc_asm_filter_free (f);
  return why;
}

static void
test_decode (void)
{
  char *why = both_ways (unit_text, NULL);
  CHECK (why == NULL);
  if (why)
    fprintf (stderr, "    %s\n", why);
  free (why);

  /* What makes the decoding give up: the text (and the bytes of another
     text, to show the checks on the walk), and the complaint.  */
  static const struct
  {
    const char *text, *other, *why;
  } refused[] = {
    /* Data in code: declined before the bytes are looked at.  */
    { "\t.text\nf:\n.L1000000001:\n\t.byte 0x90\n\tret\n", NULL,
      "not one the decoder follows" },
    /* An instruction the decoder declines.  */
    { "\t.text\nf:\n.L1000000001:\n\tfwait\n.L1000000002:\n\tret\n", NULL,
      "does not know" },
    /* Bytes the events do not account for (as if a statement had been
       two instructions): the walk ends short of the section.  */
    { "\t.text\nf:\n.L1000000001:\n\tnop\n.L1000000002:\n\tret\n",
      "\t.text\nf:\n\tnop\n\tnop\n\tret\n",
      "the walk ends at .text+0x2, the section at 0x3" },
    /* A function symbol that is not where the walk is.  */
    { "\t.text\n\tnop\nf:\n.L1000000001:\n\tret\n\tnop\n",
      "\t.text\n\tnop\n\tnop\nf:\n\tret\n", "f is at 0x2, the walk at .text+0x1" },
    /* A label between a prefix and its instruction.  */
    { "\t.text\nf:\n.L1000000001:\n\tlock\n.L1000000002:\n\taddl $1, (%rdi)\n", NULL,
      "a label after a prefix at .text+0" },
    /* Padding that is not NOPs where the alignment says.  */
    { "\t.text\nf:\n\tret\n\t.p2align 2\n.L1000000001:\n\tret\n",
      "\t.text\nf:\n\tret\n\tret\n\tret\n\tret\n\tret\n", "is not 3 bytes of padding" },
  };
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
    {
      why = both_ways (refused[i].text, refused[i].other);
      CHECK_CONTAINS (why, refused[i].why);
      free (why);
    }
}

int
main (void)
{
  test_lengths ();
  test_padding ();
  test_statements ();
  test_decode ();
  return unit_finish ("x86_decode");
}
