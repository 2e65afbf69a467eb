/* cachecat GCC glue: deferred assembly output and annotation splicing.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   At PLUGIN_START_UNIT asm_out_file is swapped for an open_memstream
   buffer (final writes every function through it, and file_end comes
   after PLUGIN_FINISH_UNIT).  final_postscan_insn prints each
   modelled insn's end label and records where its annotation goes.  Our
   labels, the note labels final prints and the end labels, do not go
   into the buffer: the target's internal_label hook keeps each as a
   mark, its place in the buffer (where they can be named as the prefix
   and the number, as on ELF; elsewhere they are printed).  At
   PLUGIN_FINISH_UNIT (unit_finish.cc) the buffer with the labels put back
   is measured, the unit analysed, and the buffer copied to the real file
   with one comment per insn and only the labels the record refers to;
   file_end then goes to the real file.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"
#include "layout/asm_filter.h"

#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <stdio_ext.h>
#endif

static void (*prev_postscan) (FILE *, rtx_insn *, rtx *, int);

/* The ARM back end's conditional-execution state machine (arm.cc: "ccfsm",
   A32 at -O1 and up): in its states 3 and 4 it prints the insns it passes
   conditionally, and the branch that started it not at all.  Weak: only
   an ARM compiler has it.  */
extern int arm_ccfsm_state __attribute__ ((weak));

/* Did the ccfsm print INSN, just output, conditionally or not at all?  */
static bool
arm_ccfsm_touched (void)
{
  return &arm_ccfsm_state && (arm_ccfsm_state == 3 || arm_ccfsm_state == 4);
}
static void (*prev_internal_label) (FILE *, const char *, unsigned long);

static void
add_mark (long pos, unsigned long num, int end)
{
  if (cc_glue.n_marks == cc_glue.cap_marks)
    {
      cc_glue.cap_marks = cc_glue.cap_marks ? 2 * cc_glue.cap_marks : 4096;
      cc_glue.marks = XRESIZEVEC (cc_glue_mark, cc_glue.marks, cc_glue.cap_marks);
    }
  cc_glue_mark *m = &cc_glue.marks[cc_glue.n_marks++];
  m->pos = pos;
  m->num = num;
  m->end = (unsigned char) end;
}

/* Marking (glue.h): our note label ("L", above CC_GLUE_LABEL_BASE) or
   end label ("Lcce") printed into the buffer becomes a mark.  */
static void
internal_label (FILE *f, const char *prefix, unsigned long num)
{
  if (cc_glue.marking && f && f == cc_glue.mem && prefix[0] == 'L'
      && ((prefix[1] == 0 && num > CC_GLUE_LABEL_BASE) || strcmp (prefix, "Lcce") == 0))
    {
      add_mark (ftell (f), num, prefix[1] != 0);
      return;
    }
  prev_internal_label (f, prefix, num);
}

void
cc_glue_install_postscan (void)
{
  prev_postscan = targetm.asm_out.final_postscan_insn;
  targetm.asm_out.final_postscan_insn = cc_glue_postscan;
  prev_internal_label = targetm.asm_out.internal_label;
  targetm.asm_out.internal_label = internal_label;
}

/* The name of a start or end label as the target's macro spells it.  */
static void
label_name_slow (char *buf, size_t size, int kind, int number)
{
  char tmp[64];
  ASM_GENERATE_INTERNAL_LABEL (tmp, kind == CC_END_POSTSCAN ? "Lcce" : "L",
                               number);
  const char *p = tmp[0] == '*' ? tmp + 1 : tmp;
  size_t l = strlen (p);
  if (l >= size)
    l = size - 1;
  memcpy (buf, p, l);
  buf[l] = 0;
}

/* The names are the prefix and the number on every ELF target (".L42",
   ".Lcce42"); that is checked once, and names are then made without the
   macro's sprintf (two per insn add up).  */
static char note_prefix[32], end_prefix[32];
static int prefixes_state;     /* 0 unknown, 1 prefix + number, -1 other */

bool
cc_glue_internal_label_prefix (const char *kind, char *buf, size_t size)
{
  char a[64], b[64], c[80];
  ASM_GENERATE_INTERNAL_LABEL (a, kind, 0);
  ASM_GENERATE_INTERNAL_LABEL (b, kind, 1234567);
  const char *pa = a[0] == '*' ? a + 1 : a, *pb = b[0] == '*' ? b + 1 : b;
  size_t la = strlen (pa);
  if (la < 2 || la > size || pa[la - 1] != '0')
    return false;
  snprintf (c, sizeof c, "%.*s1234567", (int) (la - 1), pa);
  if (strcmp (c, pb) != 0)
    return false;
  memcpy (buf, pa, la - 1);
  buf[la - 1] = 0;
  return true;
}

