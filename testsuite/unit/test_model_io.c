/* cachecat unit tests: the model serialization round-trips.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "mk_model.h"

#include <stdlib.h>

static char *
to_text (const cc_model *m)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  CHECK_EQ (cc_model_write (m, f), 0);
  fclose (f);
  return buf;
}

static int
from_text (cc_model *m, const char *text, char **err)
{
  FILE *f = fmemopen ((void *) text, strlen (text), "r");
  int rc = cc_model_read (m, f, err);
  fclose (f);
  return rc;
}

int
main (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 16);
  cc_model_add_section (&m, ".text.unlikely", 1);
  cc_model_add_file (&m, "dir with space/a%b.c");
  cc_func *f = mk_func (&m, "main", CC_FUNC_PUBLIC);
  f->file = 0;
  f->line = 3;
  mk_part (f, "main", 0, 0, 24);
  mk_part (f, "main.cold", 1, 8, 4);
  uint32_t a = mk_block (f, 0, 0, 2, 4), b = mk_block (f, 0, 8, 4, 4);
  uint32_t c = mk_block (f, 1, 8, 1, 4);
  f->insns[1].kind = CC_INSN_ASM;
  f->insns[1].file = 0;
  f->insns[1].line = 7;
  mk_succ (f, a, b, 1);
  mk_succ (f, a, c, 0);
  mk_call (f, b, "-");
  mk_exit (f, b);
  mk_call (f, c, NULL);
  f->blocks[c].noreturn = 1;

  char *t1 = to_text (&m);
  cc_model back;
  char *err = NULL;
  if (CHECK_EQ (from_text (&back, t1, &err), 0))
    {
      char *t2 = to_text (&back);
      CHECK_STREQ (t2, t1);
      CHECK_STREQ (back.files[0], "dir with space/a%b.c");
      CHECK_STREQ (back.funcs[0].blocks[1].callee, "-");
      CHECK (back.funcs[0].blocks[2].callee == NULL);
      CHECK_EQ (back.funcs[0].insns[1].kind, CC_INSN_ASM);
      free (t2);
      cc_model_free (&back);
    }
  else
    fprintf (stderr, "%s\n", err);

  /* A loop bound makes it version 3, and comes back as it was.  */
  CHECK (strncmp (t1, "cachecat-model 2\n", 17) == 0);
  f = &m.funcs[0];
  f->loop_bounds = cc_xcalloc (1, sizeof *f->loop_bounds);
  f->n_loop_bounds = 1;
  cc_loop_bound *lb = &f->loop_bounds[0];
  static const uint32_t uids[] = { 2, 1, 2, 3 };
  *lb = (cc_loop_bound){ UINT64_C (5000000000), CC_BOUND_GCC, 0, 9, 40, 1, 3,
                         cc_xmalloc (sizeof uids) };
  memcpy (lb->uids, uids, sizeof uids);
  char *t3 = to_text (&m);
  CHECK (strncmp (t3, "cachecat-model 3\n", 17) == 0);
  CHECK_CONTAINS (t3, "\nbound 5000000000 1 0 9 40 1 3 2 1 2 3\n");
  if (CHECK_EQ (from_text (&back, t3, &err), 0))
    {
      char *t4 = to_text (&back);
      CHECK_STREQ (t4, t3);
      CHECK_EQ (back.funcs[0].loop_bounds[0].max_runs, UINT64_C (5000000000));
      free (t4);
      cc_model_free (&back);
    }
  free (t3);

  /* Malformed inputs name the line.  */
  static const struct { const char *text, *msg; } bad[] = {
    { "nonsense\n", "1: not a cachecat model" },
    { "cachecat-model 1\nsection .text x\nend\n", "2: malformed number" },
    { "cachecat-model 1\nbogus\nend\n", "2: unknown record" },
    { "cachecat-model 1\nsection .text 4\n", "3: unexpected end" },
    { "cachecat-model 1\nsection .text 4\nfunc f 0 - 0 1 1 1\npart f 3 0 4\n", "4: section index out of range" },
    { "cachecat-model 1\nsection .text 4\nfunc f 0 - 0 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0\n"
      "block 0 1 0 1 0 - - 1 5\nend\n", "6: malformed successor" },
    { "cachecat-model 3\nsection .text 4\nfunc f 0 - 0 1 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nbound 3 1 - 0 1 1 2 1 2 1\nend\n", "7: malformed bound uids" },
    { "cachecat-model 3\nsection .text 4\nfunc f 0 - 0 1 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nbound 3 7 - 0 1 1 1 1 1\nend\n", "7: bound field out of range" },
    { "cachecat-model 3\nsection .text 4\nfunc f 0 - 0 1 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nend\n", "7: expected 'bound'" },
    { "cachecat-model 3\nsection .text 4\nfunc f 16 - 0 1 1 1 0\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nbudget 5 -2\nend\n", "7: malformed number" },
    { "cachecat-model 3\nsection .text 4\nfunc f 16 - 0 1 1 1 0\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nend\n", "7: expected 'budget'" },
    /* A cut-short escape at the end of a word is an error, not a read and
       a write past the string (the rest of the line is not part of it);
       strings and successors read before an error are freed with the
       model (valgrind: no leak).  */
    { "cachecat-model 1\nsection s%a 4444444444444444\nend\n", "2: malformed escape" },
    { "cachecat-model 1\nsection .text%a\nend\n", "2: malformed escape" },
    { "cachecat-model 1\nsection .text%ag 4\nend\n", "2: malformed escape" },
    { "cachecat-model 1\nsection .text 4\nfunc f 0 - 0 1 1 1\npart f 0 x 4\n", "4: malformed number" },
    { "cachecat-model 1\nsection .text 4\nfunc f 0 - 0 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0\n"
      "block 0 1 0 1 0 g - x\nend\n", "6: malformed number" },
    { "cachecat-model 1\nsection .text 4\nfunc f 0 - 0 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0\n"
      "block 0 1 0 1 0 g - 1 x\nend\n", "6: malformed number" },
    { "cachecat-model 3\nsection .text 4\nfunc f 0 - 0 1 1 1 1\npart f 0 0 4\ninsn 1 0 0 4 - 0 0 0 0 0 0 0 0 0\n"
      "block 0 1 0 1 0 - - 0\nbound 3 1 - 0 1 1 2 1 x\nend\n", "7: malformed number" },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      cc_model x;
      err = NULL;
      CHECK_EQ (from_text (&x, bad[k].text, &err), -1);
      CHECK_CONTAINS (err, bad[k].msg);
      free (err);
    }
  free (t1);
  cc_model_free (&m);
  return unit_finish ("model_io");
}
