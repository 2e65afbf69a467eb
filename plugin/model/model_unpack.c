/* cachecat: the packed model of a record, read back.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h, the fields in model_fields.h.  Every
   field is checked as the text's reader (model_io.c) checks it: by
   model_fields.h's lists.  What is read is counted in the model as soon
   as it is there, so that freeing the model on an error frees it.  */

#include "model/model_record.h"
#include "model/model_fields.h"
#include "model/model_pack.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct unpacker
{
  const unsigned char *start, *p, *end;
  char **strs;                 /* the strings read so far */
  uint32_t n_strs;
  size_t strs_cap;
  const char *err;             /* what is wrong, at ERR_AT */
  size_t err_at;
} unpacker;

static int
bad (unpacker *r, const char *what)
{
  if (!r->err)
    {
      r->err = what;
      r->err_at = (size_t) (r->p - r->start);
    }
  return -1;
}

static int
get_u (unpacker *r, uint32_t *v)
{
  uint64_t x = 0;
  for (int shift = 0; shift <= 30; shift += 5)
    {
      if (r->p == r->end)
        return bad (r, "truncated");
      unsigned c = *r->p;
      if (c >= DIGIT_LAST && c < DIGIT_LAST + 32)
        {
          x |= (uint64_t) (c - DIGIT_LAST) << shift;
          if (x > UINT32_MAX)
            return bad (r, "number out of range");
          r->p++;
          *v = (uint32_t) x;
          return 0;
        }
      if (c < DIGIT_MORE || c >= DIGIT_MORE + 32)
        return bad (r, "not a number");
      x |= (uint64_t) (c - DIGIT_MORE) << shift;
      r->p++;
    }
  return bad (r, "number out of range");
}

static int
get_u64 (unpacker *r, uint64_t *v)
{
  uint32_t lo, hi;
  if (get_u (r, &lo) || get_u (r, &hi))
    return -1;
  *v = (uint64_t) hi << 32 | lo;
  return 0;
}

static int
get_opt (unpacker *r, uint32_t *v)
{
  if (get_u (r, v))
    return -1;
  *v = *v == 0 ? CC_NONE : *v - 1;
  return 0;
}

/* A count of things that take at least a byte each.  */
static int
get_count (unpacker *r, uint32_t *v)
{
  if (get_u (r, v))
    return -1;
  if (*v > (size_t) (r->end - r->p))
    return bad (r, "count larger than the record");
  return 0;
}

/* A string, a copy the caller owns (NULL: none).  */
static int
get_str (unpacker *r, char **out)
{
  uint32_t k;
  *out = NULL;
  if (get_u (r, &k))
    return -1;
  if (k == 0)
    return 0;
  if (k >= 2)
    {
      if (k - 2 >= r->n_strs)
        return bad (r, "reference to a string not yet given");
      *out = cc_xstrdup (r->strs[k - 2]);
      return 0;
    }
  uint32_t len;
  if (get_u (r, &len))
    return -1;
  if (len > (size_t) (r->end - r->p))
    return bad (r, "string longer than the record");
  if (memchr (r->p, 0, len))
    return bad (r, "NUL in a string");
  char *s = cc_xmalloc ((size_t) len + 1);
  memcpy (s, r->p, len);
  s[len] = 0;
  r->p += len;
  r->strs = cc_grow (r->strs, &r->strs_cap, r->n_strs + 1, sizeof *r->strs, 64);
  r->strs[r->n_strs++] = s;
  *out = cc_xstrdup (s);
  return 0;
}

/* The fields of a record as model_fields.h lists them, each by its kind
   (no OSTR: only blocks have one, and they are compressed): NONE says
   what a string that must be there is when it is none, RANGE what a
   small number above 255 is.  */
static int
unpack_STR (unpacker *r, char **v, const char *none, const char *range)
{
  if (get_str (r, v))
    return -1;
  return *v ? 0 : bad (r, none);
}

