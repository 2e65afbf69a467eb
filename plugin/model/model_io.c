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

   Version 3, written where a function has loop bounds or budgets, adds
   NBOUNDS to func, then after the blocks
   bound MAX_RUNS SOURCE FILE LINE MAX_UID NHEADER NBODY UID...
                                                    (NBOUNDS times)
   budget MISSES CONFLICTS FETCH_CYCLES             (with CC_FUNC_BUDGETED)

   Each line holds the fields model_fields.h lists, in its order, then
   the counts and arrays.  Strings are percent-encoded (bytes up to
   space, '%' and DEL), "-" stands for "none" (a null string, CC_NONE).
   Version 1 (no FETCH, REWRITE, UNSPLIT, UNORDERED, UNKNOWN and TAIL:
   an insn was not split into machine instructions) is still read.  */

#include "model/model.h"
#include "model/model_fields.h"
#include "support/util.h"

#include <ctype.h>
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

/* The fields of a record as model_fields.h lists them, each by its
   kind, with the space before it.  */
static void
put_STR (FILE *f, const char *s)
{
  fputc (' ', f);
  put_str (f, s);
}

static void
put_U32 (FILE *f, uint32_t v)
{
  fprintf (f, " %u", v);
}

static void
put_U64 (FILE *f, uint64_t v)
{
  fprintf (f, " %llu", (unsigned long long) v);
}

static void
put_BUDGET (FILE *f, int64_t v)
{
  fprintf (f, " %lld", (long long) v);
}

#define put_OSTR put_STR
#define put_U8 put_U32
#define put_OPT put_u32
#define PUT_FIELD(member, kind, valid) put_##kind (f, s->member);
#define DEFINE_PUT(name, type, list)                                                    \
  static void put_##name##_fields (FILE *f, const type *s)                              \
  {                                                                                     \
    list (PUT_FIELD)                                                                    \
  }
CC_PLAIN_RECORDS (DEFINE_PUT)
CC_COMPRESSED_RECORDS (DEFINE_PUT)

/* FN's lines (BOUNDS: version 3, with the count of its loop bounds).  */
static void
write_func (const cc_func *fn, int bounds, FILE *f)
{
  fputs ("func", f);
  put_func_fields (f, fn);
  fprintf (f, " %u %u %u", fn->n_parts, fn->n_insns, fn->n_blocks);
  if (bounds)
    fprintf (f, " %u", fn->n_loop_bounds);
  fputc ('\n', f);
  for (uint32_t p = 0; p < fn->n_parts; p++)
    {
      fputs ("part", f);
      put_part_fields (f, &fn->parts[p]);
      fputc ('\n', f);
    }
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      fputs ("insn", f);
      put_insn_1_fields (f, &fn->insns[i]);
      put_insn_2_fields (f, &fn->insns[i]);
      fputc ('\n', f);
    }
  for (uint32_t b = 0; b < fn->n_blocks; b++)
    {
      const cc_block *bb = &fn->blocks[b];
      fputs ("block", f);
      put_block_fields (f, bb);
      fprintf (f, " %u", bb->n_succs);
      for (uint32_t k = 0; k < bb->n_succs; k++)
        fprintf (f, " %u", bb->succs[k]);
      fputc ('\n', f);
    }
  for (uint32_t k = 0; k < fn->n_loop_bounds; k++)
    {
      const cc_loop_bound *lb = &fn->loop_bounds[k];
      fputs ("bound", f);
      put_bound_fields (f, lb);
      for (uint32_t u = 0; u < lb->n_header + lb->n_body; u++)
        fprintf (f, " %u", lb->uids[u]);
      fputc ('\n', f);
    }
  if (fn->flags & CC_FUNC_BUDGETED)
    {
      fputs ("budget", f);
      put_budget_fields (f, fn);
      fputc ('\n', f);
    }
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
      fputs ("section", f);
      put_section_fields (f, &m->sections[s]);
      fputc ('\n', f);
    }
  for (uint32_t i = 0; i < m->n_files; i++)
    {
      fputs ("file", f);
      put_STR (f, m->files[i]);
      fputc ('\n', f);
    }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    write_func (&m->funcs[fi], bounds, f);
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
get_budget_value (reader *r, int64_t *v)
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

