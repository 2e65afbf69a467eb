/* cachecat: the loop bound pragmas checked against GCC's loop optimizer.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A pragma is found again by its loop's condition (loop_pragmas.cc), which
   is sound as long as the test at that place still counts that loop's
   iterations.  Every copy GCC makes of a loop (unswitching, splitting,
   versioning, vectorizing, peeling, unrolling) runs no more iterations
   than the loop, but interchange (-floop-interchange, on at -O3) swaps
   the iteration counts of two nested loops by rewriting their exit tests
   in place.  A pass before "linterchange" notes every test at a pragma's
   condition; one after it disowns the pragma of each test that changed
   or appeared.

   And a pragma below what GCC proves is an error: a pass after "loopinit"
   (before any loop transformation) asks GCC's niter analysis for the
   exact latch runs of each loop with one exit, tested at a pragma's
   condition, and without calls or asm (which may leave the loop without
   an exit edge: exit, longjmp).  The loop's body runs at least that often
   in an execution that ends.  The analysis caches and records estimates
   as it goes (the scev table, each loop's bounds); the pass puts every
   loop back as it was and empties the scev table, which loopinit has
   just made, so GCC's own passes see what they would have seen.  */

#include "glue/gcc-common.h"
#include "cfgloop.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-cfg.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-scalar-evolution.h"
#include "glue/glue.h"

/* The tests at pragmas' conditions before interchange.  */
struct noted_test
{
  gcond *stmt;
  enum tree_code code;
  tree lhs, rhs;
};
static noted_test *noted;
static uint32_t n_noted, cap_noted;

/* The test that ends BB, if it is at a pragma's condition (*P: that
   pragma, if P).  */
static gcond *
pragma_test (basic_block bb, const cc_glue_loop_pragma **p = NULL)
{
  gimple *last = last_stmt (bb);
  gcond *c = last ? dyn_cast<gcond *> (last) : NULL;
  const cc_glue_loop_pragma *q = c ? cc_glue_loop_pragma_at (gimple_location (c)) : NULL;
  if (p)
    *p = q;
  return q ? c : NULL;
}

static void
note_tests (function *fun)
{
  n_noted = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (gcond *c = pragma_test (bb))
      {
        if (n_noted == cap_noted)
          {
            cap_noted = cap_noted ? 2 * cap_noted : 8;
            noted = XRESIZEVEC (noted_test, noted, cap_noted);
          }
        noted[n_noted++] = { c, gimple_cond_code (c), gimple_cond_lhs (c), gimple_cond_rhs (c) };
      }
}

/* After interchange: a test that is not one noted before, as it was,
   may count another loop's iterations.  Only pointers are compared, so
   a noted test GCC removed is never read.  */
static void
check_tests (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (gcond *c = pragma_test (bb))
      {
        bool same = false;
        for (uint32_t i = 0; i < n_noted && !same; i++)
          same = noted[i].stmt == c && noted[i].code == gimple_cond_code (c)
                 && noted[i].lhs == gimple_cond_lhs (c) && noted[i].rhs == gimple_cond_rhs (c);
        if (!same)
          cc_glue_disown_loop_pragmas (gimple_location (c), "-floop-interchange");
      }
  n_noted = 0;
}

/* May the body of LOOP stop an execution of it without an exit edge?  */
static bool
may_leave_unseen (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  bool may = false;
  for (unsigned i = 0; i < loop->num_nodes && !may; i++)
    for (gimple_stmt_iterator g = gsi_start_bb (body[i]); !gsi_end_p (g) && !may; gsi_next (&g))
      {
        gimple *s = gsi_stmt (g);
        may = gimple_code (s) == GIMPLE_ASM
              || (is_gimple_call (s) && !gimple_call_internal_p (s));
      }
  free (body);
  return may;
}

/* GCC's exact latch runs of LOOP through EXIT (its only exit), or -1.  */
static HOST_WIDE_INT
exact_latch_runs (class loop *loop, edge exit)
{
  class tree_niter_desc desc;
  if (!number_of_iterations_exit (loop, exit, &desc, false, true, NULL))
    return -1;
  if (!desc.may_be_zero || !integer_zerop (desc.may_be_zero)
      || !desc.assumptions || !integer_nonzerop (desc.assumptions)
      || !desc.niter || TREE_CODE (desc.niter) != INTEGER_CST
      || !tree_fits_shwi_p (desc.niter))
    return -1;
  return tree_to_shwi (desc.niter);
}

