/* cachecat validation: the start-up code of the Cortex-M firmware images
   (firmware.py): the vector table at address 0, Reset_Handler, a fault
   handler and the exit through semihosting.  Compiled with the plugin and
   its record like the program: Reset_Handler is cachecat-link's entry
   (--entry=Reset_Handler, cold: at reset the core takes SP and PC from
   the table and nothing has run).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The memory (mps2.ld): code, read-only data and .data's initial values
   in the SSRAM at 0, .data, .bss and the stack in the RAM at 0x20000000;
   Reset_Handler copies .data and clears .bss, as firmware does, then
   calls the program's _start (testsuite/valgrind/freestanding.h), whose
   exit is fw_exit (exit_syscall.h with SEMIHOSTING_EXIT).  */
#include <stdint.h>

extern uint32_t __stack_top[], __data_load[], __data_start[], __data_end[], __bss_start[],
  __bss_end[];
extern void _start (void) __attribute__ ((noreturn));
void Reset_Handler (void) __attribute__ ((noreturn));
void fw_exit (int code) __attribute__ ((noreturn));

/* SYS_EXIT_EXTENDED (0x20): r1 points to {ADP_Stopped_ApplicationExit,
   status}; QEMU exits with the status.  */
void
fw_exit (int code)
{
  uint32_t block[2] = { 0x20026, (uint32_t) code };
  register uint32_t r0 __asm__ ("r0") = 0x20;
  register uint32_t *r1 __asm__ ("r1") = block;
  __asm__ volatile ("bkpt 0xab" : : "r" (r0), "r" (r1) : "memory");
  for (;;)
    ;
}

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

/* Any exception the programs do not expect (a fault, an interrupt): the
   run ends with status 126, so that it fails instead of hanging.  */
static void
Unexpected_Handler (void)
{
  fw_exit (126);
}

typedef void (*vector) (void);

__attribute__ ((section (".vectors"), used)) const vector vectors[16] = {
  (vector) __stack_top, Reset_Handler,
  Unexpected_Handler, Unexpected_Handler, Unexpected_Handler, Unexpected_Handler,
  Unexpected_Handler, 0, 0, 0, 0,
  Unexpected_Handler, Unexpected_Handler, 0, Unexpected_Handler, Unexpected_Handler,
};
