/* cachecat output: cachecat-link's summary on the terminal.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   What a user wants first after the link, before the report: whether
   the program is closed (or why not), the entry's bound, and per
   function its instructions, the shares of the categories and the most
   misses a call may cause, the functions with the most conflict
   instructions first.  */

#ifndef CACHECAT_SUMMARY_H
#define CACHECAT_SUMMARY_H

#include "bounds/bounds.h"
#include "output/report.h"

#include <stdio.h>

/* The summary of M's results R (bounds B) to F, with what INFO says of
   the program and the REPORT's path; at most MAX_FUNCS functions.  */
void cc_summary_write (FILE *f, const cc_model *m, const cc_result *r, const cc_bounds *b,
                       const cc_report_info *info, const char *report, uint32_t max_funcs);

#endif
