/* cachecat output: an instruction's verdict in words, for the assembler
   annotations and the listing, and the words the report shares with
   them.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_ANNOTATE_H
#define CACHECAT_ANNOTATE_H

#include "engine/engine.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The offset of insn I of F from the symbol of its part.  */
static inline uint32_t
cc_part_offset (const cc_func *f, uint32_t i)
{
  const cc_insn *in = &f->insns[i];
  return in->offset - f->parts[in->part].offset;
}

/* The category insn I of FN (results FR) is reported with: its merged
   verdict's, or "never-fetched" (a promise of its own, outside the
   engine's five).  */
const char *cc_insn_category (const cc_func *fn, const cc_func_result *fr, uint32_t i);

/* Has insn I a scope to print: first-miss or first-hit, and fetched?  */
int cc_insn_has_scope (const cc_func *fn, const cc_func_result *fr, uint32_t i);

/* The relocation the linker may rewrite an insn of REWRITE at (enum
   cc_rewrite), as the report names it; NULL for none.  */
const char *cc_rewrite_name (uint8_t rewrite);

/* The annotation of one GCC insn, the N machine instructions of function
   FUNC from FIRST, without the comment leader: "cachecat: first-miss
   scope=loop@0x18 line=3 set=1" for one, "cachecat: 2 instructions:
   always-hit line=3 set=3 | never-fetched line=4 set=0" for several.  */
void cc_annotation (const cc_model *m, const cc_result *r, uint32_t func,
                    uint32_t first, uint32_t n, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
