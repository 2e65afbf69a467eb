/* ccvalidate: check cachecat's promises against a real run.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: ccvalidate EXPECT TRACE [PER-ADDRESS-OUT]

   TRACE is the run's instruction-fetch trace as testsuite/validate/cctrace.c
   writes it (one 64-bit record per executed instruction: address, length,
   call/return).  EXPECT (written by validate.py from cachecat's reports)
   names the columns to check (a cache shape and the verdicts of one
   analysis for that shape) and describes the program's analysed code:

     columns N
     column K NAME SIZE LINE WAYS POLICY  (lru, fifo, plru, random)
     func F NAME ENTRY                  (F = 0, 1, ...; ENTRY its address)
     range F LO HI                      (code of F: [LO, HI), hex)
     loop F L PARENT HEADER             (L global, PARENT -1 at top level)
     insn ADDR LEN F LOOP FLAGS V0 .. V(N-1)
         LOOP: the innermost loop holding it, -1 for none; FLAGS bit 0:
         it leaves its function by a jump (a sibling call), so what runs
         next is a new invocation; bit 1: a string instruction with a rep
         prefix, whose iterations Valgrind traces as fetches of it one
         after the other, where the processor fetches it once (its
         iterations are simulated, counted for callgrind, and checked as
         the one fetch they are); bit 2: code no unit recorded, which
         only some columns know (cachecat-link's, modelled from the
         linked bytes): left out of the tightest categorization of the
         program's code, and given one of its own; Vk: AH AM C FP FF
         FL<loop> HL<loop> NF, or - (column k says nothing of it: neither
         checked nor counted in the column)
     fbound K F MAX                     (column K's miss bound of F: the
                                         most lines one invocation loads)
     lbound K L MAX                     (... of loop L: one execution)
     lruns K L MAX                      (column K's iteration bound of loop
                                         L: the most times its header runs
                                         in one execution)
     ffetches K F MAX, lfetches K L MAX (column K's fetch bounds: the most
                                         line fetches one invocation or
                                         execution makes)
     fcycles K F HIT PENALTY MAX, lcycles K L HIT PENALTY MAX
                                        (... its fetch-time bounds: each
                                         line fetch HIT cycles, each line
                                         loaded PENALTY more)

   Every fetch is simulated on each column's cache (LRU, FIFO, tree
   pseudo-LRU or random replacement -- an LFSR, so one of many possible
   runs --, any number of ways; a fetch that straddles two lines looks both
   up, misses if either misses, and loads both, as valgrind does), and
   checked against the promise of its instruction (docs/semantics.md §7.1):
     AH never misses; AM always misses; FP/FF/FL: in each execution of the
     scope (run, invocation, loop execution) only the first fetch of the
     insn may miss; HL: in each execution of the loop the first fetch
     hits; NF (never-fetched): no fetch of it at all.
   A fetch belongs to the invocation that runs it (a call stack is kept
   from the trace's calls and returns; a call that lands inside the
   calling function, not at its entry, is no invocation: it is the call of
   a retpoline or return thunk, -mindirect-branch=thunk-inline,
   -mfunction-return=thunk-inline, whose return address the thunk then
   replaces or drops, so the frame it pushes shares the invocation of the
   frame below); an execution of a loop starts when its header runs
   coming from outside the loop in the same invocation, and ends when the
   invocation runs an instruction outside it.  A first-hit loop may be a
   loop of a caller: then the fetch belongs to the execution of that loop
   in the nearest frame of its function (the callee runs inside it).

   Miss bounds (fbound, lbound; none: unbounded, not checked), per column
   on its cache: a miss here is a line loaded (a straddling fetch that
   misses both lines loads two), and every fetch counts, whatever code it
   is.  An invocation of F runs from the call that lands on F's entry
   until that frame returns (or the trace ends): the code its sibling
   calls jump to runs before the frame returns, so it counts toward F
   (the function called), though for the promises the callee starts an
   invocation of its own; a function a sibling call (or a thunk's return)
   lands on at its entry is also checked against its own bound, from
   there to the frame's return.  A loop execution is the one the
   promises know, with the calls made inside it.  Per column and per
   bounded function or loop: how many ran, the most lines one loaded,
   and any that loaded more than the bound.  Fetch and fetch-time bounds
   the same way: a fetch of an instruction fetches each line its bytes
   touch (a rep's repeats are the one fetch).

   Output, on stdout: one line per violation (at most 20 per column), then
   per column its totals: fetches, misses observed, and the misses the
   verdicts allow at most ("bound": AM and C every fetch, FP/FF/FL once per
   scope execution, HL all but one per loop execution, NF none), and per
   category the insns fetched, fetches and misses; then per shape the
   tightest categorization's ("column tightest@SHAPE", of the insns
   without flag bit 2; "column tightest-bytes@SHAPE", of those with it,
   if any).  PER-ADDRESS-OUT, if
   given, gets per instruction address: fetches and misses per distinct
   cache shape (to compare with callgrind).  Then the miss bounds: per
   column and bounded function "invocations COLUMN F COUNT MOST BOUND
   OVER" (OVER: how many loaded more than BOUND), per bounded loop
   "executions COLUMN L COUNT MOST BOUND OVER", per column
   "bounds COLUMN functions NF loops NL invocations NI executions NE
   exceeded N", and before them a line per invocation or execution that
   loaded more lines than its bound (at most 20 per column):
   "bound-exceeded COLUMN function F invocation I misses M bound B" or
   "bound-exceeded COLUMN loop L execution I misses M bound B" (I: its
   ordinal among those of F or L, from 1); fetch bounds print
   "fetch-invocations", "fetch-executions" and "... fetches M bound B",
   fetch-time bounds "cycle-invocations", "cycle-executions" and
   "... cycles M bound B".  Iteration bounds (lruns): a
   loop's header runs once per fetch of its first instruction in the
   execution (a rep's repeats are that one fetch); per column and loop
   "iterations COLUMN L COUNT MOST BOUND OVER", per column "runs COLUMN
   loops NL executions NE exceeded N", and before them a line per
   execution whose header ran more often than its bound (at most 20 per
   column): "runs-exceeded COLUMN loop L execution I runs R bound B".
   Exit status 1 if any promise broke or any bound was exceeded.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_sim.h"
#include "key_set.h"

/* V_NONE: the column has no verdict for the insn (not one of the
   counted kinds).  */
