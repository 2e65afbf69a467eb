/* cachecat test tool: objdump's decoder against the hand-written ones.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: ccdecode [-q] ELF-FILE...

   cachecat-link models the code no unit's record describes from what
   libopcodes reads (binary/decoder.h) and each target's flow of it
   (cc_isa_decoded_flow); the compile-time layout reads bytes with the
   hand-written decoders (cc_isa_length, cc_isa_branch).  Here both meet
   every function symbol's code of linked programs, decoded linearly (the
   mapping symbols say A32, Thumb or data), instruction by instruction:
     - the length libopcodes gives must be cc_isa_length's where that one
       knows it;
     - a direct jump, call or conditional branch of the hand-written
       decoder must be the flow's, to the same target; its indirect
       branch a return, an indirect jump or call (or, conservatively,
       UNKNOWN); its system call a system call.  No branch of the
       hand-written decoder may be one the flow says runs on (NEXT).
   An instruction the hand-written decoder calls no branch may be one of
   the flow (a return on x86-64, a trap): counted, with its mnemonics;
   so is a branch the flow calls UNKNOWN (conservative), and a b.n or b.w
   the flow finds conditional in an IT block (the hand-written decoder
   reads no IT state).  Code reached from two symbols is compared once.
   Prints per instruction set
     ISA: N compared, N agree, N length unknown, N flow only,
       N flow unknown, N IT-conditional, N wrong (N not decoded)
   (one line; agree: the same length and branch), the wrong ones (bytes
   and objdump's text) and, unless -q, how many of each flow and the
   mnemonics of those counted apart; exits 1 if any is wrong, 2 if a
   file cannot be read.  */

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
static const char *const kind_name[] = { "none", "jump", "call", "cond", "indirect", "kernel" };

#define MAX_SHOWN 25
#define MAX_MNEMS 64

typedef struct mnem_count
{
  char mnem[24];
  cc_goes flow;
  long n;
} mnem_count;

typedef struct isa_stats
{
  long compared, agree, declined, len_unknown, flow_only, flow_unknown, finer, wrong;
  long flows[CC_GOES_UNKNOWN + 1];
  mnem_count only[MAX_MNEMS], unknown[MAX_MNEMS], len_unknown_m[MAX_MNEMS];
  int n_only, n_unknown, n_len_unknown;
} isa_stats;

typedef struct ctx
{
  cw_prog *p;
  isa_stats st[CC_ISA_COUNT];
  unsigned char *seen;         /* a bit per byte of the section: an
                                  instruction compared starts there */
  uint64_t base;
} ctx;

typedef enum verdict { AGREE, FLOW_ONLY, FLOW_UNKNOWN, FINER, WRONG } verdict;

static const char *
isa_name (cc_isa isa)
{
  switch (isa)
    {
    case CC_ISA_X86_64: return "x86-64";
    case CC_ISA_A64: return "a64";
    case CC_ISA_A32: return "a32";
    case CC_ISA_THUMB: return "thumb";
    case CC_ISA_RV32: return "rv32";
    case CC_ISA_RV64: return "rv64";
    default: return "?";
    }
}

/* The flow F (target FT) of an instruction the hand-written decoder
   calls K (target HT, 0 if it does not give one).  */
static verdict
judge (cc_isa isa, cc_branch_kind k, uint64_t ht, cc_goes f, uint64_t ft)
{
  if (k == CC_BRANCH_NONE)
    return f == CC_GOES_NEXT ? AGREE : FLOW_ONLY;
  if (f == CC_GOES_NEXT || f == CC_GOES_STOP)
    return WRONG;
  if (f == CC_GOES_UNKNOWN)
    return FLOW_UNKNOWN;
  int same = !ht || ht == ft;
  switch (k)
    {
    case CC_BRANCH_JUMP:
      if (f == CC_GOES_JUMP && same)
        return AGREE;
      /* b.n/b.w in an IT block: conditional, which the hand-written
         decoder does not know (it reads no IT state).  */
      return isa == CC_ISA_THUMB && f == CC_GOES_COND && same ? FINER : WRONG;
    case CC_BRANCH_CALL:
      if (f == CC_GOES_CALL && same)
        return AGREE;
      /* bl in an IT block, or with a condition in A32: the hand-written
         decoder reads no condition.  */
      return f == CC_GOES_COND_CALL && same ? FINER : WRONG;
    case CC_BRANCH_COND:
      return f == CC_GOES_COND && same ? AGREE : WRONG;
    case CC_BRANCH_INDIRECT:
      return f == CC_GOES_RETURN || f == CC_GOES_COND_RETURN || f == CC_GOES_IJUMP
                     || f == CC_GOES_ICALL
                 ? AGREE
                 : WRONG;
    case CC_BRANCH_KERNEL:
      return f == CC_GOES_KERNEL ? AGREE : WRONG;
    default:
      return WRONG;
    }
}

