/* cachecat: the loop bounds GCC's own analysis found.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   GCC bounds the iterations of many loops (constant trip counts, and
   nb_iterations_upper_bound from its niter analysis), but its loop
   structures are gone after the RTL loop optimizations (loop2_done, or
   loop2's gate when those do not run).  So a pass of ours runs just
   before they go, twice: before "loop2" and before "loop2_done"; the
   later one wins.  It only reads.  Per loop with a bound it keeps the
   bound and the uids of the loop's insns then; the model's function
   takes them (extract.cc), and bounds.c gives a loop of the final code
   the bound only where it is still that loop.  */

#include "glue/gcc-common.h"
#include "cfgloop.h"
#include "glue/glue.h"

/* The bounds of the function being compiled, until extract.cc takes them.  */
static tree pending_decl;
static cc_loop_bound *pending;
static uint32_t n_pending;

static void
drop_pending (void)
{
  for (uint32_t i = 0; i < n_pending; i++)
    free (pending[i].uids);
  free (pending);
  pending = NULL;
  n_pending = 0;
  pending_decl = NULL_TREE;
}

/* Sort V[0 .. N) and drop repeats; returns the new count.  */
static uint32_t
sort_unique (uint32_t *v, uint32_t n)
{
  qsort (v, n, sizeof *v, cc_cmp_u32);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (k == 0 || v[k - 1] != v[i])
      v[k++] = v[i];
  return k;
}

/* The insns of BB that the model has (real ones, no debug insns).  */
static uint32_t
block_uids (basic_block bb, uint32_t *out)
{
  uint32_t n = 0;
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn))
      {
        if (out)
          out[n] = (uint32_t) INSN_UID (insn);
        n++;
      }
  return n;
}

/* Where LOOP is in the source: the first insn of its header that has a
   location.  */
static expanded_location
loop_location (class loop *loop)
{
  rtx_insn *insn;
  FOR_BB_INSNS (loop->header, insn)
    if (NONDEBUG_INSN_P (insn) && INSN_HAS_LOCATION (insn))
      return expand_location (INSN_LOCATION (insn));
  expanded_location none;
  memset (&none, 0, sizeof none);
  return none;
}

/* A pragma's bound that is looser than GCC's, said once the function's
   model takes the bounds.  */
struct looser
{
  location_t pragma_loc;
  uint64_t pragma_runs, gcc_runs;
};
static looser *loosers;
static uint32_t n_loosers;

/* Does control leave loop L from BB (an exit test of L)?  */
static bool
exits_loop (basic_block bb, class loop *l)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (!flow_bb_inside_loop_p (l, e->dest))
      return true;
  return false;
}

/* The pragmas' bounds per loop (by loop number), CC_UNBOUNDED where none:
   a pragma's loop is the innermost loop of GCC's whose exit test is its
   condition (a block that holds an insn of the condition and leaves the
   loop), and of several such loops, those holding no other.  A copy of
   the test that is no exit of its loop (GCC's copy of it before the
   loop, or what is left of a loop GCC unrolled completely inside
   another) names no loop: the loop around it runs more often.  */
