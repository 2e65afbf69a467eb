/* ccengine: run the cachecat engine on a serialized program model (as the
   plugin dumps it with CACHECAT_DUMP_MODEL=FILE), for debugging and
   benchmarks.
   usage: ccengine MODEL SIZE LINE [ENTRY [cold|warm]]
   Prints the category counts and the engine's time.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s MODEL SIZE LINE [ENTRY [cold|warm]]\n", argv[0]);
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
                         argc > 5 ? strcmp (argv[5], "cold") == 0 : 1, 10000 };
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
  printf ("engine %.3f s\n", (double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  cc_result_free (r, &m);
  cc_model_free (&m);
  return 0;
}
