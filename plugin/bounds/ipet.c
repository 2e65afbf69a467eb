/* cachecat bounds: the worst path's misses, fetches or fetch time of one
   scope, by implicit path enumeration (IPET; docs/semantics.md §7.5,
   "The worst path").
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An integer linear program over the scope's blocks and edges: how often
   each runs in one execution of the scope (an invocation of a function,
   or an execution of one of its loops), with flow conservation, every
   loop's header bounded by its iterations per entry, and each block and
   call priced per run.  Its maximum bounds the cost of any one
   execution, where the sum over blocks counts both arms of every
   branch.  GLPK solves it (glpk.h); its LP relaxation, which is no less,
   stands in where the integer search passes its budget of subproblems.  */

#include "bounds/bounds_impl.h"
#include "support/util.h"

#include <glpk.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* Past this, a coefficient or a bound is no exact double in the solver's
   arithmetic: no ILP.  */
#define IPET_MAX ((uint64_t) 1 << 40)
/* Past this, how often a block may run (the product of the iterations of
   the loops around it) is no longer safely exact.  */
#define IPET_MAX_RUNS ((uint64_t) 1 << 50)
/* The integer search's subproblems per scope.  */
#define IPET_NODES 1000
/* The simplex's steps per scope: so many per row, and so many more.  */
#define IPET_STEPS_PER_ROW 50
#define IPET_STEPS 1000

/* Is block B in the scope?  */
static int
in_scope (const cc_ipet_scope *s, uint32_t b)
{
  return cc_block_within (s->fr, b, s->top);
}

/* Is loop M inside the scope (the top loop itself included)?  */
static int
loop_in_scope (const cc_ipet_scope *s, uint32_t m)
{
  return in_scope (s, s->fr->loops[m].header);
}

/* Is U -> V an edge entering loop M from outside it?  */
static int
enters (const cc_ipet_scope *s, uint32_t u, uint32_t v, uint32_t m)
{
  return v == s->fr->loops[m].header && !cc_loop_within (s->fr, s->fr->block_loop[u], m);
}

/* The scope's problem while it is built: a column per block, per edge
   inside the scope, per block's exit and per call and way of pricing.  */
typedef struct lp
{
  glp_prob *p;
  uint32_t *col_of_block;      /* CC_NONE outside the scope */
  uint32_t *edge_col;          /* per block: its first edge's column */
  uint32_t *pred_start;        /* per block: its first edge in */
  uint32_t *edge_from, *edge_k; /* the edges of the scope by the block they
                                   go to: where from, which successor */
  uint32_t *loop_at;           /* per block: the loop it heads, CC_NONE */
  uint32_t *enter_col, *enter_loop, n_enter; /* the edges that enter a loop
                                                inside the scope */
  uint32_t *call_col;          /* per block and way: its call's column, 0 */
  int usable[CC_IPET_MAX_PRICES]; /* the way's numbers are exact */
  int *ia, *ja;
  double *ar;
  size_t n, cap;
} lp;

static void
coef (lp *q, int row, int col, double v)
{
  if (q->n + 2 > q->cap)
    {
      q->cap = q->cap ? 2 * q->cap : 256;
      q->ia = cc_xrealloc (q->ia, q->cap * sizeof *q->ia);
      q->ja = cc_xrealloc (q->ja, q->cap * sizeof *q->ja);
      q->ar = cc_xrealloc (q->ar, q->cap * sizeof *q->ar);
    }
  q->n++;
  q->ia[q->n] = row;
  q->ja[q->n] = col;
  q->ar[q->n] = v;
}

static int
new_col (lp *q, double ub, int integer)
{
  int c = glp_add_cols (q->p, 1);
  /* GLPK refuses a double bound whose ends are equal.  */
  glp_set_col_bnds (q->p, c, ub < 0 ? GLP_LO : ub == 0 ? GLP_FX : GLP_DB, 0.0, ub < 0 ? 0.0 : ub);
  if (integer)
    glp_set_col_kind (q->p, c, GLP_IV);
  return c;
}

static int
new_row (lp *q, int type, double rhs)
{
  int r = glp_add_rows (q->p, 1);
  glp_set_row_bnds (q->p, r, type, type == GLP_UP ? 0.0 : rhs, rhs);
  return r;
}

/* Where every edge of the scope comes from, by the block it goes to,
   and which loop each block heads.  */
