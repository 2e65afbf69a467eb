/* cachecat GCC glue: end of the unit.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   At PLUGIN_FINISH_UNIT every function has been through the pass and
   final.  Here we
     1. assemble the buffered output privately (assembler.h) and read
        back where each insn's start and end labels lie (layout.c),
     2. run the engine, write the JSON report, check the conflict limits,
     3. hand the annotated text to the real asm_out_file (asm_capture.cc).  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "layout/assembler.h"
#include "layout/target.h"
#include "output/analyse.h"


/* Measure the layout of the unit into the model (layout/measure.h).
   Returns NULL on success, else the reason.  */
static char *
measure_layout (void)
{
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      for (uint32_t i = 0; i < gf->n_insns; i++)
        if (gf->labels[i].end_kind == CC_END_POSTSCAN && !gf->insns[i].end_seen)
          return cc_xasprintf ("insn %u of '%s' was not output as modelled",
                          cc_glue.model.funcs[gf->model_index].insns[i].uid,
                          gf->sym);
    }
  /* Our labels are read back by number, so their names must be the
     prefix and the number.  */
  char note[32], end[32], machine[32];
  if (!cc_glue_label_prefixes (note, end, sizeof note))
    return xstrdup ("the target's local label names are not understood");
  cc_unit_text t;
  memset (&t, 0, sizeof t);
  t.chunks[0] = (cc_layout_chunk) { cc_glue.header, cc_glue.header ? cc_glue.header_size : 0 };
  t.chunks[1] = (cc_layout_chunk) { cc_glue.mem_buf, cc_glue.mem_buf ? cc_glue.mem_size : 0 };
  t.marks = cc_glue.marking ? cc_glue.marks : NULL;
  t.n_marks = cc_glue.marking ? cc_glue.n_marks : 0;
  t.comment = ASM_COMMENT_START;
  t.separator = ';';
  t.note_prefix = note;
  t.note_base = CC_GLUE_LABEL_BASE;
  t.n_notes = cc_glue.label_counter;
  t.end_prefix = end;
  t.n_ends = cc_glue.end_counter;
  t.machine_prefix = cc_glue_internal_label_prefix ("Lccm", machine, sizeof machine)
                     ? machine : NULL;
  /* GCC's labels of lexical blocks and variable locations (dwarf2out,
     -g): only debug sections refer to them.  Without debug information
     there are none, and no kept line needs looking through for them.  */
  static const char *const debug_kinds[] = { "LBB", "LBE", "LBI", "LVL" };
  char debug_buf[4][16];
  const char *debug_prefixes[4];
  size_t n_debug = 0;
  for (size_t i = 0; i < 4; i++)
    if (cc_glue_internal_label_prefix (debug_kinds[i], debug_buf[n_debug],
                                       sizeof debug_buf[0]))
      {
        debug_prefixes[n_debug] = debug_buf[n_debug];
        n_debug++;
      }
  if (n_debug == 4 && debug_info_level > DINFO_LEVEL_NONE)
    {
      t.debug_prefixes = debug_prefixes;
      t.n_debug = n_debug;
    }
#ifdef TARGET_64BIT
  t.x86_64 = TARGET_64BIT;
#endif
  /* CACHECAT_LAYOUT: for the tests that compare the ways.  */
  const char *way = getenv ("CACHECAT_LAYOUT");
  t.way = !way ? CC_LAYOUT_ANY
          : strcmp (way, "labels") == 0 ? CC_LAYOUT_LABELS
          : strcmp (way, "decode") == 0 ? CC_LAYOUT_DECODE
          : strcmp (way, "compute") == 0 ? CC_LAYOUT_COMPUTE : CC_LAYOUT_ANY;
  t.collect_gcc = getenv ("COLLECT_GCC");
  t.collect_gcc_options = getenv ("COLLECT_GCC_OPTIONS");
  t.collect_as_options = getenv ("COLLECT_AS_OPTIONS");
  cc_unit_func *uf = XCNEWVEC (cc_unit_func, cc_glue.n_funcs + 1);
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      const cc_glue_func *gf = &cc_glue.funcs[fi];
      uf[fi].model_index = gf->model_index;
      uf[fi].sym = gf->sym;
      uf[fi].cold_sym = gf->cold_sym;
      uf[fi].n_insns = gf->n_insns;
      uf[fi].insns = gf->labels;
    }
  char *bad = cc_measure_unit (&t, &cc_glue.model, uf, cc_glue.n_funcs);
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      gf->mfirst = uf[fi].mfirst;
      if (uf[fi].broken)
        warning_at (gf->loc, 0, "cachecat: cannot model %qs: %s; its "
                    "instructions are reported as conflict", gf->sym, uf[fi].broken);
    }
  free (uf);
  return bad;
}

