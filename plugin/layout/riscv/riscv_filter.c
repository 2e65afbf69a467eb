/* cachecat: the filter's events for a layout computed from RISC-V text
   (riscv_filter.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/riscv/riscv_filter.h"
#include "layout/riscv/riscv_arch.h"
#include "layout/riscv/riscv_statement.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>

/* A local label's number and how often it has been defined (GNU as's
   `1:', referred to as 1b and 1f).  */
typedef struct fb_label
{
  unsigned long no, count;
} fb_label;

/* What the filter follows of a RISC-V text.  */
typedef struct riscv_filter
{
  cc_riscv_state rv;         /* the state GNU as is in (riscv_arch.h) */
  fb_label *fb;              /* local labels N: how many of each so far */
  size_t n_fb, fb_cap;
} riscv_filter;

/* The filter's memo of a statement: riscv_statement.h's reading of it
   without and with C.  */
typedef struct rv_memo
{
  cc_rv_stmt *rv[2];
} rv_memo;

/* The entry of local label number NO (fb_label), made if new.  */
static fb_label *
fb_entry (riscv_filter *r, unsigned long no)
{
  for (size_t i = 0; i < r->n_fb; i++)
    if (r->fb[i].no == no)
      return &r->fb[i];
  r->fb = cc_grow (r->fb, &r->fb_cap, r->n_fb + 1, sizeof *r->fb, 8);
  r->fb[r->n_fb] = (fb_label) { no, 0 };
  return &r->fb[r->n_fb++];
}

/* The name the events give the COUNT-th definition of local label NO
   (a `#' is in no symbol's name).  */
static size_t
fb_name (cc_asm_filter *f, unsigned long no, unsigned long count, size_t *len)
{
  char buf[48];
  int n = snprintf (buf, sizeof buf, "%lu#%lu", no, count);
  *len = (size_t) n;
  return cc_asm_filter_keep_name (f, buf, (size_t) n);
}

/* A label [P, P + N) in any section (cc_asm_filter_ops): a numeric one
   counts as the next definition of its number (gas's
   fb_label_instance_inc), and in code (IN_CODE) is a SYMBOL event under
   the name of that definition (fb_name).  */
static void
label (cc_asm_filter *f, void *state, const char *p, size_t n, int in_code)
{
  riscv_filter *r = state;
  unsigned long no = 0;
  size_t d = 0;
  while (d < n && p[d] >= '0' && p[d] <= '9')
    no = no * 10 + (unsigned long) (p[d++] - '0');
  if (d != n)
    return;
  if (d >= 10)
    {
      cc_asm_filter_refuse (f, p, p + n);
      return;
    }
  fb_entry (r, no)->count++;
  if (in_code)
    {
      size_t len, at = fb_name (f, no, fb_entry (r, no)->count, &len);
      cc_asm_filter_event (f, CC_ASM_EV_SYMBOL, 0, 0, at, len);
    }
}

/* The name of the label [P, P + N) a RISC-V branch goes to: a local
   label's reference 1b or 1f by the definition it means (fb_name).  */
static size_t
branch_target (cc_asm_filter *f, riscv_filter *r, const char *p, size_t n, size_t *len)
{
  size_t d = 0;
  unsigned long no = 0;
  while (d < n && p[d] >= '0' && p[d] <= '9')
    no = no * 10 + (unsigned long) (p[d++] - '0');
  if (d == 0 || d + 1 != n || d >= 10)
    {
      *len = n;
      return cc_asm_filter_keep_name (f, p, n);
    }
  unsigned long count = fb_entry (r, no)->count;
  /* 1b: the latest definition (gas: an error before the first); 1f: the
     next one (an error if there is none: the layout finds no label).  */
  if (p[d] == 'b' && count == 0)
    cc_asm_filter_refuse (f, p, p + n);
  return fb_name (f, no, p[d] == 'b' ? count : count + 1, len);
}

/* The INSN events of the instruction statement [P, E), read as ST: one
   per machine instruction.  */
