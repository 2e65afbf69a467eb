/* cachecat GCC glue: the RTL pass that models each function.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Runs right after "shorten", on the final insn stream.  For every insn
   that produces bytes it records kind and source line, builds its own CFG
   (blocks, calls, exits, successors) and puts a NOTE_INSN_DELETED_LABEL
   before the insn (and after a basic asm) so that the assembler tells the
   exact offsets later (unit_finish.cc).  Only notes are added: the code is
   byte-identical with and without the plugin.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "layout/target.h"

#include <stdarg.h>

/* The printed form of an assembler name, the slow way: what
   assemble_name_raw writes.  */
static char *
printed_name_slow (const char *asm_name)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream (&buf, &size);
  if (!f)
    return xstrdup (asm_name[0] == '*' ? asm_name + 1 : asm_name);
  assemble_name_raw (f, asm_name);
  fclose (f);
  char *r = xstrdup (buf ? buf : "");
  free (buf);
  return r;
}

/* The printed form of an assembler name (what assemble_name writes).
   A memory stream per call adds up (one per call site); a name marked
   with '*' prints without it, and where the target prints a plain name
   as it is (ELF: checked once) so does every name made of identifier
   characters.  */
char *
cc_glue_printed_name (const char *asm_name)
{
  static int plain_names_verbatim = -1;
  if (!asm_name)
    return xstrdup ("");
  if (asm_name[0] == '*')
    return xstrdup (asm_name + 1);
  if (plain_names_verbatim < 0)
    {
      char *probe = printed_name_slow ("cachecat_probe");
      plain_names_verbatim = strcmp (probe, "cachecat_probe") == 0;
      free (probe);
    }
  if (plain_names_verbatim
      && strspn (asm_name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "0123456789_.$") == strlen (asm_name))
    return xstrdup (asm_name);
  return printed_name_slow (asm_name);
}

static char *
decl_printed_name (tree decl)
{
  if (!decl || !DECL_ASSEMBLER_NAME_SET_P (decl))
    return NULL;
  tree id = DECL_ASSEMBLER_NAME (decl);
  if (!id || TREE_CODE (id) != IDENTIFIER_NODE)
    return NULL;
  return cc_glue_printed_name (IDENTIFIER_POINTER (id));
}

/* Put a NOTE_INSN_DELETED_LABEL before (or after) WHERE and return its
   label number.  make_note_raw refuses that kind, so make a
   NOTE_INSN_DELETED note and retag it.  */
static int
insert_label_note (rtx_insn *where, bool after)
{
  /* Numbers far above GCC's own (gen_label_rtx would shift GCC's .L
     numbers, which then differ in the symbol table of i386 objects).
     Only final prints the note; nothing indexes tables with it.  */
  int num = CC_GLUE_LABEL_BASE + (int) ++cc_glue.label_counter;
  rtx_note *n;
  if (after)
    n = emit_note_after (NOTE_INSN_DELETED, where);
  else
    {
      /* add_insn_before asserts that WHERE does not head a basic block;
         a real insn never does, but stay clear of it anyway.  */
      basic_block bb = BLOCK_FOR_INSN (where);
      if (bb && BB_HEAD (bb) == where && PREV_INSN (where))
        n = emit_note_after (NOTE_INSN_DELETED, PREV_INSN (where));
      else
        n = emit_note_before (NOTE_INSN_DELETED, where);
    }
  NOTE_KIND (n) = NOTE_INSN_DELETED_LABEL;
  CODE_LABEL_NUMBER (n) = num;
  return num;
}

/* Kinds of insns in the stream.  X_TABLE: a switch table of branch
   instructions (arm_branch_table_p).  */
enum xkind { X_SKIP, X_CODE, X_ASM, X_BASIC_ASM, X_TABLE };

/* Data the ARM back end places among the instructions: a literal pool
   (its "minipool": consttable_1..16 and consttable_end) and the alignment
   before it.  Control never reaches it (a barrier or a branch around it
   precedes it), so it is not fetched as instructions: it takes bytes of
   the section but is not modelled, like an inline jump table.  */
static bool
arm_pool_data_p (rtx_insn *insn)
{
  if (cc_built_arch () != CC_ARCH_ARM || INSN_CODE (insn) < 0)
    return false;
  const char *name = get_insn_name (INSN_CODE (insn));
  return name && (startswith (name, "consttable_") || strcmp (name, "align_4") == 0
                  || strcmp (name, "align_8") == 0);
}

