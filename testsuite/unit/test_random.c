/* cachecat engine against a concrete cache on random programs.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Random program models (calls, recursion, unknown code that calls back,
   irreducible loops, straddling insns, padding, unaligned sections, cold
   parts in a second section; machine instructions never fetched, maybe
   fetched, fetched out of order, with a last byte only maybe fetched, or
   with unknown code after them, docs/semantics.md §3) are analysed, then
   executed at random on a concrete cache (half of them direct-mapped, the
   others 2, 4 or 8 ways under LRU, FIFO, tree PLRU or random
   replacement) with the sections placed at random (within their
   alignment; now and then the second right after the first, sharing a
   line), and every fetch is checked against the promise of its insn
   (docs/semantics.md §7.1):
     always-hit    never misses;
     always-miss   always misses;
     first-miss(S) misses at most on the first fetch of the insn in each
                   execution of S (program run, invocation, loop execution);
                   a fetch belongs to the invocation that runs it, not to
                   the callers of that invocation (a recursive call is an
                   invocation of its own, with loop executions of its own);
     first-hit(L)  hits on the first fetch of the insn in each execution
                   of loop L.
   The UP rules are checked on every model too.  A failure prints the seed
   and the fetch; "test_random SEED" replays one model.  */

#include "unit.h"
#include "mk_model.h"
#include "engine/engine_impl.h"
#include "up_rules.h"
#include "../tools/cache_sim.h"
#include "../tools/key_set.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Random numbers: a fixed generator, so a seed replays anywhere.      */

static uint64_t rng_state;

static uint32_t
rnd (uint32_t n)
{
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return n ? (uint32_t) ((rng_state >> 33) % n) : 0;
}

static int
chance (uint32_t percent)
{
  return rnd (100) < percent;
}

/* ------------------------------------------------------------------ */
/* Random models.                                                      */

#define MAX_FUNCS 4
#define FOREIGN_BASE 0x400000u

typedef struct program
{
  cc_model m;
  cc_cache cache;
  cc_analysis_opts opts;
  uint32_t n_sections;
  const char *entry;        /* NULL: every public function is a warm root */
  uint32_t section_end[2];  /* end of the code in each section */
} program;

static const char *const func_names[MAX_FUNCS] = { "f0", "f1", "f2", "f3" };

/* What the machine instructions of GCC's insns bring (machine.h), on
   insn IN, the K-th of its block (PREV the one before it): after the
   first, one never fetched (the int3 after a hardened ret), one maybe
   fetched, a run of them fetched in any order (as in a thunk that jumps
   back: machine.h makes every one after the first of such an insn maybe
   fetched and unordered), one whose last bytes only some link fetches
   (jmp *f@GOTPCREL), one after which unknown code may run (a TLS
   descriptor call).  */
static void
random_machine (cc_insn *in, const cc_insn *prev, uint32_t k)
{
  if (k > 0 && prev->unordered && chance (60))
    {
      in->fetch = CC_FETCH_MAYBE;
      in->unordered = 1;
    }
  else if (k > 0 && chance (6))
    in->fetch = CC_FETCH_NEVER;
  else if (k > 0 && chance (8))
    {
      in->fetch = CC_FETCH_MAYBE;
      in->unordered = (uint8_t) chance (30);
    }
  if (in->length > 1 && chance (4))
    {
      in->rewrite = CC_REWRITE_GOTPCRELX;
      in->maybe_tail = 1 + rnd (in->length - 1);
    }
  else if (chance (2))
    in->rewrite = CC_REWRITE_TLSDESC;
}

