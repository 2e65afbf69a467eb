/* h_checksums: a packet pipeline over heap buffers: packets assembled with
   memcpy and memset, framed, checksummed (bitwise CRC-16, table CRC-32,
   Adler-32), compared with memcmp, shifted with memmove.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The program's checksum loops are hot and small; between them glibc's
   optimised mem* routines run over the same data, evicting program lines
   at every call.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned crc_table[256];

static void
make_table (void)
{
  for (unsigned n = 0; n < 256; n++)
    {
      unsigned c = n;
      for (int k = 0; k < 8; k++)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      crc_table[n] = c;
    }
}

static unsigned
crc32 (const unsigned char *p, size_t n)
{
  unsigned c = ~0u;
  while (n--)
    c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
  return ~c;
}

/* CRC-16/CCITT, one bit at a time.  */
static unsigned
crc16 (const unsigned char *p, size_t n)
{
  unsigned c = 0xffff;
  for (size_t i = 0; i < n; i++)
    {
      c ^= (unsigned) p[i] << 8;
      for (int k = 0; k < 8; k++)
        c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    }
  return c;
}

static unsigned
adler32 (const unsigned char *p, size_t n)
{
  unsigned a = 1, b = 0;
  for (size_t i = 0; i < n; i++)
    {
      a = (a + p[i]) % 65521;
      b = (b + a) % 65521;
    }
  return b << 16 | a;
}

struct header
{
  unsigned short seq, len;
  unsigned crc;
};

int
main (void)
{
  enum { MAXP = 200, NPKT = 40 };
  unsigned char *payload = malloc (MAXP), *frame = malloc (MAXP + 16),
                *copy = malloc (MAXP + 16);
  if (!payload || !frame || !copy)
    return 1;
  make_table ();
  unsigned x = 7, all32 = 0, all16 = 0, alladler = 0;
  int bad = 0;
  for (int p = 0; p < NPKT; p++)
    {
      size_t len = (size_t) (p * 37) % MAXP;
      for (size_t i = 0; i < len; i++)
        {
          x = x * 69069u + 1;
          payload[i] = (unsigned char) (x >> 24);
        }
      struct header h = { (unsigned short) p, (unsigned short) len,
                          crc32 (payload, len) };
      memset (frame, 0, MAXP + 16);
      memcpy (frame, &h, sizeof h);
      memcpy (frame + sizeof h, payload, len);
      memcpy (copy, frame, sizeof h + len);
      if (p % 9 == 4)
        copy[sizeof h + len / 2] ^= 0x10;     /* corrupt some copies */
      /* Receiver side: shift the payload to the front, re-check.  */
      struct header r;
      memcpy (&r, copy, sizeof r);
      memmove (copy, copy + sizeof r, r.len);
      if (crc32 (copy, r.len) != r.crc || memcmp (copy, payload, len) != 0)
        bad++;
      all32 ^= h.crc;
      all16 = all16 * 3 + crc16 (frame, sizeof h + len);
      alladler += adler32 (frame, sizeof h + len);
    }
  printf ("packets %d bad %d\n", NPKT, bad);
  printf ("crc32 %08x crc16 %08x adler %08x\n", all32, all16, alladler);
  free (payload);
  free (frame);
  free (copy);
  return 0;
}