/* Is TABLE, which JUMP jumps through, a table of branch instructions?
   A32 switch code with -fpic/-fpie (GCC's default on Debian's armhf) adds
   the index to the pc: the entry it lands on is a `b` to the case, fetched
   and run, not data (aout.h, ASM_OUTPUT_ADDR_DIFF_ELT under TARGET_ARM).
   Thumb-2's relative tables are tbb/tbh offsets, data.  Such a table is
   modelled as code: a block of its own after the jump, whose entries are
   each maybe fetched (one per pass: unit_finish.cc) and which leads to
   every case.  */
static bool
arm_branch_table_p (rtx_insn *jump, rtx_jump_table_data *table)
{
  if (cc_built_arch () != CC_ARCH_ARM || INSN_CODE (jump) < 0
      || GET_CODE (PATTERN (table)) != ADDR_DIFF_VEC)
    return false;
  const char *name = get_insn_name (INSN_CODE (jump));
  return name && strstr (name, "arm_casesi") && !strstr (name, "thumb");
}

/* Is jump table INSN one of branch instructions (arm_branch_table_p)?
   Its jump is the insn before its label.  */
static bool
arm_branch_table_data_p (rtx_insn *insn)
{
  rtx_insn *jump = PREV_INSN (insn);
  while (jump && !INSN_P (jump))
    jump = PREV_INSN (jump);
  rtx_jump_table_data *table = NULL;
  return jump && JUMP_P (jump) && tablejump_p (jump, NULL, &table) && table == insn
         && arm_branch_table_p (jump, table);
}

