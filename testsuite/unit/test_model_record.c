/* cachecat unit tests: the model's record in the object
   (model/model_record.h): records as the linker concatenates them are
   read back, and every malformed one is an error that says where.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "mk_model.h"
#include "model/model_record.h"

#include <stdlib.h>
#include <zlib.h>

/* The record's checksum as model_record.h defines it, computed here on
   its own from the bytes OUT holds (a record of LEN bytes from its
   magic): the magic and header, length and counts as 4-byte
   little-endian numbers, then source and model (from SOURCE_AT).  */
static uint32_t
record_checksum (const unsigned char *out, uint32_t length, uint32_t n_addrs, int relaxed,
                 uint32_t n_marks, size_t source_at, size_t len)
{
  unsigned char fixed[24];
  memcpy (fixed, out, 12);
  uint32_t words[3] = { length, n_addrs, n_marks };
  size_t n = 12;
  for (int k = 0; k < (relaxed ? 3 : 2); k++)
    for (int b = 0; b < 4; b++)
      fixed[n++] = (unsigned char) (words[k] >> (8 * b));
  uLong crc = crc32 (0L, Z_NULL, 0);
  crc = crc32 (crc, fixed, (uInt) n);
  return (uint32_t) crc32 (crc, out + source_at, (uInt) (len - source_at));
}

/* A record's bytes as the assembler and the linker leave them: the
   header, N_ADDRS addresses (twice), with MARKS (not NULL: a relaxed
   unit's) its N_MARKS marks' addresses (twice), SOURCE and M packed.  */
static size_t
put_record_marks (unsigned char *out, const cc_model *m, const char *source,
                  const uint64_t *addrs, uint32_t n_addrs, int version, const uint64_t *marks,
                  uint32_t n_marks)
{
  size_t packed_len = 0;
  unsigned char *packed = cc_record_pack_model (m, &packed_len);
  size_t at = 0;
  memcpy (out, "cachecat", 8);
  out[8] = (unsigned char) version;
  out[9] = 8;
  out[10] = CC_RECORD_EXACT | (marks ? CC_RECORD_RELAXED : 0);
  out[11] = 0;
  uint32_t len = 4 + 4 + 16 * n_addrs + (marks ? 4 + 16 * n_marks : 0)
                 + (uint32_t) strlen (source) + 1 + (uint32_t) packed_len;
  memcpy (out + 12, &len, 4);
  at = 20;
  memcpy (out + at, &n_addrs, 4);
  at += 4;
  for (int copy = 0; copy < 2; copy++)
    for (uint32_t i = 0; i < n_addrs; i++, at += 8)
      memcpy (out + at, &addrs[i], 8);
  if (marks)
    {
      memcpy (out + at, &n_marks, 4);
      at += 4;
      for (int copy = 0; copy < 2; copy++)
        for (uint32_t i = 0; i < n_marks; i++, at += 8)
          memcpy (out + at, &marks[i], 8);
    }
  size_t source_at = at;
  memcpy (out + at, source, strlen (source) + 1);
  at += strlen (source) + 1;
  memcpy (out + at, packed, packed_len);
  at += packed_len;
  free (packed);
  uint32_t crc = record_checksum (out, len, n_addrs, marks != NULL, n_marks, source_at, at);
  memcpy (out + 16, &crc, 4);
  return at;
}

static size_t
put_record (unsigned char *out, const cc_model *m, const char *source, const uint64_t *addrs,
            uint32_t n_addrs, int version)
{
  return put_record_marks (out, m, source, addrs, n_addrs, version, NULL, 0);
}

/* M as model_io.c's text (the caller frees it).  */
static char *
model_text (const cc_model *m)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  cc_model_write (m, f);
  fclose (f);
  return text;
}

/* M packed and unpacked is M again (their texts are equal).  PLAIN: M's
   strings are printable ASCII without quotes and backslashes, so no byte
   of the packed model needs an escape in .ascii.  */
static void
check_round_trip (const cc_model *m, int plain)
{
  size_t n = 0, at = 0;
  unsigned char *packed = cc_record_pack_model (m, &n);
  size_t escaped = 0;
  for (size_t i = 0; i < n; i++)
    escaped += packed[i] < ' ' || packed[i] >= 0x7f || packed[i] == '"' || packed[i] == '\\';
  if (plain)
    CHECK_EQ (escaped, 0);
  cc_model back;
  const char *what = NULL;
  if (CHECK_EQ (cc_record_unpack_model (packed, n, &back, &at, &what), 0))
    {
      char *a = model_text (m), *b = model_text (&back);
      CHECK_STREQ (b, a);
      free (a);
      free (b);
      cc_model_free (&back);
    }
  else
    fprintf (stderr, "byte %zu: %s\n", at, what);
  /* Every shorter prefix is an error, never a crash.  */
  for (size_t cut = 0; cut < n; cut++)
    {
      cc_model part;
      CHECK_EQ (cc_record_unpack_model (packed, cut, &part, &at, &what), -1);
    }
  free (packed);
}

