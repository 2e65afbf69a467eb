/* cachecat validation: the start-up code of the RISC-V firmware images
   (firmware.py) on QEMU's sifive_e (an E31: RV32IMAC in machine mode).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   sifive_e's mask ROM at 0x1004 jumps to 0x20400000, the flash (XIP)
   after the boot loader's space: sifive-e.ld puts _boot there, with the
   trap handler and the exit, and the rest of the code 256 bytes on, so
   that the lines the stub loads (of up to 256 bytes) hold none of the
   analysed code (a line of other code left in the cache behaves as an
   empty way under LRU, the replacement of the shapes firmware.py
   checks).  _boot sets the stack
   pointer (16 KiB of RAM at 0x80000000) and the trap vector, and jumps
   to Reset_Handler, cachecat-link's entry (--entry=Reset_Handler, cold),
   which is C: it copies .data and clears .bss, then calls the program's
   _start (testsuite/valgrind/freestanding.h), whose exit is fw_exit
   (exit_syscall.h with SEMIHOSTING_EXIT).

   fw_exit: RISC-V semihosting (slli x0, x0, 0x1f; ebreak; srai x0, x0,
   7, uncompressed and in one page: here in a 64-byte aligned block),
   SYS_EXIT_EXTENDED (0x20) in a0, a1 pointing to
   {ADP_Stopped_ApplicationExit, status}; QEMU exits with the status.
   A trap (a fault; no interrupt is enabled) exits with 126, so that a
   broken image fails instead of hanging.  Assembly: nothing may run
   before the stack pointer is set.  Each entry is typed a function, as
   vendors' start-up files do, so that cachecat-link models it from its
   bytes and the program is closed (every byte of its code modelled).  */
#include <stdint.h>

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern void _start (void) __attribute__ ((noreturn));
void Reset_Handler (void) __attribute__ ((noreturn));

__asm__ (".section .text.boot, \"ax\", @progbits\n"
         ".option push\n"
         ".option norelax\n"
         ".option arch, +zicsr\n"
         ".globl _boot\n"
         ".type _boot, @function\n"
         "_boot:\n\t"
         "la sp, __stack_top\n\t"
         "la t0, fw_trap\n\t"
         "csrw mtvec, t0\n\t"
         "j Reset_Handler\n\t"
         ".balign 4\n"
         ".type fw_trap, @function\n"
         "fw_trap:\n\t"
         "li a0, 126\n\t"
         "j fw_exit\n"
         ".balign 64\n"
         ".globl fw_exit\n"
         ".type fw_exit, @function\n"
         "fw_exit:\n\t"
         "la a1, fw_exit_block\n\t"
         "sw a0, 4(a1)\n\t"
         "li a0, 0x20026\n\t"
         "sw a0, 0(a1)\n\t"
         "li a0, 0x20\n\t"
         ".option norvc\n\t"
         "slli x0, x0, 0x1f\n\t"
         "ebreak\n\t"
         "srai x0, x0, 7\n"
         "1:\tj 1b\n\t"
         ".option pop\n\t"
         ".previous");

uint32_t fw_exit_block[2];

void
Reset_Handler (void)
{
  const uint32_t *s = __data_load;
  uint32_t *d = __data_start;
  while (d < __data_end)
    *d++ = *s++;
  for (d = __bss_start; d < __bss_end; d++)
    *d = 0;
  _start ();
}
