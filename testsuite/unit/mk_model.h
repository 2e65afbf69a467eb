/* cachecat unit tests: building program models by hand.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_MK_MODEL_H
#define CACHECAT_MK_MODEL_H

#include "engine/engine.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

static inline cc_func *
mk_func (cc_model *m, const char *name, uint32_t flags)
{
  m->funcs = cc_xrealloc (m->funcs, (m->n_funcs + 1) * sizeof *m->funcs);
  cc_func *f = &m->funcs[m->n_funcs++];
  memset (f, 0, sizeof *f);
  f->name = cc_xstrdup (name);
  f->flags = flags;
  f->file = CC_NONE;
  return f;
}

static inline uint32_t
mk_part (cc_func *f, const char *symbol, uint32_t section, uint32_t offset,
         uint32_t size)
{
  f->parts = cc_xrealloc (f->parts, (f->n_parts + 1) * sizeof *f->parts);
  f->parts[f->n_parts] = (cc_part){ cc_xstrdup (symbol), section, offset, size };
  return f->n_parts++;
}

/* A block of N insns of LEN bytes each starting at section offset OFF.  */
static inline uint32_t
mk_block (cc_func *f, uint32_t part, uint32_t off, uint32_t n, uint32_t len)
{
  f->blocks = cc_xrealloc (f->blocks, (f->n_blocks + 1) * sizeof *f->blocks);
  cc_block *b = &f->blocks[f->n_blocks];
  memset (b, 0, sizeof *b);
  b->first_insn = f->n_insns;
  b->n_insns = n;
  b->fallthru = CC_NONE;
  f->insns = cc_xrealloc (f->insns, (f->n_insns + n) * sizeof *f->insns);
  for (uint32_t i = 0; i < n; i++)
    f->insns[f->n_insns + i] = (cc_insn){ .uid = f->n_insns + i + 1, .part = part,
                                          .offset = off + i * len, .length = len,
                                          .file = CC_NONE, .kind = CC_INSN_CODE };
  f->n_insns += n;
  return f->n_blocks++;
}

static inline void
mk_succ (cc_func *f, uint32_t b, uint32_t s, int fallthru)
{
  cc_block *bb = &f->blocks[b];
  bb->succs = cc_xrealloc (bb->succs, (bb->n_succs + 1) * sizeof *bb->succs);
  bb->succs[bb->n_succs++] = s;
  if (fallthru)
    bb->fallthru = s;
}

/* A call at the end of block B: to CALLEE, or unknown code if NULL.  */
static inline void
mk_call (cc_func *f, uint32_t b, const char *callee)
{
  f->blocks[b].call = callee ? CC_CALL_DIRECT : CC_CALL_UNKNOWN;
  f->blocks[b].callee = callee ? cc_xstrdup (callee) : NULL;
}

static inline void
mk_exit (cc_func *f, uint32_t b)
{
  f->blocks[b].exits = 1;
}

/* The insn of F at section offset OFF (tests name insns by address).  */
static inline uint32_t
mk_insn_at (const cc_func *f, uint32_t off)
{
  for (uint32_t i = 0; i < f->n_insns; i++)
    if (f->insns[i].offset == off)
      return i;
  return CC_NONE;
}

static inline cc_cache
mk_cache (uint32_t size, uint32_t line, uint32_t ways)
{
  return (cc_cache){ .size = size, .line = line, .ways = ways, .sets = size / (line * ways),
                     .policy = CC_POLICY_LRU };
}

#endif
