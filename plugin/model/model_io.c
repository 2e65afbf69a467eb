/* cachecat program model: a line-oriented text serialization.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   cachecat-model 2
   section NAME ALIGN
   file PATH
   func NAME FLAGS FILE LINE NPARTS NINSNS NBLOCKS
   part SYMBOL SECTION OFFSET SIZE                  (NPARTS times)
   insn UID PART OFFSET LENGTH FILE LINE KIND FETCH REWRITE UNSPLIT UNORDERED UNKNOWN TAIL
                                                    (NINSNS times)
   block FIRST N CALL EXITS NORETURN CALLEE FALLTHRU NSUCC SUCC...
   end

   Strings are percent-encoded (bytes up to space, '%' and DEL), "-" stands
   for "none" (a null string, CC_NONE).  Version 1 (no FETCH, REWRITE,
   UNSPLIT, UNORDERED, UNKNOWN and TAIL: an insn was not split into
   machine instructions) is still read.  A later issue embeds this text in the object file so the
   engine can re-run at link time.  */

#include "model/model.h"
#include "support/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void
put_str (FILE *f, const char *s)
{
  if (!s)
    {
      fputc ('-', f);
      return;
    }
  if (!*s || strcmp (s, "-") == 0)
    {
      /* Keep "" and "-" distinct from none.  */
      fputs (*s ? "%2d" : "%", f);
      return;
    }
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    if (*p <= ' ' || *p == '%' || *p == 0x7f)
      fprintf (f, "%%%02x", *p);
    else
      fputc (*p, f);
}

static void
put_u32 (FILE *f, uint32_t v)
{
  if (v == CC_NONE)
    fputs (" -", f);
  else
    fprintf (f, " %u", v);
}

int
cc_model_write (const cc_model *m, FILE *f)
{
  /* Version 3 only where it says more: loop bounds, budgets.  */
  int bounds = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    bounds |= m->funcs[fi].n_loop_bounds > 0 || (m->funcs[fi].flags & CC_FUNC_BUDGETED);
  fputs (bounds ? "cachecat-model 3\n" : "cachecat-model 2\n", f);
  for (uint32_t s = 0; s < m->n_sections; s++)
    {
      fputs ("section ", f);
      put_str (f, m->sections[s].name);
      fprintf (f, " %u\n", m->sections[s].align);
    }
  for (uint32_t i = 0; i < m->n_files; i++)
    {
      fputs ("file ", f);
      put_str (f, m->files[i]);
      fputc ('\n', f);
    }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *fn = &m->funcs[fi];
      fputs ("func ", f);
      put_str (f, fn->name);
      fprintf (f, " %u", fn->flags);
      put_u32 (f, fn->file);
      fprintf (f, " %u %u %u %u", fn->line, fn->n_parts, fn->n_insns, fn->n_blocks);
      if (bounds)
        fprintf (f, " %u", fn->n_loop_bounds);
      fputc ('\n', f);
      for (uint32_t p = 0; p < fn->n_parts; p++)
        {
          fputs ("part ", f);
          put_str (f, fn->parts[p].symbol);
          fprintf (f, " %u %u %u\n", fn->parts[p].section, fn->parts[p].offset,
                   fn->parts[p].size);
        }
      for (uint32_t i = 0; i < fn->n_insns; i++)
        {
          const cc_insn *in = &fn->insns[i];
          fprintf (f, "insn %u %u %u %u", in->uid, in->part, in->offset, in->length);
          put_u32 (f, in->file);
          fprintf (f, " %u %u %u %u %u %u %u %u\n", in->line, in->kind, in->fetch,
                   in->rewrite, in->unsplit, in->unordered, in->runs_unknown, in->maybe_tail);
        }
      for (uint32_t b = 0; b < fn->n_blocks; b++)
        {
          const cc_block *bb = &fn->blocks[b];
          fprintf (f, "block %u %u %u %u %u ", bb->first_insn, bb->n_insns, bb->call,
                   bb->exits, bb->noreturn);
          put_str (f, bb->callee);
          put_u32 (f, bb->fallthru);
          fprintf (f, " %u", bb->n_succs);
          for (uint32_t k = 0; k < bb->n_succs; k++)
            fprintf (f, " %u", bb->succs[k]);
          fputc ('\n', f);
        }
      for (uint32_t k = 0; k < fn->n_loop_bounds; k++)
        {
          const cc_loop_bound *lb = &fn->loop_bounds[k];
          fprintf (f, "bound %llu %u", (unsigned long long) lb->max_runs, lb->source);
          put_u32 (f, lb->file);
          fprintf (f, " %u %u %u %u", lb->line, lb->max_uid, lb->n_header, lb->n_body);
          for (uint32_t u = 0; u < lb->n_header + lb->n_body; u++)
            fprintf (f, " %u", lb->uids[u]);
          fputc ('\n', f);
        }
      if (fn->flags & CC_FUNC_BUDGETED)
        fprintf (f, "budget %lld %lld\n", (long long) fn->budget_misses,
                 (long long) fn->budget_conflicts);
    }
  fputs ("end\n", f);
  return ferror (f) ? -1 : 0;
}

