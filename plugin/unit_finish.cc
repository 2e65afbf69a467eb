/* cachecat GCC glue: end of the unit.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   At PLUGIN_FINISH_UNIT every function has been through the pass and
   final.  Here we
     1. assemble the buffered output privately (assembler.h) and read
        back where each insn's start and end labels lie (layout.c),
     2. run the engine, write the JSON report, check the conflict limits,
     3. hand the annotated text to the real asm_out_file (asm_capture.cc).  */

#include "gcc-common.h"
#include "glue.h"
#include "asm_filter.h"
#include "assembler.h"
#include "layout_compute.h"
#include "layout_decode.h"
#include "machine.h"

#include <stdarg.h>
#include <sys/resource.h>

/* A growable string.  */
struct sbuf
{
  char *p;
  size_t n, cap;
};

static void
sb_add (sbuf *s, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int need = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (need < 0)
    return;
  if (s->n + (size_t) need + 1 > s->cap)
    {
      size_t cap = s->cap ? s->cap : 4096;
      while (cap < s->n + (size_t) need + 1)
        cap *= 2;
      s->p = XRESIZEVEC (char, s->p, cap);
      s->cap = cap;
    }
  va_start (ap, fmt);
  vsnprintf (s->p + s->n, (size_t) need + 1, fmt, ap);
  va_end (ap);
  s->n += (size_t) need;
}

/* What the measured object is asked: per function its part symbols, in
   order, then our labels by number (asm_capture.cc names them NOTE<n>
   and END<n>): family 0 the note labels (every start label, and the end
   of basic asm), family 1 the end labels, family 2 the labels the filter
   put before the second and later machine instructions of an insn
   (MACHINE<n>, N_MACHINE of them; machine.h).  SYMS has room for two
   names per function.  */
static void
layout_query (cc_layout_query *q, const char **syms, const char *note,
              const char *end, const char *machine, unsigned long n_machine)
{
  uint32_t k = 0;
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      syms[k++] = cc_glue.funcs[fi].sym;
      if (cc_glue.funcs[fi].cold_sym)
        syms[k++] = cc_glue.funcs[fi].cold_sym;
    }
  q->names = syms;
  q->n_names = k;
  q->families[0] = (cc_layout_family) { note, CC_GLUE_LABEL_BASE,
                                        cc_glue.label_counter };
  q->families[1] = (cc_layout_family) { end, 0, cc_glue.end_counter };
  q->families[2] = (cc_layout_family) { machine, 0, (uint32_t) n_machine };
  q->n_families = 3;
}

/* Where label N of family F is defined (section 0 if nowhere).  */
static cc_layout_ref
numbered_ref (const cc_layout *l, const cc_layout_query *q, uint32_t f,
              long n)
{
  const cc_layout_family *fam = &q->families[f];
  if (n <= (long) fam->base || (unsigned long) n - fam->base > fam->count)
    return (cc_layout_ref) { 0, 0 };
  return l->numbered[f][(unsigned long) n - fam->base - 1];
}

/* Where insn GI starts (*S) and ends (*E).  An end label that the filter
   FILT left out of the measured text is measured by the start label
   standing for it (FILT is NULL when the whole text was measured).  */
static void
insn_refs (const cc_layout *l, const cc_layout_query *q,
           const cc_asm_filter *filt, const cc_glue_insn *gi,
           cc_layout_ref *s, cc_layout_ref *e)
{
  *s = numbered_ref (l, q, 0, gi->start_label);
  if (gi->end_kind == CC_END_POSTSCAN)
    {
      long alias = filt ? cc_asm_filter_alias (filt,
                                               (unsigned long) gi->end_label)
                        : -1;
      *e = alias >= 0 ? numbered_ref (l, q, 0, alias)
                      : numbered_ref (l, q, 1, gi->end_label);
    }
  else
    *e = numbered_ref (l, q, 0, gi->end_label);
}

