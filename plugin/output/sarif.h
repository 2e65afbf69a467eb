/* cachecat output: the SARIF 2.1.0 file (sarif=PATH).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C.  Code-scanning tools show SARIF's results in review: the
   limits and budgets a unit breaks (errors, with the notes that explain
   them as related locations) and its conflict instructions (a note per
   program line).  GCC 12 writes no SARIF of its own; the shape follows
   what GCC 13's -fdiagnostics-format=sarif-file writes: one run, the tool
   with its rules, paths relative to the working directory (uriBaseId
   PWD), the artifacts, and per result its rule, level, message, physical
   location and the function as a logical location.  */

#ifndef CACHECAT_SARIF_H
#define CACHECAT_SARIF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_sarif cc_sarif;

/* The rules of the results.  */
enum cc_sarif_rule
{
  CC_RULE_CONFLICT,            /* a program line with conflict instructions */
  CC_RULE_MAX_CONFLICTS_PER_FUNCTION,
  CC_RULE_MAX_CONFLICTS,
  CC_RULE_BUDGET_CONFLICTS,    /* cachecat_max_conflicts */
  CC_RULE_BUDGET_MISSES,       /* cachecat_max_misses */
  CC_RULE_BUDGET_CYCLES,       /* cachecat_max_fetch_cycles */
  CC_N_RULES
};

/* TOOL_VERSION: the plugin's; CWD: the directory relative paths start
   from; LANGUAGE: the sources' ("c").  */
cc_sarif *cc_sarif_new (const char *tool_version, const char *cwd, const char *language);

/* A result: RULE at FILE:LINE:COLUMN (FILE NULL: none; LINE, COLUMN 0:
   unknown) in function FUNC (NULL: none); an error if ERROR, else a
   note.  */
void cc_sarif_result (cc_sarif *s, enum cc_sarif_rule rule, int error, const char *message,
                      const char *file, uint32_t line, uint32_t column, const char *func);

/* A related location of the last result (what explains it).  */
void cc_sarif_related (cc_sarif *s, const char *message, const char *file, uint32_t line,
                       uint32_t column);

/* The diagnostic MSG of output/limits.h (TEXT, an error if IS_ERROR) at
   FILE:LINE:COLUMN in FUNC: an error is a result of its own, and so is a
   budget left to cachecat-link or not checked; a note explains the last
   result.  */
struct cc_limit_msg;
void cc_sarif_limit (cc_sarif *s, const struct cc_limit_msg *msg, const char *text,
                     int is_error, const char *file, uint32_t line, uint32_t column,
                     const char *func);

/* Write it to PATH atomically.  Returns 0, or -1 with *ERR (to free).  */
int cc_sarif_write (const cc_sarif *s, const char *path, char **err);
void cc_sarif_free (cc_sarif *s);

#ifdef __cplusplus
}
#endif

#endif