static uint64_t *
pragma_runs (function *fun, const cc_glue_loop_pragma ***which)
{
  unsigned n = number_of_loops (fun);
  uint64_t *runs = XNEWVEC (uint64_t, n + 1);
  *which = XCNEWVEC (const cc_glue_loop_pragma *, n + 1);
  for (unsigned k = 0; k <= n; k++)
    runs[k] = CC_UNBOUNDED;
  /* (pragma, loop) pairs.  */
  struct pair
  {
    const cc_glue_loop_pragma *p;
    class loop *l;
  };
  pair *pairs = NULL;
  uint32_t n_pairs = 0, cap = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      class loop *l = bb->loop_father;
      if (!l || !loop_outer (l) || !exits_loop (bb, l))
        continue;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        if (NONDEBUG_INSN_P (insn) && INSN_HAS_LOCATION (insn))
          if (const cc_glue_loop_pragma *p = cc_glue_loop_pragma_at (INSN_LOCATION (insn)))
            {
              if (n_pairs == cap)
                {
                  cap = cap ? 2 * cap : 8;
                  pairs = XRESIZEVEC (pair, pairs, cap);
                }
              pairs[n_pairs++] = { p, l };
            }
    }
  for (uint32_t i = 0; i < n_pairs; i++)
    {
      bool holds_other = false;
      for (uint32_t j = 0; j < n_pairs && !holds_other; j++)
        holds_other = pairs[j].p == pairs[i].p && pairs[j].l != pairs[i].l
                      && flow_loop_nested_p (pairs[i].l, pairs[j].l);
      unsigned num = pairs[i].l->num;
      if (!holds_other && num <= n && pairs[i].p->max_runs < runs[num])
        {
          runs[num] = pairs[i].p->max_runs;
          (*which)[num] = pairs[i].p;
        }
    }
  free (pairs);
  return runs;
}

static void
record_loops (function *fun)
{
  drop_pending ();
  free (loosers);
  loosers = NULL;
  n_loosers = 0;
  if (!loops_for_fn (fun))
    return;
  const cc_glue_loop_pragma **which;
  uint64_t *by_pragma = pragma_runs (fun, &which);
  uint32_t cap = 0, cap_l = 0;
  for (auto loop : loops_list (fun, 0))
    {
      /* nb_iterations_upper_bound bounds the latch's runs, so the
         header's are one more.  Huge bounds are no bounds.  */
      uint64_t gcc = CC_UNBOUNDED;
      if (loop->any_upper_bound
          && wi::ltu_p (loop->nb_iterations_upper_bound, (HOST_WIDE_INT_1U << 62)))
        gcc = loop->nb_iterations_upper_bound.to_uhwi () + 1;
      uint64_t user = (unsigned) loop->num < number_of_loops (fun) ? by_pragma[loop->num]
                                                                   : CC_UNBOUNDED;
      if ((gcc == CC_UNBOUNDED && user == CC_UNBOUNDED) || !loop->header)
        continue;
      uint32_t n_header = block_uids (loop->header, NULL);
      if (n_header == 0)
        continue;
      if (user != CC_UNBOUNDED && gcc < user)
        {
          if (n_loosers == cap_l)
            {
              cap_l = cap_l ? 2 * cap_l : 4;
              loosers = XRESIZEVEC (looser, loosers, cap_l);
            }
          loosers[n_loosers++] = { which[loop->num]->pragma_loc, user, gcc };
        }
      /* The body by each block's loop_father: get_loop_body would want
         dominators, which need not be computed here.  */
      basic_block bb;
      uint32_t n_body = 0;
      FOR_EACH_BB_FN (bb, fun)
        if (flow_bb_inside_loop_p (loop, bb))
          n_body += block_uids (bb, NULL);
      cc_loop_bound lb;
      memset (&lb, 0, sizeof lb);
      lb.max_runs = gcc <= user ? gcc : user;
      lb.source = gcc <= user ? CC_BOUND_GCC : CC_BOUND_PRAGMA;
      lb.uids = XNEWVEC (uint32_t, n_header + n_body);
      lb.n_header = sort_unique (lb.uids, block_uids (loop->header, lb.uids));
      uint32_t at = lb.n_header;
      FOR_EACH_BB_FN (bb, fun)
        if (flow_bb_inside_loop_p (loop, bb))
          at += block_uids (bb, lb.uids + at);
      lb.n_body = sort_unique (lb.uids + lb.n_header, at - lb.n_header);
      lb.max_uid = (uint32_t) get_max_uid ();
      expanded_location x = loop_location (loop);
      lb.file = x.file && *x.file ? cc_model_add_file (&cc_glue.model, x.file) : CC_NONE;
      lb.line = x.line > 0 ? (uint32_t) x.line : 0;
      if (n_pending == cap)
        {
          cap = cap ? 2 * cap : 8;
          pending = XRESIZEVEC (cc_loop_bound, pending, cap);
        }
      pending[n_pending++] = lb;
    }
  free (by_pragma);
  free (which);
  pending_decl = fun->decl;
}

