/* cachecat report: the side-car JSON file and the assembler annotations.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The JSON is written by hand in a fixed key order, so identical input
   gives byte-identical output.  The format is documented in README.md.  */

#include "report.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define REPORT_FORMAT 2

/* The report has a line per instruction and an entry per context: the
   hot paths write with these instead of fprintf, whose format parsing
   would be most of the cost (the stream is ours alone: no locking).  */
static inline void
put_s (FILE *f, const char *s)
{
  fputs_unlocked (s, f);
}

static void
put_u (FILE *f, uint32_t v)
{
  char b[12];
  int n = 0;
  do
    b[sizeof b - 1 - n++] = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  fwrite_unlocked (b + sizeof b - n, 1, (size_t) n, f);
}

/* The characters of S, escaped for a JSON string.  */
static void
json_chars (FILE *f, const char *s)
{
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        {
          putc_unlocked ('\\', f);
          putc_unlocked (*p, f);
        }
      else if (*p == '\n')
        put_s (f, "\\n");
      else if (*p == '\t')
        put_s (f, "\\t");
      else if (*p < 0x20)
        fprintf (f, "\\u%04x", *p);
      else
        putc_unlocked (*p, f);
    }
}

static void
json_str (FILE *f, const char *s)
{
  if (!s)
    {
      put_s (f, "null");
      return;
    }
  putc_unlocked ('"', f);
  json_chars (f, s);
  putc_unlocked ('"', f);
}

static void
json_loc (FILE *f, const cc_model *m, uint32_t file, uint32_t line)
{
  if (file == CC_NONE || file >= m->n_files)
    {
      put_s (f, "null");
      return;
    }
  putc_unlocked ('"', f);
  json_chars (f, m->files[file]);
  putc_unlocked (':', f);
  put_u (f, line);
  putc_unlocked ('"', f);
}

/* The offset of insn I of F from the symbol of its part.  */
static uint32_t
part_offset (const cc_func *f, uint32_t i)
{
  const cc_insn *in = &f->insns[i];
  return in->offset - f->parts[in->part].offset;
}

/* Is insn I of FN an instruction of the report?  Padding is not, nor an
   insn the assembler made no bytes for (once the layout is known).  */
static int
reported (const cc_func *fn, const cc_func_result *fr, uint32_t i)
{
  return fn->insns[i].kind != CC_INSN_PAD && (fn->insns[i].length > 0 || !fr->analysed);
}

/* Insn I of FN named from part PART: its offset there, or "sym+offset"
   when it lies in another part of the function.  */
static void
json_insn_ref (FILE *f, const cc_func *fn, uint32_t i, uint32_t part)
{
  if (fn->insns[i].part == part)
    {
      put_u (f, part_offset (fn, i));
      return;
    }
  putc_unlocked ('"', f);
  json_chars (f, fn->parts[fn->insns[i].part].symbol);
  putc_unlocked ('+', f);
  put_u (f, part_offset (fn, i));
  putc_unlocked ('"', f);
}

/* The scope of verdict V of an insn of function FI's part PART.  A
   first-hit loop may be a caller's: named by its header as
   "symbol+offset" of that function.  */
static void
json_scope (FILE *f, const cc_model *m, const cc_result *r, uint32_t fi, cc_verdict v,
            uint32_t part)
{
  switch (v.scope)
    {
    case CC_SCOPE_PROGRAM:
      fputs ("\"program\"", f);
      break;
    case CC_SCOPE_FUNCTION:
      fputs ("\"function\"", f);
      break;
    case CC_SCOPE_LOOP:
      {
        uint32_t lf = v.other_func ? v.other_func - 1 : fi;
        const cc_func *fn = &m->funcs[lf];
        const cc_block *h = &fn->blocks[r->funcs[lf].loops[v.loop].header];
        put_s (f, "{\"loop\": ");
        json_insn_ref (f, fn, h->first_insn, lf == fi ? part : CC_NONE);
        putc_unlocked ('}', f);
        break;
      }
    default:
      fputs ("null", f);
    }
}

static void
json_summary (FILE *f, const uint32_t *counts)
{
  fputc ('{', f);
  for (int c = 0; c < CC_N_CATEGORIES; c++)
    fprintf (f, "%s\"%s\": %u", c ? ", " : "", cc_category_name (c), counts[c]);
  fputc ('}', f);
}

/* Order of context verdicts in the report: by UP, then verdict, then
   instance, so that equal verdicts of one UP form one group.  */
