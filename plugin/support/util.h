/* cachecat: small allocation, string, sorting and bitset helpers for the C
   parts.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_UTIL_H
#define CACHECAT_UTIL_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

/* Allocation failure inside GCC has no sensible recovery: abort like
   libiberty's xmalloc does.  */
void *cc_xmalloc (size_t n);
void *cc_xcalloc (size_t n, size_t size);
void *cc_xrealloc (void *p, size_t n);
char *cc_xstrdup (const char *s);
/* Room for NEED elements of SIZE bytes in the array P of *CAP: P itself
   if it has it, else P grown to FIRST elements, or to twice *CAP, doubled
   again until NEED fit (*CAP updated).  */
void *cc_grow (void *p, size_t *cap, size_t need, size_t size, size_t first);
/* V in decimal at O (no NUL); returns the number of digits.  Two digits
   a step: labels' numbers are ten digits long, and there is one per
   instruction.  */
static inline size_t
cc_put_decimal (char *o, unsigned long v)
{
  static const char pairs[] = "00010203040506070809101112131415161718192021222324"
                              "25262728293031323334353637383940414243444546474849"
                              "50515253545556575859606162636465666768697071727374"
                              "75767778798081828384858687888990919293949596979899";
  static const unsigned long dec_pow[20]
    = { 1ul, 10ul, 100ul, 1000ul, 10000ul, 100000ul, 1000000ul, 10000000ul,
        100000000ul, 1000000000ul, 10000000000ul, 100000000000ul,
        1000000000000ul, 10000000000000ul, 100000000000000ul,
        1000000000000000ul, 10000000000000000ul, 100000000000000000ul,
        1000000000000000000ul, 10000000000000000000ul };
  /* Count the digits, then write them in place from the last.  The
     count from the bit length (1233 / 4096 is just over log10 2: T is
     the number of digits less one, or one more than that), not by
     dividing: one division per digit cost more than the writing.  */
  uint32_t bits = 64 - (uint32_t) __builtin_clzl (v | 1);
  uint32_t t = (bits * 1233) >> 12;
  size_t n = v < dec_pow[t] ? t : t + 1;
  if (n == 0)
    n = 1;
  char *q = o + n;
  while (v >= 100)
    {
      unsigned r = (unsigned) (v % 100);
      v /= 100;
      q -= 2;
      q[0] = pairs[2 * r];
      q[1] = pairs[2 * r + 1];
    }
  if (v >= 10)
    {
      q -= 2;
      q[0] = pairs[2 * v];
      q[1] = pairs[2 * v + 1];
    }
  else
    *--q = (char) ('0' + v);
  return n;
}

/* The SIZE-byte unsigned integer at P, in the byte order BIG_ENDIAN says
   (an ELF file's).  Inline, one loop per byte order: cachecat-link reads
   every word of a program's sections with it, and with a constant SIZE
   the compiler makes each loop a load.  */
static inline uint64_t
cc_load_uint (const unsigned char *p, int size, int big_endian)
{
  uint64_t v = 0;
  if (big_endian)
    for (int i = 0; i < size; i++)
      v = v << 8 | p[i];
  else
    for (int i = size; i-- > 0;)
      v = v << 8 | p[i];
  return v;
}
/* CACHECAT_TIMES=1: the CPU time of the process (and of the children it
   waited for) since the last mark, on stderr, as "cachecat-times: WHAT
   ..." (WHAT NULL: only set the mark).  */
void cc_time_mark (const char *what);

char *cc_xasprintf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* The version of the plugin and of cachecat-link.  */
#define CACHECAT_VERSION "0.1"

/* The value of a macro as a string literal.  */
#define CC_STR_(x) #x
#define CC_STR(x) CC_STR_ (x)

/* Write PATH with what FILL writes to its stream (FILL returns 0, or -1
   if it failed), so that no reader sees half of it and parallel builds
   never interleave: a temporary file in the same directory, renamed into
   place, with the umask's permissions.  A PATH that exists and is no
   regular file (a device, a pipe: /dev/stdout) is written in place; a
   directory is an error.  Returns 0, or -1 with *ERR (to free) saying
   why.  */
int cc_write_file (const char *path, int (*fill) (FILE *f, void *data), void *data,
                   char **err);

/* The length of the UTF-8 character at S (a NUL-terminated string), 1
   to 4, or 0 if the bytes there are not one (a stray continuation byte,
   a sequence cut short, an overlong form, a surrogate, past U+10FFFF).
   Reports must be valid UTF-8 whatever the names they copy.  */
int cc_utf8_len (const unsigned char *s);
/* A copy of S (the caller frees it) with every byte that is not part of
   a UTF-8 character replaced by U+FFFD.  */
char *cc_utf8_clean (const char *s);
/* fputs of S so cleaned.  */
void cc_fputs_utf8 (const char *s, FILE *f);