/* What ARM's back end prints differently from its RTL, once the layout
   is known.  Its ccfsm (asm_capture.cc) made jumps conditional or left
   them out: one printed conditionally also runs on, one left out only
   runs on (every insn it skipped is fetched, run or not).  A conditional
   call may not happen, which the model cannot say: its function is not
   modelled.  An A32 switch table of branches (extract.cc) runs one of
   its entries.  */
static void
mend_arm (void)
{
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      const cc_glue_func *gf = &cc_glue.funcs[fi];
      cc_func *f = &cc_glue.model.funcs[gf->model_index];
      const char *why = NULL;
      for (uint32_t i = 0; i < gf->n_insns && !why && !(f->flags & CC_FUNC_BROKEN); i++)
        {
          if (gf->insns[i].branch_table)
            {
              /* Each pass fetches one entry of the table: every entry
                 maybe (the first too).  */
              uint32_t first, n = cc_glue_minsns (gf, i, &first);
              for (uint32_t k = first; k < first + n; k++)
                f->insns[k].fetch = CC_FETCH_MAYBE;
            }
          if (gf->insns[i].ccfsm == CC_CCFSM_NONE)
            continue;
          if (gf->insns[i].ccfsm == CC_CCFSM_CALL)
            {
              why = "the ARM back end made a call conditional";
              break;
            }
          uint32_t first, n = cc_glue_minsns (gf, i, &first), bytes = 0;
          for (uint32_t k = first; k < first + n; k++)
            bytes += f->insns[k].length;
          if (n == 0 || cc_func_jump_runs_on (f, first + n - 1, bytes == 0) != 0)
            why = "the ARM back end made a branch conditional where no block follows";
        }
      if (why)
        {
          f->flags |= CC_FUNC_BROKEN;
          warning_at (gf->loc, 0, "cachecat: cannot model %qs: %s; its instructions "
                      "are reported as conflict", gf->sym, why);
        }
    }
}

/* The place of MSG: its insn's if AT_INSN, else its function's.  */
static location_t
msg_location (const cc_limit_msg *msg, int at_insn)
{
  /* The model's functions are the glue's, in the same order.  */
  const cc_glue_func *gf = &cc_glue.funcs[msg->func];
  return at_insn ? gf->insns[cc_glue_insn_of (gf, msg->insn)].loc : gf->loc;
}

/* The plugin's side of cc_analyse_and_report (output/analyse.h): GCC's
   locations and diagnostics.  Where MSG is, for the SARIF file.  */
static void
glue_place (void *, const cc_limit_msg *msg, int at_insn, cc_msg_place *at)
{
  expanded_location x = expand_location (msg_location (msg, at_insn));
  at->func = cc_glue.funcs[msg->func].sym;
  at->file = x.file;
  at->line = (uint32_t) x.line;
  at->column = (uint32_t) x.column;
}

/* A limit's or budget's message as a diagnostic, at the function or at
   the insn it names.  */
static void
glue_say (void *, const cc_limit_msg *msg, const char *text, int is_error)
{
  location_t at = msg_location (msg, cc_limit_at_insn (msg));
  if (is_error)
    error_at (at, "cachecat: %s", text);
  else
    inform (at, "cachecat: %s", text);
}

/* A failure is an error (it fails the compile); the unit's text is
   still written.  */
