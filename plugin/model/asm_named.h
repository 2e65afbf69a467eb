/* cachecat: the functions an assembly text names.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A function that top-level asm or an asm statement names by its symbol
   may be called through an address the compiler never sees (a table in
   asm, `.long f - table', a call from asm): the unit's analysis must
   take it for a root, and cachecat-link for a target of a closed
   program's indirect calls (docs/semantics.md §7.4).  */

#ifndef CACHECAT_ASM_NAMED_H
#define CACHECAT_ASM_NAMED_H

#include "model/model.h"

/* Flag CC_FUNC_ADDRESS_TAKEN every function of M whose symbol (any
   part's) is an identifier of TEXT, an assembly text: a word of the
   characters GNU as allows in a symbol, not starting with a digit.  A
   word that only looks like a name (an operand name, a mnemonic) costs
   precision, never soundness.  Returns how many functions it flagged
   that were not flagged before.  */
uint32_t cc_model_flag_asm_named (cc_model *m, const char *text);

#endif