static void
show (const cw_insn *in, const char *what)
{
  printf ("  WRONG %s 0x%llx:", isa_name (in->isa), (unsigned long long) in->addr);
  int n = in->decoded ? in->d.length : 4;
  for (int k = 0; k < n && (size_t) k < in->avail; k++)
    printf (" %02x", in->bytes[k]);
  printf ("  %s: %s\n", in->decoded ? in->d.text : "(not decoded)", what);
}

/* Count the instruction IN of flow F under its mnemonic in V (*N).  */
static void
count_mnem (mnem_count *v, int *n, const cw_insn *in, cc_goes f)
{
  char m[24];
  cc_decoded_mnemonic (&in->d, NULL, m, sizeof m);
  for (int k = 0; k < *n; k++)
    if (v[k].flow == f && strcmp (v[k].mnem, m) == 0)
      {
        v[k].n++;
        return;
      }
  if (*n < MAX_MNEMS)
    {
      mnem_count *c = &v[(*n)++];
      strcpy (c->mnem, m);
      c->flow = f;
      c->n = 1;
    }
}

static int
compare (void *vc, const cw_insn *in, const cw_insn *prev)
{
  ctx *c = vc;
  uint64_t off = in->addr - c->base;
  if (c->seen[off / 8] & (1u << (off % 8)))
    return 1;                  /* joined code compared from another symbol */
  c->seen[off / 8] |= (unsigned char) (1u << (off % 8));
  isa_stats *st = &c->st[in->isa];
  if (!in->decoded)
    {
      st->declined++;
      return 0;
    }
  st->compared++;
  char why[160];
  int h = cc_isa_length (in->isa, in->bytes, in->avail);
  if (h < 0)
    {
      st->len_unknown++;
      count_mnem (st->len_unknown_m, &st->n_len_unknown, in, CC_GOES_NEXT);
    }
  else if (h != in->d.length)
    {
      snprintf (why, sizeof why, "length %d, cc_isa_length %d", in->d.length, h);
      if (st->wrong < MAX_SHOWN)
        show (in, why);
      st->wrong++;
      return 0;
    }
  uint64_t ht = 0, ft = 0;
  cc_branch_kind k = cc_isa_branch (in->isa, in->bytes, (size_t) in->d.length, in->addr,
                                    prev ? prev->bytes : NULL,
                                    prev ? (size_t) prev->d.length : 0, &ht);
  cc_goes f = cc_isa_decoded_flow (in->isa, &in->d, prev ? &prev->d : NULL, &ft);
  st->flows[f]++;
  switch (judge (in->isa, k, ht, f, ft))
    {
    case AGREE:
      st->agree += h >= 0;
      break;
    case FLOW_ONLY:
      st->flow_only++;
      count_mnem (st->only, &st->n_only, in, f);
      break;
    case FLOW_UNKNOWN:
      st->flow_unknown++;
      count_mnem (st->unknown, &st->n_unknown, in, f);
      break;
    case FINER:
      st->finer++;
      break;
    case WRONG:
      snprintf (why, sizeof why, "cc_isa_branch %s 0x%llx, flow %s 0x%llx", kind_name[k],
                (unsigned long long) ht, goes_name[f], (unsigned long long) ft);
      if (st->wrong < MAX_SHOWN)
        show (in, why);
      st->wrong++;
      break;
    }
  return 0;
}

typedef struct func
{
  uint64_t lo, hi;
  int thumb;
} func;

