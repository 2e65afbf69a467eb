/* cachecat-link: the whole program on its final addresses.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   cachecat-link [OPTIONS] PROGRAM reads a linked executable whose units
   were compiled with -fplugin-arg-cachecat-record, puts their models
   together on the program's addresses (whole_program.c), analyses the
   whole program with the plugin's engine and writes the same report as
   the plugin, a listing on request, and GCC-style diagnostics; a broken
   conflict limit makes the exit status 1.  README: "After the link".  */

#include "bounds/bounds.h"
#include "isa/isa.h"
#include "link/elf_image.h"
#include "link/listing.h"
#include "link/unrecorded.h"
#include "link/whole_program.h"
#include "options/options.h"
#include "output/bounds_text.h"
#include "output/limits.h"
#include "output/report.h"
#include "output/sarif.h"
#include "output/summary.h"
#include "support/util.h"

#include <libgen.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CC_INSTALLED_CONFIG_DIR
#define CC_INSTALLED_CONFIG_DIR ""
#endif

static const char usage[] =
  "usage: cachecat-link [OPTIONS] PROGRAM\n"
  "Analyse the instruction-cache behaviour of a linked program whose units were\n"
  "compiled with -fplugin=cachecat.so -fplugin-arg-cachecat-record, on its final\n"
  "addresses, as one program.\n"
  "Options (the plugin's, written --KEY=VALUE):\n"
  "  --config=NAME|FILE  --cache-size=BYTES  --line-size=BYTES  --ways=N\n"
  "  --policy=lru|fifo|plru|random    the cache, as for the plugin\n"
  "  --entry=SYMBOL      entry function (default: _start in a static program\n"
  "                      when it has a model, else main); a static function\n"
  "                      of a name two units use: NAME@UNIT, as the report\n"
  "                      names it\n"
  "  --entry-state=cold|warm  cache contents at the entry (default: cold at\n"
  "                      _start, warm at main, which the C library calls)\n"
  "  --report=PATH       JSON report (default: PROGRAM.cachecat.json)\n"
  "  --listing[=PATH]    also write an annotated disassembly (default path:\n"
  "                      PROGRAM.cachecat.lst)\n"
  "  --max-conflicts=N  --max-conflicts-per-function=N  limits: exit status 1\n"
  "                      when exceeded\n"
  "  --max-instances=N   cap on function instances\n"
  "  --bounds            print the most misses per call and per loop execution\n"
  "  --sarif=PATH        also write limits and budgets broken, and conflicts, as\n"
  "                      SARIF 2.1.0\n"
  "  --quiet             no summary on success (it goes to standard output)\n"
  "  --help              this text\n"
  "Exit status: 0 done, 1 a conflict limit or a budget of the source exceeded,\n"
  "2 an error.\n";

static const char *program_name = "cachecat-link";

static int
fatal (const char *what)
{
  fprintf (stderr, "%s: error: %s\n", program_name, what);
  return 2;
}

/* The directories searched for --config=NAME: config/ beside this
   executable (the build tree), then the installed one.  */
static char *
own_config_dir (void)
{
  char buf[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0)
    return NULL;
  buf[n] = 0;
  return cc_xasprintf ("%s/config", dirname (buf));
}

/* GCC-style diagnostics for the conflict limits (output/limits.h), and
   the SARIF file's results.  */
typedef struct say_ctx
{
  const cc_whole_program *wp;
  cc_sarif *sarif;             /* NULL: none asked for */
} say_ctx;

/* The file and line of insn INSN of FN, or of FN (INSN CC_NONE).  */
static const char *
where_of (const cc_model *m, const cc_func *fn, uint32_t insn, uint32_t *line)
{
  uint32_t file = insn != CC_NONE && insn < fn->n_insns ? fn->insns[insn].file : fn->file;
  *line = insn != CC_NONE && insn < fn->n_insns ? fn->insns[insn].line : fn->line;
  return file != CC_NONE && file < m->n_files ? m->files[file] : NULL;
}

