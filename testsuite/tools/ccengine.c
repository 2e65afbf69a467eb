/* ccengine: run the cachecat engine on a serialized program model (as the
   plugin dumps it with CACHECAT_DUMP_MODEL=FILE), for debugging and
   benchmarks.
   usage: ccengine [--insns] [--table] [--bounds] [--max-instances=N] [--ways=N] [--group=N]
                   [--policy=lru|fifo|plru|random] [--general]
                   [--reduce=no-first-miss,program-scope,block-ups]
                   MODEL SIZE LINE [ENTRY [cold|warm]]
   Prints the category counts and the engine's time; with --insns also
   every instruction's merged verdict and per-context verdicts (to compare
   two engines exactly); with --table, one line per instruction for
   make validate: "insn PART OFFSET CATEGORY [program | function |
   loop PART OFFSET]" (an instruction and a loop header named by the
   symbol of their part and the offset from it).  --reduce leaves parts of
   the method out (engine.h, enum cc_reduction); --group=N analyses the
   unit in groups of about N instructions (groups.c); --general analyses a
   direct-mapped cache as a one-way LRU cache with must planes; --bounds
   prints the most misses per invocation ("fbound SYMBOL N", "-" for
   unbounded, and why) and per loop execution ("lbound PART OFFSET RUNS
   N"), after the table if there is one (bounds.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine.h"
#include "output/bounds_text.h"
#include "output/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
print_verdict (cc_verdict v)
{
  printf (" %s", cc_category_name (v.category));
  if (v.scope == CC_SCOPE_PROGRAM)
    printf ("(program)");
  else if (v.scope == CC_SCOPE_FUNCTION)
    printf ("(function)");
  else if (v.scope == CC_SCOPE_LOOP && v.other_func)
    printf ("(loop %u of function %u)", v.loop, v.other_func - 1);
  else if (v.scope == CC_SCOPE_LOOP)
    printf ("(loop %u)", v.loop);
}

static uint32_t
part_offset (const cc_func *f, uint32_t i)
{
  return f->insns[i].offset - f->parts[f->insns[i].part].offset;
}

static void
print_table (const cc_model *m, const cc_result *r)
{
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      const cc_func_result *fr = &r->funcs[fi];
      for (uint32_t i = 0; i < f->n_insns; i++)
        {
          /* As in the report: no padding, no insn without bytes.  */
          if (!cc_insn_reported (&f->insns[i]))
            continue;
          cc_verdict v = fr->insns[i].merged;
          const char *cat = cc_insn_category (f, fr, i);
          printf ("insn %s %u %s", f->parts[f->insns[i].part].symbol, part_offset (f, i), cat);
          if ((v.category == CC_FIRST_MISS || v.category == CC_FIRST_HIT)
              && strcmp (cat, "never-fetched") != 0)
            {
              if (v.scope == CC_SCOPE_PROGRAM)
                printf (" program");
              else if (v.scope == CC_SCOPE_FUNCTION)
                printf (" function");
              else
                {
                  /* A first-hit loop may be a caller's.  */
                  uint32_t lf = v.other_func ? v.other_func - 1 : fi;
                  const cc_func *g = &m->funcs[lf];
                  uint32_t h = g->blocks[r->funcs[lf].loops[v.loop].header].first_insn;
                  printf (" loop %s %u", g->parts[g->insns[h].part].symbol, part_offset (g, h));
                }
            }
          printf ("\n");
        }
    }
}

static void
print_bounds (const cc_model *m, const cc_result *r, const cc_cache *c)
{
  cc_bounds *b = cc_bounds_compute (m, r, c);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      const cc_func *f = &m->funcs[fi];
      const cc_func_limits *fl = &b->funcs[fi];
      if (fl->max_misses == CC_UNBOUNDED)
        {
          char *why = cc_why_text (m, r, &fl->why);
          printf ("fbound %s - %s\n", f->name, why);
          free (why);
        }
      else
        printf ("fbound %s %llu\n", f->name, (unsigned long long) fl->max_misses);
      for (uint32_t l = 0; l < r->funcs[fi].n_loops; l++)
        {
          const cc_loop_limits *ll = &fl->loops[l];
          uint32_t h = f->blocks[r->funcs[fi].loops[l].header].first_insn;
          printf ("lbound %s %u ", f->parts[f->insns[h].part].symbol, part_offset (f, h));
          if (ll->runs == CC_UNBOUNDED)
            printf ("-");
          else
            printf ("%llu", (unsigned long long) ll->runs);
          if (ll->max_misses == CC_UNBOUNDED)
            printf (" -\n");
          else
            printf (" %llu\n", (unsigned long long) ll->max_misses);
        }
    }
  cc_bounds_free (b);
}

static uint32_t
parse_reduce (const char *list)
{
  uint32_t flags = 0;
  char *copy = strdup (list), *save = NULL;
  for (char *t = strtok_r (copy, ",", &save); t; t = strtok_r (NULL, ",", &save))
    if (strcmp (t, "no-first-miss") == 0)
      flags |= CC_REDUCE_NO_FIRST_MISS;
    else if (strcmp (t, "program-scope") == 0)
      flags |= CC_REDUCE_PROGRAM_SCOPE;
    else if (strcmp (t, "block-ups") == 0)
      flags |= CC_REDUCE_BLOCK_UPS;
    else
      {
        fprintf (stderr, "ccengine: unknown reduction '%s'\n", t);
        exit (2);
      }
  free (copy);
  return flags;
}