static int
glue_failed (void *, const char *what, const char *path, const char *err)
{
  if (!path)
    error_at (UNKNOWN_LOCATION, "cachecat: %s", what);
  else
    error_at (UNKNOWN_LOCATION, "cachecat: cannot write %s %qs: %s", what, path, err);
  return 0;
}

/* The functions too big for the engine: warnings.  */
static void
glue_analysed (void *, const cc_model *m, const cc_result *r)
{
  cc_time_mark ("analyse");
  for (uint32_t fi = 0; r && fi < cc_glue.n_funcs; fi++)
    if (r->funcs[cc_glue.funcs[fi].model_index].too_big)
      warning_at (cc_glue.funcs[fi].loc, 0, "cachecat: %qs is too big to analyse "
                  "(%u instructions, over the cost cap of the engine); its instructions are "
                  "reported as conflict", cc_glue.funcs[fi].sym,
                  m->funcs[cc_glue.funcs[fi].model_index].n_insns);
}

/* record: the note label at the first instruction of every part of every
   function, and that instruction's distance from the part's symbol
   (model/model_record.h); for a relaxed unit, the labels of its marks.
   KEEP gets the note label numbers and KEEP_END the end label numbers,
   ascending: they stay in the text.  */
struct record_labels
{
  uint32_t n;             /* parts */
  char **label;           /* NULL: the part has no instruction */
  uint32_t *delta;
  uint32_t n_marks;
  char **mark_label;
  long *keep, *keep_end;
  size_t n_keep, n_keep_end;
};

static int
compare_long (const void *a, const void *b)
{
  long x = *(const long *) a, y = *(const long *) b;
  return (x > y) - (x < y);
}

/* The marks of function GF (cc_record_marks) as its labels, appended to
   RL; false, and the marks appended without labels (0 in the record), if
   one is not where a label of ours is: the first machine instruction of
   a GCC insn for a start, the last of one with an end label for an
   end.  */
static bool
mark_labels (record_labels *rl, const cc_glue_func *gf, const char *note, const char *end,
             bool named)
{
  const cc_func *fn = &cc_glue.model.funcs[gf->model_index];
  cc_record_mark *mk = XNEWVEC (cc_record_mark, 2 * fn->n_insns + 1);
  uint32_t n = cc_record_marks (fn, mk);
  bool ok = named;
  for (uint32_t k = 0; k < n && ok; k++)
    {
      uint32_t g = cc_glue_insn_of (gf, mk[k].insn), first;
      uint32_t count = cc_glue_minsns (gf, g, &first);
      ok = mk[k].end ? first + count - 1 == mk[k].insn && gf->labels[g].end_kind != CC_END_NONE
                     : first == mk[k].insn;
    }
  rl->mark_label = XRESIZEVEC (char *, rl->mark_label, rl->n_marks + n + 1);
  rl->keep = XRESIZEVEC (long, rl->keep, rl->n_keep + n + 1);
  rl->keep_end = XRESIZEVEC (long, rl->keep_end, rl->n_keep_end + n + 1);
  for (uint32_t k = 0; k < n; k++)
    {
      const cc_insn_labels *lb = &gf->labels[cc_glue_insn_of (gf, mk[k].insn)];
      char *label = NULL;
      if (ok && !mk[k].end)
        {
          label = xasprintf ("%s%ld", note, lb->start);
          rl->keep[rl->n_keep++] = lb->start;
        }
      else if (ok)
        {
          label = xasprintf ("%s%ld", lb->end_kind == CC_END_NOTE ? note : end, lb->end);
          if (lb->end_kind == CC_END_NOTE)
            rl->keep[rl->n_keep++] = lb->end;
          else
            rl->keep_end[rl->n_keep_end++] = lb->end;
        }
      rl->mark_label[rl->n_marks++] = label;
    }
  free (mk);
  return ok;
}

