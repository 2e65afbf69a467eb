/* cachecat: where control goes after an x86-64 instruction.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  cachecat-link reads the final bytes of an
   inline asm statement: if every instruction of it only runs on to the
   next one, no code without a model runs inside it and it is analysed as
   compiled code (docs/semantics.md §3.4).  The classification is a list
   of what is known to run on, not of what is known to branch: an opcode
   this file does not name is a transfer of control.  */

#ifndef CACHECAT_X86_FLOW_H
#define CACHECAT_X86_FLOW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum cc_x86_flow
{
  CC_X86_NEXT = 0,    /* control always runs on to the next instruction,
                         in user mode (faults aside, as for any load), and
                         no line leaves the cache (not clflush) */
  CC_X86_KERNEL = 1,  /* enters the kernel, which returns right after it
                         (syscall, int N): code without a model runs, but
                         it calls no function of the program */
  CC_X86_OTHER = 2    /* a jump, call or return, a trap, a privileged or
                         unknown instruction, or bytes that do not decode */
};

/* The flow of the instruction of LEN bytes at P (LEN as cc_x86_length
   measured it).  */
enum cc_x86_flow cc_x86_flow (const unsigned char *p, size_t len);

#ifdef __cplusplus
}
#endif

#endif
