/* cachecat-link: the functions of a unit the linker relaxed, placed on
   their final bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   docs/design.md, "Relaxed code", says how; docs/semantics.md §2.4 what
   it promises.  */

#ifndef CACHECAT_RELAXED_H
#define CACHECAT_RELAXED_H

#include "isa/isa.h"
#include "binary/elf_image.h"
#include "model/model_record.h"

/* If U is a relaxed unit's record (CC_RECORD_RELAXED), make its model's
   offsets and lengths the program's (IMG, of ARCH): every function the
   linker kept gets, per part, its final layout relative to the part's
   symbol, as an exact unit's model has it.  A function whose place the
   marks do not give (entry padding before its first insn, labels the
   plugin could not name) is one unsplit instruction per part, over its
   symbol's size, flagged CC_FUNC_BROKEN and counted in *N_UNPLACED.
   Returns 0, or -1 with *ERR set, naming the function, where the
   program's bytes are not the model's instructions.  */
int cc_link_place_relaxed (cc_unit_record *u, const cc_elf_image *img, cc_arch arch,
                           uint32_t *n_unplaced, char **err);

#endif
