/* cachecat: a unit's program model recorded in its object file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h; the packed model in it is written by
   model_pack.c and read by model_unpack.c.  */

#include "model/model_record.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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
