/* cachecat-link: the annotated disassembly of the whole program.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_LISTING_H
#define CACHECAT_LISTING_H

#include "link/whole_program.h"

/* Write to PATH (atomically) the disassembly of every function of WP in
   PROGRAM, as objdump -d -l prints it (with source lines where the
   program has debug information), each instruction followed by its
   category.  Returns 0, or -1 with *ERR set.  */
int cc_write_listing (const char *path, const char *program, const cc_whole_program *wp,
                      const cc_result *r, char **err);

#endif