static void
index_edges (const cc_ipet_scope *s, lp *q)
{
  const cc_func *f = s->f;
  uint32_t n = f->n_blocks, ne = 0;
  q->pred_start = cc_xcalloc (n + 2, sizeof *q->pred_start);
  for (uint32_t b = 0; b < n; b++)
    if (q->col_of_block[b] != CC_NONE)
      for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
        {
          q->pred_start[f->blocks[b].succs[k] + 1]++;
          ne++;
        }
  for (uint32_t b = 0; b < n; b++)
    q->pred_start[b + 1] += q->pred_start[b];
  q->edge_from = cc_xmalloc ((ne + 1) * sizeof *q->edge_from);
  q->edge_k = cc_xmalloc ((ne + 1) * sizeof *q->edge_k);
  q->enter_col = cc_xmalloc ((ne + 1) * sizeof *q->enter_col);
  q->enter_loop = cc_xmalloc ((ne + 1) * sizeof *q->enter_loop);
  uint32_t *fill = cc_xcalloc (n + 1, sizeof *fill);
  for (uint32_t b = 0; b < n; b++)
    if (q->col_of_block[b] != CC_NONE)
      for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
        {
          uint32_t v = f->blocks[b].succs[k], at = q->pred_start[v] + fill[v]++;
          q->edge_from[at] = b;
          q->edge_k[at] = k;
        }
  free (fill);
  q->loop_at = cc_xmalloc ((n + 1) * sizeof *q->loop_at);
  for (uint32_t b = 0; b < n; b++)
    q->loop_at[b] = CC_NONE;
  for (uint32_t m = 0; m < s->fr->n_loops; m++)
    q->loop_at[s->fr->loops[m].header] = m;
}

/* The columns: each block of the scope runs x_b times; each edge inside
   it, and those that enter a loop inside the scope are priced at its
   first-miss(loop) misses (set_objective); a block that may leave the
   scope, an exit; a call, its share (call_rows).  */
static void
columns (const cc_ipet_scope *s, lp *q)
{
  const cc_func *f = s->f;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      q->col_of_block[b] = CC_NONE;
      if (in_scope (s, b))
        q->col_of_block[b] = (uint32_t) new_col (q, -1, 1);
    }
  index_edges (s, q);
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      q->edge_col[b] = (uint32_t) glp_get_num_cols (q->p) + 1;
      if (q->col_of_block[b] == CC_NONE)
        continue;
      for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
        {
          uint32_t v = f->blocks[b].succs[k], m = q->loop_at[v];
          int col = new_col (q, -1, 1);
          if (m != CC_NONE && m != s->top && q->col_of_block[v] != CC_NONE
              && enters (s, b, v, m))
            {
              q->enter_col[q->n_enter] = (uint32_t) col;
              q->enter_loop[q->n_enter++] = m;
            }
        }
    }
}

/* Is an edge to V one the flow follows: inside the scope (an edge back
   to the top loop's header is its next iteration)?  */
static int
followed (const lp *q, uint32_t v)
{
  return q->col_of_block[v] != CC_NONE;
}

/* The rows of block B: what enters it (an edge, or the scope's start)
   and what leaves it (an edge, or out of the scope) is how often it
   runs.  */
static void
flow_rows (const cc_ipet_scope *s, lp *q, uint32_t b, uint32_t entry)
{
  const cc_func *f = s->f;
  int xb = (int) q->col_of_block[b];
  int in = new_row (q, GLP_FX, b == entry ? 1.0 : 0.0);
  coef (q, in, xb, 1.0);
  for (uint32_t e = q->pred_start[b]; e < q->pred_start[b + 1]; e++)
    coef (q, in, (int) (q->edge_col[q->edge_from[e]] + q->edge_k[e]), -1.0);
  int out = new_row (q, GLP_FX, 0.0);
  coef (q, out, xb, -1.0);
  int leaves = f->blocks[b].exits || f->blocks[b].noreturn || !f->blocks[b].n_succs;
  for (uint32_t k = 0; k < f->blocks[b].n_succs; k++)
    {
      int col = (int) (q->edge_col[b] + k);
      if (followed (q, f->blocks[b].succs[k]))
        coef (q, out, col, 1.0);
      else
        {
          /* Out of the scope: the execution ends.  */
          glp_set_col_bnds (q->p, col, GLP_FX, 0.0, 0.0);
          leaves = 1;
        }
    }
  if (leaves)
    coef (q, out, new_col (q, -1, 1), 1.0);
}

/* Loop M's header runs at most its iterations per entry into it (the
   scope's start is one).  */
static void
loop_row (const cc_ipet_scope *s, lp *q, uint32_t m, uint32_t entry)
{
  uint32_t h = s->fr->loops[m].header;
  double runs = (double) s->loops[m].runs;
  int r = new_row (q, GLP_UP, h == entry ? runs : 0.0);
  coef (q, r, (int) q->col_of_block[h], 1.0);
  for (uint32_t e = q->pred_start[h]; e < q->pred_start[h + 1]; e++)
    if (m != s->top && enters (s, q->edge_from[e], h, m))
      coef (q, r, (int) (q->edge_col[q->edge_from[e]] + q->edge_k[e]), -runs);
}