/* Is the test of LOOP's EXIT at its bottom, after all of its body: does
   it go on to the latch and nowhere else (or is it the latch)?  */
static int
test_at_bottom (class loop *loop, edge exit)
{
  if (exit->src == loop->latch)
    return 1;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, exit->src->succs)
    if (e != exit && e->dest != loop->latch)
      return 0;
  return 1;
}

static void
check_trip_counts (function *fun)
{
  if (!loops_state_satisfies_p (fun, LOOPS_HAVE_RECORDED_EXITS)
      || !dom_info_available_p (fun, CDI_DOMINATORS) || !scev_initialized_p ())
    return;
  /* Every loop as it is, to be put back (number_of_loops counts the
     slots of removed ones too: room enough).  */
  unsigned cap = number_of_loops (fun), n = 0;
  class loop **which = XNEWVEC (class loop *, cap + 1);
  char *saved = XNEWVEC (char, (cap + 1) * sizeof (class loop));
  for (auto loop : loops_list (fun, 0))
    {
      which[n] = loop;
      memcpy ((void *) (saved + n * sizeof (class loop)), (const void *) loop, sizeof (class loop));
      n++;
    }
  /* Its warning about undefined behaviour is GCC's to give, where its own
     passes meet it.  */
  int warn = warn_aggressive_loop_optimizations;
  warn_aggressive_loop_optimizations = 0;
  for (unsigned i = 0; i < n; i++)
    {
      class loop *loop = which[i];
      edge exit = loop_outer (loop) ? single_exit (loop) : NULL;
      const cc_glue_loop_pragma *p = NULL;
      if (!exit || !pragma_test (exit->src, &p) || may_leave_unseen (loop))
        continue;
      HOST_WIDE_INT latch = exact_latch_runs (loop, exit);
      if (latch < 0)
        continue;
      /* The body runs at least as often as the latch, and once more when
         the test is at the bottom (GCC copied a for loop's test before
         it): then all of the body runs before every test.  */
      uint64_t body = (uint64_t) latch + test_at_bottom (loop, exit);
      if (body > p->max_runs - 1)
        cc_glue_refute_loop_pragma (p, body);
    }
  warn_aggressive_loop_optimizations = warn;
  for (unsigned i = 0; i < n; i++)
    memcpy ((void *) which[i], (const void *) (saved + i * sizeof (class loop)),
            sizeof (class loop));
  scev_reset_htab ();
  free (which);
  free (saved);
}

/* The three instances of the pass, each at its own place.  */
enum check_kind
{
  NOTE_TESTS,
  CHECK_TESTS,
  TRIP_COUNTS
};

static bool
cachecat_loop_checks_gate (function *fun, check_kind kind)
{
  if (!cc_glue.opts_valid || cc_glue.opts.disable || !fun || !loops_for_fn (fun)
      || !cc_glue_any_loop_pragma ())
    return false;
  return kind == TRIP_COUNTS || flag_loop_interchange;
}

static unsigned int
cachecat_loop_checks_execute (function *fun, check_kind kind)
{
  if (kind == NOTE_TESTS)
    note_tests (fun);
  else if (kind == CHECK_TESTS)
    check_tests (fun);
  else
    check_trip_counts (fun);
  return 0;
}

#define PASS_NAME cachecat_loop_checks
#define PASS_KIND gimple
#define PASS_PARAM check_kind
#define PROPERTIES_REQUIRED (PROP_cfg | PROP_ssa)
#include "glue/pass_generator.h"

void
cc_glue_register_loop_checks (const char *plugin_name)
{
  cc_glue_insert_pass (plugin_name, make_cachecat_loop_checks_pass (g, TRIP_COUNTS),
                       "loopinit", PASS_POS_INSERT_AFTER);
  cc_glue_insert_pass (plugin_name, make_cachecat_loop_checks_pass (g, NOTE_TESTS),
                       "linterchange", PASS_POS_INSERT_BEFORE);
  cc_glue_insert_pass (plugin_name, make_cachecat_loop_checks_pass (g, CHECK_TESTS),
                       "linterchange", PASS_POS_INSERT_AFTER);
}