enum kind { V_AH, V_AM, V_C, V_FP, V_FF, V_FL, V_HL, V_NF, V_N, V_NONE = V_N };

/* Loops one instruction's fetches are tracked in: those its verdicts
   name, then those it lies in.  */
#define MAX_TRACK 16
#define MAX_OWN 8
/* Which promises of an instruction a run broke (insn.broken), for the
   tightest categorization: bits, then FL and HL per own loop.  */
enum { TIGHT_AH = 1, TIGHT_FP = 2, TIGHT_FF = 4, TIGHT_FL = 8, TIGHT_HL = 8 << MAX_OWN };
static const char *const kind_names[V_N] = {
  "always-hit", "always-miss", "conflict", "first-miss(program)",
  "first-miss(function)", "first-miss(loop)", "first-hit(loop)", "never-fetched"
};

typedef struct verdict
{
  uint8_t kind;
  int32_t loop;
} verdict;



typedef struct column
{
  char name[128];
  uint32_t shape;
  uint64_t fetches, misses, bound, violations;
  uint64_t exceeded;       /* invocations and loop executions over their bound */
  uint64_t runs_exceeded;  /* loop executions over their iteration bound */
  uint64_t cat_fetches[V_N], cat_misses[V_N], cat_insns[V_N];
} column;

/* One column's miss bound of a function or a loop, and what the run
   did against it.  */
/* What a bound counts: lines loaded, lines fetched, or cycles.  */
enum measure { B_MISSES, B_FETCHES, B_CYCLES };
static const char *const measure_words[] = { "misses", "fetches", "cycles" };
static const char *const measure_prefix[] = { "", "fetch-", "cycle-" };

typedef struct bcheck
{
  uint32_t col;
  uint8_t measure;         /* enum measure */
  uint64_t hit, penalty;   /* B_CYCLES: a line fetched, a line loaded */
  uint64_t max;            /* the bound: lines one invocation (execution) loads */
  uint64_t n, most;        /* invocations (executions) checked, the most
                              lines one of them loaded */
  uint64_t over;           /* those that loaded more than max */
} bcheck;

typedef struct bchecks
{
  bcheck *v;
  uint32_t n;
} bchecks;

typedef struct func
{
  char name[128];
  uint64_t entry;
  uint32_t n_insns;        /* local indices 0 .. n_insns-1 */
  uint32_t n_loops, first_loop; /* its loops: first_loop .. + n_loops */
  int loop_bounds;         /* some column bounds one of its loops */
} func;

typedef struct loopinfo
{
  int32_t parent;          /* global loop id, -1 */
  uint32_t func, depth, local;
  uint64_t header;         /* its header's first instruction */
} loopinfo;

typedef struct insn
{
  uint64_t addr;
  uint32_t len, func, local;
  int32_t loop;
  uint32_t flags;
  uint64_t fetches;
  uint64_t *misses;        /* per shape */
  uint32_t n_track;        /* loops some verdict of it names as scope,
                              then the loops it lies in */
  int32_t *track_loop;
  /* The tightest per-instruction categorization of the run: */
  uint32_t n_own;          /* loops it lies in (innermost first), at most
                              MAX_OWN, and their index in track_loop */
  uint8_t own_t[MAX_OWN];
  uint64_t counted;        /* fetches checked (not a rep's repeats) */
  uint64_t *counted_misses; /* per shape, their misses */
  uint64_t first_calls;    /* fetches that were the first of an invocation */
  uint64_t first_in_own[MAX_OWN]; /* ... of an execution of own loop k */
  uint32_t *broken;        /* per shape: TIGHT_* promises a miss broke */
} insn;

/* One invocation of a function; several frames share it when thunk
   calls inside the function pushed return addresses of their own.  */
typedef struct invocation
{
  uint32_t refs;           /* frames that share it */
  int32_t cur_loop;        /* innermost active loop, -1; the active loops
                              are it and its ancestors */
  uint8_t *seen;           /* per local insn: fetched in this invocation */
  uint64_t *loop_exec;     /* per local loop: its current execution's
                              number, valid while it is active */
  uint64_t *loop_lines;    /* per local loop and shape: the lines loaded
                              before its current execution (NULL: no
                              column bounds a loop of the function) */
  uint64_t *loop_heads;    /* per local loop: its header's runs in its
                              current execution (with loop_lines) */
} invocation;

typedef struct frame
{
  int32_t func;            /* -1: code we have no expectations for */
  uint64_t ret;            /* where the call that made it returns */
  invocation *inv;         /* NULL for func -1 */
} frame;

static uint64_t n_executions;

/* The (loop execution, insn) pairs fetched so far (a recursive call runs
   executions of its own, so one "last execution" per insn would forget
   the caller's).  */
static key_set exec_seen;

/* Miss bounds: per function and per loop, the columns that bound it;
   per loop, those that bound its iterations.  */
static bchecks *fchecks, *lchecks, *rchecks;
/* Per shape: the lines loaded so far, and by the fetch being checked
   (added to the total after it: an execution that ends at the fetch
   does not hold it, one that starts there does); then (at n_shapes +
   shape) the lines fetched so far.  Snapshots of it hold n_counts.  */
static uint64_t *lines_total;
static uint32_t *lines_now;
static uint32_t n_counts;
/* The invocations whose bound is checked, innermost last: each belongs
   to a frame of the stack (a frame holds several where sibling calls
   landed on the entries of further bounded functions) and ends with
   it; brec_lines: n_shapes per record, lines_total when it began.  */
typedef struct brec
{
  uint32_t frame, func;
} brec;
static brec *brecs;
static uint64_t *brec_lines;
static uint32_t n_brecs, cap_brecs;

static uint32_t n_cols, n_shapes, n_funcs, n_loops, n_insns;
static column *cols;
static shape *shapes;
static func *funcs;
static loopinfo *loops;
static insn *insns;
static verdict *verdicts;  /* n_insns x n_cols */
static uint64_t code_lo = UINT64_MAX, code_hi;
static int32_t *addr_map;  /* code_lo .. code_hi -> insn index or -1 */
static int32_t *range_map; /* code_lo .. code_hi -> func or -1 */
static uint8_t *seen_run;
static uint64_t (*ranges)[3];  /* func, lo, hi */
static uint32_t n_ranges;
static frame *stack;
static uint32_t sp, stack_cap;

