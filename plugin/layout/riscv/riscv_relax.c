/* cachecat: does the RISC-V linker still move a unit's code?
   (riscv_relax.h)
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/riscv/riscv_relax.h"

#include <string.h>

/* .option push may nest this deep before the text counts as unknown.  */
#define MAX_PUSH 64

typedef struct relax_state
{
  int on;                     /* relaxation is in force */
  int ever_on_in_code;        /* it was, somewhere in the code */
  int depth;
  unsigned char saved[MAX_PUSH];
} relax_state;

static int
is_space (char c)
{
  return c == ' ' || c == '\t';
}

/* Does the statement [P, END) name `.option WORD' and nothing more?  */
static int
option_is (const char *p, const char *end, const char *word)
{
  while (p < end && is_space (*p))
    p++;
  if ((size_t) (end - p) < 7 || memcmp (p, ".option", 7) != 0)
    return 0;
  p += 7;
  if (p == end || !is_space (*p))
    return 0;
  while (p < end && is_space (*p))
    p++;
  size_t n = strlen (word);
  if ((size_t) (end - p) < n || memcmp (p, word, n) != 0)
    return 0;
  p += n;
  while (p < end && is_space (*p))
    p++;
  return p == end;
}

/* One statement (a line, or a part of it between ';'): follow the
   .option directives that change relaxation.  */
static void
statement (relax_state *s, const char *p, const char *end, int in_code)
{
  if (option_is (p, end, "norelax"))
    s->on = 0;
  else if (option_is (p, end, "relax"))
    s->on = 1;
  else if (option_is (p, end, "push"))
    {
      if (s->depth == MAX_PUSH)
        s->on = 1;            /* too deep to follow: assume the worst */
      else
        s->saved[s->depth++] = (unsigned char) s->on;
    }
  else if (option_is (p, end, "pop"))
    s->on = s->depth ? s->saved[--s->depth] : 1;
  if (in_code && s->on)
    s->ever_on_in_code = 1;
}

/* Statements end at a newline or at a ';' outside a string; a '#'
   outside a string comments out the rest of its line (GNU as for
   RISC-V), so neither can hide a directive.  */
static void
scan (relax_state *s, const char *text, size_t size, int in_code)
{
  const char *p = text, *end = text + size;
  while (p < end)
    {
      const char *stop = p;
      int quoted = 0;
      while (stop < end && *stop != '\n' && (quoted || (*stop != ';' && *stop != '#')))
        {
          if (quoted && *stop == '\\' && stop + 1 < end)
            stop++;
          else if (*stop == '"')
            quoted = !quoted;
          stop++;
        }
      statement (s, p, stop, in_code);
      if (stop < end && *stop == '#')
        while (stop < end && *stop != '\n')
          stop++;
      p = stop < end ? stop + 1 : end;
    }
}

int
cc_riscv_norelax (const char *header, size_t header_size, const char *code,
                  size_t code_size)
{
  /* The assembler's default is to relax.  */
  relax_state s = { 1, 0, 0, { 0 } };
  if (header)
    scan (&s, header, header_size, 0);
  if (s.on)
    return 0;
  if (code)
    scan (&s, code, code_size, 1);
  return !s.ever_on_in_code;
}
