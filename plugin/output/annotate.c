/* cachecat output: an instruction's verdict in words (annotate.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/annotate.h"

#include <string.h>

const char *
cc_insn_category (const cc_func *fn, const cc_func_result *fr, uint32_t i)
{
  if (cc_insn_never_fetched (&fn->insns[i], fr->analysed))
    return "never-fetched";
  if (fr->unreached)
    return "unreachable";
  return cc_category_name (fr->insns[i].merged.category);
}

int
cc_insn_has_scope (const cc_func *fn, const cc_func_result *fr, uint32_t i)
{
  uint8_t c = fr->insns[i].merged.category;
  return (c == CC_FIRST_MISS || c == CC_FIRST_HIT)
         && !cc_insn_never_fetched (&fn->insns[i], fr->analysed);
}

const char *
cc_rewrite_name (uint8_t rewrite)
{
  /* The relocations of enum cc_rewrite.  */
  static const char *const names[CC_N_REWRITES] = {
    NULL, "R_X86_64_GOTPCRELX", "R_X86_64_TLSGD", "R_X86_64_TLSLD", "R_X86_64_TLSDESC_CALL"
  };
  return rewrite < CC_N_REWRITES ? names[rewrite] : NULL;
}

/* Appending to a bounded string, truncating like snprintf: called once
   per instruction, where snprintf's format parsing was most of the cost.  */
typedef struct sbuf
{
  char *p;
  size_t n, size;
} sbuf;

static void
sb_s (sbuf *b, const char *s)
{
  size_t l = strlen (s);
  if (b->n + 1 < b->size)
    {
      size_t room = b->size - 1 - b->n;
      memcpy (b->p + b->n, s, l < room ? l : room);
    }
  b->n += l;
  if (b->size)
    b->p[b->n < b->size ? b->n : b->size - 1] = 0;
}

static void
sb_u (sbuf *b, uint32_t v, int hex)
{
  char d[12];
  int n = 0;
  unsigned base = hex ? 16 : 10;
  do
    d[sizeof d - 2 - n++] = "0123456789abcdef"[v % base];
  while ((v /= base) != 0);
  d[sizeof d - 1] = 0;
  sb_s (b, d + sizeof d - 1 - n);
}

/* One instruction's annotation, without the "cachecat: " leader: its
   category, scope, line and set, and what limits its promise.  */
static void
describe_insn (sbuf *b, const cc_model *m, const cc_result *r, uint32_t fi, uint32_t i)
{
  const cc_func *fn = &m->funcs[fi];
  const cc_func_result *fr = &r->funcs[fi];
  const cc_insn_result *ir = &fr->insns[i];
  const cc_insn *in = &fn->insns[i];
  sb_s (b, cc_insn_category (fn, fr, i));
  if (cc_insn_has_scope (fn, fr, i))
    {
      if (ir->merged.scope == CC_SCOPE_PROGRAM)
        sb_s (b, " scope=program");
      else if (ir->merged.scope == CC_SCOPE_FUNCTION)
        sb_s (b, " scope=function");
      else
        {
          /* A caller's loop (first-hit), or one whose header lies in the
             other part, by the symbol of the part.  */
          uint32_t lf = ir->merged.other_func ? ir->merged.other_func - 1 : fi;
          const cc_func *lfn = &m->funcs[lf];
          uint32_t h = lfn->blocks[r->funcs[lf].loops[ir->merged.loop].header].first_insn;
          sb_s (b, " scope=loop@");
          if (lf != fi || fn->insns[h].part != in->part)
            {
              sb_s (b, lfn->parts[lfn->insns[h].part].symbol);
              sb_s (b, "+");
            }
          sb_s (b, "0x");
          sb_u (b, cc_part_offset (lfn, h), 1);
        }
    }
  sb_s (b, " line=");
  sb_u (b, ir->pline, 0);
  sb_s (b, " set=");
  sb_u (b, ir->set, 0);
  if (ir->n_lines > 1)
    {
      sb_s (b, " lines=");
      sb_u (b, ir->n_lines, 0);
    }
  if (in->fetch == CC_FETCH_MAYBE)
    sb_s (b, " fetch=maybe");
  if (in->rewrite != CC_REWRITE_NONE && in->rewrite < CC_N_REWRITES)
    {
      sb_s (b, " linker=");
      sb_s (b, cc_rewrite_name (in->rewrite));
    }
  if (in->unsplit)
    sb_s (b, " unsplit");
}

void
cc_annotation (const cc_model *m, const cc_result *r, uint32_t fi, uint32_t first,
               uint32_t n, char *buf, size_t size)
{
  const cc_func_result *fr = &r->funcs[fi];
  sbuf b = { buf, 0, size };
  if (size)
    buf[0] = 0;
  if (fr->unreached)
    {
      sb_s (&b, "cachecat: unreachable (no root reaches its function: it never runs)");
      return;
    }
  if (!fr->analysed)
    {
      sb_s (&b, "cachecat: conflict (not analysed)");
      return;
    }
  sb_s (&b, "cachecat: ");
  if (n == 1)
    {
      describe_insn (&b, m, r, fi, first);
      return;
    }
  /* Several machine instructions of one insn, in address order; a run of
     them that reads the same is written once, with its count:
     "2 instructions: always-hit line=3 set=3 | never-fetched line=4 set=0".  */
  sb_u (&b, n, 0);
  sb_s (&b, " instructions:");
  char cur[256], next[256];
  uint32_t run = 0;
  int runs = 0;
  for (uint32_t i = first; i <= first + n; i++)
    {
      next[0] = 0;
      if (i < first + n)
        {
          sbuf d = { next, 0, sizeof next };
          describe_insn (&d, m, r, fi, i);
        }
      if (run && (i == first + n || strcmp (cur, next) != 0))
        {
          sb_s (&b, runs++ ? " | " : " ");
          if (run > 1)
            {
              sb_u (&b, run, 0);
              sb_s (&b, "x ");
            }
          sb_s (&b, cur);
          run = 0;
        }
      if (i < first + n)
        {
          if (!run)
            memcpy (cur, next, sizeof cur);
          run++;
        }
    }
}