/* Block B's call's share, priced each usable way: at most its callee's
   bound per run of its block, and at most its cap (plus its cap per
   run) in all.  */
static void
call_rows (const cc_ipet_scope *s, lp *q, uint32_t b)
{
  int xb = (int) q->col_of_block[b];
  for (uint32_t k = 0; k < s->n_prices; k++)
    {
      const cc_ipet_prices *pr = &s->prices[k];
      if (!q->usable[k])
        continue;
      uint64_t each = pr->call_each[b], cap = pr->call_cap[b], per = pr->call_cap_per[b];
      int y = new_col (q, cap == CC_UNBOUNDED || per ? -1 : (double) cap, 0);
      q->call_col[(size_t) b * CC_IPET_MAX_PRICES + k] = (uint32_t) y;
      if (cap != CC_UNBOUNDED && per)
        {
          int r = new_row (q, GLP_UP, (double) cap);
          coef (q, r, y, 1.0);
          coef (q, r, xb, -(double) per);
        }
      if (each == CC_UNBOUNDED)
        continue;
      int r = new_row (q, GLP_UP, 0.0);
      coef (q, r, y, 1.0);
      coef (q, r, xb, -(double) each);
    }
}

/* Is every loop in the scope bounded, with runs small enough for exact
   arithmetic, and so are their products (how often its innermost blocks
   may run)?  Past that the solver's steps lose their way (GLPK's simplex
   ran without end on loops nested three deep of 2^31 - 1 iterations
   each).  */
static int
loops_solvable (const cc_ipet_scope *s)
{
  for (uint32_t m = 0; m < s->fr->n_loops; m++)
    {
      if (!loop_in_scope (s, m))
        continue;
      uint64_t product = 1;
      for (uint32_t l = m; l != CC_NONE; l = s->fr->loops[l].parent)
        {
          uint64_t runs = s->loops[l].runs;
          if (runs == CC_UNBOUNDED || runs > IPET_MAX || (runs && product > IPET_MAX_RUNS / runs))
            return 0;
          product *= runs;
          if (l == s->top)
            break;
        }
    }
  return 1;
}

/* Can way K be solved exactly: every call priced, every number
   small?  */
static int
prices_solvable (const cc_ipet_scope *s, uint32_t k)
{
  const cc_ipet_prices *pr = &s->prices[k];
  for (uint32_t m = 0; m < s->fr->n_loops; m++)
    if (loop_in_scope (s, m) && pr->loop_entry_cost[m] > IPET_MAX)
      return 0;
  for (uint32_t b = 0; b < s->f->n_blocks; b++)
    if (in_scope (s, b)
        && (pr->block_cost[b] > IPET_MAX
            || (pr->call_each[b] == CC_UNBOUNDED && pr->call_cap[b] == CC_UNBOUNDED)
            || (pr->call_each[b] != CC_UNBOUNDED && pr->call_each[b] > IPET_MAX)
            || (pr->call_cap[b] != CC_UNBOUNDED
                && (pr->call_cap[b] > IPET_MAX || pr->call_cap_per[b] > IPET_MAX))))
      return 0;
  return pr->once <= IPET_MAX;
}

/* Price the program way K: the objective.  */
static void
set_objective (const cc_ipet_scope *s, lp *q, uint32_t k)
{
  const cc_ipet_prices *pr = &s->prices[k];
  for (uint32_t b = 0; b < s->f->n_blocks; b++)
    {
      if (q->col_of_block[b] == CC_NONE)
        continue;
      glp_set_obj_coef (q->p, (int) q->col_of_block[b], (double) pr->block_cost[b]);
      for (uint32_t j = 0; j < s->n_prices; j++)
        if (q->call_col[(size_t) b * CC_IPET_MAX_PRICES + j])
          glp_set_obj_coef (q->p, (int) q->call_col[(size_t) b * CC_IPET_MAX_PRICES + j],
                            j == k ? 1.0 : 0.0);
    }
  for (uint32_t e = 0; e < q->n_enter; e++)
    glp_set_obj_coef (q->p, (int) q->enter_col[e], (double) pr->loop_entry_cost[q->enter_loop[e]]);
}

/* Stop the integer search past IPET_NODES subproblems: a budget by
   count, not by time, so that the same program always gets the same
   bound.  */
static void
node_budget (glp_tree *t, void *data)
{
  int *nodes = data;
  if (glp_ios_reason (t) == GLP_ISELECT && ++*nodes > IPET_NODES)
    glp_ios_terminate (t);
}

/* The optimum of Q's problem, rounded up: the integer one if the search
   finished within its budget, else the relaxation's (*RELAXED set);
   CC_UNBOUNDED if neither.  The simplex starts from the basis of the
   last way solved.  */