static void
insn_events (cc_asm_filter *f, riscv_filter *r, const cc_rv_stmt *st, const char *p,
             const char *e)
{
  cc_riscv_state *s = &r->rv;
  /* Before `.attribute arch' the command line's -march decides; under
     `.option relax' the linker moves code and gas aligns it otherwise.  */
  if (!s->opts.known || s->opts.relax)
    cc_asm_filter_refuse (f, p, e);
  s->insn_seen = 1;
  const cc_riscv_insn *in = &st->insn;
  size_t at = 0, len = 0;
  if (in->relax != CC_RISCV_FIXED)
    at = branch_target (f, r, p + in->target_at, in->target_len, &len);
  for (unsigned k = 0; k < in->n; k++)
    {
      const cc_riscv_minsn *m = &in->m[k];
      int frag_end = m->breaks == 1
                     || (m->breaks == CC_RISCV_BREAKS_UNLESS_PIC && !s->opts.pic);
      unsigned long b = (m->runs_on ? CC_ASM_EV_RV_RUNS_ON : 0)
                        | (m->nop ? CC_ASM_EV_RV_NOP : 0)
                        | (frag_end ? CC_ASM_EV_RV_FRAG_END : 0)
                        | (in->relax == CC_RISCV_BRANCH ? CC_ASM_EV_RV_BRANCH
                           : in->relax == CC_RISCV_JUMP ? CC_ASM_EV_RV_JUMP : 0);
      cc_asm_filter_event (f, CC_ASM_EV_INSN, m->len, b, at, len);
    }
}

/* What statement [P, E) in code places (cc_asm_filter_ops), by
   riscv_statement.h under the state the text has set so far (memo slot
   MEMO, or NULL).  */
static void
statement (cc_asm_filter *f, void *state, enum cc_stmt_kind kind, unsigned long align,
           unsigned long max, const char *p, const char *e, void **memo)
{
  (void) kind, (void) align, (void) max;
  riscv_filter *r = state;
  cc_riscv_state *s = &r->rv;
  int rvc = s->opts.rvc != 0;
  cc_rv_stmt local, *st = &local;
  if (memo && !*memo)
    *memo = cc_xcalloc (1, sizeof (rv_memo));
  rv_memo *mm = memo ? *memo : NULL;
  if (mm && !mm->rv[rvc])
    {
      mm->rv[rvc] = cc_xmalloc (sizeof *mm->rv[rvc]);
      cc_riscv_classify (p, e, &s->arch, rvc, mm->rv[rvc]);
    }
  if (mm)
    st = mm->rv[rvc];
  else
    cc_riscv_classify (p, e, &s->arch, rvc, &local);
  switch (st->kind)
    {
    case CC_PLACE_NOTHING:
      break;
    case CC_PLACE_INSN:
      insn_events (f, r, st, p, e);
      break;
    case CC_PLACE_DATA:
      cc_asm_filter_event (f, CC_ASM_EV_DATA, st->bytes, 0, 0, 0);
      break;
    case CC_PLACE_ALIGN:
      /* riscv_frag_align_code: an alignment to no more than an
         instruction's (2 bytes with C, else 4) is only recorded; any other
         pads unless relaxation is on (then the linker's R_RISCV_ALIGN
         does it).  */
      if (st->align <= (rvc ? 2u : 4u))
        cc_asm_filter_event (f, CC_ASM_EV_ALIGN_RECORD, st->align, 0, 0, 0);
      else if (s->opts.relax)
        cc_asm_filter_refuse (f, p, e);
      else
        cc_asm_filter_event (f, CC_ASM_EV_ALIGN, st->align, st->max, 0, 0);
      break;
    default:
      cc_asm_filter_refuse (f, p, e);
      break;
    }
}

/* The directive [W, W + N) with operands [REST, E), in any section: the
   state it sets (riscv_arch.h).  */
static void
directive (cc_asm_filter *f, void *state, const char *w, size_t n, const char *rest,
           const char *e)
{
  riscv_filter *r = state;
  if (cc_riscv_state_directive (&r->rv, w, n, rest, e) < 0)
    cc_asm_filter_refuse (f, w, e);
}

static void
free_memo (void *memo)
{
  rv_memo *m = memo;
  if (!m)
    return;
  free (m->rv[0]);
  free (m->rv[1]);
  free (m);
}

static void
free_state (void *state)
{
  riscv_filter *r = state;
  if (!r)
    return;
  free (r->fb);
  free (r);
}

static const cc_asm_filter_ops riscv_ops = {
  .statement = statement,
  .directive = directive,
  .label = label,
  .free_memo = free_memo,
  .free_state = free_state,
  .local_symbols = 1,
  .bindings = 1,
  .dot_equates = 1,
  .no_app = 1,
};

void
cc_asm_filter_riscv (cc_asm_filter *f)
{
  riscv_filter *r = cc_xcalloc (1, sizeof *r);
  cc_riscv_state_init (&r->rv);
  cc_asm_filter_target (f, &riscv_ops, r);
}

unsigned
cc_asm_filter_riscv_xlen (const cc_asm_filter *f)
{
  const riscv_filter *r = cc_asm_filter_target_state (f);
  return r ? r->rv.arch.xlen : 0;
}