/* A model with every field away from its usual value: gaps, files, the
   rare fields, two parts, none values, repeated strings.  */
static void
rich_model (cc_model *m)
{
  memset (m, 0, sizeof *m);
  cc_model_add_section (m, ".text", 16);
  cc_model_add_section (m, ".text.unlikely", 1);
  cc_model_add_file (m, "a.c");
  cc_model_add_file (m, "dir/\"q\" b\\.h");
  cc_func *f = mk_func (m, "f", CC_FUNC_PUBLIC | CC_FUNC_ADDRESS_TAKEN);
  f->file = 0;
  f->line = 100;
  mk_part (f, "f", 0, 32, 200);
  mk_part (f, "f.cold", 1, 7, 12);
  mk_block (f, 0, 32, 3, 4);
  mk_block (f, 0, 48, 2, 70000);
  mk_block (f, 1, 7, 2, 6);
  mk_block (f, 0, 140100, 1, 1);
  f->insns[0].line = 101;
  f->insns[1].uid = 4000000000u;
  f->insns[1].line = 99;
  f->insns[1].file = 1;
  f->insns[2].file = CC_NONE;
  f->insns[2].kind = CC_INSN_PAD;
  f->insns[3].fetch = CC_FETCH_MAYBE;
  f->insns[3].rewrite = CC_REWRITE_TLSDESC;
  f->insns[3].maybe_tail = 3;
  f->insns[4].unsplit = 1;
  f->insns[4].unordered = 1;
  f->insns[4].runs_unknown = 1;
  f->insns[4].kind = CC_INSN_ASM;
  f->insns[5].fetch = CC_FETCH_NEVER;
  f->insns[6].line = 0xffffffffu;
  mk_call (f, 0, "g");
  mk_succ (f, 0, 1, 1);
  mk_call (f, 1, NULL);
  mk_exit (f, 1);
  mk_succ (f, 1, 3, 0);
  mk_succ (f, 1, 0, 0);
  mk_call (f, 2, "g");
  f->blocks[2].noreturn = 1;
  f->blocks[2].fallthru = 0;
  mk_exit (f, 3);
  f->blocks[0].first_insn = 0;
  /* F moves with the functions after it.  */
  cc_func *g = mk_func (m, "g", 0);
  mk_part (g, "g", 0, 0, 4);
  mk_block (g, 0, 0, 1, 4);
  mk_call (g, 0, "f");
  cc_func *h = mk_func (m, "", 0);
  mk_part (h, "-", 0, 300, 0);
  /* Loop bounds: GCC's, above 2^32 runs, with header and body runs; a
     pragma's anchor (no body), without a file.  */
  f = &m->funcs[0];
  f->loop_bounds = cc_xcalloc (2, sizeof *f->loop_bounds);
  f->n_loop_bounds = 2;
  static const uint32_t gcc_uids[] = { 7, 4000000000u, 2, 7, 4000000000u };
  f->loop_bounds[0] = (cc_loop_bound){ UINT64_C (5000000000), CC_BOUND_GCC, 1, 42, 4000000001u,
                                       2, 3, cc_xmalloc (sizeof gcc_uids) };
  memcpy (f->loop_bounds[0].uids, gcc_uids, sizeof gcc_uids);
  static const uint32_t anchor[] = { 3, 9 };
  f->loop_bounds[1] = (cc_loop_bound){ 11, CC_BOUND_PRAGMA, CC_NONE, 0, 0, 2, 0,
                                       cc_xmalloc (sizeof anchor) };
  memcpy (f->loop_bounds[1].uids, anchor, sizeof anchor);
  /* Budgets: a miss budget alone, and both, one above 2^32.  */
  f->flags |= CC_FUNC_BUDGETED;
  f->budget_misses = 120;
  f->budget_conflicts = -1;
  f->budget_fetch_cycles = 7;
  m->funcs[1].flags |= CC_FUNC_BUDGETED;
  m->funcs[1].budget_misses = INT64_C (5000000000);
  m->funcs[1].budget_conflicts = 0;
  m->funcs[1].budget_fetch_cycles = -1;
}

