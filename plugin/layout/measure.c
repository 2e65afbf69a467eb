/* cachecat layout: where every instruction of a unit lies (measure.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/measure.h"
#include "layout/asm_filter.h"
#include "layout/assembler.h"
#include "layout/machine.h"
#include "layout/target.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* One measurement of the unit.  */
typedef struct unit
{
  const cc_unit_text *t;
  cc_model *m;
  cc_unit_func *f;
  uint32_t n;
} unit;

/* What the measured object is asked: per function its part symbols, in
   order, then our labels by number: family 0 the note labels (every start
   label, and the end of basic asm), family 1 the end labels, family 2 the
   labels the filter put before the second and later machine instructions
   of an insn (N_MACHINE of them; machine.h).  SYMS has room for two names
   per function.  */
static void
layout_query (const unit *u, cc_layout_query *q, const char **syms, unsigned long n_machine)
{
  uint32_t k = 0;
  for (uint32_t fi = 0; fi < u->n; fi++)
    {
      syms[k++] = u->f[fi].sym;
      if (u->f[fi].cold_sym)
        syms[k++] = u->f[fi].cold_sym;
    }
  q->names = syms;
  q->n_names = k;
  q->families[0] = (cc_layout_family) { u->t->note_prefix, u->t->note_base,
                                        (uint32_t) u->t->n_notes };
  q->families[1] = (cc_layout_family) { u->t->end_prefix, 0, (uint32_t) u->t->n_ends };
  q->families[2] = (cc_layout_family) { u->t->machine_prefix ? u->t->machine_prefix : "",
                                        0, (uint32_t) n_machine };
  q->n_families = 3;
}

/* Where label N of family F is defined (section 0 if nowhere).  */
static inline cc_layout_ref
numbered_ref (const cc_layout *l, const cc_layout_query *q, uint32_t f, long n)
{
  const cc_layout_family *fam = &q->families[f];
  if (n <= (long) fam->base || (unsigned long) n - fam->base > fam->count)
    return (cc_layout_ref) { 0, 0 };
  return l->numbered[f][(unsigned long) n - fam->base - 1];
}

/* Where the insn of labels LB starts (*S) and ends (*E).  An end label
   that the filter FILT left out of the measured text is measured by the
   start label standing for it (FILT is NULL when the whole text was
   measured).  */
static inline void
insn_refs (const cc_layout *l, const cc_layout_query *q, const cc_asm_filter *filt,
           const cc_insn_labels *lb, cc_layout_ref *s, cc_layout_ref *e)
{
  *s = numbered_ref (l, q, 0, lb->start);
  if (lb->end_kind == CC_END_POSTSCAN)
    {
      long alias = filt ? cc_asm_filter_alias (filt, (unsigned long) lb->end) : -1;
      *e = alias >= 0 ? numbered_ref (l, q, 0, alias) : numbered_ref (l, q, 1, lb->end);
    }
  else
    *e = numbered_ref (l, q, 0, lb->end);
}

/* Model section for ELF section SEC, distinct per ELF section.  */
static uint32_t
model_section (cc_model *m, const cc_layout *l, uint32_t sec, uint32_t *map)
{
  if (map[sec] != CC_NONE)
    return map[sec];
  const cc_layout_section *s = &l->sections[sec];
  uint32_t align = s->align > 1 ? (uint32_t) s->align : 1;
  if (s->align > (1u << 31))
    align = 1u << 31;
  /* Two ELF sections with one name (COMDAT groups): keep them apart.  */
  int clash = 0;
  for (uint32_t j = 1; j < l->n_sections; j++)
    if (j != sec && map[j] != CC_NONE && strcmp (l->sections[j].name, s->name) == 0)
      clash = 1;
  uint32_t idx;
  if (clash)
    {
      char *nm = cc_xasprintf ("%s[%u]", s->name, sec);
      idx = cc_model_add_section (m, nm, align);
      free (nm);
    }
  else
    idx = cc_model_add_section (m, s->name, align);
  map[sec] = idx;
  return idx;
}

/* Flag function FI, whose layout is not what the model says, for WHY.  */
static void
break_function (unit *u, uint32_t fi, const char *why)
{
  cc_func *f = &u->m->funcs[u->f[fi].model_index];
  if (f->flags & CC_FUNC_BROKEN)
    return;
  f->flags |= CC_FUNC_BROKEN;
  u->f[fi].broken = why;
}