/* ------------------------------------------------------------------ */

typedef struct reader
{
  FILE *f;
  char *line;
  size_t cap;
  uint32_t lineno;
  char *p;               /* cursor in line */
  char *err;
} reader;

static int
fail (reader *r, const char *what)
{
  if (!r->err)
    r->err = cc_xasprintf ("%u: %s", r->lineno, what);
  return -1;
}

static int
next_line (reader *r)
{
  ssize_t n = getline (&r->line, &r->cap, r->f);
  r->lineno++;
  if (n < 0)
    return fail (r, "unexpected end of model");
  if (n && r->line[n - 1] == '\n')
    r->line[n - 1] = 0;
  r->p = r->line;
  return 0;
}

static char *
word (reader *r)
{
  while (*r->p == ' ')
    r->p++;
  if (!*r->p)
    return NULL;
  char *w = r->p;
  while (*r->p && *r->p != ' ')
    r->p++;
  if (*r->p)
    *r->p++ = 0;
  return w;
}

static int
get_keyword (reader *r, const char *kw)
{
  if (next_line (r))
    return -1;
  char *w = word (r);
  if (!w || strcmp (w, kw) != 0)
    {
      char *msg = cc_xasprintf ("expected '%s'", kw);
      fail (r, msg);
      free (msg);
      return -1;
    }
  return 0;
}

static int
get_u32 (reader *r, uint32_t *v, int allow_none)
{
  char *w = word (r), *end;
  if (!w)
    return fail (r, "missing number");
  if (allow_none && strcmp (w, "-") == 0)
    {
      *v = CC_NONE;
      return 0;
    }
  errno = 0;
  unsigned long x = strtoul (w, &end, 10);
  if (*end || errno || x >= CC_NONE - 1 || w[0] == '-')
    return fail (r, "malformed number");
  *v = (uint32_t) x;
  return 0;
}

static int
get_u64 (reader *r, uint64_t *v)
{
  char *w = word (r), *end;
  if (!w)
    return fail (r, "missing number");
  errno = 0;
  unsigned long long x = strtoull (w, &end, 10);
  if (*end || errno || w[0] == '-')
    return fail (r, "malformed number");
  *v = (uint64_t) x;
  return 0;
}

/* A budget: a non-negative number, or -1 for none.  */
static int
get_budget (reader *r, int64_t *v)
{
  char *w = word (r), *end;
  if (!w)
    return fail (r, "missing number");
  errno = 0;
  long long x = strtoll (w, &end, 10);
  if (*end || errno || x < -1)
    return fail (r, "malformed number");
  *v = x;
  return 0;
}

static int
get_str (reader *r, char **out)
{
  char *w = word (r);
  if (!w)
    return fail (r, "missing string");
  if (strcmp (w, "-") == 0)
    {
      *out = NULL;
      return 0;
    }
  char *s = cc_xmalloc (strlen (w) + 1), *q = s;
  for (char *p = w; *p; p++)
    {
      if (*p != '%')
        {
          *q++ = *p;
          continue;
        }
      if (!p[1])
        break; /* a lone "%" is the empty string */
      unsigned v;
      if (sscanf (p + 1, "%2x", &v) != 1)
        {
          free (s);
          return fail (r, "malformed escape");
        }
      *q++ = (char) v;
      p += 2;
    }
  *q = 0;
  *out = s;
  return 0;
}

