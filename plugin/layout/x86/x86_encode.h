/* cachecat: the length GNU as gives one x86-64 instruction statement.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Starting a second assembler per unit only to
   learn where each instruction lands costs a compile several percent.  For
   the AT&T text GCC writes at its usual flags the length of an
   instruction follows from its mnemonic and operands, the way gas chooses
   an encoding when it is not asked to optimize (gas without -O): short
   immediate and displacement forms when the value is a number that fits,
   the accumulator forms, the one-bit shift form, REX and operand-size
   prefixes.  Only a jump to a label keeps its length open: gas relaxes it
   (x86_layout.h).

   This knows the general-purpose instructions GCC uses, the SSE ones, x87
   and the VEX forms of AVX, AVX2, FMA, BMI and F16C, in 64-bit mode.
   Anything else (EVEX, segment and control registers, 32-bit addressing,
   expressions it cannot be sure gas folds the same way) is declined, and
   the caller asks the assembler.  Every
   length it gives is also compared with GCC's own (x86_layout.h).  */

#ifndef CACHECAT_X86_ENCODE_H
#define CACHECAT_X86_ENCODE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum cc_x86_jump_kind
{
  CC_X86_NO_BRANCH,
  CC_X86_JMP,          /* jmp LABEL (or LABEL@PLT): 2 bytes short, 5 long */
  CC_X86_JCC           /* jCC LABEL: 2 bytes short, 6 long */
};

typedef struct cc_x86_stmt
{
  enum cc_x86_jump_kind kind;
  const char *target;  /* the label, inside the statement */
  size_t target_len;
  /* A form whose length GCC's insn attributes are known to get wrong
     (measured: 336 of 516,202 insns of the corpus, Lua and zlib at seven
     flag sets, all of these forms): movq and movd with an XMM register,
     unpckhpd, a %ah-%bh operand, a prefix in the statement (rep movsb, notrack jmp,
     lock), xchg with memory; and adc or sbb of $0, which only a unit
     that adds or subtracts a comparison's result has (1 insn of Lua as
     one unit, 6 of lz4's programs at -O2); and every x87 and VEX statement,
     whose lengths GCC guesses (fcomi: 4 bytes, gas 2; shlx: 2, gas 5;
     vpminsd: 4, gas 5).  For those the encoder's comparison with gas
     (check-x86-encode.sh) is the only check.  */
  int gcc_differs;
} cc_x86_stmt;

/* The statement [P, E) (no label, no comment, not empty): its length in
   bytes, with a relaxable jump at its short length, described in *BR;
   -1 if it is not one this encoder knows for sure.  */
int cc_x86_encode_length (const char *p, const char *e, cc_x86_stmt *br);

#ifdef __cplusplus
}
#endif

#endif
