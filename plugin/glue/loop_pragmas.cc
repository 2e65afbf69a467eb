/* cachecat: loop bounds written in the source.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

     #pragma loopbound min A max B       (patmos-clang, WCC, TACLeBench)
     _Pragma ("loopbound min 0 max 16")
     #pragma cachecat loop_bound (B)

   right before a loop: one execution of it runs its body at most B times,
   so its header at most B + 1 times.  A macro may write both (as
   benchmark suites do): within one expansion, what comes first is what
   its definition spells first.  The pragma is read while the
   function is parsed and bound to the loop statement that follows it when
   the body is complete (PLUGIN_PRE_GENERICIZE), where anything else is
   an error.  The loop is then known by its condition's source location,
   which its exit test keeps through optimization: loop_bounds.cc gives
   the bound to the innermost loop of GCC's that tests it (one per copy
   GCC made), and at -O0, where GCC keeps no loops, the model anchors it
   on the insns of the test (bounds.c).  A loop without a condition
   (`for (;;)') cannot be found so; its pragma is ignored with a warning.

   The C front end's pragma functions are weak: a plugin loaded by lto1
   (which has none) registers no pragma.  */

#define CC_GLUE_C_FAMILY 1
#include "glue/gcc-common.h"
#include "glue/glue.h"

extern void c_register_pragma (const char *, const char *, pragma_handler_1arg)
  __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));

/* Parsed, and waiting for the end of the function's body.  */
struct parsed_pragma
{
  location_t loc;
  uint64_t max_body;    /* B */
};
static parsed_pragma *parsed;
static uint32_t n_parsed, cap_parsed;

/* Bound to a loop: its condition's place.  */
static cc_glue_loop_pragma *bound;
static uint32_t n_bound, cap_bound;

/* LOC where the user wrote it (the expansion point of a macro).  */
static expanded_location
written_at (location_t loc)
{
  return expand_location (linemap_resolve_location (line_table, loc,
                                                    LRK_MACRO_EXPANSION_POINT, NULL));
}

/* Where LOC's token is spelled: in a macro's definition if a macro
   wrote it.  */
static expanded_location
spelled_at (location_t loc)
{
  return expand_location (linemap_resolve_location (line_table, loc,
                                                    LRK_SPELLING_LOCATION, NULL));
}

/* Is A before B in the same file (-1), the same place (0), after (1), or
   in another file (2)?  */
static int
compare_places (const expanded_location &a, const expanded_location &b)
{
  if (!a.file || !b.file || strcmp (a.file, b.file) != 0)
    return 2;
  if (a.line != b.line)
    return a.line < b.line ? -1 : 1;
  if (a.column != b.column)
    return a.column < b.column ? -1 : 1;
  return 0;
}

/* A place in the source: where the user wrote it and, for the tokens of
   one macro expansion, where the macro spells each.  */
struct place
{
  expanded_location at, spelled;
};

static place
place_at (location_t loc)
{
  return { written_at (loc), spelled_at (loc) };
}

/* compare_places of A and B, the spelling deciding within one
   expansion.  */
static int
compare (const place &a, const place &b)
{
  int c = compare_places (a.at, b.at);
  return c == 0 ? compare_places (a.spelled, b.spelled) : c;
}

static void
add_parsed (location_t loc, uint64_t max_body)
{
  if (n_parsed == cap_parsed)
    {
      cap_parsed = cap_parsed ? 2 * cap_parsed : 8;
      parsed = XRESIZEVEC (parsed_pragma, parsed, cap_parsed);
    }
  parsed[n_parsed++] = { loc, max_body };
}

/* The next token, which must be TYPE (and, for a name, NAME; for a
   number, a non-negative integer into *V).  */
static bool
expect (enum cpp_ttype type, const char *name, uint64_t *v, location_t *loc)
{
  tree x = NULL_TREE;
  location_t at = UNKNOWN_LOCATION;
  enum cpp_ttype t = pragma_lex (&x, &at);
  if (at != UNKNOWN_LOCATION && *loc == UNKNOWN_LOCATION)
    *loc = at;
  if (t != type)
    return false;
  if (name && (!x || TREE_CODE (x) != IDENTIFIER_NODE
               || strcmp (IDENTIFIER_POINTER (x), name) != 0))
    return false;
  if (v)
    {
      if (!x || TREE_CODE (x) != INTEGER_CST || !tree_fits_uhwi_p (x)
          || tree_to_uhwi (x) >= (HOST_WIDE_INT_1U << 60))
        return false;
      *v = tree_to_uhwi (x);
    }
  return true;
}