static void expect_error (const unsigned char *buf, size_t size, const char *msg);

/* A relaxed unit's marks (cc_record_marks): every GCC insn with bytes
   (its machine instructions share a uid) starts with one, and ends with
   one where the next does not start there or it ends its part; the
   record holds their addresses and the reader counts them.  */
static void
test_marks (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 2);
  cc_model_add_section (&m, ".text.unlikely", 2);
  cc_func *f = mk_func (&m, "f", 0);
  mk_part (f, "f", 0, 0, 28);
  mk_part (f, "f.cold", 1, 0, 4);
  mk_block (f, 0, 0, 7, 4);
  mk_block (f, 1, 0, 1, 4);
  /* Part 0: a call at 0 (auipc, jalr: one uid), an insn without bytes at
     8, insns at 8 and 12, then 4 bytes of alignment, insns at 20 and 24;
     the cold part's at 0.  */
  static const uint32_t uid[8] = { 1, 1, 2, 3, 4, 5, 6, 7 };
  static const uint32_t off[8] = { 0, 4, 8, 8, 12, 20, 24, 0 };
  for (uint32_t i = 0; i < 8; i++)
    {
      f->insns[i].uid = uid[i];
      f->insns[i].offset = off[i];
    }
  f->insns[2].length = 0;
  cc_record_mark mk[16];
  uint32_t n = cc_record_marks (f, mk);
  /* call starts at 0 and runs on into 8; 8 runs on into 12; 12 is
     followed by alignment (ends); 20, 24 (ends the part); cold 0 (ends
     its part).  */
  static const cc_record_mark want[] = {
    { 0, 2, 0 }, { 3, 1, 0 }, { 4, 1, 0 }, { 4, 1, 1 }, { 5, 1, 0 }, { 6, 1, 0 }, { 6, 1, 1 },
    { 7, 1, 0 }, { 7, 1, 1 } };
  CHECK_EQ (n, sizeof want / sizeof want[0]);
  for (uint32_t k = 0; k < n && k < sizeof want / sizeof want[0]; k++)
    CHECK (mk[k].insn == want[k].insn && mk[k].count == want[k].count && mk[k].end == want[k].end);

  /* The record of a relaxed unit: the marks' addresses follow the parts';
     a count the model does not give is an error.  */
  static unsigned char buf[1 << 13];
  uint64_t parts[2] = { 0x10000, 0x20000 };
  uint64_t marks[9] = { 0x10000, 0x10004, 0x10008, 0x1000c, 0x10010, 0x10014, 0x10018,
                        0x20000, 0x20004 };
  size_t len = put_record_marks (buf, &m, "r.c", parts, 2, CC_RECORD_VERSION, marks, 9);
  cc_unit_record *r = NULL;
  uint32_t nr = 0;
  char *err = NULL;
  if (CHECK_EQ (cc_record_read_all (buf, len, 0, &r, &nr, &err), 0))
    {
      CHECK (r[0].relaxed && r[0].exact && r[0].n_marks == 9 && r[0].mark_addr[3] == 0x1000c
             && r[0].mark_addr[8] == 0x20004);
      cc_unit_records_free (r, nr);
    }
  len = put_record_marks (buf, &m, "r.c", parts, 2, CC_RECORD_VERSION, marks, 8);
  expect_error (buf, len, "the marks do not match the model's insns");
  /* Entry padding: no marks.  */
  f->insns[0].kind = CC_INSN_PAD;
  CHECK_EQ (cc_record_marks (f, mk), 0);

  /* The assembler's text: the marks after the parts, 0 for one not
     known.  */
  char *text = NULL;
  size_t tl = 0;
  FILE *out = open_memstream (&text, &tl);
  const char *plabels[2] = { ".L1000000001", ".L1000000005" };
  uint32_t delta[2] = { 0, 0 };
  const char *mlabels[3] = { ".L1000000001", NULL, ".Lcce4" };
  cc_record_write_asm (out, &m, "r.c", CC_RECORD_EXACT | CC_RECORD_RELAXED, plabels, delta,
                       mlabels, 3, 8);
  fclose (out);
  CHECK_CONTAINS (text, "\t.byte 6, 8, 3, 0\n");
  CHECK_CONTAINS (text, "\t.dc.a .L1000000005-0\n\t.long 3\n\t.dc.a .L1000000001\n"
                  "\t.dc.a 0\n\t.dc.a .Lcce4\n");
  free (text);
  cc_model_free (&m);
}

