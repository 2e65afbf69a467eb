/* h_rle: run-length and LZ77-style compression of generated text and
   binary data, with decompression checked by memcmp; copies use memcpy
   for literals and a byte loop for overlapping matches.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The match finder is a nested loop with an early exit (the inner match
   loop stops at the first mismatch); the decoders are small loops with a
   two-way branch per token.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t
rle_encode (const unsigned char *in, size_t n, unsigned char *out)
{
  size_t o = 0;
  for (size_t i = 0; i < n;)
    {
      size_t run = 1;
      while (i + run < n && run < 255 && in[i + run] == in[i])
        run++;
      out[o++] = (unsigned char) run;
      out[o++] = in[i];
      i += run;
    }
  return o;
}

static size_t
rle_decode (const unsigned char *in, size_t n, unsigned char *out)
{
  size_t o = 0;
  for (size_t i = 0; i + 1 < n; i += 2)
    {
      memset (out + o, in[i + 1], in[i]);
      o += in[i];
    }
  return o;
}

/* Tokens: 0x00 len literal-bytes | 0x01 dist(2) len.  */
static size_t
lz_encode (const unsigned char *in, size_t n, unsigned char *out)
{
  size_t o = 0, lit_start = 0, i = 0;
  while (i < n)
    {
      size_t best_len = 0, best_dist = 0;
      size_t lo = i > 64 ? i - 64 : 0;
      for (size_t j = lo; j < i; j++)
        {
          size_t l = 0;
          while (i + l < n && l < 255 && in[j + l] == in[i + l])
            l++;
          if (l > best_len)
            {
              best_len = l;
              best_dist = i - j;
              if (l == 255)
                break;
            }
        }
      if (best_len >= 4)
        {
          while (lit_start < i)
            {
              size_t k = i - lit_start < 255 ? i - lit_start : 255;
              out[o++] = 0;
              out[o++] = (unsigned char) k;
              memcpy (out + o, in + lit_start, k);
              o += k;
              lit_start += k;
            }
          out[o++] = 1;
          out[o++] = (unsigned char) (best_dist >> 8);
          out[o++] = (unsigned char) best_dist;
          out[o++] = (unsigned char) best_len;
          i += best_len;
          lit_start = i;
        }
      else
        i++;
    }
  while (lit_start < n)
    {
      size_t k = n - lit_start < 255 ? n - lit_start : 255;
      out[o++] = 0;
      out[o++] = (unsigned char) k;
      memcpy (out + o, in + lit_start, k);
      o += k;
      lit_start += k;
    }
  return o;
}

static size_t
lz_decode (const unsigned char *in, size_t n, unsigned char *out)
{
  size_t o = 0;
  for (size_t i = 0; i < n;)
    {
      if (in[i] == 0)
        {
          size_t k = in[i + 1];
          memcpy (out + o, in + i + 2, k);
          o += k;
          i += 2 + k;
        }
      else
        {
          size_t dist = (size_t) in[i + 1] << 8 | in[i + 2], len = in[i + 3];
          /* Overlapping copy: byte by byte on purpose.  */
          for (size_t k = 0; k < len; k++)
            out[o + k] = out[o + k - dist];
          o += len;
          i += 4;
        }
    }
  return o;
}

int
main (void)
{
  enum { N = 600 };
  unsigned char *src = malloc (N), *enc = malloc (2 * N + 16),
                *dec = malloc (N + 256);
  if (!src || !enc || !dec)
    return 1;
  static const char *const words[] = { "cache ", "line ", "set ", "miss ",
                                       "hit ", "way ", "tag ", "\n" };
  for (int kind = 0; kind < 3; kind++)
    {
      unsigned x = 11 + (unsigned) kind;
      size_t n = 0;
      while (n < N)
        {
          x = x * 1103515245u + 12345u;
          if (kind == 0)
            {
              /* Text from a small vocabulary.  */
              const char *w = words[(x >> 16) & 7];
              size_t l = strlen (w);
              if (n + l > N)
                l = N - n;
              memcpy (src + n, w, l);
              n += l;
            }
          else if (kind == 1)
            {
              /* Long runs of a few values.  */
              size_t l = 1 + (x >> 20) % 40;
              if (n + l > N)
                l = N - n;
              memset (src + n, (int) ((x >> 8) & 3), l);
              n += l;
            }
          else
            src[n++] = (unsigned char) (x >> 24);
        }
      size_t r = rle_encode (src, N, enc);
      size_t rd = rle_decode (enc, r, dec);
      int rle_ok = rd == N && memcmp (src, dec, N) == 0;
      size_t z = lz_encode (src, N, enc);
      size_t zd = lz_decode (enc, z, dec);
      int lz_ok = zd == N && memcmp (src, dec, N) == 0;
      printf ("kind %d: rle %zu (%s) lz %zu (%s)\n", kind, r,
              rle_ok ? "ok" : "BAD", z, lz_ok ? "ok" : "BAD");
    }
  free (src);
  free (enc);
  free (dec);
  return 0;
}
