/* cachecat GCC glue: a function's blocks and edges, from its final insns.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   GCC's own CFG is gone by the time the pass runs (after "shorten"), and
   its blocks are not ours anyway: a model block ends at every jump and
   every call.  So the blocks are found again over the modelled insns
   (extract.cc), and their edges read from the jumps, the jump tables,
   the calls and the barriers.  Whatever cannot be read makes the
   function one that cannot be modelled (cc_extract_broken).  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "glue/extract.h"

/* A growable list of block indices with duplicate suppression.  */
struct succ_list
{
  uint32_t n, cap;
  uint32_t *v;
};

/* The CFG while it is built.  */
struct cfg_builder
{
  extraction *x;
  cc_func *f;
  uint32_t n_blocks;
  uint32_t *block_first;   /* per block: its first insn */
  /* Label numbers to the blocks they lead.  */
  hash_map<int_hash<int, -1, -2>, uint32_t> label_block;
  succ_list *succs;
  uint32_t *stamp;      /* per block: last owner that added it */
  /* Blocks that a computed jump may reach, once computed_known.  */
  auto_vec<uint32_t> computed_targets;
  bool computed_known;
};

static void
add_succ (cfg_builder *b, uint32_t from, uint32_t to)
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

/* Block BI runs on into block NEXT.  */
static void
add_fallthru (cfg_builder *b, uint32_t bi, uint32_t next)
{
  b->f->blocks[bi].fallthru = next;
  add_succ (b, bi, next);
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
  return cc_extract_decl_name (t->decl);
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

/* The blocks: leaders after labels, jumps, calls, barriers and the
   section switch.  Fills B's n_blocks, block_first and label_block.  */
static void
find_blocks (cfg_builder *b)
{
  const extraction *x = b->x;
  uint32_t n = x->n;
  b->block_first = XNEWVEC (uint32_t, n ? n : 1);
  auto_vec<rtx_insn *> pending;
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
      if (i >= n || insn != x->xs[i].insn)
        continue;
      if (leader || b->n_blocks == 0)
        b->block_first[b->n_blocks++] = i;
      leader = false;
      uint32_t blk = b->n_blocks - 1;
      unsigned j;
      rtx_insn *l;
      FOR_EACH_VEC_ELT (pending, j, l)
        b->label_block.put (CODE_LABEL_NUMBER (l), blk);
      pending.truncate (0);
      if (JUMP_P (insn) || CALL_P (insn) || JUMP_TABLE_DATA_P (insn))
        leader = true;
      i++;
    }
}

/* An edge from block BI to the block of label LAB (NULL: none), or the
   function is not modelled, for WHY.  */
static void
edge_to_label (cfg_builder *b, uint32_t bi, rtx_insn *lab, const char *why)
{
  uint32_t *t = lab && LABEL_P (lab) ? b->label_block.get (CODE_LABEL_NUMBER (lab)) : NULL;
  if (t)
    add_succ (b, bi, *t);
  else
    cc_extract_broken (b->x, why);
}

/* An edge from block BI to every case of TABLE.  */
static void
case_edges (cfg_builder *b, uint32_t bi, rtx_jump_table_data *table)
{
  rtvec labels = table->get_labels ();
  for (int k = 0; labels && k < GET_NUM_ELEM (labels); k++)
    {
      rtx ref = RTVEC_ELT (labels, k);
      if (!ref || GET_CODE (ref) != LABEL_REF)
        cc_extract_broken (b->x, "unrecognised jump table entry");
      else
        edge_to_label (b, bi, label_ref_label (ref), "a jump table entry leads nowhere");
    }
}

/* ARM's casesi is one insn that also branches to the out-of-range
   label (cmp; bhi; tbh): (set (pc) (if_then_else (leu ...) (table
   entry) (label_ref default))), as GCC's make_edges reads it.  LAST
   ends block BI.  */
static void
out_of_range_edge (cfg_builder *b, uint32_t bi, rtx_insn *last)
{
  rtx set = single_set (last);
  if (set && SET_DEST (set) == pc_rtx && GET_CODE (SET_SRC (set)) == IF_THEN_ELSE
      && GET_CODE (XEXP (SET_SRC (set), 2)) == LABEL_REF)
    edge_to_label (b, bi, label_ref_label (XEXP (SET_SRC (set), 2)),
                   "a table jump's out-of-range label leads nowhere");
}

/* Edges from block BI, which ends in a computed jump, to every block a
   computed jump may reach: the labels whose address is taken, or, when
   GCC names none, every block.  */
static void
computed_jump_edges (cfg_builder *b, uint32_t bi)
{
  if (!b->computed_known)
    {
      b->computed_known = true;
      for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
        if (LABEL_P (insn) && computed_target_p (insn))
          {
            uint32_t *t = b->label_block.get (CODE_LABEL_NUMBER (insn));
            if (t)
              b->computed_targets.safe_push (*t);
          }
      if (b->computed_targets.is_empty ())
        for (uint32_t k = 0; k < b->n_blocks; k++)
          b->computed_targets.safe_push (k);
    }
  unsigned k;
  uint32_t t;
  FOR_EACH_VEC_ELT (b->computed_targets, k, t)
    add_succ (b, bi, t);
}

/* The edges of block BI, which ends in jump LAST; NEXT_BLK is the block
   after it in the same part, or CC_NONE.  */
