/* cachecat output: the miss bounds as text (bounds_text.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/bounds_text.h"
#include "output/annotate.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* The loop LOOP of function FI, for a sentence: "the loop at
   FILE:LINE (SYMBOL+OFFSET)".  */
static char *
loop_text (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t loop)
{
  const cc_func *fn = &m->funcs[fi];
  uint32_t hi = fn->blocks[r->funcs[fi].loops[loop].header].first_insn;
  const cc_insn *in = &fn->insns[hi];
  const char *sym = fn->parts[in->part].symbol;
  if (in->file != CC_NONE && in->file < m->n_files)
    return cc_xasprintf ("the loop at %s:%u (%s+%u)", m->files[in->file], in->line, sym,
                         cc_part_offset (fn, hi));
  return cc_xasprintf ("the loop at %s+%u", sym, cc_part_offset (fn, hi));
}

/* " at FILE:LINE" of insn I of function FI, or "" (to free).  */
static char *
at_text (const cc_model *m, uint32_t fi, uint32_t i)
{
  if (fi >= m->n_funcs || i >= m->funcs[fi].n_insns)
    return cc_xstrdup ("");
  const cc_insn *in = &m->funcs[fi].insns[i];
  if (in->file == CC_NONE || in->file >= m->n_files)
    return cc_xasprintf (" at %s+%u", m->funcs[fi].parts[in->part].symbol,
                         cc_part_offset (&m->funcs[fi], i));
  return cc_xasprintf (" at %s:%u", m->files[in->file], in->line);
}

char *
cc_why_text (const cc_model *m, const cc_result *r, const cc_why *why)
{
  const char *f = why->func < m->n_funcs ? m->funcs[why->func].name : "?";
  char *at = at_text (m, why->func, why->insn), *l = NULL, *s;
  switch (why->kind)
    {
    case CC_WHY_NOT_ANALYSED:
      s = cc_xasprintf ("%s is not analysed", f);
      break;
    case CC_WHY_UNREACHED:
      /* (In a whole program the entry's instance comes first.)  */
      s = cc_xasprintf ("%s is not reached from %s: no root reaches it, so it never runs", f,
                        r->n_instances && r->instances[0].root
                        ? m->funcs[r->instances[0].func].name : "the entry");
      break;
    case CC_WHY_LOOP:
      l = loop_text (m, r, why->func, why->loop);
      s = cc_xasprintf ("%s has no iteration bound", l);
      break;
    case CC_WHY_IRREDUCIBLE:
      s = cc_xasprintf ("%s has a cycle that is no natural loop", f);
      break;
    case CC_WHY_UNKNOWN_CALL:
      if (why->name)
        s = cc_xasprintf ("%s calls %s, which is not analysed here%s", f, why->name, at);
      else
        s = cc_xasprintf ("%s calls code outside the unit or through a pointer%s", f, at);
      break;
    case CC_WHY_NO_MODEL_CALL:
      s = cc_xasprintf ("%s calls %s, a function of the program without a model (a "
                        "library's, or of an object compiled without record)%s", f,
                        why->name, at);
      break;
    case CC_WHY_UNKNOWN_CODE:
      s = cc_xasprintf ("unknown code runs in %s%s (inline asm, a thunk, a resolver or "
                        "millicode)", f, at);
      break;
    case CC_WHY_RECURSION:
      s = cc_xasprintf ("%s is recursive", f);
      break;
    case CC_WHY_OVERFLOW:
      s = cc_xasprintf ("the bound in %s does not fit in 62 bits", f);
      break;
    default:
      s = cc_xstrdup ("?");
      break;
    }
  free (at);
  free (l);
  return s;
}

static const char *
source_name (uint8_t source)
{
  return source == CC_BOUND_GCC ? "gcc" : source == CC_BOUND_PRAGMA ? "pragma"
         : source == CC_BOUND_FACTS ? "flow-facts" : "none";
}

/* Where loop L of function FI is: its header's source line.  */
static void
loop_place (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t l, const char **file,
            uint32_t *line)
{
  const cc_func *f = &m->funcs[fi];
  const cc_insn *h = &f->insns[f->blocks[r->funcs[fi].loops[l].header].first_insn];
  *file = h->file < m->n_files ? m->files[h->file] : "?";
  *line = h->line;
}

/* "N misses, N fetches[, N cycles]" of a bound (MISSES bounded) into
   BUF.  */
