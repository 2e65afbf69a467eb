/* cachecat: the part of an assembly text that can move code.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The measuring assembly (layout.c) needs only
   what places bytes in code sections.  Data and debug sections, call frame
   directives and line-number directives change no offset inside a code
   section, and with -g they are most of the text: leaving them out makes
   the second assembly several times cheaper.  The filter follows the
   section directives of GNU as for ELF; when it meets anything it cannot
   follow for sure (macros, conditionals, includes, an unknown section
   directive), it gives up and the caller assembles the whole text.
   Keeping too much is always safe; the filter only drops lines it knows to
   be outside every code section, or directives that emit no code.  */

#ifndef CACHECAT_ASM_FILTER_H
#define CACHECAT_ASM_FILTER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_asm_filter cc_asm_filter;

/* COMMENT is the target's comment leader ("#" on x86, "//" on aarch64,
   "@" on arm); SEPARATOR its statement separator (';' on most targets).  */
cc_asm_filter *cc_asm_filter_new (const char *comment, char separator);

/* Our own labels in the text: start labels START_PREFIX<n> (only those
   with n >= START_MIN) and end labels END_PREFIX<n>, each alone on its
   line.  An end label that only blank lines, comments, other labels and
   lines the filter leaves out separate from the next start label marks
   the same address: it is left out of the kept text (a symbol fewer for
   the assembler to keep), and cc_asm_filter_alias names the start label
   that stands for it.  Call before the first cc_asm_filter_add.  */
void cc_asm_filter_labels (cc_asm_filter *f, const char *start_prefix,
                           unsigned long start_min, const char *end_prefix);

/* Labels that only debug information refers to (GCC's ".LBB", ".LBE",
   ".LBI" block and ".LVL" variable location labels): N PREFIXES (at most
   CC_ASM_FILTER_MAX_DEBUG, each at least three characters long, all with
   the same first two).  A line
   that is exactly PREFIX<digits>: is left out; with -g they are about
   half of the labels in code, and the measuring assembly keeps every
   local label in its symbol table.  Should a kept line mention a prefix
   after all, the filter gives up (gas would silently take an undefined
   local label for an external symbol).  Call before the first
   cc_asm_filter_add.  */
#define CC_ASM_FILTER_MAX_DEBUG 6
void cc_asm_filter_debug_labels (cc_asm_filter *f, const char *const *prefixes,
                                 size_t n);

/* Is the line [P, EOL) (without its newline) exactly PREFIX (PLEN
   bytes), decimal digits and ":"?  Then sets *NO to the number.  */
int cc_asm_label_line (const char *p, const char *eol, const char *prefix,
                       size_t plen, unsigned long *no);

/* The number of the start label that stands for the left-out end label
   N, or -1 if end label N is in the kept text (or was never seen).  */
long cc_asm_filter_alias (const cc_asm_filter *f, unsigned long n);

/* Append the kept part of TEXT[0, N) to the filter's output (texts are
   filtered in order, as one file).  Returns 0, or -1 once the filter has
   given up (then the output must not be used).  */
int cc_asm_filter_add (cc_asm_filter *f, const char *text, size_t n);

/* The end of the input: the kept text (valid until the free), or NULL if
   the filter gave up.  */
const char *cc_asm_filter_finish (cc_asm_filter *f, size_t *n);

void cc_asm_filter_free (cc_asm_filter *f);

#ifdef __cplusplus
}
#endif

#endif
