/* cachecat layout: what the layouts computed from the text share.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The targets whose layout is computed from
   the filter's events without assembling (AArch64: aarch64/aarch64_layout.h;
   RISC-V: riscv/riscv_layout.h) answer the query the same way the
   measuring assembly's object does (layout.h): one ELF section per code
   section of the filter, the query's names and numbered labels where the
   events put them, the padding known to be no-ops listed.  */

#ifndef CACHECAT_TEXT_LAYOUT_H
#define CACHECAT_TEXT_LAYOUT_H

#include "layout/asm_filter.h"
#include "layout/layout.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The query's names by hash: open addressing, slot = name index + 1.  */
typedef struct cc_names
{
  uint32_t *slot;
  uint32_t size;        /* a power of two */
} cc_names;

void cc_names_build (cc_names *t, const cc_layout_query *q);
/* The index of NAME among the query's names, or -1.  */
long cc_names_find (const cc_names *t, const cc_layout_query *q, const char *name);
void cc_names_free (cc_names *t);

/* The padding an alignment to ALIGN bytes puts at AT: to the boundary,
   none if that takes more than MAX (0: any), as write.c relax_segment
   does with rs_align_code.  */
uint64_t cc_align_pad (uint64_t at, uint64_t align, uint64_t max);

/* [FROM, TO) of ELF section S of L is no-ops (padding, or `nop'): one
   span more, or the last one longer.  *CAP: the room of L's list.  */
void cc_layout_add_fill (cc_layout *l, size_t *cap, uint32_t s, uint64_t from, uint64_t to);

/* Start L (an empty cc_layout) for Q from the events of F: NULL, or why
   the text cannot be followed (F refused a statement; the caller frees
   it).  Then L has its refs and numbered labels, all undefined.  */
char *cc_layout_computed_begin (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
                                int elf64, uint32_t machine);

/* The label event V (START, END, MSTART or SYMBOL; others are not
   labels) lies at HERE: into L's refs and numbered labels.  Returns NULL,
   or why not (a name of Q defined twice).  */
char *cc_layout_computed_label (cc_layout *l, const cc_layout_query *q, const cc_names *names,
                                const cc_asm_filter *f, const cc_asm_event *v,
                                cc_layout_ref here);

/* L's sections: the filter's code sections (ELF index = number in F + 1),
   of sizes SIZE[s] and alignments ALIGN[s].  */
void cc_layout_computed_sections (cc_layout *l, const cc_asm_filter *f, const uint64_t *size,
                                  const uint64_t *align);

#ifdef __cplusplus
}
#endif

#endif