/* Per start label, the split of its insn that the filter SPLITTER
   recorded (machine.h), or NULL.  */
static const cc_asm_split **
splits_by_label (const unit *u, const cc_asm_filter *splitter, const cc_mstmt **ms,
                 unsigned long *n_labels)
{
  size_t n = 0;
  *ms = NULL;
  *n_labels = 0;
  const cc_asm_split *sp = splitter ? cc_asm_filter_splits (splitter, &n, ms, n_labels)
                                    : NULL;
  unsigned long base = u->t->note_base, count = u->t->n_notes;
  const cc_asm_split **by = cc_xcalloc (count + 1, sizeof *by);
  for (size_t k = 0; k < n; k++)
    if (sp[k].insn > base && sp[k].insn - base <= count)
      by[sp[k].insn - base - 1] = &sp[k];
  return by;
}

/* Make the insns of function FI, laid out by L for Q, its machine
   instructions: the splits of BY (by start label), MS their statements,
   the labels before them family 2 of L; insn I lies in ELF section
   SEC[I].  ENTRY_PAD: no-ops lie before its first insn, which become a
   machine instruction of their own (so FI gets its mfirst).  */
static void
split_function (unit *u, uint32_t fi, const cc_layout *l, const cc_layout_query *q,
                const uint32_t *sec, const cc_asm_split *const *by,
                const cc_mstmt *ms, unsigned long n_labels, int entry_pad)
{
  cc_unit_func *uf = &u->f[fi];
  cc_func *f = &u->m->funcs[uf->model_index];
  uint32_t n = uf->n_insns;
  unsigned long base = u->t->note_base, count = u->t->n_notes;
  const cc_asm_split **split = cc_xcalloc (n + 1, sizeof *split);
  int any = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      long no = uf->insns[i].start;
      if (no > (long) base && (unsigned long) no - base <= count)
        split[i] = by[no - base - 1];
      any |= split[i] != NULL;
    }
  /* With the object's bytes (or a computed layout's list of them), every
     insn: the assembler may have put padding of its own inside one, or
     made one statement several instructions (RISC-V's call).  */
  if (any || l->image || l->minsns_listed || entry_pad)
    {
      uf->mfirst = cc_xmalloc ((n + 1) * sizeof *uf->mfirst);
      const cc_layout_ref *labels = q->n_families > 2 ? l->numbered[2] : NULL;
      cc_machine_split (f, split, ms, l, labels, n_labels, sec, uf->mfirst);
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
}

/* Are the bytes [FROM, TO) of section SEC of L's object no-ops that run
   on entry to the instruction at TO (a loop aligned at the top of a
   function)?  1 yes, 0 no (or the object's bytes are not at hand), -1
   not known: L was computed from the text, and knows them to be no-ops
   only where they are an alignment's padding or `nop's.  */
static int
entry_nops (const cc_layout *l, uint32_t sec, uint64_t from, uint64_t to)
{
  if (to - from >= 64)
    return 0;
  if (l->fills_listed)
    {
      for (uint32_t k = 0; k < l->n_nop_fills; k++)
        {
          const cc_layout_span *x = &l->nop_fills[k];
          if (x->section == sec && x->from <= from && to <= x->to)
            return 1;
        }
      return -1;
    }
  uint64_t n = 0;
  const unsigned char *b = cc_layout_section_bytes (l, sec, &n);
  return b && to <= n
         && cc_target_nop_fill (cc_arch_of_elf_machine (l->machine), b + from,
                                (size_t) (to - from));
}

/* Is the layout L, measured for Q (and FILT, see insn_refs), the model's?
   Returns NULL, or what does not add up (caller frees).  */