static void *
xcalloc (size_t n, size_t s)
{
  void *p = calloc (n ? n : 1, s ? s : 1);
  if (!p)
    {
      fprintf (stderr, "ccvalidate: out of memory\n");
      exit (2);
    }
  return p;
}

static void
die (const char *what, unsigned line)
{
  fprintf (stderr, "ccvalidate: expectations line %u: %s\n", line, what);
  exit (2);
}

static uint32_t
shape_of (uint32_t size, uint32_t line, uint32_t ways, int policy)
{
  for (uint32_t s = 0; s < n_shapes; s++)
    if (shapes[s].size == size && shapes[s].line == line && shapes[s].ways == ways
        && shapes[s].policy == policy)
      return s;
  shape_init (&shapes[n_shapes], size, line, ways, policy);
  return n_shapes++;
}

static int
policy_of (const char *p)
{
  return !p ? -1 : !strcmp (p, "lru") ? P_LRU : !strcmp (p, "fifo") ? P_FIFO
         : !strcmp (p, "plru") ? P_PLRU : !strcmp (p, "random") ? P_RANDOM : -1;
}

static verdict
parse_verdict (const char *s, unsigned ln)
{
  verdict v = { V_C, -1 };
  if (!strcmp (s, "AH"))
    v.kind = V_AH;
  else if (!strcmp (s, "AM"))
    v.kind = V_AM;
  else if (!strcmp (s, "C"))
    v.kind = V_C;
  else if (!strcmp (s, "FP"))
    v.kind = V_FP;
  else if (!strcmp (s, "FF"))
    v.kind = V_FF;
  else if (!strcmp (s, "NF"))
    v.kind = V_NF;
  else if (!strcmp (s, "-"))
    v.kind = V_NONE;
  else if (!strncmp (s, "FL", 2) || !strncmp (s, "HL", 2))
    {
      v.kind = s[0] == 'F' ? V_FL : V_HL;
      v.loop = atoi (s + 2);
      if (v.loop < 0 || (uint32_t) v.loop >= n_loops)
        die ("a verdict names an unknown loop", ln);
    }
  else
    die ("unknown verdict", ln);
  return v;
}