static uint64_t
solve (lp *q, int *relaxed)
{
  glp_smcp sm;
  glp_init_smcp (&sm);
  sm.msg_lev = GLP_MSG_OFF;
  /* A budget of simplex steps (a count, for the same reason): a
     degenerate program may stall it.  */
  sm.it_lim = IPET_STEPS_PER_ROW * glp_get_num_rows (q->p) + IPET_STEPS;
  if (glp_simplex (q->p, &sm) != 0 || glp_get_status (q->p) != GLP_OPT)
    return CC_UNBOUNDED;
  double v = glp_get_obj_val (q->p);
  glp_iocp io;
  glp_init_iocp (&io);
  io.msg_lev = GLP_MSG_OFF;
  int nodes = 0;
  io.cb_func = node_budget;
  io.cb_info = &nodes;
  if (glp_intopt (q->p, &io) == 0 && glp_mip_status (q->p) == GLP_OPT)
    v = glp_mip_obj_val (q->p);
  else
    *relaxed = 1;
  /* A margin over the solver's tolerances: the coefficients are
     integers, and so is the true optimum.  */
  return (uint64_t) ceil (v * (1.0 + 1e-9) - 1e-6);
}

/* GLPK's fatal errors (a bug of ours in the problem, or its own) would
   abort the process, GCC with it: its error hook jumps back instead, and
   the scope has no worst-path bound.  */
static void
glpk_failed (void *info)
{
  longjmp (*(jmp_buf *) info, 1);
}

/* Build S's program into Q: columns, then the rows of every block, call
   and loop.  */
static void
build (const cc_ipet_scope *s, lp *q)
{
  const cc_func *f = s->f;
  uint32_t entry = s->top == CC_NONE ? 0 : s->fr->loops[s->top].header;
  q->p = glp_create_prob ();
  glp_set_obj_dir (q->p, GLP_MAX);
  q->col_of_block = cc_xmalloc ((f->n_blocks + 1) * sizeof *q->col_of_block);
  q->edge_col = cc_xmalloc ((f->n_blocks + 1) * sizeof *q->edge_col);
  q->call_col = cc_xcalloc ((size_t) (f->n_blocks + 1) * CC_IPET_MAX_PRICES,
                            sizeof *q->call_col);
  columns (s, q);
  for (uint32_t b = 0; b < f->n_blocks; b++)
    if (q->col_of_block[b] != CC_NONE)
      {
        flow_rows (s, q, b, entry);
        if (f->blocks[b].call != CC_CALL_NONE)
          call_rows (s, q, b);
      }
  for (uint32_t m = 0; m < s->fr->n_loops; m++)
    if (loop_in_scope (s, m))
      loop_row (s, q, m, entry);
  glp_load_matrix (q->p, (int) q->n, q->ia, q->ja, q->ar);
}

static void
free_lp (lp *q)
{
  glp_delete_prob (q->p);
  free (q->col_of_block);
  free (q->edge_col);
  free (q->call_col);
  free (q->pred_start);
  free (q->edge_from);
  free (q->edge_k);
  free (q->enter_col);
  free (q->enter_loop);
  free (q->loop_at);
  free (q->ia);
  free (q->ja);
  free (q->ar);
}

/* Which ways of pricing S Q can solve exactly (OUT and RELAXED start
   unbounded and not relaxed); 0 if none.  */
static int
mark_usable (const cc_ipet_scope *s, lp *q, uint64_t *out, int *relaxed)
{
  int any = 0, loops_ok = loops_solvable (s);
  for (uint32_t k = 0; k < s->n_prices; k++)
    {
      out[k] = CC_UNBOUNDED;
      relaxed[k] = 0;
      q->usable[k] = loops_ok && prices_solvable (s, k);
      any |= q->usable[k];
    }
  return any;
}

/* Build and solve S's program in Q, every usable way.  */
static void
solve_ways (const cc_ipet_scope *s, lp *q, uint64_t *out, int *relaxed)
{
  jmp_buf failed;
  if (setjmp (failed))
    {
      /* GLPK's state is lost: its environment must go (what this call
         allocated of its own is lost too).  */
      glp_free_env ();
      for (uint32_t k = 0; k < s->n_prices; k++)
        out[k] = CC_UNBOUNDED;
      return;
    }
  glp_error_hook (glpk_failed, &failed);
  build (s, q);
  for (uint32_t k = 0; k < s->n_prices; k++)
    if (q->usable[k])
      {
        set_objective (s, q, k);
        uint64_t v = solve (q, &relaxed[k]);
        out[k] = v == CC_UNBOUNDED ? v : v + s->prices[k].once;
      }
  free_lp (q);
  glp_error_hook (NULL, NULL);
}

void
cc_ipet_worst (const cc_ipet_scope *s, uint64_t *out, int *relaxed)
{
  lp q;
  memset (&q, 0, sizeof q);
  if (mark_usable (s, &q, out, relaxed))
    solve_ways (s, &q, out, relaxed);
}
