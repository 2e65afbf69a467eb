/* cachecat: what one statement in a code section puts there
   (riscv_statement.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The directives and their sizes are those of GNU as 2.40 for RISC-V
   (read.c's pseudo-op table and tc-riscv.c's riscv_pseudo_table).  */

#include "layout/riscv/riscv_statement.h"
#include "layout/asm_syntax.h"

#include <string.h>

/* RISC-V's directives besides the shared ones (asm_syntax.h): the state
   the caller follows and a symbol's calling convention, which place no
   byte; data, .word 4 bytes here.  */
static const char *const byte_free[] = { ".option", ".attribute", ".variant_cc", NULL };
static const cc_asm_data_word data_words[] = {
  { ".half", 2 }, { ".word", 4 }, { ".dword", 8 },
};
static const cc_asm_dialect dialect = { byte_free, data_words, 3, NULL };

void
cc_riscv_classify (const char *p, const char *e, const cc_riscv_arch *arch, int rvc,
                   cc_rv_stmt *out)
{
  memset (out, 0, sizeof *out);
  const char *start = p;
  out->kind = (unsigned char) cc_asm_statement (&p, &e, &dialect, &out->bytes, &out->align,
                                                &out->max);
  if (out->kind != CC_PLACE_INSN)
    return;
  /* An instruction: a mnemonic first (an assignment, `sym = 1', is not
     one).  */
  out->kind = CC_PLACE_UNKNOWN;
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
      || memchr (p, '=', (size_t) (e - p)) || memchr (p, '"', (size_t) (e - p)))
    return;
  if (cc_riscv_assemble (p, e, arch, rvc, &out->insn))
    {
      out->kind = CC_PLACE_INSN;
      out->insn.target_at += (size_t) (p - start);
    }
}

/* Does [P, E) hold PREFIX and then decimal digits only?  */
static int
numbered (const char *p, const char *e, const char *prefix)
{
  size_t n = strlen (prefix);
  if ((size_t) (e - p) <= n || memcmp (p, prefix, n) != 0)
    return 0;
  for (p += n; p < e; p++)
    if (*p < '0' || *p > '9')
      return 0;
  return 1;
}

int
cc_riscv_millicode (const char *p, const char *e)
{
  cc_asm_trim (&p, &e);
  size_t n = cc_asm_ident_len (p, e);
  const char *ops = p + n, *comma = memchr (ops, ',', (size_t) (e - ops));
  if (cc_asm_is (p, n, "tail") && !comma)
    {
      cc_asm_trim (&ops, &e);
      return numbered (ops, e, "__riscv_restore_");
    }
  if (!cc_asm_is (p, n, "call") || !comma)
    return 0;
  const char *link = ops, *link_end = comma, *sym = comma + 1;
  cc_asm_trim (&link, &link_end);
  cc_asm_trim (&sym, &e);
  return link_end - link == 2 && memcmp (link, "t0", 2) == 0
         && numbered (sym, e, "__riscv_save_");
}