static void
make_program (program *p)
{
  memset (p, 0, sizeof *p);
  static const uint32_t lines[] = { 8, 16, 32 };
  /* Half the caches direct-mapped, the others 2, 4 or 8 ways under each
     policy.  */
  uint32_t line = lines[rnd (3)], sets = 1u << rnd (4);
  uint32_t ways = chance (50) ? 1 : 2u << rnd (3);
  p->cache = mk_cache (line * sets * ways, line, ways);
  p->cache.policy = ways > 1 ? rnd (4) : CC_POLICY_LRU;
  p->n_sections = 1 + chance (40);
  static const uint32_t aligns[] = { 1, 4, 16, 64 };
  uint32_t pos[2] = { 0, 0 };
  for (uint32_t s = 0; s < p->n_sections; s++)
    cc_model_add_section (&p->m, s ? ".text.unlikely" : ".text", aligns[rnd (4)]);
  uint32_t nf = 1 + rnd (MAX_FUNCS);
  for (uint32_t fi = 0; fi < nf; fi++)
    {
      /* Now and then a function the producer could not model: its
         code runs, but calls to it are unknown code.  */
      cc_func *f = mk_func (&p->m, func_names[fi],
                            (fi == 0 || chance (40) ? CC_FUNC_PUBLIC : 0)
                            | (chance (6) ? CC_FUNC_BROKEN : 0));
      uint32_t nb = 1 + rnd (9);
      /* Blocks from COLD on go to a part in the second section.  */
      uint32_t cold = p->n_sections > 1 && nb > 1 && chance (50) ? 1 + rnd (nb - 1) : nb;
      uint32_t start[2] = { pos[0] += rnd (24), pos[1] += rnd (24) };
      for (uint32_t b = 0; b < nb; b++)
        {
          uint32_t part = b >= cold, sec = part;
          uint32_t ni = 1 + rnd (4);
          /* Padding before the block (run on a fall-through into it).  */
          if (b > 0 && b != cold)
            pos[sec] += rnd (3) ? 0 : 1 + rnd (7);
          uint32_t bl = mk_block (f, part, pos[sec], ni, 1);
          for (uint32_t k = 0; k < ni; k++)
            {
              cc_insn *in = &f->insns[f->blocks[bl].first_insn + k];
              in->offset = pos[sec];
              in->length = 1 + rnd (7);
              /* Inline asm: unknown code may run after it.  */
              if (chance (3))
                in->kind = CC_INSN_ASM;
              random_machine (in, in - 1, k);
              pos[sec] += in->length;
            }
        }
      mk_part (f, func_names[fi], 0, start[0], pos[0] - start[0]);
      if (cold < nb)
        {
          char name[16];
          snprintf (name, sizeof name, "%s.cold", func_names[fi]);
          mk_part (f, name, 1, start[1], pos[1] - start[1]);
        }
      for (uint32_t b = 0; b < nb; b++)
        {
          cc_block *bb = &f->blocks[b];
          uint32_t n = rnd (4);
          if (b + 1 < nb && b + 1 != cold && chance (70))
            mk_succ (f, b, b + 1, 1);
          for (uint32_t k = 0; k < n; k++)
            {
              uint32_t t = rnd (nb);
              if (!is_succ (bb, t) && t != b + 1)
                mk_succ (f, b, t, 0);
            }
          bb->exits = bb->n_succs == 0 ? chance (80) : chance (15);
          /* A call to a name past the last function is unknown code.  */
          if (chance (25))
            mk_call (f, b, chance (30) ? NULL : func_names[rnd (MAX_FUNCS)]);
        }
    }
  uint32_t mode = rnd (10);
  p->entry = mode < 8 ? "f0" : NULL;
  p->section_end[0] = pos[0];
  p->section_end[1] = pos[1];
  /* A quarter of the models use a reduced method (make validate measures
     those too): they must be sound as well.  */
  p->opts = (cc_analysis_opts){ .entry = p->entry, .entry_cold = mode < 6,
                                .reduce = chance (25) ? 1 + rnd (7) : 0 };
  /* A fifth are analysed in small groups of functions, as big units are.  */
  if (chance (20))
    p->opts.group_insns = 1 + rnd (40);
  /* A sixth cap the instances low, so that some calls unfold and others
     share a merged instance (the size budget never runs out on models
     this small).  */
  if (chance (16))
    p->opts.max_instances = 1 + rnd (4);
  /* A quarter as a whole program (cachecat-link): a function nothing
     reaches is no root; the runs below never call it either.  */
  if (chance (25))
    p->opts.whole_program = 1;
}

