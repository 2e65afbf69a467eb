/* cachecat output: the SARIF 2.1.0 file (sarif.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/json.h"
#include "output/limits.h"
#include "output/sarif.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct place
{
  char *message;         /* NULL for a result's own location */
  uint32_t file;         /* index into artifacts, UINT32_MAX: none */
  uint32_t line, column;
} place;

typedef struct result
{
  enum cc_sarif_rule rule;
  int error;
  char *message;
  char *func;
  place at;
  place *related;
  uint32_t n_related;
} result;

struct cc_sarif
{
  char *version, *cwd, *language;
  char **files;
  uint32_t n_files;
  result *results;
  uint32_t n_results, cap_results;
};

static const struct
{
  const char *id, *text;
} rules[CC_N_RULES] = {
  [CC_RULE_CONFLICT] = { "cachecat-conflict",
                         "instructions whose instruction-cache behaviour nothing promises" },
  [CC_RULE_MAX_CONFLICTS_PER_FUNCTION] = { "cachecat-max-conflicts-per-function",
                                           "a function over the conflict limit" },
  [CC_RULE_MAX_CONFLICTS] = { "cachecat-max-conflicts", "a unit over the conflict limit" },
  [CC_RULE_BUDGET_CONFLICTS] = { "cachecat-max-conflicts-budget",
                                 "a function over its cachecat_max_conflicts budget" },
  [CC_RULE_BUDGET_MISSES] = { "cachecat-max-misses-budget",
                              "a function over its cachecat_max_misses budget" },
};

cc_sarif *
cc_sarif_new (const char *tool_version, const char *cwd, const char *language)
{
  cc_sarif *s = cc_xcalloc (1, sizeof *s);
  s->version = cc_xstrdup (tool_version);
  s->cwd = cc_xstrdup (cwd ? cwd : "/");
  s->language = cc_xstrdup (language);
  return s;
}

static uint32_t
file_index (cc_sarif *s, const char *file)
{
  if (!file || !*file)
    return UINT32_MAX;
  for (uint32_t i = 0; i < s->n_files; i++)
    if (strcmp (s->files[i], file) == 0)
      return i;
  s->files = cc_xrealloc (s->files, (s->n_files + 1) * sizeof *s->files);
  s->files[s->n_files] = cc_xstrdup (file);
  return s->n_files++;
}

void
cc_sarif_result (cc_sarif *s, enum cc_sarif_rule rule, int error, const char *message,
                 const char *file, uint32_t line, uint32_t column, const char *func)
{
  if (s->n_results == s->cap_results)
    {
      s->cap_results = s->cap_results ? 2 * s->cap_results : 16;
      s->results = cc_xrealloc (s->results, s->cap_results * sizeof *s->results);
    }
  result *r = &s->results[s->n_results++];
  memset (r, 0, sizeof *r);
  r->rule = rule;
  r->error = error;
  r->message = cc_xstrdup (message);
  r->func = func ? cc_xstrdup (func) : NULL;
  r->at = (place){ NULL, file_index (s, file), line, column };
}

void
cc_sarif_related (cc_sarif *s, const char *message, const char *file, uint32_t line,
                  uint32_t column)
{
  if (!s->n_results)
    return;
  result *r = &s->results[s->n_results - 1];
  r->related = cc_xrealloc (r->related, (r->n_related + 1) * sizeof *r->related);
  r->related[r->n_related++] = (place){ cc_xstrdup (message), file_index (s, file), line,
                                        column };
}

static void
put_str (FILE *f, const char *s)
{
  char *t = cc_xmalloc (CC_JSON_ROOM (strlen (s)));
  cc_json_escape (t, s);
  fprintf (f, "\"%s\"", t);
  free (t);
}

/* FILE as SARIF wants it: relative to PWD, or a file URI.  Only what a URI
   must escape in a path is escaped.  */
static void
put_uri (FILE *f, const cc_sarif *s, const char *file)
{
  size_t n = strlen (s->cwd);
  const char *rel = NULL;
  if (file[0] != '/')
    rel = file;
  else if (strncmp (file, s->cwd, n) == 0 && file[n] == '/')
    rel = file + n + 1;
  fputs ("{\"uri\": \"", f);
  if (!rel)
    fputs ("file://", f);
  for (const unsigned char *p = (const unsigned char *) (rel ? rel : file); *p; p++)
    if (*p <= 0x20 || *p >= 0x7f || strchr ("\"%<>\\^`{|}#?", *p))
      fprintf (f, "%%%02X", *p);
    else
      fputc (*p, f);
  fputs (rel ? "\", \"uriBaseId\": \"PWD\"}" : "\"}", f);
}

static void
put_place (FILE *f, const cc_sarif *s, const place *p)
{
  fputs ("{\"physicalLocation\": {\"artifactLocation\": ", f);
  put_uri (f, s, s->files[p->file]);
  if (p->line)
    {
      fprintf (f, ", \"region\": {\"startLine\": %u", p->line);
      if (p->column)
        fprintf (f, ", \"startColumn\": %u", p->column);
      fputc ('}', f);
    }
  fputc ('}', f);
}