/* qsort's comparison of two uint32_t.  */
int cc_cmp_u32 (const void *a, const void *b);

/* Among the N entries of BASE, STRIDE bytes each, each starting with a
   `const char *' name and sorted by strcmp of it: the index of the one
   named [P, P + LEN), or -1.  */
long cc_find_name (const void *base, size_t n, size_t stride, const char *p, size_t len);

/* FNV-1a of the string S: names are looked up in open-addressing hash
   tables (layout.c, x86_decode.c).  */
static inline uint32_t
cc_name_hash (const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 16777619u;
  return h;
}

/* Lower bound: the first of the N entries of BASE (STRIDE bytes each,
   ascending by the uint64_t KEY_AT bytes into each) whose key is at
   least KEY, or N.  */
static inline size_t
cc_lower_bound_u64 (const void *base, size_t n, size_t stride, size_t key_at, uint64_t key)
{
  const unsigned char *b = (const unsigned char *) base + key_at;
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      uint64_t v;
      memcpy (&v, b + mid * stride, sizeof v);
      if (v < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The index of KEY in the ascending array A of N values, or UINT32_MAX
   (CC_NONE) if it is not there.  */
static inline uint32_t
cc_find_u32 (const uint32_t *a, uint32_t n, uint32_t key)
{
  uint32_t lo = 0, hi = n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (a[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && a[lo] == key ? lo : UINT32_MAX;
}

/* Fixed-size bitsets of 64-bit words; the size is kept by the caller.  */
typedef uint64_t cc_word;
#define CC_WORDS(nbits) (((nbits) + 63) / 64)

static inline int
cc_bit_get (const cc_word *b, uint32_t i)
{
  return (b[i >> 6] >> (i & 63)) & 1;
}
static inline void
cc_bit_set (cc_word *b, uint32_t i)
{
  b[i >> 6] |= (cc_word) 1 << (i & 63);
}
static inline void
cc_bit_clear (cc_word *b, uint32_t i)
{
  b[i >> 6] &= ~((cc_word) 1 << (i & 63));
}
/* Four words as one value (GCC's generic vectors: two SSE2 registers on
   x86-64, plain words where there is no vector unit).  */
typedef cc_word cc_word4 __attribute__ ((vector_size (4 * sizeof (cc_word))));

/* dst |= src; returns nonzero if dst changed.  Four words a step: the
   engine's passes over its node graph spend much of their time here.  */
static inline int
cc_bits_or (cc_word *dst, const cc_word *src, uint32_t nwords)
{
  cc_word4 changed4 = { 0, 0, 0, 0 };
  uint32_t i = 0;
  for (; i + 4 <= nwords; i += 4)
    {
      cc_word4 d, s;
      memcpy (&d, dst + i, sizeof d);
      memcpy (&s, src + i, sizeof s);
      cc_word4 n = d | s;
      changed4 |= n ^ d;
      memcpy (dst + i, &n, sizeof n);
    }
  cc_word changed = changed4[0] | changed4[1] | changed4[2] | changed4[3];
  for (; i < nwords; i++)
    {
      cc_word n = dst[i] | src[i];
      changed |= n ^ dst[i];
      dst[i] = n;
    }
  return changed != 0;
}
/* The mask of bits [lo, hi) within word W (lo <= hi, both in that word's
   range or at its end).  */
static inline cc_word
cc_word_mask (uint32_t w, uint32_t lo, uint32_t hi)
{
  uint32_t a = lo > w * 64 ? lo - w * 64 : 0;
  uint32_t b = hi < (w + 1) * 64 ? hi - w * 64 : 64;
  cc_word upto_b = b == 64 ? ~(cc_word) 0 : (((cc_word) 1 << b) - 1);
  return upto_b & ~(((cc_word) 1 << a) - 1);
}

/* b[lo, hi) := 0.  */
static inline void
cc_bits_clear_range (cc_word *b, uint32_t lo, uint32_t hi)
{
  for (uint32_t w = lo >> 6; lo < hi && w <= (hi - 1) >> 6; w++)
    b[w] &= ~cc_word_mask (w, lo, hi);
}

/* dst[lo, hi) := src[lo, hi).  */
static inline void
cc_bits_copy_range (cc_word *dst, const cc_word *src, uint32_t lo, uint32_t hi)
{
  for (uint32_t w = lo >> 6; lo < hi && w <= (hi - 1) >> 6; w++)
    {
      cc_word m = cc_word_mask (w, lo, hi);
      dst[w] = (dst[w] & ~m) | (src[w] & m);
    }
}

static inline int
cc_bits_intersect (const cc_word *a, const cc_word *b, uint32_t nwords)
{
  for (uint32_t i = 0; i < nwords; i++)
    if (a[i] & b[i])
      return 1;
  return 0;
}

#endif