static void
init_prefixes (void)
{
  prefixes_state
    = cc_glue_internal_label_prefix ("L", note_prefix, sizeof note_prefix)
      && cc_glue_internal_label_prefix ("Lcce", end_prefix, sizeof end_prefix)
      ? 1 : -1;
}

bool
cc_glue_label_prefixes (char *note, char *end, size_t size)
{
  if (prefixes_state == 0)
    init_prefixes ();
  if (prefixes_state < 0 || strlen (note_prefix) >= size
      || strlen (end_prefix) >= size)
    return false;
  strcpy (note, note_prefix);
  strcpy (end, end_prefix);
  return true;
}

void
cc_glue_label_name (char *buf, size_t size, int kind, int number)
{
  if (prefixes_state == 0)
    init_prefixes ();
  if (prefixes_state < 0 || number < 0)
    {
      label_name_slow (buf, size, kind, number);
      return;
    }
  const char *prefix = kind == CC_END_POSTSCAN ? end_prefix : note_prefix;
  char digits[12];
  int n = 0;
  unsigned v = (unsigned) number;
  do
    digits[n++] = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  size_t pl = strlen (prefix);
  if (pl + (size_t) n + 1 > size)
    {
      label_name_slow (buf, size, kind, number);
      return;
    }
  memcpy (buf, prefix, pl);
  for (int i = 0; i < n; i++)
    buf[pl + i] = digits[n - 1 - i];
  buf[pl + n] = 0;
}

/* What the compiler wrote before PLUGIN_START_UNIT (target directives such
   as .intel_syntax or .arch matter to the measuring assembly).  Read back
   from a regular file, or regenerated with file_start for a pipe.  */
static void
capture_header (FILE *real)
{
  cc_glue.header = NULL;
  cc_glue.header_size = 0;
  struct stat st;
  int fd = fileno (real);
  if (fd >= 0 && fstat (fd, &st) == 0 && S_ISREG (st.st_mode)
      && fflush (real) == 0)
    {
      long end = ftell (real);
      if (end > 0 && end < (1L << 24))
        {
          char *buf = XNEWVEC (char, end + 1);
          ssize_t got = pread (fd, buf, (size_t) end, 0);
          if (got == end)
            {
              cc_glue.header = buf;
              cc_glue.header_size = (size_t) end;
              return;
            }
          free (buf);
        }
      else if (end == 0)
        return;
    }
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  if (!m)
    return;
  asm_out_file = m;
  targetm.asm_out.file_start ();
  asm_out_file = real;
  fclose (m);
  if (buf)
    {
      cc_glue.header = XNEWVEC (char, size + 1);
      memcpy (cc_glue.header, buf, size);
      cc_glue.header_size = size;
      free (buf);
    }
}

void
cc_glue_start_unit (void *, void *)
{
  if (!cc_glue.opts_valid || cc_glue.opts.disable || !asm_out_file
      || cc_glue.mem)
    return;
  FILE *real = asm_out_file;
  capture_header (real);
  cc_glue.mem_buf = NULL;
  cc_glue.mem_size = 0;
  FILE *m = open_memstream (&cc_glue.mem_buf, &cc_glue.mem_size);
  if (!m)
    {
      warning (0, "cachecat: cannot buffer the assembly output; "
               "the unit is not analysed");
      return;
    }
#ifdef __GLIBC__
  /* Only this thread writes the buffer: stdio need not lock it for
     every putc (GCC writes the unit a few bytes at a time).  */
  __fsetlocking (m, FSETLOCKING_BYCALLER);
#endif
  cc_glue.real_asm = real;
  cc_glue.mem = m;
  asm_out_file = m;
  cc_glue.active = 1;
  if (prefixes_state == 0)
    init_prefixes ();
  cc_glue.marking = prefixes_state > 0;
  cc_glue.n_marks = 0;
}

