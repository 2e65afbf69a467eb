/* qtrace-edges.c: Thumb code at the ends of pages, for
   testsuite/scripts/check-qemu-trace.sh, which runs it under qemu with
   qtrace (qemu-arm, and qemu-system-arm as a Cortex-M4 firmware image)
   and checks every record's length against the program's disassembly.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   QEMU 7.2's Thumb translator, after an instruction that ends 2 bytes
   before the end of a page, reads the page's last halfword (does the
   next instruction cross into the next page?) and gives the plugin that
   halfword as part of the instruction: qtrace corrects the length
   (qtrace.c, arm_sizes).  Pages are 4 KiB in user mode and 1 KiB on
   M-profile in system mode: the cases lie at the ends of 4 KiB pages,
   which end 1 KiB pages too.  edges (x), at a 4 KiB boundary B:
     B+0x0ffc  a branch target: a 16-bit instruction alone in its block,
               the next (B+0x0ffe) a 32-bit one that crosses the page;
     B+0x1ffc  a 16-bit instruction in the middle of its block, followed
               by another 16-bit one;
     B+0x2ffa  a 32-bit instruction ending 2 bytes before the page's end,
               followed by a 16-bit one;
     B+0x3ffc  a 16-bit instruction at the end of its block (the next,
               a 32-bit one, crosses the page), after other 16-bit ones.
   Thumb only (arm-linux-gnueabihf-gcc -mthumb, arm-none-eabi-gcc
   -mcpu=cortex-m4 -mthumb), with freestanding.h's _start and exit.  */

#include "../valgrind/freestanding.h"

int edges (int x);

__asm__ (".section .text.edges, \"ax\", %progbits\n"
         ".syntax unified\n"
         ".thumb\n"
         ".balign 4096\n"
         ".globl edges\n"
         ".type edges, %function\n"
         ".thumb_func\n"
         "edges:\n\t"
         "b.w 1f\n"
         ".org edges + 0x0ffc\n"
         "1:\tadds r0, #1\n\t"
         "add.w r0, r0, #2\n\t"
         "b.w 2f\n"
         ".org edges + 0x1ff8\n"
         "2:\tadds r0, #1\n\t"
         "adds r0, #2\n\t"
         "adds r0, #3\n\t"
         "adds r0, #4\n\t"
         "b.w 3f\n"
         ".org edges + 0x2ffa\n"
         "3:\tadd.w r0, r0, #5\n\t"
         "adds r0, #6\n\t"
         "adds r0, #7\n\t"
         "b.w 4f\n"
         ".org edges + 0x3ff8\n"
         "4:\tadds r0, #8\n\t"
         "adds r0, #9\n\t"
         "adds r0, #10\n\t"
         "add.w r0, r0, #11\n\t"
         "bx lr\n"
         ".size edges, .-edges\n"
         ".text");

static int
program (void)
{
  sink = edges (sink);
  return 0;
}
