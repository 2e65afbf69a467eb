/* cachecat output: the miss bounds as text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C.  The table `bounds' prints on stderr (per function the most
   misses one call causes, per loop one execution, with its iterations
   and where they come from), and the template `loop-template=' writes:
   the loops without an iteration bound, one per line as FILE:LINE, for
   the user to bound with a pragma (docs/semantics.md §7.5).  */

#ifndef CACHECAT_BOUNDS_TEXT_H
#define CACHECAT_BOUNDS_TEXT_H

#include "bounds/bounds.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Why a bound is missing (WHY of M's bounds), as a sentence to free.  */
char *cc_why_text (const cc_model *m, const cc_result *r, const cc_why *why);

void cc_bounds_table (FILE *out, const cc_model *m, const cc_result *r, const cc_bounds *b);

/* Write the template to PATH (atomically).  Returns 0, or -1 with *ERR
   set (to free).  */
int cc_loop_template_write (const char *path, const cc_model *m, const cc_result *r,
                            const cc_bounds *b, char **err);

#ifdef __cplusplus
}
#endif

#endif