/* Model section for ELF section SEC, distinct per ELF section.  */
static uint32_t
model_section (const cc_layout *l, uint32_t sec, uint32_t *map)
{
  if (map[sec] != CC_NONE)
    return map[sec];
  const cc_layout_section *s = &l->sections[sec];
  uint32_t align = s->align > 1 ? (uint32_t) s->align : 1;
  if (s->align > (1u << 31))
    align = 1u << 31;
  /* Two ELF sections with one name (COMDAT groups): keep them apart.  */
  bool clash = false;
  for (uint32_t j = 1; j < l->n_sections; j++)
    if (j != sec && map[j] != CC_NONE
        && strcmp (l->sections[j].name, s->name) == 0)
      clash = true;
  uint32_t idx;
  if (clash)
    {
      char *nm = cc_xasprintf ("%s[%u]", s->name, sec);
      idx = cc_model_add_section (&cc_glue.model, nm, align);
      free (nm);
    }
  else
    idx = cc_model_add_section (&cc_glue.model, s->name, align);
  map[sec] = idx;
  return idx;
}

/* Warn and flag one function whose layout is not what we modelled.  */
static void
break_function (uint32_t fi, const char *why)
{
  cc_glue_func *gf = &cc_glue.funcs[fi];
  cc_func *f = &cc_glue.model.funcs[gf->model_index];
  if (f->flags & CC_FUNC_BROKEN)
    return;
  f->flags |= CC_FUNC_BROKEN;
  warning_at (gf->loc, 0, "cachecat: cannot model %qs: %s; its "
              "instructions are reported as conflict", gf->sym, why);
}

/* Per start label (by number above CC_GLUE_LABEL_BASE), the split of
   its insn that the filter SPLITTER recorded (machine.h), or NULL.  */
static const cc_asm_split **
splits_by_label (const cc_asm_filter *splitter, const cc_mstmt **ms,
                 unsigned long *n_labels)
{
  size_t n = 0;
  *ms = NULL;
  *n_labels = 0;
  const cc_asm_split *sp = splitter ? cc_asm_filter_splits (splitter, &n, ms, n_labels)
                                    : NULL;
  const cc_asm_split **by = XCNEWVEC (const cc_asm_split *, cc_glue.label_counter + 1);
  for (size_t k = 0; k < n; k++)
    if (sp[k].insn > CC_GLUE_LABEL_BASE
        && sp[k].insn - CC_GLUE_LABEL_BASE <= cc_glue.label_counter)
      by[sp[k].insn - CC_GLUE_LABEL_BASE - 1] = &sp[k];
  return by;
}

/* Make the insns of function FI, laid out by L for Q (FILT: see
   insn_refs), its machine instructions: the splits of BY (by start
   label), MS their statements, the labels before them family 2 of L.  */
static void
split_function (uint32_t fi, const cc_layout *l, const cc_layout_query *q,
                const cc_asm_filter *filt, const cc_asm_split *const *by,
                const cc_mstmt *ms, unsigned long n_labels)
{
  cc_glue_func *gf = &cc_glue.funcs[fi];
  cc_func *f = &cc_glue.model.funcs[gf->model_index];
  uint32_t n = gf->n_insns;
  const cc_asm_split **split = XCNEWVEC (const cc_asm_split *, n + 1);
  uint32_t *sec = XNEWVEC (uint32_t, n + 1);
  bool any = false;
  for (uint32_t i = 0; i < n; i++)
    {
      long no = gf->insns[i].start_label;
      if (no > CC_GLUE_LABEL_BASE
          && (unsigned long) no - CC_GLUE_LABEL_BASE <= cc_glue.label_counter)
        split[i] = by[no - CC_GLUE_LABEL_BASE - 1];
      any |= split[i] != NULL;
      cc_layout_ref s, e;
      insn_refs (l, q, filt, &gf->insns[i], &s, &e);
      sec[i] = s.section;
    }
  /* With the object's bytes, every insn: the assembler may have put
     padding of its own inside one.  */
  if (any || l->image)
    {
      gf->mfirst = XNEWVEC (uint32_t, n + 1);
      const cc_layout_ref *labels = q->n_families > 2 ? l->numbered[2] : NULL;
      cc_machine_split (f, split, ms, l, labels, n_labels, sec, gf->mfirst);
      /* A call through the GOT goes to a symbol that may be preempted
         (-fPIC): unknown code.  Made sure of, for ld may turn it into
         `call f; nop' (-z call-nop=suffix-nop), whose nop runs after the
         return: after unknown code nothing is cached for sure, and the
         may state holds the nop's line from before the call.  */
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          cc_block *bb = &f->blocks[b];
          if (bb->call == CC_CALL_DIRECT && bb->n_insns
              && f->insns[bb->first_insn + bb->n_insns - 1].rewrite == CC_REWRITE_GOTPCRELX)
            bb->call = CC_CALL_UNKNOWN;
        }
    }
  free (split);
  free (sec);
}

