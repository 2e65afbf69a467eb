/* cachecat: JSON text, for the report and the SARIF file (json.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/json.h"
#include "support/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

size_t
cc_json_escape (char *out, const char *s)
{
  static const char hex[] = "0123456789abcdef";
  char *o = out;
  for (const unsigned char *p = (const unsigned char *) s; *p;)
    {
      unsigned char c = *p;
      if (c == '"' || c == '\\')
        {
          *o++ = '\\';
          *o++ = (char) c;
        }
      else if (c == '\n')
        *o++ = '\\', *o++ = 'n';
      else if (c == '\t')
        *o++ = '\\', *o++ = 't';
      else if (c < 0x20)
        {
          memcpy (o, "\\u00", 4);
          o[4] = hex[c >> 4];
          o[5] = hex[c & 15];
          o += 6;
        }
      else if (c >= 0x80)
        {
          int l = cc_utf8_len (p);
          if (l)
            memcpy (o, p, (size_t) l);
          else
            memcpy (o, "\xef\xbf\xbd", 3);
          o += l ? l : 3;
          p += l ? l : 1;
          continue;
        }
      else
        *o++ = (char) c;
      p++;
    }
  *o = 0;
  return (size_t) (o - out);
}

cc_json *
cc_json_open (FILE *f)
{
  cc_json *j = cc_xmalloc (sizeof *j);
  j->f = f;
  j->n = 0;
  return j;
}

void
cc_json_close (cc_json *j)
{
  cc_json_flush (j);
  free (j);
}

void
cc_json_flush (cc_json *j)
{
  if (j->n)
    fwrite (j->b, 1, j->n, j->f);
  j->n = 0;
}

/* cc_json_bytes when the buffer has no room for them: a piece as big
   as the buffer goes straight to the file.  */
void
cc_json_bytes_slow (cc_json *j, const char *p, size_t n)
{
  cc_json_flush (j);
  if (n >= CC_JSON_BUF)
    {
      fwrite (p, 1, n, j->f);
      return;
    }
  memcpy (j->b, p, n);
  j->n = n;
}

void
cc_json_u64 (cc_json *j, uint64_t v)
{
  if (v <= ULONG_MAX)
    {
      /* Straight into the buffer, two digits a step: a number per key of
         every insn and context.  */
      if (CC_JSON_BUF - j->n < 20)
        cc_json_flush (j);
      j->n += cc_put_decimal (j->b + j->n, (unsigned long) v);
      return;
    }
  char b[20];
  int n = 0;
  do
    b[sizeof b - 1 - n++] = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  cc_json_bytes (j, b + sizeof b - n, (size_t) n);
}

void
cc_json_chars (cc_json *j, const char *s)
{
  size_t room = CC_JSON_ROOM (strlen (s));
  char small[256];
  char *t = room <= sizeof small ? small : cc_xmalloc (room);
  cc_json_bytes (j, t, cc_json_escape (t, s));
  if (t != small)
    free (t);
}

void
cc_json_str (cc_json *j, const char *s)
{
  if (!s)
    {
      cc_json_s (j, "null");
      return;
    }
  cc_json_c (j, '"');
  cc_json_chars (j, s);
  cc_json_c (j, '"');
}
