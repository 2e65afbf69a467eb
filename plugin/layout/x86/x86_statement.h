/* cachecat: what one statement in a code section puts there (x86-64 GNU as).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The filter (asm_filter.c) records, per code
   section, the statements that place bytes, so that the layout can be read
   from the assembled bytes (x86_decode.c) without one label per
   instruction.  That holds only if every statement is understood: one
   instruction, a prefix for the next one, an alignment, or nothing.  All
   else (data in code, .nops, .code32, unknown directives, the x87
   instructions gas writes with a separate FWAIT) is undecodable, and the
   caller measures with labels.  */

#ifndef CACHECAT_ASM_STATEMENT_H
#define CACHECAT_ASM_STATEMENT_H

#include <stddef.h>

#include "layout/asm_syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

enum cc_stmt_kind
{
  CC_STMT_NOTHING,      /* places no byte (a symbol directive, an assignment) */
  CC_STMT_INSN,         /* one instruction */
  CC_STMT_PREFIX,       /* a prefix alone: part of the next instruction */
  CC_STMT_ALIGN,        /* alignment: *ALIGN bytes, skipping at most *MAX (0: any) */
  CC_STMT_UNDECODABLE
};

/* The statement [P, E) (leading labels already taken off, not empty) in
   a code section.  Data that is only prefix bytes (GCC's `.byte 0x66' and
   `.value 0x6666' in TLS sequences) is a PREFIX.  */
enum cc_stmt_kind cc_stmt_classify (const char *p, const char *e,
                                    unsigned long *align, unsigned long *max);

/* Where control goes after an instruction statement (machine.h follows
   it through the statements of one GCC insn).  */
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
                           RISC-V's -msave-restore millicode (asm_filter.c) */
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

/* The relocation of [P, E) that lets the linker rewrite it, or that it
   jumps to a retpoline thunk, quickly: most statements have no `@' and
   do not jump.  */
enum cc_stmt_reloc cc_stmt_reloc (const char *p, const char *e);

/* What the instruction statement [P, E) (AT&T or Intel syntax, labels
   taken off) does to control.  Anything not known to leave or branch
   goes on (NEXT): wrong only if a statement leaves that is not listed,
   and every jump, return and trap of x86 is.  */
void cc_stmt_flow_of (const char *p, const char *e, cc_stmt_info *out);

#ifdef __cplusplus
}
#endif

#endif