static int
read_func (reader *r, cc_model *m, cc_func *fn, int version)
{
  uint32_t np, ni, nb, nlb = 0;
  if (get_str (r, &fn->name) || !fn->name || get_u32 (r, &fn->flags, 0)
      || get_u32 (r, &fn->file, 1) || get_u32 (r, &fn->line, 0) || get_u32 (r, &np, 0)
      || get_u32 (r, &ni, 0) || get_u32 (r, &nb, 0)
      || (version >= 3 && get_u32 (r, &nlb, 0)))
    return fail (r, "malformed func");
  if (fn->file != CC_NONE && fn->file >= m->n_files)
    return fail (r, "file index out of range");
  fn->parts = cc_xcalloc (np, sizeof *fn->parts);
  for (uint32_t p = 0; p < np; p++, fn->n_parts++)
    {
      cc_part *pt = &fn->parts[p];
      if (get_keyword (r, "part") || get_str (r, &pt->symbol) || !pt->symbol
          || get_u32 (r, &pt->section, 0) || get_u32 (r, &pt->offset, 0)
          || get_u32 (r, &pt->size, 0))
        return fail (r, "malformed part");
      if (pt->section >= m->n_sections)
        return fail (r, "section index out of range");
    }
  fn->insns = cc_xcalloc (ni, sizeof *fn->insns);
  for (uint32_t i = 0; i < ni; i++, fn->n_insns++)
    {
      cc_insn *in = &fn->insns[i];
      uint32_t kind;
      if (get_keyword (r, "insn") || get_u32 (r, &in->uid, 0) || get_u32 (r, &in->part, 0)
          || get_u32 (r, &in->offset, 0) || get_u32 (r, &in->length, 0)
          || get_u32 (r, &in->file, 1) || get_u32 (r, &in->line, 0) || get_u32 (r, &kind, 0))
        return fail (r, "malformed insn");
      uint32_t fetch = CC_FETCH_ALWAYS, rewrite = CC_REWRITE_NONE, unsplit = 0;
      uint32_t unordered = 0, unknown = 0, tail = 0;
      if (version >= 2
          && (get_u32 (r, &fetch, 0) || get_u32 (r, &rewrite, 0) || get_u32 (r, &unsplit, 0)
              || get_u32 (r, &unordered, 0) || get_u32 (r, &unknown, 0)
              || get_u32 (r, &tail, 0)))
        return fail (r, "malformed insn");
      if (in->part >= np || kind > CC_INSN_PAD
          || (in->file != CC_NONE && in->file >= m->n_files) || fetch > CC_FETCH_NEVER
          || rewrite >= CC_N_REWRITES || unsplit > 1 || unordered > 1 || unknown > 1
          || tail > in->length)
        return fail (r, "insn field out of range");
      in->kind = (uint8_t) kind;
      in->fetch = (uint8_t) fetch;
      in->rewrite = (uint8_t) rewrite;
      in->unsplit = (uint8_t) unsplit;
      in->unordered = (uint8_t) unordered;
      in->runs_unknown = (uint8_t) unknown;
      in->maybe_tail = tail;
    }
  fn->blocks = cc_xcalloc (nb, sizeof *fn->blocks);
  for (uint32_t b = 0; b < nb; b++, fn->n_blocks++)
    {
      cc_block *bb = &fn->blocks[b];
      uint32_t call, exits, noret, ns;
      if (get_keyword (r, "block") || get_u32 (r, &bb->first_insn, 0)
          || get_u32 (r, &bb->n_insns, 0) || get_u32 (r, &call, 0) || get_u32 (r, &exits, 0)
          || get_u32 (r, &noret, 0) || get_str (r, &bb->callee)
          || get_u32 (r, &bb->fallthru, 1) || get_u32 (r, &ns, 0))
        return fail (r, "malformed block");
      if (call > CC_CALL_UNKNOWN || exits > 1 || noret > 1 || ns > nb
          || (uint64_t) bb->first_insn + bb->n_insns > ni
          || (bb->fallthru != CC_NONE && bb->fallthru >= nb))
        return fail (r, "block field out of range");
      bb->call = (uint8_t) call;
      bb->exits = (uint8_t) exits;
      bb->noreturn = (uint8_t) noret;
      bb->succs = cc_xcalloc (ns, sizeof *bb->succs);
      for (uint32_t k = 0; k < ns; k++, bb->n_succs++)
        if (get_u32 (r, &bb->succs[k], 0) || bb->succs[k] >= nb)
          return fail (r, "malformed successor");
    }
  fn->loop_bounds = cc_xcalloc (nlb ? nlb : 1, sizeof *fn->loop_bounds);
  for (uint32_t k = 0; k < nlb; k++, fn->n_loop_bounds++)
    {
      cc_loop_bound *lb = &fn->loop_bounds[k];
      uint32_t source, nh, nbody;
      if (get_keyword (r, "bound") || get_u64 (r, &lb->max_runs) || get_u32 (r, &source, 0)
          || get_u32 (r, &lb->file, 1) || get_u32 (r, &lb->line, 0)
          || get_u32 (r, &lb->max_uid, 0) || get_u32 (r, &nh, 0) || get_u32 (r, &nbody, 0))
        return fail (r, "malformed bound");
      if (source < CC_BOUND_GCC || source > CC_BOUND_PRAGMA || nh == 0
          || (nbody != 0 && nbody < nh)
          || nbody > (1u << 24) || (lb->file != CC_NONE && lb->file >= m->n_files))
        return fail (r, "bound field out of range");
      lb->source = (uint8_t) source;
      lb->uids = cc_xcalloc (nh + nbody, sizeof *lb->uids);
      for (uint32_t u = 0; u < nh + nbody; u++)
        if (get_u32 (r, &lb->uids[u], 0)
            || (u != 0 && u != nh && lb->uids[u] <= lb->uids[u - 1]))
          return fail (r, "malformed bound uids (ascending, header then body)");
      lb->n_header = nh;
      lb->n_body = nbody;
    }
  if ((fn->flags & CC_FUNC_BUDGETED)
      && (version < 3 || get_keyword (r, "budget") || get_budget (r, &fn->budget_misses)
          || get_budget (r, &fn->budget_conflicts)))
    return fail (r, "malformed budget");
  return 0;
}

