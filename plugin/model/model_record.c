/* cachecat: a unit's program model recorded in its object file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h.  */

#include "model/model_record.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ------------------------------------------------------------------ */
/* The packed model (model_record.h): numbers as printable digits, strings
   once each.  */

#define DIGIT_LAST 0x30        /* '0' .. 'O': the last digit of a number */
#define DIGIT_MORE 0x5d        /* ']' .. '|': a digit with more to come */

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

/* A - B as a signed 32-bit difference, zigzagged: small either way.  */
static uint32_t
zigzag (uint32_t a, uint32_t b)
{
  uint32_t d = a - b;
  return (d << 1) ^ (uint32_t) -(int32_t) (d >> 31);
}

static uint32_t
unzigzag (uint32_t base, uint32_t z)
{
  return base + ((z >> 1) ^ (uint32_t) -(int32_t) (z & 1));
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

/* Insn heads.  Most insns are the common form: no flag below, at most 7
   bytes, on the last insn's line or the next; their head holds all that
   and only the uid follows.  */
#define INSN_COMMON 1          /* bits 1-3 the length, bit 4 the next line */
#define INSN_GAP 2             /* the offset is not where the last insn ended */
#define INSN_FILE 4            /* another file than the last insn's */
#define INSN_RARE 8            /* the rare fields follow */
/* The rare fields.  */
#define RARE_KIND(x) ((x) & 3)
#define RARE_FETCH(x) (((x) >> 2) & 3)
#define RARE_PART 0x10
#define RARE_REWRITE 0x20
#define RARE_UNSPLIT 0x40
#define RARE_UNORDERED 0x80
#define RARE_UNKNOWN 0x100
#define RARE_TAIL 0x200
/* Block heads.  */
#define BLOCK_FIRST 1          /* the first insn is not where the last block ended */
#define BLOCK_CALL(x) (((x) >> 1) & 3)
#define BLOCK_EXITS 8
#define BLOCK_NORETURN 16
#define BLOCK_FALLTHRU(x) (((x) >> 5) & 3) /* 0 none, 1 the next block, 2 given */

/* Where insn I of F is expected to start: where the last insn ended, or
   at its part's symbol when it is the first of its part.  */
static uint32_t
expected_offset (const cc_func *f, uint32_t part, uint32_t prev_part, uint32_t prev_end,
                 int first)
{
  if (!first && part == prev_part)
    return prev_end;
  return part < f->n_parts ? f->parts[part].offset : 0;
}

static void
pack_func (packer *w, const cc_func *f)
{
  put_str (w, f->name);
  put_u (w, f->flags);
  put_opt (w, f->file);
  put_u (w, f->line);
  put_u (w, f->n_parts);
  put_u (w, f->n_insns);
  put_u (w, f->n_blocks);
  for (uint32_t p = 0; p < f->n_parts; p++)
    {
      put_str (w, f->parts[p].symbol);
      put_u (w, f->parts[p].section);
      put_u (w, f->parts[p].offset);
      put_u (w, f->parts[p].size);
    }
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
  put_u (w, f->n_loop_bounds);
  for (uint32_t k = 0; k < f->n_loop_bounds; k++)
    {
      const cc_loop_bound *lb = &f->loop_bounds[k];
      put_u64 (w, lb->max_runs);
      put_u (w, lb->source);
      put_opt (w, lb->file);
      put_u (w, lb->line);
      put_u (w, lb->max_uid);
      put_u (w, lb->n_header);
      put_u (w, lb->n_body);
      /* Two ascending runs: each uid as the difference from the one
         before (the first from 0).  */
      for (uint32_t j = 0; j < lb->n_header + lb->n_body; j++)
        put_u (w, zigzag (lb->uids[j], j == 0 || j == lb->n_header ? 0 : lb->uids[j - 1]));
    }
  if (f->flags & CC_FUNC_BUDGETED)
    {
      /* Each as its value plus one (0: none), in two halves.  */
      put_u64 (w, (uint64_t) (f->budget_misses + 1));
      put_u64 (w, (uint64_t) (f->budget_conflicts + 1));
    }
}

unsigned char *
cc_record_pack_model (const cc_model *m, size_t *size)
{
  packer w;
  memset (&w, 0, sizeof w);
  room (&w, 1);
  put_u (&w, m->n_sections);
  for (uint32_t s = 0; s < m->n_sections; s++)
    {
      put_str (&w, m->sections[s].name);
      put_u (&w, m->sections[s].align);
    }
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

/* ------------------------------------------------------------------ */
/* Reading the packed model back.  */

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

static int
unpack_func (unpacker *r, const cc_model *m, cc_func *f)
{
  uint32_t np, ni, nb;
  if (get_str (r, &f->name) || get_u (r, &f->flags) || get_opt (r, &f->file)
      || get_u (r, &f->line) || get_count (r, &np) || get_count (r, &ni) || get_count (r, &nb))
    return -1;
  if (!f->name)
    return bad (r, "function without a name");
  if (f->file != CC_NONE && f->file >= m->n_files)
    return bad (r, "file index out of range");
  f->parts = cc_xcalloc (np, sizeof *f->parts);
  for (uint32_t p = 0; p < np; p++, f->n_parts++)
    {
      cc_part *pt = &f->parts[p];
      if (get_str (r, &pt->symbol) || get_u (r, &pt->section) || get_u (r, &pt->offset)
          || get_u (r, &pt->size))
        return -1;
      if (!pt->symbol)
        return bad (r, "part without a symbol");
      if (pt->section >= m->n_sections)
        return bad (r, "section index out of range");
    }
  f->insns = cc_xcalloc (ni, sizeof *f->insns);
  uint32_t uid = 0, line = f->line, file = f->file, part = 0, end = 0;
  for (uint32_t i = 0; i < ni; i++, f->n_insns++)
    {
      cc_insn *in = &f->insns[i];
      uint32_t head, zuid, zline, rare = 0;
      if (get_u (r, &head))
        return -1;
      if (head & INSN_COMMON)
        {
          if (head > 31 || get_u (r, &zuid))
            return bad (r, "malformed insn");
          in->uid = unzigzag (uid, zuid);
          in->length = (head >> 1) & 7;
          in->line = line + (head >> 4);
          in->file = file;
          in->part = part;
          in->offset = expected_offset (f, part, part, end, i == 0);
          if (part >= np)
            return bad (r, "insn field out of range");
          uid = in->uid;
          line = in->line;
          end = in->offset + in->length;
          continue;
        }
      if (head > (INSN_GAP | INSN_FILE | INSN_RARE) || get_u (r, &zuid)
          || get_u (r, &in->length) || get_u (r, &zline))
        return bad (r, "malformed insn");
      in->uid = unzigzag (uid, zuid);
      in->line = unzigzag (line, zline);
      in->file = file;
      in->part = part;
      uint32_t gap = 0;
      if ((head & INSN_GAP) && get_u (r, &gap))
        return -1;
      if ((head & INSN_FILE) && get_opt (r, &in->file))
        return -1;
      if (head & INSN_RARE)
        {
          uint32_t v;
          if (get_u (r, &rare))
            return -1;
          if (rare > 0x3ff || rare == 0)
            return bad (r, "malformed insn");
          if (rare & RARE_PART)
            {
              if (get_u (r, &in->part))
                return -1;
              if (in->part == part)
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
        }
      in->offset = unzigzag (expected_offset (f, in->part, part, end, i == 0), gap);
      if ((head & INSN_GAP) && gap == 0)
        return bad (r, "malformed insn");
      if ((head & INSN_FILE) && in->file == file)
        return bad (r, "malformed insn");
      in->kind = (uint8_t) RARE_KIND (rare);
      in->fetch = (uint8_t) RARE_FETCH (rare);
      in->unsplit = (rare & RARE_UNSPLIT) != 0;
      in->unordered = (rare & RARE_UNORDERED) != 0;
      in->runs_unknown = (rare & RARE_UNKNOWN) != 0;
      if (in->part >= np || in->kind > CC_INSN_PAD
          || (in->file != CC_NONE && in->file >= m->n_files) || in->fetch > CC_FETCH_NEVER
          || in->maybe_tail > in->length)
        return bad (r, "insn field out of range");
      uid = in->uid;
      line = in->line;
      file = in->file;
      part = in->part;
      end = in->offset + in->length;
    }
  f->blocks = cc_xcalloc (nb, sizeof *f->blocks);
  uint32_t next = 0;
  for (uint32_t b = 0; b < nb; b++, f->n_blocks++)
    {
      cc_block *bb = &f->blocks[b];
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
      if ((uint64_t) bb->first_insn + bb->n_insns > ni || ns > nb
          || (bb->fallthru != CC_NONE && bb->fallthru >= nb))
        return bad (r, "block field out of range");
      bb->succs = cc_xcalloc (ns, sizeof *bb->succs);
      for (uint32_t k = 0; k < ns; k++, bb->n_succs++)
        {
          uint32_t z;
          if (get_u (r, &z))
            return -1;
          bb->succs[k] = unzigzag (b, z);
          if (bb->succs[k] >= nb)
            return bad (r, "successor out of range");
        }
      next = bb->first_insn + bb->n_insns;
    }
  uint32_t nlb;
  if (get_count (r, &nlb))
    return -1;
  f->loop_bounds = cc_xcalloc (nlb + 1, sizeof *f->loop_bounds);
  for (uint32_t k = 0; k < nlb; k++, f->n_loop_bounds++)
    {
      cc_loop_bound *lb = &f->loop_bounds[k];
      uint32_t source, nh, nbody;
      if (get_u64 (r, &lb->max_runs) || get_u (r, &source) || get_opt (r, &lb->file)
          || get_u (r, &lb->line) || get_u (r, &lb->max_uid) || get_count (r, &nh)
          || get_count (r, &nbody))
        return -1;
      if (source != CC_BOUND_GCC && source != CC_BOUND_PRAGMA)
        return bad (r, "unknown loop bound source");
      if (nh == 0 || (nbody != 0 && nbody < nh))
        return bad (r, "malformed loop bound");
      lb->source = (uint8_t) source;
      if (lb->file != CC_NONE && lb->file >= m->n_files)
        return bad (r, "file index out of range");
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
      lb->n_header = nh;
      lb->n_body = nbody;
    }
  if (f->flags & CC_FUNC_BUDGETED)
    {
      uint64_t b[2];
      if (get_u64 (r, &b[0]) || get_u64 (r, &b[1]))
        return -1;
      if (b[0] > (uint64_t) INT64_MAX || b[1] > (uint64_t) INT64_MAX)
        return bad (r, "budget out of range");
      f->budget_misses = (int64_t) b[0] - 1;
      f->budget_conflicts = (int64_t) b[1] - 1;
    }
  return 0;
}

static int
unpack_model (unpacker *r, cc_model *m)
{
  uint32_t n;
  if (get_count (r, &n))
    return -1;
  m->sections = cc_xcalloc (n, sizeof *m->sections);
  for (uint32_t s = 0; s < n; s++, m->n_sections++)
    {
      cc_section *sec = &m->sections[s];
      if (get_str (r, &sec->name) || get_u (r, &sec->align))
        return -1;
      if (!sec->name)
        return bad (r, "section without a name");
    }
  if (get_count (r, &n))
    return -1;
  m->files = cc_xcalloc (n, sizeof *m->files);
  for (uint32_t i = 0; i < n; i++, m->n_files++)
    {
      if (get_str (r, &m->files[i]))
        return -1;
      if (!m->files[i])
        return bad (r, "file without a name");
    }
  if (get_count (r, &n))
    return -1;
  m->funcs = cc_xcalloc (n, sizeof *m->funcs);
  for (uint32_t fi = 0; fi < n; fi++)
    {
      m->n_funcs++;
      if (unpack_func (r, m, &m->funcs[fi]))
        return -1;
    }
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

/* ------------------------------------------------------------------ */
/* A relaxed unit's marks.  */

/* The end of insn I of FN's GCC insn that starts there: the first insn
   after it that is padding, in another part or of another uid.  */
static uint32_t
group_end (const cc_func *fn, uint32_t i)
{
  uint32_t j = i + 1;
  while (j < fn->n_insns && fn->insns[j].kind != CC_INSN_PAD
         && fn->insns[j].part == fn->insns[i].part && fn->insns[j].uid == fn->insns[i].uid)
    j++;
  return j;
}

/* The bytes of FN's insns [I, J).  */
static uint64_t
group_bytes (const cc_func *fn, uint32_t i, uint32_t j)
{
  uint64_t n = 0;
  for (; i < j; i++)
    n += fn->insns[i].length;
  return n;
}

uint32_t
cc_record_marks (const cc_func *fn, cc_record_mark *out)
{
  for (uint32_t i = 0; i < fn->n_insns; i++)
    if (fn->insns[i].kind == CC_INSN_PAD)
      return 0;
  uint32_t n = 0;
  for (uint32_t i = 0, j; i < fn->n_insns; i = j)
    {
      j = group_end (fn, i);
      if (!group_bytes (fn, i, j))
        continue;
      out[n++] = (cc_record_mark) { i, j - i, 0 };
      /* The next GCC insn of the part with bytes.  */
      uint32_t k = j, l;
      for (; k < fn->n_insns && fn->insns[k].part == fn->insns[i].part; k = l)
        {
          l = group_end (fn, k);
          if (group_bytes (fn, k, l))
            break;
        }
      const cc_insn *last = &fn->insns[j - 1];
      if (k == fn->n_insns || fn->insns[k].part != fn->insns[i].part
          || fn->insns[k].offset != last->offset + last->length)
        out[n++] = (cc_record_mark) { j - 1, j - i, 1 };
    }
  return n;
}

/* ------------------------------------------------------------------ */
/* The record as assembler statements.  */

typedef struct text
{
  char *p;
  size_t n, cap;
} text;

static void
text_put (text *t, const char *s, size_t n)
{
  if (t->n + n > t->cap)
    t->p = cc_grow (t->p, &t->cap, t->n + n, 1, 65536);
  memcpy (t->p + t->n, s, n);
  t->n += n;
}

static void
text_puts (text *t, const char *s)
{
  text_put (t, s, strlen (s));
}

/* The bytes [S, S + N) as .ascii statements of about 1,000 characters
   each: quotes, backslashes and bytes outside printable ASCII escaped.  */
static void
put_ascii (text *t, const unsigned char *s, size_t n)
{
  size_t i = 0;
  while (i < n)
    {
      /* A line's worst case: the directive, 1,024 characters, 4 per byte
         past them, the closing quote.  */
      if (t->n + 16 + 1024 + 4 + 4 > t->cap)
        t->p = cc_grow (t->p, &t->cap, t->n + 16 + 1024 + 8, 1, 65536);
      char *o = t->p + t->n, *start = o;
      memcpy (o, "\t.ascii \"", 9);
      o += 9;
      char *limit = o + 1024;
      for (; i < n && o < limit; i++)
        {
          unsigned char c = s[i];
          if (c == '"' || c == '\\')
            {
              *o++ = '\\';
              *o++ = (char) c;
            }
          else if (c < ' ' || c >= 0x7f)
            {
              *o++ = '\\';
              *o++ = (char) ('0' + (c >> 6));
              *o++ = (char) ('0' + ((c >> 3) & 7));
              *o++ = (char) ('0' + (c & 7));
            }
          else
            *o++ = (char) c;
        }
      *o++ = '"';
      *o++ = '\n';
      t->n += (size_t) (o - start);
    }
}

/* The record's checksum (model_record.h): zlib's CRC-32 of its magic,
   header, length, counts (4-byte little-endian whatever the object's
   byte order), source with its NUL and packed model.  Not of the
   addresses: the linker writes those.  */
static uint32_t
record_crc (const unsigned char header[4], uint32_t length, uint32_t n_parts, int relaxed,
            uint32_t n_marks, const char *source, const unsigned char *packed,
            size_t packed_size)
{
  unsigned char fixed[8 + 4 + 12];
  memcpy (fixed, "cachecat", 8);
  memcpy (fixed + 8, header, 4);
  size_t n = 12;
  uint32_t words[3] = { length, n_parts, n_marks };
  for (int k = 0; k < (relaxed ? 3 : 2); k++, n += 4)
    for (int b = 0; b < 4; b++)
      fixed[n + (size_t) b] = (unsigned char) (words[k] >> (8 * b));
  uLong crc = crc32 (0L, Z_NULL, 0);
  crc = crc32 (crc, fixed, (uInt) n);
  crc = crc32 (crc, (const Bytef *) source, (uInt) strlen (source) + 1);
  /* zlib takes at most 4 GiB at a time.  */
  for (size_t at = 0; at < packed_size;)
    {
      size_t chunk = packed_size - at > (1u << 30) ? (1u << 30) : packed_size - at;
      crc = crc32 (crc, packed + at, (uInt) chunk);
      at += chunk;
    }
  return (uint32_t) crc;
}

/* N addresses, twice (model_record.h): LABEL[k], minus DELTA[k] (0 if
   DELTA is NULL) if WITH_DELTA, or 0 where LABEL is NULL (no LABEL: all
   0).  */
static void
put_addresses (text *t, uint32_t n, const char *const *label, int with_delta,
               const uint32_t *delta)
{
  char line[32];
  for (int copy = 0; copy < 2; copy++)
    for (uint32_t k = 0; k < n; k++)
      if (label && label[k])
        {
          text_puts (t, "\t.dc.a ");
          text_puts (t, label[k]);
          if (with_delta)
            {
              snprintf (line, sizeof line, "-%u", delta ? delta[k] : 0);
              text_puts (t, line);
            }
          text_puts (t, "\n");
        }
      else
        text_puts (t, "\t.dc.a 0\n");
}

void
cc_record_write_asm (FILE *out, const cc_model *m, const char *source, int flags,
                     const char *const *part_label, const uint32_t *delta,
                     const char *const *mark_label, uint32_t n_marks, int address_size)
{
  size_t packed_size;
  unsigned char *packed = cc_record_pack_model (m, &packed_size);
  uint32_t n_parts = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    n_parts += m->funcs[fi].n_parts;
  int relaxed = (flags & CC_RECORD_RELAXED) != 0;
  if (!relaxed)
    n_marks = 0;
  if (!source)
    source = "";
  unsigned char header[4] = { CC_RECORD_VERSION, (unsigned char) address_size,
                              (unsigned char) (flags & (CC_RECORD_EXACT | CC_RECORD_RELAXED)),
                              0 };
  uint64_t length = 4 + 4 + 2 * (uint64_t) n_parts * (uint64_t) address_size
                    + (relaxed ? 4 + 2 * (uint64_t) n_marks * (uint64_t) address_size : 0)
                    + strlen (source) + 1 + packed_size;
  uint32_t crc = record_crc (header, (uint32_t) length, n_parts, relaxed, n_marks, source,
                             packed, packed_size);
  text t = { NULL, 0, 0 };
  char line[128];
  /* %progbits, not @progbits: ARM's assembler takes '@' for a comment.  */
  text_puts (&t, "\t.pushsection " CC_RECORD_SECTION ",\"\",%progbits\n"
             "\t.ascii \"cachecat\"\n");
  snprintf (line, sizeof line, "\t.byte %d, %d, %d, 0\n\t.long %llu\n\t.long %u\n\t.long %u\n",
            header[0], header[1], header[2], (unsigned long long) length, crc, n_parts);
  text_puts (&t, line);
  put_addresses (&t, n_parts, part_label, 1, delta);
  if (relaxed)
    {
      snprintf (line, sizeof line, "\t.long %u\n", n_marks);
      text_puts (&t, line);
      put_addresses (&t, n_marks, mark_label, 0, NULL);
    }
  put_ascii (&t, (const unsigned char *) source, strlen (source));
  text_puts (&t, "\t.byte 0\n");
  put_ascii (&t, packed, packed_size);
  text_puts (&t, "\t.popsection\n");
  fwrite (t.p, 1, t.n, out);
  free (t.p);
  free (packed);
}

/* ------------------------------------------------------------------ */
/* Reading records.  */

static int
fail (char **err, uint32_t k, size_t at, const char *what)
{
  *err = cc_xasprintf ("record %u (byte %zu): %s", k + 1, at, what);
  return -1;
}

/* A count (u32) and twice as many addresses of ASIZE bytes at *P, before
   END (model_record.h: each list is written twice): a new array of the
   first copy, and *P past both; NULL with *WHAT set if they run past END
   or the copies differ.  */
static uint64_t *
read_addrs (const unsigned char **p, const unsigned char *end, int asize, int big_endian,
            uint32_t *n, const char **what)
{
  *what = "truncated addresses";
  if (end - *p < 4)
    return NULL;
  *n = (uint32_t) cc_load_uint (*p, 4, big_endian);
  *p += 4;
  if (2 * (uint64_t) *n * (uint64_t) asize > (uint64_t) (end - *p))
    return NULL;
  uint64_t *v = cc_xmalloc ((*n + 1) * sizeof *v);
  const unsigned char *copy = *p + (size_t) *n * (size_t) asize;
  for (uint32_t i = 0; i < *n; i++, *p += asize, copy += asize)
    {
      v[i] = cc_load_uint (*p, asize, big_endian);
      if (cc_load_uint (copy, asize, big_endian) != v[i])
        {
          *what = "the two copies of an address differ (the record is corrupted)";
          free (v);
          return NULL;
        }
    }
  *p = copy;
  return v;
}

/* The error for a record K at START whose checksum does not match: it
   names the unit as the record does, made printable.  */
static int
fail_checksum (char **err, uint32_t k, size_t start, const unsigned char *source,
               const unsigned char *end)
{
  const unsigned char *nul = memchr (source, 0, (size_t) (end - source));
  char *name = NULL;
  if (nul)
    name = cc_utf8_clean ((const char *) source);
  char *m = cc_xasprintf ("the record of %s%s%s is corrupted: its checksum does not match "
                          "its bytes (rebuild the object, or relink)",
                          name ? "'" : "an unknown unit", name ? name : "", name ? "'" : "");
  fail (err, k, start, m);
  free (m);
  free (name);
  return -1;
}

/* One record at BUF[*AT]; on success *AT is past it.  */
static int
read_one (const unsigned char *buf, size_t size, size_t *at, int big_endian,
          uint32_t k, cc_unit_record *u, char **err)
{
  size_t start = *at;
  if (size - start < 16 || memcmp (buf + start, "cachecat", 8) != 0)
    return fail (err, k, start, "no record starts here (not written by cachecat)");
  const unsigned char *h = buf + start + 8;
  if (h[0] != CC_RECORD_VERSION)
    {
      char *m = cc_xasprintf ("format version %u; this cachecat-link reads version %u "
                              "(rebuild the objects with the same cachecat)",
                              h[0], CC_RECORD_VERSION);
      fail (err, k, start, m);
      free (m);
      return -1;
    }
  int asize = h[1];
  if (asize != 4 && asize != 8)
    return fail (err, k, start, "address size is neither 4 nor 8");
  u->exact = (h[2] & CC_RECORD_EXACT) != 0;
  u->relaxed = (h[2] & CC_RECORD_RELAXED) != 0;
  if (h[2] & ~(CC_RECORD_EXACT | CC_RECORD_RELAXED) || h[3])
    return fail (err, k, start, "unknown flags");
  uint64_t len = cc_load_uint (h + 4, 4, big_endian);
  const unsigned char *p = h + 8, *end = p + len;
  if (len > size - start - 16 || len < 8)
    return fail (err, k, start, "truncated");
  uint32_t crc = (uint32_t) cc_load_uint (p, 4, big_endian);
  p += 4;
  const char *what;
  if (!(u->part_addr = read_addrs (&p, end, asize, big_endian, &u->n_parts, &what)))
    return fail (err, k, start, what);
  if (u->relaxed && !(u->mark_addr = read_addrs (&p, end, asize, big_endian, &u->n_marks,
                                                 &what)))
    return fail (err, k, start, what);
  const unsigned char *nul = memchr (p, 0, (size_t) (end - p));
  if (!nul)
    return fail_checksum (err, k, start, p, end);
  if (record_crc (h, (uint32_t) len, u->n_parts, u->relaxed, u->n_marks, (const char *) p,
                  nul + 1, (size_t) (end - nul - 1)) != crc)
    return fail_checksum (err, k, start, p, end);
  u->source = cc_xstrdup ((const char *) p);
  p = nul + 1;
  size_t bad_at;
  if (cc_record_unpack_model (p, (size_t) (end - p), &u->model, &bad_at, &what))
    {
      char *m = cc_xasprintf ("the model of %s, at byte %zu: %s", u->source,
                              (size_t) (p - buf) + bad_at, what);
      fail (err, k, start, m);
      free (m);
      return -1;
    }
  uint32_t parts = 0;
  for (uint32_t fi = 0; fi < u->model.n_funcs; fi++)
    parts += u->model.funcs[fi].n_parts;
  if (parts != u->n_parts)
    return fail (err, k, start, "the addresses do not match the model's functions");
  if (u->relaxed)
    {
      uint64_t marks = 0;
      cc_record_mark *tmp = NULL;
      size_t cap = 0;
      for (uint32_t fi = 0; fi < u->model.n_funcs; fi++)
        {
          const cc_func *fn = &u->model.funcs[fi];
          tmp = cc_grow (tmp, &cap, 2 * (size_t) fn->n_insns + 1, sizeof *tmp, 64);
          marks += cc_record_marks (fn, tmp);
        }
      free (tmp);
      if (marks != u->n_marks)
        return fail (err, k, start, "the marks do not match the model's insns");
    }
  *at = (size_t) (end - buf);
  return 0;
}

int
cc_record_read_all (const unsigned char *buf, size_t size, int big_endian,
                    cc_unit_record **out, uint32_t *n, char **err)
{
  cc_unit_record *v = NULL;
  uint32_t nv = 0;
  size_t cap = 0;
  size_t at = 0;
  *err = NULL;
  while (at < size)
    {
      /* The linker may pad between input sections (to an alignment of
         at most 16): more zeros are a record wiped out.  */
      if (buf[at] == 0)
        {
          size_t zeros = 0;
          while (at + zeros < size && buf[at + zeros] == 0)
            zeros++;
          if (zeros >= 16)
            {
              fail (err, nv, at, "zeros where a record should be (the records are "
                    "corrupted)");
              cc_unit_records_free (v, nv);
              return -1;
            }
          at += zeros;
          continue;
        }
      v = cc_grow (v, &cap, (size_t) nv + 1, sizeof *v, 8);
      memset (&v[nv], 0, sizeof v[nv]);
      if (read_one (buf, size, &at, big_endian, nv, &v[nv], err) < 0)
        {
          cc_unit_records_free (v, nv + 1);
          return -1;
        }
      nv++;
    }
  *out = v;
  *n = nv;
  return 0;
}

void
cc_unit_records_free (cc_unit_record *r, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    {
      free (r[i].source);
      free (r[i].part_addr);
      free (r[i].mark_addr);
      cc_model_free (&r[i].model);
    }
  free (r);
}
