/* cachecat output: the SARIF 2.1.0 file (sarif.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/json.h"
#include "output/limits.h"
#include "output/sarif.h"
#include "support/util.h"

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
  [CC_RULE_BUDGET_CYCLES] = { "cachecat-max-fetch-cycles-budget",
                              "a function over its cachecat_max_fetch_cycles budget" },
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

/* FILE as SARIF wants it: relative to PWD, or a file URI.  Only what a URI
   must escape in a path is escaped.  */
static void
put_uri (cc_json *j, const cc_sarif *s, const char *file)
{
  static const char hex[] = "0123456789ABCDEF";
  size_t n = strlen (s->cwd);
  const char *rel = NULL;
  if (file[0] != '/')
    rel = file;
  else if (strncmp (file, s->cwd, n) == 0 && file[n] == '/')
    rel = file + n + 1;
  cc_json_s (j, "{\"uri\": \"");
  if (!rel)
    cc_json_s (j, "file://");
  for (const unsigned char *p = (const unsigned char *) (rel ? rel : file); *p; p++)
    if (*p <= 0x20 || *p >= 0x7f || strchr ("\"%<>\\^`{|}#?", *p))
      {
        cc_json_c (j, '%');
        cc_json_c (j, hex[*p >> 4]);
        cc_json_c (j, hex[*p & 15]);
      }
    else
      cc_json_c (j, (char) *p);
  cc_json_s (j, rel ? "\", \"uriBaseId\": \"PWD\"}" : "\"}");
}

static void
put_place (cc_json *j, const cc_sarif *s, const place *p)
{
  cc_json_s (j, "{\"physicalLocation\": {\"artifactLocation\": ");
  put_uri (j, s, s->files[p->file]);
  if (p->line)
    {
      cc_json_s (j, ", \"region\": {\"startLine\": ");
      cc_json_u64 (j, p->line);
      if (p->column)
        {
          cc_json_s (j, ", \"startColumn\": ");
          cc_json_u64 (j, p->column);
        }
      cc_json_c (j, '}');
    }
  cc_json_c (j, '}');
}

/* The tool, its rules, whether the run succeeded (ERRORS: it broke a
   limit), where relative paths start, and the files the results name.  */
static void
put_run_header (cc_json *j, const cc_sarif *s, int errors)
{
  cc_json_s (j, "{\"$schema\": \"https://raw.githubusercontent.com/oasis-tcs/sarif-spec/"
             "master/Schemata/sarif-schema-2.1.0.json\",\n \"version\": \"2.1.0\",\n "
             "\"runs\": [{\"tool\": {\"driver\": {\"name\": \"cachecat\", \"version\": ");
  cc_json_str (j, s->version);
  cc_json_s (j, ", \"rules\": [");
  for (int k = 0; k < CC_N_RULES; k++)
    {
      cc_json_s (j, k ? ",\n    {\"id\": \"" : "\n    {\"id\": \"");
      cc_json_s (j, rules[k].id);
      cc_json_s (j, "\", \"shortDescription\": {\"text\": ");
      cc_json_str (j, rules[k].text);
      cc_json_s (j, "}}");
    }
  cc_json_s (j, "]}},\n  \"invocations\": [{\"executionSuccessful\": ");
  cc_json_s (j, errors ? "false" : "true");
  cc_json_s (j, ", \"toolExecutionNotifications\": []}],\n  \"originalUriBaseIds\": "
             "{\"PWD\": {\"uri\": ");
  /* A directory's URI ends with a slash.  */
  char *dir = cc_xasprintf ("file://%s/", strcmp (s->cwd, "/") == 0 ? "" : s->cwd);
  cc_json_str (j, dir);
  free (dir);
  cc_json_s (j, "}},\n  \"artifacts\": [");
  for (uint32_t i = 0; i < s->n_files; i++)
    {
      cc_json_s (j, i ? ",\n    {\"location\": " : "\n    {\"location\": ");
      put_uri (j, s, s->files[i]);
      cc_json_s (j, ", \"sourceLanguage\": ");
      cc_json_str (j, s->language);
      cc_json_c (j, '}');
    }
  cc_json_s (j, "],\n");
}

/* Result R: its rule, level, message, location with its function, and
   the related locations that explain it.  */
static void
put_result (cc_json *j, const cc_sarif *s, const result *r)
{
  cc_json_s (j, "\n    {\"ruleId\": \"");
  cc_json_s (j, rules[r->rule].id);
  cc_json_s (j, "\", \"ruleIndex\": ");
  cc_json_u64 (j, (uint64_t) r->rule);
  cc_json_s (j, r->error ? ", \"level\": \"error\", " : ", \"level\": \"note\", ");
  cc_json_s (j, "\"message\": {\"text\": ");
  cc_json_str (j, r->message);
  cc_json_s (j, "},\n     \"locations\": [");
  if (r->at.file != UINT32_MAX)
    {
      put_place (j, s, &r->at);
      if (r->func)
        {
          cc_json_s (j, ", \"logicalLocations\": [{\"name\": ");
          cc_json_str (j, r->func);
          cc_json_s (j, ", \"fullyQualifiedName\": ");
          cc_json_str (j, r->func);
          cc_json_s (j, ", \"kind\": \"function\"}]");
        }
      cc_json_c (j, '}');
    }
  cc_json_c (j, ']');
  if (r->n_related)
    {
      cc_json_s (j, ",\n     \"relatedLocations\": [");
      for (uint32_t k = 0; k < r->n_related; k++)
        {
          if (k)
            cc_json_s (j, ",\n       ");
          if (r->related[k].file != UINT32_MAX)
            {
              put_place (j, s, &r->related[k]);
              cc_json_s (j, ", ");
            }
          else
            cc_json_c (j, '{');
          cc_json_s (j, "\"message\": {\"text\": ");
          cc_json_str (j, r->related[k].message);
          cc_json_s (j, "}}");
        }
      cc_json_c (j, ']');
    }
  cc_json_c (j, '}');
}

static int
fill (FILE *f, void *data)
{
  const cc_sarif *s = data;
  int errors = 0;
  for (uint32_t k = 0; k < s->n_results; k++)
    errors |= s->results[k].error;
  cc_json *j = cc_json_open (f);
  put_run_header (j, s, errors);
  cc_json_s (j, "  \"results\": [");
  for (uint32_t k = 0; k < s->n_results; k++)
    {
      if (k)
        cc_json_c (j, ',');
      put_result (j, s, &s->results[k]);
    }
  cc_json_s (j, "]}]}\n");
  cc_json_close (j);
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
    case CC_LIMIT_BUDGET_CYCLES:
    case CC_LIMIT_BUDGET_CYCLES_LATER:
      return CC_RULE_BUDGET_CYCLES;
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
  if (is_error || msg->kind == CC_LIMIT_BUDGET_LATER || msg->kind == CC_LIMIT_BUDGET_CYCLES_LATER
      || msg->kind == CC_LIMIT_BUDGET_UNREACHED)
    cc_sarif_result (s, limit_rule (msg->kind), is_error, text, file, line, column, func);
  else
    cc_sarif_related (s, text, file, line, column);
}
