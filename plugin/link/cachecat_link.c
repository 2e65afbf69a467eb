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
#include "binary/elf_image.h"
#include "link/flow_facts.h"
#include "link/listing.h"
#include "link/unrecorded.h"
#include "link/whole_program.h"
#include "options/options.h"
#include "output/analyse.h"
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
  "  --hit-cycles=N  --miss-penalty=N  the fetch time of a hit, and how much\n"
  "                      longer a miss takes, in cycles (default: from the config)\n"
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
  "  --bounds            print the most misses and fetches per call and per loop\n"
  "                      execution\n"
  "  --flow-facts=FILE   loop bounds and miss bounds for code without source, one\n"
  "                      per line: loop FUNCTION+OFFSET max N; misses FUNCTION\n"
  "                      max N (the user's promise)\n"
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

/* cachecat-link's side of cc_analyse_and_report (output/analyse.h):
   the whole program, its messages on stderr, and its listing.  */
typedef struct link_job
{
  const cc_whole_program *wp;
  const char *program;
  int want_listing;
  const char *listing_path;    /* NULL: PROGRAM.cachecat.lst */
} link_job;

/* The file and line of insn INSN of FN, or of FN (INSN CC_NONE).  */
static const char *
where_of (const cc_model *m, const cc_func *fn, uint32_t insn, uint32_t *line)
{
  uint32_t file = insn != CC_NONE && insn < fn->n_insns ? fn->insns[insn].file : fn->file;
  *line = insn != CC_NONE && insn < fn->n_insns ? fn->insns[insn].line : fn->line;
  return file != CC_NONE && file < m->n_files ? m->files[file] : NULL;
}

/* Where a limit's message is: the model's file and line, no column.  */
static void
link_place (void *data, const cc_limit_msg *msg, int at_insn, cc_msg_place *at)
{
  const cc_model *m = &((const link_job *) data)->wp->model;
  const cc_func *fn = &m->funcs[msg->func];
  at->func = fn->name;
  at->file = where_of (m, fn, at_insn ? msg->insn : CC_NONE, &at->line);
  at->column = 0;
}

/* A GCC-style diagnostic, at FILE:LINE, FILE, or our name.  */
static void
link_say (void *data, const cc_limit_msg *msg, const char *text, int is_error)
{
  cc_msg_place at;
  link_place (data, msg, cc_limit_at_insn (msg), &at);
  if (at.file && at.line)
    fprintf (stderr, "%s:%u: ", at.file, at.line);
  else if (at.file)
    fprintf (stderr, "%s: ", at.file);
  else
    fprintf (stderr, "%s: ", program_name);
  fprintf (stderr, "%s: cachecat: %s\n", is_error ? "error" : "note", text);
}

/* A failure ends the run (exit status 2).  */
static int
link_failed (void *data, const char *what, const char *path, const char *err)
{
  (void) data;
  if (!path)
    fatal (what);
  else
    {
      char *m = cc_xasprintf ("cannot write %s '%s': %s", what, path, err);
      fatal (m);
      free (m);
    }
  return 1;
}

/* The listing, if asked for, after the report.  */
static int
write_listing (void *data, const cc_result *r)
{
  const link_job *job = data;
  if (!job->want_listing)
    return 0;
  char *err = NULL;
  char *path = job->listing_path ? cc_xstrdup (job->listing_path)
                                 : cc_xasprintf ("%s.cachecat.lst", job->program);
  int failed = cc_write_listing (path, job->program, job->wp, r, &err) < 0;
  if (failed)
    link_failed (data, "listing", path, err);
  free (err);
  free (path);
  return failed;
}

/* Split --KEY[=VALUE] arguments into the plugin's options (ARGS) and our
   own; returns the program path, or NULL after a message.  */