static void
read_expect (const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      perror (path);
      exit (2);
    }
  char *buf = NULL;
  size_t cap = 0;
  unsigned ln = 0;
  uint32_t cap_insns = 0;
  struct
  {
    uint32_t kind, col, id, measure;
    uint64_t max, hit, penalty;
    unsigned ln;
  } *bl = NULL;
  uint32_t n_bl = 0;
  while (getline (&buf, &cap, f) > 0)
    {
      ln++;
      char *tok = strtok (buf, " \t\n");
      if (!tok || tok[0] == '#')
        continue;
      if (!strcmp (tok, "columns"))
        {
          n_cols = (uint32_t) atoi (strtok (NULL, " \t\n"));
          cols = xcalloc (n_cols, sizeof *cols);
          shapes = xcalloc (n_cols, sizeof *shapes);
        }
      else if (!strcmp (tok, "column"))
        {
          uint32_t k = (uint32_t) atoi (strtok (NULL, " \t\n"));
          if (k >= n_cols)
            die ("column out of range", ln);
          snprintf (cols[k].name, sizeof cols[k].name, "%s", strtok (NULL, " \t\n"));
          uint32_t size = (uint32_t) atoi (strtok (NULL, " \t\n"));
          uint32_t line = (uint32_t) atoi (strtok (NULL, " \t\n"));
          uint32_t ways = (uint32_t) atoi (strtok (NULL, " \t\n"));
          int policy = policy_of (strtok (NULL, " \t\n"));
          if (!size || !line || !ways || size % (line * ways) || policy < 0
              || (policy == P_PLRU && (ways & (ways - 1))))
            die ("bad cache shape or policy", ln);
          cols[k].shape = shape_of (size, line, ways, policy);
        }
      else if (!strcmp (tok, "func"))
        {
          uint32_t id = (uint32_t) atoi (strtok (NULL, " \t\n"));
          if (id != n_funcs)
            die ("functions must be numbered in order", ln);
          funcs = realloc (funcs, (n_funcs + 1) * sizeof *funcs);
          memset (&funcs[n_funcs], 0, sizeof *funcs);
          snprintf (funcs[n_funcs].name, sizeof funcs[n_funcs].name, "%s",
                    strtok (NULL, " \t\n"));
          funcs[n_funcs].entry = strtoull (strtok (NULL, " \t\n"), NULL, 16);
          funcs[n_funcs].first_loop = UINT32_MAX;
          n_funcs++;
        }
      else if (!strcmp (tok, "range"))
        {
          uint32_t fid = (uint32_t) atoi (strtok (NULL, " \t\n"));
          uint64_t lo = strtoull (strtok (NULL, " \t\n"), NULL, 16);
          uint64_t hi = strtoull (strtok (NULL, " \t\n"), NULL, 16);
          if (fid >= n_funcs || hi < lo)
            die ("bad range", ln);
          ranges = realloc (ranges, (n_ranges + 1) * sizeof *ranges);
          ranges[n_ranges][0] = fid;
          ranges[n_ranges][1] = lo;
          ranges[n_ranges][2] = hi;
          n_ranges++;
          if (lo < code_lo)
            code_lo = lo;
          if (hi > code_hi)
            code_hi = hi;
        }
      else if (!strcmp (tok, "loop"))
        {
          uint32_t fid = (uint32_t) atoi (strtok (NULL, " \t\n"));
          uint32_t id = (uint32_t) atoi (strtok (NULL, " \t\n"));
          int32_t parent = atoi (strtok (NULL, " \t\n"));
          char *header = strtok (NULL, " \t\n");
          if (fid >= n_funcs || id != n_loops || parent >= (int32_t) n_loops || !header)
            die ("bad loop (loops are numbered in order, parents first)", ln);
          loops = realloc (loops, (n_loops + 1) * sizeof *loops);
          func *fn = &funcs[fid];
          if (fn->first_loop == UINT32_MAX)
            fn->first_loop = id;
          if (fn->first_loop + fn->n_loops != id)
            die ("the loops of a function must be consecutive", ln);
          loops[id] = (loopinfo){ parent, fid, parent < 0 ? 0 : loops[parent].depth + 1,
                                  fn->n_loops++, strtoull (header, NULL, 16) };
          n_loops++;
        }
      else if (!strcmp (tok, "insn"))
        {
          if (n_insns == cap_insns)
            {
              cap_insns = cap_insns ? 2 * cap_insns : 1024;
              insns = realloc (insns, cap_insns * sizeof *insns);
              verdicts = realloc (verdicts, (size_t) cap_insns * n_cols * sizeof *verdicts);
            }
          insn *in = &insns[n_insns];
          memset (in, 0, sizeof *in);
          in->addr = strtoull (strtok (NULL, " \t\n"), NULL, 16);
          in->len = (uint32_t) atoi (strtok (NULL, " \t\n"));
          in->func = (uint32_t) atoi (strtok (NULL, " \t\n"));
          in->loop = atoi (strtok (NULL, " \t\n"));
          in->flags = (uint32_t) atoi (strtok (NULL, " \t\n"));
          if (in->func >= n_funcs || in->loop >= (int32_t) n_loops || !in->len
              || (in->loop >= 0 && loops[in->loop].func != in->func))
            die ("bad insn", ln);
          in->local = funcs[in->func].n_insns++;
          for (uint32_t c = 0; c < n_cols; c++)
            {
              char *t = strtok (NULL, " \t\n");
              if (!t)
                die ("too few verdicts", ln);
              verdicts[(size_t) n_insns * n_cols + c] = parse_verdict (t, ln);
            }
          n_insns++;
        }
      else if (!strcmp (tok, "fbound") || !strcmp (tok, "lbound") || !strcmp (tok, "lruns")
               || !strcmp (tok, "ffetches") || !strcmp (tok, "lfetches")
               || !strcmp (tok, "fcycles") || !strcmp (tok, "lcycles"))
        {
          char *k = strtok (NULL, " \t\n"), *id = strtok (NULL, " \t\n");
          uint32_t measure = tok[1] == 'f' ? B_FETCHES : tok[1] == 'c' ? B_CYCLES : B_MISSES;
          char *hit = measure == B_CYCLES ? strtok (NULL, " \t\n") : NULL;
          char *penalty = hit ? strtok (NULL, " \t\n") : NULL;
          char *max = strtok (NULL, " \t\n");
          if (!max || atoi (k) < 0 || atoi (id) < 0)
            die ("bad bound", ln);
          bl = realloc (bl, (n_bl + 1) * sizeof *bl);
          bl[n_bl].measure = measure;
          bl[n_bl].hit = hit ? strtoull (hit, NULL, 10) : 0;
          bl[n_bl].penalty = penalty ? strtoull (penalty, NULL, 10) : 0;
          bl[n_bl].kind = tok[0] == 'f' ? 1 : tok[1] == 'r' ? 2 : 0;
          bl[n_bl].col = (uint32_t) atoi (k);
          bl[n_bl].id = (uint32_t) atoi (id);
          bl[n_bl].max = strtoull (max, NULL, 10);
          bl[n_bl++].ln = ln;
        }
      else
        die ("unknown line", ln);
    }
  free (buf);
  fclose (f);
  if (!n_cols || !n_insns || code_hi <= code_lo)
    die ("no columns or no code", ln);
  fchecks = xcalloc (n_funcs, sizeof *fchecks);
  lchecks = xcalloc (n_loops, sizeof *lchecks);
  rchecks = xcalloc (n_loops, sizeof *rchecks);
  for (uint32_t k = 0; k < n_bl; k++)
    {
      if (bl[k].col >= n_cols || bl[k].id >= (bl[k].kind == 1 ? n_funcs : n_loops))
        die ("a bound names an unknown column, function or loop", bl[k].ln);
      bchecks *b = &(bl[k].kind == 1 ? fchecks : bl[k].kind == 2 ? rchecks : lchecks)[bl[k].id];
      for (uint32_t j = 0; j < b->n; j++)
        if (b->v[j].col == bl[k].col && b->v[j].measure == bl[k].measure)
          die ("a second bound of one column", bl[k].ln);
      b->v = realloc (b->v, (b->n + 1) * sizeof *b->v);
      b->v[b->n++] = (bcheck){ .col = bl[k].col, .measure = (uint8_t) bl[k].measure,
                               .hit = bl[k].hit, .penalty = bl[k].penalty, .max = bl[k].max };
      if (bl[k].kind != 1)
        funcs[loops[bl[k].id].func].loop_bounds = 1;
    }
  free (bl);
}

static void
build_maps (void)
{
  size_t span = (size_t) (code_hi - code_lo);
  addr_map = xcalloc (span, sizeof *addr_map);
  range_map = xcalloc (span, sizeof *range_map);
  for (size_t k = 0; k < span; k++)
    addr_map[k] = range_map[k] = -1;
  for (uint32_t i = 0; i < n_insns; i++)
    {
      insn *in = &insns[i];
      if (in->addr < code_lo || in->addr + in->len > code_hi)
        {
          fprintf (stderr, "ccvalidate: insn %#llx outside the ranges\n",
                   (unsigned long long) in->addr);
          exit (2);
        }
      addr_map[in->addr - code_lo] = (int32_t) i;
      in->misses = xcalloc (n_shapes, sizeof (uint64_t));
    }
  /* Whole parts, padding included: running through padding inside a
     function does not leave it.  */
  for (uint32_t r = 0; r < n_ranges; r++)
    for (uint64_t a = ranges[r][1]; a < ranges[r][2]; a++)
      range_map[a - code_lo] = (int32_t) ranges[r][0];
  for (uint32_t i = 0; i < n_insns; i++)
    if (range_map[insns[i].addr - code_lo] != (int32_t) insns[i].func)
      {
        fprintf (stderr, "ccvalidate: insn %#llx outside its function's ranges\n",
                 (unsigned long long) insns[i].addr);
        exit (2);
      }
  seen_run = xcalloc (n_insns, 1);
  for (uint32_t i = 0; i < n_insns; i++)
    {
      insn *in = &insns[i];
      in->track_loop = xcalloc (n_cols + MAX_OWN, sizeof *in->track_loop);
      for (uint32_t c = 0; c < n_cols; c++)
        {
          verdict v = verdicts[(size_t) i * n_cols + c];
          if (v.kind != V_FL && v.kind != V_HL)
            continue;
          uint32_t t = 0;
          while (t < in->n_track && in->track_loop[t] != v.loop)
            t++;
          if (t == in->n_track)
            in->track_loop[in->n_track++] = v.loop;
        }
      /* The loops it lies in, for the tightest categorization.  */
      for (int32_t l = in->loop; l >= 0 && in->n_own < MAX_OWN; l = loops[l].parent)
        {
          uint32_t t = 0;
          while (t < in->n_track && in->track_loop[t] != l)
            t++;
          if (t >= MAX_TRACK)
            break;
          if (t == in->n_track)
            in->track_loop[in->n_track++] = l;
          in->own_t[in->n_own++] = (uint8_t) t;
        }
      in->broken = xcalloc (n_shapes, sizeof *in->broken);
      in->counted_misses = xcalloc (n_shapes, sizeof *in->counted_misses);
    }
  for (uint32_t i = 0; i < n_insns; i++)
    for (uint32_t c = 0; c < n_cols; c++)
      if (verdicts[(size_t) i * n_cols + c].kind != V_NONE)
        cols[c].cat_insns[verdicts[(size_t) i * n_cols + c].kind]++;
}

