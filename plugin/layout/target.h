/* cachecat: the target the plugin was built for, and what in the layout
   depends on it.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The plugin is built for one GCC, so for one
   target (its -dumpmachine triple, toolchain.h).  What its machine code
   says is the isa stage's (isa/isa.h); what is particular to a target's
   assembler text lives in its folder under plugin/layout/ (x86/, riscv/).  */

#ifndef CACHECAT_TARGET_H
#define CACHECAT_TARGET_H

#include "isa/isa.h"
#include "layout/asm_filter.h"
#include "layout/measure.h"
#include "model/model.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the layout's shared code asks of a target: how its assembler's
   text is read and, where it can be, how a layout is computed from it.
   Each target's is filled in layout/T/T_targ.c (targets.def names them);
   an operation the target has no use for is NULL.  */
typedef struct cc_layout_target
{
  /* cc_target_line_comment.  */
  char line_comment;
  /* GCC's code calls its assembler's millicode routines, which the filter
     must know (cc_asm_filter_millicode: RISC-V's -msave-restore): is the
     statement [P, E) such a call?  NULL: there are none.  */
  int (*millicode) (const char *p, const char *e);
  /* How the filter reads the target's statements (cc_layout_reader);
     NULL: as x86-64's.  */
  const cc_stmt_reader *reader;
  /* What each statement in code does to control is known (machine.c):
     else an insn's later machine instructions may be skipped once one
     before them may send control elsewhere.  */
  int statements_known;
  /* cc_layout_moves_after_compile; NULL: the offsets are final.  */
  const char *(*moves_after_compile) (const char *header, size_t header_size,
                                      const char *code, size_t code_size);
  /* Can the layout of T be computed from its text, COMMAND being the
     measuring assembly (DIRECT: the assembler itself, else the driver)
     and DECODING the command that decodes its object (NULL: none)?  0:
     no; else what COMPUTE needs to know (RISC-V: the text's alignment).  */
  unsigned (*computing) (const cc_unit_text *t, char **command, int direct,
                         char **decoding);
  /* Ready the filter F for COMPUTE: the statements it records (the
     target's filter operations, layout/T/T_filter.c).  */
  void (*filter_computing) (cc_asm_filter *f);
  /* The layout L computed from the filter F's events (HOW: what
     COMPUTING returned; *UNCHECKED: per start label, whether GCC's length
     is no check of it, or NULL).  NULL, or why not (caller frees).  */
  char *(*compute) (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                    unsigned how, unsigned char **unchecked);
  /* Our labels placed by decoding the object assembled without them
     (x86_decode.h); NULL: not decoded.  */
  char *(*decode) (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f);
  /* GCC's lengths check a computed layout (not where GCC counts 4 bytes
     for an instruction gas compresses), inline asm's too unless
     CHECK_SKIPS_ASM.  */
  int lengths_check;
  int lengths_check_skips_asm;
  /* What the target's GCC back end places among the instructions
     (glue/extract.cc), by the name of an insn's pattern; NULL: nothing.
     DATA_INSN: data that control never reaches, which takes bytes but is
     not fetched (ARM's literal pools and the alignment before them).
     BRANCH_TABLE_JUMP: a jump through a relative table whose entries are
     branch instructions, fetched and run (A32's pc-relative switch).  */
  int (*gcc_data_insn) (const char *pattern);
  int (*gcc_branch_table_jump) (const char *pattern);
} cc_layout_target;

#define CC_TARGET(arch, folder, ...) extern const cc_layout_target cc_##folder##_layout;
#include "isa/targets.def"
#undef CC_TARGET

/* ARCH's table; for CC_ARCH_UNKNOWN one that knows nothing.  */
const cc_layout_target *cc_layout_target_of (cc_arch arch);

/* How the filter reads the statements of ARCH's text (asm_filter.h):
   its table's reader, or for a target that has none (every one but
   x86-64 so far), x86-64's, by which the machine instructions of GCC's
   insns (machine.h) have always been read; machine.c follows their flow
   only where statements_known.  */
const cc_stmt_reader *cc_layout_reader (cc_arch arch);

/* The character that comments out the rest of a line where a statement
   starts, in ARCH's GNU as, besides the comment leader GCC writes (the
   `#' of GCC's #APP and #NO_APP on AArch64, whose leader is `//'); 0 if
   there is none to add (x86's leader is `#'; ARM's gas reads `#' so too,
   which is not followed yet).  */
char cc_target_line_comment (cc_arch arch);

/* The plugin's own: what the compiler it was built for targets.  */
const char *cc_built_target (void);
cc_arch cc_built_arch (void);

/* Why the offsets of a unit for ARCH, measured from its text (HEADER:
   what the compiler wrote before its first function, CODE: the rest), may
   still change after the compile, or NULL if they are final.  */
const char *cc_layout_moves_after_compile (cc_arch arch, const char *header,
                                           size_t header_size, const char *code,
                                           size_t code_size);

/* Calls of M that the linker may route through a veneer on ARCH: on ARM
   and AArch64 a call (or a sibling call's branch) whose target is out of
   its range, as code in RAM called from flash is, goes through a stub
   the linker adds somewhere in the program, which M does not have.  Only
   a callee in the caller's own section, small enough to be in range, is
   reached directly; every other direct call becomes a call to unknown
   code, and its callee one that unknown code may call.  Returns how many
   calls changed.  */
uint32_t cc_target_veneer_calls (cc_arch arch, cc_model *m);

#ifdef __cplusplus
}
#endif

#endif
