/* cachecat: the machine instructions of one GCC insn, and which of them
   the processor fetches.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  One insn of GCC's final RTL may print several
   machine instructions: `ret; int3' under -mharden-sls (the int3 is never
   fetched), `call .L2; .L1: pause; lfence; jmp .L1; .L2: lea 8(%rsp),
   %rsp; ret' for -mfunction-return=thunk-inline (the pause loop is only
   run speculatively), the three instructions of a stack-protector check,
   the NOPs of -fpatchable-function-entry, inline asm.  The filter
   (asm_filter.h) reads, per insn, its instruction statements in order and
   what each does to control (cc_stmt_info); the layout places them.
   Here the statements of one insn become machine instructions, each
   fetched always, maybe or never when control runs through the insn
   (docs/semantics.md §3):

   - control enters at the first statement and follows the statements'
     flow (on, jumps and calls to labels inside the insn); a call of a
     label inside comes back after it unless every return its callee
     reaches first replaces or drops the return address (GCC's thunks);
   - never fetched: no path from the first statement reaches it;
   - fetched always: every path from the first statement to a way out of
     the insn (a return, a jump or branch elsewhere, falling off its end)
     runs through it;
   - maybe fetched: the rest;
   - where control inside the insn runs backwards (a loop, the call thunk
     that jumps back), the fetches are not in address order, which is the
     order the engine applies them in: everything but the first statement
     is then maybe fetched and promises nothing;
   - inline asm: statements the classifier reads may still hide flow
     (macros, data that is code), so everything after the first is maybe
     fetched;
   - a relocation that lets ld rewrite the sequence (TLS, jmp or call
     through the GOT) marks every instruction of the insn: no promise, and
     the last byte of a GOT jump or call only maybe fetched (`jmp f; nop'
     never fetches the nop).  */

#ifndef CACHECAT_MACHINE_H
#define CACHECAT_MACHINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where control goes after an instruction statement (followed here
   through the statements of one GCC insn; a target reads it from the
   text: x86/x86_statement.h).  */
enum cc_stmt_flow
{
  CC_FLOW_NEXT,         /* on to the next statement (a call returns) */
  CC_FLOW_STOP,         /* never on: ret, ud2, an indirect jump */
  CC_FLOW_JUMP,         /* to TARGET only */
  CC_FLOW_BRANCH,       /* to TARGET, or on (jCC, loop, xbegin) */
  CC_FLOW_CALL          /* a call of TARGET: to it, and back on unless
                           the callee drops its return address */
};

/* Relocations that let the linker rewrite an instruction into others of
   other boundaries (x86-64 ld; see model.h, cc_rewrite).  */
enum cc_stmt_reloc
{
  CC_RELOC_NONE,
  CC_RELOC_GOTPCRELX,   /* jmp/call *SYM@GOTPCREL(%rip) */
  CC_RELOC_TLSGD,       /* SYM@tlsgd: the general dynamic TLS sequence */
  CC_RELOC_TLSLD,       /* SYM@tlsld: the local dynamic one */
  CC_RELOC_TLSDESC,     /* call *SYM@TLSCALL(%rax): a call of the TLS
                           descriptor's resolver, unless ld makes it a nop */
  CC_RELOC_THUNK        /* not a relocation: jmp __x86_return_thunk or
                           __x86_indirect_thunk_REG (-mfunction-return=
                           thunk, -mindirect-branch=thunk): GCC's return or
                           indirect jump runs the thunk's code first; and
                           RISC-V's -msave-restore millicode (asm_filter.h) */
};

typedef struct cc_stmt_info
{
  enum cc_stmt_flow flow;
  const char *target;   /* JUMP, BRANCH, CALL: the label as written */
  size_t target_len;
  int returns;          /* STOP: a near return (ret) */
  int drops_return;     /* `mov %REG, (%rsp)' or `lea 8(%rsp), %rsp':
                           a ret after it does not come back (GCC's
                           retpoline thunks) */
  enum cc_stmt_reloc reloc;
} cc_stmt_info;

/* One instruction statement of an insn, as the text gives it.  */
typedef struct cc_mstmt
{
  unsigned char flow;       /* enum cc_stmt_flow */
  unsigned char reloc;      /* enum cc_stmt_reloc */
  unsigned char returns;    /* a near return (for the thunk rule) */
  unsigned char drops_return; /* see cc_stmt_info */
  int32_t target;           /* JUMP, BRANCH, CALL: the statement a label
                               inside the insn names (N: the insn's end),
                               -1 if the label is outside it */
  unsigned long label;      /* the number of the label placed before it
                               (0 for the first: the insn's start label) */
} cc_mstmt;

/* One machine instruction, placed.  */
typedef struct cc_minsn
{
  uint32_t offset, length;
  uint8_t fetch;            /* enum cc_fetch (model.h) */
  uint8_t rewrite;          /* enum cc_rewrite */
  uint8_t unsplit;          /* the whole insn, not told apart */
  uint8_t unordered;        /* fetched out of address order: no promise */
  uint8_t runs_unknown;     /* unknown code runs after it (model.h) */
  uint32_t maybe_tail;
} cc_minsn;

/* The N statements S of an insn occupying [START, END) of its section,
   statement K > 0 starting at AT[K] (AT[0] is START; NULL: the places are
   not known, then the insn stays one unsplit instruction if it has more
   than one statement).  IS_ASM: inline asm.  Fills OUT (room for N, at
   least 1) and returns how many machine instructions it holds.  */
uint32_t cc_machine_insns (const cc_mstmt *s, uint32_t n, const uint64_t *at,
                           uint64_t start, uint64_t end, int is_asm, cc_minsn *out);

struct cc_func;
struct cc_layout_ref;
struct cc_asm_split;

struct cc_layout;

/* Make the insns of F (laid out by L: offsets and lengths) its machine
   instructions.  SPLIT[I] describes insn I (NULL: one instruction, always
   fetched), with its statements in MS; insn I starts in the section of
   ELF index SEC[I]; LABELS[N - 1] is where the layout placed the label
   before statement N (NULL: those labels were not measured, and an insn
   of several instructions stays whole).  Where L holds the object's bytes
   (an x86-64 or RISC-V object), or lists its machine instructions (a
   RISC-V layout computed from the text), an instruction whose bytes are
   several is split further: the assembler's own padding inside an insn
   (-Wa,-mbranches-within-32B-boundaries puts NOPs before a branch),
   fetched as the instruction after it is; RISC-V's `call', auipc and
   jalr.  FIRST (room for F's insns + 1)
   gets where each old insn's instructions begin in F's new insns.  */
void cc_machine_split (struct cc_func *f, const struct cc_asm_split *const *split,
                       const cc_mstmt *ms, const struct cc_layout *l,
                       const struct cc_layout_ref *labels, unsigned long n_labels,
                       const uint32_t *sec, uint32_t *first);

#ifdef __cplusplus
}
#endif

#endif