/* ------------------------------------------------------------------ */
/* Caches.                                                             */

/* ------------------------------------------------------------------ */
/* Invocations and loop executions.                                    */

static int32_t
func_at (uint64_t addr)
{
  if (addr < code_lo || addr >= code_hi)
    return -1;
  return range_map[addr - code_lo];
}

/* A new frame; SHARE: the invocation it belongs to, NULL for a new one.  */
static void
push_frame (int32_t fid, uint64_t ret, invocation *share)
{
  if (sp == stack_cap)
    {
      stack_cap = stack_cap ? 2 * stack_cap : 256;
      stack = realloc (stack, stack_cap * sizeof *stack);
    }
  frame *fr = &stack[sp++];
  fr->func = fid;
  fr->ret = ret;
  fr->inv = share;
  if (share)
    share->refs++;
  else if (fid >= 0)
    {
      func *fn = &funcs[fid];
      fr->inv = xcalloc (1, sizeof *fr->inv);
      fr->inv->refs = 1;
      fr->inv->cur_loop = -1;
      fr->inv->seen = xcalloc (fn->n_insns, 1);
      fr->inv->loop_exec = xcalloc (fn->n_loops + 1, sizeof *fr->inv->loop_exec);
      if (fn->loop_bounds)
        {
          fr->inv->loop_lines = xcalloc ((size_t) fn->n_loops * n_counts,
                                         sizeof *fr->inv->loop_lines);
          fr->inv->loop_heads = xcalloc (fn->n_loops, sizeof *fr->inv->loop_heads);
        }
    }
}

static void
push (int32_t fid, uint64_t ret)
{
  push_frame (fid, ret, NULL);
}

/* Is loop A (or an ancestor of it) B?  */
static int
within (int32_t a, int32_t b)
{
  if (b < 0)
    return 1;
  while (a >= 0 && loops[a].depth > loops[b].depth)
    a = loops[a].parent;
  return a == b;
}

/* ------------------------------------------------------------------ */
/* Miss bounds.                                                        */

/* An invocation or a loop execution that BC bounds ends; it began when
   lines_total was START.  WHAT, ID, EACH: how a line names it.  */
static void
end_bounded (bchecks *bc, const uint64_t *start, const char *what, uint32_t id,
             const char *each)
{
  for (uint32_t j = 0; j < bc->n; j++)
    {
      bcheck *b = &bc->v[j];
      column *c = &cols[b->col];
      uint64_t loaded = lines_total[c->shape] - start[c->shape];
      uint64_t fetched = lines_total[n_shapes + c->shape] - start[n_shapes + c->shape];
      uint64_t v = b->measure == B_MISSES ? loaded : b->measure == B_FETCHES ? fetched
                   : b->hit * fetched + b->penalty * loaded;
      b->n++;
      if (v > b->most)
        b->most = v;
      if (v <= b->max)
        continue;
      b->over++;
      if (++c->exceeded <= 20)
        printf ("bound-exceeded %s %s %u %s %llu %s %llu bound %llu\n", c->name, what, id,
                each, (unsigned long long) b->n, measure_words[b->measure],
                (unsigned long long) v, (unsigned long long) b->max);
    }
}

/* The loops of INV from loop FROM outwards that do not hold loop TO
   (-1: none) end their execution.  */
/* An execution of loop L whose header ran RUNS times ends: against
   its iteration bounds.  */
static void
end_runs (uint32_t l, uint64_t runs)
{
  bchecks *bc = &rchecks[l];
  for (uint32_t j = 0; j < bc->n; j++)
    {
      bcheck *b = &bc->v[j];
      column *c = &cols[b->col];
      b->n++;
      if (runs > b->most)
        b->most = runs;
      if (runs <= b->max)
        continue;
      b->over++;
      if (++c->runs_exceeded <= 20)
        printf ("runs-exceeded %s loop %u execution %llu runs %llu bound %llu\n", c->name, l,
                (unsigned long long) b->n, (unsigned long long) runs,
                (unsigned long long) b->max);
    }
}

static void
end_loops (invocation *inv, int32_t from, int32_t to)
{
  for (int32_t l = from; l >= 0 && !within (to, l); l = loops[l].parent)
    {
      end_bounded (&lchecks[l], inv->loop_lines + (size_t) loops[l].local * n_counts, "loop",
                   (uint32_t) l, "execution");
      end_runs ((uint32_t) l, inv->loop_heads[loops[l].local]);
    }
}

/* The frame on top, which just landed on ADDR, begins an invocation of
   FID whose bound is checked, if ADDR is its entry and a column bounds
   it.  */
static void
begin_bounded (int32_t fid, uint64_t addr)
{
  if (fid < 0 || addr != funcs[fid].entry || !fchecks[fid].n)
    return;
  if (n_brecs == cap_brecs)
    {
      cap_brecs = cap_brecs ? 2 * cap_brecs : 64;
      brecs = realloc (brecs, cap_brecs * sizeof *brecs);
      brec_lines = realloc (brec_lines, (size_t) cap_brecs * n_counts * sizeof *brec_lines);
      if (!brecs || !brec_lines)
        {
          fprintf (stderr, "ccvalidate: out of memory\n");
          exit (2);
        }
    }
  brecs[n_brecs] = (brec){ sp - 1, (uint32_t) fid };
  memcpy (brec_lines + (size_t) n_brecs * n_counts, lines_total, n_counts * sizeof *lines_total);
  n_brecs++;
}

