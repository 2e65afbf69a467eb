/* cachecat tests: Linux's exit system call on each architecture the
   freestanding test programs run on (freestanding.h, qtrace-calls.c):
   x86-64 60 in rax; aarch64 93 in x8 with svc 0; riscv 93 in a7 with
   ecall; arm EABI 1 in r7 with svc 0; firmware images (SEMIHOSTING_EXIT)
   fw_exit.  A macro, so that the code it
   gives is the code written in its place.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#ifndef EXIT_SYSCALL_H
#define EXIT_SYSCALL_H

#if defined SEMIHOSTING_EXIT
/* Bare-metal firmware images under qemu-system (validate's firmware.py):
   no system call; the start-up code's fw_exit leaves through
   semihosting (testsuite/validate/firmware/startup-*.c).  */
void fw_exit (int) __attribute__ ((noreturn));
#define EXIT_SYSCALL(code) fw_exit (code)
#elif defined __x86_64__
#define EXIT_SYSCALL(code) \
  __asm__ volatile ("syscall" : : "a" (60), "D" (code))
#elif defined __aarch64__
#define EXIT_SYSCALL(code) \
  do { \
    register long x0 __asm__ ("x0") = (code); \
    register long x8 __asm__ ("x8") = 93; \
    __asm__ volatile ("svc 0" : : "r" (x0), "r" (x8)); \
  } while (0)
#elif defined __riscv
#define EXIT_SYSCALL(code) \
  do { \
    register long a0 __asm__ ("a0") = (code); \
    register long a7 __asm__ ("a7") = 93; \
    __asm__ volatile ("ecall" : : "r" (a0), "r" (a7)); \
  } while (0)
#elif defined __arm__
/* r7 may be the frame pointer (Thumb at -O0): no asm operand.  */
#define EXIT_SYSCALL(code) \
  do { \
    register long r0 __asm__ ("r0") = (code); \
    __asm__ volatile ("push {r7}\n\tmovs r7, #1\n\tsvc 0\n\tpop {r7}" : : "r" (r0)); \
  } while (0)
#else
#error "exit_syscall.h: no exit system call for this target"
#endif

#endif
