/* cachecat-link: flow facts for code without source (--flow-facts=FILE).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The C library's and vendor libraries' functions are modelled from the
   program's bytes (binary/from_bytes.h): no pragma can bound their
   loops, and a function without a model has no miss bound.  A flow-facts
   file gives them, as the user's promise (docs/semantics.md §7.5, "Flow
   facts"), one fact per line; `#' starts a comment:

     loop FUNCTION+OFFSET max N
         the loop whose header is at OFFSET (bytes, decimal or 0x hex)
         from FUNCTION's start (or from the symbol of one of its parts:
         f.cold+0x10) runs its body at most N times per execution: its
         header at most N + 1 times.  OFFSET is a loop's "header" in the
         report.
     misses FUNCTION max N
         one invocation of FUNCTION, with everything it calls, loads at
         most N lines into the cache (a function without a model too).

   FUNCTION is a name of the report (NAME@UNIT for a static function two
   units name alike).  */

#ifndef CACHECAT_FLOW_FACTS_H
#define CACHECAT_FLOW_FACTS_H

#include "link/whole_program.h"

/* Read the facts of the file at PATH into WP's model: a loop fact as a
   loop bound of its function (source CC_BOUND_FACTS), a misses fact as
   its cc_func.fact_misses.  0, or -1 with *ERR ("PATH:LINE: ...", or
   why the file cannot be read); then nothing is changed.  */
int cc_flow_facts_apply (cc_whole_program *wp, const char *path, char **err);

#endif
