/* cachecat: where control goes after an x86-64 instruction (x86_flow.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   After the Intel SDM volume 2, appendix A (opcode maps), 64-bit mode.
   Only what is named below runs on; a privileged instruction (it faults
   in user mode and a signal handler runs), a trap, a jump of any kind,
   an instruction that flushes a cache line, and everything unnamed are
   CC_X86_OTHER.  */

#include "isa/x86/x86_flow.h"

#include <stdint.h>

/* Per opcode: n runs on, k enters the kernel, g decided by the ModRM
   byte or a prefix (below), . anything else.  One-byte map: the dots are
   instructions invalid in 64-bit mode, prefixes (stripped before), jcc,
   port I/O, popf (it may set the trap flag), ret, int3, into, iret, int1,
   loop and jrcxz, call and jmp, hlt, cli and sti.  */
static const char map1[256 + 1] =
  /* 00 */ "nnnnnn..nnnnnn.g"
  /* 10 */ "nnnnnn..nnnnnn.."
  /* 20 */ "nnnnnn..nnnnnn.."
  /* 30 */ "nnnnnn..nnnnnn.."
  /* 40 */ "................"
  /* 50 */ "nnnnnnnnnnnnnnnn"
  /* 60 */ "...n....nnnn...."
  /* 70 */ "................"
  /* 80 */ "nn.nnnnnnnnnnnnn"
  /* 90 */ "nnnnnnnnnn.nn.nn"
  /* A0 */ "nnnnnnnnnnnnnnnn"
  /* B0 */ "nnnnnnnnnnnnnnnn"
  /* C0 */ "nn....ggnn...k.."
  /* D0 */ "nnnn...nnnnnnnnn"
  /* E0 */ "................"
  /* F0 */ ".....nnnnn..nngg";

/* Two-byte map (0F xx): the dots are groups 6 and 7 (but for the
   instructions of 7 named below), clts, sysret, invd, wbinvd, ud2, the
   control and debug registers, wrmsr, rdmsr, rdpmc, sysenter, sysexit,
   getsec, vmread, vmwrite, jcc, rsm, ud1, ud0 and the invalid ones; 38
   and 3A are the three-byte maps (SSSE3 to SHA, crc32, movdir), which
   transfer no control.  */
static const char map2[256 + 1] =
  /* 00 */ ".gnn.k.......nnn"
  /* 10 */ "nnnnnnnnnnnnnnnn"
  /* 20 */ "........nnnnnnnn"
  /* 30 */ ".n......n.n....."
  /* 40 */ "nnnnnnnnnnnnnnnn"
  /* 50 */ "nnnnnnnnnnnnnnnn"
  /* 60 */ "nnnnnnnnnnnnnnnn"
  /* 70 */ "nnnnnnnn....nnnn"
  /* 80 */ "................"
  /* 90 */ "nnnnnnnnnnnnnnnn"
  /* A0 */ "nnnnnn..nn.nnnnn"
  /* B0 */ "nnnnnnnng.nnnnnn"
  /* C0 */ "nnnnnnnnnnnnnnnn"
  /* D0 */ "nnnnnnnnnnnnnnnn"
  /* E0 */ "nnnnnnnnnnnnnnnn"
  /* F0 */ "nnnnnnnnnnnnnnn.";

static enum cc_x86_flow
flow_of (char t)
{
  return t == 'n' ? CC_X86_NEXT : t == 'k' ? CC_X86_KERNEL : CC_X86_OTHER;
}

enum cc_x86_flow
cc_x86_flow (const unsigned char *p, size_t len)
{
  size_t i = 0;
  int rep = 0;
  while (i < len && (p[i] == 0x66 || p[i] == 0x67 || p[i] == 0xf0 || p[i] == 0xf2
                     || p[i] == 0xf3 || p[i] == 0x2e || p[i] == 0x36 || p[i] == 0x3e
                     || p[i] == 0x26 || p[i] == 0x64 || p[i] == 0x65))
    rep |= p[i++] == 0xf3;
  if (i < len && p[i] >= 0x40 && p[i] <= 0x4f)
    i++;
  if (i >= len)
    return CC_X86_OTHER;
  unsigned c = p[i];
  /* VEX, EVEX and XOP encode no transfer of control.  */
  if (c == 0xc4 || c == 0xc5 || c == 0x62 || (c == 0x8f && i + 1 < len && (p[i + 1] & 0x1f) >= 8))
    return CC_X86_NEXT;
  unsigned reg = i + 1 < len ? (p[i + 1] >> 3) & 7 : 8;
  if (map1[c] != 'g')
    return flow_of (map1[c]);
  switch (c)
    {
    case 0xc6: case 0xc7:
      return reg == 0 ? CC_X86_NEXT : CC_X86_OTHER;  /* mov; /7 xabort, xbegin */
    case 0xfe:
      return reg <= 1 ? CC_X86_NEXT : CC_X86_OTHER;  /* inc, dec */
    case 0xff:
      return reg <= 1 || reg == 6 ? CC_X86_NEXT : CC_X86_OTHER;  /* inc, dec, push */
    default:
      break;                   /* 0F */
    }
  if (i + 1 >= len)
    return CC_X86_OTHER;
  unsigned op = p[i + 1];
  if (op == 0xb8)
    return rep ? CC_X86_NEXT : CC_X86_OTHER;  /* popcnt; jmpe without F3 */
  /* clflush, clflushopt, clwb (0F AE /6, /7 on memory) and cldemote
     (0F 1C) may take a line of ours out of the instruction cache.  */
  if (op == 0xae && i + 2 < len && (p[i + 2] >> 6) != 3 && ((p[i + 2] >> 3) & 7) >= 6)
    return CC_X86_OTHER;
  if (op == 0x1c)
    return CC_X86_OTHER;
  if (op == 0x01)
    {
      /* Group 7: only xgetbv, xtest, serialize and rdtscp run on in user
         mode.  */
      unsigned m = i + 2 < len ? p[i + 2] : 0;
      return m == 0xd0 || m == 0xd6 || m == 0xe8 || m == 0xf9 ? CC_X86_NEXT : CC_X86_OTHER;
    }
  return flow_of (map2[op]);
}
