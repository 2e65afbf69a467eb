/* cachecat: JSON strings, for the report and the SARIF file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "output/json.h"
#include "support/util.h"

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
