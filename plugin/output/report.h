/* cachecat report: the side-car JSON file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_REPORT_H
#define CACHECAT_REPORT_H

#include "bounds/bounds.h"
#include "engine/engine.h"
#include "options/options.h"
/* cc_annotation and cc_insn_category were declared here: their callers
   outside output/ (glue.h, link/listing.c) find them through this.  */
#include "output/annotate.h"

/* The whole program's report (cachecat-link): where each function is.  */
typedef struct cc_report_link
{
  const char *program;         /* the linked program */
  uint32_t n_units;            /* units with a model */
  uint32_t n_relaxed;          /* of them, relaxed ones placed from their
                                  marks */
  uint32_t n_removed;          /* functions the linker removed (or folded
                                  into an identical one) */
  uint32_t n_dead;             /* functions no symbol names and nothing
                                  reaches: left out */
  uint32_t n_escaped;          /* functions code without a model may call */
  const uint64_t *section_base; /* per model section: address of offset 0 */
  const char *const *func_unit; /* per model function: its unit's source */
  char *const *func_root_because; /* per model function: why code without
                                  a model may call it, or NULL */
  char *const *const *func_aliases; /* per model function: NULL, or the
                                  other names that reach it (functions
                                  folded into it, symbols), NULL-terminated */
  char *const *func_no_model;  /* per model function: NULL, or why a
                                  function modelled from its bytes could
                                  not be */
  char *const *func_no_footprint; /* per model function: NULL, or why a
                                  function without a model has no
                                  footprint (model.h, cc_footprint) */
  const char *open_because;    /* NULL: the program is closed (indirect
                                  calls call the functions whose address
                                  it holds); else why not */
  uint32_t n_indirect_sites;   /* indirect calls so resolved */
  uint32_t n_indirect_targets; /* functions whose address it holds */
} cc_report_link;

/* What the report states beside the results.  */
typedef struct cc_report_info
{
  const char *source;          /* main input file of the unit */
  const char *arch;            /* what the code runs on (cc_arch_name) */
  const char *triple;          /* the compiler's target triple, NULL if
                                  not known (cachecat-link) */
  const cc_options *options;   /* cache shape, entry, limits */
  const char *layout_note;     /* NULL, or why addresses are not exact
                                  (then every insn is conflict) */
  char *layout_advice;         /* NULL, or why the layout leaves few promises
                                  and what to do ("advice" of "layout") */
  const cc_report_link *link;  /* NULL for a unit's report */
  const cc_bounds *bounds;     /* the most misses per call and loop
                                  execution, NULL if not computed */
} cc_report_info;

/* Write the JSON report for M and R to PATH atomically (a temporary file in
   the same directory, then rename).  Returns 0, or -1 with *ERR set to the reason (strerror); the
   caller names the path.  */
int cc_report_write (const char *path, const cc_model *m, const cc_result *r,
                     const cc_report_info *info, char **err);

#endif
