/* cachecat-link internals that whole_program.c and call_graph.c share.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_WP_IMPL_H
#define CACHECAT_WP_IMPL_H

#include "link/whole_program.h"

typedef struct addr_ent
{
  uint64_t addr;
  uint32_t func;               /* index into the whole program's functions */
} addr_ent;

/* Bytes [lo, hi) of the program: a part of function FUNC.  */
typedef struct span
{
  uint64_t lo, hi;
  uint32_t section;            /* model section */
  uint32_t func;
} span;

/* whole_program.c: what the model and the program's bytes say.  */

/* The function whose part 0 starts at ADDR among the N sorted V, or
   CC_NONE.  */
uint32_t wp_func_at (const addr_ent *v, uint32_t n, uint64_t addr);
/* The final address of insn I of function FI.  */
uint64_t wp_insn_addr (const cc_whole_program *wp, uint32_t fi, uint32_t i);
/* The bytes at ADDR, at least N of them readable (*AVAIL: how many).  */
const unsigned char *wp_bytes_at (const cc_elf_image *img, uint64_t addr, uint64_t n,
                                  size_t *avail);
/* How the code at ADDR is read: ARM's mapping symbols say A32 or
   Thumb (CC_ISA_UNKNOWN if none does).  */
cc_isa wp_isa_at (const cc_whole_program *wp, const cc_elf_image *img, uint64_t addr);
/* What insn I of function FI does to control in the program's bytes,
   and its target (0 if none).  */
cc_branch_kind wp_insn_branch (const cc_whole_program *wp, const cc_elf_image *img,
                               uint32_t fi, uint32_t i, uint64_t *target);
/* The last instruction of block B of FN that is fetched (an int3 of
   -mharden-sls may follow a call), or CC_NONE.  */
uint32_t wp_last_fetched (const cc_func *fn, const cc_block *b);
/* Does the instruction the model has at insn IN read as the model's in
   the program (neither the linker's nor the asm's, and whole)?  */
int wp_plain_insn (const cc_insn *in);
/* The end of the asm statement of FN whose first insn is I: the
   consecutive asm insns that share its uid and part (I + 1 if I is no
   asm insn).  */
uint32_t wp_asm_statement_end (const cc_func *fn, uint32_t i);

/* call_graph.c: every call resolved from the final bytes, the roots
   (wp->escaped, wp->taken), and whether the program is closed
   (wp->open_because).  The functions start at STARTS (sorted); SPANS
   (sorted, N_SPANS) are the model's code.  */
void wp_mark_roots (cc_whole_program *wp, const cc_elf_image *img, const addr_ent *starts,
                    const span *spans, uint32_t n_spans);

/* kernel_asm.c: flag the units' asm statements that are system calls
   (cc_insn.kernel), on a target without an asm_flow.  */
void wp_kernel_asm (cc_whole_program *wp, const cc_elf_image *img);

/* footprints.c: the footprint of every function without a model whose
   modelling found its code (cc_link_func.fp_limit), into its model,
   or why it has none (fp_why).  SPANS (sorted, N_SPANS) are the
   model's code.  */
void wp_footprints (cc_whole_program *wp, const span *spans, uint32_t n_spans);

#endif