static int
cmp_ctx (const void *a, const void *b)
{
  const cc_context_verdict *x = *(const cc_context_verdict *const *) a;
  const cc_context_verdict *y = *(const cc_context_verdict *const *) b;
  if (x->up != y->up)
    return x->up < y->up ? -1 : 1;
  if (x->v.category != y->v.category)
    return x->v.category < y->v.category ? -1 : 1;
  if (x->v.scope != y->v.scope)
    return x->v.scope < y->v.scope ? -1 : 1;
  if (x->v.loop != y->v.loop)
    return x->v.loop < y->v.loop ? -1 : 1;
  return x->instance < y->instance ? -1 : x->instance > y->instance;
}

static int
same_verdict (const cc_context_verdict *x, const cc_context_verdict *y)
{
  return x->up == y->up && x->v.category == y->v.category && x->v.scope == y->v.scope
         && x->v.loop == y->v.loop;
}

/* The per-context verdicts of one insn, grouped: one entry per UP and
   verdict, with the instances that share it (an insn of a function with
   many instances would otherwise repeat the same verdict for each).  */
static void
json_contexts (FILE *f, const cc_model *m, const cc_result *r, uint32_t fi,
               const cc_insn_result *ir, uint32_t n_func_instances, uint32_t part)
{
  const cc_context_verdict **order = cc_xmalloc ((ir->n_ctx + 1) * sizeof *order);
  for (uint32_t k = 0; k < ir->n_ctx; k++)
    order[k] = &ir->ctx[k];
  qsort (order, ir->n_ctx, sizeof *order, cmp_ctx);
  for (uint32_t k = 0; k < ir->n_ctx; k++)
    {
      const cc_context_verdict *cv = order[k];
      if (k == 0 || !same_verdict (order[k - 1], cv))
        {
          put_s (f, "{\"up\": ");
          put_u (f, cv->up);
          put_s (f, ", \"category\": \"");
          put_s (f, cc_category_name (cv->v.category));
          putc_unlocked ('"', f);
          if (cv->v.category == CC_FIRST_MISS || cv->v.category == CC_FIRST_HIT)
            {
              put_s (f, ", \"scope\": ");
              json_scope (f, m, r, fi, cv->v, part);
            }
          put_s (f, ", \"instances\": ");
        }
      else
        continue;
      /* The group's instances; "all" when they are every instance of
         the function.  */
      uint32_t end = k + 1;
      while (end < ir->n_ctx && same_verdict (order[end], cv))
        end++;
      if (end - k == n_func_instances)
        put_s (f, "\"all\"}");
      else
        {
          putc_unlocked ('[', f);
          for (uint32_t j = k; j < end; j++)
            {
              if (j > k)
                put_s (f, ", ");
              put_u (f, order[j]->instance);
            }
          put_s (f, "]}");
        }
      if (end < ir->n_ctx)
        put_s (f, ", ");
    }
  free (order);
}