/* ------------------------------------------------------------------ */
/* Concrete execution.                                                 */

typedef struct frame
{
  uint32_t func, block;
  uint8_t *seen_call;       /* per insn: fetched in this invocation */
  uint8_t *seen_loop;       /* per loop and insn: fetched in the loop's
                               current execution */
  uint8_t *loop_active;     /* per loop */
  uint64_t *loop_exec;      /* per loop: its current execution's number */
  int callback;             /* called by unknown code: returns into it */
} frame;

typedef struct runner
{
  const program *p;
  const cc_result *r;
  uint32_t base[2];
  int adjacent;             /* the second section right after the first */
  shape cache;              /* the concrete cache */
  uint8_t **seen_run;       /* per function, per insn */
  frame stack[40];
  uint32_t sp;
  uint64_t seed;
  long checked, broken;
  long by_kind[7];          /* fetches checked per promise kind */
  uint64_t n_exec;          /* loop executions so far */
  key_set fh_seen;          /* (loop execution, function, insn) fetched,
                               for first-hit */
} runner;

enum { K_AH, K_AM, K_FM_PROGRAM, K_FM_FUNCTION, K_FM_LOOP, K_CONFLICT, K_FH };
static const char *const kind_names[] = { "always-hit", "always-miss",
  "first-miss(program)", "first-miss(function)", "first-miss(loop)", "conflict",
  "first-hit(loop)" };

static int
fetch_bytes (runner *x, uint32_t addr, uint32_t len)
{
  return fetch_lines (&x->cache, addr, len);
}

static uint32_t
insn_addr (const runner *x, const cc_func *f, uint32_t i)
{
  return x->base[f->parts[f->insns[i].part].section] + f->insns[i].offset;
}

static void
report (runner *x, const frame *fr, uint32_t i, int miss, const char *why)
{
  x->broken++;
  if (x->broken > 5)
    return;
  const cc_func *f = &x->p->m.funcs[fr->func];
  fprintf (stderr, "seed %llu: %s+%u (block %u) %s: %s\n",
           (unsigned long long) x->seed, f->name, f->insns[i].offset, fr->block,
           miss ? "missed" : "hit", why);
}

