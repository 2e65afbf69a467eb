/* cachecat-link: the functions self-relative tables reach.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A table need not hold a function's address to reach it: hand-written
   assembly (and GCC on some targets) writes offsets, `.long f - table'
   or `.long f - .', and code adds the entry to the table's start or to
   the entry's own address, then calls the sum.  Such a function's
   address appears nowhere in the program, yet it runs.  An entry is
   read as a 32-bit or 64-bit signed offset at every byte of the data
   (docs/semantics.md §7.4): from its own address; and in a closed
   program also from a base, an address the program holds (an absolute
   value in its data, an operand or a reference of its code) at or
   before the entry in the same object, as a table's start is.  An
   object is what a symbol's size covers, or the stretch between two
   symbols (a table in asm under a local label); C's pointer arithmetic
   does not leave one.  In a program that is not closed, code without a
   model is the only code that could use such a table without the
   program holding its targets' addresses, and it can form any address
   anyway: there the bases are not read (in a static glibc program, the
   entries of glibc's jump tables and of GCC's own, read from the other
   addresses held near them, reached functions of the program by
   coincidence).  In code only the bytes its mapping symbols mark as
   data ($d: ARM's literal pools, data in AArch64 and RISC-V code) are
   read, and only as offsets from their own address: instructions read
   as offsets reach some function by coincidence in every big program,
   and x86-64 code, which has no mapping symbols, is not read (in a
   closed program every byte of code is modelled or padding).  Not in
   the unwinder's tables (.eh_frame, ...), whose offsets reach every
   function but which nothing calls through.  A coincidence only costs
   precision.  */

#ifndef CACHECAT_REL_TABLES_H
#define CACHECAT_REL_TABLES_H

#include "isa/isa.h"
#include "binary/elf_image.h"

#include <stdint.h>

/* The addresses the program holds, where a table may start: ranges
   [lo, hi] (an instruction's reference may be a range: an adrp's page).  */
typedef struct cc_bases
{
  cc_addr_range *v;
  uint32_t n, cap;
  cc_addr_range *sections;     /* the allocated sections [lo, hi), by address:
                                  a table is in one, so only a base there is
                                  kept */
  uint32_t n_sections;
} cc_bases;

/* No bases yet, in the program IMG.  */
void cc_bases_init (cc_bases *b, const cc_elf_image *img);
/* The bases [LO, HI] (those in an allocated section of the program); B
   may be NULL (no bases wanted: nothing).  */
void cc_bases_add (cc_bases *b, uint64_t lo, uint64_t hi);
/* Sort and merge: only then may cc_rel_tables_scan read B.  */
void cc_bases_seal (cc_bases *b);
void cc_bases_free (cc_bases *b);

/* Every byte of IMG's allocated sections outside SKIP (N_SKIP ranges
   [lo, hi), in address order: the modelled code) read as a 32-bit and,
   in a 64-bit program, a 64-bit signed offset: for each function start
   of STARTS (N_STARTS, ascending) that the entry reaches from its own
   address or (in data, if BASES is not NULL) from a base of BASES at or
   before it in its object, HIT (DATA, the index of that start in
   STARTS, the entry's address).  On ARM a target's Thumb bit is ignored.  Returns 0, or -1
   if the entries are too many to check (over a few hundred million
   tries): then some function an entry reaches may not have been hit.  */
int cc_rel_tables_scan (const cc_elf_image *img, int thumb, const cc_bases *bases,
                        const cc_addr_range *skip, uint32_t n_skip, const uint64_t *starts,
                        uint32_t n_starts,
                        void (*hit) (void *data, uint32_t start, uint64_t entry),
                        void *data);

#endif