/* #pragma loopbound min A max B */
static void
handle_loopbound (cpp_reader *)
{
  location_t loc = UNKNOWN_LOCATION;
  uint64_t lo = 0, hi = 0;
  if (!expect (CPP_NAME, "min", NULL, &loc) || !expect (CPP_NUMBER, NULL, &lo, &loc)
      || !expect (CPP_NAME, "max", NULL, &loc) || !expect (CPP_NUMBER, NULL, &hi, &loc)
      || !expect (CPP_EOF, NULL, NULL, &loc))
    {
      error_at (loc != UNKNOWN_LOCATION ? loc : input_location,
                "cachecat: malformed %<#pragma loopbound%>: expected %<min A max B%> with "
                "integers %<0 <= A <= B%>");
      return;
    }
  if (lo > hi)
    {
      error_at (loc, "cachecat: %<#pragma loopbound%>: min %llu is above max %llu",
                (unsigned long long) lo, (unsigned long long) hi);
      return;
    }
  add_parsed (loc, hi);
}

/* #pragma cachecat loop_bound (B) */
static void
handle_loop_bound (cpp_reader *)
{
  location_t loc = UNKNOWN_LOCATION;
  uint64_t hi = 0;
  if (!expect (CPP_OPEN_PAREN, NULL, NULL, &loc) || !expect (CPP_NUMBER, NULL, &hi, &loc)
      || !expect (CPP_CLOSE_PAREN, NULL, NULL, &loc) || !expect (CPP_EOF, NULL, NULL, &loc))
    {
      error_at (loc != UNKNOWN_LOCATION ? loc : input_location,
                "cachecat: malformed %<#pragma cachecat loop_bound%>: expected "
                "%<loop_bound (N)%> with an integer %<N >= 0%>");
      return;
    }
  add_parsed (loc, hi);
}

/* The statements of a body with their places, for finding the one that
   follows a pragma.  */
struct placed
{
  place at;
  tree t;
};

struct collect_ctx
{
  placed *v;
  uint32_t n, cap;
};

static tree
collect (tree *tp, int *, void *data)
{
  collect_ctx *c = (collect_ctx *) data;
  tree t = *tp;
  /* -g's statement markers stand before statements, where the pragma
     is too; they are not what the pragma precedes.  */
  if (!t || !(EXPR_P (t) || STATEMENT_CLASS_P (t)) || !EXPR_HAS_LOCATION (t)
      || TREE_CODE (t) == DEBUG_BEGIN_STMT)
    return NULL_TREE;
  if (c->n == c->cap)
    {
      c->cap = c->cap ? 2 * c->cap : 64;
      c->v = XRESIZEVEC (placed, c->v, c->cap);
    }
  c->v[c->n++] = { place_at (EXPR_LOCATION (t)), t };
  return NULL_TREE;
}

static tree
loop_condition (tree t)
{
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
      return FOR_COND (t);
    case WHILE_STMT:
      return WHILE_COND (t);
    case DO_STMT:
      return DO_COND (t);
    default:
      return NULL_TREE;
    }
}

static bool
loop_statement_p (tree t)
{
  return TREE_CODE (t) == FOR_STMT || TREE_CODE (t) == WHILE_STMT || TREE_CODE (t) == DO_STMT;
}