static const char *
parse_command_line (int argc, char **argv, cc_arg *args, int *n_args, int *listing,
                    const char **listing_path, int *quiet, const char **facts)
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
      if (strcmp (key, "flow-facts") == 0)
        {
          if (!eq || !eq[1])
            {
              fprintf (stderr, "%s: error: --flow-facts needs a file: --flow-facts=FILE\n",
                       program_name);
              return NULL;
            }
          *facts = eq + 1;
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

/* The entry: --entry, else _start in a static program that a record
   models it in or that is closed (every byte modelled), else main.  */
static const char *
choose_entry (const cc_options *o, const cc_elf_image *img, const cc_whole_program *wp,
              int *cold)
{
  const char *entry = o->entry;
  uint32_t start = cc_model_find_func (&wp->model, "_start");
  if (!entry)
    entry = !img->dynamic && start != CC_NONE
                    && (!(wp->model.funcs[start].flags & CC_FUNC_FROM_BYTES)
                        || !wp->open_because)
                  ? "_start"
                  : "main";
  /* _start is where execution begins; main runs after the C library's
     start-up code, which leaves lines of its own in the cache.  */
  *cold = o->entry_state_given ? o->entry_cold : strcmp (entry, "_start") == 0;
  return entry;
}

/* What the linker did to the program's code that the records cannot
   place: warnings.  */
static void
warn_program (const cc_elf_image *img, const cc_whole_program *wp)
{
  cc_warn_unrecorded (stderr, program_name, img, wp->units, wp->n_units);
  if (wp->n_unplaced)
    fprintf (stderr, "%s: warning: %u functions of code the linker relaxed start with "
             "padding the record does not place; their instructions are reported as "
             "conflict\n", program_name, wp->n_unplaced);
  if (wp->n_rerouted)
    fprintf (stderr, "%s: warning: the final bytes of %u functions branch where their "
             "model does not (a stub the linker added), first %s; they are reported as "
             "conflict\n", program_name, wp->n_rerouted, wp->rerouted);
  if (wp->n_inexact)
    fprintf (stderr, "%s: warning: %u functions come from units whose addresses the "
             "plugin could not measure; their instructions are reported as conflict\n",
             program_name, wp->n_inexact);
}

/* What the report says of the program WP (its file PROGRAM): per
   function its unit, other names, and why code without a model may call
   it.  */
static void
link_facts (cc_report_link *link, const cc_whole_program *wp, const char *program)
{
  uint32_t n = wp->model.n_funcs;
  const char **units = cc_xmalloc ((n + 1) * sizeof *units);
  char *const **aliases = cc_xmalloc ((n + 1) * sizeof *aliases);
  char **because = cc_xmalloc ((n + 1) * sizeof *because);
  char **no_model = cc_xmalloc ((n + 1) * sizeof *no_model);
  char **no_footprint = cc_xmalloc ((n + 1) * sizeof *no_footprint);
  for (uint32_t f = 0; f < n; f++)
    {
      units[f] = wp->funcs[f].unit < wp->n_units ? wp->units[wp->funcs[f].unit].source : NULL;
      no_model[f] = wp->funcs[f].no_model;
      no_footprint[f] = wp->funcs[f].fp_why;
      aliases[f] = wp->funcs[f].aliases;
      because[f] = cc_whole_program_root_because (wp, f);
    }
  *link = (cc_report_link) { program, wp->n_units, wp->n_relaxed, wp->n_removed, wp->n_dead,
                             wp->n_escaped, wp->section_base, units, because, aliases,
                             no_model, no_footprint, wp->open_because,
                             wp->n_indirect_sites, wp->n_indirect_targets };
}

static void
free_link_facts (cc_report_link *link, uint32_t n_funcs)
{
  for (uint32_t f = 0; f < n_funcs; f++)
    free (link->func_root_because[f]);
  free ((void *) link->func_unit);
  free ((void *) link->func_aliases);
  free ((void *) link->func_root_because);
  free ((void *) link->func_no_model);
  free ((void *) link->func_no_footprint);
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
  const char *listing_path = NULL, *facts = NULL;
  const char *program = parse_command_line (argc, argv, args, &n_args, &want_listing,
                                            &listing_path, &quiet, &facts);
  if (!program)
    return 2;
  char *own = own_config_dir ();
  const char *dirs[] = { own ? own : "", CC_INSTALLED_CONFIG_DIR, NULL };
  cc_options o;
  char *err = NULL;
  if (cc_options_parse_link (&o, args, n_args, dirs, "listing, quiet, flow-facts, help",
                             &err) < 0)
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
  if (cc_whole_program_build (&wp, &img, &cache, &err) < 0
      || (facts && cc_flow_facts_apply (&wp, facts, &err) < 0))
    return fatal (err);
  int cold;
  const char *entry = choose_entry (&o, &img, &wp, &cold);
  uint32_t entry_func = cc_model_find_func (&wp.model, entry);
  if (entry_func == CC_NONE)
    {
      char *m = cc_xasprintf ("the entry '%s' has no model in %s: compile its unit with "
                              "-fplugin-arg-cachecat-record, or name another with "
                              "--entry=SYMBOL", entry, program);
      return fatal (m);
    }
  cc_whole_program_enter (&wp, entry_func);
  warn_program (&img, &wp);
  /* The analysis starts at the entry, and the report states it.  */
  char *entry_copy = cc_xstrdup (entry);  /* ENTRY may be o.entry */
  free (o.entry);
  o.entry = entry_copy;
  o.entry_cold = cold;

  cc_report_link link;
  link_facts (&link, &wp, program);
  cc_report_info info = { program, cc_arch_name (arch), NULL, &o, NULL, NULL, &link, NULL };
  char cwd[PATH_MAX];
  char *path = o.report ? cc_xstrdup (o.report) : cc_xasprintf ("%s.cachecat.json", program);
  link_job lj = { &wp, program, want_listing, listing_path };
  cc_output_job job;
  memset (&job, 0, sizeof job);
  job.model = &wp.model;
  job.cache = &cache;
  job.info = &info;
  /* On the whole program a call of another unit's function is bounded
     (the miss bounds, and the budgets the records carry).  */
  job.whole_program = 1;
  job.unknown_code = wp.unknown_code;
  job.n_unknown_code = wp.n_unknown_code;
  job.report = path;
  job.cwd = getcwd (cwd, sizeof cwd) ? cwd : ".";
  job.table_first = 1;
  job.data = &lj;
  job.failed = link_failed;
  job.more_files = write_listing;
  job.say = link_say;
  job.place = link_place;
  int broken = cc_analyse_and_report (&job);
  if (broken < 0 || !job.result)
    return 2;
  if (!quiet && !broken)
    cc_summary_write (stdout, &wp.model, job.result, job.bounds, &info, path, 20);
  free (path);
  free_link_facts (&link, wp.model.n_funcs);
  cc_bounds_free (job.bounds);
  cc_result_free (job.result, &wp.model);
  cc_whole_program_free (&wp);
  cc_elf_close (&img);
  cc_options_free (&o);
  free (own);
  return broken ? 1 : 0;
}
