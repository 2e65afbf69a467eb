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

#include "layout/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_asm_filter cc_asm_filter;

/* What one statement in a code section puts there, as a target's
   reader of statements tells it (cc_stmt_reader).  */
enum cc_stmt_kind
{
  CC_STMT_NOTHING,      /* places no byte (a symbol directive, an assignment) */
  CC_STMT_INSN,         /* one instruction */
  CC_STMT_PREFIX,       /* a prefix alone: part of the next instruction */
  CC_STMT_ALIGN,        /* alignment: *ALIGN bytes, skipping at most *MAX (0: any) */
  CC_STMT_UNDECODABLE
};


/* How the filter reads a target's statements in code (the target's
   table names it: target.h, cc_layout_reader).  */
typedef struct cc_stmt_reader
{
  /* The statement [P, E) (leading labels taken off, not empty) in a code
     section: ALIGN, *ALIGN bytes skipping at most *MAX (0: any).  */
  enum cc_stmt_kind (*classify) (const char *p, const char *e, unsigned long *align,
                                 unsigned long *max);
  /* The relocation of [P, E) that lets the linker rewrite it.  */
  enum cc_stmt_reloc (*reloc) (const char *p, const char *e);
  /* What the instruction statement [P, E) does to control.  */
  void (*flow) (const char *p, const char *e, cc_stmt_info *out);
} cc_stmt_reader;

/* COMMENT is the target's comment leader ("#" on x86, "//" on aarch64,
   "@" on arm); SEPARATOR its statement separator (';' on most targets).  */
cc_asm_filter *cc_asm_filter_new (const char *comment, char separator);

/* Our own labels in the text: start labels START_PREFIX<n> (only those
   with n >= START_MIN) and end labels END_PREFIX<n>, each alone on its
   line.  An end label that only blank lines, comments, other labels and
   lines the filter leaves out separate from the next start label marks
   the same address: it is left out of the kept text (a symbol fewer for
   the assembler to keep), and cc_asm_filter_alias names the start label
   that stands for it.  Call before the first cc_asm_filter_add.
   Returns 1, or 0 if the prefixes are empty or too long (then every
   label stays, and cc_asm_filter_label cannot be used).  */