static enum xkind
classify (rtx_insn *insn)
{
  if (insn && JUMP_TABLE_DATA_P (insn))     /* not INSN_P */
    return arm_branch_table_data_p (insn) ? X_TABLE : X_SKIP;
  if (!insn || !INSN_P (insn) || DEBUG_INSN_P (insn))
    return X_SKIP;
  if (arm_pool_data_p (insn))
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

/* One modelled insn while building.  */
struct xins
{
  rtx_insn *insn;
  enum xkind kind;
  unsigned part;
};

/* A growable list of block indices with duplicate suppression.  */
struct succ_list
{
  uint32_t n, cap;
  uint32_t *v;
};

struct builder
{
  uint32_t n_blocks;
  succ_list *succs;
  uint32_t *stamp;      /* per block: last owner that added it */
  const char *why;      /* first reason the function cannot be modelled */
};

static void
add_succ (builder *b, uint32_t from, uint32_t to)
{
  if (from >= b->n_blocks || to >= b->n_blocks)
    return;
  if (b->stamp[to] == from + 1)
    return;
  succ_list *s = &b->succs[from];
  for (uint32_t i = 0; i < s->n; i++)
    if (s->v[i] == to)
      {
        b->stamp[to] = from + 1;
        return;
      }
  if (s->n == s->cap)
    {
      s->cap = s->cap ? 2 * s->cap : 4;
      s->v = XRESIZEVEC (uint32_t, s->v, s->cap);
    }
  s->v[s->n++] = to;
  b->stamp[to] = from + 1;
}

static void
set_broken (builder *b, const char *why)
{
  if (!b->why)
    b->why = why;
}

/* The next insn after INSN that is not a note or a debug insn.  */
static rtx_insn *
next_real (rtx_insn *insn)
{
  for (insn = NEXT_INSN (insn); insn; insn = NEXT_INSN (insn))
    if (!NOTE_P (insn) && !DEBUG_INSN_P (insn))
      return insn;
  return NULL;
}

static bool
barrier_follows (rtx_insn *insn)
{
  rtx_insn *n = next_real (insn);
  return n && BARRIER_P (n);
}

/* Direct callee of call INSN that binds to its definition in this unit,
   as a printed name; NULL for an unknown call.  */
static char *
direct_callee (rtx_insn *insn)
{
  rtx call = get_call_rtx_from (insn);
  if (!call || GET_CODE (call) != CALL)
    return NULL;
  rtx mem = XEXP (call, 0);
  if (!mem || !MEM_P (mem))
    return NULL;
  rtx addr = XEXP (mem, 0);
  if (!addr || GET_CODE (addr) != SYMBOL_REF)
    return NULL;
  tree decl = SYMBOL_REF_DECL (addr);
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
    return NULL;
  cgraph_node *cn = cgraph_node::get (decl);
  if (!cn)
    return NULL;
  if (!cn->binds_to_current_def_p ())
    return NULL;
  cgraph_node *t = cn->ultimate_alias_target ();
  if (!t || !t->definition || !t->decl || DECL_EXTERNAL (t->decl)
      || t->inlined_to)
    return NULL;
  return decl_printed_name (t->decl);
}

static uint32_t
file_index (const char *file)
{
  if (!file || !*file)
    return CC_NONE;
  return cc_model_add_file (&cc_glue.model, file);
}

static uint32_t
function_flags (tree decl)
{
  uint32_t flags = 0;
  if (TREE_PUBLIC (decl) || DECL_PRESERVE_P (decl)
      || DECL_STATIC_CONSTRUCTOR (decl) || DECL_STATIC_DESTRUCTOR (decl))
    flags |= CC_FUNC_PUBLIC;
  /* The used attribute says that code GCC does not see refers to it
     (asm, a table written in asm): it may be called through its
     address, also in a program that is otherwise closed.  */
  if (DECL_PRESERVE_P (decl))
    flags |= CC_FUNC_ADDRESS_TAKEN;
  cgraph_node *node = cgraph_node::get (decl);
  if (node)
    {
      /* Not force_output: at -O0 every function has it, and it does not
         make a static function callable from outside (the used
         attribute, which does, is DECL_PRESERVE_P above).  */
      if (node->externally_visible || node->used_from_other_partition)
        flags |= CC_FUNC_PUBLIC;
      if (node->address_taken)
        flags |= CC_FUNC_ADDRESS_TAKEN;
      ipa_ref *ref;
      FOR_EACH_ALIAS (node, ref)
        {
          symtab_node *a = ref->referring;
          if (!a || !a->decl)
            continue;
          if (TREE_PUBLIC (a->decl) || a->externally_visible
              || a->used_from_other_partition || DECL_PRESERVE_P (a->decl))
            flags |= CC_FUNC_PUBLIC;
          if (a->address_taken)
            flags |= CC_FUNC_ADDRESS_TAKEN;
        }
    }
  return flags;
}

static cc_glue_func *
new_glue_func (void)
{
  if (cc_glue.n_funcs == cc_glue.cap_funcs)
    {
      uint32_t cap = cc_glue.cap_funcs ? 2 * cc_glue.cap_funcs : 16;
      cc_glue.funcs = XRESIZEVEC (cc_glue_func, cc_glue.funcs, cap);
      cc_glue.model.funcs = XRESIZEVEC (cc_func, cc_glue.model.funcs, cap);
      cc_glue.cap_funcs = cap;
    }
  uint32_t i = cc_glue.n_funcs++;
  memset (&cc_glue.funcs[i], 0, sizeof cc_glue.funcs[i]);
  memset (&cc_glue.model.funcs[i], 0, sizeof cc_glue.model.funcs[i]);
  cc_glue.model.n_funcs = cc_glue.n_funcs;
  cc_glue.funcs[i].model_index = i;
  cc_glue.funcs[i].budget.max_misses = cc_glue.funcs[i].budget.max_conflicts = -1;
  return &cc_glue.funcs[i];
}

/* Is LABEL a possible target of a computed jump?  */
static bool
computed_target_p (rtx_insn *label)
{
  if (LABEL_PRESERVE_P (label))
    return true;
  if (vec_safe_length (forced_labels))
    {
      unsigned i;
      rtx_insn *f;
      FOR_EACH_VEC_SAFE_ELT (forced_labels, i, f)
        if (f == label)
          return true;
    }
  return false;
}

/* GCC's length of INSN, or none when its output template is empty:
   RISC-V's gpr_restore_return, the return that `tail __riscv_restore_N'
   (-msave-restore) has already made, prints nothing while its length
   attribute says 4.  */
static int
est_length (rtx_insn *insn)
{
  /* A jump table's data has no insn code.  */
  int code = INSN_P (insn) ? INSN_CODE (insn) : -1;
  if (code >= 0 && insn_data[code].output_format == INSN_OUTPUT_FORMAT_SINGLE
      && insn_data[code].output.single && insn_data[code].output.single[0] == '\0')
    return 0;
  return get_attr_length (insn);
}

static void
model_function (function *fun)
{
  tree decl = fun->decl;
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
    return;

  /* Release the uid map of the previous function: its final is over.  */
  for (uint32_t i = 0; i < cc_glue.n_funcs; i++)
    if (cc_glue.funcs[i].uid_to_insn)
      {
        free (cc_glue.funcs[i].uid_to_insn);
        cc_glue.funcs[i].uid_to_insn = NULL;
        cc_glue.funcs[i].uid_limit = 0;
      }

  char *sym = decl_printed_name (decl);
  if (!sym)
    return;

  builder b;
  memset (&b, 0, sizeof b);

  /* 1. Collect the modelled insns in stream (= address) order.  */
  uint32_t n = 0, cap = 64;
  xins *xs = XNEWVEC (xins, cap);
  unsigned part = 0;
  bool two_parts = false;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
        {
          if (part == 1)
            set_broken (&b, "more than one text section switch");
          part = 1;
          two_parts = true;
          continue;
        }
      if (INSN_P (insn) && GET_CODE (PATTERN (insn)) == SEQUENCE)
        {
          set_broken (&b, "delay-slot sequences are not supported");
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

  if (fun->calls_setjmp)
    set_broken (&b, "it calls a function that returns twice (setjmp)");
  if (fun->has_nonlocal_label)
    set_broken (&b, "it has labels reached by non-local goto");
  if (crtl->profile)
    set_broken (&b, "the profiling call (-pg) is not an insn");

  /* 2. Blocks: leaders after labels, jumps, calls, barriers and the
     section switch.  LABEL_BLOCK maps label numbers to blocks.  */
  uint32_t *insn_block = XNEWVEC (uint32_t, n ? n : 1);
  uint32_t *block_first = XNEWVEC (uint32_t, n ? n : 1);
  uint32_t n_blocks = 0;
  hash_map<int_hash<int, -1, -2>, uint32_t> label_block;
  auto_vec<rtx_insn *> pending;
  {
    bool leader = true;
    uint32_t i = 0;
    for (rtx_insn *insn = get_insns (); insn && i <= n; insn = NEXT_INSN (insn))
      {
        if (LABEL_P (insn))
          {
            leader = true;
            pending.safe_push (insn);
            continue;
          }
        if (BARRIER_P (insn))
          {
            leader = true;
            continue;
          }
        if (NOTE_P (insn)
            && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
          {
            leader = true;
            pending.truncate (0);   /* such labels lead nowhere */
            continue;
          }
        if (i >= n || insn != xs[i].insn)
          continue;
        if (leader || n_blocks == 0)
          block_first[n_blocks++] = i;
        leader = false;
        uint32_t blk = n_blocks - 1;
        unsigned j;
        rtx_insn *l;
        FOR_EACH_VEC_ELT (pending, j, l)
          label_block.put (CODE_LABEL_NUMBER (l), blk);
        pending.truncate (0);
        insn_block[i] = blk;
        if (JUMP_P (insn) || CALL_P (insn) || JUMP_TABLE_DATA_P (insn))
          leader = true;
        i++;
      }
  }

  b.n_blocks = n_blocks;
  b.succs = XCNEWVEC (succ_list, n_blocks ? n_blocks : 1);
  b.stamp = XCNEWVEC (uint32_t, n_blocks ? n_blocks : 1);

  cc_func f;
  memset (&f, 0, sizeof f);
  f.n_blocks = n_blocks;
  f.blocks = XCNEWVEC (cc_block, n_blocks ? n_blocks : 1);

  /* Blocks that a computed jump may reach.  */
  auto_vec<uint32_t> computed_targets;
  bool computed_known = false;

  for (uint32_t bi = 0; bi < n_blocks; bi++)
    {
      cc_block *blk = &f.blocks[bi];
      uint32_t first = block_first[bi];
      uint32_t end = bi + 1 < n_blocks ? block_first[bi + 1] : n;
      blk->first_insn = first;
      blk->n_insns = end - first;
      blk->fallthru = CC_NONE;
      rtx_insn *last = xs[end - 1].insn;
      uint32_t next_blk = CC_NONE;
      if (bi + 1 < n_blocks && xs[block_first[bi + 1]].part == xs[first].part)
        next_blk = bi + 1;

      /* An edge to the block of label LAB (NULL: none), or the function
         is not modelled, for WHY.  */
      auto edge_to_label = [&] (rtx_insn *lab, const char *why) {
        uint32_t *t = lab && LABEL_P (lab) ? label_block.get (CODE_LABEL_NUMBER (lab)) : NULL;
        if (t)
          add_succ (&b, bi, *t);
        else
          set_broken (&b, why);
      };
      /* An edge to every case of TABLE.  */
      auto case_edges = [&] (rtx_jump_table_data *table) {
        rtvec labels = table->get_labels ();
        for (int k = 0; labels && k < GET_NUM_ELEM (labels); k++)
          {
            rtx ref = RTVEC_ELT (labels, k);
            if (!ref || GET_CODE (ref) != LABEL_REF)
              set_broken (&b, "unrecognised jump table entry");
            else
              edge_to_label (label_ref_label (ref), "a jump table entry leads nowhere");
          }
      };
      /* ARM's casesi is one insn that also branches to the out-of-range
         label (cmp; bhi; tbh): (set (pc) (if_then_else (leu ...) (table
         entry) (label_ref default))), as GCC's make_edges reads it.  */
      auto out_of_range_edge = [&] () {
        rtx set = single_set (last);
        if (set && SET_DEST (set) == pc_rtx && GET_CODE (SET_SRC (set)) == IF_THEN_ELSE
            && GET_CODE (XEXP (SET_SRC (set), 2)) == LABEL_REF)
          edge_to_label (label_ref_label (XEXP (SET_SRC (set), 2)),
                         "a table jump's out-of-range label leads nowhere");
      };
      if (JUMP_P (last))
        {
          rtx jl = JUMP_LABEL (last);
          rtx_jump_table_data *table = NULL;
          rtx asmop = extract_asm_operands (PATTERN (last));
          bool cond = any_condjump_p (last);
          bool falls = cond || !barrier_follows (last);
          if (tablejump_p (last, NULL, &table) && table && arm_branch_table_p (last, table))
            {
              /* On into the table of branches (X_TABLE, the block after
                 the jump), or to the out-of-range label.  */
              if (next_blk != CC_NONE && xs[block_first[next_blk]].insn == table)
                add_succ (&b, bi, next_blk);
              else
                set_broken (&b, "a switch table of branches is not where its jump leads");
              out_of_range_edge ();
              falls = false;
            }
          else if (tablejump_p (last, NULL, &table) && table)
            {
              /* A table jump never runs on into the next insn.  Where
                 the table lies in the code (ARM, Thumb-2: tbb, tbh, or
                 a pc-relative load after the jump), the barrier comes
                 after the table, not after the jump, and the block after
                 the table is no fall-through: taking it for one
                 "executes" the table as padding on the way (Cortex-M4,
                 fs_huge_switch -O2: the table's last line believed
                 loaded before the case it leads to).  */
              falls = cond;
              out_of_range_edge ();
              case_edges (table);
            }
          else if (asmop && ASM_OPERANDS_LABEL_LENGTH (asmop) > 0)
            {
              /* asm goto: any of its labels, or on.  */
              for (int k = 0; k < ASM_OPERANDS_LABEL_LENGTH (asmop); k++)
                {
                  rtx ref = ASM_OPERANDS_LABEL (asmop, k);
                  edge_to_label (ref && GET_CODE (ref) == LABEL_REF ? label_ref_label (ref)
                                                                    : NULL,
                                 "an asm goto label leads nowhere");
                }
              falls = true;
            }
          else if (returnjump_p (last) || ANY_RETURN_P (PATTERN (last))
                   || (jl && ANY_RETURN_P (jl)))
            {
              /* A conditional return (ARM's bxne lr) also runs on.  */
              blk->exits = 1;
              falls = cond;
            }
          else if (jl && LABEL_P (jl))
            {
              uint32_t *t = label_block.get (CODE_LABEL_NUMBER (jl));
              /* A label followed by no insn of the function: reaching
                 it is undefined (__builtin_unreachable); no edge.  */
              if (t)
                add_succ (&b, bi, *t);
            }
          else if (computed_jump_p (last))
            {
              if (!computed_known)
                {
                  computed_known = true;
                  for (rtx_insn *insn = get_insns (); insn;
                       insn = NEXT_INSN (insn))
                    if (LABEL_P (insn) && computed_target_p (insn))
                      {
                        uint32_t *t
                          = label_block.get (CODE_LABEL_NUMBER (insn));
                        if (t)
                          computed_targets.safe_push (*t);
                      }
                  if (computed_targets.is_empty ())
                    for (uint32_t k = 0; k < n_blocks; k++)
                      computed_targets.safe_push (k);
                }
              unsigned k;
              uint32_t t;
              FOR_EACH_VEC_ELT (computed_targets, k, t)
                add_succ (&b, bi, t);
            }
          else
            set_broken (&b, "unrecognised jump");
          if (falls && next_blk != CC_NONE)
            {
              blk->fallthru = next_blk;
              add_succ (&b, bi, next_blk);
            }
        }
      else if (CALL_P (last))
        {
          char *callee = direct_callee (last);
          blk->call = callee ? CC_CALL_DIRECT : CC_CALL_UNKNOWN;
          blk->callee = callee;
          if (SIBLING_CALL_P (last))
            blk->exits = 1;
          else if (find_reg_note (last, REG_NORETURN, NULL_RTX)
                   || barrier_follows (last))
            blk->noreturn = 1;
          else if (next_blk != CC_NONE)
            {
              blk->fallthru = next_blk;
              add_succ (&b, bi, next_blk);
            }
        }
      else if (JUMP_TABLE_DATA_P (last))
        case_edges (as_a<rtx_jump_table_data *> (last));   /* X_TABLE */
      else if (!barrier_follows (last) && next_blk != CC_NONE)
        {
          /* Runs on into a block that starts at a label.  */
          blk->fallthru = next_blk;
          add_succ (&b, bi, next_blk);
        }
      /* Otherwise: a trap or the end of the code; no successor.  */

      for (uint32_t k = first; k < end; k++)
        if (can_throw_internal (xs[k].insn))
          set_broken (&b, "exception-handling edges are not modelled");
    }

  for (uint32_t bi = 0; bi < n_blocks; bi++)
    {
      f.blocks[bi].n_succs = b.succs[bi].n;
      f.blocks[bi].succs = b.succs[bi].v;
      if (!f.blocks[bi].succs)
        f.blocks[bi].succs = NULL;
    }
  free (b.succs);
  free (b.stamp);

  /* 3. The glue record and the insns, with labels around them.  */
  cc_glue_func *gf = new_glue_func ();
  gf->loc = DECL_SOURCE_LOCATION (decl);
  gf->decl = decl;
  cc_glue_read_budgets (decl, &gf->budget);
  gf->sym = sym;
  gf->exact = 1;
  gf->n_insns = n;
  gf->insns = XCNEWVEC (cc_glue_insn, n ? n : 1);
  gf->labels = XCNEWVEC (cc_insn_labels, n ? n : 1);
  gf->uid_limit = get_max_uid () + 1;
  gf->uid_to_insn = XNEWVEC (int, gf->uid_limit);
  for (int u = 0; u < gf->uid_limit; u++)
    gf->uid_to_insn[u] = -1;
  if (two_parts)
    {
      tree cold = clone_function_name (decl, "cold");
      gf->cold_sym = cold ? cc_glue_printed_name (IDENTIFIER_POINTER (cold))
                          : NULL;
      if (!gf->cold_sym)
        set_broken (&b, "the cold part has no symbol");
    }

  f.name = xstrdup (sym);
  f.flags = function_flags (decl);
  /* The source's budgets (read above), which the record carries to
     cachecat-link.  */
  if (gf->budget.max_misses >= 0 || gf->budget.max_conflicts >= 0)
    {
      f.flags |= CC_FUNC_BUDGETED;
      f.budget_misses = gf->budget.max_misses;
      f.budget_conflicts = gf->budget.max_conflicts;
    }
  expanded_location dx = expand_location (DECL_SOURCE_LOCATION (decl));
  f.file = file_index (dx.file);
  f.line = dx.line > 0 ? (uint32_t) dx.line : 0;
  f.n_parts = two_parts ? 2 : 1;
  f.parts = XCNEWVEC (cc_part, f.n_parts);
  f.parts[0].symbol = xstrdup (sym);
  f.parts[0].section = CC_NONE;
  if (two_parts)
    {
      f.parts[1].symbol = xstrdup (gf->cold_sym ? gf->cold_sym : "");
      f.parts[1].section = CC_NONE;
    }
  f.n_insns = n;
  f.insns = XCNEWVEC (cc_insn, n ? n : 1);

  int part_base[2] = { -1, -1 };
  {
    /* Locations fall back to the previous insn with one (and then to the
       function's).  Runs of insns share a location: each is expanded
       once, and its file looked up once.  */
    location_t prev_loc = UNKNOWN_LOCATION;
    expanded_location prev_x = dx;
    location_t seen = UNKNOWN_LOCATION;
    bool seen_has = false;
    expanded_location seen_x = dx;
    const char *last_file = NULL;
    uint32_t last_file_index = CC_NONE;
    bool have_file = false;
    uint32_t i = 0;
    for (rtx_insn *insn = get_insns (); insn && i < n; insn = NEXT_INSN (insn))
      {
        if (!NONDEBUG_INSN_P (insn) && !JUMP_TABLE_DATA_P (insn))
          continue;
        /* A table (X_TABLE) has no location: its jump's.  */
        location_t l = JUMP_TABLE_DATA_P (insn) ? UNKNOWN_LOCATION : INSN_LOCATION (insn);
        if (l != seen)
          {
            seen = l;
            seen_has = false;
            if (l != UNKNOWN_LOCATION && LOCATION_LOCUS (l) != UNKNOWN_LOCATION)
              {
                seen_x = expand_location (l);
                seen_has = seen_x.line > 0;
              }
          }
        if (seen_has)
          {
            prev_loc = l;
            prev_x = seen_x;
          }
        if (insn != xs[i].insn)
          continue;
        /* The location of insn I, expanded.  */
        gf->insns[i].loc = prev_loc != UNKNOWN_LOCATION ? prev_loc
                           : DECL_SOURCE_LOCATION (decl);
        const expanded_location &x = prev_loc != UNKNOWN_LOCATION ? prev_x : dx;
        if (!have_file || x.file != last_file)
          {
            last_file = x.file;
            last_file_index = file_index (x.file);
            have_file = true;
          }
        f.insns[i].file = last_file_index;
        f.insns[i].line = x.line > 0 ? (uint32_t) x.line : 0;
        i++;
      }
  }

  for (uint32_t i = 0; i < n; i++)
    {
      rtx_insn *insn = xs[i].insn;
      cc_insn *ci = &f.insns[i];
      cc_glue_insn *gi = &gf->insns[i];
      cc_insn_labels *lb = &gf->labels[i];
      ci->uid = (uint32_t) INSN_UID (insn);
      ci->part = xs[i].part;
      ci->kind = xs[i].kind == X_CODE || xs[i].kind == X_TABLE ? CC_INSN_CODE : CC_INSN_ASM;
      gi->branch_table = xs[i].kind == X_TABLE;
      gi->pos = -1;
      gi->mark = -1;
      lb->est_len = est_length (insn);
      int addr = INSN_ADDRESSES_SET_P () ? INSN_ADDRESSES (INSN_UID (insn)) : 0;
      if (part_base[xs[i].part & 1] < 0)
        part_base[xs[i].part & 1] = addr;
      gi->est_addr = addr - part_base[xs[i].part & 1];
      /* Provisional layout: GCC's estimates (replaced by exact ones).  */
      ci->offset = gi->est_addr > 0 ? (uint32_t) gi->est_addr : 0;
      ci->length = lb->est_len > 0 ? (uint32_t) lb->est_len : 0;
      int uid = INSN_UID (insn);
      if (uid >= 0 && uid < gf->uid_limit)
        gf->uid_to_insn[uid] = (int) i;

      lb->start = insert_label_note (insn, false);
      if (xs[i].kind == X_BASIC_ASM || xs[i].kind == X_TABLE)
        {
          /* No postscan after these: a note label ends them.  */
          lb->end_kind = CC_END_NOTE;
          lb->end = insert_label_note (insn, true);
        }
      else
        {
          lb->end_kind = CC_END_POSTSCAN;
          lb->end = (long) ++cc_glue.end_counter;
        }
    }
  for (uint32_t p = 0; p < f.n_parts; p++)
    {
      uint32_t size = 0;
      for (uint32_t i = 0; i < n; i++)
        if (f.insns[i].part == p)
          size = f.insns[i].offset + f.insns[i].length;
      f.parts[p].size = size;
    }

  /* A function without code (e.g. only __builtin_unreachable) is kept,
     flagged, without a warning: there is nothing to report on.  */
  if (b.why || n == 0)
    {
      f.flags |= CC_FUNC_BROKEN;
      if (b.why)
        warning_at (DECL_SOURCE_LOCATION (decl), 0,
                    "cachecat: cannot model %qs: %s; its instructions are "
                    "reported as conflict", sym, b.why);
    }

  cc_glue_take_loop_bounds (fun, &f);
  cc_glue.model.funcs[gf->model_index] = f;
  free (xs);
  free (insn_block);
  free (block_first);
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
