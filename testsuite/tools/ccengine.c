/* ccengine: run the cachecat engine on a serialized program model (as the
   plugin dumps it with CACHECAT_DUMP_MODEL=FILE), for debugging and
   benchmarks.
   usage: ccengine [--insns] [--max-instances=N] MODEL SIZE LINE [ENTRY [cold|warm]]
   Prints the category counts and the engine's time; with --insns also
   every instruction's merged verdict and per-context verdicts (to compare
   two engines exactly).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine.h"

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
  else if (v.scope == CC_SCOPE_LOOP)
    printf ("(loop %u)", v.loop);
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
  int insns_out = 0;
  uint32_t max_instances = 0; /* the plugin's default: a size budget */
  while (argc > 1 && strncmp (argv[1], "--", 2) == 0)
    {
      if (strcmp (argv[1], "--insns") == 0)
        insns_out = 1;
      else if (strncmp (argv[1], "--max-instances=", 16) == 0)
        max_instances = (uint32_t) strtoul (argv[1] + 16, NULL, 0);
      else
        break;
      argv++;
      argc--;
    }
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s [--insns] [--max-instances=N] MODEL SIZE LINE "
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
  cc_cache c = { size, line, 1, size / line };
  cc_analysis_opts o = { argc > 4 ? argv[4] : NULL,
                         argc > 5 ? strcmp (argv[5], "cold") == 0 : 1, max_instances };
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  cc_result *r = cc_analyse (&m, &c, &o, &err);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  if (!r)
    {
      fprintf (stderr, "%s\n", err);
      return 1;
    }
  uint32_t insns = 0;
  for (uint32_t i = 0; i < m.n_funcs; i++)
    insns += m.funcs[i].n_insns;
  printf ("functions %u insns %u instances %u phases %u\n", m.n_funcs, insns,
          r->n_instances, r->n_phases);
  for (int k = 0; k < CC_N_CATEGORIES; k++)
    printf ("%s %u\n", cc_category_name (k), r->counts[k]);
  if (insns_out)
    print_insns (&m, r);
  printf ("engine %.3f s\n", (double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  cc_result_free (r, &m);
  cc_model_free (&m);
  return 0;
}
