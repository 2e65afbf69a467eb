/* cachecat output: the program lines that share a cache set.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A conflict instruction is explained by the other program lines of its
   set, which may evict its line (docs/semantics.md §7.6): the report's
   "set_mates" and the notes of the conflict limits name them.  */

#ifndef CACHECAT_SET_MATES_H
#define CACHECAT_SET_MATES_H

#include "engine/engine.h"
#include "model/model.h"

#include <stdint.h>

/* A program line with a reported insn.  */
typedef struct cc_set_mate
{
  uint32_t group;        /* its section (a unit's sets are relative to
                            it), 0 for all after the link */
  uint32_t set, line;    /* its cache set and program line */
  uint32_t func, insn;   /* its first reported insn */
} cc_set_mate;

/* Every program line with reported insns, once, by (group, set, line).  */
typedef struct cc_set_mates
{
  cc_set_mate *v;
  uint32_t n;
} cc_set_mates;

/* Index the program lines of R; LINKED: the sets are absolute (after the
   link), so lines of every section share them.  */
void cc_set_mates_index (cc_set_mates *x, const cc_model *m, const cc_result *r, int linked);
void cc_set_mates_free (cc_set_mates *x);

/* The other program lines of the set of insn I of function FI (an insn
   of the report): the first at most CAP of them, as indices into X, into
   OUT; returns how many there are in all.  */
uint32_t cc_set_mates_of (const cc_set_mates *x, const cc_model *m, const cc_result *r,
                          int linked, uint32_t fi, uint32_t i, uint32_t cap, uint32_t *out);

/* Those lines, at most SHOWN, as text (to free): "'g' (a.c:30),
   'h' (a.c:44) and 3 more"; NULL when there are none.  */
char *cc_set_mates_text (const cc_set_mates *x, const cc_model *m, const cc_result *r,
                         int linked, uint32_t fi, uint32_t i, uint32_t shown);

#endif
