/* cachecat engine unit tests on hand-built models.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "mk_model.h"
#include "engine/engine_impl.h"
#include "bounds/bounds.h"
#include "up_rules.h"
#include "../tools/cache_sim.h"

/* ------------------------------------------------------------------ */
/* docs/semantics.md §8.1, the direct-mapped worked example.           */

static void
build_worked_example (cc_model *m)
{
  memset (m, 0, sizeof *m);
  cc_model_add_section (m, ".text", 64);
  cc_func *mn = mk_func (m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 0x00, 0x50);
  mk_part (mn, "main.part", 0, 0x60, 0x10);
  uint32_t b1 = mk_block (mn, 0, 0x00, 4, 4);
  uint32_t b2 = mk_block (mn, 0, 0x10, 2, 4);
  uint32_t b3 = mk_block (mn, 0, 0x18, 2, 4);
  uint32_t b4 = mk_block (mn, 0, 0x20, 8, 4);
  uint32_t b6 = mk_block (mn, 0, 0x40, 2, 4);
  uint32_t b7 = mk_block (mn, 0, 0x48, 2, 4);
  uint32_t b5 = mk_block (mn, 1, 0x60, 4, 4);
  mk_call (mn, b1, "f");
  mk_succ (mn, b1, b2, 1);
  mk_succ (mn, b2, b3, 1);
  mk_succ (mn, b3, b4, 1);
  mk_succ (mn, b3, b5, 0);
  mk_succ (mn, b4, b6, 1);
  mk_succ (mn, b5, b6, 0);
  mk_succ (mn, b6, b3, 0);
  mk_succ (mn, b6, b7, 1);
  mk_exit (mn, b7);
  cc_func *f = mk_func (m, "f", 0);
  mk_part (f, "f", 0, 0x50, 0x10);
  mk_exit (f, mk_block (f, 0, 0x50, 4, 4));
}

static int
category_at (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t off)
{
  uint32_t i = mk_insn_at (&m->funcs[fi], off);
  return i == CC_NONE ? -1 : r->funcs[fi].insns[i].merged.category;
}

static void
test_worked_example (void)
{
  cc_model m;
  build_worked_example (&m);
  cc_cache c = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  if (!CHECK (r != NULL))
    return;
  CHECK_EQ (r->n_phases, 1);
  struct { uint32_t fi, off; int cat; int scope; } want[] = {
    { 0, 0x00, CC_ALWAYS_MISS, 0 },  { 1, 0x50, CC_ALWAYS_MISS, 0 },
    { 0, 0x10, CC_ALWAYS_MISS, 0 },  { 0, 0x18, CC_ALWAYS_HIT, 0 },
    { 0, 0x20, CC_CONFLICT, 0 },     { 0, 0x30, CC_FIRST_MISS, CC_SCOPE_PROGRAM },
    { 0, 0x60, CC_CONFLICT, 0 },     { 0, 0x40, CC_FIRST_MISS, CC_SCOPE_PROGRAM },
    { 0, 0x48, CC_ALWAYS_HIT, 0 },
  };
  for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
    {
      const cc_func *f = &m.funcs[want[k].fi];
      uint32_t i = mk_insn_at (f, want[k].off);
      if (!CHECK (i != CC_NONE))
        continue;
      cc_verdict v = r->funcs[want[k].fi].insns[i].merged;
      if (!CHECK_EQ (v.category, want[k].cat))
        fprintf (stderr, "    at 0x%x: %s\n", want[k].off, cc_category_name (v.category));
      if (want[k].scope)
        CHECK_EQ (v.scope, want[k].scope);
    }
  /* Every other instruction is a consecutive reference: always-hit.  */
  uint32_t firsts[] = { 0x00, 0x50, 0x10, 0x18, 0x20, 0x30, 0x60, 0x40, 0x48 };
  for (uint32_t fi = 0; fi < m.n_funcs; fi++)
    for (uint32_t i = 0; i < m.funcs[fi].n_insns; i++)
      {
        uint32_t off = m.funcs[fi].insns[i].offset;
        int is_first = 0;
        for (size_t k = 0; k < sizeof firsts / sizeof firsts[0]; k++)
          is_first |= firsts[k] == off;
        if (!is_first)
          CHECK_EQ (r->funcs[fi].insns[i].merged.category, CC_ALWAYS_HIT);
      }
  CHECK_EQ (r->counts[CC_ALWAYS_MISS], 3);
  CHECK_EQ (r->counts[CC_CONFLICT], 2);
  CHECK_EQ (r->counts[CC_FIRST_MISS], 2);
  CHECK_EQ (r->counts[CC_ALWAYS_HIT], 28 - 7);
  /* The loop: header B3 (0x18), members B3 B4 B6 B5.  */
  CHECK_EQ (r->funcs[0].n_loops, 1);
  CHECK_EQ (r->funcs[0].loops[0].header, 2);
  CHECK_EQ (r->funcs[0].loops[0].n_blocks, 4);

  /* The described run: three iterations taking B4, B5, B4, cold cache.  */
  static const uint32_t b1[] = { 0x00, 0x04, 0x08, 0x0C }, f1[] = { 0x50, 0x54, 0x58, 0x5C },
    b2[] = { 0x10, 0x14 }, b3[] = { 0x18, 0x1C },
    b4[] = { 0x20, 0x24, 0x28, 0x2C, 0x30, 0x34, 0x38, 0x3C },
    b5[] = { 0x60, 0x64, 0x68, 0x6C }, b6[] = { 0x40, 0x44 }, b7[] = { 0x48, 0x4C };
  uint32_t trace[128], n = 0;
#define RUN(blk) for (size_t k = 0; k < sizeof blk / sizeof blk[0]; k++) trace[n++] = blk[k]
  RUN (b1); RUN (f1); RUN (b2);
  RUN (b3); RUN (b4); RUN (b6);
  RUN (b3); RUN (b5); RUN (b6);
  RUN (b3); RUN (b4); RUN (b6); RUN (b7);
#undef RUN
  /* A concrete cache of the same shape (direct-mapped).  */
  shape s;
  shape_init (&s, c.size, c.line, c.ways, P_LRU);
  uint32_t misses = 0, miss_at[128], nm = 0;
  uint32_t fetches_seen[0x70] = { 0 }, misses_of[0x70] = { 0 };
  for (uint32_t k = 0; k < n; k++)
    {
      int miss = fetch_lines (&s, trace[k], 4);
      fetches_seen[trace[k]]++;
      if (miss)
        {
          misses++;
          misses_of[trace[k]]++;
          miss_at[nm++] = trace[k];
        }
    }
  CHECK_EQ (misses, 8);
  uint32_t expect_miss[] = { 0x00, 0x50, 0x10, 0x20, 0x30, 0x40, 0x60, 0x20 };
  CHECK_EQ (nm, 8);
  for (uint32_t k = 0; k < nm && k < 8; k++)
    CHECK_EQ (miss_at[k], expect_miss[k]);
  /* And every promise holds on this run.  */
  for (uint32_t fi = 0; fi < m.n_funcs; fi++)
    for (uint32_t i = 0; i < m.funcs[fi].n_insns; i++)
      {
        uint32_t a = m.funcs[fi].insns[i].offset;
        int cat = r->funcs[fi].insns[i].merged.category;
        if (cat == CC_ALWAYS_HIT)
          CHECK_EQ (misses_of[a], 0);
        if (cat == CC_ALWAYS_MISS)
          CHECK_EQ (misses_of[a], fetches_seen[a]);
        if (cat == CC_FIRST_MISS)
          CHECK (misses_of[a] <= 1);
      }
  shape_free (&s);
  cc_result_free (r, &m);
  cc_model_free (&m);
}