static int
fill (FILE *f, void *data)
{
  const cc_sarif *s = data;
  int errors = 0;
  for (uint32_t k = 0; k < s->n_results; k++)
    errors |= s->results[k].error;
  fputs ("{\"$schema\": \"https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/"
         "Schemata/sarif-schema-2.1.0.json\",\n \"version\": \"2.1.0\",\n \"runs\": [{"
         "\"tool\": {\"driver\": {\"name\": \"cachecat\", \"version\": ", f);
  put_str (f, s->version);
  fputs (", \"rules\": [", f);
  for (int k = 0; k < CC_N_RULES; k++)
    {
      fprintf (f, "%s\n    {\"id\": \"%s\", \"shortDescription\": {\"text\": ", k ? "," : "",
               rules[k].id);
      put_str (f, rules[k].text);
      fputs ("}}", f);
    }
  fprintf (f, "]}},\n  \"invocations\": [{\"executionSuccessful\": %s, "
           "\"toolExecutionNotifications\": []}],\n  \"originalUriBaseIds\": {\"PWD\": {\"uri\": ",
           errors ? "false" : "true");
  /* A directory's URI ends with a slash.  */
  char *dir = cc_xasprintf ("file://%s/", strcmp (s->cwd, "/") == 0 ? "" : s->cwd);
  put_str (f, dir);
  free (dir);
  fputs ("}},\n  \"artifacts\": [", f);
  for (uint32_t i = 0; i < s->n_files; i++)
    {
      fputs (i ? ",\n    {\"location\": " : "\n    {\"location\": ", f);
      put_uri (f, s, s->files[i]);
      fputs (", \"sourceLanguage\": ", f);
      put_str (f, s->language);
      fputc ('}', f);
    }
  fputs ("],\n  \"results\": [", f);
  for (uint32_t k = 0; k < s->n_results; k++)
    {
      const result *r = &s->results[k];
      fprintf (f, "%s\n    {\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\", "
               "\"message\": {\"text\": ", k ? "," : "", rules[r->rule].id, (int) r->rule,
               r->error ? "error" : "note");
      put_str (f, r->message);
      fputs ("},\n     \"locations\": [", f);
      if (r->at.file != UINT32_MAX)
        {
          put_place (f, s, &r->at);
          if (r->func)
            {
              fputs (", \"logicalLocations\": [{\"name\": ", f);
              put_str (f, r->func);
              fputs (", \"fullyQualifiedName\": ", f);
              put_str (f, r->func);
              fputs (", \"kind\": \"function\"}]", f);
            }
          fputc ('}', f);
        }
      fputc (']', f);
      if (r->n_related)
        {
          fputs (",\n     \"relatedLocations\": [", f);
          for (uint32_t j = 0; j < r->n_related; j++)
            {
              if (j)
                fputs (",\n       ", f);
              if (r->related[j].file != UINT32_MAX)
                {
                  put_place (f, s, &r->related[j]);
                  fputs (", ", f);
                }
              else
                fputc ('{', f);
              fputs ("\"message\": {\"text\": ", f);
              put_str (f, r->related[j].message);
              fputs ("}}", f);
            }
          fputc (']', f);
        }
      fputc ('}', f);
    }
  fputs ("]}]}\n", f);
  return 0;
}

int
cc_sarif_write (const cc_sarif *s, const char *path, char **err)
{
  return cc_write_file (path, fill, (void *) s, err);
}

void
cc_sarif_free (cc_sarif *s)
{
  if (!s)
    return;
  for (uint32_t k = 0; k < s->n_results; k++)
    {
      free (s->results[k].message);
      free (s->results[k].func);
      for (uint32_t j = 0; j < s->results[k].n_related; j++)
        free (s->results[k].related[j].message);
      free (s->results[k].related);
    }
  free (s->results);
  for (uint32_t i = 0; i < s->n_files; i++)
    free (s->files[i]);
  free (s->files);
  free (s->version);
  free (s->cwd);
  free (s->language);
  free (s);
}

static enum cc_sarif_rule
limit_rule (enum cc_limit_kind k)
{
  switch (k)
    {
    case CC_LIMIT_FUNCTION:
      return CC_RULE_MAX_CONFLICTS_PER_FUNCTION;
    case CC_LIMIT_UNIT:
      return CC_RULE_MAX_CONFLICTS;
    case CC_LIMIT_BUDGET_CONFLICTS:
      return CC_RULE_BUDGET_CONFLICTS;
    case CC_LIMIT_BUDGET_MISSES:
    case CC_LIMIT_BUDGET_LATER:
    case CC_LIMIT_BUDGET_UNREACHED:
      return CC_RULE_BUDGET_MISSES;
    default:
      return CC_RULE_CONFLICT;
    }
}

void
cc_sarif_limit (cc_sarif *s, const cc_limit_msg *msg, const char *text, int is_error,
                const char *file, uint32_t line, uint32_t column, const char *func)
{
  if (is_error || msg->kind == CC_LIMIT_BUDGET_LATER || msg->kind == CC_LIMIT_BUDGET_UNREACHED)
    cc_sarif_result (s, limit_rule (msg->kind), is_error, text, file, line, column, func);
  else
    cc_sarif_related (s, text, file, line, column);
}
