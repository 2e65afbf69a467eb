/* fs_frame_parser: an HDLC-like framing protocol (flag byte, escaping,
   address, length, payload, checksum): encoder, noisy channel, and a
   switch-driven receive state machine with cold error handling.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The receiver runs one switch case per byte; the error handlers are
   marked cold and reached only through __builtin_expect'ed branches, so
   from -O2 they live in .text.unlikely, away from the hot path.  */
#include "../../valgrind/freestanding.h"

#define FLAG 0x7e
#define ESC 0x7d
#define MAXPAY 48

enum rx_state { RX_HUNT, RX_ADDR, RX_LEN, RX_PAYLOAD, RX_SUM, RX_END };

struct rx
{
  enum rx_state st;
  int escaped;
  unsigned addr, len, got, sum;
  unsigned char pay[MAXPAY];
  unsigned frames_ok, bytes_ok, payload_hash;
  unsigned errors[4];
};

static unsigned char wire[8192];
static unsigned seed;

static __attribute__ ((noinline)) unsigned
rnd (void)
{
  seed = seed * 1664525u + 1013904223u;
  return seed >> 8;
}

static __attribute__ ((cold, noinline)) void
rx_error (struct rx *r, int why)
{
  r->errors[why & 3]++;
  r->st = RX_HUNT;
  r->escaped = 0;
}

static __attribute__ ((noinline)) unsigned
put_escaped (unsigned pos, unsigned char b)
{
  if (b == FLAG || b == ESC)
    {
      wire[pos++] = ESC;
      b ^= 0x20;
    }
  wire[pos++] = b;
  return pos;
}

/* Builds a stream of frames; a few bytes are then corrupted.  */
static __attribute__ ((noinline)) unsigned
encode_stream (void)
{
  unsigned pos = 0;
  while (pos < sizeof wire - 2 * (MAXPAY + 8))
    {
      unsigned len = rnd () % MAXPAY;
      unsigned addr = rnd () & 0xff;
      unsigned sum = addr + len;
      wire[pos++] = FLAG;
      pos = put_escaped (pos, (unsigned char) addr);
      pos = put_escaped (pos, (unsigned char) len);
      for (unsigned i = 0; i < len; i++)
        {
          unsigned char b = (unsigned char) (rnd () ^ (i * 0x3d));
          sum += b;
          pos = put_escaped (pos, b);
        }
      pos = put_escaped (pos, (unsigned char) (sum & 0xff));
      wire[pos++] = FLAG;
    }
  for (unsigned k = 0; k < 12; k++)
    wire[rnd () % pos] ^= (unsigned char) (1u << (k & 7));
  return pos;
}

static __attribute__ ((noinline)) void
rx_byte (struct rx *r, unsigned char b)
{
  if (b == FLAG)
    {
      if (__builtin_expect (r->st != RX_HUNT && r->st != RX_END, 0))
        rx_error (r, 0);              /* frame cut short */
      r->st = RX_ADDR;
      r->escaped = 0;
      return;
    }
  if (b == ESC)
    {
      r->escaped = 1;
      return;
    }
  if (r->escaped)
    {
      b ^= 0x20;
      r->escaped = 0;
    }
  switch (r->st)
    {
    case RX_HUNT:
    case RX_END:
      break;
    case RX_ADDR:
      r->addr = b;
      r->sum = b;
      r->st = RX_LEN;
      break;
    case RX_LEN:
      if (__builtin_expect (b >= MAXPAY, 0))
        {
          rx_error (r, 1);
          break;
        }
      r->len = b;
      r->got = 0;
      r->sum += b;
      r->st = b ? RX_PAYLOAD : RX_SUM;
      break;
    case RX_PAYLOAD:
      r->pay[r->got++] = b;
      r->sum += b;
      if (r->got == r->len)
        r->st = RX_SUM;
      break;
    case RX_SUM:
      if (__builtin_expect ((r->sum & 0xff) != b, 0))
        {
          rx_error (r, 2);
          break;
        }
      r->frames_ok++;
      r->bytes_ok += r->len;
      for (unsigned i = 0; i < r->len; i++)
        r->payload_hash = (r->payload_hash ^ r->pay[i]) * 16777619u;
      r->payload_hash += r->addr;
      r->st = RX_END;
      break;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  static struct rx r;
  seed = 7u + sink;
  unsigned n = encode_stream ();
  r.payload_hash = 2166136261u;
  for (unsigned i = 0; i < n; i++)
    rx_byte (&r, wire[i]);
  int acc = (int) (r.frames_ok * 1000 + r.bytes_ok + r.payload_hash);
  for (int k = 0; k < 4; k++)
    acc += (int) r.errors[k] << (8 * k);
  sink = acc;
  return acc;
}
