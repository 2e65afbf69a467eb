/* cachecat GCC glue: the RTL pass that models each function.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Runs right after "shorten", on the final insn stream.  For every insn
   that produces bytes it records kind and source line, builds its own CFG
   (blocks, calls, exits, successors: extract_cfg.cc) and puts a
   NOTE_INSN_DELETED_LABEL before the insn (and after a basic asm) so that
   the assembler tells the exact offsets later (extract_record.cc,
   unit_finish.cc).  Only notes are added: the code is byte-identical with
   and without the plugin.  This file is the pass and its first step:
   which insns produce bytes.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "glue/extract.h"
#include "layout/target.h"

/* Data the back end places among the instructions (ARM's literal pools,
   the target's table says which): control never reaches it, so it is
   not fetched as instructions: it takes bytes of the section but is not
   modelled, like an inline jump table.  */
static bool
pool_data_p (rtx_insn *insn)
{
  const cc_layout_target *t = cc_layout_target_of (cc_built_arch ());
  if (!t->gcc_data_insn || INSN_CODE (insn) < 0)
    return false;
  const char *name = get_insn_name (INSN_CODE (insn));
  return name && t->gcc_data_insn (name);
}

/* Is TABLE, which JUMP jumps through, a table of branch instructions
   (the target's table says which jumps have one: A32's pc-relative
   switch)?  Such a table is modelled as code: a block of its own after
   the jump, whose entries are each maybe fetched (one per pass:
   unit_finish.cc) and which leads to every case.  */
bool
branch_table_p (rtx_insn *jump, rtx_jump_table_data *table)
{
  const cc_layout_target *t = cc_layout_target_of (cc_built_arch ());
  if (!t->gcc_branch_table_jump || INSN_CODE (jump) < 0
      || GET_CODE (PATTERN (table)) != ADDR_DIFF_VEC)
    return false;
  const char *name = get_insn_name (INSN_CODE (jump));
  return name && t->gcc_branch_table_jump (name);
}

/* Is jump table INSN one of branch instructions (branch_table_p)?
   Its jump is the insn before its label.  */
static bool
branch_table_data_p (rtx_insn *insn)
{
  rtx_insn *jump = PREV_INSN (insn);
  while (jump && !INSN_P (jump))
    jump = PREV_INSN (jump);
  rtx_jump_table_data *table = NULL;
  return jump && JUMP_P (jump) && tablejump_p (jump, NULL, &table) && table == insn
         && branch_table_p (jump, table);
}

static enum xkind
classify (rtx_insn *insn)
{
  if (insn && JUMP_TABLE_DATA_P (insn))     /* not INSN_P */
    return branch_table_data_p (insn) ? X_TABLE : X_SKIP;
  if (!insn || !INSN_P (insn) || DEBUG_INSN_P (insn))
    return X_SKIP;
  if (pool_data_p (insn))
    return X_SKIP;
  rtx pat = PATTERN (insn);
  if (!pat)
    return X_SKIP;
  switch (GET_CODE (pat))
    {
    case USE:
    case CLOBBER:
    case ADDR_VEC:
    case ADDR_DIFF_VEC:
      return X_SKIP;
    case ASM_INPUT:
      return X_BASIC_ASM;
    case PARALLEL:
      if (XVECLEN (pat, 0) > 0 && GET_CODE (XVECEXP (pat, 0, 0)) == ASM_INPUT)
        return X_BASIC_ASM;
      break;
    default:
      break;
    }
  if (asm_noperands (pat) >= 0)
    return X_ASM;
  return X_CODE;
}

/* X's modelled insns, in stream (= address) order: what classify keeps,
   with the part (hot 0, cold 1) each lies in.  */
static void
collect_insns (extraction *x)
{
  uint32_t n = 0, cap = 64;
  xins *xs = XNEWVEC (xins, cap);
  unsigned part = 0;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
        {
          if (part == 1)
            cc_extract_broken (x, "more than one text section switch");
          part = 1;
          x->two_parts = true;
          continue;
        }
      if (INSN_P (insn) && GET_CODE (PATTERN (insn)) == SEQUENCE)
        {
          cc_extract_broken (x, "delay-slot sequences are not supported");
          continue;
        }
      enum xkind k = classify (insn);
      if (k == X_SKIP)
        continue;
      if (k == X_ASM || k == X_BASIC_ASM)
        cc_glue_note_asm (insn);
      if (n == cap)
        {
          cap *= 2;
          xs = XRESIZEVEC (xins, xs, cap);
        }
      xs[n].insn = insn;
      xs[n].kind = k;
      xs[n].part = part;
      n++;
    }
  x->xs = xs;
  x->n = n;
}

/* What makes control flow that the model cannot follow.  */
static void
check_control_flow (extraction *x)
{
  if (x->fun->calls_setjmp)
    cc_extract_broken (x, "it calls a function that returns twice (setjmp)");
  if (x->fun->has_nonlocal_label)
    cc_extract_broken (x, "it has labels reached by non-local goto");
  if (crtl->profile)
    cc_extract_broken (x, "the profiling call (-pg) is not an insn");
}

/* Release the uid maps of the previous functions: their final is over.  */
static void
release_uid_maps (void)
{
  for (uint32_t i = 0; i < cc_glue.n_funcs; i++)
    if (cc_glue.funcs[i].uid_to_insn)
      {
        free (cc_glue.funcs[i].uid_to_insn);
        cc_glue.funcs[i].uid_to_insn = NULL;
        cc_glue.funcs[i].uid_limit = 0;
      }
}

/* FUN's model, added to cc_glue's: its insns, its CFG, the records.  */
static void
model_function (function *fun)
{
  tree decl = fun->decl;
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
    return;
  release_uid_maps ();
  char *sym = cc_extract_decl_name (decl);
  if (!sym)
    return;

  extraction x;
  memset (&x, 0, sizeof x);
  x.fun = fun;
  x.decl = decl;
  x.sym = sym;
  collect_insns (&x);
  check_control_flow (&x);

  cc_func f;
  memset (&f, 0, sizeof f);
  cc_extract_cfg (&x, &f);
  cc_glue_func *gf = cc_extract_record (&x, &f);

  /* A function without code (e.g. only __builtin_unreachable) is kept,
     flagged, without a warning: there is nothing to report on.  */
  if (x.why || x.n == 0)
    {
      f.flags |= CC_FUNC_BROKEN;
      if (x.why)
        warning_at (DECL_SOURCE_LOCATION (decl), 0,
                    "cachecat: cannot model %qs: %s; its instructions are "
                    "reported as conflict", sym, x.why);
    }

  cc_glue_take_loop_bounds (fun, &f);
  cc_glue.model.funcs[gf->model_index] = f;
  free (x.xs);
}

/* The pass: every function's model, while the plugin is active.  */

static bool
cachecat_gate (function *)
{
  return cc_glue.active;
}

static unsigned int
cachecat_execute (function *fun)
{
  if (cc_glue.active && fun)
    model_function (fun);
  return 0;
}

#define PASS_NAME cachecat
#define PASS_KIND rtl
#include "glue/pass_generator.h"
