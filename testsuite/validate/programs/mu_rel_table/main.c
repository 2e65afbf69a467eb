/* mu_rel_table: functions of another unit reached only through
   self-relative tables written in top-level asm: one of offsets from the
   table's start (`.long f - table'), one of offsets from each entry
   (`.long f - .', and `.quad f - .' on 64-bit targets).  Nothing in this
   unit's model names them: cachecat-link finds them in the program's
   data (rel_tables.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */
#include "../../../valgrind/freestanding.h"

typedef unsigned (*op_fn) (unsigned);

__asm__ (".pushsection .rodata\n"
         "\t.p2align 3\n"
         "start_table:\n"
         "\t.long step_a - start_table\n"
         "\t.long step_b - start_table\n"
         "self_table:\n"
         "\t.long step_c - .\n"
         "\t.long step_b - .\n"
#if __SIZEOF_POINTER__ == 8
         "wide_table:\n"
         "\t.quad step_d - .\n"
#endif
         "\t.popsection");
extern const int start_table[], self_table[];
#if __SIZEOF_POINTER__ == 8
extern const long long wide_table[];
#endif


/* The step of round I: a table's entry added to the table's start or to
   the entry's address (on ARM the linker's R_ARM_REL32 puts a Thumb
   function's bit in the entry).  */
static __attribute__ ((noinline)) op_fn
pick (unsigned i)
{
  switch (i % 5)
    {
    case 0:
    case 1:
      return (op_fn) ((const char *) start_table + start_table[i % 5]);
    case 2:
    case 3:
      return (op_fn) ((const char *) &self_table[i % 5 - 2] + self_table[i % 5 - 2]);
    default:
#if __SIZEOF_POINTER__ == 8
      return (op_fn) ((const char *) &wide_table[0] + wide_table[0]);
#else
      return (op_fn) ((const char *) &self_table[0] + self_table[0]);
#endif
    }
}

static int
program (void)
{
  unsigned s = (unsigned) sink;
  for (unsigned i = 0; i < 200; i++)
    s = pick (i) (s + i);
  sink = (int) s;
  return 0;
}
