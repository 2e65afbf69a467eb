/* cachecat layout: our labels placed without assembling (aarch64_layout.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/aarch64/aarch64_layout.h"
#include "layout/text_layout.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

#define EM_AARCH64_ 183

/* Walk the events EV of F into L (its refs and numbered labels
   allocated), each code section's size so far into AT[s] and its largest
   alignment into ALIGN[s].  Returns NULL or why not.  */
static char *
walk (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f,
      const cc_asm_event *ev, size_t n_ev, uint64_t *at, uint64_t *align)
{
  cc_names names;
  cc_names_build (&names, q);
  size_t fills_cap = 0;
  unsigned ns = cc_asm_filter_n_sections (f);
  char *why = NULL;
  for (size_t i = 0; i < n_ev && !why; i++)
    {
      const cc_asm_event *v = &ev[i];
      if (v->kind == CC_ASM_EV_NONE)
        continue;
      unsigned s = v->section;
      if (s >= ns)
        {
          why = cc_xstrdup ("an event outside the code sections");
          break;
        }
      uint64_t *x = &at[s];
      cc_layout_ref here = { s + 1, *x };
      switch (v->kind)
        {
        case CC_ASM_EV_START:
        case CC_ASM_EV_END:
        case CC_ASM_EV_MSTART:
        case CC_ASM_EV_SYMBOL:
          why = cc_layout_computed_label (l, q, &names, f, v, here);
          break;
        case CC_ASM_EV_INSN:
          /* After data GNU as would pad to the boundary, behind any
             label before it: not followed.  */
          if (*x % 4)
            why = cc_xasprintf ("an instruction at %s+%llu, not on a 4-byte boundary",
                                cc_asm_filter_section (f, s), (unsigned long long) *x);
          if (v->b)
            cc_layout_add_fill (l, &fills_cap, s + 1, *x, *x + v->a);
          *x += v->a;
          if (align[s] < 4)
            align[s] = 4;
          break;
        case CC_ASM_EV_DATA:
          *x += v->a;
          break;
        case CC_ASM_EV_ALIGN:
          {
            uint64_t p = cc_align_pad (*x, v->a, v->b);
            if (p && *x % 4 == 0)
              cc_layout_add_fill (l, &fills_cap, s + 1, *x, *x + p);
            *x += p;
            if (v->a > align[s])
              align[s] = v->a;
            break;
          }
        default:
          why = cc_xstrdup ("an event the layout does not know");
          break;
        }
    }
  cc_names_free (&names);
  return why;
}

char *
cc_a64_layout_compute (cc_layout *l, const cc_layout_query *q, const cc_asm_filter *f)
{
  char *why = cc_layout_computed_begin (l, q, f, 1, EM_AARCH64_);
  if (why)
    return why;
  size_t n_ev;
  int decodable;
  const cc_asm_event *ev = cc_asm_filter_event_list (f, &n_ev, &decodable);
  unsigned ns = cc_asm_filter_n_sections (f);
  uint64_t *size = cc_xcalloc (ns + 1, sizeof *size), *align = cc_xcalloc (ns + 1, sizeof *align);
  for (unsigned s = 0; s < ns; s++)
    align[s] = 1;
  why = walk (l, q, f, ev, n_ev, size, align);
  cc_layout_computed_sections (l, f, size, align);
  free (size);
  free (align);
  return why;
}