/* ------------------------------------------------------------------ */
/* docs/semantics.md §8.2, the two-way example (first-hit).            */

/* The verdict of the insn at OFF of function FI in the context of the
   instance that block CALL of its caller created.  */
static cc_verdict
context_verdict (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t off,
                 uint32_t call)
{
  uint32_t i = mk_insn_at (&m->funcs[fi], off);
  const cc_insn_result *ir = &r->funcs[fi].insns[i];
  for (uint32_t k = 0; k < ir->n_ctx; k++)
    if (r->instances[ir->ctx[k].instance].call_block == call)
      return ir->ctx[k].v;
  return (cc_verdict){ 0xff, 0, 0, 0 };
}

/* The two-way example's program, added to M: 2-way LRU, 4 sets of 16-byte
   lines; set 0 holds A (foo), B and C only.  main: foo (); loop { B;
   foo (); foo (); C }.  Sets *M0 to *M2 to main's blocks that call foo.  */
static void
add_two_way_program (cc_model *m, uint32_t *m0, uint32_t *m1, uint32_t *m2)
{
  cc_func *mn = mk_func (m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 0x10, 0x90);
  *m0 = mk_block (mn, 0, 0x10, 2, 4);   /* line 1, set 1: calls foo */
  *m1 = mk_block (mn, 0, 0x40, 2, 4);   /* B: line 4, set 0; header */
  *m2 = mk_block (mn, 0, 0x50, 2, 4);   /* line 5, set 1: calls foo */
  uint32_t m3 = mk_block (mn, 0, 0x80, 2, 4);   /* C: line 8, set 0 */
  uint32_t m4 = mk_block (mn, 0, 0x90, 2, 4);   /* line 9, set 1 */
  mk_call (mn, *m0, "foo");
  mk_succ (mn, *m0, *m1, 0);
  mk_call (mn, *m1, "foo");
  mk_succ (mn, *m1, *m2, 0);
  mk_call (mn, *m2, "foo");
  mk_succ (mn, *m2, m3, 0);
  mk_succ (mn, m3, *m1, 0);
  mk_succ (mn, m3, m4, 0);
  mk_exit (mn, m4);
  cc_func *foo = mk_func (m, "foo", 0);
  mk_part (foo, "foo", 0, 0xc0, 0x08);
  mk_exit (foo, mk_block (foo, 0, 0xc0, 2, 4)); /* A: line 12, set 0 */
}

/* The two-way example analysed in groups (groups.c), with a function
   before main in a group of its own: foo's first-hit must still name
   main's loop by main's index in the unit, not in its group.  */
static void
test_two_way_grouped (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_func *pad = mk_func (&m, "pad", CC_FUNC_PUBLIC);
  mk_part (pad, "pad", 0, 0x100, 0x28);
  mk_exit (pad, mk_block (pad, 0, 0x100, 10, 4));
  uint32_t m0, m1, m2;
  add_two_way_program (&m, &m0, &m1, &m2);
  cc_cache c = mk_cache (128, 16, 2);
  /* Groups of 12 insns: pad (10) alone, then main (10) and foo (2).  */
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .group_insns = 12 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  if (!CHECK (r != NULL))
    return;
  CHECK_EQ (r->n_groups, 2);
  cc_verdict second = context_verdict (&m, r, 2, 0xc0, m1);
  CHECK_EQ (second.category, CC_FIRST_HIT);
  CHECK_EQ (second.scope, CC_SCOPE_LOOP);
  CHECK_EQ (second.other_func, 2);   /* a loop of main (function 1) */
  if (second.other_func == 2)
    CHECK_EQ (r->funcs[1].loops[second.loop].header, m1);
  cc_result_free (r, &m);
  cc_model_free (&m);
}

static void
test_two_way_example (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  uint32_t m0, m1, m2;
  add_two_way_program (&m, &m0, &m1, &m2);
  cc_cache c = mk_cache (128, 16, 2);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  if (!CHECK (r != NULL))
    return;
  CHECK_EQ (r->n_instances, 4);
  /* foo's first instance misses, the second hits at the first fetch in
     each execution of main's loop, the third always hits.  */
  CHECK_EQ (context_verdict (&m, r, 1, 0xc0, m0).category, CC_ALWAYS_MISS);
  cc_verdict second = context_verdict (&m, r, 1, 0xc0, m1);
  CHECK_EQ (second.category, CC_FIRST_HIT);
  CHECK_EQ (second.scope, CC_SCOPE_LOOP);
  CHECK_EQ (second.other_func, 1);   /* a loop of main (function 0) */
  CHECK_EQ (r->funcs[0].loops[second.loop].header, m1);
  CHECK_EQ (context_verdict (&m, r, 1, 0xc0, m2).category, CC_ALWAYS_HIT);
  /* Together (the joint check, docs/semantics.md §6.5): at most one
     miss per invocation of foo, which fetches A once.  B and C always
     miss.  */
  uint32_t ia = mk_insn_at (&m.funcs[1], 0xc0);
  CHECK_EQ (r->funcs[1].insns[ia].merged.category, CC_FIRST_MISS);
  CHECK_EQ (r->funcs[1].insns[ia].merged.scope, CC_SCOPE_FUNCTION);
  CHECK_EQ (category_at (&m, r, 0, 0x40), CC_ALWAYS_MISS);
  CHECK_EQ (category_at (&m, r, 0, 0x80), CC_ALWAYS_MISS);
  /* And a concrete run agrees: three iterations.  */
  uint32_t trace[64], n = 0;
  trace[n++] = 0x10, trace[n++] = 0x14, trace[n++] = 0xc0, trace[n++] = 0xc4;
  for (int it = 0; it < 3; it++)
    {
      trace[n++] = 0x40, trace[n++] = 0x44, trace[n++] = 0xc0, trace[n++] = 0xc4;
      trace[n++] = 0x50, trace[n++] = 0x54, trace[n++] = 0xc0, trace[n++] = 0xc4;
      trace[n++] = 0x80, trace[n++] = 0x84;
    }
  shape lru;
  shape_init (&lru, c.size, c.line, c.ways, P_LRU);
  int a_miss[8] = { 0 }, na = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      int miss = fetch_lines (&lru, trace[k], 4);
      if (trace[k] == 0xc0)
        a_miss[na++] = miss;
    }
  shape_free (&lru);
  /* A: instance 1, then per iteration instances 2 and 3.  */
  CHECK_EQ (na, 7);
  CHECK (a_miss[0] && !a_miss[1] && !a_miss[2] && a_miss[3] && !a_miss[4] && a_miss[5]
         && !a_miss[6]);
  cc_result_free (r, &m);
  cc_model_free (&m);
}

