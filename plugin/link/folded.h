/* cachecat-link: functions that share their bytes, and bytes no name
   reaches.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Identical code folding (gold's and lld's --icf) keeps one copy of
   byte-identical functions: with gold the records of the others place
   them on the kept copy's bytes, with lld they are removed (address 0)
   and their symbols name the kept copy.  Either way one function runs
   there, under every name that reaches it.  And a weak function that
   another unit overrides may leave its copy in .text (without
   -ffunction-sections ld cannot drop part of a section): no symbol names
   it and nothing calls it, so it is never fetched.  */

#ifndef CACHECAT_FOLDED_H
#define CACHECAT_FOLDED_H

#include "link/whole_program.h"

/* Fold the functions of WP that start at the same address into the
   first of them (in the order of the records): it keeps every name (its
   aliases), the others are dropped and counted removed.  Folded copies
   of another shape than the first (another model of the same bytes),
   or whose other parts lie elsewhere, make it code without a model
   (CC_FUNC_BROKEN).  Its loop bounds hold for every copy (the largest;
   none where the copies' loops differ), its budgets are the tightest.
   Returns the new index of each old function (CC_NONE: folded away),
   to free, or NULL if nothing was folded.  */
uint32_t *cc_link_fold_identical (cc_whole_program *wp);

/* Add to each function of WP the names of IMG's other symbols at its
   start (lld's folded functions, aliases) to its aliases.  */
void cc_link_symbol_aliases (cc_whole_program *wp, const cc_elf_image *img);

/* Drop the functions of WP that run never: no symbol of IMG names their
   start, no modelled call reaches them, and no code holds an address of
   theirs (wp->escaped, wp->taken, flagged address-taken): they never
   run (an --entry that names one finds no model).  Counted in
   wp->n_dead.  Nothing is dropped from
   a program without symbols (stripped of .symtab: no name can be
   checked).  */
void cc_link_drop_dead_copies (cc_whole_program *wp, const cc_elf_image *img);

#endif
