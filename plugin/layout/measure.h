/* cachecat layout: where every instruction of a unit lies, into its model.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The glue (glue/unit_finish.cc) hands over the
   unit's assembly text, where our labels are in it, and the program model
   with GCC's estimates.  Here the filter reads the text (asm_filter.h);
   the layout is computed from the text (x86-64: x86_layout.h;
   AArch64: aarch64_layout.h; RISC-V without relaxation: riscv_layout.h),
   else decoded from an assembled object (x86_decode.h), else read
   from the labels of one (layout.h); it is checked against the model and
   written into it, and every insn becomes its machine instructions
   (machine.h).
   Any doubt on the way falls back to the next way; what no way gives is
   the layout's failure, and the caller reports the unit as not measured
   (cc_unit_unmeasured).  */

#ifndef CACHECAT_MEASURE_H
#define CACHECAT_MEASURE_H

#include "layout/layout.h"
#include "model/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the end of an insn is marked in the assembly.  */
enum cc_end_kind
{
  CC_END_NONE = 0,      /* not marked (function not modelled exactly) */
  CC_END_POSTSCAN = 1,  /* an end label "Lcce<N>" after the insn */
  CC_END_NOTE = 2       /* a note label "L<N>" after the insn (basic asm:
                           GCC's final calls no postscan hook for it) */
};

/* Our labels around one insn of GCC's.  */
typedef struct cc_insn_labels
{
  long start;           /* number of the note label before the insn */
  long end;             /* number of its end label (END_KIND) */
  unsigned char end_kind;
  int est_len;          /* GCC's length of the insn (get_attr_length) */
} cc_insn_labels;

/* One function of the unit.  */
typedef struct cc_unit_func
{
  uint32_t model_index; /* its cc_func in the model */
  const char *sym;      /* its symbol as printed */
  const char *cold_sym; /* its cold part's, NULL if one part */
  uint32_t n_insns;     /* the model's insns, as extracted */
  const cc_insn_labels *insns;
  /* Out: where insn I's machine instructions begin among the model's
     insns (n_insns + 1 entries, the caller frees), NULL if one each.  */
  uint32_t *mfirst;
  /* Out: why the function cannot be modelled exactly, if it now is
     flagged CC_FUNC_BROKEN for it (a static string), else NULL.  */
  const char *broken;
} cc_unit_func;

/* CACHECAT_LAYOUT, for the tests that compare the ways: always labels;
   decoding or computing, whose failure is then the layout's.  */
enum cc_layout_way
{
  CC_LAYOUT_ANY,
  CC_LAYOUT_LABELS,
  CC_LAYOUT_DECODE,
  CC_LAYOUT_COMPUTE
};

/* One of our labels that the text leaves out (the glue keeps them out
   of the unit's text, and knows where they stand): the line
   "PREFIX<NUM>:\n" belongs at POS of the unit's text, PREFIX the end
   prefix if END, else the note prefix.  */
typedef struct cc_text_mark
{
  long pos;
  unsigned long num;
  unsigned char end;
} cc_text_mark;

typedef struct cc_unit_text
{
  cc_layout_chunk chunks[2];  /* what the compiler wrote before the
                                 unit's code (target directives), then
                                 the unit */
  const cc_text_mark *marks;  /* our labels left out of chunks[1], in
                                 text order (N_MARKS; none: they are in
                                 the text) */
  size_t n_marks;
  const char *comment;        /* the target's comment leader */
  char separator;             /* its statement separator */
  const char *note_prefix;    /* our note labels: NOTE_PREFIX<n>, n above */
  unsigned long note_base;    /* NOTE_BASE, N_NOTES of them */
  unsigned long n_notes;
  const char *end_prefix;     /* our end labels, 1 .. N_ENDS */
  unsigned long n_ends;
  const char *machine_prefix; /* the labels the filter puts before
                                 machine instructions; NULL: none */
  const char *const *debug_prefixes; /* GCC's labels only debug
                                        information refers to, N_DEBUG */
  size_t n_debug;
  int x86_64;                 /* the target is x86-64 (64-bit mode) */
  enum cc_layout_way way;
  /* The driver's environment: which assembler it runs, and how.  */
  const char *collect_gcc, *collect_gcc_options, *collect_as_options;
} cc_unit_text;

/* Measure the layout of the unit T into M (N functions F).  Returns NULL,
   or why it could not be measured (the caller frees it, then calls
   cc_unit_unmeasured).  */
char *cc_measure_unit (const cc_unit_text *t, cc_model *m, cc_unit_func *f, uint32_t n);

/* The layout could not be measured: GCC's estimates stay, each part gets
   a placeholder section of its own, every function is flagged.  */
void cc_unit_unmeasured (cc_model *m);

#ifdef __cplusplus
}
#endif

#endif