static void
print_loc (const cc_model *m, uint32_t file, uint32_t line)
{
  if (file != CC_NONE && file < m->n_files && line)
    fprintf (stderr, "%s:%u: ", m->files[file], line);
  else if (file != CC_NONE && file < m->n_files)
    fprintf (stderr, "%s: ", m->files[file]);
  else
    fprintf (stderr, "%s: ", program_name);
}

static void
say_limit (void *data, const cc_limit_msg *msg)
{
  const cc_whole_program *wp = ((say_ctx *) data)->wp;
  const cc_model *m = &wp->model;
  const cc_func *fn = &m->funcs[msg->func];
  int is_error;
  char *text = cc_limit_text (msg, fn->name, 1, &is_error);
  if (cc_limit_at_insn (msg) && msg->insn < fn->n_insns)
    print_loc (m, fn->insns[msg->insn].file, fn->insns[msg->insn].line);
  else
    print_loc (m, fn->file, fn->line);
  fprintf (stderr, "%s: cachecat: %s\n", is_error ? "error" : "note", text);
  cc_sarif *sarif = ((say_ctx *) data)->sarif;
  if (sarif)
    {
      uint32_t line;
      const char *file = where_of (m, fn, cc_limit_at_insn (msg) ? msg->insn : CC_NONE, &line);
      cc_sarif_limit (sarif, msg, text, is_error, file, line, 0, fn->name);
    }
  free (text);
}

/* A program line with conflict insns: a note of the SARIF file only.  */
static void
sarif_conflict (void *data, const cc_limit_msg *msg)
{
  say_ctx *ctx = data;
  const cc_model *m = &ctx->wp->model;
  const cc_func *fn = &m->funcs[msg->func];
  int is_error;
  char *text = cc_limit_text (msg, fn->name, 1, &is_error);
  uint32_t line;
  const char *file = where_of (m, fn, msg->insn, &line);
  cc_sarif_result (ctx->sarif, CC_RULE_CONFLICT, 0, text, file, line, 0, fn->name);
  free (text);
}

/* Split --KEY[=VALUE] arguments into the plugin's options (ARGS) and our
   own; returns the program path, or NULL after a message.  */
static const char *
parse_command_line (int argc, char **argv, cc_arg *args, int *n_args, int *listing,
                    const char **listing_path, int *quiet)
{
  const char *program = NULL;
  *n_args = 0;
  for (int i = 1; i < argc; i++)
    {
      char *a = argv[i];
      if (strcmp (a, "--help") == 0)
        {
          fputs (usage, stdout);
          exit (0);
        }
      if (strncmp (a, "--", 2) != 0 || !a[2])
        {
          if (program || a[0] == '-')
            {
              fprintf (stderr, "%s: error: %s: %s\n%s", program_name, a,
                       program ? "only one program is analysed at a time"
                               : "unknown option", usage);
              return NULL;
            }
          program = a;
          continue;
        }
      char *key = a + 2, *eq = strchr (key, '=');
      if (eq)
        *eq = 0;
      if (strcmp (key, "listing") == 0)
        {
          *listing = 1;
          *listing_path = eq ? eq + 1 : NULL;
          continue;
        }
      if (strcmp (key, "quiet") == 0 && !eq)
        {
          *quiet = 1;
          continue;
        }
      args[*n_args].key = key;
      args[*n_args].value = eq ? eq + 1 : NULL;
      (*n_args)++;
    }
  if (!program)
    fprintf (stderr, "%s: error: no program given\n%s", program_name, usage);
  return program;
}

/* The entry: --entry, else _start in a static program that models it,
   else main.  */
static const char *
choose_entry (const cc_options *o, const cc_elf_image *img, const cc_model *m, int *cold)
{
  const char *entry = o->entry;
  if (!entry)
    entry = !img->dynamic && cc_model_find_func (m, "_start") != CC_NONE ? "_start" : "main";
  /* _start is where execution begins; main runs after the C library's
     start-up code, which leaves lines of its own in the cache.  */
  *cold = o->entry_state_given ? o->entry_cold : strcmp (entry, "_start") == 0;
  return entry;
}

