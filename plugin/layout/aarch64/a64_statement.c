/* cachecat: what one statement in a code section puts there (a64_statement.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The directives and their sizes are those of GNU as 2.40 for aarch64-elf
   (read.c's pseudo-op table and tc-aarch64.c's md_pseudo_table).  */

#include "layout/aarch64/a64_statement.h"
#include "layout/asm_syntax.h"

#include <string.h>
#include <strings.h>

/* Directives that place no byte where they stand.  */
static const char *const byte_free[] = {
  ".type", ".size", ".globl", ".global", ".local", ".weak", ".hidden",
  ".protected", ".internal", ".symver", ".weakref", ".ident", ".file",
  ".loc", ".loc_mark_labels", ".set", ".equ", ".equiv", ".eqv", ".arch",
  ".arch_extension", ".cpu", ".text", ".data", ".bss", ".section",
  ".pushsection", ".popsection", ".previous", ".comm", ".lcomm",
  /* AArch64's: a symbol's calling convention, and the relocations GCC's
     TLS descriptor sequences put on the instruction after them.  */
  ".variant_pcs", ".tlsdesccall", ".tlsdescadd", ".tlsdescldr", NULL
};

/* Data directives and the bytes of each value (.word is 4 bytes here).  */
static const struct
{
  const char *w;
  unsigned char size;
} data_words[] = {
  { ".byte", 1 }, { ".hword", 2 }, { ".short", 2 }, { ".2byte", 2 },
  { ".word", 4 }, { ".long", 4 }, { ".int", 4 }, { ".4byte", 4 },
  { ".xword", 8 }, { ".dword", 8 }, { ".quad", 8 }, { ".8byte", 8 },
};

static int
is (const char *w, size_t n, const char *word)
{
  return strlen (word) == n && strncasecmp (w, word, n) == 0;
}

/* How many values the operands [P, E) list: expressions separated by
   commas outside parentheses, none empty; 0 if not so.  */
static unsigned long
values (const char *p, const char *e)
{
  unsigned long n = 1;
  int depth = 0, empty = 1;
  for (; p < e; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')')
        depth--;
      if (*p == ',' && depth == 0)
        {
          if (empty)
            return 0;
          n++;
          empty = 1;
        }
      else if (*p != ' ' && *p != '\t')
        empty = 0;
    }
  return empty || depth ? 0 : n;
}

/* Outside its strings, does [P, E) hold no quote `'' and no C comment?  */
static int
plain_quotes (const char *p, const char *e)
{
  int in_str = 0;
  for (; p < e; p++)
    if (in_str)
      {
        if (*p == '\\' && p + 1 < e)
          p++;
        else if (*p == '"')
          in_str = 0;
      }
    else if (*p == '"')
      in_str = 1;
    else if (*p == '\'' || (*p == '/' && p + 1 < e && p[1] == '*'))
      return 0;
  return 1;
}

static void
directive (const char *p, size_t n, const char *rest, const char *e, cc_a64_stmt *out)
{
  if (n > 5 && strncasecmp (p, ".cfi_", 5) == 0)
    {
      out->kind = CC_A64_NOTHING;
      return;
    }
  for (size_t i = 0; byte_free[i]; i++)
    if (is (p, n, byte_free[i]))
      {
        /* A subsection puts bytes out of the order of the text.  */
        out->kind = cc_asm_subsection (p, n, rest, e) ? CC_A64_UNKNOWN : CC_A64_NOTHING;
        return;
      }
  /* On AArch64 .align counts powers of two, as .p2align does.  */
  int p2 = is (p, n, ".p2align") || is (p, n, ".align");
  if (p2 || is (p, n, ".balign"))
    {
      if (cc_asm_alignment (p2, rest, e, &out->align, &out->max))
        out->kind = CC_A64_ALIGN;
      return;
    }
  /* Strings are data of another size.  */
  if (memchr (rest, '"', (size_t) (e - rest)))
    return;
  unsigned long k = values (rest, e);
  if (k == 0)
    return;
  if (is (p, n, ".inst"))
    {
      out->kind = CC_A64_INSN;
      out->bytes = 4 * k;
      return;
    }
  for (size_t i = 0; i < sizeof data_words / sizeof data_words[0]; i++)
    if (is (p, n, data_words[i].w))
      {
        out->kind = CC_A64_DATA;
        out->bytes = data_words[i].size * k;
        return;
      }
}

void
cc_a64_classify (const char *p, const char *e, cc_a64_stmt *out)
{
  memset (out, 0, sizeof *out);
  out->kind = CC_A64_UNKNOWN;
  cc_asm_trim (&p, &e);
  if (p == e)
    {
      out->kind = CC_A64_NOTHING;
      return;
    }
  if (!plain_quotes (p, e))
    return;
  size_t n = cc_asm_ident_len (p, e);
  const char *rest = cc_asm_skip_space (p + n, e);
  if (n && p[0] == '.')
    {
      directive (p, n, rest, e, out);
      return;
    }
  /* An instruction: a mnemonic first.  Not `ldr x0, =sym', whose literal
     lands in a pool, nor an assignment; not `name .req reg', which only
     names a register.  */
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
      || memchr (p, '=', (size_t) (e - p)) || memchr (p, '"', (size_t) (e - p))
      || (e - rest >= 4 && strncasecmp (rest, ".req", 4) == 0
          && (e - rest == 4 || rest[4] == ' ' || rest[4] == '\t')))
    return;
  out->kind = CC_A64_INSN;
  out->bytes = 4;
  out->nop = n == 3 && rest == e && strncasecmp (p, "nop", 3) == 0;
}