/* Fill offsets, lengths, parts and sections from L, measured for Q
   (and FILT, see insn_refs), and make the insns machine instructions
   (SPLITTER: the filter that read the insns, NULL if none did).
   Returns NULL, or what does not add up (caller frees).  */
static char *
apply_layout (const cc_layout *l, const cc_layout_query *q,
              const cc_asm_filter *filt, const cc_asm_filter *splitter)
{
  uint32_t *map = XNEWVEC (uint32_t, l->n_sections ? l->n_sections : 1);
  for (uint32_t j = 0; j < l->n_sections; j++)
    map[j] = CC_NONE;
  uint32_t w = 0;
  char *bad = NULL;

  /* First pass: check everything, so that the model is either fully
     exact or left to the failure path.  */
  for (uint32_t fi = 0; fi < cc_glue.n_funcs && !bad; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      cc_func *f = &cc_glue.model.funcs[gf->model_index];
      uint32_t nparts = gf->cold_sym ? 2 : 1;
      if (f->n_parts != nparts)
        {
          bad = cc_xasprintf ("%s: inconsistent parts", gf->sym);
          break;
        }
      if (w + nparts > l->n_refs)
        {
          bad = cc_xasprintf ("the list of symbols is short");
          break;
        }
      cc_layout_ref pref[2];
      for (uint32_t p = 0; p < nparts; p++)
        {
          pref[p] = l->refs[w++];
          if (pref[p].section == 0)
            bad = cc_xasprintf ("symbol '%s' is not defined in a section",
                           p ? gf->cold_sym : gf->sym);
        }
      uint64_t prev_end[2] = { 0, 0 };
      bool seen[2] = { false, false };
      for (uint32_t i = 0; i < gf->n_insns && !bad; i++)
        {
          cc_layout_ref s, e;
          insn_refs (l, q, filt, &gf->insns[i], &s, &e);
          cc_insn *ci = &f->insns[i];
          uint32_t p = ci->part < nparts ? ci->part : 0;
          if (s.section == 0 || e.section == 0)
            bad = cc_xasprintf ("a label of insn %u of '%s' is missing", ci->uid,
                           gf->sym);
          else if (s.section != e.section)
            bad = cc_xasprintf ("insn %u of '%s' ends in another section",
                           ci->uid, gf->sym);
          else if (s.section != pref[p].section)
            bad = cc_xasprintf ("insn %u of '%s' is not in the section of '%s'",
                           ci->uid, gf->sym,
                           p ? gf->cold_sym : gf->sym);
          else if (e.offset < s.offset || e.offset > UINT32_MAX)
            bad = cc_xasprintf ("insn %u of '%s' has a negative length", ci->uid,
                           gf->sym);
          else if (e.offset == s.offset && ci->kind == CC_INSN_CODE
                   && gf->insns[i].est_len > 0)
            bad = cc_xasprintf ("insn %u of '%s' has no bytes", ci->uid, gf->sym);
          else if (seen[p] && s.offset < prev_end[p])
            bad = cc_xasprintf ("insns of '%s' overlap", gf->sym);
          else if (!seen[p] && s.offset < pref[p].offset)
            bad = cc_xasprintf ("insn %u of '%s' lies before its symbol", ci->uid,
                           gf->sym);
          seen[p] = true;
          prev_end[p] = e.offset;
        }
    }
  if (!bad && w != l->n_refs)
    bad = cc_xasprintf ("the list of symbols has %u extra entries", l->n_refs - w);
  if (bad)
    {
      free (map);
      return bad;
    }

  /* Second pass: fill the model.  */
  const cc_mstmt *ms;
  unsigned long n_labels;
  const cc_asm_split **by = splits_by_label (splitter, &ms, &n_labels);
  w = 0;
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      cc_func *f = &cc_glue.model.funcs[gf->model_index];
      uint32_t nparts = f->n_parts;
      cc_layout_ref pref[2];
      for (uint32_t p = 0; p < nparts; p++)
        {
          pref[p] = l->refs[w++];
          f->parts[p].section = model_section (l, pref[p].section, map);
          f->parts[p].offset = (uint32_t) pref[p].offset;
          f->parts[p].size = 0;
        }
      bool gap_at_entry = false;
      bool seen[2] = { false, false };
      for (uint32_t i = 0; i < gf->n_insns; i++)
        {
          cc_layout_ref s, e;
          insn_refs (l, q, filt, &gf->insns[i], &s, &e);
          cc_insn *ci = &f->insns[i];
          uint32_t p = ci->part < nparts ? ci->part : 0;
          ci->offset = (uint32_t) s.offset;
          ci->length = (uint32_t) (e.offset - s.offset);
          if (!seen[p] && s.offset != pref[p].offset)
            gap_at_entry = true;
          seen[p] = true;
          uint64_t size = e.offset - pref[p].offset;
          if (size > f->parts[p].size)
            f->parts[p].size = (uint32_t) size;
        }
      if (gap_at_entry)
        break_function (fi, "bytes between its symbol and its first "
                        "instruction are not modelled (-pg or "
                        "-fpatchable-function-entry?)");
      split_function (fi, l, q, filt, by, ms, n_labels);
    }
  free (by);
  free (map);
  return NULL;
}