static void
write_part (FILE *f, const cc_model *m, const cc_result *r, uint32_t fi,
            uint32_t part, int first)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  const cc_part *p = &fn->parts[part];
  uint32_t counts[CC_N_CATEGORIES] = { 0 };
  for (uint32_t i = 0; i < fn->n_insns; i++)
    if (fn->insns[i].part == part && reported (fn, fr, i))
      counts[fr->insns[i].merged.category]++;

  fprintf (f, "%s\n    {\"name\": ", first ? "" : ",");
  json_str (f, p->symbol);
  fputs (", \"function\": ", f);
  json_str (f, fn->name);
  fputs (", \"section\": ", f);
  json_str (f, p->section < m->n_sections ? m->sections[p->section].name : NULL);
  fprintf (f, ", \"section_offset\": %u, \"size\": %u, \"loc\": ", p->offset, p->size);
  json_loc (f, m, fn->file, fn->line);
  fprintf (f, ", \"analysed\": %s", fr->analysed ? "true" : "false");

  /* The function's instances (contexts name them).  */
  uint32_t n_inst = 0;
  fputs (", \"instances\": [", f);
  for (uint32_t x = 0; x < r->n_instances; x++)
    if (r->instances[x].func == fi)
      {
        if (n_inst++)
          put_s (f, ", ");
        put_u (f, x);
      }
  putc_unlocked (']', f);

  /* Loops whose header lies in this part; members of this part.  */
  fputs (",\n     \"loops\": [", f);
  int any = 0;
  for (uint32_t l = 0; l < fr->n_loops; l++)
    {
      const cc_loop *lp = &fr->loops[l];
      uint32_t hi = fn->blocks[lp->header].first_insn;
      if (fn->insns[hi].part != part)
        continue;
      fprintf (f, "%s\n      {\"header\": %u, \"parent\": ", any ? "," : "",
               part_offset (fn, hi));
      if (lp->parent == CC_NONE)
        fputs ("null", f);
      else
        json_insn_ref (f, fn, fn->blocks[fr->loops[lp->parent].header].first_insn, part);
      /* Every member, those of another part as "sym+offset".  */
      fputs (", \"insns\": [", f);
      int anyi = 0;
      for (uint32_t k = 0; k < lp->n_blocks; k++)
        {
          const cc_block *b = &fn->blocks[lp->blocks[k]];
          for (uint32_t i = b->first_insn; i < b->first_insn + b->n_insns; i++)
            if (reported (fn, fr, i))
              {
                if (anyi)
                  put_s (f, ", ");
                json_insn_ref (f, fn, i, part);
                anyi = 1;
              }
        }
      fputs ("]}", f);
      any = 1;
    }
  fputs (any ? "\n     ]" : "]", f);

  /* UPs: each as the offsets of the first insn of its blocks.  */
  fputs (",\n     \"ups\": [", f);
  any = 0;
  for (uint32_t u = 0; u < fr->n_ups; u++)
    {
      const cc_up *up = &fr->ups[u];
      if (fn->insns[fn->blocks[up->blocks[0]].first_insn].part != part)
        continue;
      put_s (f, any ? ",\n      {\"id\": " : "\n      {\"id\": ");
      put_u (f, u);
      put_s (f, ", \"blocks\": [");
      for (uint32_t k = 0; k < up->n_blocks; k++)
        {
          const cc_block *b = &fn->blocks[up->blocks[k]];
          if (k)
            put_s (f, ", ");
          /* A block of the other part is named by symbol+offset.  */
          if (fn->insns[b->first_insn].part == part)
            put_u (f, part_offset (fn, b->first_insn));
          else
            {
              putc_unlocked ('"', f);
              json_chars (f, fn->parts[fn->insns[b->first_insn].part].symbol);
              putc_unlocked ('+', f);
              put_u (f, part_offset (fn, b->first_insn));
              putc_unlocked ('"', f);
            }
        }
      fputs ("]}", f);
      any = 1;
    }
  fputs (any ? "\n     ]" : "]", f);

  /* The insns that end a calling block: the call sites.  */
  uint32_t *call_block = cc_xmalloc ((fn->n_insns + 1) * sizeof *call_block);
  for (uint32_t i = 0; i < fn->n_insns; i++)
    call_block[i] = CC_NONE;
  for (uint32_t b = 0; b < fn->n_blocks; b++)
    if (fn->blocks[b].call != CC_CALL_NONE && fn->blocks[b].n_insns
        && fn->blocks[b].first_insn + fn->blocks[b].n_insns <= fn->n_insns)
      call_block[fn->blocks[b].first_insn + fn->blocks[b].n_insns - 1] = b;

  fputs (",\n     \"insns\": [", f);
  any = 0;
  for (uint32_t i = 0; i < fn->n_insns; i++)
    {
      const cc_insn *in = &fn->insns[i];
      if (in->part != part || !reported (fn, fr, i))
        continue;
      const cc_insn_result *ir = &fr->insns[i];
      put_s (f, any ? ",\n      {\"offset\": " : "\n      {\"offset\": ");
      put_u (f, part_offset (fn, i));
      put_s (f, ", \"length\": ");
      put_u (f, in->length);
      put_s (f, ", \"category\": \"");
      put_s (f, cc_category_name (ir->merged.category));
      putc_unlocked ('"', f);
      if (ir->merged.category == CC_FIRST_MISS || ir->merged.category == CC_FIRST_HIT)
        {
          put_s (f, ", \"scope\": ");
          json_scope (f, m, r, fi, ir->merged, part);
        }
      put_s (f, ", \"line\": ");
      put_u (f, ir->pline);
      put_s (f, ", \"set\": ");
      put_u (f, ir->set);
      put_s (f, ", \"lines\": ");
      put_u (f, ir->n_lines);
      if (in->kind == CC_INSN_ASM)
        put_s (f, ", \"asm\": true");
      if (call_block[i] != CC_NONE)
        {
          /* A call: to a known symbol or unknown code; a tail call (a
             sibling call) leaves the function.  */
          const cc_block *cb = &fn->blocks[call_block[i]];
          put_s (f, ", \"call\": {\"callee\": ");
          if (cb->call == CC_CALL_DIRECT && cb->callee)
            json_str (f, cb->callee);
          else
            put_s (f, "null");
          put_s (f, cb->exits ? ", \"tail\": true}" : ", \"tail\": false}");
        }
      put_s (f, ", \"loc\": ");
      json_loc (f, m, in->file, in->line);
      put_s (f, ", \"contexts\": [");
      json_contexts (f, m, r, fi, ir, n_inst, part);
      put_s (f, "]}");
      any = 1;
    }
  free (call_block);
  fputs (any ? "\n     ]" : "]", f);
  fputs (",\n     \"summary\": ", f);
  json_summary (f, counts);
  fputc ('}', f);
}