/* The invocations of frame FRAME and those above it end.  */
static void
end_brecs (uint32_t frame)
{
  while (n_brecs && brecs[n_brecs - 1].frame >= frame)
    {
      n_brecs--;
      end_bounded (&fchecks[brecs[n_brecs].func], brec_lines + (size_t) n_brecs * n_counts,
                   "function", brecs[n_brecs].func, "invocation");
    }
}

/* The top frame ends; KEEP: it goes on as the next frame pushed (a jump
   out of its function), which keeps the invocations it holds.  */
static void
pop_frame (int keep)
{
  frame *fr = &stack[--sp];
  if (!keep)
    end_brecs (sp);
  if (fr->inv && !--fr->inv->refs)
    {
      if (fr->inv->loop_lines)
        end_loops (fr->inv, fr->inv->cur_loop, -1);
      free (fr->inv->loop_lines);
      free (fr->inv->loop_heads);
      free (fr->inv->seen);
      free (fr->inv->loop_exec);
      free (fr->inv);
    }
}

static void
pop (void)
{
  pop_frame (0);
}

/* The frame makes loop LOOP's chain the active one: loops of it that
   were not active start a new execution, and active ones that do not
   hold it end theirs.  */
static void
enter_loops (frame *fr, int32_t loop)
{
  invocation *inv = fr->inv;
  if (inv->loop_lines && inv->cur_loop != loop)
    end_loops (inv, inv->cur_loop, loop);
  for (int32_t l = loop; l >= 0; l = loops[l].parent)
    if (!within (inv->cur_loop, l))
      {
        inv->loop_exec[loops[l].local] = ++n_executions;
        if (inv->loop_lines)
          {
            memcpy (inv->loop_lines + (size_t) loops[l].local * n_counts, lines_total,
                    n_counts * sizeof *lines_total);
            inv->loop_heads[loops[l].local] = 0;
          }
      }
  inv->cur_loop = loop;
}

/* The execution of loop L that a fetch now belongs to: in the frame on
   top if L is a loop of its function, else in the nearest frame of L's
   function that runs L; 0 if none.  */
static uint64_t
execution_of (int32_t l)
{
  for (uint32_t k = sp; k-- > 0;)
    if (stack[k].func == (int32_t) loops[l].func)
      return within (stack[k].inv->cur_loop, l) ? stack[k].inv->loop_exec[loops[l].local] : 0;
  return 0;
}

/* Bring the call stack up to date for a fetch at ADDR, given how the
   previous fetch left.  */
static void
track (uint64_t addr, unsigned prev_kind, uint64_t prev_end, int prev_sibcall)
{
  int32_t fid = func_at (addr);
  if (sp == 0)
    {
      push (fid, 0);
      begin_bounded (fid, addr);
      return;
    }
  if (prev_kind == 1)
    {
      /* A call into the calling function past its entry is a thunk's:
         the same invocation goes on.  */
      frame *top = &stack[sp - 1];
      if (fid >= 0 && top->func == fid && addr != funcs[fid].entry)
        push_frame (fid, prev_end, top->inv);
      else
        {
          push (fid, prev_end);
          begin_bounded (fid, addr);
        }
      return;
    }
  if (prev_kind == 2)
    {
      /* Back to the frame whose call returns here; a return to anywhere
         else (longjmp and the like) leaves the stack as it is.  */
      int matched = 0;
      for (uint32_t k = sp; k-- > 0;)
        if (stack[k].ret == addr)
          {
            while (sp > k)
              pop ();
            matched = 1;
            break;
          }
      if (sp == 0)
        {
          push (fid, 0);
          begin_bounded (fid, addr);
        }
      else if (stack[sp - 1].func != fid
               || (!matched && fid >= 0 && addr == funcs[fid].entry))
        {
          /* Returned into code of another function than the caller's
             frame says, or to a function's entry where no call returns
             (a thunk's jump: a retpoline's tail call): start over
             there.  */
          uint64_t ret = stack[sp - 1].ret;
          pop ();
          push (fid, ret);
          begin_bounded (fid, addr);
        }
      return;
    }
  /* A sibling call starts a new invocation where it lands; running on
     into other code (a jump to another function, into code we have no
     expectations for, or back) makes the frame an invocation of it.
     For the miss bounds the frame goes on: what it runs until it
     returns counts toward the function called.  */
  frame *top = &stack[sp - 1];
  if (prev_sibcall || top->func != fid)
    {
      uint64_t ret = top->ret;
      pop_frame (1);
      push (fid, ret);
      begin_bounded (fid, addr);
    }
}

/* ------------------------------------------------------------------ */

static uint64_t n_fetches;

/* MISS: 1 missed, 0 hit, -1 the fetch itself breaks the promise.  */
static void
violation (column *c, const insn *in, const char *what, int miss)
{
  c->violations++;
  if (c->violations <= 20)
    printf ("violation %s %#llx fetch %llu %s: %s\n", c->name,
            (unsigned long long) in->addr, (unsigned long long) in->fetches,
            miss < 0 ? "happened" : miss ? "missed" : "hit", what);
}

/* One fetch of the trace, checked; returns 1 if it is the next
   iteration of a rep-prefixed string instruction (no fetch of its own).  */
