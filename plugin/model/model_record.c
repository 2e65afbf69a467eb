/* cachecat: a unit's program model recorded in its object file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h.  */

#include "model/model_record.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

/* S as the operand of .ascii: quotes, backslashes and bytes outside
   printable ASCII escaped.  */
static void
put_ascii (FILE *out, const char *s, size_t n)
{
  fputs ("\t.ascii \"", out);
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) s[i];
      if (c == '"' || c == '\\')
        fprintf (out, "\\%c", c);
      else if (c < ' ' || c >= 0x7f)
        fprintf (out, "\\%03o", c);
      else
        fputc (c, out);
    }
  fputs ("\"\n", out);
}

/* TEXT and its terminating NUL, one .ascii per line of it.  */
static void
put_text (FILE *out, const char *text, size_t n)
{
  size_t at = 0;
  while (at < n)
    {
      const char *nl = memchr (text + at, '\n', n - at);
      size_t len = nl ? (size_t) (nl - (text + at)) + 1 : n - at;
      put_ascii (out, text + at, len);
      at += len;
    }
  fputs ("\t.byte 0\n", out);
}

void
cc_record_write_asm (FILE *out, const cc_model *m, const char *source, int exact,
                     const char *const *part_label, const uint32_t *delta,
                     int address_size)
{
  char *text = NULL;
  size_t text_size = 0;
  FILE *mf = open_memstream (&text, &text_size);
  if (!mf)
    return;
  cc_model_write (m, mf);
  fclose (mf);

  uint32_t n_parts = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    n_parts += m->funcs[fi].n_parts;
  fputs ("\t.pushsection " CC_RECORD_SECTION ",\"\",@progbits\n", out);
  fputs ("\t.ascii \"cachecat\"\n", out);
  fprintf (out, "\t.byte %d, %d, %d, 0\n", CC_RECORD_VERSION, address_size,
           exact ? CC_RECORD_EXACT : 0);
  /* The assembler computes the length: local labels of this section.  */
  fputs ("\t.long .Lcc_record_end - .Lcc_record_start\n.Lcc_record_start:\n", out);
  fprintf (out, "\t.long %u\n", n_parts);
  for (uint32_t k = 0; k < n_parts; k++)
    if (part_label && part_label[k])
      fprintf (out, "\t.dc.a %s-%u\n", part_label[k], delta ? delta[k] : 0);
    else
      fputs ("\t.dc.a 0\n", out);
  put_text (out, source ? source : "", source ? strlen (source) : 0);
  put_text (out, text, text_size);
  fputs (".Lcc_record_end:\n\t.popsection\n", out);
  free (text);
}

static int
fail (char **err, uint32_t k, size_t at, const char *what)
{
  *err = cc_xasprintf ("record %u (byte %zu): %s", k + 1, at, what);
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
  uint64_t len = cc_load_uint (h + 4, 4, big_endian);
  const unsigned char *p = h + 8, *end = p + len;
  if (len > size - start - 16 || len < 4)
    return fail (err, k, start, "truncated");
  u->n_parts = (uint32_t) cc_load_uint (p, 4, big_endian);
  p += 4;
  if ((uint64_t) u->n_parts * (uint64_t) asize > (uint64_t) (end - p))
    return fail (err, k, start, "truncated addresses");
  u->part_addr = cc_xmalloc ((u->n_parts + 1) * sizeof *u->part_addr);
  for (uint32_t i = 0; i < u->n_parts; i++, p += asize)
    u->part_addr[i] = cc_load_uint (p, asize, big_endian);
  const unsigned char *nul = memchr (p, 0, (size_t) (end - p));
  if (!nul)
    return fail (err, k, start, "the source name is not terminated");
  u->source = cc_xstrdup ((const char *) p);
  p = nul + 1;
  nul = memchr (p, 0, (size_t) (end - p));
  if (!nul || nul + 1 != end)
    return fail (err, k, start, "the model text is not terminated at the record's end");
  FILE *mf = fmemopen ((void *) p, (size_t) (nul - p), "r");
  if (!mf)
    return fail (err, k, start, "out of memory");
  char *merr = NULL;
  int rc = cc_model_read (&u->model, mf, &merr);
  fclose (mf);
  if (rc)
    {
      char *m = cc_xasprintf ("the model of %s: line %s", u->source,
                              merr ? merr : "unreadable");
      free (merr);
      fail (err, k, start, m);
      free (m);
      return -1;
    }
  uint32_t parts = 0;
  for (uint32_t fi = 0; fi < u->model.n_funcs; fi++)
    parts += u->model.funcs[fi].n_parts;
  if (parts != u->n_parts)
    return fail (err, k, start, "the addresses do not match the model's functions");
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
      /* The linker may pad between input sections.  */
      if (buf[at] == 0)
        {
          at++;
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
      cc_model_free (&r[i].model);
    }
  free (r);
}
