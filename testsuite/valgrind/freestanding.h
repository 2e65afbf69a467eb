/* cachecat valgrind checks: a freestanding x86-64 program skeleton.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The cache is cold exactly at _start: no loader, no libc.  _start is the
   analysed entry (entry=_start, cold).  Everything else is static so that
   no function is a root entered from unknown code.  One initialised .data
   variable gives valgrind a file-backed writable segment, without which it
   reads no symbols (ground-truth-notes.md, traps).  */

#ifndef FREESTANDING_H
#define FREESTANDING_H

int data_anchor = 1;
static volatile int sink;

/* Outside the analysed work: callgrind drops the last block before exit.  */
static __attribute__ ((noinline, noreturn)) void
sys_exit (int code)
{
  __asm__ volatile ("syscall" : : "a" (60), "D" (code));
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

__attribute__ ((force_align_arg_pointer, noreturn)) void
_start (void)
{
  sys_exit (program () & 0);
}

#endif
