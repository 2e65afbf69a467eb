/* cachecat-link: flow facts for code without source (flow_facts.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/flow_facts.h"

#include "support/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One fact, checked against the program and not yet applied.  */
typedef struct fact
{
  uint32_t func;
  uint32_t insn;               /* a loop fact's header insn, CC_NONE for a
                                  misses fact */
  uint64_t n;
} fact;

/* An unsigned number (decimal or 0x hex) below 2^60 in S, whole.  */
static int
number (const char *s, uint64_t *v)
{
  if (!s || !*s || *s == '-' || *s == '+')
    return 0;
  char *end;
  errno = 0;
  unsigned long long x = strtoull (s, &end, 0);
  if (errno || *end || x >= (1ull << 60))
    return 0;
  *v = x;
  return 1;
}

/* The function of WP that has a part whose symbol is SYM (a function's
   own name first), and which part, or CC_NONE.  */
static uint32_t
func_of_symbol (const cc_whole_program *wp, const char *sym, uint32_t *part)
{
  uint32_t f = cc_model_find_func (&wp->model, sym);
  *part = 0;
  if (f != CC_NONE)
    return f;
  for (f = 0; f < wp->model.n_funcs; f++)
    for (uint32_t p = 0; p < wp->model.funcs[f].n_parts; p++)
      if (wp->model.funcs[f].parts[p].symbol
          && strcmp (wp->model.funcs[f].parts[p].symbol, sym) == 0)
        {
          *part = p;
          return f;
        }
  return CC_NONE;
}

/* The insn of FN at OFFSET bytes from part PART's symbol, with bytes, or
   CC_NONE.  */
static uint32_t
insn_at (const cc_func *fn, uint32_t part, uint64_t offset)
{
  for (uint32_t i = 0; i < fn->n_insns; i++)
    if (fn->insns[i].part == part && fn->insns[i].length
        && fn->insns[i].offset - fn->parts[part].offset == offset)
      return i;
  return CC_NONE;
}

/* A loop fact's target, "FUNCTION+OFFSET", into *F; NULL, or what is
   wrong (to free).  */
static char *
loop_target (const cc_whole_program *wp, char *where, fact *f)
{
  char *plus = strrchr (where, '+');
  uint64_t off;
  if (!plus || !number (plus + 1, &off))
    return cc_xasprintf ("expected FUNCTION+OFFSET (the loop's header), not '%s'", where);
  *plus = 0;
  uint32_t part;
  f->func = func_of_symbol (wp, where, &part);
  if (f->func == CC_NONE)
    return cc_xasprintf ("the program has no function '%s'", where);
  f->insn = insn_at (&wp->model.funcs[f->func], part, off);
  if (f->insn == CC_NONE || wp->model.funcs[f->func].insns[f->insn].uid == 0)
    return cc_xasprintf ("no instruction of %s starts at +0x%llx", where,
                         (unsigned long long) off);
  return NULL;
}

/* Parse the fact of line LINE (its words, N of them) into *F; NULL, or
   what is wrong (to free).  */
static char *
parse_fact (const cc_whole_program *wp, char **word, int n, fact *f)
{
  int loop = strcmp (word[0], "loop") == 0, misses = strcmp (word[0], "misses") == 0;
  if (!loop && !misses)
    return cc_xasprintf ("unknown fact '%s' (loop or misses)", word[0]);
  if (n != 4 || strcmp (word[2], "max") != 0 || !number (word[3], &f->n))
    return cc_xasprintf ("expected '%s %s max N' with an integer N >= 0", word[0],
                         loop ? "FUNCTION+OFFSET" : "FUNCTION");
  if (loop)
    return loop_target (wp, word[1], f);
  f->insn = CC_NONE;
  f->func = cc_model_find_func (&wp->model, word[1]);
  if (f->func == CC_NONE)
    return cc_xasprintf ("the program has no function '%s'", word[1]);
  return NULL;
}

/* Split LINE at blanks into at most MAX words (a comment ends it).  */
static int
split (char *line, char **word, int max)
{
  char *hash = strchr (line, '#');
  if (hash)
    *hash = 0;
  int n = 0;
  for (char *t = strtok (line, " \t\r\n"); t; t = strtok (NULL, " \t\r\n"))
    if (n < max)
      word[n++] = t;
    else
      return max + 1;
  return n;
}

/* Apply fact F to WP's model.  */
static void
apply (cc_whole_program *wp, const fact *f)
{
  cc_func *fn = &wp->model.funcs[f->func];
  if (f->insn == CC_NONE)
    {
      if (!fn->has_fact_misses || f->n < fn->fact_misses)
        fn->fact_misses = f->n;
      fn->has_fact_misses = 1;
      return;
    }
  fn->loop_bounds = cc_xrealloc (fn->loop_bounds,
                                 (fn->n_loop_bounds + 1) * sizeof *fn->loop_bounds);
  cc_loop_bound *lb = &fn->loop_bounds[fn->n_loop_bounds++];
  const cc_insn *in = &fn->insns[f->insn];
  /* An anchor: the innermost loop holding the header's insn.  */
  *lb = (cc_loop_bound) { f->n + 1, CC_BOUND_FACTS, in->file, in->line, UINT32_MAX, 1, 0,
                          cc_xmalloc (sizeof (uint32_t)) };
  lb->uids[0] = in->uid;
}

int
cc_flow_facts_apply (cc_whole_program *wp, const char *path, char **err)
{
  FILE *fp = fopen (path, "r");
  if (!fp)
    {
      *err = cc_xasprintf ("%s: %s", path, strerror (errno));
      return -1;
    }
  fact *facts = NULL;
  size_t n_facts = 0, cap = 0;
  char buf[4096];
  uint32_t line = 0;
  *err = NULL;
  while (!*err && fgets (buf, sizeof buf, fp))
    {
      line++;
      char *word[5];
      int n = split (buf, word, 4);
      if (n == 0)
        continue;
      facts = cc_grow (facts, &cap, n_facts + 1, sizeof *facts, 16);
      char *why = n > 4 ? cc_xstrdup ("too many words") : parse_fact (wp, word, n, &facts[n_facts]);
      if (why)
        {
          *err = cc_xasprintf ("%s:%u: %s", path, line, why);
          free (why);
        }
      n_facts++;
    }
  if (!*err && ferror (fp))
    *err = cc_xasprintf ("%s: %s", path, strerror (errno));
  fclose (fp);
  for (size_t k = 0; !*err && k < n_facts; k++)
    apply (wp, &facts[k]);
  free (facts);
  return *err ? -1 : 0;
}
