/* cachecat test tool: each target's flow of instructions whose flow is
   known.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: ccflow [-v] ELF-FILE

   ELF-FILE is linked from an assembly file of testsuite/flows/ whose
   instructions are labelled with what they do to control:
     expect_FLOW_WHAT[__to_SYMBOL]:  INSTRUCTION
   FLOW is a cc_goes name without its prefix (NEXT, JUMP, COND, CALL,
   RETURN, COND_RETURN, COND_CALL, IJUMP, ICALL, KERNEL, STOP, UNKNOWN), or
   DECLINED:
   bytes cc_decode must read as no instruction; a direct JUMP, COND or
   CALL must go to SYMBOL (default: `there').  The code is
   decoded linearly with objdump's decoder as cachecat-link decodes it
   (binary/decoder.h; the mapping symbols say A32, Thumb or data) and each
   labelled instruction's cc_isa_decoded_flow, with the instruction
   before it, must be FLOW (and its target SYMBOL's address).  Prints the
   wrong ones (-v: every one) and
     ccflow: N as expected, N wrong
   exits 1 if any is wrong or a label is at no instruction the walk
   decoded, 2 if the file cannot be read.  */

#include "code_walk.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const goes_name[] = {
  "NEXT", "JUMP", "COND", "CALL", "RETURN", "COND_RETURN", "COND_CALL", "IJUMP", "ICALL",
  "KERNEL", "STOP",
  "UNKNOWN"
};
#define N_GOES (sizeof goes_name / sizeof *goes_name)
#define PREFIX "expect_"
#define DECLINED "DECLINED_"

typedef struct expect
{
  uint64_t addr;
  const char *name;
  int flow;                    /* a cc_goes, or -1: DECLINED */
  const char *target;          /* the symbol a direct flow goes to */
  int seen;
} expect;

typedef struct ctx
{
  cw_prog *p;
  expect *v;
  uint32_t n;
  long good, bad;
  int verbose;
} ctx;