static int
unpack_U8 (unpacker *r, uint8_t *v, const char *none, const char *range)
{
  uint32_t x;
  if (get_u (r, &x))
    return -1;
  if (x > UINT8_MAX)
    return bad (r, range);
  *v = (uint8_t) x;
  return 0;
}

/* A budget: its value plus one (0: none).  */
static int
unpack_BUDGET (unpacker *r, int64_t *v, const char *none, const char *range)
{
  uint64_t x;
  if (get_u64 (r, &x))
    return -1;
  if (x > (uint64_t) INT64_MAX)
    return bad (r, "budget out of range");
  *v = (int64_t) x - 1;
  return 0;
}

#define unpack_U32(r, v, none, range) get_u (r, v)
#define unpack_OPT(r, v, none, range) get_opt (r, v)
#define unpack_U64(r, v, none, range) get_u64 (r, v)
#define UNPACK_FIELD(member, kind, valid)                                               \
  if (unpack_##kind (r, &s->member, none, range))                                       \
    return -1;
#define DEFINE_UNPACK(name, type, list)                                                 \
  static int unpack_##name##_fields (unpacker *r, type *s, const char *none,             \
                                     const char *range)                                  \
  {                                                                                     \
    list (UNPACK_FIELD) return 0;                                                       \
  }
CC_PLAIN_RECORDS (DEFINE_UNPACK)

/* Where the insn before the one being read left off: what the
   compressed insns are told against.  */
typedef struct insn_base
{
  uint32_t uid, line, file, part, end;
} insn_base;

/* The rare fields of insn IN, after its head (model_record.h):
   their bits, then the part, rewrite and tail that follow.  Each that
   follows must differ from what its absence means.  */
static int
unpack_rare (unpacker *r, cc_insn *in, const insn_base *last)
{
  uint32_t rare, v;
  if (get_u (r, &rare))
    return -1;
  if (rare > 0x3ff || rare == 0)
    return bad (r, "malformed insn");
  if (rare & RARE_PART)
    {
      if (get_u (r, &in->part))
        return -1;
      if (in->part == last->part)
        return bad (r, "malformed insn");
    }
  if (rare & RARE_REWRITE)
    {
      if (get_u (r, &v))
        return -1;
      if (v == 0 || v >= CC_N_REWRITES)
        return bad (r, "insn field out of range");
      in->rewrite = (uint8_t) v;
    }
  if (rare & RARE_TAIL)
    {
      if (get_u (r, &in->maybe_tail))
        return -1;
      if (in->maybe_tail == 0)
        return bad (r, "malformed insn");
    }
  in->kind = (uint8_t) RARE_KIND (rare);
  in->fetch = (uint8_t) RARE_FETCH (rare);
  in->unsplit = (rare & RARE_UNSPLIT) != 0;
  in->unordered = (rare & RARE_UNORDERED) != 0;
  in->runs_unknown = (rare & RARE_UNKNOWN) != 0;
  return 0;
}

/* Insn I of F whose HEAD (not the common form) was read: its uid,
   length, line, then what its head says follows.  */
static int
unpack_insn (unpacker *r, const cc_func *f, uint32_t i, cc_insn *in, uint32_t head,
             const insn_base *last)
{
  uint32_t zuid, zline, gap = 0;
  if (head > (INSN_GAP | INSN_FILE | INSN_RARE) || get_u (r, &zuid)
      || get_u (r, &in->length) || get_u (r, &zline))
    return bad (r, "malformed insn");
  in->uid = unzigzag (last->uid, zuid);
  in->line = unzigzag (last->line, zline);
  in->file = last->file;
  in->part = last->part;
  if ((head & INSN_GAP) && get_u (r, &gap))
    return -1;
  if ((head & INSN_FILE) && get_opt (r, &in->file))
    return -1;
  if ((head & INSN_RARE) && unpack_rare (r, in, last))
    return -1;
  in->offset = unzigzag (expected_offset (f, in->part, last->part, last->end, i == 0), gap);
  if ((head & INSN_GAP) && gap == 0)
    return bad (r, "malformed insn");
  if ((head & INSN_FILE) && in->file == last->file)
    return bad (r, "malformed insn");
  return 0;
}