/* Fetch insn I of the frame on top and check its promise.  */
static void
fetch_insn (runner *x, uint32_t i)
{
  frame *fr = &x->stack[x->sp - 1];
  const cc_func *f = &x->p->m.funcs[fr->func];
  const cc_func_result *res = &x->r->funcs[fr->func];
  const cc_insn *in = &f->insns[i];
  if (in->fetch == CC_FETCH_NEVER)
    {
      report (x, fr, i, 0, "never-fetched insn fetched (the runner is wrong)");
      return;
    }
  /* The bytes a link fetches: all, or all but a tail ld made a nop.  */
  uint32_t len = in->length - (in->maybe_tail && chance (50) ? in->maybe_tail : 0);
  int miss = fetch_bytes (x, insn_addr (x, f, i), len);
  cc_verdict v = res->insns[i].merged;
  if (getenv ("CACHECAT_RANDOM_TRACE"))
    fprintf (stderr, "  fetch %s+%u %s depth %u block %u loop0 %d exec %llu\n", f->name,
             f->insns[i].offset, miss ? "miss" : "hit", x->sp, fr->block,
             res->n_loops ? fr->loop_active[0] : -1,
             res->n_loops ? (unsigned long long) fr->loop_exec[0] : 0ULL);
  x->checked++;
  x->by_kind[v.category == CC_ALWAYS_HIT ? K_AH
             : v.category == CC_ALWAYS_MISS ? K_AM
             : v.category == CC_FIRST_HIT ? K_FH
             : v.category != CC_FIRST_MISS ? K_CONFLICT
             : v.scope == CC_SCOPE_PROGRAM ? K_FM_PROGRAM
             : v.scope == CC_SCOPE_FUNCTION ? K_FM_FUNCTION : K_FM_LOOP]++;
  if (v.category == CC_ALWAYS_HIT && miss)
    report (x, fr, i, miss, "always-hit");
  if (v.category == CC_ALWAYS_MISS && !miss)
    report (x, fr, i, miss, "always-miss");
  if (v.category == CC_FIRST_MISS && miss)
    {
      int again = 0;
      if (v.scope == CC_SCOPE_PROGRAM)
        again = x->seen_run[fr->func][i];
      if (v.scope == CC_SCOPE_FUNCTION)
        again = fr->seen_call[i];
      if (v.scope == CC_SCOPE_LOOP)
        again = fr->loop_active[v.loop] && fr->seen_loop[(size_t) v.loop * f->n_insns + i];
      if (again)
        report (x, fr, i, miss,
                v.scope == CC_SCOPE_PROGRAM ? "first-miss(program)"
                : v.scope == CC_SCOPE_FUNCTION ? "first-miss(function)"
                                               : "first-miss(loop)");
    }
  if (v.category == CC_FIRST_HIT)
    {
      /* The execution of the loop this fetch belongs to: of the frame if
         the loop is its function's, else of the nearest caller frame of
         the loop's function.  */
      uint32_t sf = v.other_func ? v.other_func - 1 : fr->func;
      /* The loop it names must exist (a group's numbering of functions
         once leaked into the unit's result here).  */
      if (sf >= x->p->m.n_funcs || v.loop >= x->r->funcs[sf].n_loops)
        {
          report (x, fr, i, miss, "first-hit(loop) of a loop that does not exist");
          return;
        }
      uint64_t exec = 0;
      for (uint32_t k = x->sp; k-- > 0;)
        if (x->stack[k].func == sf)
          {
            exec = x->stack[k].loop_active[v.loop] ? x->stack[k].loop_exec[v.loop] : 0;
            break;
          }
      if (exec && !key_set_add (&x->fh_seen, exec << 16 | fr->func << 12 | i) && miss)
        report (x, fr, i, miss, "first-hit(loop)");
    }
  x->seen_run[fr->func][i] = 1;
  fr->seen_call[i] = 1;
  for (uint32_t l = 0; l < res->n_loops; l++)
    if (fr->loop_active[l])
      fr->seen_loop[(size_t) l * f->n_insns + i] = 1;
}

static int
push (runner *x, uint32_t func, int callback)
{
  if (x->sp == sizeof x->stack / sizeof x->stack[0])
    return 0;
  const cc_func *f = &x->p->m.funcs[func];
  const cc_func_result *res = &x->r->funcs[func];
  frame *fr = &x->stack[x->sp++];
  fr->func = func;
  fr->block = 0;
  fr->callback = callback;
  fr->seen_call = calloc (f->n_insns + 1, 1);
  fr->seen_loop = calloc ((size_t) res->n_loops * f->n_insns + 1, 1);
  fr->loop_active = calloc (res->n_loops + 1, 1);
  fr->loop_exec = calloc (res->n_loops + 1, sizeof *fr->loop_exec);
  for (uint32_t l = 0; l < res->n_loops; l++)
    if ((fr->loop_active[l] = (uint8_t) cc_loop_contains (res, l, 0)))
      fr->loop_exec[l] = ++x->n_exec;
  return 1;
}

static void
pop (runner *x)
{
  frame *fr = &x->stack[--x->sp];
  free (fr->seen_call);
  free (fr->seen_loop);
  free (fr->loop_active);
  free (fr->loop_exec);
}

/* Move the frame on top from its block to block S (a CFG edge): the
   padding on a fall-through, and loop executions that start or end.  */
