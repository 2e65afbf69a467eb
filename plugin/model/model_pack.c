/* cachecat: the model packed for its record in the object.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h: numbers as printable digits, strings
   once each.  The fields come from model_fields.h; insns and blocks are
   compressed (model_pack.h has their heads).  */

#include "model/model_record.h"
#include "model/model_fields.h"
#include "model/model_pack.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct packer
{
  unsigned char *p;
  size_t n, cap;
  /* The strings written so far, for references to them: an open
     addressing table of indices (+1) into STRS.  */
  const char **strs;
  uint32_t n_strs;
  size_t strs_cap;
  uint32_t *table;
  uint32_t table_size;         /* a power of two, at least twice n_strs */
} packer;

static void
room (packer *w, size_t more)
{
  if (w->n + more > w->cap)
    w->p = cc_grow (w->p, &w->cap, w->n + more, 1, 4096);
}

/* V's digits, at most 7, where room for them was made.  */
static inline void
put_digits (packer *w, uint32_t v)
{
  unsigned char *o = w->p + w->n;
  while (v >= 32)
    {
      *o++ = (unsigned char) (DIGIT_MORE + (v & 31));
      v >>= 5;
    }
  *o++ = (unsigned char) (DIGIT_LAST + v);
  w->n = (size_t) (o - w->p);
}

static void
put_u (packer *w, uint32_t v)
{
  room (w, 7);
  put_digits (w, v);
}

/* A 64-bit number: its low and high 32 bits.  */
static void
put_u64 (packer *w, uint64_t v)
{
  put_u (w, (uint32_t) v);
  put_u (w, (uint32_t) (v >> 32));
}

/* CC_NONE as 0, any other value V as V + 1.  */
static void
put_opt (packer *w, uint32_t v)
{
  put_u (w, v == CC_NONE ? 0 : v + 1);
}

static void
grow_table (packer *w)
{
  uint32_t size = w->table_size ? w->table_size * 2 : 256;
  uint32_t *t = cc_xcalloc (size, sizeof *t);
  for (uint32_t i = 0; i < w->n_strs; i++)
    {
      uint32_t h = cc_name_hash (w->strs[i]) & (size - 1);
      while (t[h])
        h = (h + 1) & (size - 1);
      t[h] = i + 1;
    }
  free (w->table);
  w->table = t;
  w->table_size = size;
}

/* A string: 0 for none; 1, its length and its bytes the first time; K + 2
   for the K-th string written before.  */
static void
put_str (packer *w, const char *s)
{
  if (!s)
    {
      put_u (w, 0);
      return;
    }
  if (2 * (w->n_strs + 1) > w->table_size)
    grow_table (w);
  uint32_t h = cc_name_hash (s) & (w->table_size - 1);
  for (; w->table[h]; h = (h + 1) & (w->table_size - 1))
    if (strcmp (w->strs[w->table[h] - 1], s) == 0)
      {
        put_u (w, w->table[h] - 1 + 2);
        return;
      }
  w->strs = cc_grow (w->strs, &w->strs_cap, w->n_strs + 1, sizeof *w->strs, 64);
  w->strs[w->n_strs++] = s;
  w->table[h] = w->n_strs;
  size_t len = strlen (s);
  put_u (w, 1);
  put_u (w, (uint32_t) len);
  room (w, len);
  memcpy (w->p + w->n, s, len);
  w->n += len;
}

/* A budget: its value plus one (0: none), as a 64-bit number.  */
static void
put_budget_value (packer *w, int64_t v)
{
  put_u64 (w, (uint64_t) (v + 1));
}

/* The fields of a record as model_fields.h lists them, each by its
   kind.  */
#define pack_STR put_str
#define pack_OSTR put_str
#define pack_U32 put_u
#define pack_U8 put_u
#define pack_OPT put_opt
#define pack_U64 put_u64
#define pack_BUDGET put_budget_value
#define PACK_FIELD(member, kind, valid) pack_##kind (w, s->member);
#define DEFINE_PACK(name, type, list)                                                   \
  static void pack_##name##_fields (packer *w, const type *s)                           \
  {                                                                                     \
    list (PACK_FIELD)                                                                   \
  }
CC_PLAIN_RECORDS (DEFINE_PACK)

/* F's insns, compressed (model_record.h): each against the insn before
   it, most in their common form of two bytes.  */
