/* cachecat GCC glue: state shared by the plugin's C++ files.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Include after gcc-common.h.  The glue is thin: extract.cc turns each
   function's final RTL into a cc_func of the model, asm_capture.cc defers
   the assembly output and splices the annotations into it, unit_finish.cc
   measures the exact layout (layout.c), runs the engine and reports.  */

#ifndef CACHECAT_GLUE_H
#define CACHECAT_GLUE_H

extern "C" {
#include "model/model.h"
#include "engine/engine.h"
#include "options/options.h"
#include "output/report.h"
#include "output/limits.h"
#include "layout/layout.h"
#include "layout/measure.h"
#include "model/model_record.h"
#include "support/util.h"
}


/* What ARM's conditional-execution state machine did to an insn
   (asm_capture.cc; unit_finish.cc mends the model).  */
enum cc_ccfsm
{
  CC_CCFSM_NONE = 0,
  CC_CCFSM_JUMP = 1,   /* a jump printed conditionally, or not at all */
  CC_CCFSM_CALL = 2    /* a call printed conditionally (before ARMv5T) */
};

/* A function's budgets from the source (budgets.cc); negative: none.  */
typedef struct cc_budget
{
  long long max_misses;
  long long max_conflicts;
  long long max_fetch_cycles;
} cc_budget;

/* Per insn of GCC's RTL, what only the glue needs (the labels around
   it are in cc_glue_func.labels): the model's cc_func.insns until the
   layout makes them machine instructions (mfirst below).  */
struct cc_glue_insn
{
  unsigned char end_seen;   /* CC_END_POSTSCAN: printed */
  unsigned char ccfsm;      /* enum cc_ccfsm: a jump or call ARM's ccfsm
                               printed conditionally or not at all */
  unsigned char branch_table; /* A32: a switch table of branch
                                 instructions, one of which runs */
  long pos;             /* buffer offset where the annotation goes, or -1 */
  long mark;            /* marking: the mark of its end label, or -1 */
  int est_addr;         /* GCC's address estimate, from the part start */
  location_t loc;       /* source location (after the fall-backs) */
};

struct cc_glue_func
{
  uint32_t model_index; /* index into cc_glue.model.funcs */
  location_t loc;       /* DECL_SOURCE_LOCATION of the function */
  tree decl;            /* identity during final only; never dereferenced
                           after the function's passes */
  char *sym;            /* part 0 symbol as printed */
  char *cold_sym;       /* part 1 symbol as printed, NULL if one part */
  int exact;            /* insns carry start/end labels */
  uint32_t n_insns;
  cc_glue_insn *insns;
  cc_insn_labels *labels; /* parallel to insns: our labels around each */
  int uid_limit;        /* uid -> insn index, while final runs */
  int *uid_to_insn;
  cc_budget budget;     /* the source's budgets (budgets.cc), -1: none */
  uint32_t *mfirst;     /* once split into machine instructions: where
                           insn I's begin among the model's insns
                           (n_insns + 1 entries); NULL: one each */
};

/* Our diagnostics at the unit's end are about places in functions, but
   GCC is at the top level then: the C front end would print a line "At
   top level:" before the first of them, between notes.  Call before
   them: the last function a diagnostic named is the top level's.  */
static inline void
cc_glue_quiet_top_level (void)
{
  if (!current_function_decl)
    diagnostic_context_auxiliary_data (global_dc) = NULL;
}

/* The model insns of glue insn I of GF: [*FIRST, *FIRST + return).  */
static inline uint32_t
cc_glue_minsns (const cc_glue_func *gf, uint32_t i, uint32_t *first)
{
  if (!gf->mfirst)
    {
      *first = i;
      return 1;
    }
  *first = gf->mfirst[i];
  return gf->mfirst[i + 1] - gf->mfirst[i];
}

