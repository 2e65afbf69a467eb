/* cachecat: the state of GNU as for RISC-V that decides instruction sizes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  Whether GNU as 2.40 writes an instruction in
   two bytes or four depends on the extensions in force and on options
   the text itself sets (gas/config/tc-riscv.c):

   - `.attribute arch, "rv64i2p1_m2p0_..._c2p0_zicsr2p0_zifencei2p0"',
     which GCC writes before its first instruction (riscv_file_start),
     replaces the -march of the command line (s_riscv_attribute calls
     riscv_set_arch), so it decides XLEN, the extensions and whether the
     C extension is in force; it must come before any instruction;
   - `.option rvc' and `.option norvc' add and remove C (both the subset
     that riscv_ip checks an opcode's class against and riscv_opts.rvc,
     which it checks a 2-byte encoding against: they move together);
   - `.option push' and `.option pop' save and restore all of it;
   - `.option relax' and `.option norelax' decide how alignment is done
     (riscv_frag_align_code) and let the linker move code;
   - `.option pic' and `.option nopic' decide how `la' expands (8 bytes
     either way).

   Anything else (`.option arch', an unknown option, an ISA string with
   an extension this does not model) makes the state unknown: the caller
   then measures.  */

#ifndef CACHECAT_RISCV_ARCH_H
#define CACHECAT_RISCV_ARCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What an ISA string enables, with the implications gas adds
   (elfxx-riscv.c riscv_implicit_subsets: g is imafd with zicsr and
   zifencei, d implies f, f implies zicsr, m implies zmmul, i before
   version 2.1 implies zicsr and zifencei).  */
typedef struct cc_riscv_arch
{
  unsigned char xlen;        /* 32 or 64 */
  unsigned char m, a, f, d, c, zicsr, zifencei, zmmul;
} cc_riscv_arch;

/* The ISA string [P, E) (rv32... or rv64..., with versions and `_'
   separators) into *A: 1, or 0 if it is malformed or names an
   extension outside i, m, a, f, d, c, g, zicsr, zifencei and zmmul
   (e, q, v, h, b, the other z, s and x extensions: their instructions
   are not modelled, and some change the registers or encodings of the
   modelled ones).  */
int cc_riscv_parse_arch (const char *p, const char *e, cc_riscv_arch *a);

/* Does the -march value S (rv64gc, rv64imafdc_zicsr_zifencei...) have
   the C extension?  1 or 0; -1 if S is not an ISA string.  */
int cc_riscv_march_has_c (const char *s);

#define CC_RISCV_MAX_PUSH 32

typedef struct cc_riscv_opts
{
  unsigned char known;       /* .attribute arch has been read */
  unsigned char rvc, relax, pic;
} cc_riscv_opts;

typedef struct cc_riscv_state
{
  cc_riscv_arch arch;        /* from .attribute arch (its C: see OPTS) */
  cc_riscv_opts opts;
  cc_riscv_opts saved[CC_RISCV_MAX_PUSH];  /* .option push */
  unsigned depth;
  unsigned char insn_seen;   /* an instruction has been assembled */
} cc_riscv_state;

/* The state at the start of a text: relaxation on (gas's default before
   GCC's `.option norelax'), nothing known of the ISA.  */
void cc_riscv_state_init (cc_riscv_state *s);

/* Follow the directive [W, W + N) with operands [REST, E) if it is
   `.option' or `.attribute': returns 1 if followed, 0 if it is neither,
   -1 if it is one this does not model (the state is no longer known).  */
int cc_riscv_state_directive (cc_riscv_state *s, const char *w, size_t n,
                              const char *rest, const char *e);

#ifdef __cplusplus
}
#endif

#endif