static void
find_record_labels (record_labels *rl, bool relaxed)
{
  cc_model *m = &cc_glue.model;
  char note[32], end[32];
  bool named = cc_glue_label_prefixes (note, end, sizeof note);
  memset (rl, 0, sizeof *rl);
  /* A relaxed unit: a function whose marks are not our labels is
     recorded as not modelled, and its place as not known (none are where
     the names are not ours to read).  */
  for (uint32_t gi = 0; relaxed && gi < cc_glue.n_funcs; gi++)
    if (!mark_labels (rl, &cc_glue.funcs[gi], note, end, named))
      m->funcs[cc_glue.funcs[gi].model_index].flags |= CC_FUNC_BROKEN;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    rl->n += m->funcs[fi].n_parts;
  rl->label = XCNEWVEC (char *, rl->n + 1);
  rl->delta = XCNEWVEC (uint32_t, rl->n + 1);
  rl->keep = XRESIZEVEC (long, rl->keep, rl->n_keep + rl->n + 1);
  uint32_t k = 0;
  for (uint32_t gi = 0; gi < cc_glue.n_funcs; gi++)
    {
      /* The glue's functions are the model's, in the same order.  */
      const cc_glue_func *gf = &cc_glue.funcs[gi];
      const cc_func *fn = &m->funcs[gf->model_index];
      for (uint32_t p = 0; p < fn->n_parts; p++, k++)
        for (uint32_t i = 0; named && i < fn->n_insns; i++)
          /* Entry padding (a block of its own) belongs to no insn.  */
          if (fn->insns[i].part == p && fn->insns[i].kind != CC_INSN_PAD)
            {
              uint32_t g = cc_glue_insn_of (gf, i), first;
              cc_glue_minsns (gf, g, &first);
              if (first != i || fn->insns[i].offset < fn->parts[p].offset)
                break;
              rl->label[k] = xasprintf ("%s%ld", note, gf->labels[g].start);
              rl->delta[k] = fn->insns[i].offset - fn->parts[p].offset;
              rl->keep[rl->n_keep++] = gf->labels[g].start;
              break;
            }
    }
  qsort (rl->keep, rl->n_keep, sizeof *rl->keep, compare_long);
  if (rl->n_keep_end)
    qsort (rl->keep_end, rl->n_keep_end, sizeof *rl->keep_end, compare_long);
}

static void
free_record_labels (record_labels *rl)
{
  for (uint32_t k = 0; k < rl->n; k++)
    free (rl->label[k]);
  for (uint32_t k = 0; k < rl->n_marks; k++)
    free (rl->mark_label[k]);
  free (rl->label);
  free (rl->delta);
  free (rl->mark_label);
  free (rl->keep);
  free (rl->keep_end);
}

/* A relaxed unit's record, made from the measured model before the
   unit's own analysis treats it as not measured: its text, and the
   labels that must stay in the unit's text.  */
struct early_record
{
  char *text;
  size_t size;
  record_labels rl;
};
static early_record early;

/* The record of the measured model, with the marks of a unit whose
   code the linker may still move (RISC-V relaxation).  */
static void
make_relaxed_record (void)
{
  find_record_labels (&early.rl, true);
  FILE *f = open_memstream (&early.text, &early.size);
  cc_record_write_asm (f, &cc_glue.model, main_input_filename,
                       CC_RECORD_EXACT | CC_RECORD_RELAXED, early.rl.label, early.rl.delta,
                       early.rl.mark_label, early.rl.n_marks, POINTER_SIZE / BITS_PER_UNIT);
  fclose (f);
}

/* The measured model seen as not measured (cc_unit_unmeasured), with
   each insn's offset from its part's start as the unmeasured have.  */
static void
unmeasure (void)
{
  cc_model *m = &cc_glue.model;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func *f = &m->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        if (f->insns[i].part < f->n_parts)
          f->insns[i].offset -= f->parts[f->insns[i].part].offset;
    }
  cc_unit_unmeasured (m);
}

