/* cachecat output: a model analysed, and everything said about it
   (analyse.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/analyse.h"
#include "output/bounds_text.h"
#include "output/sarif.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the limits' messages go to: the caller, and the SARIF file (NULL:
   none asked for).  */
typedef struct say_ctx
{
  const cc_output_job *job;
  cc_sarif *sarif;
} say_ctx;

/* A limit's or budget's message as the caller's diagnostic, and into
   the SARIF file.  */
static void
say_limit (void *data, const cc_limit_msg *msg)
{
  const say_ctx *ctx = data;
  const cc_output_job *job = ctx->job;
  cc_msg_place at;
  memset (&at, 0, sizeof at);
  job->place (job->data, msg, cc_limit_at_insn (msg), &at);
  int is_error;
  char *text = cc_limit_text (msg, at.func, job->whole_program, &is_error);
  job->say (job->data, msg, text, is_error);
  if (ctx->sarif)
    cc_sarif_limit (ctx->sarif, msg, text, is_error, at.file, at.line, at.column, at.func);
  free (text);
}

/* A program line with conflict insns: a note of the SARIF file only.  */
static void
sarif_conflict (void *data, const cc_limit_msg *msg)
{
  const say_ctx *ctx = data;
  cc_msg_place at;
  memset (&at, 0, sizeof at);
  ctx->job->place (ctx->job->data, msg, 1, &at);
  int is_error;
  char *text = cc_limit_text (msg, at.func, ctx->job->whole_program, &is_error);
  cc_sarif_result (ctx->sarif, CC_RULE_CONFLICT, 0, text, at.file, at.line, at.column, at.func);
  free (text);
}

/* JOB->failed for writing WHAT to PATH (ERR, freed here).  Returns
   nonzero to stop.  */
static int
write_failed (const cc_output_job *job, const char *what, const char *path, char *err)
{
  int stop = job->failed (job->data, what, path, err ? err : "unknown error");
  free (err);
  return stop;
}

/* The engine's results of JOB's model, or NULL after JOB->failed
   (*STOP: it asked to stop).  */
static cc_result *
analyse (const cc_output_job *job, int *stop)
{
  const cc_options *o = job->info->options;
  cc_analysis_opts ao;
  memset (&ao, 0, sizeof ao);
  ao.entry = o->entry;
  ao.entry_cold = o->entry_cold;
  ao.max_instances = o->max_instances;
  ao.whole_program = job->whole_program;
  ao.unknown_code = job->unknown_code;
  ao.n_unknown_code = job->n_unknown_code;
  char *err = NULL;
  cc_result *r = cc_analyse (job->model, job->cache, &ao, &err);
  if (job->analysed)
    job->analysed (job->data, job->model, r);
  *stop = 0;
  if (!r)
    *stop = job->failed (job->data, err ? err : "the analysis failed", NULL, NULL);
  free (err);
  return r;
}

/* The conflict limits, the bounds table (after them, for the plugin),
   the loop template and the budgets, said through CTX.  Returns how
   many limits and budgets are broken, or -1 if a failure stopped it.  */
static int
check (const cc_output_job *job, say_ctx *ctx)
{
  const cc_options *o = job->info->options;
  const cc_model *m = job->model;
  int broken = (int) cc_check_limits (m, job->result, job->whole_program,
                                      o->max_conflicts_per_function, o->max_conflicts,
                                      say_limit, ctx);
  if (o->bounds_table && !job->table_first)
    cc_bounds_table (stderr, m, job->result, job->bounds);
  char *err = NULL;
  if (o->loop_template
      && cc_loop_template_write (o->loop_template, m, job->result, job->bounds, &err)
      && write_failed (job, "the loop template", o->loop_template, err))
    return -1;
  return broken + (int) cc_check_budgets (m, job->result, job->cache, job->bounds,
                                          job->budgets_later, say_limit, ctx);
}

int
cc_analyse_and_report (cc_output_job *job)
{
  const cc_options *o = job->info->options;
  int stop;
  job->bounds = NULL;
  job->result = analyse (job, &stop);
  if (!job->result)
    return stop ? -1 : 0;
  job->bounds = cc_bounds_compute (job->model, job->result, job->cache);
  job->info->bounds = job->bounds;
  if (o->bounds_table && job->table_first)
    cc_bounds_table (stderr, job->model, job->result, job->bounds);
  char *err = NULL;
  if (cc_report_write (job->report, job->model, job->result, job->info, &err)
      && write_failed (job, "report", job->report, err))
    return -1;
  if (job->more_files && job->more_files (job->data, job->result))
    return -1;
  say_ctx ctx = { job, o->sarif ? cc_sarif_new (CACHECAT_VERSION, job->cwd, "c") : NULL };
  int broken = check (job, &ctx);
  if (broken >= 0 && ctx.sarif)
    {
      cc_conflict_lines (job->model, job->result, sarif_conflict, &ctx);
      err = NULL;
      if (cc_sarif_write (ctx.sarif, o->sarif, &err)
          && write_failed (job, "the SARIF file", o->sarif, err))
        broken = -1;
    }
  cc_sarif_free (ctx.sarif);
  return broken;
}