/* The layout could not be measured: keep GCC's estimates, one placeholder
   section per part, and flag everything.  */
static void
fail_layout (const char *why)
{
  warning_at (UNKNOWN_LOCATION, 0,
              "cachecat: could not determine exact instruction addresses: "
           "%s; all instructions are reported as conflict", why);
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_func *f = &cc_glue.model.funcs[cc_glue.funcs[fi].model_index];
      f->flags |= CC_FUNC_BROKEN;
      for (uint32_t p = 0; p < f->n_parts; p++)
        {
          char *nm = cc_xasprintf ("(unknown) %s", f->parts[p].symbol);
          f->parts[p].section = cc_model_add_section (&cc_glue.model, nm, 1);
          f->parts[p].offset = 0;
          free (nm);
        }
    }
}

/* For the tests that compare both ways of measuring the layout:
   CACHECAT_LAYOUT=labels always measures with labels, and
   CACHECAT_LAYOUT=decode makes a failed decoding the layout's problem
   instead of falling back to labels.  */
static bool
layout_mode_is (const char *mode)
{
  const char *v = getenv ("CACHECAT_LAYOUT");
  return v && strcmp (v, mode) == 0;
}

/* Does the computed layout L give every insn GCC's own length, but those
   UNCHECKED (layout_compute.h)?  Returns NULL, or the first that does
   not.  */
static char *
cross_check (const cc_layout *l, const cc_layout_query *q, const cc_asm_filter *filt,
             const unsigned char *unchecked)
{
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      for (uint32_t i = 0; i < gf->n_insns; i++)
        {
          const cc_glue_insn *gi = &gf->insns[i];
          long no = gi->start_label;
          if (no > (long) q->families[0].base
              && (unsigned long) no - q->families[0].base <= q->families[0].count
              && unchecked[no - q->families[0].base - 1])
            continue;
          cc_layout_ref s, e;
          insn_refs (l, q, filt, gi, &s, &e);
          if (s.section == 0 || e.section != s.section || e.offset < s.offset
              || e.offset - s.offset != (uint64_t) (gi->est_len > 0 ? gi->est_len : 0))
            return cc_xasprintf ("insn %u of '%s': %lld bytes computed, GCC says %d",
                                 cc_glue.model.funcs[gf->model_index].insns[i].uid,
                                 gf->sym, (long long) (e.offset - s.offset),
                                 gi->est_len);
        }
    }
  return NULL;
}