static char *
check_layout (const unit *u, const cc_layout *l, const cc_layout_query *q,
              const cc_asm_filter *filt)
{
  uint32_t w = 0;
  for (uint32_t fi = 0; fi < u->n; fi++)
    {
      const cc_unit_func *uf = &u->f[fi];
      const cc_func *f = &u->m->funcs[uf->model_index];
      uint32_t nparts = uf->cold_sym ? 2 : 1;
      if (f->n_parts != nparts)
        return cc_xasprintf ("%s: inconsistent parts", uf->sym);
      if (w + nparts > l->n_refs)
        return cc_xasprintf ("the list of symbols is short");
      cc_layout_ref pref[2];
      for (uint32_t p = 0; p < nparts; p++)
        {
          pref[p] = l->refs[w++];
          if (pref[p].section == 0)
            return cc_xasprintf ("symbol '%s' is not defined in a section",
                                 p ? uf->cold_sym : uf->sym);
        }
      uint64_t prev_end[2] = { 0, 0 };
      int seen[2] = { 0, 0 };
      for (uint32_t i = 0; i < uf->n_insns; i++)
        {
          cc_layout_ref s, e;
          insn_refs (l, q, filt, &uf->insns[i], &s, &e);
          const cc_insn *ci = &f->insns[i];
          uint32_t p = ci->part < nparts ? ci->part : 0;
          if (s.section == 0 || e.section == 0)
            return cc_xasprintf ("a label of insn %u of '%s' is missing", ci->uid, uf->sym);
          if (s.section != e.section)
            return cc_xasprintf ("insn %u of '%s' ends in another section", ci->uid, uf->sym);
          if (s.section != pref[p].section)
            return cc_xasprintf ("insn %u of '%s' is not in the section of '%s'", ci->uid,
                                 uf->sym, p ? uf->cold_sym : uf->sym);
          if (e.offset < s.offset || e.offset > UINT32_MAX)
            return cc_xasprintf ("insn %u of '%s' has a negative length", ci->uid, uf->sym);
          if (e.offset == s.offset && ci->kind == CC_INSN_CODE && uf->insns[i].est_len > 0)
            return cc_xasprintf ("insn %u of '%s' has no bytes", ci->uid, uf->sym);
          if (seen[p] && s.offset < prev_end[p])
            return cc_xasprintf ("insns of '%s' overlap", uf->sym);
          if (!seen[p] && s.offset < pref[p].offset)
            return cc_xasprintf ("insn %u of '%s' lies before its symbol", ci->uid, uf->sym);
          /* apply_layout asks the same.  */
          if (p == 0 && i == 0 && s.offset > pref[0].offset
              && entry_nops (l, s.section, pref[0].offset, s.offset) < 0)
            return cc_xasprintf ("the bytes between '%s' and its first instruction are "
                                 "not known", uf->sym);
          seen[p] = 1;
          prev_end[p] = e.offset;
        }
    }
  if (w != l->n_refs)
    return cc_xasprintf ("the list of symbols has %u extra entries", l->n_refs - w);
  return NULL;
}

/* Fill offsets, lengths, parts and sections from L, measured for Q (and
   FILT, see insn_refs), and make the insns machine instructions
   (SPLITTER: the filter that read the insns, NULL if none did).  Returns
   NULL, or what does not add up (caller frees): then the model is as it
   was.  */