/* F's insns, N of them (model_record.h: each against the one before).  */
static int
unpack_insns (unpacker *r, cc_func *f, uint32_t n, const cc_field_ctx *ctx)
{
  f->insns = cc_xcalloc (n, sizeof *f->insns);
  insn_base last = { 0, f->line, f->file, 0, 0 };
  for (uint32_t i = 0; i < n; i++, f->n_insns++)
    {
      cc_insn *in = &f->insns[i];
      uint32_t head, zuid;
      if (get_u (r, &head))
        return -1;
      if (head & INSN_COMMON)
        {
          if (head > 31 || get_u (r, &zuid))
            return bad (r, "malformed insn");
          in->uid = unzigzag (last.uid, zuid);
          in->length = (head >> 1) & 7;
          in->line = last.line + (head >> 4);
          in->file = last.file;
          in->part = last.part;
          in->offset = expected_offset (f, last.part, last.part, last.end, i == 0);
        }
      else if (unpack_insn (r, f, i, in, head, &last))
        return -1;
      if (!cc_insn_valid (in, ctx))
        return bad (r, "insn field out of range");
      last = (insn_base) { in->uid, in->line, in->file, in->part, in->offset + in->length };
    }
  return 0;
}

/* F's blocks, N of them: each behind a head of its small fields.  */
static int
unpack_blocks (unpacker *r, cc_func *f, uint32_t n, const cc_field_ctx *ctx)
{
  f->blocks = cc_xcalloc (n, sizeof *f->blocks);
  uint32_t next = 0;
  for (uint32_t b = 0; b < n; b++)
    {
      cc_block *bb = &f->blocks[f->n_blocks++];
      uint32_t head, ns;
      if (get_u (r, &head))
        return -1;
      if (head > 0x7f || BLOCK_FALLTHRU (head) == 3 || BLOCK_CALL (head) > CC_CALL_UNKNOWN)
        return bad (r, "malformed block");
      bb->first_insn = next;
      if ((head & BLOCK_FIRST) && get_u (r, &bb->first_insn))
        return -1;
      if (get_u (r, &bb->n_insns) || get_str (r, &bb->callee))
        return -1;
      bb->call = (uint8_t) BLOCK_CALL (head);
      bb->exits = (head & BLOCK_EXITS) != 0;
      bb->noreturn = (head & BLOCK_NORETURN) != 0;
      uint32_t ft = BLOCK_FALLTHRU (head);
      bb->fallthru = ft == 0 ? CC_NONE : b + 1;
      if (ft == 2)
        {
          if (get_u (r, &bb->fallthru))
            return -1;
          if (bb->fallthru == b + 1 || bb->fallthru == CC_NONE)
            return bad (r, "malformed block");
        }
      if (get_count (r, &ns))
        return -1;
      if (!cc_block_valid (bb, ctx) || ns > n)
        return bad (r, "block field out of range");
      bb->succs = cc_xcalloc (ns, sizeof *bb->succs);
      for (uint32_t k = 0; k < ns; k++, bb->n_succs++)
        {
          uint32_t z;
          if (get_u (r, &z))
            return -1;
          bb->succs[k] = unzigzag (b, z);
          if (bb->succs[k] >= n)
            return bad (r, "successor out of range");
        }
      next = bb->first_insn + bb->n_insns;
    }
  return 0;
}

