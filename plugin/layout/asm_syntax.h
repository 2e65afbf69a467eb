/* cachecat: the pieces of GNU as syntax every target shares.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Symbols and mnemonics, blanks, plain numbers
   and the operands of the alignment and section directives are written
   alike on every target GNU as assembles for; what one statement puts
   into a code section is each target's own (x86/x86_statement.h,
   aarch64/aarch64_statement.h).  */

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

/* How many values the operands [P, E) of a data directive list:
   expressions separated by commas outside parentheses, none empty; 0 if
   not so.  */
unsigned long cc_asm_values (const char *p, const char *e);

/* Outside its strings, does [P, E) hold no quote `'' and no C comment?
   (`/' `*' may span lines, and the filter's splitting of statements does
   not follow `'x'.)  */
int cc_asm_plain_quotes (const char *p, const char *e);

/* Is [W, W + N) a directive that places no byte where it stands on every
   target: symbol, section, line and call frame directives (.type, .size,
   .globl, .weak, .set, .section, .loc, .cfi_*, ...)?  Any case.  */
int cc_asm_byte_free (const char *w, size_t n);

/* The bytes of one value of the data directive [W, W + N) as every
   target reads it (.byte 1; .short, .hword, .2byte 2; .long, .int,
   .4byte 4; .quad, .8byte 8), 0 if it is none of those (.word is each
   target's own).  Any case.  */
unsigned cc_asm_data_size (const char *w, size_t n);

/* Is [W, W + N) the directive WORD, in any case?  */
int cc_asm_is (const char *w, size_t n, const char *word);

/* What one statement in a code section puts there, for the targets whose
   layout is computed from the text (aarch64/aarch64_statement.h,
   riscv/riscv_statement.h).  */
enum cc_asm_place
{
  CC_PLACE_NOTHING,     /* places no byte */
  CC_PLACE_INSN,        /* instructions */
  CC_PLACE_DATA,        /* data of a known size */
  CC_PLACE_ALIGN,       /* an alignment padded with no-ops in code */
  CC_PLACE_UNKNOWN      /* anything else: the caller measures */
};

/* A target's data directive and the bytes of each value.  */
typedef struct cc_asm_data_word
{
  const char *w;
  unsigned char size;
} cc_asm_data_word;

/* A target's own directives besides the shared ones: those that place no
   byte (NULL-terminated), its data directives (N_DATA of them), and its
   directive of 4-byte instruction words (AArch64's .inst), or NULL.  */
typedef struct cc_asm_dialect
{
  const char *const *byte_free;
  const cc_asm_data_word *data;
  size_t n_data;
  const char *insn_words;
} cc_asm_dialect;

/* What the directive [W, W + N) with operands [REST, E) places in code,
   as GNU as reads it on a target whose .align counts powers of two
   (AArch64, RISC-V), with DIALECT's own directives: NOTHING (symbol,
   section, line and frame directives, not into a subsection), DATA (a
   list of values of a data directive, no strings: *BYTES of them),
   ALIGN (.p2align, .align, .balign without a fill: to *ALIGN bytes,
   skipping at most *MAX, 0: any), else UNKNOWN.  */
enum cc_asm_place cc_asm_directive (const char *w, size_t n, const char *rest, const char *e,
                                    const cc_asm_dialect *dialect, unsigned long *bytes,
                                    unsigned long *align, unsigned long *max);

/* The statement [*P, *E) (labels taken off) in code, trimmed in place:
   NOTHING if it is empty, UNKNOWN if it holds a quote or a C comment
   (cc_asm_plain_quotes), a directive's place (cc_asm_directive; INSN
   with *BYTES for the dialect's instruction words); else INSN with no
   *BYTES: an instruction, for the target to read.  */
enum cc_asm_place cc_asm_statement (const char **p, const char **e,
                                    const cc_asm_dialect *dialect, unsigned long *bytes,
                                    unsigned long *align, unsigned long *max);

/* Does the directive [W, W + N), with operands [REST, E), put what
   follows into a subsection (.text 1, .pushsection name, 1), that is
   out of the order of the text?  */
int cc_asm_subsection (const char *w, size_t n, const char *rest, const char *e);

/* The longest section name the filter follows, with its NUL.  */
#define CC_ASM_NAME_MAX 256

/* Parse a section name at P (quoted or plain, before E) into NAME
   (CC_ASM_NAME_MAX bytes); returns the position after it, or NULL if it
   is malformed or too long.  */
const char *cc_asm_section_name (const char *p, const char *e, char *name);

/* After a section name at P: the flags, if any, decide whether it is
   code.  Returns 1 code, 0 not, -1 unknown syntax; *HAS_FLAGS says
   whether flags were given.  */
int cc_asm_section_flags (const char *p, const char *e, int *has_flags);

/* Is the directive [W, W + N) with operands [REST, E) a section of a
   group (flags with G, "axG", or a comdat) or a `unique' one?  Then
   another section may have its name, and the layouts computed from the
   text, which know sections by their names, would take the two for one.  */
int cc_asm_section_of_a_kind (const char *w, size_t n, const char *rest, const char *e);

#ifdef __cplusplus
}
#endif

#endif