/* ------------------------------------------------------------------ */
/* UP properties (docs/semantics.md §4.2, rules 1 to 6).             */

/* Does F's result hold a UP with exactly the blocks PATH?  */
static int
has_up (const cc_func_result *fr, const uint32_t *path, uint32_t n)
{
  for (uint32_t u = 0; u < fr->n_ups; u++)
    if (fr->ups[u].n_blocks == n
        && memcmp (fr->ups[u].blocks, path, n * sizeof *path) == 0)
      return 1;
  return 0;
}

static void
test_up_rules (void)
{
  cc_model m;
  build_worked_example (&m);
  /* A straight chain and a diamond in a second function.  */
  cc_func *g = mk_func (&m, "g", CC_FUNC_PUBLIC);
  mk_part (g, "g", 0, 0x80, 0x40);
  uint32_t a = mk_block (g, 0, 0x80, 2, 4), b = mk_block (g, 0, 0x88, 2, 4);
  uint32_t c = mk_block (g, 0, 0x90, 2, 4), d = mk_block (g, 0, 0x98, 2, 4);
  uint32_t e = mk_block (g, 0, 0xa0, 2, 4);
  mk_succ (&m.funcs[2], a, b, 1);
  mk_succ (&m.funcs[2], b, c, 1);
  mk_succ (&m.funcs[2], b, d, 0);
  mk_succ (&m.funcs[2], c, e, 0);
  mk_succ (&m.funcs[2], d, e, 1);
  mk_exit (&m.funcs[2], e);
  cc_cache cache = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (!CHECK (r != NULL))
    return;
  check_up_rules (&m, r);
  /* The loop of main is one if-then-else diamond: B3 B4 B6 and B3 B5 B6
     (block numbers in creation order: B6 is 4, B5 is 6).  */
  const cc_func_result *mr = &r->funcs[0];
  CHECK (has_up (mr, (uint32_t[]){ 2, 3, 4 }, 3));
  CHECK (has_up (mr, (uint32_t[]){ 2, 6, 4 }, 3));
  /* g: the chain a b and the diamond after it are one region.  */
  const cc_func_result *fr = &r->funcs[2];
  CHECK_EQ (fr->n_ups, 2);
  CHECK (has_up (fr, (uint32_t[]){ a, b, c, e }, 4));
  CHECK (has_up (fr, (uint32_t[]){ a, b, d, e }, 4));
  cc_result_free (r, &m);
  cc_model_free (&m);
}

/* A join that branches ends its UPs (else two diamonds in a row would give
   four UPs, none with an edge of its own); an if-then without else is a
   region too.  */
static void
test_up_joins (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 0x80);
  uint32_t b[7];
  for (uint32_t i = 0; i < 7; i++)
    b[i] = mk_block (f, 0, i * 16, 4, 4);
  /* Two diamonds in a row: b0 -> b1 | b2 -> b3 -> b4 | b5 -> b6.  */
  mk_succ (f, b[0], b[1], 1);
  mk_succ (f, b[0], b[2], 0);
  mk_succ (f, b[1], b[3], 0);
  mk_succ (f, b[2], b[3], 1);
  mk_succ (f, b[3], b[4], 1);
  mk_succ (f, b[3], b[5], 0);
  mk_succ (f, b[4], b[6], 0);
  mk_succ (f, b[5], b[6], 1);
  mk_exit (f, b[6]);
  /* If-then: c0 -> c1 -> c2, c0 -> c2.  */
  cc_func *g = mk_func (&m, "g", CC_FUNC_PUBLIC);
  mk_part (g, "g", 0, 0x80, 0x30);
  uint32_t c0 = mk_block (g, 0, 0x80, 4, 4), c1 = mk_block (g, 0, 0x90, 4, 4);
  uint32_t c2 = mk_block (g, 0, 0xa0, 4, 4);
  mk_succ (g, c0, c1, 1);
  mk_succ (g, c0, c2, 0);
  mk_succ (g, c1, c2, 1);
  mk_exit (g, c2);
  cc_cache cache = mk_cache (256, 16, 1);
  cc_analysis_opts o = { .entry = NULL, .entry_cold = 0, .max_instances = 0 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (!CHECK (r != NULL))
    return;
  check_up_rules (&m, r);
  const cc_func_result *fr = &r->funcs[0];
  CHECK_EQ (fr->n_ups, 5);
  CHECK (has_up (fr, (uint32_t[]){ b[0], b[1], b[3] }, 3));
  CHECK (has_up (fr, (uint32_t[]){ b[0], b[2], b[3] }, 3));
  CHECK (has_up (fr, (uint32_t[]){ b[4] }, 1));
  CHECK (has_up (fr, (uint32_t[]){ b[5] }, 1));
  CHECK (has_up (fr, (uint32_t[]){ b[6] }, 1));
  const cc_func_result *gr = &r->funcs[1];
  CHECK_EQ (gr->n_ups, 2);
  CHECK (has_up (gr, (uint32_t[]){ c0, c1, c2 }, 3));
  CHECK (has_up (gr, (uint32_t[]){ c0, c2 }, 2));
  cc_result_free (r, &m);
  cc_model_free (&m);
}

/* ------------------------------------------------------------------ */
/* Recursion, the instance cap, unknown calls.                          */

