/* cachecat valgrind checks: a freestanding program skeleton (x86-64, and
   for validate.py's targets under qemu-user aarch64, riscv and arm/Thumb).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The cache is cold exactly at _start: no loader, no libc.  _start is the
   analysed entry (entry=_start, cold).  Everything else is static so that
   no function is a root entered from unknown code.  One initialised .data
   variable gives valgrind a file-backed writable segment, without which it
   reads no symbols (ground-truth-notes.md, traps).

   Per architecture only the exit system call (Linux's exit: x86-64 60 in
   rax; aarch64 93 in x8 with svc 0; riscv 93 in a7 with ecall; arm EABI 1
   in r7 with svc 0) and _start's attributes differ.  _start sets nothing
   up: the kernel (qemu-user) leaves an aligned stack, and the programs
   use no global pointer (riscv: validate.py builds with -mno-relax, so
   the linker never addresses data through gp) and no TLS.  */

#ifndef FREESTANDING_H
#define FREESTANDING_H

int data_anchor = 1;
static volatile int sink;

/* Outside the analysed work: callgrind drops the last block before exit.  */
static __attribute__ ((noinline, noreturn)) void
sys_exit (int code)
{
#if defined __x86_64__
  __asm__ volatile ("syscall" : : "a" (60), "D" (code));
#elif defined __aarch64__
  register long x0 __asm__ ("x0") = code;
  register long x8 __asm__ ("x8") = 93;
  __asm__ volatile ("svc 0" : : "r" (x0), "r" (x8));
#elif defined __riscv
  register long a0 __asm__ ("a0") = code;
  register long a7 __asm__ ("a7") = 93;
  __asm__ volatile ("ecall" : : "r" (a0), "r" (a7));
#elif defined __arm__
  /* r7 may be the frame pointer (Thumb at -O0): no asm operand.  */
  register long r0 __asm__ ("r0") = code;
  __asm__ volatile ("push {r7}\n\tmovs r7, #1\n\tsvc 0\n\tpop {r7}" : : "r" (r0));
#else
#error "freestanding.h: no exit system call for this target"
#endif
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
  sys_exit (program () & 0);
}

#endif