/* F's loop bounds: the fields, then the uids of two ascending runs.  */
static int
unpack_bounds (unpacker *r, cc_func *f, const cc_field_ctx *ctx)
{
  uint32_t n;
  if (get_count (r, &n))
    return -1;
  f->loop_bounds = cc_xcalloc (n + 1, sizeof *f->loop_bounds);
  for (uint32_t k = 0; k < n; k++)
    {
      cc_loop_bound *lb = &f->loop_bounds[f->n_loop_bounds++];
      if (unpack_bound_fields (r, lb, NULL, "bound field out of range"))
        return -1;
      if (!cc_bound_valid (lb, ctx))
        return bad (r, "bound field out of range");
      uint32_t nh = lb->n_header, nbody = lb->n_body;
      if ((uint64_t) nh + nbody > (size_t) (r->end - r->p))
        return bad (r, "count larger than the record");
      lb->uids = cc_xcalloc ((size_t) nh + nbody + 1, sizeof *lb->uids);
      for (uint32_t j = 0; j < nh + nbody; j++)
        {
          uint32_t z;
          if (get_u (r, &z))
            return -1;
          uint32_t before = j == 0 || j == nh ? 0 : lb->uids[j - 1];
          lb->uids[j] = unzigzag (before, z);
          if (j != 0 && j != nh && lb->uids[j] <= before)
            return bad (r, "loop bound uids out of order");
        }
    }
  return 0;
}

static int
unpack_func (unpacker *r, const cc_model *m, cc_func *f)
{
  uint32_t np, ni, nb;
  if (unpack_func_fields (r, f, "function without a name", NULL) || get_count (r, &np)
      || get_count (r, &ni) || get_count (r, &nb))
    return -1;
  cc_field_ctx ctx = { m->n_sections, m->n_files, np, ni, nb };
  if (!cc_func_valid (f, &ctx))
    return bad (r, "file index out of range");
  f->parts = cc_xcalloc (np, sizeof *f->parts);
  for (uint32_t p = 0; p < np; p++)
    {
      cc_part *pt = &f->parts[f->n_parts++];
      if (unpack_part_fields (r, pt, "part without a symbol", NULL))
        return -1;
      if (!cc_part_valid (pt, &ctx))
        return bad (r, "section index out of range");
    }
  if (unpack_insns (r, f, ni, &ctx) || unpack_blocks (r, f, nb, &ctx)
      || unpack_bounds (r, f, &ctx))
    return -1;
  if (f->flags & CC_FUNC_BUDGETED)
    return unpack_budget_fields (r, f, NULL, NULL);
  return 0;
}

static int
unpack_model (unpacker *r, cc_model *m)
{
  uint32_t n;
  if (get_count (r, &n))
    return -1;
  m->sections = cc_xcalloc (n, sizeof *m->sections);
  for (uint32_t s = 0; s < n; s++)
    if (unpack_section_fields (r, &m->sections[m->n_sections++], "section without a name", NULL))
      return -1;
  if (get_count (r, &n))
    return -1;
  m->files = cc_xcalloc (n, sizeof *m->files);
  for (uint32_t i = 0; i < n; i++)
    if (unpack_STR (r, &m->files[m->n_files++], "file without a name", NULL))
      return -1;
  if (get_count (r, &n))
    return -1;
  m->funcs = cc_xcalloc (n, sizeof *m->funcs);
  for (uint32_t fi = 0; fi < n; fi++)
    if (unpack_func (r, m, &m->funcs[m->n_funcs++]))
      return -1;
  if (r->p != r->end)
    return bad (r, "bytes after the model");
  return 0;
}

int
cc_record_unpack_model (const unsigned char *buf, size_t size, cc_model *m, size_t *at,
                        const char **what)
{
  unpacker r;
  memset (&r, 0, sizeof r);
  r.start = r.p = buf;
  r.end = buf + size;
  memset (m, 0, sizeof *m);
  int rc = unpack_model (&r, m);
  for (uint32_t i = 0; i < r.n_strs; i++)
    free (r.strs[i]);
  free (r.strs);
  if (rc)
    {
      cc_model_free (m);
      *at = r.err_at;
      *what = r.err ? r.err : "malformed";
    }
  return rc;
}