/* Make the checksum of the record at BUF (8-byte addresses, not
   relaxed) fit its bytes again.  */
static void
reseal (unsigned char *buf)
{
  uint32_t len, n_addrs;
  memcpy (&len, buf + 12, 4);
  memcpy (&n_addrs, buf + 20, 4);
  uint32_t crc = record_checksum (buf, len, n_addrs, 0, 0, 24 + 16 * (size_t) n_addrs,
                                  16 + (size_t) len);
  memcpy (buf + 16, &crc, 4);
}

static void
expect_error (const unsigned char *buf, size_t size, const char *msg)
{
  cc_unit_record *r = NULL;
  uint32_t n = 0;
  char *err = NULL;
  CHECK_EQ (cc_record_read_all (buf, size, 0, &r, &n, &err), -1);
  CHECK_CONTAINS (err, msg);
  free (err);
}

int
main (void)
{
  cc_model m = { 0 };
  cc_model_add_section (&m, ".text", 16);
  cc_model_add_section (&m, ".text.unlikely", 1);
  cc_func *f = mk_func (&m, "f", CC_FUNC_PUBLIC);
  mk_part (f, "f", 0, 0, 8);
  mk_part (f, "f.cold", 1, 0, 4);
  mk_block (f, 0, 0, 2, 4);
  cc_func *g = mk_func (&m, "g", 0);
  mk_part (g, "g", 0, 16, 4);
  mk_block (g, 0, 16, 1, 4);

  /* Two units' records as ld concatenates them, with padding between.  */
  static unsigned char buf[1 << 14];
  uint64_t a1[3] = { 0x401000, 0x401800, 0x401010 }, a2[3] = { 0x402000, 0, 0 };
  size_t n1 = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  memset (buf + n1, 0, 5);
  size_t n2 = put_record (buf + n1 + 5, &m, "dir/b.c", a2, 3, CC_RECORD_VERSION);
  size_t total = n1 + 5 + n2;
  cc_unit_record *r = NULL;
  uint32_t n = 0;
  char *err = NULL;
  if (CHECK_EQ (cc_record_read_all (buf, total, 0, &r, &n, &err), 0) && CHECK_EQ (n, 2))
    {
      CHECK_STREQ (r[0].source, "a.c");
      CHECK_STREQ (r[1].source, "dir/b.c");
      CHECK (r[0].exact);
      CHECK_EQ (r[0].n_parts, 3);
      CHECK (r[0].part_addr[1] == 0x401800);
      CHECK (r[1].part_addr[0] == 0x402000 && r[1].part_addr[2] == 0);
      CHECK_EQ (r[1].model.n_funcs, 2);
      CHECK_STREQ (r[1].model.funcs[0].parts[1].symbol, "f.cold");
      cc_unit_records_free (r, n);
    }
  else
    fprintf (stderr, "%s\n", err ? err : "?");

  /* What is wrong, and in which record.  */
  size_t one = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  expect_error (buf, one - 1, "record 1 (byte 0): truncated");
  /* A byte of the model changed: the checksum says so, naming the unit
     as the record does.  With the checksum made to fit, the model's
     own checks find it.  */
  buf[one - 1] = '"';
  expect_error (buf, one, "record 1 (byte 0): the record of 'a.c' is corrupted: its checksum "
                "does not match");
  reseal (buf);
  expect_error (buf, one, "record 1 (byte 0): the model of a.c, at byte");
  expect_error (buf, one, "not a number");
  /* Not UTF-8 in the name the error copies: replaced.  */
  one = put_record (buf, &m, "\xff\xc0" "b.c", a1, 3, CC_RECORD_VERSION);
  buf[one - 1] ^= 1;
  expect_error (buf, one, "the record of '\xef\xbf\xbd\xef\xbf\xbd" "b.c' is corrupted");
  /* The two copies of an address must agree: the linker writes them,
     no checksum can.  */
  one = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  buf[24 + 8] ^= 0x10;
  expect_error (buf, one, "the two copies of an address differ");
  one = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  buf[24 + 24 + 8] = 0;
  buf[24 + 24 + 9] = 0;
  expect_error (buf, one, "the two copies of an address differ");
  /* A record wiped out: more zeros than any alignment pads.  */
  one = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  memset (buf + one, 0, 15);
  {
    cc_unit_record *r1 = NULL;
    uint32_t n1 = 0;
    CHECK_EQ (cc_record_read_all (buf, one + 15, 0, &r1, &n1, &err), 0);
    CHECK_EQ (n1, 1);
    cc_unit_records_free (r1, n1);
  }
  size_t two = put_record (buf + one, &m, "b.c", a1, 3, CC_RECORD_VERSION);
  memset (buf + one, 0, two);
  expect_error (buf, one + two, "record 2 (byte");
  expect_error (buf, one + two, "zeros where a record should be");
  {
    /* 31 sections in no bytes; a digit that never ends.  */
    cc_model bad;
    size_t at = 0;
    const char *what = NULL;
    CHECK_EQ (cc_record_unpack_model ((const unsigned char *) "O", 1, &bad, &at, &what), -1);
    CHECK_STREQ (what, "count larger than the record");
    CHECK_EQ (cc_record_unpack_model ((const unsigned char *) "]]]]]]]]0", 9, &bad, &at,
                                      &what), -1);
    CHECK_STREQ (what, "number out of range");
    CHECK_EQ (cc_record_unpack_model ((const unsigned char *) "0000", 4, &bad, &at, &what),
              -1);
    CHECK_STREQ (what, "bytes after the model");
    CHECK_EQ (at, 3);
  }
  one = put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION);
  expect_error (buf, 20, "record 1 (byte 0): truncated");
  memcpy (buf + one, "cachecaX", 8);
  memset (buf + one + 8, 1, 8);
  expect_error (buf, one + 16, "record 2 (byte");
  expect_error (buf, one + 16, "no record starts here");
  put_record (buf, &m, "a.c", a1, 3, CC_RECORD_VERSION + 1);
  expect_error (buf, one, "this cachecat-link reads version");
  one = put_record (buf, &m, "a.c", a1, 2, CC_RECORD_VERSION);
  expect_error (buf, one, "the addresses do not match the model's functions");

  /* The assembler's text: the source's quotes and backslashes escaped,
     one address per part, the labels given.  */
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&text, &len);
  const char *labels[3] = { ".L1000000001", NULL, ".L1000000009" };
  uint32_t delta[3] = { 0, 0, 4 };
  cc_record_write_asm (out, &m, "x\"y\\z.c", CC_RECORD_EXACT, labels, delta, NULL, 0, 8);
  fclose (out);
  CHECK_CONTAINS (text, "\t.pushsection .debug_cachecat,\"\",%progbits\n");
  CHECK_CONTAINS (text, "\t.dc.a .L1000000001-0\n\t.dc.a 0\n\t.dc.a .L1000000009-4\n");
  CHECK_CONTAINS (text, "\t.ascii \"x\\\"y\\\\z.c\"\n");
  /* The packed model: 2 sections, each a new string (1), its length and
     its bytes, and its alignment (16, 1); no files; 2 functions.  */
  CHECK_CONTAINS (text, "\t.byte 0\n\t.ascii \"215.text@1>.text.unlikely102");
  CHECK (strlen (text) > 13 && strcmp (text + strlen (text) - 13, "\t.popsection\n") == 0);
  /* Its length and checksum are numbers the plugin computed: 4 + 4, 3
     addresses twice, the source and its NUL, the model.  */
  {
    size_t packed_len;
    free (cc_record_pack_model (&m, &packed_len));
    char want[64];
    snprintf (want, sizeof want, "\t.byte 6, 8, 1, 0\n\t.long %zu\n\t.long ",
              8 + 48 + strlen ("x\"y\\z.c") + 1 + packed_len);
    CHECK_CONTAINS (text, want);
    CHECK_CONTAINS (text, "\t.dc.a .L1000000009-4\n\t.dc.a .L1000000001-0\n");
  }
  free (text);
  check_round_trip (&m, 1);
  cc_model rich;
  rich_model (&rich);
  check_round_trip (&rich, 0);
  {
    char *t = model_text (&rich);
    CHECK_CONTAINS (t, "\nbudget 120 -1 7\n");
    CHECK_CONTAINS (t, "\nbudget 5000000000 0 -1\n");
    free (t);
  }
  /* A bound's uids must ascend within each run.  */
  rich.funcs[0].loop_bounds[1].uids[1] = 3;
  {
    size_t n = 0, at = 0;
    unsigned char *packed = cc_record_pack_model (&rich, &n);
    cc_model back;
    const char *what = NULL;
    CHECK_EQ (cc_record_unpack_model (packed, n, &back, &at, &what), -1);
    CHECK_STREQ (what, "loop bound uids out of order");
    free (packed);
  }
  cc_model_free (&rich);
  cc_model_free (&m);
  test_marks ();
  return unit_finish ("model_record");
}