static void
write_json (FILE *f, const cc_model *m, const cc_result *r, const cc_report_info *info)
{
  const cc_options *o = info->options;
  fprintf (f, "{\n  \"cachecat\": %d,\n  \"source\": ", REPORT_FORMAT);
  json_str (f, info->source);
  fprintf (f, ",\n  \"cache\": {\"size\": %u, \"line\": %u, \"ways\": %u, \"sets\": %u, \"policy\": ",
           o->cache_size, o->line_size, o->ways,
           o->cache_size / (o->line_size * o->ways));
  json_str (f, o->policy ? o->policy : "lru");
  fputs (", \"config\": ", f);
  json_str (f, o->config_name ? o->config_name : "default");
  fputs ("},\n", f);

  /* What is assumed about addresses (semantics.md section 5).  */
  fputs ("  \"layout\": {\"offsets\": ", f);
  json_str (f, info->layout_note ? "unknown" : "exact within each section (read back from the assembler)");
  fputs (", \"set_indices\": \"relative: each section starts at an unknown set; "
         "lines of different sections may share any set\", \"alignment_forced\": false", f);
  fprintf (f, ", \"phases\": %u, \"groups\": %u, \"sections\": [", r->n_phases,
           r->n_groups);
  for (uint32_t s = 0; s < m->n_sections; s++)
    {
      fprintf (f, "%s{\"name\": ", s ? ", " : "");
      json_str (f, m->sections[s].name);
      fprintf (f, ", \"align\": %u}", m->sections[s].align);
    }
  fputs ("]", f);
  if (info->layout_note)
    {
      fputs (", \"problem\": ", f);
      json_str (f, info->layout_note);
    }
  fputs ("},\n", f);

  fputs ("  \"entry\": {\"symbol\": ", f);
  json_str (f, o->entry);
  int found = o->entry && cc_model_find_func (m, o->entry) != CC_NONE;
  fprintf (f, ", \"found\": %s, \"state\": \"%s\"},\n", found ? "true" : "false",
           o->entry && o->entry_cold ? "cold" : "warm");
  fputs ("  \"unknown_code\": \"calls to code outside the unit, indirect calls and inline asm: "
         "may touch every cache set and call every function of the unit that is externally "
         "visible or address-taken\",\n", f);
  fputs ("  \"not_modelled\": [\"interrupts\", \"DMA\", \"prefetching\", \"wrong-path fetches\"],\n", f);
  if (o->max_instances)
    fprintf (f, "  \"max_instances\": %u, ", o->max_instances);
  else
    fprintf (f, "  \"max_instances\": null, \"instance_budget\": %llu, ",
             (unsigned long long) r->instance_budget);
  fprintf (f, "\"capped\": %s,\n", r->capped ? "true" : "false");

  fputs ("  \"instances\": [", f);
  for (uint32_t x = 0; x < r->n_instances; x++)
    {
      const cc_instance *in = &r->instances[x];
      fprintf (f, "%s\n    {\"id\": %u, \"function\": ", x ? "," : "", x);
      json_str (f, m->funcs[in->func].name);
      if (in->parent == CC_NONE)
        fputs (", \"parent\": null, \"call\": null", f);
      else
        {
          const cc_func *pf = &m->funcs[r->instances[in->parent].func];
          const cc_block *b = &pf->blocks[in->call_block];
          uint32_t ci = b->first_insn + b->n_insns - 1;
          fprintf (f, ", \"parent\": %u, \"call\": {\"symbol\": ", in->parent);
          json_str (f, pf->parts[pf->insns[ci].part].symbol);
          fprintf (f, ", \"offset\": %u}", part_offset (pf, ci));
        }
      fprintf (f, ", \"root\": %s, \"cold\": %s, \"merged\": %s}", in->root ? "true" : "false",
               in->cold ? "true" : "false", in->merged ? "true" : "false");
    }
  fputs (r->n_instances ? "\n  ],\n" : "],\n", f);

  fputs ("  \"functions\": [", f);
  int first = 1;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        write_part (f, m, r, fi, p, first);
        first = 0;
      }
  fputs (first ? "],\n" : "\n  ],\n", f);
  fputs ("  \"summary\": ", f);
  json_summary (f, r->counts);
  fputs ("\n}\n", f);
}

