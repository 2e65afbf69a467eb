/* cachecat: what one statement in a code section puts there (aarch64_statement.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The directives and their sizes are those of GNU as 2.40 for aarch64-elf
   (read.c's pseudo-op table and tc-aarch64.c's md_pseudo_table).  */

#include "layout/aarch64/aarch64_statement.h"
#include "layout/asm_syntax.h"

#include <string.h>
#include <strings.h>

/* AArch64's directives besides the shared ones (asm_syntax.h): modes, a
   symbol's calling convention, and the relocations GCC's TLS descriptor
   sequences put on the instruction after them, which place no byte;
   data, .word 4 bytes here.  */
static const char *const byte_free[] = {
  ".arch", ".arch_extension", ".cpu", ".variant_pcs", ".tlsdesccall", ".tlsdescadd",
  ".tlsdescldr", NULL
};
static const cc_asm_data_word data_words[] = {
  { ".word", 4 }, { ".xword", 8 }, { ".dword", 8 },
};
static const cc_asm_dialect dialect = { byte_free, data_words, 3, ".inst" };

void
cc_a64_classify (const char *p, const char *e, cc_a64_stmt *out)
{
  memset (out, 0, sizeof *out);
  out->kind = (unsigned char) cc_asm_statement (&p, &e, &dialect, &out->bytes, &out->align,
                                                &out->max);
  if (out->kind != CC_PLACE_INSN || out->bytes)
    return;
  /* An instruction: a mnemonic first.  Not `ldr x0, =sym', whose literal
     lands in a pool, nor an assignment; not `name .req reg', which only
     names a register.  */
  size_t n = cc_asm_ident_len (p, e);
  const char *rest = cc_asm_skip_space (p + n, e);
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
      || memchr (p, '=', (size_t) (e - p)) || memchr (p, '"', (size_t) (e - p))
      || (e - rest >= 4 && strncasecmp (rest, ".req", 4) == 0
          && (e - rest == 4 || rest[4] == ' ' || rest[4] == '\t')))
    {
      out->kind = CC_PLACE_UNKNOWN;
      return;
    }
  out->bytes = 4;
  out->nop = n == 3 && rest == e && strncasecmp (p, "nop", 3) == 0;
}