/* A percent-encoded string.  An escape is '%' and two hex digits: one cut
   short is an error (stepping over its digits would step past the word's
   end).  A lone "%" at the end is the empty rest, for the empty
   string.  */
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
        break;
      if (!isxdigit ((unsigned char) p[1]) || !isxdigit ((unsigned char) p[2]))
        {
          free (s);
          return fail (r, "malformed escape");
        }
      char hex[3] = { p[1], p[2], 0 };
      *q++ = (char) strtoul (hex, NULL, 16);
      p += 2;
    }
  *q = 0;
  *out = s;
  return 0;
}

/* The fields of a record as model_fields.h lists them, each by its kind:
   MALFORMED says what a string that must be there is when it is none,
   RANGE what a small number above 255 is.  */
static int
get_STR (reader *r, char **v, const char *malformed, const char *range)
{
  if (get_str (r, v))
    return -1;
  return *v ? 0 : fail (r, malformed);
}

static int
get_U8 (reader *r, uint8_t *v, const char *malformed, const char *range)
{
  uint32_t x;
  if (get_u32 (r, &x, 0))
    return -1;
  if (x > UINT8_MAX)
    return fail (r, range);
  *v = (uint8_t) x;
  return 0;
}

#define get_OSTR(r, v, malformed, range) get_str (r, v)
#define get_U32(r, v, malformed, range) get_u32 (r, v, 0)
#define get_OPT(r, v, malformed, range) get_u32 (r, v, 1)
#define get_U64(r, v, malformed, range) get_u64 (r, v)
#define get_BUDGET(r, v, malformed, range) get_budget_value (r, v)
#define GET_FIELD(member, kind, valid)                                                  \
  if (get_##kind (r, &s->member, malformed, range))                                     \
    return -1;
#define DEFINE_GET(name, type, list)                                                    \
  static int get_##name##_fields (reader *r, type *s, const char *malformed,            \
                                  const char *range)                                    \
  {                                                                                     \
    list (GET_FIELD) return 0;                                                          \
  }
CC_PLAIN_RECORDS (DEFINE_GET)
CC_COMPRESSED_RECORDS (DEFINE_GET)

/* FN's parts and insns: N of each as CTX says.  */
static int
read_parts_insns (reader *r, cc_func *fn, const cc_field_ctx *ctx, int version)
{
  fn->parts = cc_xcalloc (ctx->n_parts, sizeof *fn->parts);
  for (uint32_t p = 0; p < ctx->n_parts; p++)
    {
      cc_part *pt = &fn->parts[fn->n_parts++];
      if (get_keyword (r, "part") || get_part_fields (r, pt, "malformed part", NULL))
        return fail (r, "malformed part");
      if (!cc_part_valid (pt, ctx))
        return fail (r, "section index out of range");
    }
  fn->insns = cc_xcalloc (ctx->n_insns, sizeof *fn->insns);
  for (uint32_t i = 0; i < ctx->n_insns; i++)
    {
      cc_insn *in = &fn->insns[fn->n_insns++];
      const char *range = "insn field out of range";
      if (get_keyword (r, "insn") || get_insn_1_fields (r, in, NULL, range)
          || (version >= 2 && get_insn_2_fields (r, in, NULL, range)))
        return fail (r, "malformed insn");
      if (!cc_insn_valid (in, ctx))
        return fail (r, range);
    }
  return 0;
}

