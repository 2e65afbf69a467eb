/* cachecat GCC glue: a modelled function's records, and our labels.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   For a function whose insns extract.cc collected: the glue's record
   (cc_glue_func: symbols, budgets, per insn its location, GCC's address
   estimate and our labels) and the model's function (cc_func: name,
   flags, file and line, parts, and per insn its source line and a
   provisional layout from GCC's estimates).  A NOTE_INSN_DELETED_LABEL
   goes before every insn (and after a basic asm or a table of branches)
   so that the assembler tells the exact offsets later (unit_finish.cc).
   Only notes are added: the code is byte-identical with and without the
   plugin.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "glue/extract.h"

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

char *
cc_extract_decl_name (tree decl)
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
  cc_glue.funcs[i].budget.max_fetch_cycles = -1;
  return &cc_glue.funcs[i];
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

/* X's glue record: the function's symbols and budgets, room for its
   insns, and the map from insn uids, while final runs.  */
static cc_glue_func *
new_glue_record (extraction *x)
{
  cc_glue_func *gf = new_glue_func ();
  uint32_t n = x->n;
  gf->loc = DECL_SOURCE_LOCATION (x->decl);
  gf->decl = x->decl;
  cc_glue_read_budgets (x->decl, &gf->budget);
  gf->sym = x->sym;
  gf->exact = 1;
  gf->n_insns = n;
  gf->insns = XCNEWVEC (cc_glue_insn, n ? n : 1);
  gf->labels = XCNEWVEC (cc_insn_labels, n ? n : 1);
  gf->uid_limit = get_max_uid () + 1;
  gf->uid_to_insn = XNEWVEC (int, gf->uid_limit);
  for (int u = 0; u < gf->uid_limit; u++)
    gf->uid_to_insn[u] = -1;
  if (x->two_parts)
    {
      tree cold = clone_function_name (x->decl, "cold");
      gf->cold_sym = cold ? cc_glue_printed_name (IDENTIFIER_POINTER (cold))
                          : NULL;
      if (!gf->cold_sym)
        cc_extract_broken (x, "the cold part has no symbol");
    }
  return gf;
}

/* F's name, flags, budgets, file and line, parts, and room for its
   insns.  Returns the function's expanded source location.  */
static expanded_location
model_header (const extraction *x, const cc_glue_func *gf, cc_func *f)
{
  f->name = xstrdup (x->sym);
  f->flags = function_flags (x->decl);
  /* The source's budgets (read above), which the record carries to
     cachecat-link.  */
  if (gf->budget.max_misses >= 0 || gf->budget.max_conflicts >= 0
      || gf->budget.max_fetch_cycles >= 0)
    {
      f->flags |= CC_FUNC_BUDGETED;
      f->budget_misses = gf->budget.max_misses;
      f->budget_conflicts = gf->budget.max_conflicts;
      f->budget_fetch_cycles = gf->budget.max_fetch_cycles;
    }
  expanded_location dx = expand_location (DECL_SOURCE_LOCATION (x->decl));
  f->file = file_index (dx.file);
  f->line = dx.line > 0 ? (uint32_t) dx.line : 0;
  f->n_parts = x->two_parts ? 2 : 1;
  f->parts = XCNEWVEC (cc_part, f->n_parts);
  f->parts[0].symbol = xstrdup (x->sym);
  f->parts[0].section = CC_NONE;
  if (x->two_parts)
    {
      f->parts[1].symbol = xstrdup (gf->cold_sym ? gf->cold_sym : "");
      f->parts[1].section = CC_NONE;
    }
  f->n_insns = x->n;
  f->insns = XCNEWVEC (cc_insn, x->n ? x->n : 1);
  return dx;
}

/* Each insn's location (GF) and file and line (F).  Locations fall back
   to the previous insn with one (and then to the function's, DX
   expanded).  Runs of insns share a location: each is expanded once,
   and its file looked up once.  */
static void
insn_locations (const extraction *x, cc_glue_func *gf, cc_func *f,
                const expanded_location &dx)
{
  location_t prev_loc = UNKNOWN_LOCATION;
  expanded_location prev_x = dx;
  location_t seen = UNKNOWN_LOCATION;
  bool seen_has = false;
  expanded_location seen_x = dx;
  const char *last_file = NULL;
  uint32_t last_file_index = CC_NONE;
  bool have_file = false;
  uint32_t i = 0;
  for (rtx_insn *insn = get_insns (); insn && i < x->n; insn = NEXT_INSN (insn))
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
      if (insn != x->xs[i].insn)
        continue;
      /* The location of insn I, expanded.  */
      gf->insns[i].loc = prev_loc != UNKNOWN_LOCATION ? prev_loc
                         : DECL_SOURCE_LOCATION (x->decl);
      const expanded_location &xl = prev_loc != UNKNOWN_LOCATION ? prev_x : dx;
      if (!have_file || xl.file != last_file)
        {
          last_file = xl.file;
          last_file_index = file_index (xl.file);
          have_file = true;
        }
      f->insns[i].file = last_file_index;
      f->insns[i].line = xl.line > 0 ? (uint32_t) xl.line : 0;
      i++;
    }
}

/* Each insn's kind, GCC's estimates of its address and length (F's
   provisional layout) and our labels around it.  */
static void
insn_layout_and_labels (const extraction *x, cc_glue_func *gf, cc_func *f)
{
  int part_base[2] = { -1, -1 };
  const xins *xs = x->xs;
  for (uint32_t i = 0; i < x->n; i++)
    {
      rtx_insn *insn = xs[i].insn;
      cc_insn *ci = &f->insns[i];
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
  for (uint32_t p = 0; p < f->n_parts; p++)
    {
      uint32_t size = 0;
      for (uint32_t i = 0; i < x->n; i++)
        if (f->insns[i].part == p)
          size = f->insns[i].offset + f->insns[i].length;
      f->parts[p].size = size;
    }
}

cc_glue_func *
cc_extract_record (extraction *x, cc_func *f)
{
  cc_glue_func *gf = new_glue_record (x);
  expanded_location dx = model_header (x, gf, f);
  insn_locations (x, gf, f, dx);
  insn_layout_and_labels (x, gf, f);
  return gf;
}
