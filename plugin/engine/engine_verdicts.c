/* cachecat engine: the names of the categories, and merging verdicts
   (docs/semantics.md §6.5): of an insn's contexts, of
   the lines one fetch touches, of the layout phases.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_steps.h"

const char *
cc_category_name (int c)
{
  static const char *const names[] = { "always-hit", "always-miss",
                                       "first-miss", "first-hit", "conflict" };
  return c >= 0 && c < CC_N_CATEGORIES ? names[c] : "?";
}

/* Depth of a scope: larger is inner.  */
static uint32_t
scope_depth (const cc_func_result *fr, cc_verdict v)
{
  if (v.scope == CC_SCOPE_PROGRAM)
    return 0;
  if (v.scope == CC_SCOPE_FUNCTION)
    return 1;
  uint32_t d = 2;
  for (uint32_t l = fr->loops[v.loop].parent; l != CC_NONE; l = fr->loops[l].parent)
    d++;
  return d;
}

/* Fold B into A; A.category == 0xff means "nothing yet".  */
void
eng_merge_verdict (const cc_func_result *fr, cc_verdict *a, cc_verdict b)
{
  if (a->category == 0xff)
    {
      *a = b;
      return;
    }
  if (a->category == CC_FIRST_HIT || b.category == CC_FIRST_HIT)
    {
      /* First-hit of one loop holds with always-hit; anything else does
         not keep it.  */
      cc_verdict h = a->category == CC_FIRST_HIT ? *a : b;
      cc_verdict o = a->category == CC_FIRST_HIT ? b : *a;
      if (o.category == CC_ALWAYS_HIT
          || (o.category == CC_FIRST_HIT && o.loop == h.loop && o.other_func == h.other_func))
        *a = h;
      else
        *a = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  if (a->category == b.category && b.category != CC_FIRST_MISS)
    return;
  int a_ok = a->category == CC_ALWAYS_HIT || a->category == CC_FIRST_MISS;
  int b_ok = b.category == CC_ALWAYS_HIT || b.category == CC_FIRST_MISS;
  if (!a_ok || !b_ok)
    {
      *a = (cc_verdict){ CC_CONFLICT, CC_SCOPE_NONE, 0, 0 };
      return;
    }
  if (b.category == CC_ALWAYS_HIT)
    return;
  if (a->category == CC_ALWAYS_HIT || scope_depth (fr, b) > scope_depth (fr, *a))
    *a = b;
}