static void
pack_insns (packer *w, const cc_func *f)
{
  uint32_t uid = 0, line = f->line, file = f->file, part = 0, end = 0;
  for (uint32_t i = 0; i < f->n_insns; i++)
    {
      const cc_insn *in = &f->insns[i];
      uint32_t expect = expected_offset (f, in->part, part, end, i == 0);
      uint32_t rare = (in->kind & 3) | (in->fetch & 3) << 2
                      | (in->part != part ? RARE_PART : 0)
                      | (in->rewrite ? RARE_REWRITE : 0) | (in->unsplit ? RARE_UNSPLIT : 0)
                      | (in->unordered ? RARE_UNORDERED : 0)
                      | (in->runs_unknown ? RARE_UNKNOWN : 0)
                      | (in->maybe_tail ? RARE_TAIL : 0);
      uint32_t head = (in->offset != expect ? INSN_GAP : 0) | (in->file != file ? INSN_FILE : 0)
                      | (rare ? INSN_RARE : 0);
      /* Room for all ten numbers an insn may have.  */
      room (w, 10 * 7);
      if (!head && in->length <= 7 && (in->line == line || in->line == line + 1))
        {
          put_digits (w, INSN_COMMON | in->length << 1 | (in->line != line) << 4);
          put_digits (w, zigzag (in->uid, uid));
          uid = in->uid;
          line = in->line;
          end = in->offset + in->length;
          continue;
        }
      put_digits (w, head);
      put_digits (w, zigzag (in->uid, uid));
      put_digits (w, in->length);
      put_digits (w, zigzag (in->line, line));
      if (head & INSN_GAP)
        put_digits (w, zigzag (in->offset, expect));
      if (head & INSN_FILE)
        put_digits (w, in->file == CC_NONE ? 0 : in->file + 1);
      if (head & INSN_RARE)
        {
          put_digits (w, rare);
          if (rare & RARE_PART)
            put_digits (w, in->part);
          if (rare & RARE_REWRITE)
            put_digits (w, in->rewrite);
          if (rare & RARE_TAIL)
            put_digits (w, in->maybe_tail);
        }
      uid = in->uid;
      line = in->line;
      file = in->file;
      part = in->part;
      end = in->offset + in->length;
    }
}

/* F's blocks, each behind a head of its small fields; the successors
   as differences from the block.  */
static void
pack_blocks (packer *w, const cc_func *f)
{
  uint32_t next = 0;
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      const cc_block *bb = &f->blocks[b];
      uint32_t ft = bb->fallthru == CC_NONE ? 0 : bb->fallthru == b + 1 ? 1 : 2;
      uint32_t head = (bb->first_insn != next ? BLOCK_FIRST : 0) | (uint32_t) (bb->call & 3) << 1
                      | (bb->exits ? BLOCK_EXITS : 0) | (bb->noreturn ? BLOCK_NORETURN : 0)
                      | ft << 5;
      put_u (w, head);
      if (head & BLOCK_FIRST)
        put_u (w, bb->first_insn);
      put_u (w, bb->n_insns);
      put_str (w, bb->callee);
      if (ft == 2)
        put_u (w, bb->fallthru);
      put_u (w, bb->n_succs);
      for (uint32_t k = 0; k < bb->n_succs; k++)
        put_u (w, zigzag (bb->succs[k], b));
      next = bb->first_insn + bb->n_insns;
    }
}

static void
pack_func (packer *w, const cc_func *f)
{
  pack_func_fields (w, f);
  put_u (w, f->n_parts);
  put_u (w, f->n_insns);
  put_u (w, f->n_blocks);
  for (uint32_t p = 0; p < f->n_parts; p++)
    pack_part_fields (w, &f->parts[p]);
  pack_insns (w, f);
  pack_blocks (w, f);
  put_u (w, f->n_loop_bounds);
  for (uint32_t k = 0; k < f->n_loop_bounds; k++)
    {
      const cc_loop_bound *lb = &f->loop_bounds[k];
      pack_bound_fields (w, lb);
      /* Two ascending runs: each uid as the difference from the one
         before (the first from 0).  */
      for (uint32_t j = 0; j < lb->n_header + lb->n_body; j++)
        put_u (w, zigzag (lb->uids[j], j == 0 || j == lb->n_header ? 0 : lb->uids[j - 1]));
    }
  if (f->flags & CC_FUNC_BUDGETED)
    pack_budget_fields (w, f);
}

unsigned char *
cc_record_pack_model (const cc_model *m, size_t *size)
{
  packer w;
  memset (&w, 0, sizeof w);
  room (&w, 1);
  put_u (&w, m->n_sections);
  for (uint32_t s = 0; s < m->n_sections; s++)
    pack_section_fields (&w, &m->sections[s]);
  put_u (&w, m->n_files);
  for (uint32_t i = 0; i < m->n_files; i++)
    put_str (&w, m->files[i]);
  put_u (&w, m->n_funcs);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    pack_func (&w, &m->funcs[fi]);
  free (w.strs);
  free (w.table);
  *size = w.n;
  return w.p;
}