static void
release_state (void)
{
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      free (gf->sym);
      free (gf->cold_sym);
      free (gf->insns);
      free (gf->labels);
      free (gf->uid_to_insn);
      free (gf->mfirst);
    }
  free (cc_glue.funcs);
  cc_glue.funcs = NULL;
  cc_glue.n_funcs = cc_glue.cap_funcs = 0;
  cc_model_free (&cc_glue.model);
  memset (&cc_glue.model, 0, sizeof cc_glue.model);
  free (cc_glue.header);
  cc_glue.header = NULL;
}

/* Sections aligned to much less than a line (2 bytes on RISC-V and in
   Thumb code) may start at many offsets in a line, and every promise
   must hold at each (docs/semantics.md §2.4): few instructions are
   always-hit then.  What the report's layout says about it, and what
   gives the promises of the final addresses (to free), or NULL.  Not a
   diagnostic: every unit of such a target would have one.  */
static char *
placements_advice (const cc_cache *cache)
{
  const cc_model *m = &cc_glue.model;
  /* The section that holds most of the code (not a cold part's).  */
  uint64_t *bytes = XCNEWVEC (uint64_t, m->n_sections + 1);
  uint32_t main_sec = CC_NONE;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        uint32_t s = m->funcs[fi].parts[p].section;
        if (s >= m->n_sections)
          continue;
        bytes[s] += m->funcs[fi].parts[p].size;
        if (main_sec == CC_NONE || bytes[s] > bytes[main_sec])
          main_sec = s;
      }
  free (bytes);
  if (main_sec == CC_NONE)
    return NULL;
  uint32_t align = m->sections[main_sec].align ? m->sections[main_sec].align : 1;
  if (cache->line / align < 8)
    return NULL;
  return cc_xasprintf ("section %s is aligned to %u bytes, less than a cache line (%u): it "
                       "may start at any of %u places in a line, and every promise must "
                       "hold at each, so few instructions are always-hit; for promises on "
                       "the final addresses compile with -fplugin-arg-cachecat-record and "
                       "run cachecat-link on the linked program (or align functions to the "
                       "line: -falign-functions=%u)", m->sections[main_sec].name, align,
                       cache->line, cache->line / align, cache->line);
}

/* A file of the unit's beside its output: the output's base name (GCC's
   aux base name, as for -fstack-usage's .su) with EXT (the report's is
   .cachecat.json).  At link time under -flto a unit is a partition of
   the program, whose aux base name is a temporary PROGRAM.ltransN.ltrans:
   its files are named after the program, PROGRAM.cachecat.json with
   -flto-partition=one (the whole program is one partition), else
   PROGRAM.ltransN.cachecat.json.  */
static char *
unit_side_file (const char *ext)
{
  const char *base = aux_base_name ? aux_base_name : "gccaux";
  size_t n = strlen (base);
  if (flag_ltrans && n > 7 && strcmp (base + n - 7, ".ltrans") == 0)
    {
      /* PROGRAM.ltransN.ltrans: N's digits, and ".ltrans" before them.  */
      size_t end = n - 7, d = end;
      while (d > 0 && ISDIGIT (base[d - 1]))
        d--;
      if (d < end && d >= 7 && strncmp (base + d - 7, ".ltrans", 7) == 0)
        {
          char *program = xstrndup (base, d - 7);
          char *part = xstrndup (base + d - 7, end - (d - 7));  /* ".ltransN" */
          char *path = concat (program, flag_lto_partition == LTO_PARTITION_ONE ? "" : part,
                               ext, NULL);
          free (program);
          free (part);
          return path;
        }
    }
  return concat (base, ext, NULL);
}

static char *
default_report_path (void)
{
  return unit_side_file (".cachecat.json");
}

/* Copy the unit's text to the real output with R's annotations, and with
   record= the model's record after it (EXACT: the layout was measured),
   or the relaxed unit's made before.  */