/* Bind the pragmas parsed in FNDECL's body to the loops after them.  */
static void
bind_pragmas (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!n_parsed || !fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  collect_ctx c = { NULL, 0, 0 };
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), collect, &c);
  place fn_at = place_at (DECL_SOURCE_LOCATION (fndecl));
  for (uint32_t k = 0; k < n_parsed; k++)
    {
      place p = place_at (parsed[k].loc);
      /* The first statement after the pragma: a loop, or the pragma
         is misplaced.  */
      const placed *next = NULL;
      if (compare (fn_at, p) == -1)
        for (uint32_t i = 0; i < c.n; i++)
          if (compare (p, c.v[i].at) == -1
              && (!next || compare (c.v[i].at, next->at) == -1
                  || (compare (c.v[i].at, next->at) == 0
                      && loop_statement_p (c.v[i].t))))
            next = &c.v[i];
      if (!next || !loop_statement_p (next->t))
        {
          error_at (parsed[k].loc, "cachecat: a loop bound pragma must be followed by a "
                    "loop (%<for%>, %<while%> or %<do%>)");
          continue;
        }
      tree cond = loop_condition (next->t);
      if (!cond || !EXPR_HAS_LOCATION (cond))
        {
          warning_at (parsed[k].loc, 0, "cachecat: this loop has no condition to find it "
                      "by after optimization; its bound is not used");
          continue;
        }
      if (n_bound == cap_bound)
        {
          cap_bound = cap_bound ? 2 * cap_bound : 8;
          bound = XRESIZEVEC (cc_glue_loop_pragma, bound, cap_bound);
        }
      place at = place_at (EXPR_LOCATION (cond));
      bound[n_bound++] = { parsed[k].loc, at.at.file, (uint32_t) at.at.line,
                           (uint32_t) at.at.column, (uint32_t) at.spelled.line,
                           (uint32_t) at.spelled.column, parsed[k].max_body + 1, 0, 0 };
    }
  free (c.v);
  n_parsed = 0;
}

/* Pragmas no function body took (at file scope, say).  */
static void
unbound_pragmas (void *, void *)
{
  cc_glue_quiet_top_level ();
  for (uint32_t k = 0; k < n_parsed; k++)
    error_at (parsed[k].loc, "cachecat: a loop bound pragma must be followed by a loop "
              "(%<for%>, %<while%> or %<do%>)");
  n_parsed = 0;
}

static void
register_pragmas (void *, void *)
{
  c_register_pragma (NULL, "loopbound", handle_loopbound);
  c_register_pragma ("cachecat", "loop_bound", handle_loop_bound);
}

void
cc_glue_register_loop_pragmas (const char *plugin_name)
{
  if (!c_register_pragma || !pragma_lex)
    return;
  register_callback (plugin_name, PLUGIN_PRAGMAS, register_pragmas, NULL);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, bind_pragmas, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, unbound_pragmas, NULL);
}

bool
cc_glue_any_loop_pragma (void)
{
  return n_bound > 0;
}

/* Is pragma K's condition at X?  Two loops one macro expansion wrote
   are told apart by where the macro spells them.  */
static bool
condition_at (uint32_t k, const place &x)
{
  return bound[k].line == (uint32_t) x.at.line && bound[k].column == (uint32_t) x.at.column
         && strcmp (bound[k].file, x.at.file) == 0
         && bound[k].spelled_line == (uint32_t) x.spelled.line
         && bound[k].spelled_column == (uint32_t) x.spelled.column;
}

static bool
place_of (location_t loc, place *x)
{
  if (!n_bound || loc == UNKNOWN_LOCATION)
    return false;
  *x = place_at (LOCATION_LOCUS (loc));
  return x->at.file != NULL;
}

const cc_glue_loop_pragma *
cc_glue_loop_pragma_at (location_t loc)
{
  place x;
  if (!place_of (loc, &x))
    return NULL;
  const cc_glue_loop_pragma *best = NULL;
  for (uint32_t k = 0; k < n_bound; k++)
    if (!bound[k].disowned && condition_at (k, x)
        && (!best || bound[k].max_runs < best->max_runs))
      best = &bound[k];
  return best;
}

void
cc_glue_disown_loop_pragmas (location_t loc, const char *why)
{
  place x;
  if (!place_of (loc, &x))
    return;
  for (uint32_t k = 0; k < n_bound; k++)
    if (!bound[k].disowned && condition_at (k, x))
      {
        bound[k].disowned = 1;
        warning_at (bound[k].pragma_loc, 0, "cachecat: GCC made this loop%'s condition "
                    "count the iterations of another loop (%qs); the bound is not used",
                    why);
      }
}

void
cc_glue_refute_loop_pragma (const cc_glue_loop_pragma *p, uint64_t n)
{
  cc_glue_loop_pragma *q = &bound[p - bound];
  if (q->refuted)
    return;
  q->refuted = 1;
  error_at (q->pragma_loc, "cachecat: GCC proves that an execution of this loop that "
            "ends runs its body at least %llu times, more than the pragma%'s %llu",
            (unsigned long long) n, (unsigned long long) (q->max_runs - 1));
}