/* Can our labels be placed by decoding the object (layout_decode.h)?
   Only for x86-64 code and an assembler run directly with no option that
   could make it add bytes of its own (-Wa,-mbranches-within-32B-boundaries,
   say).  Then COMMAND without its last item, the -L.  */
static char **
decoding_command (char **command, int direct)
{
#ifdef TARGET_64BIT
  if (!TARGET_64BIT || !direct || !command || !command[0] || layout_mode_is ("labels"))
    return NULL;
  size_t n = 1;
  for (; command[n] && command[n + 1]; n++)
    if (strcmp (command[n], "--64") != 0 && strcmp (command[n], "--x32") != 0
        && strcmp (command[n], "-msse2avx") != 0)
      return NULL;
  if (!command[n] || strcmp (command[n], "-L") != 0)
    return NULL;
  char **v = XNEWVEC (char *, n + 1);
  memcpy (v, command, n * sizeof *v);
  v[n] = NULL;
  return v;
#else
  (void) command;
  (void) direct;
  return NULL;
#endif
}

/* Measure the layout.  Returns NULL on success, else the reason.  */
static char *
measure_layout (void)
{
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      for (uint32_t i = 0; i < gf->n_insns; i++)
        if (gf->insns[i].end_kind == CC_END_POSTSCAN
            && !gf->insns[i].end_seen)
          return cc_xasprintf ("insn %u of '%s' was not output as modelled",
                          cc_glue.model.funcs[gf->model_index].insns[i].uid,
                          gf->sym);
    }
  cc_layout_chunk chunks[2] = {
    { cc_glue.header, cc_glue.header ? cc_glue.header_size : 0 },
    { cc_glue.mem_buf, cc_glue.mem_buf ? cc_glue.mem_size : 0 }
  };
  /* Only what can move code (asm_filter.h), and of our labels only those
     that mark an address no other of them marks; the whole text, every
     label, if the filter gives up or the assembler refuses the filtered
     text.  Our labels are read back by number, so their names must be
     the prefix and the number.  */
  char note[32], end[32];
  if (!cc_glue_label_prefixes (note, end, sizeof note))
    return xstrdup ("the target's local label names are not understood");
  cc_asm_filter *filt = cc_asm_filter_new (ASM_COMMENT_START, ';');
  cc_asm_filter_labels (filt, note, CC_GLUE_LABEL_BASE, end);
  /* The filter also reads each insn's machine instructions (machine.h);
     it reads them to the end even if it gives up on the text, and keeps
     them for apply_layout whichever way the layout is measured.  */
  char machine[32];
  if (cc_glue_internal_label_prefix ("Lccm", machine, sizeof machine))
    cc_asm_filter_machine (filt, machine);
  else
    machine[0] = 0;
  cc_asm_filter *owner = filt;
  const cc_asm_filter *splitter = machine[0] ? filt : NULL;
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
    cc_asm_filter_debug_labels (filt, debug_prefixes, n_debug);
  int direct;
  char **command = cc_asm_command (&cc_built_toolchain, getenv ("COLLECT_GCC"),
                                   getenv ("COLLECT_GCC_OPTIONS"),
                                   getenv ("COLLECT_AS_OPTIONS"),
                                   "/proc/self/exe", &direct);
  char **decoding = decoding_command (command, direct);
  /* Computed without an assembler (layout_compute.h) only for the plain
     "as --64" of x86-64: -msse2avx changes encodings, --x32 addresses.  */
  bool computing = decoding && decoding[1] && strcmp (decoding[1], "--64") == 0
                   && !decoding[2] && !layout_mode_is ("decode");
  if (decoding)
    cc_asm_filter_events (filt, note);
  if (computing)
    cc_asm_filter_encode (filt);
  for (int c = 0; c < 2; c++)
    cc_asm_filter_add (filt, chunks[c].data, chunks[c].size);
  cc_layout_chunk code;
  code.data = cc_asm_filter_finish (filt, &code.size);
  const char **syms = XNEWVEC (const char *, 2 * cc_glue.n_funcs + 1);
  cc_layout_query q;
  memset (&q, 0, sizeof q);
  size_t n_splits;
  const cc_mstmt *ms;
  unsigned long n_machine = 0;
  cc_asm_filter_splits (filt, &n_splits, &ms, &n_machine);
  layout_query (&q, syms, note, end, machine, n_machine);
  cc_layout lay;
  char *err = NULL;
  int rc = -1;
  bool no_fallback = false;
  bool computed = false;    /* the model is filled: nothing to measure */
  /* Computed; else without our labels, placed by decoding; else with
     them.  */
  if (code.data && computing)
    {
      unsigned char *unchecked = NULL;
      char *why = cc_layout_compute (&lay, &q, filt, &unchecked);
      if (!why)
        {
          why = cross_check (&lay, &q, filt, unchecked);
          /* What does not add up in the model's terms is a reason to ask
             the assembler too, not yet a failure.  */
          if (!why)
            why = apply_layout (&lay, &q, filt, splitter);
          cc_layout_free (&lay);
        }
      free (unchecked);
      if (!why)
        computed = true;
      else if (layout_mode_is ("compute"))
        {
          err = concat ("computing the layout failed: ", why, NULL);
          no_fallback = true;
        }
      free (why);
    }
  if (code.data && decoding && !computed && !no_fallback)
    {
      cc_layout_chunk plain;
      char *text = cc_asm_filter_unlabelled (filt, &plain.size);
      plain.data = text;
      q.keep_image = 1;
      rc = cc_layout_measure (decoding, &plain, 1, &q, &lay, &err);
      q.keep_image = 0;
      free (text);
      if (rc == 0)
        {
          char *why = cc_layout_decode (&lay, &q, filt);
          if (why)
            {
              cc_layout_free (&lay);
              rc = -1;
              free (err);
              err = why;
            }
        }
      if (rc && layout_mode_is ("decode"))
        {
          char *why = concat ("decoding the layout failed: ", err ? err : "?", NULL);
          free (err);
          err = why;
          no_fallback = true;
        }
      else
        {
          free (err);
          err = NULL;
        }
    }
  free (decoding);
  /* Measured with labels: the object's bytes too, for padding the
     assembler puts inside an insn (machine.h).  */
  q.keep_image = 1;
  if (code.data && rc && !computed && !no_fallback)
    rc = cc_layout_measure (command, &code, 1, &q, &lay, &err);
  /* The whole text; then, if the assembler was run directly and failed
     even so, once more through the driver.  */
  for (int attempt = 0; rc && !computed && !no_fallback && attempt < 2; attempt++)
    {
      if (attempt == 1)
        {
          if (!direct)
            break;
          cc_asm_command_free (command);
          command = cc_asm_command (NULL, getenv ("COLLECT_GCC"),
                                    getenv ("COLLECT_GCC_OPTIONS"),
                                    getenv ("COLLECT_AS_OPTIONS"),
                                    "/proc/self/exe", &direct);
        }
      free (err);
      err = NULL;
      /* Not the filter's text: its aliases of end labels do not hold
         (its splits still do).  */
      filt = NULL;
      rc = cc_layout_measure (command, chunks, 2, &q, &lay, &err);
    }
  cc_asm_command_free (command);
  char *bad;
  if (computed)
    bad = NULL;
  else if (rc)
    bad = xstrdup (err ? err : "the assembler failed");
  else
    {
      bad = apply_layout (&lay, &q, filt, splitter);
      cc_layout_free (&lay);
    }
  free (err);
  free (syms);
  cc_asm_filter_free (owner);
  return bad;
}