static char *
apply_layout (unit *u, const cc_layout *l, const cc_layout_query *q,
              const cc_asm_filter *filt, const cc_asm_filter *splitter)
{
  char *bad = check_layout (u, l, q, filt);
  if (bad)
    return bad;
  uint32_t *map = cc_xmalloc ((l->n_sections ? l->n_sections : 1) * sizeof *map);
  for (uint32_t j = 0; j < l->n_sections; j++)
    map[j] = CC_NONE;
  const cc_mstmt *ms;
  unsigned long n_labels;
  const cc_asm_split **by = splits_by_label (u, splitter, &ms, &n_labels);
  uint32_t most = 0;
  for (uint32_t fi = 0; fi < u->n; fi++)
    if (u->f[fi].n_insns > most)
      most = u->f[fi].n_insns;
  uint32_t *sec = cc_xmalloc ((most + 1) * sizeof *sec);
  uint32_t w = 0;
  for (uint32_t fi = 0; fi < u->n; fi++)
    {
      const cc_unit_func *uf = &u->f[fi];
      cc_func *f = &u->m->funcs[uf->model_index];
      uint32_t nparts = f->n_parts;
      cc_layout_ref pref[2];
      for (uint32_t p = 0; p < nparts; p++)
        {
          pref[p] = l->refs[w++];
          f->parts[p].section = model_section (u->m, l, pref[p].section, map);
          f->parts[p].offset = (uint32_t) pref[p].offset;
          f->parts[p].size = 0;
        }
      int gap_at_entry = 0;
      uint32_t entry_pad = 0;   /* no-ops between the symbol and insn 0 */
      int seen[2] = { 0, 0 };
      for (uint32_t i = 0; i < uf->n_insns; i++)
        {
          cc_layout_ref s, e;
          insn_refs (l, q, filt, &uf->insns[i], &s, &e);
          cc_insn *ci = &f->insns[i];
          uint32_t p = ci->part < nparts ? ci->part : 0;
          ci->offset = (uint32_t) s.offset;
          ci->length = (uint32_t) (e.offset - s.offset);
          sec[i] = s.section;
          if (!seen[p] && s.offset != pref[p].offset)
            {
              if (p == 0 && i == 0 && s.offset > pref[0].offset
                  && entry_nops (l, s.section, pref[0].offset, s.offset) > 0)
                entry_pad = (uint32_t) (s.offset - pref[0].offset);
              else
                gap_at_entry = 1;
            }
          seen[p] = 1;
          uint64_t size = e.offset - pref[p].offset;
          if (size > f->parts[p].size)
            f->parts[p].size = (uint32_t) size;
        }
      if (gap_at_entry)
        break_function (u, fi, "bytes between its symbol and its first instruction "
                        "are not modelled (-pg or -fpatchable-function-entry?)");
      split_function (u, fi, l, q, sec, by, ms, n_labels, entry_pad && !gap_at_entry);
      if (entry_pad && !gap_at_entry)
        {
          /* The glue's insns keep their machine instructions, one on.  */
          if (!uf->mfirst || f->n_blocks == 0 || f->blocks[0].first_insn != 0)
            break_function (u, fi, "no-ops between its symbol and its first "
                            "instruction cannot be placed");
          else
            {
              cc_func_prepend_entry_pad (f, (uint32_t) pref[0].offset, entry_pad);
              for (uint32_t i = 0; i <= uf->n_insns; i++)
                uf->mfirst[i]++;
            }
        }
    }
  free (sec);
  free (by);
  free (map);
  return NULL;
}

void
cc_unit_unmeasured (cc_model *m)
{
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func *f = &m->funcs[fi];
      f->flags |= CC_FUNC_BROKEN;
      for (uint32_t p = 0; p < f->n_parts; p++)
        {
          char *nm = cc_xasprintf ("(unknown) %s", f->parts[p].symbol);
          f->parts[p].section = cc_model_add_section (m, nm, 1);
          f->parts[p].offset = 0;
          free (nm);
        }
    }
}

/* Does the computed layout L give every insn GCC's own length, but those
   UNCHECKED (x86_layout.h; NULL: none) and, if SKIP_ASM, inline asm
   (whose length GCC guesses from its lines)?  Returns NULL, or the first
   that does not.  */
static char *
cross_check (const unit *u, const cc_layout *l, const cc_layout_query *q,
             const cc_asm_filter *filt, const unsigned char *unchecked, int skip_asm)
{
  for (uint32_t fi = 0; fi < u->n; fi++)
    {
      const cc_unit_func *uf = &u->f[fi];
      for (uint32_t i = 0; i < uf->n_insns; i++)
        {
          const cc_insn_labels *lb = &uf->insns[i];
          long no = lb->start;
          if (no > (long) q->families[0].base
              && (unsigned long) no - q->families[0].base <= q->families[0].count
              && unchecked && unchecked[no - q->families[0].base - 1])
            continue;
          if (skip_asm && u->m->funcs[uf->model_index].insns[i].kind == CC_INSN_ASM)
            continue;
          cc_layout_ref s, e;
          insn_refs (l, q, filt, lb, &s, &e);
          if (s.section == 0 || e.section != s.section || e.offset < s.offset
              || e.offset - s.offset != (uint64_t) (lb->est_len > 0 ? lb->est_len : 0))
            return cc_xasprintf ("insn %u of '%s': %lld bytes computed, GCC says %d",
                                 u->m->funcs[uf->model_index].insns[i].uid, uf->sym,
                                 (long long) (e.offset - s.offset), lb->est_len);
        }
    }
  return NULL;
}

