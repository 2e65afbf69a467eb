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
#include "model/model.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The character that comments out the rest of a line where a statement
   starts, in ARCH's GNU as, besides the comment leader GCC writes (the
   `#' of GCC's #APP and #NO_APP on AArch64, whose leader is `//'); 0 if
   there is none to add (x86's leader is `#'; ARM's gas reads `#' so too,
   which is not followed yet).  */
char cc_target_line_comment (cc_arch arch);

/* How reports name ARCH: "x86-64", "aarch64", "arm", "riscv", "unknown".  */
const char *cc_arch_name (cc_arch arch);

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
