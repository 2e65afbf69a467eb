/* cachecat unit tests: random assembly texts, built up piece by piece.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   For the tests that put a computed layout beside the assembler's
   (test_x86_layout.c for x86-64, test_aarch64_layout.c for AArch64): a
   growable text and a seeded generator, so that a failing seed can be
   run again.  Include unit.h first.  */

#ifndef CACHECAT_ASM_TEXT_H
#define CACHECAT_ASM_TEXT_H

#include "layout/layout.h"
#include "layout/target.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable text.  */
typedef struct text
{
  char *p;
  size_t n, cap;
} text;

static void add (text *t, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static void
add (text *t, const char *fmt, ...)
{
  char buf[256];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  if (t->n + (size_t) n + 1 > t->cap)
    {
      t->cap = (t->cap ? t->cap * 2 : 4096) + (size_t) n;
      t->p = realloc (t->p, t->cap);
    }
  memcpy (t->p + t->n, buf, (size_t) n + 1);
  t->n += (size_t) n;
}

static uint64_t rng_state;

/* A number below N.  */
static uint32_t
rnd (uint32_t n)
{
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t) (rng_state >> 33) % n;
}

/* Run ONE on seeds 1 to N (rng_state seeded), until a check fails: it
   makes the random text of SEED and compares its layouts, and returns
   why the layout was not computed, or NULL.  Returns how many were.  */
static uint32_t __attribute__ ((unused))
random_seeds (uint32_t n, char *(*one) (uint32_t seed))
{
  uint32_t computed = 0;
  for (uint32_t seed = 1; seed <= n && !unit_failed; seed++)
    {
      rng_state = seed;
      char *why = one (seed);
      if (why)
        fprintf (stderr, "    seed %u: %s\n", seed, why);
      CHECK (why == NULL);
      computed += why == NULL;
      free (why);
    }
  return computed;
}

/* Is the assembler AS on the PATH?  If not, says so for unit test UNIT:
   its comparisons are skipped.  */
__attribute__ ((unused)) static int
have_assembler (const char *as, const char *unit)
{
  char cmd[128];
  snprintf (cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", as);
  if (system (cmd) == 0)
    return 1;
  printf ("unit %s: %s is not on the PATH: the layouts are not compared with its\n", unit, as);
  return 0;
}

/* A text the layout must refuse, and what the refusal must name.  */
typedef struct refusal
{
  const char *text, *why;
} refusal;

/* Append one of the N section switches of SECTIONS at random, the first
   a .pushsection and the second a .popsection: a pop only after a push,
   no push after one (*PUSHED: one is open).  */
__attribute__ ((unused)) static void
add_section (text *t, const char *const *sections, uint32_t n, int *pushed)
{
  uint32_t k = rnd (n);
  if (k == 1 && !*pushed)
    k = 0;
  if (k == 0 && *pushed)
    k = 1;
  *pushed = k == 0;
  add (t, "%s", sections[k]);
}

/* Append one statement of the N of LIST at random, on a line.  */
__attribute__ ((unused)) static void
add_one_of (text *t, const char *const *list, uint32_t n)
{
  add (t, "\t%s\n", list[rnd (n)]);
}

/* What the tests ask of a layout: the symbols f and g, our start labels
   .L<1000000000 + i> (N of them) and end labels .Lcce<i> (none).  */
static void
test_query (cc_layout_query *q, uint32_t n)
{
  static const char *const names[] = { "f", "g" };
  memset (q, 0, sizeof *q);
  q->names = names;
  q->n_names = 2;
  q->families[0] = (cc_layout_family) { ".L", 1000000000ul, n };
  q->families[1] = (cc_layout_family) { ".Lcce", 0, 0 };
  q->n_families = 2;
}

/* How the layout COMPUTED differs from REAL, the assembler's: its N
   start labels (family 0), its names, and the size and alignment of each
   section of both.  Prints the first few differences; returns how many
   there are.  */
static int
layouts_differ (const cc_layout *real, const cc_layout *computed, uint32_t n)
{
  int wrong = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      const cc_layout_ref *a = &real->numbered[0][i];
      const cc_layout_ref *b = &computed->numbered[0][i];
      if (strcmp (real->sections[a->section].name, computed->sections[b->section].name) != 0
          || a->offset != b->offset)
        {
          if (wrong++ < 3)
            fprintf (stderr, "    label %u: %s+%llu by gas, %s+%llu computed\n", i + 1,
                     real->sections[a->section].name, (unsigned long long) a->offset,
                     computed->sections[b->section].name, (unsigned long long) b->offset);
        }
    }
  for (uint32_t i = 0; i < real->n_refs; i++)
    if (real->refs[i].offset != computed->refs[i].offset)
      wrong++;
  for (uint32_t s = 1; s < computed->n_sections; s++)
    for (uint32_t r = 1; r < real->n_sections; r++)
      if (strcmp (real->sections[r].name, computed->sections[s].name) == 0
          && (real->sections[r].size != computed->sections[s].size
              || real->sections[r].align != computed->sections[s].align))
        {
          wrong++;
          fprintf (stderr, "    %s: size %llu align %llu by gas, %llu %llu computed\n",
                   real->sections[r].name, (unsigned long long) real->sections[r].size,
                   (unsigned long long) real->sections[r].align,
                   (unsigned long long) computed->sections[s].size,
                   (unsigned long long) computed->sections[s].align);
        }
  return wrong;
}