/* Conflict limits.  */

static uint32_t
func_conflicts (const cc_result *r, uint32_t mi)
{
  return r->funcs[mi].counts[CC_CONFLICT];
}

/* Is model insn I of F (results FR) a conflict instruction of the
   report?  */
static bool
counts_as_conflict (const cc_func *f, const cc_func_result *fr, uint32_t i)
{
  return cc_insn_reported (&f->insns[i], fr->analysed) && fr->insns[i].merged.category == CC_CONFLICT
         && !(fr->analysed && f->insns[i].fetch == CC_FETCH_NEVER);
}

/* One inform per program line with conflict insns of function FI.  */
static void
line_notes (const cc_result *r, uint32_t fi)
{
  cc_glue_func *gf = &cc_glue.funcs[fi];
  const cc_func *f = &cc_glue.model.funcs[gf->model_index];
  const cc_func_result *fr = &r->funcs[gf->model_index];
  if (!fr->insns)
    return;
  unsigned notes = 0, skipped = 0;
  uint32_t i = 0;
  while (i < f->n_insns)
    {
      const cc_insn_result *ir = &fr->insns[i];
      if (!counts_as_conflict (f, fr, i))
        {
          i++;
          continue;
        }
      /* A group: consecutive conflict insns of one part and line.  */
      uint32_t j = i, count = 0;
      sbuf where = { NULL, 0, 0 };
      uint32_t last_file = CC_NONE - 1, last_line = 0;
      while (j < f->n_insns && f->insns[j].part == f->insns[i].part
             && fr->insns[j].pline == ir->pline)
        {
          if (counts_as_conflict (f, fr, j))
            {
              count++;
              uint32_t fl = f->insns[j].file, ln = f->insns[j].line;
              if (fl != last_file || ln != last_line)
                {
                  const char *name = fl < cc_glue.model.n_files
                                     ? cc_glue.model.files[fl] : "?";
                  sb_add (&where, "%s%s:%u", where.n ? ", " : "", name, ln);
                  last_file = fl;
                  last_line = ln;
                }
            }
          j++;
        }
      if (notes < 64)
        inform (gf->insns[cc_glue_insn_of (gf, i)].loc, "cachecat: %u conflict instructions in "
                "program line %u (set %u) of %qs: %s", count, ir->pline,
                ir->set, f->parts[f->insns[i].part < f->n_parts
                                  ? f->insns[i].part : 0].symbol,
                where.p ? where.p : "");
      else
        skipped++;
      notes++;
      free (where.p);
      i = j;
    }
  if (skipped)
    inform (gf->loc, "cachecat: %u more program lines with conflict "
            "instructions in %qs", skipped, gf->sym);
}