/* Can our labels be placed by decoding the object (the target's decode)?
   Only for x86-64 code and an assembler run directly with no option that
   could make it add bytes of its own (-Wa,-mbranches-within-32B-boundaries,
   say).  Then COMMAND without its last item, the -L.  */
static char **
decoding_command (const cc_unit_text *t, char **command, int direct)
{
  if (!t->x86_64 || !cc_layout_target_of (cc_built_arch ())->decode || !direct || !command
      || !command[0] || t->way == CC_LAYOUT_LABELS)
    return NULL;
  size_t n = 1;
  for (; command[n] && command[n + 1]; n++)
    if (strcmp (command[n], "--64") != 0 && strcmp (command[n], "--x32") != 0
        && strcmp (command[n], "-msse2avx") != 0)
      return NULL;
  if (!command[n] || strcmp (command[n], "-L") != 0)
    return NULL;
  char **v = cc_xmalloc ((n + 1) * sizeof *v);
  memcpy (v, command, n * sizeof *v);
  v[n] = NULL;
  return v;
}

static char **
assembler_command (const cc_unit_text *t, const cc_toolchain *tc, int *direct)
{
  return cc_asm_command (tc, t->collect_gcc, t->collect_gcc_options, t->collect_as_options,
                         "/proc/self/exe", direct);
}

/* The label line of mark M of T into O: its length.  */
static size_t
mark_line (const cc_unit_text *t, const cc_text_mark *m, char *o)
{
  const char *prefix = m->end ? t->end_prefix : t->note_prefix;
  size_t pl = strlen (prefix), len = pl;
  memcpy (o, prefix, pl);
  len += cc_put_decimal (o + len, m->num);
  o[len++] = ':';
  o[len++] = '\n';
  return len;
}

/* The unit's text of T with its marks' labels put back (the caller
   frees it).  */
static char *
labelled_text (const cc_unit_text *t, size_t *n)
{
  const char *buf = t->chunks[1].data;
  size_t size = t->chunks[1].size;
  size_t most = strlen (t->note_prefix) > strlen (t->end_prefix) ? strlen (t->note_prefix)
                : strlen (t->end_prefix);
  char *out = cc_xmalloc (size + t->n_marks * (most + 24) + 1);
  size_t o = 0, at = 0;
  for (size_t j = 0; j < t->n_marks; j++)
    {
      size_t pos = t->marks[j].pos < 0 ? 0 : (size_t) t->marks[j].pos;
      if (pos > size)
        pos = size;
      if (pos > at)
        {
          memcpy (out + o, buf + at, pos - at);
          o += pos - at;
          at = pos;
        }
      o += mark_line (t, &t->marks[j], out + o);
    }
  memcpy (out + o, buf + at, size - at);
  o += size - at;
  out[o] = 0;
  *n = o;
  return out;
}

/* The unit's text of T into the filter F, with the labels of its
   marks.  */
static void
feed_marked (cc_asm_filter *f, const cc_unit_text *t)
{
  const char *buf = t->chunks[1].data;
  size_t size = t->chunks[1].data ? t->chunks[1].size : 0, at = 0;
  for (size_t j = 0; j < t->n_marks; j++)
    {
      size_t pos = t->marks[j].pos < 0 ? 0 : (size_t) t->marks[j].pos;
      if (pos > size)
        pos = size;
      if (pos > at)
        {
          cc_asm_filter_add (f, buf + at, pos - at);
          at = pos;
        }
      /* Mostly an insn's end label and the next one's start label.  */
      if (t->marks[j].end && j + 1 < t->n_marks && !t->marks[j + 1].end
          && t->marks[j + 1].pos == t->marks[j].pos)
        {
          cc_asm_filter_label_pair (f, t->marks[j].num, t->marks[j + 1].num);
          j++;
          continue;
        }
      cc_asm_filter_label (f, t->marks[j].end, t->marks[j].num);
    }
  if (size > at)
    cc_asm_filter_add (f, buf + at, size - at);
}

/* One unit being measured: the ways its layout may be found (computed,
   decoded, measured with labels, the whole text), tried in that order,
   and what they share.  */