/* The glue insn that model insn M of GF belongs to.  */
static inline uint32_t
cc_glue_insn_of (const cc_glue_func *gf, uint32_t m)
{
  if (!gf->mfirst)
    return m;
  uint32_t lo = 0, hi = gf->n_insns;
  while (hi - lo > 1)
    {
      uint32_t mid = (lo + hi) / 2;
      if (gf->mfirst[mid] <= m)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* One of our labels that final printed into the buffer while the glue
   is marking (asm_capture.cc): left out of the buffer, and kept here
   with the place its line would have had (layout/measure.h).  */
typedef cc_text_mark cc_glue_mark;

struct cc_glue_state
{
  int active;           /* options parsed, not disabled, output captured */
  cc_options opts;
  int opts_valid;
  cc_model model;
  uint32_t n_funcs, cap_funcs;
  cc_glue_func *funcs;  /* parallel to model.funcs */
  /* Deferred output.  */
  FILE *real_asm;       /* the compiler's asm_out_file */
  FILE *mem;            /* our open_memstream replacement */
  char *mem_buf;
  size_t mem_size;
  char *header;         /* what was written before PLUGIN_START_UNIT */
  size_t header_size;
  unsigned end_counter; /* numbers of the "Lcce" end labels */
  /* Marking: our labels are left out of the buffer and kept as marks, in
     the order final printed them (on ELF targets, where every name is
     the prefix and the number; else they are printed).  */
  int marking;
  cc_glue_mark *marks;
  size_t n_marks, cap_marks;
  unsigned label_counter; /* our "L" note labels, above CC_GLUE_LABEL_BASE */
};

extern cc_glue_state cc_glue;

/* cachecat.cc */
/* Put PASS into GCC's passes at POS of the first instance of pass REF.  */
void cc_glue_insert_pass (const char *plugin_name, opt_pass *pass, const char *ref,
                          enum pass_positioning_ops pos);

/* budgets.cc */
void cc_glue_register_budgets (const char *plugin_name);
void cc_glue_read_budgets (tree decl, cc_budget *out);

/* loop_pragmas.cc */
/* A loop bound of the source, bound to its loop: the loop's condition is
   at FILE:LINE:COLUMN, spelled at SPELLED_LINE:SPELLED_COLUMN (of another
   file, or the same place, unless a macro wrote the loop).  */
struct cc_glue_loop_pragma
{
  location_t pragma_loc;
  const char *file;
  uint32_t line, column;
  uint32_t spelled_line, spelled_column;
  uint64_t max_runs;    /* header runs per execution: the pragma's B + 1 */
  uint8_t disowned;      /* GCC made its condition test another loop */
  uint8_t refuted;       /* said: GCC proves more runs */
};
void cc_glue_register_loop_pragmas (const char *plugin_name);
/* Has the unit a pragma bound to a loop (so far)?  */
bool cc_glue_any_loop_pragma (void);
/* The tightest pragma whose loop's condition is at LOC, or NULL.  A
   disowned pragma is none.  */
const cc_glue_loop_pragma *cc_glue_loop_pragma_at (location_t loc);
/* The test at LOC no longer counts the iterations of the pragmas' loop
   (WHY: the GCC option that did it): their bounds are not used, with a
   warning at each.  */
void cc_glue_disown_loop_pragmas (location_t loc, const char *why);
/* GCC proves that P's loop runs its body at least N times, more than P
   allows: an error at P, once.  */
void cc_glue_refute_loop_pragma (const cc_glue_loop_pragma *p, uint64_t n);

/* loop_checks.cc */
void cc_glue_register_loop_checks (const char *plugin_name);

/* loop_bounds.cc */
void cc_glue_register_loop_passes (const char *plugin_name);
/* Hand F (the model of FUN) the loop bounds recorded for FUN.  */
void cc_glue_take_loop_bounds (function *fun, cc_func *f);

/* macros.cc */
void cc_glue_register_macros (const char *plugin_name);

/* asm_names.cc */
void cc_glue_register_asm_names (const char *plugin_name);
/* Keep the text of INSN, an asm statement.  */
void cc_glue_note_asm (rtx_insn *insn);
/* Flag the functions of M the unit's asm texts name (model/asm_named.h),
   and forget the texts.  */
void cc_glue_flag_asm_named (cc_model *m);

/* extract.cc: the pass that models each function (extract.h).  */
opt_pass *make_cachecat_pass (gcc::context *ctxt);

/* extract_record.cc */
/* The printed form of an assembler name (what assemble_name writes).  */
char *cc_glue_printed_name (const char *asm_name);

/* asm_capture.cc */
void cc_glue_install_postscan (void);
void cc_glue_start_unit (void *gcc_data, void *user_data);
void cc_glue_postscan (FILE *f, rtx_insn *insn, rtx *ops, int n_ops);
void cc_glue_label_name (char *buf, size_t size, int kind, int number);
/* The prefixes of our note ("L") and end ("Lcce") labels as printed, if
   every name is its prefix and the number (ELF targets); false if not.  */
bool cc_glue_label_prefixes (char *note, char *end, size_t size);
/* The prefix of GCC's internal labels of KIND ("LBB" -> ".LBB"), if
   every such name is the prefix and the number; false if not.  */
bool cc_glue_internal_label_prefix (const char *kind, char *buf, size_t size);
void cc_glue_locate_note_ends (void);
void cc_glue_emit_output (const cc_result *r, const long *keep, size_t n_keep,
                          const long *keep_end, size_t n_keep_end);

/* unit_finish.cc */
void cc_glue_finish_unit (void *gcc_data, void *user_data);

/* Our NOTE_INSN_DELETED_LABEL numbers start here, far above the labels
   GCC numbers itself, so that GCC's own ".L" names stay unchanged.  */
#define CC_GLUE_LABEL_BASE 1000000000

#endif
