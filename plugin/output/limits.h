/* cachecat output: the conflict limits (max-conflicts-per-function,
   max-conflicts), the budgets the source gives functions
   (cachecat_max_misses, cachecat_max_conflicts), and what a breach says.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C.  Which limits a unit breaks, and the messages that explain it
   (per program line of the function, the conflict instructions and
   their source lines), in order; the glue turns each into a diagnostic
   at the place it names (an error fails the compile).  */

#ifndef CACHECAT_LIMITS_H
#define CACHECAT_LIMITS_H

#include "bounds/bounds.h"
#include "engine/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

enum cc_limit_kind
{
  CC_LIMIT_FUNCTION,    /* error at FUNC: its COUNT conflicts exceed LIMIT */
  CC_LIMIT_UNIT,        /* error at FUNC (the worst): the unit's COUNT
                           conflicts exceed LIMIT */
  CC_LIMIT_FUNC_COUNT,  /* note at FUNC: COUNT conflicts in it */
  CC_LIMIT_LINE,        /* note at insn INSN of FUNC: COUNT conflicts in
                           program line LINE (set SET) of SYMBOL, at WHERE
                           ("file:line, ...") */
  CC_LIMIT_MORE_LINES,  /* note at FUNC: COUNT more program lines */
  CC_LIMIT_BUDGET_CONFLICTS, /* error at FUNC: its COUNT conflicts exceed
                                its budget LIMIT (cachecat_max_conflicts) */
  CC_LIMIT_BUDGET_MISSES, /* error at FUNC: COUNT misses per call at most
                             (CC_UNBOUNDED: unbounded, WHERE says why)
                             exceed its budget LIMIT (cachecat_max_misses) */
  CC_LIMIT_BUDGET_CYCLES, /* error at FUNC: COUNT cycles of fetch time per
                             call at most (WHERE: its fetches and misses;
                             CC_UNBOUNDED: unbounded, WHERE says why) exceed
                             its budget LIMIT (cachecat_max_fetch_cycles) */
  CC_LIMIT_SHARE_INSN,  /* note at insn INSN of FUNC: up to COUNT misses
                           (CC_UNBOUNDED: unboundedly many) of a SYMBOL
                           (its category) instruction run up to RUNS
                           times (CC_UNBOUNDED: unboundedly often) */
  CC_LIMIT_SHARE_CALL,  /* note at call insn INSN of FUNC: up to COUNT
                           misses of RUNS calls of SYMBOL (NULL: code
                           outside the unit or through a pointer) */
  CC_LIMIT_MORE_SHARES, /* note at FUNC: COUNT more instructions and calls
                           share the rest */
  CC_LIMIT_BUDGET_LATER, /* note at FUNC: its miss budget LIMIT waits for
                            cachecat-link: it calls code outside the unit
                            or through a pointer (WHERE: the reason) */
  CC_LIMIT_BUDGET_CYCLES_LATER, /* the same of its fetch-time budget */
  CC_LIMIT_BUDGET_UNREACHED /* note at FUNC: the analysis does not reach it
                               from its entry, so its budgets are not
                               checked */
};

typedef struct cc_limit_msg
{
  enum cc_limit_kind kind;
  uint32_t func;        /* the model's function */
  uint32_t insn;        /* CC_LIMIT_LINE: its first conflict insn */
  uint64_t count;
  long long limit;
  uint32_t line, set;
  const char *symbol;
  const char *where;
  uint64_t runs;        /* CC_LIMIT_SHARE_* */
  const char *mates;    /* CC_LIMIT_LINE: the other lines of its set
                           (set_mates.h), or NULL */
  uint32_t lines;       /* CC_LIMIT_SHARE_INSN: the lines one fetch may
                           load */
} cc_limit_msg;

/* Is MSG said at its insn (else at its function)?  */
int cc_limit_at_insn (const cc_limit_msg *msg);

/* What MSG says, without the "cachecat: " every diagnostic starts with
   (to free): the words of GCC's diagnostics and cachecat-link's alike,
   and of the SARIF file's results.  FUNC names its function; PROGRAM: the
   unit is a whole program (cachecat-link).  *ERROR: it is an error, else
   a note.  */
char *cc_limit_text (const cc_limit_msg *msg, const char *func, int program, int *error);

/* Every program line with conflict insns, in every function: a
   CC_LIMIT_LINE message each, however many (SARIF's notes).  */
void cc_conflict_lines (const cc_model *m, const cc_result *r,
                        void (*say) (void *data, const cc_limit_msg *msg), void *data);

/* Check every function of M with a budget (CC_FUNC_BUDGETED) against
   its bound in B and its conflicts in R, calling SAY for every message in
   order.  LATER: the whole program is analysed after the link
   (cachecat-link reads the unit's record), so a miss budget that is
   unbounded because of a call out of the unit (or through a pointer)
   waits for it, with a note.  Returns how many budgets were exceeded.  */
unsigned cc_check_budgets (const cc_model *m, const cc_result *r, const cc_cache *cache,
                           const cc_bounds *b, int later,
                           void (*say) (void *data, const cc_limit_msg *msg), void *data);

/* Check the conflict counts of R against the limits (negative: none),
   calling SAY for every message in order.  LINKED: R is the whole
   program's after the link (its sets are absolute).  Returns how many
   limits were exceeded.  */
unsigned cc_check_limits (const cc_model *m, const cc_result *r, int linked,
                          long long per_function,
                          long long per_unit,
                          void (*say) (void *data, const cc_limit_msg *msg), void *data);

#ifdef __cplusplus
}
#endif

#endif
