/* cachecat output: a model analysed, and everything said about it.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C.  The sequence the plugin runs at the end of a unit and
   cachecat-link on the whole program: the engine's analysis, the miss
   bounds, the report, the conflict limits and the budgets with their
   diagnostics, and the SARIF file.  What differs between the two is in
   cc_output_job: the paths, whether the model is a whole program, and
   how a message is said (GCC's diagnostics at GCC's locations, or
   cachecat-link's lines on stderr).  */

#ifndef CACHECAT_ANALYSE_H
#define CACHECAT_ANALYSE_H

#include "bounds/bounds.h"
#include "engine/engine.h"
#include "output/limits.h"
#include "output/report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a message is said: its function's name, and FILE:LINE:COLUMN
   (FILE NULL: none; LINE, COLUMN 0: not known).  */
typedef struct cc_msg_place
{
  const char *func;
  const char *file;
  uint32_t line, column;
} cc_msg_place;

typedef struct cc_output_job
{
  /* What is analysed, and how.  */
  const cc_model *model;
  const cc_cache *cache;
  cc_report_info *info;        /* what the report states; its options
                                  give the entry, the limits, the SARIF
                                  path, the bounds table and the loop
                                  template; BOUNDS is set here */
  int whole_program;           /* the model is the linked program
                                  (cachecat-link): messages say so, and
                                  its sets are absolute */
  const cc_code_range *unknown_code; /* the whole program's code without a
                                  model (n_unknown_code ranges) */
  uint32_t n_unknown_code;
  int budgets_later;           /* cachecat-link checks the miss budgets
                                  again (cc_check_budgets' LATER) */
  const char *report;          /* the report's path */
  const char *cwd;             /* where the SARIF file's paths start */
  int table_first;             /* the bounds table before the files are
                                  written (cachecat-link), else after the
                                  conflict limits' messages (the plugin) */

  /* How the caller says things (DATA is theirs).  */
  void *data;
  /* After the analysis R: the caller's warnings about it.  NULL: none.  */
  void (*analysed) (void *data, const cc_model *m, const cc_result *r);
  /* Something failed: the analysis (PATH NULL, WHAT the reason), or
     writing WHAT ("report", "the SARIF file") to PATH for the reason ERR.
     Returns nonzero to stop there (cachecat-link's exit status 2), zero to
     go on without it (the plugin's error fails the compile anyway).  */
  int (*failed) (void *data, const char *what, const char *path, const char *err);
  /* After the report: the caller's own files (cachecat-link's listing).
     Returns nonzero to stop there.  NULL: none.  */
  int (*more_files) (void *data, const cc_result *r);
  /* MSG of the limits or budgets, whose words are TEXT (an error if
     IS_ERROR), as a diagnostic at the place it names.  */
  void (*say) (void *data, const cc_limit_msg *msg, const char *text, int is_error);
  /* Where MSG is, for the SARIF file: at its insn if AT_INSN, else at
     its function.  */
  void (*place) (void *data, const cc_limit_msg *msg, int at_insn, cc_msg_place *at);

  /* What it leaves the caller (to free: cc_result_free, cc_bounds_free):
     the results, NULL if the analysis failed, and their bounds.  */
  cc_result *result;
  cc_bounds *bounds;
} cc_output_job;

/* Analyse JOB's model and say everything about it, in the order the
   messages come: the analysis (and the caller's warnings about it), the
   bounds, the report and the caller's files, the conflict limits, the
   bounds table, the loop template, the budgets, and the SARIF file.
   Returns how many limits and budgets are broken, or -1 if a failure
   stopped it (JOB->failed said so).  */
int cc_analyse_and_report (cc_output_job *job);

#ifdef __cplusplus
}
#endif

#endif