static void
go_to (runner *x, uint32_t s)
{
  frame *fr = &x->stack[x->sp - 1];
  const cc_func *f = &x->p->m.funcs[fr->func];
  const cc_func_result *res = &x->r->funcs[fr->func];
  const cc_block *bb = &f->blocks[fr->block];
  if (s == bb->fallthru)
    {
      const cc_insn *last = &f->insns[bb->first_insn + bb->n_insns - 1];
      const cc_insn *next = &f->insns[f->blocks[s].first_insn];
      uint32_t end = last->offset + last->length;
      if (next->offset > end)
        fetch_bytes (x, x->base[f->parts[last->part].section] + end, next->offset - end);
    }
  for (uint32_t l = 0; l < res->n_loops; l++)
    {
      int from = cc_loop_contains (res, l, fr->block), to = cc_loop_contains (res, l, s);
      if (to && !from)
        {
          fr->loop_active[l] = 1;
          fr->loop_exec[l] = ++x->n_exec;
          memset (fr->seen_loop + (size_t) l * f->n_insns, 0, f->n_insns);
        }
      else if (!to)
        fr->loop_active[l] = 0;
    }
  fr->block = s;
}

/* Unknown code: it fetches lines of its own, anywhere, among them code the
   linker put right before or right after a section, which may share the
   section's first or last line (unless that is the other section).  */
static void
foreign_code (runner *x)
{
  const program *p = x->p;
  for (uint32_t k = rnd (4); k > 0; k--)
    {
      uint32_t s = rnd (p->n_sections), line = p->cache.line;
      if (chance (30) && !(x->adjacent && s == 1))
        fetch_bytes (x, x->base[s] - 1 - rnd (line), 1);
      else if (chance (40) && !(x->adjacent && s == 0))
        fetch_bytes (x, x->base[s] + p->section_end[s] + rnd (line), 1);
      else
        fetch_bytes (x, FOREIGN_BASE + rnd (4096), 1 + rnd (8));
    }
}

/* Fetch insn I of the frame on top, and run the unknown code that may
   run after it.  */
static void
fetch_one (runner *x, uint32_t i)
{
  const cc_insn *in = &x->p->m.funcs[x->stack[x->sp - 1].func].insns[i];
  fetch_insn (x, i);
  if (cc_insn_unknown_after (in))
    foreign_code (x);
}

/* A function that unknown code may call: a public one, but not the entry
   (the program starts there; nothing calls it again).  CC_NONE if none.  */
static uint32_t
random_public (const runner *x)
{
  const cc_model *m = &x->p->m;
  uint32_t pub[MAX_FUNCS], n = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    if ((m->funcs[fi].flags & CC_FUNC_PUBLIC)
        && !(x->p->entry && strcmp (m->funcs[fi].name, x->p->entry) == 0))
      pub[n++] = fi;
  return n ? pub[rnd (n)] : CC_NONE;
}

/* After block B of the frame on top (its insns and its call are done):
   return, branch, or stop.  Returns 0 when the program ends.  */
static int leave_block (runner *x);

/* Run the frame on top from its current block until the program ends or
   the step budget runs out.  */
static void
run (runner *x, uint32_t steps)
{
  while (x->sp && steps-- > 0)
    {
      frame *fr = &x->stack[x->sp - 1];
      const cc_func *f = &x->p->m.funcs[fr->func];
      const cc_block *bb = &f->blocks[fr->block];
      /* A maybe fetched insn is fetched or not; one fetched out of order
         may also come after the next, if that is one too.  Not after an
         insn fetched in order: control runs backwards only inside one
         GCC insn, whose instructions after the first are all unordered
         (docs/semantics.md §3.3, machine.c), so such an insn is another
         GCC insn's, and the deferred one is fetched before it.  */
      uint32_t deferred = CC_NONE;
      for (uint32_t k = 0; k < bb->n_insns; k++)
        {
          uint32_t i = bb->first_insn + k;
          const cc_insn *in = &f->insns[i];
          if (deferred != CC_NONE && !in->unordered && in->fetch != CC_FETCH_NEVER)
            {
              fetch_one (x, deferred);
              deferred = CC_NONE;
            }
          if (in->fetch == CC_FETCH_NEVER || (in->fetch == CC_FETCH_MAYBE && chance (40)))
            continue;
          if (in->unordered && deferred == CC_NONE && k + 1 < bb->n_insns
              && in[1].unordered && chance (50))
            {
              deferred = i;
              continue;
            }
          fetch_one (x, i);
          if (deferred != CC_NONE && deferred != i)
            {
              fetch_one (x, deferred);
              deferred = CC_NONE;
            }
        }
      if (deferred != CC_NONE)
        fetch_one (x, deferred);
      uint32_t callee = bb->call == CC_CALL_DIRECT
                          ? cc_model_find_func (&x->p->m, bb->callee) : CC_NONE;
      if (bb->call != CC_CALL_NONE && callee == CC_NONE)
        {
          foreign_code (x);
          /* Unknown code may call back into a public function.  */
          uint32_t back = random_public (x);
          if (back != CC_NONE && chance (30))
            {
              if (!push (x, back, 1))
                return;
              continue;
            }
          foreign_code (x);
        }
      else if (callee != CC_NONE)
        {
          if (!push (x, callee, 0))
            return;
          continue;
        }
      if (!leave_block (x))
        return;
    }
}