static int
fetch (uint64_t addr, uint32_t len, int *miss)
{
  static uint64_t last_addr = UINT64_MAX;
  int again = addr == last_addr;
  last_addr = addr;
  for (uint32_t s = 0; s < n_shapes; s++)
    {
      lines_now[s] = fetch_lines_loaded (&shapes[s], addr, len);
      miss[s] = lines_now[s] != 0;
    }
  int32_t ix = addr >= code_lo && addr < code_hi ? addr_map[addr - code_lo] : -1;
  if (ix < 0)
    return 0;
  insn *in = &insns[ix];
  frame *fr = &stack[sp - 1];
  if (fr->func != (int32_t) in->func)
    {
      /* Our code, but the stack does not say how it got here: treat it
         as a new invocation.  */
      uint64_t ret = fr->ret;
      pop ();
      push ((int32_t) in->func, ret);
      begin_bounded ((int32_t) in->func, addr);
      fr = &stack[sp - 1];
    }
  enter_loops (fr, in->loop);
  in->fetches++;
  int first_run = !seen_run[ix];
  int first_call = !fr->inv->seen[in->local];
  seen_run[ix] = 1;
  fr->inv->seen[in->local] = 1;
  for (uint32_t s = 0; s < n_shapes; s++)
    in->misses[s] += (uint64_t) miss[s];
  /* The next iteration of a rep-prefixed string instruction: the same
     fetch, which the promise was checked on.  */
  if (again && (in->flags & 2))
    return 1;
  if (in->loop >= 0 && addr == loops[in->loop].header && fr->inv->loop_heads)
    fr->inv->loop_heads[loops[in->loop].local]++;
  /* First fetch in the current execution of each loop a verdict names
     (executions are numbered, so a new one is never confused with an
     old one).  */
  uint64_t exec[MAX_TRACK] = { 0 };
  int first_in[MAX_TRACK] = { 0 };
  for (uint32_t t = 0; t < in->n_track && t < MAX_TRACK; t++)
    {
      exec[t] = execution_of (in->track_loop[t]);
      first_in[t] = exec[t] && !key_set_add (&exec_seen, exec[t] << 24 | (uint32_t) ix);
    }
  /* What this fetch's miss (per shape) breaks of each promise the
     tightest categorization may choose.  */
  in->counted++;
  in->first_calls += (uint64_t) first_call;
  for (uint32_t k = 0; k < in->n_own; k++)
    in->first_in_own[k] += (uint64_t) first_in[in->own_t[k]];
  for (uint32_t s = 0; s < n_shapes; s++)
    {
      uint32_t b = 0;
      if (miss[s])
        {
          b |= TIGHT_AH;
          b |= first_run ? 0 : TIGHT_FP;
          b |= first_call ? 0 : TIGHT_FF;
          for (uint32_t k = 0; k < in->n_own; k++)
            b |= first_in[in->own_t[k]] ? (uint32_t) TIGHT_HL << k : (uint32_t) TIGHT_FL << k;
        }
      in->broken[s] |= b;
      in->counted_misses[s] += (uint64_t) miss[s];
    }
  for (uint32_t c = 0; c < n_cols; c++)
    {
      column *col = &cols[c];
      verdict v = verdicts[(size_t) ix * n_cols + c];
      if (v.kind == V_NONE)
        continue;
      int m = miss[col->shape];
      int first_loop = 1;
      if (v.kind == V_FL || v.kind == V_HL)
        {
          uint32_t t = 0;
          while (t < in->n_track && in->track_loop[t] != v.loop)
            t++;
          if (v.kind == V_FL && !within (in->loop, v.loop))
            {
              violation (col, in, "its loop scope does not contain it", m);
              continue;
            }
          if (t >= MAX_TRACK || !exec[t])
            {
              /* Not inside an execution of the loop (a caller's loop
                 that is not running): the promise says nothing here.  */
              col->fetches++;
              col->misses += (uint64_t) m;
              col->cat_fetches[v.kind]++;
              col->cat_misses[v.kind] += (uint64_t) m;
              col->bound++;
              continue;
            }
          first_loop = first_in[t];
        }
      col->fetches++;
      col->misses += (uint64_t) m;
      col->cat_fetches[v.kind]++;
      col->cat_misses[v.kind] += (uint64_t) m;
      switch (v.kind)
        {
        case V_AH:
          if (m)
            violation (col, in, "always-hit", m);
          break;
        case V_AM:
          col->bound++;
          if (!m)
            violation (col, in, "always-miss", m);
          break;
        case V_C:
          col->bound++;
          break;
        case V_FP:
          col->bound += (uint64_t) first_run;
          if (m && !first_run)
            violation (col, in, "first-miss(program)", m);
          break;
        case V_FF:
          col->bound += (uint64_t) first_call;
          if (m && !first_call)
            violation (col, in, "first-miss(function)", m);
          break;
        case V_FL:
          col->bound += (uint64_t) first_loop;
          if (m && !first_loop)
            violation (col, in, "first-miss(loop)", m);
          break;
        case V_HL:
          col->bound += (uint64_t) !first_loop;
          if (m && first_loop)
            violation (col, in, "first-hit(loop)", m);
          break;
        case V_NF:
          violation (col, in, "never-fetched", -1);
          break;
        }
    }
  return 0;
}

/* Column C's miss bounds and what the run did against them; returns
   how many invocations and executions exceeded theirs.  */
static uint64_t
print_bounds (uint32_t c)
{
  uint64_t n[2] = { 0, 0 }, runs[2] = { 0, 0 };
  for (int kind = 0; kind < 2; kind++)
    for (uint32_t id = 0; id < (kind ? n_loops : n_funcs); id++)
      {
        const bchecks *bc = &(kind ? lchecks : fchecks)[id];
        for (uint32_t j = 0; j < bc->n; j++)
          if (bc->v[j].col == c)
            {
              printf ("%s%s %s %u %llu %llu %llu %llu\n", measure_prefix[bc->v[j].measure],
                      kind ? "executions" : "invocations", cols[c].name, id,
                      (unsigned long long) bc->v[j].n,
                      (unsigned long long) bc->v[j].most, (unsigned long long) bc->v[j].max,
                      (unsigned long long) bc->v[j].over);
              n[kind] += bc->v[j].measure == B_MISSES;
              runs[kind] += bc->v[j].measure == B_MISSES ? bc->v[j].n : 0;
            }
      }
  printf ("bounds %s functions %llu loops %llu invocations %llu executions %llu exceeded %llu\n",
          cols[c].name, (unsigned long long) n[0], (unsigned long long) n[1],
          (unsigned long long) runs[0], (unsigned long long) runs[1],
          (unsigned long long) cols[c].exceeded);
  return cols[c].exceeded;
}

/* Column C's iteration bounds and what the run did against them;
   returns how many executions exceeded theirs.  */
static uint64_t
print_runs (uint32_t c)
{
  uint64_t n = 0, runs = 0;
  for (uint32_t l = 0; l < n_loops; l++)
    for (uint32_t j = 0; j < rchecks[l].n; j++)
      if (rchecks[l].v[j].col == c)
        {
          const bcheck *b = &rchecks[l].v[j];
          printf ("iterations %s %u %llu %llu %llu %llu\n", cols[c].name, l,
                  (unsigned long long) b->n, (unsigned long long) b->most,
                  (unsigned long long) b->max, (unsigned long long) b->over);
          n++;
          runs += b->n;
        }
  printf ("runs %s loops %llu executions %llu exceeded %llu\n", cols[c].name,
          (unsigned long long) n, (unsigned long long) runs,
          (unsigned long long) cols[c].runs_exceeded);
  return cols[c].runs_exceeded;
}

