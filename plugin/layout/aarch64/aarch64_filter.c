/* cachecat: the filter's events for a layout computed from AArch64 text
   (aarch64_filter.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/aarch64/aarch64_filter.h"
#include "layout/aarch64/aarch64_statement.h"
#include "layout/asm_syntax.h"
#include "support/util.h"

#include <stdlib.h>

/* What statement [P, E) in code places, by aarch64_statement.h (memo
   slot MEMO, or NULL: cc_asm_filter_ops).  */
static void
statement (cc_asm_filter *f, void *state, enum cc_stmt_kind kind, unsigned long align,
           unsigned long max, const char *p, const char *e, void **memo)
{
  (void) state, (void) kind, (void) align, (void) max;
  cc_a64_stmt local, *st = &local;
  if (memo && !*memo)
    {
      *memo = cc_xmalloc (sizeof local);
      cc_a64_classify (p, e, *memo);
    }
  if (memo)
    st = *memo;
  else
    cc_a64_classify (p, e, &local);
  switch (st->kind)
    {
    case CC_PLACE_NOTHING:
      break;
    case CC_PLACE_INSN:
      cc_asm_filter_event (f, CC_ASM_EV_INSN, st->bytes, st->nop, 0, 0);
      break;
    case CC_PLACE_DATA:
      cc_asm_filter_event (f, CC_ASM_EV_DATA, st->bytes, 0, 0, 0);
      break;
    case CC_PLACE_ALIGN:
      cc_asm_filter_event (f, CC_ASM_EV_ALIGN, st->align, st->max, 0, 0);
      break;
    default:
      cc_asm_filter_refuse (f, p, e);
      break;
    }
}

/* A section of a group or a unique one (cc_asm_section_of_a_kind), in
   any section, makes the text unencodable.  */
static void
directive (cc_asm_filter *f, void *state, const char *w, size_t n, const char *rest,
           const char *e)
{
  (void) state;
  if (cc_asm_section_of_a_kind (w, n, rest, e))
    cc_asm_filter_refuse (f, w, e);
}

static const cc_asm_filter_ops a64_ops = {
  .statement = statement,
  .directive = directive,
  .free_memo = free,
};

void
cc_asm_filter_a64 (cc_asm_filter *f)
{
  cc_asm_filter_target (f, &a64_ops, NULL);
  cc_asm_filter_line_comment (f, '#');
}