static int
leave_block (runner *x)
{
  for (;;)
    {
      frame *fr = &x->stack[x->sp - 1];
      const cc_block *bb = &x->p->m.funcs[fr->func].blocks[fr->block];
      if (bb->exits && (bb->n_succs == 0 || chance (30)))
        {
          int callback = fr->callback;
          pop (x);
          if (x->sp == 0)
            {
              /* A warm root returns to unknown code, which may call a
                 public function again.  */
              if (x->p->entry && x->p->opts.entry_cold)
                return 0;
              uint32_t again = random_public (x);
              if (again == CC_NONE || !chance (50))
                return 0;
              foreign_code (x);
              push (x, again, 0);
              return 1;
            }
          if (callback)
            foreign_code (x);
          /* Back in the caller, after its call: leave that block too.  */
          continue;
        }
      if (bb->n_succs == 0)
        return 0;
      go_to (x, bb->succs[rnd (bb->n_succs)]);
      return 1;
    }
}

static void
one_run (runner *x)
{
  const program *p = x->p;
  const cc_model *m = &p->m;
  /* Where the linker puts each section: anywhere its alignment allows.  */
  for (uint32_t s = 0; s < p->n_sections; s++)
    x->base[s] = 0x10000 * (s + 1) + m->sections[s].align * rnd (64);
  /* Or the second right after the first, as the linker puts the
     sections of -ffunction-sections: a line may hold the end of one and
     the start of the other.  */
  x->adjacent = p->n_sections > 1 && chance (60);
  if (x->adjacent)
    {
      uint32_t a = m->sections[1].align, end = x->base[0] + p->section_end[0];
      x->base[1] = (end + a - 1) / a * a;
    }
  int cold = p->entry && p->opts.entry_cold;
  /* Cold, or warm with anything in it (a random prefix of fetches).  */
  shape_free (&x->cache);
  shape_init (&x->cache, p->cache.size, p->cache.line, p->cache.ways,
              (int) p->cache.policy);
  x->cache.lfsr = 1 + rnd (0xfffe);
  for (uint32_t k = cold ? 0 : rnd (4 * p->cache.sets * p->cache.ways); k > 0; k--)
    fetch_bytes (x, rnd (0x30000), 1);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    memset (x->seen_run[fi], 0, m->funcs[fi].n_insns);
  uint32_t first = p->entry ? cc_model_find_func (m, p->entry) : random_public (x);
  if (first == CC_NONE)
    return;
  push (x, first, 0);
  run (x, 400);
  while (x->sp)
    pop (x);
}

/* Models in which some calls share a merged instance.  */
static long models_merged;

