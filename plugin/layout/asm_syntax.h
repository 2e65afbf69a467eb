/* cachecat: the pieces of GNU as syntax every target shares.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Symbols and mnemonics, blanks, plain numbers
   and the operands of the alignment and section directives are written
   alike on every target GNU as assembles for; what one statement puts
   into a code section is each target's own (x86/asm_statement.h,
   aarch64/a64_statement.h).  */

#ifndef CACHECAT_ASM_SYNTAX_H
#define CACHECAT_ASM_SYNTAX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A character of a symbol or mnemonic in GNU as (letters, digits, _ . $ @).
   Inline: the filter asks it of nearly every character of a unit.  */
static inline int
cc_asm_ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
         || c == '_' || c == '.' || c == '$' || c == '@';
}

/* How many characters of a symbol or mnemonic start at P (before E).  */
static inline size_t
cc_asm_ident_len (const char *p, const char *e)
{
  size_t n = 0;
  while (p + n < e && cc_asm_ident_char (p[n]))
    n++;
  return n;
}

/* P past blanks (not newlines), at most to E.  */
static inline const char *
cc_asm_skip_space (const char *p, const char *e)
{
  while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f'))
    p++;
  return p;
}

/* [*P, *E) without its leading and trailing blanks.  */
void cc_asm_trim (const char **p, const char **e);

/* A non-negative number (decimal or 0x hex) at *PP, then *PP past it and
   the blanks after it; 0 if there is none (an expression, a symbol).  */
int cc_asm_number (const char **pp, const char *e, unsigned long *v);

/* The operands [P, E) of an alignment directive, N[,[FILL][,MAX]]: N is
   the power of two if P2 (.p2align), else the bytes (.balign).  Sets
   *ALIGN (bytes, a power of two up to 2^30) and *MAX (the most bytes it
   may skip, 0: any) and returns 1; 0 when they are not plain numbers or
   give a fill value (the padding is then not the assembler's no-ops).  */
int cc_asm_alignment (int p2, const char *p, const char *e, unsigned long *align,
                      unsigned long *max);

/* Does the directive [W, W + N), with operands [REST, E), put what
   follows into a subsection (.text 1, .pushsection name, 1), that is
   out of the order of the text?  */
int cc_asm_subsection (const char *w, size_t n, const char *rest, const char *e);

#ifdef __cplusplus
}
#endif

#endif