static void
check_limits (const cc_result *r)
{
  const cc_options *o = &cc_glue.opts;
  uint64_t total = 0;
  uint32_t worst = CC_NONE, worst_n = 0;
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      uint32_t c = func_conflicts (r, cc_glue.funcs[fi].model_index);
      total += c;
      if (c > worst_n || worst == CC_NONE)
        {
          worst = fi;
          worst_n = c;
        }
      if (o->max_conflicts_per_function >= 0
          && (int64_t) c > o->max_conflicts_per_function)
        {
          error_at (cc_glue.funcs[fi].loc,
                    "cachecat: %u conflict instructions in %qs exceed the "
                    "limit of %lld (max-conflicts-per-function)", c,
                    cc_glue.funcs[fi].sym,
                    (long long) o->max_conflicts_per_function);
          line_notes (r, fi);
        }
    }
  if (o->max_conflicts >= 0 && (int64_t) total > o->max_conflicts
      && worst != CC_NONE)
    {
      error_at (cc_glue.funcs[worst].loc,
                "cachecat: %llu conflict instructions in the unit exceed "
                "the limit of %lld (max-conflicts)",
                (unsigned long long) total, (long long) o->max_conflicts);
      unsigned shown = 0;
      for (uint32_t fi = 0; fi < cc_glue.n_funcs && shown < 64; fi++)
        {
          uint32_t c = func_conflicts (r, cc_glue.funcs[fi].model_index);
          if (!c)
            continue;
          inform (cc_glue.funcs[fi].loc, "cachecat: %u conflict "
                  "instructions in %qs", c, cc_glue.funcs[fi].sym);
          shown++;
        }
      line_notes (r, worst);
    }
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

/* CACHECAT_TIMES=1: where the plugin's time goes in this unit, on
   stderr (make bench; no effect on any output).  CPU milliseconds of the
   compiler process since the last mark, and of the children it waited
   for (the measuring assembly).  */