static int
cmp_func (const void *a, const void *b)
{
  const func *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The function symbols of P by address (the Thumb bit apart), each
   ending at its size or, without one, at the next one.  */
static func *
functions (cw_prog *p, uint32_t *n)
{
  func *v = cc_xmalloc ((p->img.n_symbols + 1) * sizeof *v);
  *n = 0;
  for (uint32_t i = 0; i < p->img.n_symbols; i++)
    {
      const cc_elf_symbol *y = &p->img.symbols[i];
      if (!y->func || !y->defined)
        continue;
      int thumb = p->t->thumb_bit && (y->value & 1);
      uint64_t lo = p->t->thumb_bit ? y->value & ~(uint64_t) 1 : y->value;
      v[(*n)++] = (func) { lo, y->size ? lo + y->size : 0, thumb };
    }
  qsort (v, *n, sizeof *v, cmp_func);
  for (uint32_t k = 0; k < *n; k++)
    if (!v[k].hi)
      v[k].hi = k + 1 < *n ? v[k + 1].lo : v[k].lo;
  return v;
}

static int
compare_file (ctx *c, const char *path)
{
  cw_prog p;
  if (cw_open (&p, path) < 0)
    return -1;
  c->p = &p;
  uint32_t n;
  func *v = functions (&p, &n);
  int rc = 0;
  for (uint32_t i = 0; i < p.img.n_code && !rc; i++)
    {
      const cc_elf_section *s = &p.img.sections[p.img.code[i]];
      c->base = s->addr;
      c->seen = cc_xcalloc (s->size / 8 + 1, 1);
      for (uint32_t k = 0; k < n && !rc; k++)
        if (v[k].lo >= s->addr && v[k].lo < s->addr + s->size
            && (k == 0 || v[k].lo != v[k - 1].lo))
          rc = cw_walk (&p, s, v[k].lo, v[k].hi, v[k].thumb, compare, c) < 0 ? -1 : 0;
      free (c->seen);
    }
  free (v);
  cw_close (&p);
  return rc;
}

static int
by_count (const void *a, const void *b)
{
  const mnem_count *x = a, *y = b;
  return (y->n > x->n) - (y->n < x->n);
}

/* The commonest mnemonics of V (N), with their flow.  */
static void
show_mnems (const char *what, mnem_count *v, int n)
{
  if (!n)
    return;
  qsort (v, (size_t) n, sizeof *v, by_count);
  printf ("  %s:", what);
  for (int m = 0; m < n && m < 16; m++)
    printf (" %s%s%s %ld", v[m].mnem, v[m].flow ? "=" : "", v[m].flow ? goes_name[v[m].flow] : "",
            v[m].n);
  printf ("\n");
}

int
main (int argc, char **argv)
{
  int quiet = argc > 1 && strcmp (argv[1], "-q") == 0;
  if (argc < 2 + quiet)
    {
      fprintf (stderr, "usage: ccdecode [-q] ELF-FILE...\n");
      return 2;
    }
  ctx *c = cc_xcalloc (1, sizeof *c);
  for (int i = 1 + quiet; i < argc; i++)
    if (compare_file (c, argv[i]) < 0)
      return 2;
  long wrong = 0;
  for (int k = 0; k < CC_ISA_COUNT; k++)
    {
      isa_stats *st = &c->st[k];
      if (!st->compared && !st->declined)
        continue;
      wrong += st->wrong;
      printf ("%s: %ld compared, %ld agree, %ld length unknown, %ld flow only, "
              "%ld flow unknown, %ld IT-conditional, %ld wrong (%ld not decoded)\n",
              isa_name ((cc_isa) k), st->compared, st->agree, st->len_unknown,
              st->flow_only, st->flow_unknown, st->finer, st->wrong, st->declined);
      if (!quiet)
        {
          printf ("  flows:");
          for (int f = 0; f <= CC_GOES_UNKNOWN; f++)
            printf (" %s %ld", goes_name[f], st->flows[f]);
          printf ("\n");
          show_mnems ("length unknown", st->len_unknown_m, st->n_len_unknown);
          show_mnems ("flow only", st->only, st->n_only);
          show_mnems ("flow unknown", st->unknown, st->n_unknown);
        }
    }
  free (c);
  return wrong ? 1 : 0;
}