static void
bound_words (char *buf, size_t size, uint64_t misses, const cc_fetch_limits *fl, int timed)
{
  int n = snprintf (buf, size, "%llu miss%s, ", (unsigned long long) misses,
                    misses == 1 ? "" : "es");
  if (fl->max_fetches == CC_UNBOUNDED)
    n += snprintf (buf + n, size - (size_t) n, "fetches unbounded");
  else
    n += snprintf (buf + n, size - (size_t) n, "%llu fetches", (unsigned long long) fl->max_fetches);
  if (timed && fl->max_cycles != CC_UNBOUNDED)
    snprintf (buf + n, size - (size_t) n, ", %llu cycles", (unsigned long long) fl->max_cycles);
}

void
cc_bounds_table (FILE *out, const cc_model *m, const cc_result *r, const cc_bounds *b)
{
  fprintf (out, "cachecat: the most %s per call and per loop execution (the worst path's):\n",
           b->timed ? "misses, fetches and cycles of fetch time" : "misses and fetches");
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func_limits *fl = &b->funcs[fi];
      if (m->funcs[fi].flags & CC_FUNC_SYNTHETIC)
        continue;
      char words[128];
      if (fl->max_misses == CC_UNBOUNDED)
        {
          char *why = cc_why_text (m, r, &fl->why);
          fprintf (out, "  %-32s unbounded: %s\n", m->funcs[fi].name, why);
          free (why);
        }
      else
        {
          bound_words (words, sizeof words, fl->max_misses, &fl->fetch, b->timed);
          fprintf (out, "  %-32s %s\n", m->funcs[fi].name, words);
        }
      for (uint32_t l = 0; l < r->funcs[fi].n_loops; l++)
        {
          const cc_loop_limits *ll = &fl->loops[l];
          const char *file;
          uint32_t line;
          loop_place (m, r, fi, l, &file, &line);
          char *where = cc_xasprintf ("loop at %s:%u", file, line);
          char runs[48];
          if (ll->max_misses == CC_UNBOUNDED)
            snprintf (words, sizeof words, "unbounded");
          else
            bound_words (words, sizeof words, ll->max_misses, &ll->fetch, b->timed);
          if (ll->runs == CC_UNBOUNDED)
            snprintf (runs, sizeof runs, "no iteration bound");
          else
            snprintf (runs, sizeof runs, "%llu header runs (%s)", (unsigned long long) ll->runs,
                      source_name (ll->source));
          fprintf (out, "    %-30s %s, %s\n", where, words, runs);
          free (where);
        }
    }
}

typedef struct place
{
  const char *file;
  uint32_t line;
  const char *func;
  int type_range;        /* bounded by its counter's type only */
} place;

static int
place_order (const void *a, const void *b)
{
  const place *x = a, *y = b;
  int c = strcmp (x->file, y->file);
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return strcmp (x->func, y->func);
}

typedef struct template_job
{
  place *v;
  uint32_t n;
} template_job;

static int
fill_template (FILE *f, void *data)
{
  const template_job *j = data;
  fputs ("# cachecat: loops without an iteration bound, or with only the one their\n"
         "# counter's type gives.  Before each, write the most times one execution of\n"
         "# it runs its body:  #pragma loopbound min 0 max N\n", f);
  for (uint32_t k = 0; k < j->n; k++)
    if (k == 0 || place_order (&j->v[k - 1], &j->v[k]) != 0)
      fprintf (f, "%s:%u: a loop in %s%s\n", j->v[k].file, j->v[k].line, j->v[k].func,
               j->v[k].type_range ? " (bounded by its counter's type only)" : "");
  return 0;
}

int
cc_loop_template_write (const char *path, const cc_model *m, const cc_result *r,
                        const cc_bounds *b, char **err)
{
  template_job j = { NULL, 0 };
  uint32_t cap = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t l = 0; l < r->funcs[fi].n_loops; l++)
      if (b->funcs[fi].loops[l].runs == CC_UNBOUNDED
          || cc_runs_type_range (&b->funcs[fi].loops[l]))
        {
          if (j.n == cap)
            {
              cap = cap ? 2 * cap : 16;
              j.v = cc_xrealloc (j.v, cap * sizeof *j.v);
            }
          place *p = &j.v[j.n++];
          loop_place (m, r, fi, l, &p->file, &p->line);
          p->func = m->funcs[fi].name;
          p->type_range = cc_runs_type_range (&b->funcs[fi].loops[l]);
        }
  if (j.n)
    qsort (j.v, j.n, sizeof *j.v, place_order);
  int rc = cc_write_file (path, fill_template, &j, err);
  free (j.v);
  return rc;
}