int cc_asm_filter_labels (cc_asm_filter *f, const char *start_prefix,
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

/* Events: what a decoder of the assembled bytes (x86_decode.c) needs
   to place our labels without the assembler keeping them as symbols.
   In code sections only, in the order of the text, each with the code
   section it is in (cc_asm_filter_section).  */
enum cc_asm_event_kind
{
  CC_ASM_EV_NONE,       /* an end label that turned out to be left out */
  CC_ASM_EV_START,      /* our start label A */
  CC_ASM_EV_END,        /* our end label A */
  CC_ASM_EV_INSN,       /* one instruction */
  CC_ASM_EV_PREFIX,     /* a prefix alone, for the next instruction */
  CC_ASM_EV_ALIGN,      /* alignment to A bytes, skipping at most B (0: any) */
  CC_ASM_EV_SYMBOL,     /* a label other than ours (and the local ones,
                           unless encoding) */
  CC_ASM_EV_WEAK,       /* encoding: a symbol declared .weak (in any section) */
  CC_ASM_EV_EQUATE,     /* encoding: a symbol made another's name (.set) */
  CC_ASM_EV_GLOBAL,     /* encoding: a symbol declared .globl or .global */
  CC_ASM_EV_HIDDEN,     /* encoding: .hidden, .internal or .protected: a
                           symbol no other module can preempt */
  CC_ASM_EV_MSTART,     /* our label A before a machine instruction of an
                           insn (cc_asm_filter_machine) */
  CC_ASM_EV_DATA,       /* AArch64, RISC-V: A bytes of data */
  CC_ASM_EV_ALIGN_RECORD /* RISC-V: an alignment to A bytes that GNU as only
                           records as the section's (riscv/riscv_filter.h) */
};

/* WEAK, EQUATE, GLOBAL, HIDDEN: what the text says of a symbol, in no
   section.  */
static inline int
cc_asm_event_is_binding (unsigned char kind)
{
  return kind >= CC_ASM_EV_WEAK && kind <= CC_ASM_EV_HIDDEN;
}

typedef struct cc_asm_event
{
  unsigned char kind;
  unsigned section;
  unsigned long a, b;
  /* START, END: the label's line in the kept text; SYMBOL, WEAK: its
     name; INSN when encoding: a jump's label.  */
  size_t at, len;
} cc_asm_event;

/* Record events, for labels with LOCAL_PREFIX (".L") left out of the
   SYMBOL events.  Call before the first cc_asm_filter_add.  */
void cc_asm_filter_events (cc_asm_filter *f, const char *local_prefix);

/* GNU as takes C (`#') at the start of a statement, at the start of a
   line or after a separator, for a comment to the end of the line
   (target.h, cc_target_line_comment): so does the filter.  */
void cc_asm_filter_line_comment (cc_asm_filter *f, char c);

/* Statements whose callee runs code the model does not see right after
   them (RISC-V's millicode, __riscv_save_N and __riscv_restore_N, which
   target.h's millicode names): their statements get CC_RELOC_THUNK.
   Whether or not the layout is computed from the text.  */
void cc_asm_filter_millicode (cc_asm_filter *f,
                              int (*is_millicode) (const char *p, const char *e));

/* After cc_asm_filter_finish: whether every instruction was encoded and
   nothing in the text (an equate, an ifunc, a section group) could make
   gas place or relax code otherwise than the target's computed layout
   (cc_asm_filter_target) assumes.  */
int cc_asm_filter_encodable (const cc_asm_filter *f);

/* The (start of the) first statement that was not encoded, or NULL.  */
const char *cc_asm_filter_unencoded (const cc_asm_filter *f);

/* After cc_asm_filter_finish: the events, and whether every statement in
   code was understood (cc_stmt_reader); if not, the events must not be
   used.  */
const cc_asm_event *cc_asm_filter_event_list (const cc_asm_filter *f,
                                              size_t *n, int *decodable);

/* The name of code section I of the events.  */
const char *cc_asm_filter_section (const cc_asm_filter *f, unsigned i);
unsigned cc_asm_filter_n_sections (const cc_asm_filter *f);

/* The name of a SYMBOL event (its AT).  */
const char *cc_asm_filter_name (const cc_asm_filter *f, size_t at);

/* The kept text without the lines of our labels the events place (a new
   buffer, the caller frees it).  */
char *cc_asm_filter_unlabelled (const cc_asm_filter *f, size_t *n);

/* The number of the start label that stands for the left-out end label
   N, or -1 if end label N is in the kept text (or was never seen).  */
long cc_asm_filter_alias (const cc_asm_filter *f, unsigned long n);

/* The machine instructions of GCC's insns (machine.h): the text between
   our start label of an insn and its end label (or the next start label)
   is the insn's output.  Its instruction statements, each with the prefix
   statements before it, are its machine instructions; before the second
   and every later one the filter puts a label PREFIX<n> (n = 1, 2, ...;
   an MSTART event when recording events) so that the layout places it.
   Call before the first cc_asm_filter_add, after cc_asm_filter_labels.  */
void cc_asm_filter_machine (cc_asm_filter *f, const char *prefix);

/* One insn's machine instruction statements.  Only insns that are more
   than one instruction, or one the linker may rewrite, or hold something
   else are listed: every other insn is one instruction, always fetched.  */
typedef struct cc_asm_split
{
  unsigned long insn;        /* the number of its start label */
  size_t first, n;           /* its statements, [first, first + n) */
  int unsplit;               /* it holds what is not an instruction
                                statement (data, an alignment, a section
                                or mode switch, a statement the filter
                                could not put a label before): keep it
                                whole */
} cc_asm_split;

/* After cc_asm_filter_finish (whether or not the filter gave up: the
   text between our labels is read to its end): the insns, in text
   order, their statements in *MS, and how many labels were placed.  */
const cc_asm_split *cc_asm_filter_splits (const cc_asm_filter *f, size_t *n,
                                          const cc_mstmt **ms, unsigned long *n_labels);

/* Append the kept part of TEXT[0, N) to the filter's output (texts are
   filtered in order, as one file).  Returns 0, or -1 once the filter has
   given up (then the output must not be used).  */
int cc_asm_filter_add (cc_asm_filter *f, const char *text, size_t n);

/* Room for TEXT more bytes of output and EVENTS more events, for a
   caller that knows how much is coming (growing them step by step
   copies them each time).  */
void cc_asm_filter_reserve (cc_asm_filter *f, size_t text, size_t events);

/* The same as cc_asm_filter_add of the line "PREFIX<NO>:\n", PREFIX the
   end prefix if END, else the start prefix (cc_asm_filter_labels): for a
   caller that keeps our labels out of its text and knows where they
   stand.  It does without reading the line back where it can.  Only
   after cc_asm_filter_labels took the prefixes.  */
int cc_asm_filter_label (cc_asm_filter *f, int end, unsigned long no);

/* The same as cc_asm_filter_label of end label END_NO and then of start
   label START_NO, with nothing between them.  */
int cc_asm_filter_label_pair (cc_asm_filter *f, unsigned long end_no, unsigned long start_no);

/* The end of the input: the kept text (valid until the free), or NULL if
   the filter gave up.  */
const char *cc_asm_filter_finish (cc_asm_filter *f, size_t *n);

void cc_asm_filter_free (cc_asm_filter *f);

/* A target's part of the filter, for a layout computed from the text
   (layout/T/T_filter.c): what its statements in code place, as events.
   STATE is the target's (cc_asm_filter_target); MEMO, where not NULL,
   the target's slot in the filter's memo of the statement (most
   statements of a unit are written many times), NULL at first.  An
   operation a target has no use for is NULL.  */
typedef struct cc_asm_filter_ops
{
  /* The events of statement [P, E) (labels taken off) of KIND (ALIGN,
     MAX: cc_stmt_reader) in a code section.  */
  void (*statement) (cc_asm_filter *f, void *state, enum cc_stmt_kind kind,
                     unsigned long align, unsigned long max, const char *p,
                     const char *e, void **memo);
  /* The directive [W, W + N) with operands [REST, E), in any section.  */
  void (*directive) (cc_asm_filter *f, void *state, const char *w, size_t n,
                     const char *rest, const char *e);
  /* The label [P, P + N), in any section (IN_CODE: a code section's).  */
  void (*label) (cc_asm_filter *f, void *state, const char *p, size_t n, int in_code);
  void (*free_memo) (void *memo);
  void (*free_state) (void *state);
  /* Local labels are SYMBOL events too (their jumps are relaxed).  */
  int local_symbols;
  /* Symbols' bindings, equates and groups decide how gas places code:
     .weak, .set, .globl and visibilities make their events, `sym =
     expr', .symver, .weakref, an ifunc or a section group make the text
     unencodable.  */
  int bindings;
  /* BINDINGS: `.set NAME, . + N' is an address (section anchors).  */
  int dot_equates;
  /* A text that begins with `#NO_APP' makes the text unencodable (it is
     read without GNU as's handling of comments and blanks), as it does
     for any target with a line comment (cc_asm_filter_line_comment).  */
  int no_app;
} cc_asm_filter_ops;

/* Read the text for a layout computed from it by OPS, with STATE (the
   filter frees it by OPS's free_state).  Call after cc_asm_filter_events.
   cc_asm_filter_encodable is then asked.  */
void cc_asm_filter_target (cc_asm_filter *f, const cc_asm_filter_ops *ops, void *state);

/* The target's STATE of cc_asm_filter_target, or NULL.  */
void *cc_asm_filter_target_state (const cc_asm_filter *f);

/* For the targets' operations: an event of KIND in the current section
   (its index in the list); the name [P, P + N) kept for an event (its
   AT); the events of a statement of KIND the way a target that encodes
   nothing records them (cc_asm_event_kind: INSN, PREFIX, ALIGN, else
   undecodable); the statement [P, E) makes the text unencodable.  */
size_t cc_asm_filter_event (cc_asm_filter *f, unsigned char kind, unsigned long a,
                            unsigned long b, size_t at, size_t len);
size_t cc_asm_filter_keep_name (cc_asm_filter *f, const char *p, size_t n);
void cc_asm_filter_kind_event (cc_asm_filter *f, enum cc_stmt_kind kind,
                               unsigned long align, unsigned long max);
void cc_asm_filter_refuse (cc_asm_filter *f, const char *p, const char *e);

#ifdef __cplusplus
}
#endif

#endif
