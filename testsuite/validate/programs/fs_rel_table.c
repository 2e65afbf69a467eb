/* fs_rel_table: functions reached only through a self-relative table
   written in top-level asm (`.long f - table'), as hand-written assembly
   encodes tables: no function's absolute address is in the program but
   one kept for comparison.  The targets are static and marked `used'
   (the asm names them, which GCC does not see).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A closed program's indirect calls may reach every function whose
   address the program can form (docs/semantics.md §7.4): these must be
   among their targets, or the promises of the callers break.  */
#include "../../valgrind/freestanding.h"

typedef unsigned (*op_fn) (unsigned);

static __attribute__ ((used, noinline)) unsigned
op_mix (unsigned x)
{
  unsigned s = 0;
  for (unsigned i = 0; i < (x & 7) + 3; i++)
    s += (x >> i) ^ (s * 33u + i);
  return s;
}

static __attribute__ ((used, noinline)) unsigned
op_fold (unsigned x)
{
  unsigned s = x;
  for (unsigned i = 0; i < 12; i++)
    s = (s << 3) ^ (s >> 5) ^ i;
  return s;
}

static __attribute__ ((noinline)) unsigned
op_known (unsigned x)
{
  return x * 2654435761u + (x >> 3);
}

op_fn volatile known_ptr = op_known;

__asm__ (".pushsection .rodata\n"
         "\t.p2align 2\n"
         "rel_table:\n"
         "\t.long op_mix - rel_table\n"
         "\t.long op_fold - rel_table\n"
         "\t.long op_mix - rel_table\n"
         "\t.popsection");
extern const int rel_table[];

/* The function of entry I: the table's start plus the entry (on ARM
   the linker's R_ARM_REL32 puts a Thumb function's bit in it).  */
static op_fn
op_of (unsigned i)
{
  return (op_fn) ((const char *) rel_table + rel_table[i % 3]);
}

static int
program (void)
{
  unsigned s = (unsigned) sink;
  for (unsigned i = 0; i < 100; i++)
    {
      s += op_of (i) (s + i);
      s += known_ptr (s);
    }
  sink = (int) s;
  return 0;
}
