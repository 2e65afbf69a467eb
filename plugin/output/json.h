/* cachecat: JSON strings, for the report and the SARIF file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef CACHECAT_JSON_H
#define CACHECAT_JSON_H

#include <stddef.h>

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

#endif