void
cc_glue_postscan (FILE *f, rtx_insn *insn, rtx *ops, int n_ops)
{
  if (prev_postscan)
    prev_postscan (f, insn, ops, n_ops);
  if (!cc_glue.active || !f || !insn || cc_glue.n_funcs == 0)
    return;
  cc_glue_func *gf = &cc_glue.funcs[cc_glue.n_funcs - 1];
  if (gf->decl != current_function_decl || !gf->uid_to_insn)
    return;
  int uid = INSN_UID (insn);
  if (uid < 0 || uid >= gf->uid_limit)
    return;
  int i = gf->uid_to_insn[uid];
  if (i < 0 || (uint32_t) i >= gf->n_insns)
    return;
  cc_glue_insn *gi = &gf->insns[i];
  if ((JUMP_P (insn) || CALL_P (insn)) && arm_ccfsm_touched ())
    {
      /* Its bytes, none or some, are the assembler's to say.  */
      gi->ccfsm = JUMP_P (insn) ? CC_CCFSM_JUMP : CC_CCFSM_CALL;
      gf->labels[i].est_len = 0;
    }
  const cc_insn_labels *lb = &gf->labels[i];
  if (lb->end_kind != CC_END_POSTSCAN || gi->end_seen)
    return;
  gi->end_seen = 1;
  if (cc_glue.marking && f == cc_glue.mem)
    {
      /* What internal_label does with it, and its place once.  */
      gi->pos = ftell (f);
      add_mark (gi->pos, (unsigned long) lb->end, 1);
      gi->mark = (long) cc_glue.n_marks - 1;
      return;
    }
  targetm.asm_out.internal_label (f, "Lcce", lb->end);
  if (f == cc_glue.mem)
    gi->pos = ftell (f);
}

/* Write the label line of mark M ("NAME:\n") to *O.  */
static char *
put_mark_label (char *o, const cc_glue_mark *m)
{
  const char *prefix = m->end ? end_prefix : note_prefix;
  size_t pl = strlen (prefix);
  memcpy (o, prefix, pl);
  o += pl;
  o += cc_put_decimal (o, m->num);
  *o++ = ':';
  *o++ = '\n';
  return o;
}

/* Marking: the end of a basic asm is the mark of its note label.  */
static void
note_ends_from_marks (void)
{
  unsigned long n = cc_glue.label_counter;
  long *at = XNEWVEC (long, n + 1);
  for (unsigned long k = 0; k <= n; k++)
    at[k] = -1;
  for (size_t j = 0; j < cc_glue.n_marks; j++)
    {
      const cc_glue_mark *m = &cc_glue.marks[j];
      if (!m->end && m->num > CC_GLUE_LABEL_BASE && m->num - CC_GLUE_LABEL_BASE <= n)
        at[m->num - CC_GLUE_LABEL_BASE] = (long) j;
    }
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      for (uint32_t i = 0; i < gf->n_insns; i++)
        {
          const cc_insn_labels *lb = &gf->labels[i];
          if (lb->end_kind != CC_END_NOTE || lb->end <= CC_GLUE_LABEL_BASE
              || (unsigned long) lb->end - CC_GLUE_LABEL_BASE > n)
            continue;
          long j = at[lb->end - CC_GLUE_LABEL_BASE];
          if (j >= 0)
            {
              gf->insns[i].pos = cc_glue.marks[j].pos;
              gf->insns[i].mark = j;
            }
        }
    }
  free (at);
}

void
cc_glue_locate_note_ends (void)
{
  if (cc_glue.marking)
    {
      note_ends_from_marks ();
      return;
    }
  const char *buf = cc_glue.mem_buf;
  size_t size = cc_glue.mem_size;
  if (!buf)
    return;
  long cursor = 0;
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    {
      cc_glue_func *gf = &cc_glue.funcs[fi];
      for (uint32_t i = 0; i < gf->n_insns; i++)
        {
          cc_glue_insn *gi = &gf->insns[i];
          const cc_insn_labels *lb = &gf->labels[i];
          if (lb->end_kind == CC_END_POSTSCAN)
            {
              if (gi->pos >= 0)
                cursor = gi->pos;
              continue;
            }
          if (lb->end_kind != CC_END_NOTE)
            continue;
          char name[80], pat[90];
          cc_glue_label_name (name, sizeof name, CC_END_NOTE, (int) lb->end);
          int pl = snprintf (pat, sizeof pat, "\n%s:", name);
          for (int pass = 0; pass < 2 && gi->pos < 0; pass++)
            {
              size_t from = pass == 0 && cursor > 0 ? (size_t) cursor - 1 : 0;
              while (from < size)
                {
                  const char *hit = (const char *) memmem (buf + from,
                                                           size - from,
                                                           pat, pl);
                  if (!hit)
                    break;
                  const char *after = hit + pl;
                  /* The whole label: not a prefix of a longer one.  */
                  if (after < buf + size && *after != '\n' && *after != ' '
                      && *after != '\t')
                    {
                      from = (size_t) (hit - buf) + 1;
                      continue;
                    }
                  const char *eol = (const char *) memchr (after, '\n',
                                                           buf + size - after);
                  gi->pos = eol ? (long) (eol + 1 - buf) : (long) size;
                  break;
                }
            }
          if (gi->pos >= 0)
            cursor = gi->pos;
        }
    }
}