static double
cpu_ms (int who)
{
  struct rusage ru;
  getrusage (who, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3
         + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

static void
time_mark (const char *what)
{
  static double last_self, last_children;
  static int on = -1;
  if (on < 0)
    {
      const char *v = getenv ("CACHECAT_TIMES");
      on = v && *v && strcmp (v, "0") != 0;
    }
  if (!on)
    return;
  double self = cpu_ms (RUSAGE_SELF), children = cpu_ms (RUSAGE_CHILDREN);
  if (what)
    fprintf (stderr, "cachecat-times: %s %.1f ms (children %.1f ms)\n", what,
             self - last_self, children - last_children);
  last_self = self;
  last_children = children;
}

void
cc_glue_finish_unit (void *, void *)
{
  if (!cc_glue.mem)
    return;
  time_mark (NULL);
  fflush (cc_glue.mem);
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      free (cc_glue.funcs[fi].uid_to_insn);
      cc_glue.funcs[fi].uid_to_insn = NULL;
      cc_glue.funcs[fi].uid_limit = 0;
    }
  cc_glue_locate_note_ends ();

  /* A slim LTO object has no code: the analysis happens at link time.  */
  if (cc_glue.n_funcs == 0 && flag_generate_lto && !flag_fat_lto_objects)
    {
      cc_glue_emit_output (NULL);
      release_state ();
      return;
    }

  char *layout_note = NULL;
  if (cc_glue.n_funcs)
    {
      layout_note = measure_layout ();
      if (layout_note)
        fail_layout (layout_note);
    }
  time_mark ("measure");

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

  const cc_options *o = &cc_glue.opts;
  cc_cache cache;
  memset (&cache, 0, sizeof cache);
  cache.size = o->cache_size;
  cache.line = o->line_size;
  cache.ways = o->ways ? o->ways : 1;
  uint64_t per_set = (uint64_t) cache.line * cache.ways;
  cache.sets = per_set ? (uint32_t) (cache.size / per_set) : 0;
  cache.policy = cc_options_policy (o);
  cc_analysis_opts ao;
  memset (&ao, 0, sizeof ao);
  ao.entry = o->entry;
  ao.entry_cold = o->entry_cold;
  ao.max_instances = o->max_instances;
  ao.reduce = 0;
  ao.entry_callable = 0;
  ao.group_insns = 0;
  char *err = NULL;
  cc_result *r = cc_analyse (&cc_glue.model, &cache, &ao, &err);
  time_mark ("analyse");
  for (uint32_t fi = 0; r && fi < cc_glue.n_funcs; fi++)
    if (r->funcs[cc_glue.funcs[fi].model_index].too_big)
      warning_at (cc_glue.funcs[fi].loc, 0, "cachecat: %qs is too big to analyse "
                  "(%u instructions, over the cost cap of the engine); its instructions are "
                  "reported as conflict", cc_glue.funcs[fi].sym,
                  cc_glue.model.funcs[cc_glue.funcs[fi].model_index].n_insns);
  if (!r)
    error_at (UNKNOWN_LOCATION, "cachecat: %s",
              err ? err : "the analysis failed");
  else
    {
      char *path = o->report ? xstrdup (o->report)
                             : concat (aux_base_name ? aux_base_name
                                                     : "gccaux",
                                       ".cachecat.json", NULL);
      cc_report_info info;
      info.source = main_input_filename;
      info.options = o;
      info.layout_note = layout_note;
      char *werr = NULL;
      if (cc_report_write (path, &cc_glue.model, r, &info, &werr))
        error_at (UNKNOWN_LOCATION, "cachecat: cannot write report %qs: %s",
                  path,
               werr ? werr : "unknown error");
      free (werr);
      free (path);
      check_limits (r);
    }
  free (err);
  time_mark ("report");

  /* A temporary .s the driver deletes after assembling it: nobody reads
     the annotations (README: Annotations).  */
  int seen = cc_asm_output_seen (getenv ("COLLECT_GCC"), getenv ("COLLECT_GCC_OPTIONS"),
                                 getenv ("COLLECT_AS_OPTIONS"));
  cc_glue_emit_output (seen ? r : NULL);
  time_mark ("annotate");
  if (r)
    cc_result_free (r, &cc_glue.model);
  free (layout_note);
  release_state ();
}