/* FN's blocks, as many as CTX says, and N_BOUNDS loop bounds.  */
static int
read_blocks_bounds (reader *r, cc_func *fn, const cc_field_ctx *ctx, uint32_t n_bounds)
{
  fn->blocks = cc_xcalloc (ctx->n_blocks, sizeof *fn->blocks);
  for (uint32_t b = 0; b < ctx->n_blocks; b++)
    {
      cc_block *bb = &fn->blocks[fn->n_blocks++];
      const char *range = "block field out of range";
      uint32_t ns;
      if (get_keyword (r, "block") || get_block_fields (r, bb, NULL, range)
          || get_u32 (r, &ns, 0))
        return fail (r, "malformed block");
      if (!cc_block_valid (bb, ctx) || ns > ctx->n_blocks)
        return fail (r, range);
      bb->succs = cc_xcalloc (ns, sizeof *bb->succs);
      for (uint32_t k = 0; k < ns; k++, bb->n_succs++)
        if (get_u32 (r, &bb->succs[k], 0) || bb->succs[k] >= ctx->n_blocks)
          return fail (r, "malformed successor");
    }
  fn->loop_bounds = cc_xcalloc (n_bounds ? n_bounds : 1, sizeof *fn->loop_bounds);
  for (uint32_t k = 0; k < n_bounds; k++)
    {
      cc_loop_bound *lb = &fn->loop_bounds[fn->n_loop_bounds++];
      const char *range = "bound field out of range";
      if (get_keyword (r, "bound") || get_bound_fields (r, lb, NULL, range))
        return fail (r, "malformed bound");
      if (!cc_bound_valid (lb, ctx))
        return fail (r, range);
      uint32_t nh = lb->n_header;
      lb->uids = cc_xcalloc (nh + lb->n_body, sizeof *lb->uids);
      for (uint32_t u = 0; u < nh + lb->n_body; u++)
        if (get_u32 (r, &lb->uids[u], 0)
            || (u != 0 && u != nh && lb->uids[u] <= lb->uids[u - 1]))
          return fail (r, "malformed bound uids (ascending, header then body)");
    }
  return 0;
}

static int
read_func (reader *r, cc_model *m, cc_func *fn, int version)
{
  cc_field_ctx ctx = { m->n_sections, m->n_files, 0, 0, 0 };
  uint32_t n_bounds = 0;
  if (get_func_fields (r, fn, "malformed func", NULL) || get_u32 (r, &ctx.n_parts, 0)
      || get_u32 (r, &ctx.n_insns, 0) || get_u32 (r, &ctx.n_blocks, 0)
      || (version >= 3 && get_u32 (r, &n_bounds, 0)))
    return fail (r, "malformed func");
  if (!cc_func_valid (fn, &ctx))
    return fail (r, "file index out of range");
  if (read_parts_insns (r, fn, &ctx, version)
      || read_blocks_bounds (r, fn, &ctx, n_bounds))
    return -1;
  if ((fn->flags & CC_FUNC_BUDGETED)
      && (version < 3 || get_keyword (r, "budget")
          || get_budget_fields (r, fn, NULL, NULL)))
    return fail (r, "malformed budget");
  return 0;
}

/* The record of the line whose keyword KW was read, into M.  */
static int
read_record (reader *r, cc_model *m, const char *kw, int version)
{
  if (strcmp (kw, "section") == 0)
    {
      m->sections = cc_xrealloc (m->sections, (m->n_sections + 1) * sizeof *m->sections);
      cc_section *s = &m->sections[m->n_sections++];
      memset (s, 0, sizeof *s);
      return get_section_fields (r, s, "malformed section", NULL);
    }
  if (strcmp (kw, "file") == 0)
    {
      m->files = cc_xrealloc (m->files, (m->n_files + 1) * sizeof *m->files);
      m->files[m->n_files] = NULL;
      return get_STR (r, &m->files[m->n_files++], "malformed file", NULL);
    }
  if (strcmp (kw, "func") == 0)
    {
      m->funcs = cc_xrealloc (m->funcs, (m->n_funcs + 1) * sizeof *m->funcs);
      cc_func *fn = &m->funcs[m->n_funcs++];
      memset (fn, 0, sizeof *fn);
      return read_func (r, m, fn, version);
    }
  return fail (r, "unknown record");
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
      if (read_record (&r, m, kw, version))
        goto out;
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