/* One annotation to splice.  */
struct splice_ent
{
  long pos;
  uint32_t func, insn;   /* glue function and glue insn */
};

static int
splice_cmp (const void *a, const void *b)
{
  const splice_ent *x = (const splice_ent *) a, *y = (const splice_ent *) b;
  if (x->pos != y->pos)
    return x->pos < y->pos ? -1 : 1;
  if (x->func != y->func)
    return x->func < y->func ? -1 : 1;
  return x->insn < y->insn ? -1 : x->insn > y->insn;
}

/* The label prefixes our start/note labels and our end labels have in
   the assembly (".L" and ".Lcce" on ELF targets).  */
static void
label_prefixes (char *note, char *end, size_t size)
{
  cc_glue_label_name (note, size, CC_END_NOTE, 0);
  cc_glue_label_name (end, size, CC_END_POSTSCAN, 0);
  note[strlen (note) - 1] = 0;  /* drop the "0" */
  end[strlen (end) - 1] = 0;
}

/* Is label NO one of KEEP[0..N_KEEP) (ascending)?  */
static bool
kept_label (unsigned long no, const long *keep, size_t n_keep)
{
  size_t lo = 0, hi = n_keep;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if ((unsigned long) keep[mid] == no)
        return true;
      if ((unsigned long) keep[mid] < no)
        lo = mid + 1;
      else
        hi = mid;
    }
  return false;
}

/* Write [FROM, TO) of the buffer to F without our labels (prefixes NOTE
   and END): they are there only for the measuring assembly, change no
   byte of the object, and would double the length of the user's
   listing.  The note labels KEEP and the end labels KEEP_END stay: the
   model's record refers to them (model/model_record.h).  */
static void
copy_without_labels (FILE *f, const char *buf, size_t from, size_t to,
                     const char *note, const char *end, const long *keep, size_t n_keep,
                     const long *keep_end, size_t n_keep_end)
{
  size_t nl = strlen (note), el = strlen (end);
  size_t run = from;            /* start of what is still to be written */
  size_t at = from;
  while (at < to)
    {
      const char *p = buf + at;
      const char *nlp = (const char *) memchr (p, '\n', to - at);
      const char *eol = nlp ? nlp : buf + to;
      unsigned long no;
      if (*p == note[0]
          && ((cc_asm_label_line (p, eol, end, el, &no)
               && !kept_label (no, keep_end, n_keep_end))
              || (cc_asm_label_line (p, eol, note, nl, &no)
                  && no >= CC_GLUE_LABEL_BASE && !kept_label (no, keep, n_keep))))
        {
          if (at > run)
            fwrite (buf + run, 1, at - run, f);
          run = nlp ? (size_t) (nlp + 1 - buf) : to;
        }
      at = nlp ? (size_t) (nlp + 1 - buf) : to;
    }
  if (to > run)
    fwrite (buf + run, 1, to - run, f);
}

/* The comment line of splice entry SP's insn, annotated from R, to F:
   LINE holds LEAD_LEN bytes of lead-in, and room for 2,048 more.  */
