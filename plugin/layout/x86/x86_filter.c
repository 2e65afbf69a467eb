/* cachecat: the filter's events for a layout computed from x86-64 text
   (x86_filter.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/x86/x86_filter.h"
#include "layout/asm_syntax.h"
#include "layout/x86/x86_encode.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* What x86_encode.h says of a statement, worked out the first time it is
   asked for (the filter's memo of the statement).  */
typedef struct encoded
{
  int len;                   /* cc_x86_encode_length, -1: not encoded */
  cc_x86_stmt br;            /* its jump, the target an offset in the text */
  size_t target_at;
} encoded;

/* The length of the instruction statement [P, E) of memo slot MEMO (or
   NULL), with *BR its jump, whose target lies in [P, E).  */
static int
memo_encode (void **memo, const char *p, const char *e, cc_x86_stmt *br)
{
  if (!memo)
    return cc_x86_encode_length (p, e, br);
  encoded *m = *memo;
  if (!m)
    {
      *memo = m = cc_xmalloc (sizeof *m);
      m->len = cc_x86_encode_length (p, e, &m->br);
      m->target_at = m->br.target ? (size_t) (m->br.target - p) : 0;
    }
  *br = m->br;
  if (br->target)
    br->target = p + m->target_at;
  return m->len;
}

/* The INSN event of the instruction statement [P, E): its length and
   jump, or none if it cannot be encoded.  */
static void
insn_event (cc_asm_filter *f, const char *p, const char *e, void **memo)
{
  cc_x86_stmt br;
  int len = memo_encode (memo, p, e, &br);
  if (len < 0)
    {
      /* The decoder may still place it (x86_decode.c).  */
      cc_asm_filter_refuse (f, p, e);
      cc_asm_filter_event (f, CC_ASM_EV_INSN, 0, 0, 0, 0);
      return;
    }
  size_t at = 0;
  if (br.kind != CC_X86_NO_BRANCH)
    at = cc_asm_filter_keep_name (f, br.target, br.target_len);
  cc_asm_filter_event (f, CC_ASM_EV_INSN, (unsigned long) len,
                       br.kind | (br.gcc_differs ? CC_ASM_EV_GCC_DIFFERS : 0), at,
                       br.target_len);
}

/* The prefix statement [P, E): one byte each if it is one of these; the
   others (rex64, data16, segments) are too rare to be worth knowing how
   gas merges them.  */
static void
check_prefix (cc_asm_filter *f, const char *p, const char *e)
{
  static const char *const one_byte[] = { "lock", "rep", "repe", "repz",
                                          "repne", "repnz", "notrack", NULL };
  const char *w = cc_asm_skip_space (p, e);
  size_t n = cc_asm_ident_len (w, e);
  int known = 0;
  for (size_t i = 0; one_byte[i]; i++)
    if (strlen (one_byte[i]) == n && memcmp (w, one_byte[i], n) == 0)
      known = 1;
  if (!known)
    cc_asm_filter_refuse (f, p, e);
}

/* Statement [P, E) of KIND in code (cc_asm_filter_ops): instructions are
   encoded while the text still is encodable.  */
static void
statement (cc_asm_filter *f, void *state, enum cc_stmt_kind kind, unsigned long align,
           unsigned long max, const char *p, const char *e, void **memo)
{
  (void) state;
  if (kind == CC_STMT_INSN && !cc_asm_filter_unencoded (f))
    insn_event (f, p, e, memo);
  else
    {
      if (kind == CC_STMT_PREFIX)
        check_prefix (f, p, e);
      cc_asm_filter_kind_event (f, kind, align, max);
    }
}

static const cc_asm_filter_ops x86_ops = {
  .statement = statement,
  .free_memo = free,
  .local_symbols = 1,
  .bindings = 1,
};

void
cc_asm_filter_encode (cc_asm_filter *f)
{
  cc_asm_filter_target (f, &x86_ops, NULL);
}