typedef struct measuring
{
  unit u;
  const cc_unit_text *t;
  cc_asm_filter *owner;       /* the filter, freed at the end */
  cc_asm_filter *filt;        /* it, NULL once the whole text is measured */
  const cc_asm_filter *splitter;  /* it, if it reads machine instructions */
  int labels;                 /* the filter keeps only the labels it needs */
  char **command;             /* the assembler's */
  int direct;                 /* run directly, not through the driver */
  char **decoding;            /* the assembler's for decoding, or NULL */
  const cc_layout_target *lt; /* the target's (target.h) */
  unsigned computing;         /* computed: what its compute needs; 0: not */
  cc_layout_query q;
  cc_layout lay;
  char *err;
  int rc;                     /* 0: LAY measured */
  int no_fallback;            /* the way asked for failed: no other */
  int computed;               /* the model is filled: nothing to measure */
} measuring;

/* Make M's filter: only what can move code (asm_filter.h), and of our
   labels only those that mark an address no other of them marks; the
   whole text, every label, if the filter gives up or the assembler
   refuses the filtered text.  */
static void
start_filter (measuring *m)
{
  const cc_unit_text *t = m->t;
  cc_asm_filter *filt = cc_asm_filter_new (t->comment, t->separator);
  cc_asm_filter_line_comment (filt, cc_target_line_comment (cc_built_arch ()));
  m->labels = cc_asm_filter_labels (filt, t->note_prefix, t->note_base, t->end_prefix);
  /* The filter also reads each insn's machine instructions (machine.h);
     it reads them to the end even if it gives up on the text, and keeps
     them for apply_layout whichever way the layout is measured.  */
  if (t->machine_prefix)
    cc_asm_filter_machine (filt, t->machine_prefix);
  m->owner = m->filt = filt;
  m->splitter = t->machine_prefix ? filt : NULL;
  if (t->n_debug)
    cc_asm_filter_debug_labels (filt, t->debug_prefixes, t->n_debug);
}

/* The assembler commands of M and which ways of computing the layout
   its target and options allow.  */
static void
choose_ways (measuring *m)
{
  const cc_unit_text *t = m->t;
  m->command = assembler_command (t, &cc_built_toolchain, &m->direct);
  m->decoding = decoding_command (t, m->command, m->direct);
  /* Computed without an assembler where the target can (target.h).  */
  m->lt = cc_layout_target_of (cc_built_arch ());
  m->computing = m->lt->computing ? m->lt->computing (t, m->command, m->direct, m->decoding)
                                  : 0;
}

/* Feed M's text through its filter, which records for the ways chosen
   what they follow (events, encodings); the filtered text.  */
static cc_layout_chunk
filter_text (measuring *m)
{
  const cc_unit_text *t = m->t;
  cc_asm_filter *filt = m->filt;
  if (m->decoding || m->computing)
    cc_asm_filter_events (filt, t->note_prefix);
  if (m->computing)
    m->lt->filter_computing (filt);
  if (m->lt->millicode)
    cc_asm_filter_millicode (filt, m->lt->millicode);
  /* Events: about one per label and one per instruction (half as many
     as labels).  */
  cc_asm_filter_reserve (filt, t->chunks[0].size + t->chunks[1].size + t->n_marks * 16,
                         t->n_marks * 2);
  cc_asm_filter_add (filt, t->chunks[0].data, t->chunks[0].size);
  if (m->labels || !t->n_marks)
    feed_marked (filt, t);
  else
    {
      size_t size;
      char *labelled = labelled_text (t, &size);
      cc_asm_filter_add (filt, labelled, size);
      free (labelled);
    }
  cc_layout_chunk code;
  code.data = cc_asm_filter_finish (filt, &code.size);
  return code;
}

/* The first way: compute the layout from the filter's events, checked
   against GCC's lengths, and fill the model.  What does not add up is a
   reason to ask the assembler too, unless computing was asked for.  */
static void
try_computing (measuring *m)
{
  unsigned char *unchecked = NULL;
  char *why = m->lt->compute (&m->lay, &m->q, m->filt, m->computing, &unchecked);
  if (!why && m->lt->lengths_check)
    why = cross_check (&m->u, &m->lay, &m->q, m->filt, unchecked,
                       m->lt->lengths_check_skips_asm);
  /* What does not add up in the model's terms is a reason to ask
     the assembler too, not yet a failure.  */
  if (!why)
    why = apply_layout (&m->u, &m->lay, &m->q, m->filt, m->splitter);
  cc_layout_free (&m->lay);
  free (unchecked);
  if (!why)
    m->computed = 1;
  else if (m->t->way == CC_LAYOUT_COMPUTE)
    {
      m->err = cc_xasprintf ("computing the layout failed: %s", why);
      m->no_fallback = 1;
    }
  free (why);
}