int
main (int argc, char **argv)
{
#ifdef __GLIBC__
  /* The analysis allocates and frees the same big per-node buffers for
     every group of functions: keep freed memory in the heap for the next
     one instead of handing it back to the kernel, whose fresh pages then
     fault in on first touch (a sixth of the run on SQLite's shell).  */
  mallopt (M_MMAP_THRESHOLD, 256 << 20);
  mallopt (M_TRIM_THRESHOLD, 512 << 20);
#endif
  cc_arg *args = cc_xcalloc ((size_t) argc + 1, sizeof *args);
  int n_args = 0, want_listing = 0, quiet = 0;
  const char *listing_path = NULL;
  const char *program = parse_command_line (argc, argv, args, &n_args, &want_listing,
                                            &listing_path, &quiet);
  if (!program)
    return 2;
  char *own = own_config_dir ();
  const char *dirs[] = { own ? own : "", CC_INSTALLED_CONFIG_DIR, NULL };
  cc_options o;
  char *err = NULL;
  if (cc_options_parse_link (&o, args, n_args, dirs, "listing, quiet, help", &err) < 0)
    return fatal (err);
  free (args);

  cc_elf_image img;
  if (cc_elf_open (program, &img, &err) < 0)
    return fatal (err);
  cc_arch arch = cc_arch_of_elf_machine (img.machine);
  if (arch != CC_ARCH_UNKNOWN && !cc_config_fits_arch (&o, cc_arch_name (arch)))
    fprintf (stderr, "%s: warning: configuration '%s' describes a core that runs %s "
             "code; %s is %s code\n", program_name, o.config_name, o.config_arch, program,
             cc_arch_name (arch));
  if (!img.records)
    {
      char *m = cc_xasprintf (
        "%s has no cachecat models%s; compile its units with -fplugin=cachecat.so "
        "-fplugin-arg-cachecat-record and link without stripping debug sections "
        "(no -s, -Wl,--strip-debug or strip -g)", program,
        !img.has_debug && img.n_symbols == 0 ? " (it is stripped: no symbols, no debug "
                                                "sections)"
        : !img.has_debug ? " and no debug sections (stripped with strip -g?)" : "");
      return fatal (m);
    }
  cc_cache cache = cc_options_cache (&o);

  cc_whole_program wp;
  if (cc_whole_program_build (&wp, &img, &cache, &err) < 0)
    return fatal (err);
  int cold;
  const char *entry = choose_entry (&o, &img, &wp.model, &cold);
  uint32_t entry_func = cc_model_find_func (&wp.model, entry);
  if (entry_func == CC_NONE)
    {
      char *m = cc_xasprintf ("the entry '%s' has no model in %s: compile its unit with "
                              "-fplugin-arg-cachecat-record, or name another with "
                              "--entry=SYMBOL", entry, program);
      return fatal (m);
    }
  cc_whole_program_enter (&wp, entry_func);
  cc_warn_unrecorded (stderr, program_name, &img, wp.units, wp.n_units);
  if (wp.n_unplaced)
    fprintf (stderr, "%s: warning: %u functions of code the linker relaxed start with "
             "padding the record does not place; their instructions are reported as "
             "conflict\n", program_name, wp.n_unplaced);
  if (wp.n_rerouted)
    fprintf (stderr, "%s: warning: the final bytes of %u functions branch where their "
             "model does not (a stub the linker added), first %s; they are reported as "
             "conflict\n", program_name, wp.n_rerouted, wp.rerouted);
  if (wp.n_inexact)
    fprintf (stderr, "%s: warning: %u functions come from units whose addresses the "
             "plugin could not measure; their instructions are reported as conflict\n",
             program_name, wp.n_inexact);

  cc_analysis_opts ao;
  memset (&ao, 0, sizeof ao);
  ao.entry = entry;
  ao.entry_cold = cold;
  ao.max_instances = o.max_instances;
  ao.whole_program = 1;
  ao.unknown_code = wp.unknown_code;
  ao.n_unknown_code = wp.n_unknown_code;
  cc_result *r = cc_analyse (&wp.model, &cache, &ao, &err);
  if (!r)
    return fatal (err ? err : "the analysis failed");

  const char **units = cc_xmalloc ((wp.model.n_funcs + 1) * sizeof *units);
  char *const **aliases = cc_xmalloc ((wp.model.n_funcs + 1) * sizeof *aliases);
  char **because = cc_xmalloc ((wp.model.n_funcs + 1) * sizeof *because);
  for (uint32_t f = 0; f < wp.model.n_funcs; f++)
    {
      units[f] = wp.units[wp.funcs[f].unit].source;
      aliases[f] = wp.funcs[f].aliases;
      because[f] = cc_whole_program_root_because (&wp, f);
    }
  cc_report_link link = { program, wp.n_units, wp.n_relaxed, wp.n_removed, wp.n_dead,
                          wp.n_escaped, wp.section_base, units, because, aliases,
                          wp.open_because, wp.n_indirect_sites, wp.n_indirect_targets };
  /* The report states the entry the analysis used.  */
  char *entry_copy = cc_xstrdup (entry);  /* ENTRY may be o.entry */
  free (o.entry);
  o.entry = entry_copy;
  o.entry_cold = cold;
  /* The miss bounds of the whole program: a call of another unit's
     function is bounded here, where the unit's own report cannot.  */
  cc_bounds *bounds = cc_bounds_compute (&wp.model, r, &cache);
  if (o.bounds_table)
    cc_bounds_table (stderr, &wp.model, r, bounds);
  cc_report_info info = { program, cc_arch_name (arch), NULL, &o, NULL, NULL, &link, bounds };
  char cwd[PATH_MAX];
  char *path = o.report ? cc_xstrdup (o.report) : cc_xasprintf ("%s.cachecat.json", program);
  if (cc_report_write (path, &wp.model, r, &info, &err) < 0)
    {
      char *m = cc_xasprintf ("cannot write report '%s': %s", path, err);
      return fatal (m);
    }
  if (want_listing)
    {
      char *lpath = listing_path ? cc_xstrdup (listing_path)
                                 : cc_xasprintf ("%s.cachecat.lst", program);
      if (cc_write_listing (lpath, program, &wp, r, &err) < 0)
        {
          char *m = cc_xasprintf ("cannot write listing '%s': %s", lpath, err);
          return fatal (m);
        }
      free (lpath);
    }
  say_ctx ctx = { &wp, o.sarif ? cc_sarif_new (CACHECAT_VERSION, getcwd (cwd, sizeof cwd)
                                                                  ? cwd : ".", "c")
                                 : NULL };
  unsigned broken = cc_check_limits (&wp.model, r, 1, o.max_conflicts_per_function,
                                     o.max_conflicts, say_limit, &ctx);
  /* The budgets of the source, which the records carry: on the whole
     program a call of another unit's function is bounded.  */
  broken += cc_check_budgets (&wp.model, r, &cache, bounds, 0, say_limit, &ctx);
  if (ctx.sarif)
    {
      cc_conflict_lines (&wp.model, r, sarif_conflict, &ctx);
      if (cc_sarif_write (ctx.sarif, o.sarif, &err) < 0)
        {
          char *m = cc_xasprintf ("cannot write the SARIF file '%s': %s", o.sarif, err);
          return fatal (m);
        }
      cc_sarif_free (ctx.sarif);
    }
  if (!quiet && !broken)
    cc_summary_write (stdout, &wp.model, r, bounds, &info, path, 20);
  free (path);
  free (units);
  free (aliases);
  for (uint32_t f = 0; f < wp.model.n_funcs; f++)
    free (because[f]);
  free (because);
  cc_bounds_free (bounds);
  cc_result_free (r, &wp.model);
  cc_whole_program_free (&wp);
  cc_elf_close (&img);
  cc_options_free (&o);
  free (own);
  return broken ? 1 : 0;
}