static void
write_annotation (FILE *f, const cc_result *r, const splice_ent *sp, char *line,
                  int lead_len)
{
  char *ann = line + lead_len;
  size_t ann_size = 2048;     /* the newline goes after it */
  ann[0] = 0;
  const cc_glue_func *gf = &cc_glue.funcs[sp->func];
  uint32_t first, n_m = cc_glue_minsns (gf, sp->insn, &first);
  cc_annotation (&cc_glue.model, r, gf->model_index, first, n_m, ann, ann_size);
  ann[ann_size - 1] = 0;
  /* Keep the comment on one line.  */
  size_t len = 0;
  for (char *c = ann; *c; c++, len++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  ann[len] = '\n';
  fwrite (line, 1, (size_t) lead_len + len + 1, f);
}

/* Copy the buffer to the real output with the annotations of R (none if R
   is NULL), the note labels KEEP and the end labels KEEP_END (ascending),
   restore asm_out_file and release the buffer.  */
void
cc_glue_emit_output (const cc_result *r, const long *keep, size_t n_keep,
                     const long *keep_end, size_t n_keep_end)
{
  if (!cc_glue.mem)
    return;
  fflush (cc_glue.mem);
  FILE *real = cc_glue.real_asm;
  const char *buf = cc_glue.mem_buf;
  size_t size = cc_glue.mem_size;

  size_t n = 0;
  for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
    n += cc_glue.funcs[fi].n_insns;
  splice_ent *sp = XNEWVEC (splice_ent, n ? n : 1);
  size_t k = 0;
  if (r)
    for (uint32_t fi = 0; fi < cc_glue.n_funcs; fi++)
      for (uint32_t i = 0; i < cc_glue.funcs[fi].n_insns; i++)
        {
          long pos = cc_glue.funcs[fi].insns[i].pos;
          if (pos < 0 || (size_t) pos > size)
            continue;
          /* An insn the assembler made no bytes for (a prologue marker,
             say) is not an instruction: no comment.  */
          uint32_t mi = cc_glue.funcs[fi].model_index, first;
          uint32_t n_m = cc_glue_minsns (&cc_glue.funcs[fi], i, &first);
          if (r->funcs[mi].analysed && n_m == 1
              && cc_glue.model.funcs[mi].insns[first].length == 0)
            continue;
          sp[k].pos = pos;
          sp[k].func = fi;
          sp[k].insn = i;
          k++;
        }
  qsort (sp, k, sizeof *sp, splice_cmp);

  asm_out_file = real;
  size_t at = 0;
  char note[64], end[64];
  label_prefixes (note, end, sizeof note);
  /* Each comment line is the tab, the comment leader, a space and the
     annotation: one buffer, one write.  */
  char line[40 + 2048 + 1];
  int lead_len = snprintf (line, 40, "\t%s ", ASM_COMMENT_START);
  if (lead_len < 0 || lead_len >= 40)
    lead_len = 0;
  if (cc_glue.marking)
    {
      /* The buffer has none of our labels: at each mark, the label if
         the record refers to it, and the annotation of the insn it
         ends.  */
      long *ann = XNEWVEC (long, cc_glue.n_marks + 1);
      for (size_t j = 0; j < cc_glue.n_marks; j++)
        ann[j] = -1;
      for (size_t j = 0; j < k; j++)
        {
          long mk = cc_glue.funcs[sp[j].func].insns[sp[j].insn].mark;
          if (mk >= 0 && (size_t) mk < cc_glue.n_marks)
            ann[mk] = (long) j;
        }
      /* The kept note labels by number above CC_GLUE_LABEL_BASE.  */
      unsigned long n_notes = cc_glue.label_counter;
      unsigned char *kept = XCNEWVEC (unsigned char, n_notes + 1);
      for (size_t j = 0; j < n_keep; j++)
        if (keep[j] > CC_GLUE_LABEL_BASE
            && (unsigned long) keep[j] - CC_GLUE_LABEL_BASE <= n_notes)
          kept[keep[j] - CC_GLUE_LABEL_BASE] = 1;
      for (size_t j = 0; j < cc_glue.n_marks; j++)
        {
          const cc_glue_mark *m = &cc_glue.marks[j];
          bool keep_it = m->end ? kept_label (m->num, keep_end, n_keep_end)
                         : m->num > CC_GLUE_LABEL_BASE
                           && m->num - CC_GLUE_LABEL_BASE <= n_notes
                           && kept[m->num - CC_GLUE_LABEL_BASE];
          if (ann[j] < 0 && !keep_it)
            continue;
          size_t pos = (size_t) m->pos <= size ? (size_t) m->pos : size;
          if (pos > at)
            {
              fwrite (buf + at, 1, pos - at, real);
              at = pos;
            }
          if (keep_it)
            {
              char name[80];
              char *e = put_mark_label (name, m);
              fwrite (name, 1, (size_t) (e - name), real);
            }
          if (ann[j] >= 0)
            write_annotation (real, r, &sp[ann[j]], line, lead_len);
        }
      if (size > at)
        fwrite (buf + at, 1, size - at, real);
      free (ann);
      free (kept);
    }
  else
    {
      for (size_t j = 0; j < k; j++)
        {
          size_t pos = (size_t) sp[j].pos;
          if (pos > at)
            {
              copy_without_labels (real, buf, at, pos, note, end, keep, n_keep, keep_end,
                                   n_keep_end);
              at = pos;
            }
          write_annotation (real, r, &sp[j], line, lead_len);
        }
      if (size > at)
        copy_without_labels (real, buf, at, size, note, end, keep, n_keep, keep_end,
                             n_keep_end);
    }
  free (sp);

  fclose (cc_glue.mem);
  cc_glue.mem = NULL;
  free (cc_glue.mem_buf);
  cc_glue.mem_buf = NULL;
  cc_glue.mem_size = 0;
  cc_glue.active = 0;
  free (cc_glue.marks);
  cc_glue.marks = NULL;
  cc_glue.n_marks = cc_glue.cap_marks = 0;
  cc_glue.marking = 0;
}