/* The second way: assemble the text without our labels and place them
   by decoding the object's code.  A failure is one only if decoding was
   asked for.  */
static void
try_decoding (measuring *m)
{
  cc_layout_chunk plain;
  char *text = cc_asm_filter_unlabelled (m->filt, &plain.size);
  plain.data = text;
  m->q.keep_image = 1;
  m->rc = cc_layout_measure (m->decoding, &plain, 1, &m->q, &m->lay, &m->err);
  m->q.keep_image = 0;
  free (text);
  if (m->rc == 0)
    {
      char *why = m->lt->decode (&m->lay, &m->q, m->filt);
      if (why)
        {
          cc_layout_free (&m->lay);
          m->rc = -1;
          free (m->err);
          m->err = why;
        }
    }
  if (m->rc && m->t->way == CC_LAYOUT_DECODE)
    {
      char *why = cc_xasprintf ("decoding the layout failed: %s", m->err ? m->err : "?");
      free (m->err);
      m->err = why;
      m->no_fallback = 1;
    }
  else
    {
      free (m->err);
      m->err = NULL;
    }
}

/* The last way: the whole text with every label; then, if the assembler
   was run directly and failed even so, once more through the driver.  */
static void
measure_whole_text (measuring *m)
{
  const cc_unit_text *t = m->t;
  for (int attempt = 0; m->rc && attempt < 2; attempt++)
    {
      if (attempt == 1)
        {
          if (!m->direct)
            break;
          cc_asm_command_free (m->command);
          m->command = assembler_command (t, NULL, &m->direct);
        }
      free (m->err);
      m->err = NULL;
      /* Not the filter's text: its aliases of end labels do not hold
         (its splits still do).  */
      m->filt = NULL;
      cc_layout_chunk whole[2] = { t->chunks[0], t->chunks[1] };
      char *labelled = NULL;
      if (t->n_marks)
        {
          labelled = labelled_text (t, &whole[1].size);
          whole[1].data = labelled;
        }
      m->rc = cc_layout_measure (m->command, whole, 2, &m->q, &m->lay, &m->err);
      free (labelled);
    }
}

char *
cc_measure_unit (const cc_unit_text *t, cc_model *model, cc_unit_func *uf, uint32_t n)
{
  measuring m = { .u = { t, model, uf, n }, .t = t, .rc = -1 };
  start_filter (&m);
  choose_ways (&m);
  cc_layout_chunk code = filter_text (&m);
  const char **syms = cc_xmalloc ((2 * (size_t) n + 1) * sizeof *syms);
  size_t n_splits;
  const cc_mstmt *ms;
  unsigned long n_machine = 0;
  cc_asm_filter_splits (m.filt, &n_splits, &ms, &n_machine);
  layout_query (&m.u, &m.q, syms, n_machine);
  /* Computed; else without our labels, placed by decoding; else with
     them.  */
  if (code.data && m.computing)
    try_computing (&m);
  if (code.data && m.decoding && !m.computed && !m.no_fallback)
    try_decoding (&m);
  free (m.decoding);
  /* Measured with labels: the object's bytes too, for padding the
     assembler puts inside an insn (machine.h).  */
  m.q.keep_image = 1;
  if (code.data && m.rc && !m.computed && !m.no_fallback)
    m.rc = cc_layout_measure (m.command, &code, 1, &m.q, &m.lay, &m.err);
  if (!m.computed && !m.no_fallback)
    measure_whole_text (&m);
  cc_asm_command_free (m.command);
  char *bad;
  if (m.computed)
    bad = NULL;
  else if (m.rc)
    bad = cc_xstrdup (m.err ? m.err : "the assembler failed");
  else
    {
      bad = apply_layout (&m.u, &m.lay, &m.q, m.filt, m.splitter);
      cc_layout_free (&m.lay);
    }
  free (m.err);
  free (syms);
  cc_asm_filter_free (m.owner);
  return bad;
}
