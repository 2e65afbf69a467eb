/* cachecat: JSON text, for the report and the SARIF file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   One writer for both: strings escaped the same way (valid UTF-8
   whatever the input holds), numbers in decimal, and the text put
   together in a buffer of our own and written in large pieces, with no
   format parsing on the hot paths (the report has a line per
   instruction and an entry per context: about a megabyte for a large
   unit).  */

#ifndef CACHECAT_JSON_H
#define CACHECAT_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The most bytes cc_json_escape writes for a string of N bytes.  */
#define CC_JSON_ROOM(n) (6 * (n) + 1)

/* S escaped for the inside of a JSON string into OUT (room for
   CC_JSON_ROOM (strlen (S))), NUL-terminated: quotes and backslashes
   escaped, control characters as \n, \t or \u00XX, and every byte that
   is not part of a UTF-8 character as U+FFFD, so that the output is
   valid UTF-8 JSON whatever S holds (a unit's or a file's name is copied
   from the input byte for byte).  Returns the bytes written, without the
   NUL.  */
size_t cc_json_escape (char *out, const char *s);

#define CC_JSON_BUF 65536

/* JSON text on its way to a file.  */
typedef struct cc_json
{
  FILE *f;
  size_t n;              /* bytes in B not yet written */
  char b[CC_JSON_BUF];
} cc_json;

/* A writer to F (cc_json_close flushes and frees it).  */
cc_json *cc_json_open (FILE *f);
void cc_json_close (cc_json *j);

void cc_json_flush (cc_json *j);

/* N bytes of P as they are (text the caller knows needs no escape).  */
void cc_json_bytes_slow (cc_json *j, const char *p, size_t n);

static inline void
cc_json_bytes (cc_json *j, const char *p, size_t n)
{
  if (n > CC_JSON_BUF - j->n)
    {
      cc_json_bytes_slow (j, p, n);
      return;
    }
  memcpy (j->b + j->n, p, n);
  j->n += n;
}

static inline void
cc_json_c (cc_json *j, char c)
{
  if (j->n == CC_JSON_BUF)
    cc_json_flush (j);
  j->b[j->n++] = c;
}

/* S as it is (JSON syntax, or words the caller knows need no escape).  */
static inline void
cc_json_s (cc_json *j, const char *s)
{
  cc_json_bytes (j, s, strlen (s));
}

/* V in decimal.  */
void cc_json_u64 (cc_json *j, uint64_t v);

/* The characters of S, escaped for a JSON string (cc_json_escape).  */
void cc_json_chars (cc_json *j, const char *s);

/* S as a JSON string, quoted; null if S is NULL.  */
void cc_json_str (cc_json *j, const char *s);

#endif