static void
print_insns (const cc_model *m, const cc_result *r)
{
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t i = 0; i < m->funcs[fi].n_insns; i++)
      {
        const cc_insn_result *ir = &r->funcs[fi].insns[i];
        printf ("%s+%u line %u set %u:", m->funcs[fi].name, m->funcs[fi].insns[i].offset,
                ir->pline, ir->set);
        print_verdict (ir->merged);
        printf (" |");
        for (uint32_t k = 0; k < ir->n_ctx; k++)
          {
            printf (" %u/%u", ir->ctx[k].instance, ir->ctx[k].up);
            print_verdict (ir->ctx[k].v);
          }
        printf ("\n");
      }
}

int
main (int argc, char **argv)
{
  int insns_out = 0, table_out = 0, bounds_out = 0;
  uint32_t max_instances = 0; /* the plugin's default: a size budget */
  uint32_t ways = 1, reduce = 0, group = 0, policy = CC_POLICY_LRU;
  int general = 0;
  while (argc > 1 && strncmp (argv[1], "--", 2) == 0)
    {
      if (strcmp (argv[1], "--insns") == 0)
        insns_out = 1;
      else if (strcmp (argv[1], "--table") == 0)
        table_out = 1;
      else if (strcmp (argv[1], "--bounds") == 0)
        bounds_out = 1;
      else if (strncmp (argv[1], "--max-instances=", 16) == 0)
        max_instances = (uint32_t) strtoul (argv[1] + 16, NULL, 0);
      else if (strncmp (argv[1], "--ways=", 7) == 0)
        ways = (uint32_t) strtoul (argv[1] + 7, NULL, 0);
      else if (strcmp (argv[1], "--general") == 0)
        general = 1;
      else if (strncmp (argv[1], "--policy=", 9) == 0)
        {
          const char *p = argv[1] + 9;
          policy = !strcmp (p, "lru") ? CC_POLICY_LRU : !strcmp (p, "fifo") ? CC_POLICY_FIFO
                   : !strcmp (p, "plru") ? CC_POLICY_PLRU : !strcmp (p, "random") ? CC_POLICY_RANDOM
                   : 99;
        }
      else if (strncmp (argv[1], "--group=", 8) == 0)
        group = (uint32_t) strtoul (argv[1] + 8, NULL, 0);
      else if (strncmp (argv[1], "--reduce=", 9) == 0)
        reduce = parse_reduce (argv[1] + 9);
      else
        break;
      argv++;
      argc--;
    }
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s [--insns] [--table] [--bounds] [--max-instances=N] [--ways=N] "
               "[--policy=P] [--general] [--group=N] [--reduce=LIST] MODEL SIZE LINE "
               "[ENTRY [cold|warm]]\n", argv[0]);
      return 2;
    }
  FILE *f = fopen (argv[1], "r");
  if (!f)
    {
      perror (argv[1]);
      return 2;
    }
  cc_model m;
  char *err = NULL;
  if (cc_model_read (&m, f, &err))
    {
      fprintf (stderr, "%s:%s\n", argv[1], err);
      return 2;
    }
  fclose (f);
  uint32_t size = (uint32_t) strtoul (argv[2], NULL, 0), line = (uint32_t) strtoul (argv[3], NULL, 0);
  cc_cache c = { .size = size, .line = line, .ways = ways,
                 .sets = ways && line ? size / (line * ways) : 0, .policy = policy };
  cc_analysis_opts o = { .entry = argc > 4 ? argv[4] : NULL,
                         .entry_cold = argc > 5 ? strcmp (argv[5], "cold") == 0 : 1,
                         .max_instances = max_instances, .reduce = reduce,
                         .group_insns = group, .general = general };
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  if (!r)
    {
      fprintf (stderr, "%s\n", err);
      return 1;
    }
  if (table_out)
    {
      print_table (&m, r);
      if (bounds_out)
        print_bounds (&m, r, &c);
      cc_result_free (r, &m);
      cc_model_free (&m);
      return 0;
    }
  uint32_t insns = 0;
  for (uint32_t i = 0; i < m.n_funcs; i++)
    insns += m.funcs[i].n_insns;
  uint32_t too_big = 0;
  for (uint32_t i = 0; i < m.n_funcs; i++)
    too_big += r->funcs[i].too_big != 0;
  printf ("functions %u insns %u instances %u phases %u groups %u too_big %u\n", m.n_funcs,
          insns, r->n_instances, r->n_phases, r->n_groups, too_big);
  for (int k = 0; k < CC_N_CATEGORIES; k++)
    printf ("%s %u\n", cc_category_name (k), r->counts[k]);
  if (insns_out)
    print_insns (&m, r);
  if (bounds_out)
    print_bounds (&m, r, &c);
  printf ("engine %.3f s\n", (double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  cc_result_free (r, &m);
  cc_model_free (&m);
  return 0;
}