static void
test_recursion (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  /* r: B0 calls r, then B1 returns; B0 can also go straight to B1.  */
  cc_func *f = mk_func (&m, "r", 0);
  mk_part (f, "r", 0, 0, 32);
  uint32_t b0 = mk_block (f, 0, 0, 2, 4), b1 = mk_block (f, 0, 8, 2, 4);
  uint32_t b2 = mk_block (f, 0, 16, 2, 4);
  mk_succ (f, b0, b1, 1);
  mk_succ (f, b0, b2, 0);
  mk_call (f, b1, "r");
  uint32_t b3 = mk_block (f, 0, 24, 2, 4);
  mk_succ (f, b1, b3, 1);
  mk_succ (f, b2, b3, 1);
  mk_exit (f, b3);
  cc_func *mn = mk_func (&m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 64, 16);
  uint32_t c0 = mk_block (mn, 0, 64, 2, 4), c1 = mk_block (mn, 0, 72, 2, 4);
  mk_call (mn, c0, "r");
  mk_succ (mn, c0, c1, 1);
  mk_exit (mn, c1);
  cc_cache cache = mk_cache (1024, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (!CHECK (r != NULL))
    return;
  /* main and one instance of r: the recursive call is an edge back.  */
  CHECK_EQ (r->n_instances, 2);
  /* Nothing conflicts in a 1 KiB cache: the first fetch of each line
     misses (cold), later ones hit.  r's first line is fetched on every
     recursive entry, but only the first fetch can miss.  */
  CHECK_EQ (category_at (&m, r, 0, 0), CC_FIRST_MISS);
  CHECK_EQ (category_at (&m, r, 1, 64), CC_ALWAYS_MISS);
  CHECK_EQ (r->counts[CC_CONFLICT], 0);
  cc_result_free (r, &m);

  /* A cap of one instance merges r into a shared instance; still no
     unsound promise, and the cap is reported.  */
  o.max_instances = 1;
  r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK (r->capped);
      CHECK_EQ (r->n_instances, 2);
      CHECK (r->instances[1].merged);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* A chain of calls that fans out: f0 calls f1 twice, f1 calls f2 twice...
   instances double per level until the cap stops them.  */
static void
test_instance_cap (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  char name[16], callee[16];
  const int depth = 12;
  for (int d = 0; d < depth; d++)
    {
      snprintf (name, sizeof name, "f%d", d);
      snprintf (callee, sizeof callee, "f%d", d + 1);
      cc_func *f = mk_func (&m, name, d == 0 ? CC_FUNC_PUBLIC : 0);
      uint32_t base = 64 * d;
      mk_part (f, name, 0, base, 24);
      uint32_t a = mk_block (f, 0, base, 2, 4), b = mk_block (f, 0, base + 8, 2, 4);
      uint32_t c = mk_block (f, 0, base + 16, 2, 4);
      if (d + 1 < depth)
        {
          mk_call (f, a, callee);
          mk_call (f, b, callee);
        }
      mk_succ (f, a, b, 1);
      mk_succ (f, b, c, 1);
      mk_exit (f, c);
    }
  cc_cache cache = mk_cache (4096, 16, 1);
  cc_analysis_opts o = { .entry = "f0", .entry_cold = 1, .max_instances = 100000 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK_EQ (r->n_instances, (1u << depth) - 1);
      CHECK (!r->capped);
      /* No conflicts: everything fits.  f0's first insn misses once.  */
      CHECK_EQ (r->counts[CC_CONFLICT], 0);
      cc_result_free (r, &m);
    }
  o.max_instances = 50;
  r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK (r->capped);
      CHECK (r->n_instances <= 50u + depth);
      cc_result_free (r, &m);
    }
  /* Without a cap the instances may hold CC_INSTANCE_MIN_SIZE
     instructions (the unit is small): the full tree (4095 instances of 6
     insns) does not fit, so contexts merge, and the merged instances stay
     sound (everything fits in the cache: still no conflict).  */
  o.max_instances = 0;
  r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK (r->capped);
      CHECK_EQ (r->instance_budget, CC_INSTANCE_MIN_SIZE);
      uint64_t size = 0;
      uint32_t merged = 0;
      for (uint32_t x = 0; x < r->n_instances; x++)
        if (r->instances[x].merged)
          merged++;
        else
          size += m.funcs[r->instances[x].func].n_insns;
      CHECK (size <= CC_INSTANCE_MIN_SIZE);
      CHECK (size > CC_INSTANCE_MIN_SIZE - 6);
      CHECK (merged <= (uint32_t) depth);
      CHECK_EQ (r->counts[CC_CONFLICT], 0);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* An unknown call inside a loop: nothing in the loop may be promised to
   stay cached.  */
static void
test_unknown_call (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 64);
  uint32_t a = mk_block (f, 0, 0, 4, 4), h = mk_block (f, 0, 16, 4, 4);
  uint32_t x = mk_block (f, 0, 32, 4, 4), e = mk_block (f, 0, 48, 4, 4);
  mk_succ (f, a, h, 1);
  mk_call (f, h, NULL);
  mk_succ (f, h, x, 1);
  mk_succ (f, x, h, 0);
  mk_succ (f, x, e, 1);
  mk_exit (f, e);
  cc_cache cache = mk_cache (1024, 16, 1);
  cc_analysis_opts o = { .entry = NULL, .entry_cold = 0, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK_EQ (category_at (&m, r, 0, 16), CC_CONFLICT);
      CHECK_EQ (category_at (&m, r, 0, 32), CC_CONFLICT);
      /* Consecutive references still hit.  */
      CHECK_EQ (category_at (&m, r, 0, 20), CC_ALWAYS_HIT);
      /* A warm root's first insn may be cached already: never always-miss;
         the unknown call later in the invocation may evict it, and the
         reaching sets cannot tell that it runs once per invocation.  */
      CHECK_EQ (category_at (&m, r, 0, 0), CC_CONFLICT);
      /* After the loop, line 3 (0x30) is reached only once per invocation,
         but unknown code ran before: not always-miss, not always-hit.  */
      int c48 = category_at (&m, r, 0, 48);
      CHECK (c48 != CC_ALWAYS_MISS && c48 != CC_ALWAYS_HIT);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* A loop calls B, a function without a model.  main: 0x00 (set 0), the
   loop's header 0x10 (set 1), which calls B at 0x14 and goes on at 0x18
   on the same line, and its body 0x20 (set 2), then 0x30 (set 3).  B's
   bytes are at 0x50 (set 1); its footprint, if it has one, is those
   bytes and G (0x40, set 0), which it calls, and with WIDE a second line
   of set 1 (0x90).  FP_CALL names what the footprint calls (NULL: B has
   no footprint).  Returns the result on a cache of WAYS ways of 4 sets
   of 16-byte lines.  */
static cc_result *
footprint_loop (cc_model *m, const char *fp_call, int wide, uint32_t ways)
{
  memset (m, 0, sizeof *m);
  cc_model_add_section (m, ".text", 16);
  cc_func *f = mk_func (m, "main", CC_FUNC_PUBLIC);
  mk_part (f, "main", 0, 0x00, 0x40);
  uint32_t a = mk_block (f, 0, 0x00, 4, 4), h = mk_block (f, 0, 0x10, 2, 4);
  uint32_t h2 = mk_block (f, 0, 0x18, 2, 4), x = mk_block (f, 0, 0x20, 4, 4);
  uint32_t e = mk_block (f, 0, 0x30, 4, 4);
  mk_succ (f, a, h, 1);
  mk_call (f, h, "b");
  mk_succ (f, h, h2, 1);
  mk_succ (f, h2, x, 1);
  mk_succ (f, x, h, 0);
  mk_succ (f, x, e, 1);
  mk_exit (f, e);
  cc_func *g = mk_func (m, "g", CC_FUNC_PUBLIC);
  mk_part (g, "g", 0, 0x40, 16);
  mk_exit (g, mk_block (g, 0, 0x40, 4, 4));
  cc_func *b = mk_func (m, "b", CC_FUNC_BROKEN);
  mk_part (b, "b", 0, 0x50, 16);
  mk_block (b, 0, 0x50, 4, 4);
  if (fp_call)
    {
      cc_footprint *fp = b->footprint = cc_xcalloc (1, sizeof *fp);
      fp->ranges = cc_xcalloc (2, sizeof *fp->ranges);
      fp->ranges[0] = (cc_part){ NULL, 0, 0x50, 16 };
      fp->ranges[1] = (cc_part){ NULL, 0, 0x90, 16 };
      fp->n_ranges = wide ? 2 : 1;
      fp->calls = cc_xcalloc (1, sizeof *fp->calls);
      fp->calls[0] = cc_xstrdup (fp_call);
      fp->n_calls = 1;
    }
  cc_cache cache = mk_cache (64 * ways, 16, ways);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (m, &cache, &o, &err);
  free (err);
  return r;
}

/* A call of a function without a model evicts what its footprint may
   fetch, and only that (docs/semantics.md §7.4, "Footprints").  */
static void
test_footprint (void)
{
  cc_model m;
  /* Direct-mapped: the body's set holds no line of the footprint, so the
     body misses once per execution of main's loop; the header's set
     holds B's line, which may evict the header's after the call.  */
  cc_result *r = footprint_loop (&m, "g", 0, 1);
  if (CHECK (r != NULL))
    {
      CHECK_EQ (category_at (&m, r, 0, 0x20), CC_FIRST_MISS);
      CHECK_EQ (category_at (&m, r, 0, 0x18), CC_CONFLICT);
      /* G's line may evict main's first, whose set it shares.  */
      CHECK (category_at (&m, r, 0, 0x00) != CC_ALWAYS_HIT);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
  /* Two ways: one line of the footprint in the header's set ages the
     header's line by one, which two ways survive; two lines age it out.  */
  for (int wide = 0; wide < 2; wide++)
    {
      r = footprint_loop (&m, "g", wide, 2);
      if (CHECK (r != NULL))
        {
          CHECK_EQ (category_at (&m, r, 0, 0x20), CC_FIRST_MISS);
          CHECK_EQ (category_at (&m, r, 0, 0x18), wide ? CC_CONFLICT : CC_ALWAYS_HIT);
          cc_result_free (r, &m);
        }
      cc_model_free (&m);
    }
  /* No footprint, or one that names a function the model lacks: unknown
     code, which may evict anything.  */
  const char *none[] = { NULL, "nosuch" };
  for (int k = 0; k < 2; k++)
    {
      r = footprint_loop (&m, none[k], 0, 2);
      if (CHECK (r != NULL))
        {
          CHECK_EQ (category_at (&m, r, 0, 0x20), CC_CONFLICT);
          CHECK_EQ (category_at (&m, r, 0, 0x18), CC_CONFLICT);
          cc_result_free (r, &m);
        }
      cc_model_free (&m);
    }
}

/* A warm root without calls: its first line may be cached from an earlier
   call or by unknown code, so first-miss, scoped to one invocation (unknown
   code may evict it between invocations).  */
static void
test_warm_root (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 16);
  mk_exit (f, mk_block (f, 0, 0, 4, 4));
  cc_cache cache = mk_cache (1024, 16, 1);
  cc_analysis_opts o = { .entry = NULL, .entry_cold = 0, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      uint32_t i = mk_insn_at (&m.funcs[0], 0);
      CHECK_EQ (r->funcs[0].insns[i].merged.category, CC_FIRST_MISS);
      CHECK_EQ (r->funcs[0].insns[i].merged.scope, CC_SCOPE_FUNCTION);
      CHECK_EQ (category_at (&m, r, 0, 4), CC_ALWAYS_HIT);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* Two contexts of one function, each alone first-miss(program), jointly
   not: f runs before and after g evicts its line.  */
static void
test_contexts_jointly (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  /* 4 sets of 16 bytes: f at 0x00 (set 0), g at 0x40 (set 0 too).  */
  cc_func *f = mk_func (&m, "f", 0);
  mk_part (f, "f", 0, 0x00, 16);
  mk_exit (f, mk_block (f, 0, 0x00, 4, 4));
  cc_func *g = mk_func (&m, "g", 0);
  mk_part (g, "g", 0, 0x40, 16);
  mk_exit (g, mk_block (g, 0, 0x40, 4, 4));
  /* main: call f; call g; call f; return.  */
  cc_func *mn = mk_func (&m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 0x10, 48);
  uint32_t a = mk_block (mn, 0, 0x10, 4, 4), b = mk_block (mn, 0, 0x20, 4, 4);
  uint32_t c = mk_block (mn, 0, 0x30, 2, 4), d = mk_block (mn, 0, 0x38, 2, 4);
  mk_call (mn, a, "f");
  mk_succ (mn, a, b, 1);
  mk_call (mn, b, "g");
  mk_succ (mn, b, c, 1);
  mk_call (mn, c, "f");
  mk_succ (mn, c, d, 1);
  mk_exit (mn, d);
  cc_cache cache = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      /* f's first insn misses in both calls: never first-miss(program).  */
      uint32_t i = mk_insn_at (&m.funcs[0], 0);
      cc_verdict v = r->funcs[0].insns[i].merged;
      CHECK (!(v.category == CC_FIRST_MISS && v.scope == CC_SCOPE_PROGRAM));
      CHECK (v.category != CC_ALWAYS_HIT);
      CHECK_EQ (r->funcs[0].insns[i].n_ctx, 2);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* Straddling instructions and unknown section phase.  */
static void
test_straddle_and_phase (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 4);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 32);
  uint32_t a = mk_block (f, 0, 0, 4, 8);
  mk_exit (f, a);
  cc_cache cache = mk_cache (256, 16, 1);
  cc_analysis_opts o = { .entry = "f", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      /* Alignment 4 with 16-byte lines: four possible phases.  */
      CHECK_EQ (r->n_phases, 4);
      /* The first insn always misses (cold), whatever the phase.  */
      CHECK_EQ (category_at (&m, r, 0, 0), CC_ALWAYS_MISS);
      /* The insn at 8 may start a new line or share one: not always-hit.  */
      CHECK (category_at (&m, r, 0, 8) != CC_ALWAYS_HIT);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* Two sections: main's loop in an aligned section calls f, which sits in an
   unaligned section (its placement relative to main is unknown, and its own
   line boundaries are known only up to 16 phases).  */
static void
test_two_sections (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_model_add_section (&m, ".text.unlikely", 1);
  cc_func *f = mk_func (&m, "f", 0);
  mk_part (f, "f", 1, 0, 8);
  mk_exit (f, mk_block (f, 0, 0, 2, 4));
  cc_func *mn = mk_func (&m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 0, 48);
  uint32_t a = mk_block (mn, 0, 0, 4, 4), h = mk_block (mn, 0, 16, 4, 4);
  uint32_t x = mk_block (mn, 0, 32, 2, 4), e = mk_block (mn, 0, 40, 2, 4);
  mk_succ (mn, a, h, 1);
  mk_call (mn, h, "f");
  mk_succ (mn, h, x, 1);
  mk_succ (mn, x, h, 0);
  mk_succ (mn, x, e, 1);
  mk_exit (mn, e);
  cc_cache cache = mk_cache (1024, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      CHECK_EQ (r->n_phases, 16);
      /* f's line may share a set with any line of main: main's loop lines
         are evicted or not, f's line too; nothing in the loop is a hit or
         a scoped first-miss that f could break.  */
      CHECK_EQ (category_at (&m, r, 1, 16), CC_CONFLICT);
      CHECK_EQ (category_at (&m, r, 1, 32), CC_CONFLICT);
      /* f's first fetch: main's code may evict it between calls, but each
         call fetches it once: first-miss per invocation.  */
      uint32_t i = mk_insn_at (&m.funcs[0], 0);
      CHECK_EQ (r->funcs[0].insns[i].merged.category, CC_FIRST_MISS);
      CHECK_EQ (r->funcs[0].insns[i].merged.scope, CC_SCOPE_FUNCTION);
      /* Consecutive fetches in main's aligned lines still hit.  */
      CHECK_EQ (category_at (&m, r, 1, 20), CC_ALWAYS_HIT);
      /* f's second insn: in some phase it starts a new line that main's
         lines may evict between calls: not always-hit.  */
      CHECK (category_at (&m, r, 0, 4) != CC_ALWAYS_HIT);
      /* The entry's first insn, cold: always-miss.  */
      CHECK_EQ (category_at (&m, r, 1, 0), CC_ALWAYS_MISS);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* Sections the linker puts side by side share a line (-ffunction-sections:
   g's section right after main's).  main calls g, whose code in the line
   main's section ends in loads that line; main's insn there, fetched
   first after the call, then hits: not always-miss (found by make
   validate with -ffunction-sections -Wl,--gc-sections).  */
static void
test_shared_edge_line (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text.main", 16);
  cc_model_add_section (&m, ".text.g", 1);
  cc_func *g = mk_func (&m, "g", 0);
  mk_part (g, "g", 1, 0, 4);
  mk_exit (g, mk_block (g, 0, 0, 1, 4));
  cc_func *mn = mk_func (&m, "main", CC_FUNC_PUBLIC);
  mk_part (mn, "main", 0, 0, 20);
  uint32_t a = mk_block (mn, 0, 0, 4, 4), b = mk_block (mn, 0, 16, 1, 4);
  mk_call (mn, a, "g");
  mk_succ (mn, a, b, 1);
  mk_exit (mn, b);
  cc_cache cache = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &cache, &o, &err);
  if (CHECK (r != NULL))
    {
      /* main+16 is the first fetch of main's last line, which g's first
         bytes may share.  */
      CHECK (category_at (&m, r, 1, 16) != CC_ALWAYS_MISS);
      /* Its first line, aligned to the line size, is main's alone.  */
      CHECK_EQ (category_at (&m, r, 1, 0), CC_ALWAYS_MISS);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
}

/* first-hit of an insn that is only maybe fetched (reduced from
   test_random seeds 31014 and 32954).  Direct-mapped, 4 sets of 16
   bytes, cold entry.  P (line 1) runs before the loop {H, B}; H fetches
   h0 (line 0) and then I (line 1, set 1); B (line 5, set 1) evicts line
   1.  If I is fetched whenever H runs, its first fetch in each execution
   of the loop is in the first iteration, right after P loaded line 1:
   first-hit (docs/semantics.md §6.3, §7.1).  If I is only maybe fetched
   (§3.2), an execution may skip it in the first iteration and fetch it
   first in the second, after B: that first fetch misses, so first-hit
   would be a broken promise.  */
static void
test_first_hit_maybe_fetched (void)
{
  for (int general = 0; general < 2; general++)
    for (int maybe = 0; maybe < 2; maybe++)
      {
        cc_model m = { 0 };
        cc_model_add_section (&m, ".text", 64);
        cc_func *f = mk_func (&m, "main", CC_FUNC_PUBLIC);
        mk_part (f, "main", 0, 0x0c, 0x50);
        uint32_t p = mk_block (f, 0, 0x18, 2, 4);  /* line 1 */
        uint32_t h = mk_block (f, 0, 0x0c, 2, 4);  /* h0: line 0, I: line 1 */
        uint32_t b = mk_block (f, 0, 0x50, 2, 4);  /* line 5 */
        uint32_t x = mk_block (f, 0, 0x20, 1, 4);  /* line 2 */
        mk_succ (f, p, h, 0);
        mk_succ (f, h, b, 0);
        mk_succ (f, b, h, 0);
        mk_succ (f, b, x, 0);
        mk_exit (f, x);
        uint32_t i = mk_insn_at (f, 0x10);
        if (maybe)
          f->insns[i].fetch = CC_FETCH_MAYBE;
        cc_cache c = mk_cache (64, 16, 1);
        cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .general = general };
        char *err = NULL;
        cc_result *r = cc_analyse (&m, &c, &o, &err);
        if (!CHECK (r != NULL))
          {
            cc_model_free (&m);
            continue;
          }
        CHECK_EQ (r->funcs[0].n_loops, 1);
        cc_verdict v = r->funcs[0].insns[i].merged;
        if (!maybe)
          {
            /* Precision kept: fetched whenever H runs.  */
            CHECK_EQ (v.category, CC_FIRST_HIT);
            CHECK_EQ (v.scope, CC_SCOPE_LOOP);
          }
        else
          CHECK_EQ (v.category, CC_CONFLICT);
        /* The run that breaks first-hit for the maybe-fetched I: P; H
           without I; B; H with I; B; X.  I's first fetch misses.  */
        shape s;
        shape_init (&s, c.size, c.line, c.ways, P_LRU);
        static const uint32_t run[] = { 0x18, 0x1c, 0x0c, 0x50, 0x54, 0x0c, 0x10, 0x50,
                                        0x54, 0x20 };
        int i_first_miss = -1;
        for (size_t k = 0; k < sizeof run / sizeof run[0]; k++)
          {
            int miss = fetch_lines (&s, run[k], 4);
            if (run[k] == 0x10 && i_first_miss < 0)
              i_first_miss = miss;
          }
        CHECK_EQ (i_first_miss, 1);
        shape_free (&s);
        cc_result_free (r, &m);
        cc_model_free (&m);
      }
}

/* Instructions fetched out of address order stay inside their GCC insn
   (reduced from test_random seed 32913, whose runner once fetched one
   after the next insn).  Direct-mapped, 2 sets of 8 bytes, cold entry,
   one block: a0 (line 0) is the first machine instruction of an insn
   whose other two, a1 and a2 (line 0, set 0), are maybe fetched in any
   order (docs/semantics.md §3.3); the next insn B (0x08-0x11) straddles
   lines 1 and 2, and C (line 2, set 0) follows it.  Whatever a1 and a2
   do, they do it before B, which loads line 2: C always hits.  */
static void
test_unordered_inside_insn (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 64);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 0x14);
  uint32_t blk = mk_block (f, 0, 0, 5, 2);
  static const uint32_t off[] = { 0x00, 0x02, 0x06, 0x08, 0x12 };
  static const uint32_t len[] = { 2, 4, 2, 10, 2 };
  for (uint32_t k = 0; k < 5; k++)
    {
      f->insns[k].offset = off[k];
      f->insns[k].length = len[k];
    }
  for (uint32_t k = 1; k <= 2; k++)
    {
      f->insns[k].fetch = CC_FETCH_MAYBE;
      f->insns[k].unordered = 1;
    }
  mk_exit (f, blk);
  cc_cache c = mk_cache (16, 8, 1);
  cc_analysis_opts o = { .entry = "f", .entry_cold = 1 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  if (!CHECK (r != NULL))
    {
      cc_model_free (&m);
      return;
    }
  CHECK_EQ (category_at (&m, r, 0, 0x02), CC_CONFLICT);
  CHECK_EQ (category_at (&m, r, 0, 0x06), CC_CONFLICT);
  CHECK_EQ (category_at (&m, r, 0, 0x12), CC_ALWAYS_HIT);
  /* Every execution: a0, then a1 and a2 each fetched or not, in either
     order, then B and C.  C hits in all of them.  */
  for (int run = 0; run < 8; run++)
    {
      uint32_t seq[5], n = 0;
      seq[n++] = 0;
      if (run & 4)
        {
          if (run & 1)
            seq[n++] = 2;
          if (run & 2)
            seq[n++] = 1;
        }
      else
        {
          if (run & 2)
            seq[n++] = 1;
          if (run & 1)
            seq[n++] = 2;
        }
      seq[n++] = 3;
      seq[n++] = 4;
      shape s;
      shape_init (&s, c.size, c.line, c.ways, P_LRU);
      int c_miss = 0;
      for (uint32_t k = 0; k < n; k++)
        {
          int miss = fetch_lines (&s, off[seq[k]], len[seq[k]]);
          if (seq[k] == 4)
            c_miss = miss;
        }
      CHECK_EQ (c_miss, 0);
      shape_free (&s);
    }
  cc_result_free (r, &m);
  cc_model_free (&m);
}

static void
test_refusals (void)
{
  cc_model m = { 0 };
  cc_analysis_opts o = { .entry = NULL };
  char *err = NULL;
  /* Tree PLRU needs a power-of-two number of ways.  */
  cc_cache c = mk_cache (3 * 32 * 8, 32, 3);
  c.policy = CC_POLICY_PLRU;
  CHECK (cc_analyse (&m, &c, &o, &err) == NULL);
  CHECK_CONTAINS (err, "3 ways");
  free (err);
  err = NULL;
  /* Sets must be a power of two.  */
  cc_cache d = { .size = 3 * 32, .line = 32, .ways = 1, .sets = 3, .policy = CC_POLICY_LRU };
  CHECK (cc_analyse (&m, &d, &o, &err) == NULL);
  CHECK_CONTAINS (err, "impossible cache shape");
  free (err);
  /* Every policy with any number of ways is analysed.  */
  for (uint32_t p = CC_POLICY_LRU; p <= CC_POLICY_RANDOM; p++)
    {
      cc_cache e = mk_cache (4 * 32 * 8, 32, 4);
      e.policy = p;
      err = NULL;
      cc_result *r = cc_analyse (&m, &e, &o, &err);
      CHECK (r != NULL);
      cc_result_free (r, &m);
      free (err);
    }
}

/* ------------------------------------------------------------------ */
/* docs/semantics.md §8.4: the miss bounds of the §8.1 example.          */

/* GCC's loop of §8.1 as the glue records it: header B3 (uids 7, 8), body
   B3 B4 B6 B5 (mk_block numbers uids from 1 in block order).  SKIP_UID:
   one uid left out of the body (a loop that took in other code).  */
static void
add_worked_loop_bound (cc_model *m, uint64_t runs, uint32_t header_uid, uint32_t skip_uid)
{
  cc_func *mn = &m->funcs[0];
  static const uint32_t body[] = { 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24 };
  cc_loop_bound *lb = cc_xcalloc (1, sizeof *lb);
  lb->max_runs = runs;
  lb->source = CC_BOUND_GCC;
  lb->file = CC_NONE;
  lb->max_uid = 24;
  lb->n_header = 1;
  lb->uids = cc_xmalloc ((1 + sizeof body / sizeof body[0]) * sizeof *lb->uids);
  lb->uids[0] = header_uid;
  for (size_t k = 0; k < sizeof body / sizeof body[0]; k++)
    if (body[k] != skip_uid)
      lb->uids[1 + lb->n_body++] = body[k];
  mn->loop_bounds = lb;
  mn->n_loop_bounds = 1;
}

static void
test_worked_bounds (void)
{
  cc_cache c = mk_cache (64, 16, 1);
  c.timed = 1;
  c.hit_cycles = 1;
  c.miss_penalty = 10;
  cc_analysis_opts o = { .entry = "main", .entry_cold = 1, .max_instances = 100 };
  /* runs, header uid, left-out uid; want: main, loop (0: unbounded),
     and their fetches.  The worst path takes one of B4 and B5 per
     iteration (§8.4: the sum over all paths would be 11 and 8, 25 and
     22); for the fetches, B4 (8 insns; B5 has 4) after the header B3 and
     before the latch B6 (2 each), in main after B1, f and B2 (4, 4, 2)
     and before B7 (2): a loop of 3 header runs 3 x 12 = 36 fetches, main
     10 + 36 + 2 (over all paths: the loop 48, main 60).  Every fetch 1 cycle, a miss 10 more:
     the path with the most fetches also misses most.  */
  struct
  {
    uint64_t runs;
    uint32_t header, skip;
    uint64_t main, loop, main_fetches, loop_fetches;
    int why;
  } cases[] = {
    { 3, 7, 0, 8, 5, 48, 36, CC_WHY_NONE },
    { 10, 8, 0, 1 + 1 + 1 + 10 + 1 + 1, 10 + 1 + 1, 10 + 120 + 2, 120, CC_WHY_NONE },
    /* No bound; a header that is other code now; a body that lacks a
       member of the final loop: the loop is unbounded, and so is main.  */
    { 0, 0, 0, 0, 0, 0, 0, CC_WHY_LOOP },
    { 3, 9, 0, 0, 0, 0, 0, CC_WHY_LOOP },
    { 3, 7, 22, 0, 0, 0, 0, CC_WHY_LOOP },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      cc_model m;
      build_worked_example (&m);
      if (cases[k].runs)
        add_worked_loop_bound (&m, cases[k].runs, cases[k].header, cases[k].skip);
      char *err = NULL;
      cc_result *r = cc_analyse (&m, &c, &o, &err);
      if (!CHECK (r != NULL))
        continue;
      cc_bounds *b = cc_bounds_compute (&m, r, &c);
      /* f: its always-miss first instruction, once; 4 fetches.  */
      CHECK_EQ (b->funcs[1].max_misses, 1);
      CHECK_EQ (b->funcs[1].fetch.max_fetches, 4);
      CHECK_EQ (b->funcs[1].fetch.max_cycles, 4 + 10);
      if (cases[k].why == CC_WHY_NONE)
        {
          const cc_fetch_limits *mf = &b->funcs[0].fetch, *lf = &b->funcs[0].loops[0].fetch;
          CHECK_EQ (b->funcs[0].loops[0].runs, cases[k].runs);
          CHECK_EQ (b->funcs[0].max_misses, cases[k].main);
          CHECK_EQ (b->funcs[0].loops[0].max_misses, cases[k].loop);
          CHECK_EQ (mf->max_fetches, cases[k].main_fetches);
          CHECK_EQ (lf->max_fetches, cases[k].loop_fetches);
          CHECK_EQ (mf->max_cycles, cases[k].main_fetches + 10 * cases[k].main);
          CHECK_EQ (lf->max_cycles, cases[k].loop_fetches + 10 * cases[k].loop);
          CHECK_EQ (mf->relaxed | lf->relaxed, 0);
        }
      else
        {
          CHECK_EQ (b->funcs[0].loops[0].runs, CC_UNBOUNDED);
          CHECK_EQ (b->funcs[0].max_misses, CC_UNBOUNDED);
          CHECK_EQ (b->funcs[0].why.kind, cases[k].why);
          CHECK_EQ (b->funcs[0].why.loop, 0);
          CHECK_EQ (b->funcs[0].loops[0].max_misses, CC_UNBOUNDED);
          CHECK_EQ (b->funcs[0].fetch.max_fetches, CC_UNBOUNDED);
          CHECK_EQ (b->funcs[0].fetch.why.kind, cases[k].why);
          CHECK_EQ (b->funcs[0].fetch.max_cycles, CC_UNBOUNDED);
        }
      cc_bounds_free (b);
      cc_result_free (r, &m);
      cc_model_free (&m);
      free (err);
    }
}

/* Recursion, unknown calls and unknown code leave a function unbounded,
   with the reason; its callers too.  */
static void
test_unbounded_calls (void)
{
  cc_cache c = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .max_instances = 100 };
  for (int k = 0; k < 3; k++)
    {
      cc_model m;
      memset (&m, 0, sizeof m);
      cc_model_add_section (&m, ".text", 64);
      cc_func *top = mk_func (&m, "top", CC_FUNC_PUBLIC);
      mk_part (top, "top", 0, 0x00, 0x10);
      uint32_t t1 = mk_block (top, 0, 0x00, 2, 4), t2 = mk_block (top, 0, 0x08, 2, 4);
      mk_call (top, t1, "g");
      mk_succ (top, t1, t2, 1);
      mk_exit (top, t2);
      cc_func *g = mk_func (&m, "g", CC_FUNC_PUBLIC);
      mk_part (g, "g", 0, 0x10, 0x10);
      uint32_t g1 = mk_block (g, 0, 0x10, 2, 4), g2 = mk_block (g, 0, 0x18, 2, 4);
      mk_call (g, g1, k == 0 ? "g" : k == 1 ? "puts" : NULL);
      mk_succ (g, g1, g2, 1);
      mk_exit (g, g2);
      char *err = NULL;
      cc_result *r = cc_analyse (&m, &c, &o, &err);
      if (!CHECK (r != NULL))
        continue;
      cc_bounds *b = cc_bounds_compute (&m, r, &c);
      int want = k == 0 ? CC_WHY_RECURSION : CC_WHY_UNKNOWN_CALL;
      CHECK_EQ (b->funcs[0].max_misses, CC_UNBOUNDED);
      CHECK_EQ (b->funcs[1].max_misses, CC_UNBOUNDED);
      CHECK_EQ (b->funcs[0].why.kind, want);
      CHECK_EQ (b->funcs[1].why.kind, want);
      CHECK_EQ (b->funcs[1].why.func, 1);
      if (k == 1)
        CHECK (b->funcs[1].why.name && strcmp (b->funcs[1].why.name, "puts") == 0);
      if (k == 2)
        CHECK (b->funcs[1].why.name == NULL);
      cc_bounds_free (b);
      cc_result_free (r, &m);
      cc_model_free (&m);
      free (err);
    }
}

/* A bounded function called in a loop without a bound: the loop is why
   the caller is unbounded (not the sum's size).  */
static void
test_unbounded_loop_call (void)
{
  cc_model m;
  memset (&m, 0, sizeof m);
  cc_model_add_section (&m, ".text", 64);
  cc_func *top = mk_func (&m, "top", CC_FUNC_PUBLIC);
  mk_part (top, "top", 0, 0x00, 0x10);
  uint32_t t1 = mk_block (top, 0, 0x00, 2, 4), t2 = mk_block (top, 0, 0x08, 2, 4);
  mk_call (top, t1, "g");
  mk_succ (top, t1, t2, 1);
  mk_succ (top, t2, t1, 0);
  mk_exit (top, t2);
  cc_func *g = mk_func (&m, "g", CC_FUNC_PUBLIC);
  /* Its own line: nothing conflicts, every miss is a first one.  */
  mk_part (g, "g", 0, 0x10, 0x10);
  mk_exit (g, mk_block (g, 0, 0x10, 4, 4));
  cc_cache c = mk_cache (64, 16, 1);
  cc_analysis_opts o = { .max_instances = 100 };
  char *err = NULL;
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  if (CHECK (r != NULL))
    {
      cc_bounds *b = cc_bounds_compute (&m, r, &c);
      CHECK (b->funcs[1].max_misses != CC_UNBOUNDED);
      CHECK_EQ (b->funcs[0].max_misses, CC_UNBOUNDED);
      CHECK_EQ (b->funcs[0].why.kind, CC_WHY_LOOP);
      CHECK_EQ (b->funcs[0].loops[0].max_misses, CC_UNBOUNDED);
      CHECK_EQ (b->funcs[0].loops[0].why.kind, CC_WHY_LOOP);
      cc_bounds_free (b);
      cc_result_free (r, &m);
    }
  cc_model_free (&m);
  free (err);
}

int
main (void)
{
  test_worked_example ();
  test_worked_bounds ();
  test_unbounded_calls ();
  test_unbounded_loop_call ();
  test_two_way_example ();
  test_two_way_grouped ();
  test_up_rules ();
  test_up_joins ();
  test_recursion ();
  test_instance_cap ();
  test_unknown_call ();
  test_footprint ();
  test_warm_root ();
  test_contexts_jointly ();
  test_straddle_and_phase ();
  test_two_sections ();
  test_shared_edge_line ();
  test_first_hit_maybe_fetched ();
  test_unordered_inside_insn ();
  test_refusals ();
  return unit_finish ("engine");
}
