/* h_hot_cold: a message validator whose error handling lives in cold,
   noinline functions that format diagnostics with snprintf, reached via
   __builtin_expect'ed checks; one fatal path (abort) never runs.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   From -O2 the error paths move to .text.unlikely and main.cold-style
   fragments; they run a few times, so cold code is really fetched, next
   to libc code the analysis cannot see.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg
{
  unsigned char type, len;
  unsigned short seq;
  unsigned char body[28];
};

struct counters
{
  int ok, bad_type, bad_len, bad_seq, bad_sum;
  unsigned diag_hash;
  char last_diag[64];
};

static __attribute__ ((cold, noinline)) void
diagnose (struct counters *c, const char *what, const struct msg *m)
{
  snprintf (c->last_diag, sizeof c->last_diag, "%s: type=%u len=%u seq=%u",
            what, m->type, m->len, m->seq);
  for (const char *p = c->last_diag; *p; p++)
    c->diag_hash = c->diag_hash * 31 + (unsigned char) *p;
}

static __attribute__ ((cold, noreturn, noinline)) void
fatal (const char *why)
{
  fprintf (stderr, "fatal: %s\n", why);
  abort ();
}

static unsigned
body_sum (const struct msg *m)
{
  unsigned s = 0;
  for (unsigned i = 0; i + 1 < m->len; i++)
    s += m->body[i] * (i + 1);
  return s & 0xff;
}

static int
validate (struct counters *c, const struct msg *m, unsigned short *expect_seq)
{
  if (__builtin_expect (m->type == 0 || m->type > 9, 0))
    {
      c->bad_type++;
      diagnose (c, "bad type", m);
      return 0;
    }
  if (__builtin_expect (m->len > sizeof m->body, 0))
    {
      c->bad_len++;
      diagnose (c, "bad length", m);
      return 0;
    }
  if (__builtin_expect (m->seq != *expect_seq, 0))
    {
      c->bad_seq++;
      diagnose (c, "sequence gap", m);
      *expect_seq = m->seq;
    }
  (*expect_seq)++;
  if (m->len && __builtin_expect (body_sum (m) != m->body[m->len - 1], 0))
    {
      c->bad_sum++;
      diagnose (c, "checksum", m);
      return 0;
    }
  c->ok++;
  return 1;
}

int
main (void)
{
  struct counters c;
  memset (&c, 0, sizeof c);
  unsigned short seq = 0, expect = 0;
  unsigned x = 3;
  int accepted = 0;
  for (int i = 0; i < 3000; i++)
    {
      struct msg m;
      x = x * 1103515245u + 12345u;
      m.type = (unsigned char) (1 + (x >> 16) % 9);
      m.len = (unsigned char) ((x >> 8) % 20 + 1);
      m.seq = seq++;
      for (unsigned k = 0; k + 1 < m.len; k++)
        m.body[k] = (unsigned char) (x >> (k & 15));
      m.body[m.len - 1] = (unsigned char) body_sum (&m);
      /* Rare faults, about one message in 300 of each kind.  */
      if (i % 311 == 17)
        m.type = 12;
      if (i % 293 == 100)
        m.len = 40;
      if (i % 307 == 200)
        seq++;
      if (i % 281 == 50 && m.len > 1)
        m.body[0] ^= 1;
      accepted += validate (&c, &m, &expect);
    }
  if (__builtin_expect (accepted + c.bad_type + c.bad_len + c.bad_sum != 3000,
                        0))
    fatal ("message count mismatch");
  printf ("ok %d bad type %d len %d seq %d sum %d\n", c.ok, c.bad_type,
          c.bad_len, c.bad_seq, c.bad_sum);
  printf ("last \"%s\" hash %08x\n", c.last_diag, c.diag_hash);
  return 0;
}