static void
jump_edges (cfg_builder *b, uint32_t bi, rtx_insn *last, uint32_t next_blk)
{
  rtx jl = JUMP_LABEL (last);
  rtx_jump_table_data *table = NULL;
  rtx asmop = extract_asm_operands (PATTERN (last));
  bool cond = any_condjump_p (last);
  bool falls = cond || !barrier_follows (last);
  if (tablejump_p (last, NULL, &table) && table && branch_table_p (last, table))
    {
      /* On into the table of branches (X_TABLE, the block after
         the jump), or to the out-of-range label.  */
      if (next_blk != CC_NONE && b->x->xs[b->block_first[next_blk]].insn == table)
        add_succ (b, bi, next_blk);
      else
        cc_extract_broken (b->x, "a switch table of branches is not where its jump leads");
      out_of_range_edge (b, bi, last);
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
      out_of_range_edge (b, bi, last);
      case_edges (b, bi, table);
    }
  else if (asmop && ASM_OPERANDS_LABEL_LENGTH (asmop) > 0)
    {
      /* asm goto: any of its labels, or on.  */
      for (int k = 0; k < ASM_OPERANDS_LABEL_LENGTH (asmop); k++)
        {
          rtx ref = ASM_OPERANDS_LABEL (asmop, k);
          edge_to_label (b, bi,
                         ref && GET_CODE (ref) == LABEL_REF ? label_ref_label (ref) : NULL,
                         "an asm goto label leads nowhere");
        }
      falls = true;
    }
  else if (returnjump_p (last) || ANY_RETURN_P (PATTERN (last))
           || (jl && ANY_RETURN_P (jl)))
    {
      /* A conditional return (ARM's bxne lr) also runs on.  */
      b->f->blocks[bi].exits = 1;
      falls = cond;
    }
  else if (jl && LABEL_P (jl))
    {
      uint32_t *t = b->label_block.get (CODE_LABEL_NUMBER (jl));
      /* A label followed by no insn of the function: reaching
         it is undefined (__builtin_unreachable); no edge.  */
      if (t)
        add_succ (b, bi, *t);
    }
  else if (computed_jump_p (last))
    computed_jump_edges (b, bi);
  else
    cc_extract_broken (b->x, "unrecognised jump");
  if (falls && next_blk != CC_NONE)
    add_fallthru (b, bi, next_blk);
}

/* The call that ends block BI (LAST), and where it leads.  */
static void
call_edges (cfg_builder *b, uint32_t bi, rtx_insn *last, uint32_t next_blk)
{
  cc_block *blk = &b->f->blocks[bi];
  char *callee = direct_callee (last);
  blk->call = callee ? CC_CALL_DIRECT : CC_CALL_UNKNOWN;
  blk->callee = callee;
  if (SIBLING_CALL_P (last))
    blk->exits = 1;
  else if (find_reg_note (last, REG_NORETURN, NULL_RTX)
           || barrier_follows (last))
    blk->noreturn = 1;
  else if (next_blk != CC_NONE)
    add_fallthru (b, bi, next_blk);
}

/* Block BI: its insns, and its edges by the insn that ends it.  */
static void
block_edges (cfg_builder *b, uint32_t bi)
{
  const xins *xs = b->x->xs;
  cc_block *blk = &b->f->blocks[bi];
  uint32_t first = b->block_first[bi];
  uint32_t end = bi + 1 < b->n_blocks ? b->block_first[bi + 1] : b->x->n;
  blk->first_insn = first;
  blk->n_insns = end - first;
  blk->fallthru = CC_NONE;
  rtx_insn *last = xs[end - 1].insn;
  uint32_t next_blk = CC_NONE;
  if (bi + 1 < b->n_blocks && xs[b->block_first[bi + 1]].part == xs[first].part)
    next_blk = bi + 1;

  if (JUMP_P (last))
    jump_edges (b, bi, last, next_blk);
  else if (CALL_P (last))
    call_edges (b, bi, last, next_blk);
  else if (JUMP_TABLE_DATA_P (last))
    case_edges (b, bi, as_a<rtx_jump_table_data *> (last));   /* X_TABLE */
  else if (!barrier_follows (last) && next_blk != CC_NONE)
    add_fallthru (b, bi, next_blk);   /* runs on into a block that starts at a label */
  /* Otherwise: a trap or the end of the code; no successor.  */

  for (uint32_t k = first; k < end; k++)
    if (can_throw_internal (xs[k].insn))
      cc_extract_broken (b->x, "exception-handling edges are not modelled");
}

void
cc_extract_cfg (extraction *x, cc_func *f)
{
  cfg_builder b;
  b.x = x;
  b.f = f;
  b.n_blocks = 0;
  b.computed_known = false;
  find_blocks (&b);
  uint32_t n_blocks = b.n_blocks;
  b.succs = XCNEWVEC (succ_list, n_blocks ? n_blocks : 1);
  b.stamp = XCNEWVEC (uint32_t, n_blocks ? n_blocks : 1);
  f->n_blocks = n_blocks;
  f->blocks = XCNEWVEC (cc_block, n_blocks ? n_blocks : 1);

  for (uint32_t bi = 0; bi < n_blocks; bi++)
    block_edges (&b, bi);

  for (uint32_t bi = 0; bi < n_blocks; bi++)
    {
      f->blocks[bi].n_succs = b.succs[bi].n;
      f->blocks[bi].succs = b.succs[bi].v;
      if (!f->blocks[bi].succs)
        f->blocks[bi].succs = NULL;
    }
  free (b.succs);
  free (b.stamp);
  free (b.block_first);
}