/* The bytes of the section of REAL (the assembler's layout) named as
   section S of COMPUTED, *SIZE of them; NULL if it has none.  */
__attribute__ ((unused)) static const unsigned char *
real_bytes (const cc_layout *real, const cc_layout *computed, uint32_t s, uint64_t *size)
{
  uint32_t r = 1;
  while (r < real->n_sections && strcmp (real->sections[r].name, computed->sections[s].name) != 0)
    r++;
  *size = 0;
  return r < real->n_sections ? cc_layout_section_bytes (real, r, size) : NULL;
}

/* Does every no-op padding COMPUTED lists lie where REAL's object has
   ARCH's no-ops (cc_target_nop_fill)?  Counts the spans into *SPANS.  */
__attribute__ ((unused)) static int
fills_are_nops (const cc_layout *real, const cc_layout *computed, cc_arch arch, long *spans)
{
  for (uint32_t k = 0; k < computed->n_nop_fills; k++)
    {
      const cc_layout_span *x = &computed->nop_fills[k];
      uint64_t size;
      const unsigned char *b = real_bytes (real, computed, x->section, &size);
      if (!b || x->to > size
          || !cc_target_nop_fill (arch, b + x->from, (size_t) (x->to - x->from)))
        {
          fprintf (stderr, "    %s [%llu, %llu) is no nops\n",
                   computed->sections[x->section].name, (unsigned long long) x->from,
                   (unsigned long long) x->to);
          return 0;
        }
      (*spans)++;
    }
  return 1;
}

/* Put COMPUTED, for Q (its N start labels), beside the layout the
   assembler CMD gives TEXT: every label and section as layouts_differ
   asks, and what AGREE asks of the object's bytes (with ARG).  Prints
   SRC after a failure.  */
static void __attribute__ ((unused))
beside_as (char *const *cmd, const cc_layout_chunk *text, cc_layout_query *q,
           const cc_layout *computed, uint32_t n,
           int (*agree) (const cc_layout *real, const cc_layout *computed, void *arg),
           void *arg, const char *src)
{
  cc_layout real;
  char *err = NULL;
  q->keep_image = 1;
  if (CHECK (cc_layout_measure (cmd, text, 1, q, &real, &err) == 0))
    {
      CHECK (layouts_differ (&real, computed, n) == 0);
      CHECK (agree (&real, computed, arg));
      if (unit_failed)
        fprintf (stderr, "%s\n", src);
      cc_layout_free (&real);
    }
  else
    fprintf (stderr, "    %s\n%s\n", err ? err : "?", src);
  free (err);
}

#endif