/* Per shape S, the misses the tightest per-instruction categorization
   of this run allows, over the insns whose flag bit 2 is EXTRA (0: the
   program's code; 4: code only some columns know, printed if there is
   any): for each instruction the smallest bound among the promises the
   run kept (conflict: every fetch; always-hit: none; first-miss of the
   run, of each invocation, of each execution of a loop it lies in: once
   per scope; first-hit of such a loop: all but one per execution).  */
static void
print_tightest (uint32_t s, uint32_t extra)
{
  uint64_t bound = 0, fetches = 0, misses = 0, n_in = 0;
  for (uint32_t i = 0; i < n_insns; i++)
    {
      const insn *in = &insns[i];
      if ((in->flags & 4) != extra)
        continue;
      n_in++;
      uint32_t b = in->broken[s];
      uint64_t n = in->counted, best = n;
      if (!(b & TIGHT_AH))
        best = 0;
      if (!(b & TIGHT_FP) && n && best > 1)
        best = 1;
      if (!(b & TIGHT_FF) && in->first_calls < best)
        best = in->first_calls;
      for (uint32_t k = 0; k < in->n_own; k++)
        {
          if (!(b & (TIGHT_FL << k)) && in->first_in_own[k] < best)
            best = in->first_in_own[k];
          if (!(b & (TIGHT_HL << k)) && n - in->first_in_own[k] < best)
            best = n - in->first_in_own[k];
        }
      bound += best;
      fetches += n;
      misses += in->counted_misses[s];
    }
  if (extra && !n_in)
    return;
  printf ("column tightest%s@%u/%u/%u%s fetches %llu misses %llu bound %llu violations 0\n",
          extra ? "-bytes" : "", shapes[s].size, shapes[s].line, shapes[s].ways,
          (const char *const[]){ "", "/fifo", "/plru", "/random" }[shapes[s].policy],
          (unsigned long long) fetches, (unsigned long long) misses,
          (unsigned long long) bound);
}

int
main (int argc, char **argv)
{
  if (argc < 3 || argc > 4)
    {
      fprintf (stderr, "usage: ccvalidate EXPECT TRACE [PER-ADDRESS-OUT]\n");
      return 2;
    }
  read_expect (argv[1]);
  build_maps ();
  FILE *t = fopen (argv[2], "rb");
  if (!t)
    {
      perror (argv[2]);
      return 2;
    }
  static uint64_t rec[1 << 14];
  size_t got;
  unsigned prev_kind = 0;
  uint64_t prev_end = 0;
  int prev_sibcall = 0;
  int *miss = xcalloc (n_shapes, sizeof (int));
  n_counts = 2 * n_shapes;
  lines_total = xcalloc (n_counts, sizeof *lines_total);
  lines_now = xcalloc (n_shapes, sizeof *lines_now);
  while ((got = fread (rec, sizeof rec[0], sizeof rec / sizeof rec[0], t)) > 0)
    for (size_t k = 0; k < got; k++)
      {
        uint64_t addr = rec[k] & 0xffffffffffffULL;
        uint32_t len = (uint32_t) (rec[k] >> 48) & 0xff;
        unsigned kind = (unsigned) (rec[k] >> 56);
        if (len == 0)
          len = 1;
        track (addr, prev_kind, prev_end, prev_sibcall);
        int repeat = fetch (addr, len, miss);
        int32_t ix = addr >= code_lo && addr < code_hi ? addr_map[addr - code_lo] : -1;
        for (uint32_t s = 0; s < n_shapes; s++)
          {
            lines_total[s] += lines_now[s];
            if (!repeat)
              lines_total[n_shapes + s] += (addr + len - 1) / shapes[s].line - addr / shapes[s].line + 1;
          }
        prev_sibcall = ix >= 0 && (insns[ix].flags & 1);
        prev_kind = kind;
        prev_end = addr + len;
        n_fetches++;
      }
  fclose (t);
  /* The invocations and loop executions the trace leaves running end
     with it: what they loaded so far is checked.  */
  while (sp)
    pop ();
  uint64_t broken = 0;
  printf ("trace %llu fetches\n", (unsigned long long) n_fetches);
  for (uint32_t c = 0; c < n_cols; c++)
    {
      column *col = &cols[c];
      broken += col->violations;
      printf ("column %s fetches %llu misses %llu bound %llu violations %llu\n", col->name,
              (unsigned long long) col->fetches, (unsigned long long) col->misses,
              (unsigned long long) col->bound, (unsigned long long) col->violations);
      for (int k = 0; k < V_N; k++)
        if (col->cat_insns[k])
          printf ("category %s %s insns %llu fetches %llu misses %llu\n", col->name,
                  kind_names[k], (unsigned long long) col->cat_insns[k],
                  (unsigned long long) col->cat_fetches[k],
                  (unsigned long long) col->cat_misses[k]);
    }
  for (uint32_t s = 0; s < n_shapes; s++)
    print_tightest (s, 0);
  for (uint32_t s = 0; s < n_shapes; s++)
    print_tightest (s, 4);
  for (uint32_t c = 0; c < n_cols; c++)
    broken += print_bounds (c) + print_runs (c);
  if (argc == 4)
    {
      FILE *o = fopen (argv[3], "w");
      if (!o)
        {
          perror (argv[3]);
          return 2;
        }
      for (uint32_t s = 0; s < n_shapes; s++)
        fprintf (o, "shape %u %u %u %u %s\n", s, shapes[s].size, shapes[s].line, shapes[s].ways,
                 (const char *const[]){ "lru", "fifo", "plru", "random" }[shapes[s].policy]);
      for (uint32_t i = 0; i < n_insns; i++)
        {
          fprintf (o, "%llx %llu", (unsigned long long) insns[i].addr,
                   (unsigned long long) insns[i].fetches);
          for (uint32_t s = 0; s < n_shapes; s++)
            fprintf (o, " %llu", (unsigned long long) insns[i].misses[s]);
          fputc ('\n', o);
        }
      fclose (o);
    }
  return broken ? 1 : 0;
}