static void
emit_with_record (const cc_result *r, bool exact)
{
  if (!cc_glue.opts.record)
    {
      cc_glue_emit_output (r, NULL, 0, NULL, 0);
      return;
    }
  if (early.text)
    {
      cc_glue_emit_output (r, early.rl.keep, early.rl.n_keep, early.rl.keep_end,
                           early.rl.n_keep_end);
      fwrite (early.text, 1, early.size, asm_out_file);
      free (early.text);
      free_record_labels (&early.rl);
      memset (&early, 0, sizeof early);
      cc_time_mark ("record");
      return;
    }
  record_labels rl;
  find_record_labels (&rl, false);
  cc_glue_emit_output (r, rl.keep, rl.n_keep, NULL, 0);
  cc_record_write_asm (asm_out_file, &cc_glue.model, main_input_filename,
                       exact ? CC_RECORD_EXACT : 0, rl.label, rl.delta, NULL, 0,
                       POINTER_SIZE / BITS_PER_UNIT);
  free_record_labels (&rl);
  cc_time_mark ("record");
}

struct text_buf
{
  const char *p;
  size_t n;
};

static int
put_text (FILE *f, void *data)
{
  const text_buf *t = (const text_buf *) data;
  return fwrite (t->p, 1, t->n, f) == t->n ? 0 : -1;
}

/* As emit_with_record, and a copy of the annotated text in
   <output base>.cachecat.s: a limit or budget failed the compile, and GCC
   deletes its own output then, annotations and all.  A note says where
   the copy is.  */
static void
emit_keeping_copy (const cc_result *r, bool exact)
{
  FILE *real = cc_glue.real_asm;
  char *text = NULL;
  size_t size = 0;
  FILE *mem = open_memstream (&text, &size);
  if (!mem)
    {
      emit_with_record (r, exact);
      return;
    }
  cc_glue.real_asm = mem;
  emit_with_record (r, exact);
  fclose (mem);
  cc_glue.real_asm = real;
  asm_out_file = real;
  fwrite (text, 1, size, real);
  char *path = unit_side_file (".cachecat.s");
  char *err = NULL;
  text_buf t = { text, size };
  if (cc_write_file (path, put_text, &t, &err))
    warning_at (UNKNOWN_LOCATION, 0, "cachecat: cannot write the annotated assembly %qs: %s",
                path, err ? err : "unknown error");
  else
    inform (UNKNOWN_LOCATION, "cachecat: the annotated assembly of this unit is in %qs "
            "(GCC deletes its output when the compile fails)", path);
  free (err);
  free (path);
  free (text);
}

/* Measure the unit's layout into the model, or say why its offsets carry
   no promise (to free, NULL: measured): they move after the compile
   (then a record's relaxed unit is made first), or the measure failed.  */
static char *
place_unit (void)
{
  if (!cc_glue.n_funcs)
    return NULL;
  char *layout_note = NULL;
  /* Offsets that move after the compile carry no promise: not worth
     measuring, unless the record takes them to cachecat-link, which
     reads where the linker put each insn (model_record.h).  */
  const char *moves = cc_layout_moves_after_compile (
    cc_built_arch (), cc_glue.header, cc_glue.header ? cc_glue.header_size : 0,
    cc_glue.mem_buf, cc_glue.mem_buf ? cc_glue.mem_size : 0);
  if (moves && cc_glue.opts.record && !(layout_note = measure_layout ()))
    {
      make_relaxed_record ();
      unmeasure ();
      layout_note = xstrdup (moves);
      warning_at (UNKNOWN_LOCATION, 0, "cachecat: %s; all instructions are "
                  "reported as conflict (cachecat-link places them after the link)",
                  moves);
    }
  else if (moves)
    {
      free (layout_note);
      layout_note = xstrdup (moves);
      warning_at (UNKNOWN_LOCATION, 0, "cachecat: %s; all instructions are "
                  "reported as conflict (compile with %<-fplugin-arg-cachecat-record%> "
                  "and run cachecat-link on the linked program: it places them)",
                  moves);
      cc_unit_unmeasured (&cc_glue.model);
    }
  else if ((layout_note = measure_layout ()))
    warning_at (UNKNOWN_LOCATION, 0,
                "cachecat: could not determine exact instruction addresses: "
                "%s; all instructions are reported as conflict", layout_note);
  if (layout_note && !moves)
    cc_unit_unmeasured (&cc_glue.model);
  else if (!layout_note)
    {
      mend_arm ();
      cc_target_veneer_calls (cc_built_arch (), &cc_glue.model);
    }
  return layout_note;
}

