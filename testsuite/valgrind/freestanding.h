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

static int program (void);

__attribute__ ((force_align_arg_pointer, noreturn)) void
_start (void)
{
  sys_exit (program () & 0);
}

#endif