/* Write to PATH as it is: a device or a pipe (report=/dev/null,
   report=/dev/stdout), which a rename would replace by a regular file.  */
static int
write_in_place (const char *path, const cc_model *m, const cc_result *r,
                const cc_report_info *info, char **err)
{
  FILE *f = fopen (path, "w");
  if (!f)
    {
      *err = cc_xstrdup (strerror (errno));
      return -1;
    }
  write_json (f, m, r, info);
  int bad = ferror (f);
  if (fclose (f) != 0 || bad)
    {
      *err = cc_xstrdup (strerror (errno ? errno : EIO));
      return -1;
    }
  return 0;
}

int
cc_report_write (const char *path, const cc_model *m, const cc_result *r,
                 const cc_report_info *info, char **err)
{
  struct stat st;
  if (stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      *err = cc_xstrdup (strerror (EISDIR));
      return -1;
    }
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    return write_in_place (path, m, r, info, err);
  /* A temporary file in the same directory, then rename: readers never see
     a partial report and parallel builds never interleave.  */
  char *tmp = cc_xasprintf ("%s.tmpXXXXXX", path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      *err = cc_xstrdup (strerror (errno));
      free (tmp);
      return -1;
    }
  FILE *f = fdopen (fd, "w");
  if (!f)
    {
      *err = cc_xstrdup (strerror (errno));
      close (fd);
      unlink (tmp);
      free (tmp);
      return -1;
    }
  write_json (f, m, r, info);
  int bad = ferror (f);
  if (fclose (f) != 0)
    bad = 1;
  /* mkstemp creates 0600; a report is an ordinary build product.  */
  mode_t mask = umask (0);
  umask (mask);
  if (!bad && chmod (tmp, 0666 & ~mask) != 0)
    bad = 1;
  if (bad || rename (tmp, path) != 0)
    {
      *err = cc_xstrdup (strerror (errno));
      unlink (tmp);
      free (tmp);
      return -1;
    }
  free (tmp);
  return 0;
}

void
cc_annotation (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t i,
               char *buf, size_t size)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  const cc_insn_result *ir = &fr->insns[i];
  if (!fr->analysed)
    {
      snprintf (buf, size, "cachecat: conflict (not analysed)");
      return;
    }
  char scope[64] = "";
  if (ir->merged.category == CC_FIRST_MISS || ir->merged.category == CC_FIRST_HIT)
    {
      if (ir->merged.scope == CC_SCOPE_PROGRAM)
        snprintf (scope, sizeof scope, " scope=program");
      else if (ir->merged.scope == CC_SCOPE_FUNCTION)
        snprintf (scope, sizeof scope, " scope=function");
      else
        {
          /* A caller's loop (first-hit) by its header in that function.  */
          uint32_t lf = ir->merged.other_func ? ir->merged.other_func - 1 : fi;
          const cc_func *lfn = &m->funcs[lf];
          uint32_t h = lfn->blocks[r->funcs[lf].loops[ir->merged.loop].header].first_insn;
          if (lf == fi && fn->insns[h].part == fn->insns[i].part)
            snprintf (scope, sizeof scope, " scope=loop@0x%x", part_offset (fn, h));
          else
            snprintf (scope, sizeof scope, " scope=loop@%.40s+0x%x",
                      lfn->parts[lfn->insns[h].part].symbol, part_offset (lfn, h));
        }
    }
  char straddle[32] = "";
  if (ir->n_lines > 1)
    snprintf (straddle, sizeof straddle, " lines=%u", ir->n_lines);
  snprintf (buf, size, "cachecat: %s%s line=%u set=%u%s",
            cc_category_name (ir->merged.category), scope, ir->pline, ir->set, straddle);
}
