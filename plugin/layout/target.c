/* cachecat: the target the plugin was built for (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/assembler.h"
#include "layout/x86/x86_statement.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

static const cc_layout_target *const targets[CC_ARCH_COUNT] = {
#define CC_TARGET(arch, folder, ...) [CC_ARCH_##arch] = &cc_##folder##_layout,
#include "isa/targets.def"
#undef CC_TARGET
};

static const cc_layout_target unknown;

const cc_layout_target *
cc_layout_target_of (cc_arch arch)
{
  return (size_t) arch < CC_ARCH_COUNT && targets[arch] ? targets[arch] : &unknown;
}

const cc_stmt_reader *
cc_layout_reader (cc_arch arch)
{
  const cc_layout_target *lt = cc_layout_target_of (arch);
  return lt->reader ? lt->reader : &cc_x86_stmt_reader;
}

char
cc_target_line_comment (cc_arch arch)
{
  return cc_layout_target_of (arch)->line_comment;
}

const char *
cc_built_target (void)
{
  return cc_built_toolchain.target;
}

/* Asked per insn (glue/extract.cc, the target's table): the triple is
   read once.  */
cc_arch
cc_built_arch (void)
{
  static int known;
  static cc_arch arch;
  if (!known)
    {
      arch = cc_arch_of_triple (cc_built_toolchain.target);
      known = 1;
    }
  return arch;
}

const char *
cc_layout_moves_after_compile (cc_arch arch, const char *header, size_t header_size,
                               const char *code, size_t code_size)
{
  const cc_layout_target *lt = cc_layout_target_of (arch);
  if (!lt->moves_after_compile)
    return NULL;
  return lt->moves_after_compile (header, header_size, code, code_size);
}

/* The shortest reach of a direct call or branch-and-link: Thumb-2's bl,
   16 MiB either way (A32: 32 MiB, AArch64: 128 MiB).  */
#define MIN_CALL_REACH ((uint64_t) 16 << 20)

uint32_t
cc_target_veneer_calls (cc_arch arch, cc_model *m)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  if (!t || !t->veneers)
    return 0;
  /* Each section's code spans at most this much: a call inside it is in
     reach if the span is.  */
  uint64_t *span = cc_xcalloc (m->n_sections + 1, sizeof *span);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        const cc_part *pt = &m->funcs[fi].parts[p];
        if (pt->section < m->n_sections
            && (uint64_t) pt->offset + pt->size > span[pt->section])
          span[pt->section] = (uint64_t) pt->offset + pt->size;
      }
  cc_func_index names;
  cc_func_index_build (&names, m);
  uint32_t changed = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func *f = &m->funcs[fi];
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          cc_block *bb = &f->blocks[b];
          if (bb->call != CC_CALL_DIRECT || !bb->callee || bb->n_insns == 0)
            continue;
          uint32_t t = cc_func_index_find (&names, bb->callee);
          if (t == CC_NONE || m->funcs[t].n_parts == 0)
            continue;          /* not the unit's: unknown code already */
          uint32_t last = bb->first_insn + bb->n_insns - 1;
          uint32_t from = last < f->n_insns && f->insns[last].part < f->n_parts
                          ? f->parts[f->insns[last].part].section : CC_NONE;
          uint32_t to = m->funcs[t].parts[0].section;
          if (from == to && from < m->n_sections && span[from] < MIN_CALL_REACH)
            continue;
          bb->call = CC_CALL_UNKNOWN;
          m->funcs[t].flags |= CC_FUNC_PUBLIC;
          changed++;
        }
    }
  cc_func_index_free (&names);
  free (span);
  return changed;
}