int
cc_model_read (cc_model *m, FILE *f, char **err)
{
  reader r = { f, NULL, 0, 0, NULL, NULL };
  memset (m, 0, sizeof *m);
  int rc = -1;
  if (next_line (&r))
    goto out;
  int version = strcmp (r.line, "cachecat-model 1") == 0 ? 1
                : strcmp (r.line, "cachecat-model 2") == 0 ? 2
                : strcmp (r.line, "cachecat-model 3") == 0 ? 3 : 0;
  if (!version)
    {
      fail (&r, "not a cachecat model (version 1, 2 or 3)");
      goto out;
    }
  for (;;)
    {
      if (next_line (&r))
        goto out;
      char *kw = word (&r);
      if (!kw)
        {
          fail (&r, "empty line");
          goto out;
        }
      if (strcmp (kw, "end") == 0)
        break;
      if (strcmp (kw, "section") == 0)
        {
          char *name;
          uint32_t align;
          if (get_str (&r, &name) || !name || get_u32 (&r, &align, 0))
            goto out;
          m->sections = cc_xrealloc (m->sections, (m->n_sections + 1) * sizeof *m->sections);
          m->sections[m->n_sections++] = (cc_section){ name, align };
        }
      else if (strcmp (kw, "file") == 0)
        {
          char *path;
          if (get_str (&r, &path) || !path)
            goto out;
          m->files = cc_xrealloc (m->files, (m->n_files + 1) * sizeof *m->files);
          m->files[m->n_files++] = path;
        }
      else if (strcmp (kw, "func") == 0)
        {
          m->funcs = cc_xrealloc (m->funcs, (m->n_funcs + 1) * sizeof *m->funcs);
          cc_func *fn = &m->funcs[m->n_funcs++];
          memset (fn, 0, sizeof *fn);
          if (read_func (&r, m, fn, version))
            goto out;
        }
      else
        {
          fail (&r, "unknown record");
          goto out;
        }
      if (word (&r))
        {
          fail (&r, "trailing text");
          goto out;
        }
    }
  rc = 0;
out:
  free (r.line);
  if (rc)
    {
      *err = r.err ? r.err : cc_xstrdup ("malformed model");
      cc_model_free (m);
    }
  return rc;
}