/* CACHECAT_DUMP_MODEL=FILE: the model, for the tests.  */
static void
dump_model (void)
{
  const char *dump = getenv ("CACHECAT_DUMP_MODEL");
  if (dump && *dump)
    {
      FILE *df = fopen (dump, "w");
      if (df)
        {
          cc_model_write (&cc_glue.model, df);
          fclose (df);
        }
    }
}

/* Analyse the unit (LAYOUT_NOTE: why its offsets are not exact, or
   NULL) and say everything about it (output/analyse.h).  *R gets the
   results (NULL if the analysis failed).  Returns how many limits and
   budgets are broken.  */
static int
analyse_unit (char *layout_note, cc_result **r)
{
  const cc_options *o = &cc_glue.opts;
  cc_cache cache = cc_options_cache (o);
  char *path = o->report ? xstrdup (o->report) : default_report_path ();
  cc_report_info info;
  info.source = main_input_filename;
  info.arch = cc_arch_name (cc_built_arch ());
  info.triple = *cc_built_target () ? cc_built_target () : NULL;
  info.options = o;
  info.layout_note = layout_note;
  info.layout_advice = layout_note ? NULL : placements_advice (&cache);
  info.link = NULL;
  info.bounds = NULL;
  cc_output_job job;
  memset (&job, 0, sizeof job);
  job.model = &cc_glue.model;
  job.cache = &cache;
  job.info = &info;
  /* With a record, cachecat-link checks the budgets again on the whole
     program, where calls of other units' functions are bounded.  */
  job.budgets_later = o->record != 0;
  job.report = path;
  job.cwd = getpwd ();
  job.analysed = glue_analysed;
  job.failed = glue_failed;
  job.say = glue_say;
  job.place = glue_place;
  int broken = cc_analyse_and_report (&job);
  free (path);
  free (info.layout_advice);
  cc_bounds_free (job.bounds);
  *r = job.result;
  return broken;
}

void
cc_glue_finish_unit (void *, void *)
{
  if (!cc_glue.mem)
    return;
  cc_glue_quiet_top_level ();
  cc_time_mark (NULL);
  fflush (cc_glue.mem);
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      free (cc_glue.funcs[fi].uid_to_insn);
      cc_glue.funcs[fi].uid_to_insn = NULL;
      cc_glue.funcs[fi].uid_limit = 0;
    }
  cc_glue_locate_note_ends ();
  cc_glue_flag_asm_named (&cc_glue.model);

  /* A slim LTO object has no code: the analysis happens at link time.  */
  if (cc_glue.n_funcs == 0 && flag_generate_lto && !flag_fat_lto_objects)
    {
      cc_glue_emit_output (NULL, NULL, 0, NULL, 0);
      release_state ();
      return;
    }

  char *layout_note = place_unit ();
  cc_time_mark ("measure");
  dump_model ();
  if (cc_glue.opts.record == CC_RECORD_ONLY)
    {
      /* No analysis, no report: only the record, for cachecat-link.  */
      emit_with_record (NULL, layout_note == NULL);
      free (layout_note);
      release_state ();
      return;
    }
  cc_result *r;
  int broken = analyse_unit (layout_note, &r);
  cc_time_mark ("report");

  /* A temporary .s the driver deletes after assembling it: nobody reads
     the annotations (README: "Reading the annotated assembly").  */
  int seen = cc_asm_output_seen (getenv ("COLLECT_GCC"), getenv ("COLLECT_GCC_OPTIONS"),
                                 getenv ("COLLECT_AS_OPTIONS"));
  if (broken && r)
    emit_keeping_copy (r, layout_note == NULL);
  else
    emit_with_record (seen ? r : NULL, layout_note == NULL);
  cc_time_mark ("annotate");
  if (r)
    cc_result_free (r, &cc_glue.model);
  free (layout_note);
  release_state ();
}