static void
test_one (uint64_t seed, long *checked, long *broken, long *by_kind, int runs)
{
  rng_state = seed * 2654435761u + 1;
  program p;
  make_program (&p);
  char *err = NULL;
  cc_result *r = cc_analyse (&p.m, &p.cache, &p.opts, &err);
  if (!CHECK (r != NULL))
    {
      fprintf (stderr, "seed %llu: %s\n", (unsigned long long) seed, err);
      free (err);
      cc_model_free (&p.m);
      return;
    }
  if (check_up_rules (&p.m, r))
    fprintf (stderr, "seed %llu: UP rules broken\n", (unsigned long long) seed);
  for (uint32_t k = 0; k < r->n_instances; k++)
    if (r->instances[k].merged)
      {
        models_merged++;
        break;
      }
  if (getenv ("CACHECAT_RANDOM_DUMP"))
    {
      fprintf (stderr, "cache %u/%u ways %u policy %u entry %s %s reduce %u group %u"
               " max-instances %u whole-program %d\n",
               p.cache.size, p.cache.line, p.cache.ways, p.cache.policy,
               p.entry ? p.entry : "-", p.opts.entry_cold ? "cold" : "warm", p.opts.reduce,
               p.opts.group_insns, p.opts.max_instances, p.opts.whole_program);
      cc_model_write (&p.m, stderr);
      for (uint32_t fi = 0; fi < p.m.n_funcs; fi++)
        for (uint32_t i = 0; i < p.m.funcs[fi].n_insns; i++)
          fprintf (stderr, "%s+%u: %s %u loop %u of %u\n", p.m.funcs[fi].name,
                   p.m.funcs[fi].insns[i].offset,
                   cc_category_name (r->funcs[fi].insns[i].merged.category),
                   r->funcs[fi].insns[i].merged.scope, r->funcs[fi].insns[i].merged.loop,
                   r->funcs[fi].insns[i].merged.other_func);
    }
  runner x = { 0 };
  x.p = &p;
  x.r = r;
  x.seed = seed;
  shape_init (&x.cache, p.cache.size, p.cache.line, p.cache.ways, (int) p.cache.policy);
  x.seen_run = calloc (p.m.n_funcs, sizeof *x.seen_run);
  for (uint32_t fi = 0; fi < p.m.n_funcs; fi++)
    x.seen_run[fi] = calloc (p.m.funcs[fi].n_insns + 1, 1);
  for (int k = 0; k < runs; k++)
    one_run (&x);
  CHECK (x.broken == 0);
  *checked += x.checked;
  for (int k = 0; k < 7; k++)
    by_kind[k] += x.by_kind[k];
  *broken += x.broken;
  for (uint32_t fi = 0; fi < p.m.n_funcs; fi++)
    free (x.seen_run[fi]);
  free (x.seen_run);
  key_set_free (&x.fh_seen);
  shape_free (&x.cache);
  cc_result_free (r, &p.m);
  cc_model_free (&p.m);
}

int
main (int argc, char **argv)
{
  long checked = 0, broken = 0, by_kind[7] = { 0 };
  /* test_random SEED replays one model; test_random FIRST LAST tries a
     range of seeds (the default is the range make check runs: about one
     seed in 15,000 found each of the last two bugs, a first-hit of a
     maybe-fetched instruction and the checker's own ordering, so it
     covers tens of thousands, some 30 s).  */
  uint64_t first = 1, last = 40000;
  if (argc == 2)
    first = last = strtoull (argv[1], NULL, 0);
  if (argc == 3)
    first = strtoull (argv[1], NULL, 0), last = strtoull (argv[2], NULL, 0);
  /* The seeds' checks (millions: one per UP rule and per run) are one
     test, that every random program keeps its promises; a failed check
     is printed with its seed all the same.  */
  int passed0 = unit_passed, failed0 = unit_failed;
  for (uint64_t seed = first; seed <= last; seed++)
    test_one (seed, &checked, &broken, by_kind, first == last ? 200 : 30);
  unit_passed = passed0;
  CHECK (unit_failed == failed0);
  printf ("random programs: %ld fetches checked, %ld promises broken; "
          "%ld models with merged instances\n", checked, broken, models_merged);
  for (int k = 0; k < 7; k++)
    printf ("  %-22s %ld fetches\n", kind_names[k], by_kind[k]);
  /* The generator must keep producing every kind of promise, or this test
     would check less than it says.  */
  if (last - first >= 1000)
    {
      for (int k = 0; k < 7; k++)
        CHECK (by_kind[k] > 1000);
      CHECK (models_merged > (long) (last - first) / 50);
    }
  return unit_finish ("random");
}
