/* cachecat-link: the units' models put together on the program's final
   addresses.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   docs/design.md, "Link time", says what is checked and assumed.  */

#ifndef CACHECAT_WHOLE_PROGRAM_H
#define CACHECAT_WHOLE_PROGRAM_H

#include "isa/isa.h"
#include "binary/elf_image.h"
#include "model/model_record.h"
#include "engine/engine.h"

/* Why code without a model may call a function (wp->escaped, wp->taken):
   the first reason found.  0: none.  */
enum cc_root_kind
{
  CC_ROOT_NONE = 0,
  CC_ROOT_DATA,              /* its address is in the program's data */
  CC_ROOT_UNMODELLED_CODE,   /* code without a model refers to it */
  CC_ROOT_REL_TABLE,         /* a self-relative table's entry reaches it */
  CC_ROOT_MODELLED_CODE,     /* the modelled code refers to it */
  CC_ROOT_UNIT,              /* its unit flagged it address-taken */
  CC_ROOT_ENTRY_POINT        /* the program starts there (e_entry) */
};

/* Where a function of the whole program came from.  */
typedef struct cc_link_func
{
  uint32_t unit;               /* index into cc_whole_program.units, CC_NONE
                                  for a function modelled from its bytes */
  uint64_t *addr;              /* final address of each part */
  char **aliases;              /* the other names that reach it: functions
                                  folded into it, symbols at its start;
                                  NULL-terminated, or NULL */
  uint32_t n_aliases;
  uint64_t root_at;            /* where the reason of wp->taken is (an
                                  address of data, code or a table entry) */
  uint64_t escaped_at;         /* the same of wp->escaped */
  uint64_t *calls;             /* modelled from its bytes: per block, the
                                  address it calls (0: none or not known) */
  char *no_model;              /* modelled from its bytes but without a
                                  model (CC_FUNC_BROKEN): why */
  uint64_t fp_limit;           /* without a model, but with a footprint
                                  (cc_bytes_footprint): the end of its
                                  bytes, else 0 */
  uint64_t *fp_out;            /* where the footprint's code branches to */
  uint32_t n_fp_out;
  char *fp_why;                /* without a model and without a footprint
                                  (model.h, cc_footprint): why, if known */
} cc_link_func;

typedef struct cc_whole_program
{
  cc_arch arch;                /* the program's (isa/isa.h) */
  const cc_isa_target *target; /* its table */
  uint64_t gp;                 /* the global pointer's value (RISC-V), or 0 */
  uint64_t entry_point;        /* the ELF header's: where the program starts */
  cc_unit_record *units;
  uint32_t n_units;
  uint32_t n_removed;          /* functions the linker removed (--gc-sections,
                                  discarded COMDAT copies, folded into an
                                  identical one) */
  uint32_t n_dead;             /* functions no symbol names and nothing
                                  reaches: never fetched, left out */
  uint32_t n_inexact;          /* functions of units whose layout was not
                                  measured: not analysed */
  uint32_t n_relaxed;          /* units whose code the linker relaxed,
                                  placed from their records' marks */
  uint32_t n_unplaced;         /* functions of those the marks do not
                                  place (entry padding): not analysed */
  char **bytes_names;          /* names made for shared code of several
                                  entries (cc_bytes_split) */
  uint32_t n_bytes_names;
  uint32_t n_rerouted;         /* functions whose final bytes branch where
                                  their model does not (a linker's stub):
                                  not analysed */
  char *rerouted;              /* the first of them, and why */
  cc_model model;              /* one section per output section, offsets
                                  from its base; unique function names */
  cc_link_func *funcs;         /* parallel to model.funcs */
  uint64_t *section_base;      /* per model section: the address of offset 0,
                                  a multiple of the cache's way size */
  cc_code_range *unknown_code; /* code without a model among ours */
  uint32_t n_unknown_code;
  uint8_t *escaped;            /* per function: code without a model holds
                                  its address (enum cc_root_kind) */
  uint32_t n_escaped;          /* functions code without a model may call
                                  (cc_whole_program_enter) */
  uint32_t n_calls_resolved, n_calls_unknown;
  uint32_t n_plain_asm;        /* inline asm instructions found harmless in
                                  the final bytes: analysed as code */
  uint32_t n_settled;          /* GOT calls and jumps whose final bytes
                                  keep the model's boundaries */
  uint32_t n_asm_branching;    /* inline asm statements that may transfer
                                  control (not only run on or enter the
                                  kernel) */
  int rel_unsettled;           /* the entries of self-relative tables were
                                  too many to check (rel_tables.h): every
                                  function escaped */
  uint8_t *taken;              /* per function: the program's code or data
                                  holds its address (a superset of escaped;
                                  enum cc_root_kind, where: root_at) */
  char *open_because;          /* NULL if the program is closed: every
                                  function that may run is modelled, so an
                                  indirect call calls a function whose
                                  address it holds (docs/semantics.md
                                  §7.4); else why not */
  uint32_t n_indirect_sites;   /* indirect calls and jumps resolved to the
                                  functions whose address the program holds */
  uint32_t n_indirect_targets; /* those functions */
} cc_whole_program;

/* Build WP from the records of IMG for CACHE, checking every instruction
   against the final bytes.  Returns 0, or -1 with *ERR set to what is
   wrong, naming the function.  */
int cc_whole_program_build (cc_whole_program *wp, const cc_elf_image *img,
                            const cc_cache *cache, char **err);
/* The program starts at function ENTRY (CC_NONE: none), which is
   assumed to run once, as the entry (README).  In a program that is not
   closed, every other function whose address code without a model holds
   may be called from there; in a closed one, every indirect call calls
   one of the functions whose address the program holds, through a
   function of the model flagged CC_FUNC_SYNTHETIC.  */
void cc_whole_program_enter (cc_whole_program *wp, uint32_t entry);
void cc_whole_program_free (cc_whole_program *wp);

/* Why code without a model may call function F, a root (to free), or
   NULL if it is none.  */
char *cc_whole_program_root_because (const cc_whole_program *wp, uint32_t f);

#endif