/* At -O0 GCC keeps no loops (nor moves code): each pragma's bound is
   anchored on the final insns of its loop's condition (model.h,
   bounds.c).  */
static void
anchor_pragmas (cc_func *f)
{
  const cc_glue_loop_pragma **of = NULL;  /* per anchor: its pragma */
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (!NONDEBUG_INSN_P (insn) || !INSN_HAS_LOCATION (insn))
        continue;
      const cc_glue_loop_pragma *p = cc_glue_loop_pragma_at (INSN_LOCATION (insn));
      if (!p)
        continue;
      uint32_t k = 0;
      while (k < f->n_loop_bounds && of[k] != p)
        k++;
      if (k == f->n_loop_bounds)
        {
          f->loop_bounds = XRESIZEVEC (cc_loop_bound, f->loop_bounds, k + 1);
          of = XRESIZEVEC (const cc_glue_loop_pragma *, of, k + 1);
          of[k] = p;
          cc_loop_bound *lb = &f->loop_bounds[f->n_loop_bounds++];
          memset (lb, 0, sizeof *lb);
          lb->max_runs = p->max_runs;
          lb->source = CC_BOUND_PRAGMA;
          lb->file = cc_model_add_file (&cc_glue.model, p->file);
          lb->line = p->line;
        }
      cc_loop_bound *lb = &f->loop_bounds[k];
      lb->uids = XRESIZEVEC (uint32_t, lb->uids, lb->n_header + 1);
      lb->uids[lb->n_header++] = (uint32_t) INSN_UID (insn);
    }
  for (uint32_t k = 0; k < f->n_loop_bounds; k++)
    f->loop_bounds[k].n_header = sort_unique (f->loop_bounds[k].uids, f->loop_bounds[k].n_header);
  free (of);
}

void
cc_glue_take_loop_bounds (function *fun, cc_func *f)
{
  if (pending_decl == fun->decl)
    {
      f->loop_bounds = pending;
      f->n_loop_bounds = n_pending;
      pending = NULL;
      n_pending = 0;
      pending_decl = NULL_TREE;
      for (uint32_t k = 0; k < n_loosers; k++)
        inform (loosers[k].pragma_loc, "cachecat: GCC bounds this loop to %llu header runs, "
                "fewer than the pragma%'s %llu; GCC%'s bound is used",
                (unsigned long long) loosers[k].gcc_runs,
                (unsigned long long) loosers[k].pragma_runs);
    }
  else
    drop_pending ();
  free (loosers);
  loosers = NULL;
  n_loosers = 0;
  if (!optimize && f->n_loop_bounds == 0)
    anchor_pragmas (f);
}

/* The pass, before "loop2" and before "loop2_done": GCC's loop bounds
   while its loop structures last.  */

static bool
cachecat_loops_gate (function *fun)
{
  return cc_glue.opts_valid && !cc_glue.opts.disable && fun && loops_for_fn (fun)
         && (fun->curr_properties & PROP_loops);
}

static unsigned int
cachecat_loops_execute (function *fun)
{
  record_loops (fun);
  return 0;
}

#define PASS_NAME cachecat_loops
#define PASS_KIND rtl
#include "glue/pass_generator.h"

void
cc_glue_register_loop_passes (const char *plugin_name)
{
  cc_glue_insert_pass (plugin_name, make_cachecat_loops_pass (g), "loop2",
                       PASS_POS_INSERT_BEFORE);
  cc_glue_insert_pass (plugin_name, make_cachecat_loops_pass (g), "loop2_done",
                       PASS_POS_INSERT_BEFORE);
}