static int
cmp_expect (const void *a, const void *b)
{
  const expect *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The address of symbol NAME (the Thumb bit cleared), or UINT64_MAX.  */
static uint64_t
symbol_addr (const cw_prog *p, const char *name)
{
  for (uint32_t i = 0; i < p->img.n_symbols; i++)
    if (p->img.symbols[i].defined && strcmp (p->img.symbols[i].name, name) == 0)
      return p->t->thumb_bit ? p->img.symbols[i].value & ~(uint64_t) 1
                             : p->img.symbols[i].value;
  return UINT64_MAX;
}

/* The expectations of P's symbols, sorted by address; -1 if a label
   names no flow.  */
static int
read_expects (ctx *c)
{
  const cw_prog *p = c->p;
  c->v = cc_xcalloc (p->img.n_symbols + 1, sizeof *c->v);
  for (uint32_t i = 0; i < p->img.n_symbols; i++)
    {
      const cc_elf_symbol *y = &p->img.symbols[i];
      if (!y->defined || strncmp (y->name, PREFIX, strlen (PREFIX)) != 0)
        continue;
      const char *f = y->name + strlen (PREFIX);
      int best = -1;
      for (int k = 0; k < (int) N_GOES; k++)
        {
          size_t l = strlen (goes_name[k]);
          if (strncmp (f, goes_name[k], l) == 0 && (f[l] == '_' || f[l] == 0)
              && (best < 0 || l > strlen (goes_name[best])))
            best = k;
        }
      if (strncmp (f, DECLINED, strlen (DECLINED)) == 0)
        best = -1;
      else if (best < 0)
        {
          fprintf (stderr, "%s: %s names no flow\n", p->path, y->name);
          return -1;
        }
      const char *to = strstr (y->name, "__to_");
      uint64_t a = p->t->thumb_bit ? y->value & ~(uint64_t) 1 : y->value;
      c->v[c->n++] = (expect) { a, y->name, best, to ? to + 5 : "there", 0 };
    }
  qsort (c->v, c->n, sizeof *c->v, cmp_expect);
  return 0;
}

static void
report (ctx *c, const expect *e, const cw_insn *in, cc_goes f, uint64_t t, const char *why)
{
  if (why)
    c->bad++;
  else
    c->good++;
  if (!why && !c->verbose)
    return;
  printf ("%s %s: ", why ? "WRONG" : "ok", e->name);
  for (int k = 0; k < in->d.length; k++)
    printf ("%02x", in->bytes[k]);
  printf (" \"%s\": %s", in->d.text, goes_name[f]);
  if (f == CC_GOES_JUMP || f == CC_GOES_COND || f == CC_GOES_CALL || f == CC_GOES_COND_CALL)
    printf (" 0x%llx", (unsigned long long) t);
  printf ("%s%s\n", why ? ", " : "", why ? why : "");
}

static int
check (void *vc, const cw_insn *in, const cw_insn *prev)
{
  ctx *c = vc;
  expect key = { .addr = in->addr };
  expect *e = bsearch (&key, c->v, c->n, sizeof *c->v, cmp_expect);
  if (!e)
    return 0;
  /* Several labels at one address: the first of them.  */
  while (e > c->v && e[-1].addr == in->addr)
    e--;
  for (; e < c->v + c->n && e->addr == in->addr; e++)
    {
      e->seen = 1;
      if (e->flow < 0)
        {
          if (in->decoded)
            printf ("WRONG %s: objdump's decoder reads \"%s\" at 0x%llx, expected none\n",
                    e->name, in->d.text, (unsigned long long) in->addr);
          else if (c->verbose)
            printf ("ok %s: no instruction\n", e->name);
          c->bad += in->decoded;
          c->good += !in->decoded;
          continue;
        }
      if (!in->decoded)
        {
          printf ("WRONG %s: objdump's decoder reads no instruction at 0x%llx\n", e->name,
                  (unsigned long long) in->addr);
          c->bad++;
          continue;
        }
      uint64_t t = 0;
      cc_goes f = cc_isa_decoded_flow (in->isa, &in->d, prev ? &prev->d : NULL, &t);
      char why[160];
      if ((int) f != e->flow)
        snprintf (why, sizeof why, "expected %s", goes_name[e->flow]);
      else if ((f == CC_GOES_JUMP || f == CC_GOES_COND || f == CC_GOES_CALL
                || f == CC_GOES_COND_CALL)
               && t != symbol_addr (c->p, e->target))
        snprintf (why, sizeof why, "expected the target %s (0x%llx)", e->target,
                  (unsigned long long) symbol_addr (c->p, e->target));
      else
        why[0] = 0;
      report (c, e, in, f, t, why[0] ? why : NULL);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  ctx c = { 0 };
  c.verbose = argc > 1 && strcmp (argv[1], "-v") == 0;
  if (argc != 2 + c.verbose)
    {
      fprintf (stderr, "usage: ccflow [-v] ELF-FILE\n");
      return 2;
    }
  cw_prog p;
  if (cw_open (&p, argv[1 + c.verbose]) < 0)
    return 2;
  c.p = &p;
  if (read_expects (&c) < 0)
    return 2;
  for (uint32_t i = 0; i < p.img.n_code; i++)
    {
      const cc_elf_section *s = &p.img.sections[p.img.code[i]];
      if (cw_walk (&p, s, s->addr, s->addr + s->size, 0, check, &c) < 0)
        return 2;
    }
  for (uint32_t k = 0; k < c.n; k++)
    if (!c.v[k].seen)
      {
        printf ("WRONG %s: at no instruction the linear decoding met (0x%llx)\n",
                c.v[k].name, (unsigned long long) c.v[k].addr);
        c.bad++;
      }
  printf ("ccflow: %ld as expected, %ld wrong\n", c.good, c.bad);
  free (c.v);
  cw_close (&p);
  return c.bad || !c.good ? 1 : 0;
}
