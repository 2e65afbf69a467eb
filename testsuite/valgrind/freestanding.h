/* cachecat valgrind checks: a freestanding program skeleton (x86-64, and
   for validate.py's targets under qemu-user aarch64, riscv and arm/Thumb).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The cache is cold exactly at _start: no loader, no libc.  _start is the
   analysed entry (entry=_start, cold).  Everything else is static so that
   no function is a root entered from unknown code.  One initialised .data
   variable gives valgrind a file-backed writable segment, without which it
   reads no symbols (ground-truth-notes.md, traps).

   Per architecture only the exit system call (exit_syscall.h) and
   _start's attributes differ.  _start sets nothing
   up: the kernel (qemu-user) leaves an aligned stack, and the programs
   use no TLS and no global pointer (riscv: validate.py builds with
   -mno-relax, so the linker never addresses data through gp), but where
   FREESTANDING_SET_GP asks for it: code the RISC-V linker relaxes, which
   it may make address data through gp (validate.py's riscv64-relax).  */

#ifndef FREESTANDING_H
#define FREESTANDING_H

#include "exit_syscall.h"

int data_anchor = 1;
static volatile int sink;

/* Outside the analysed work: callgrind drops the last block before exit.  */
static __attribute__ ((noinline, noreturn)) void
sys_exit (int code)
{
  EXIT_SYSCALL (code);
  __builtin_unreachable ();
}

/* Only when built with a stack protector (validate.py's flag axis:
   -fstack-protector-all -mstack-protector-guard=global, for there is no
   TLS): the canary and the handler libc would provide.  */
#if defined __SSP__ || defined __SSP_ALL__ || defined __SSP_STRONG__ || defined __SSP_EXPLICIT__
unsigned long __stack_chk_guard = 0x5c0ffee7c0ffee5cUL;

__attribute__ ((noinline, noreturn, no_stack_protector)) void
__stack_chk_fail (void)
{
  sys_exit (127);
}
#endif

static int program (void);

#ifdef __x86_64__
__attribute__ ((force_align_arg_pointer, noreturn))
#else
__attribute__ ((noreturn))
#endif
void
_start (void)
{
#if defined __riscv && defined FREESTANDING_SET_GP
  /* What crt1.o does; not relaxed itself, else to gp + offset.  */
  __asm__ volatile (".option push\n\t.option norelax\n\tla gp, __global_pointer$\n\t"
                    ".option pop");
#endif
  sys_exit (program () & 0);
}

#endif
