/* cachecat: the target the plugin was built for, and what in the layout
   depends on it.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The plugin is built for one GCC, so for one
   target (its -dumpmachine triple, toolchain.h).  What is particular to a
   target lives in its folder under plugin/layout/ (x86/, riscv/); this
   file picks the folder.  */

#ifndef CACHECAT_TARGET_H
#define CACHECAT_TARGET_H

#include "model/model.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cc_arch
{
  CC_ARCH_UNKNOWN,
  CC_ARCH_X86_64,
  CC_ARCH_AARCH64,
  CC_ARCH_ARM,                /* A32 and Thumb */
  CC_ARCH_RISCV               /* RV32 and RV64 */
} cc_arch;

/* How the bytes of code at an address are read: ARM's code is A32 or
   Thumb (the linker's mapping symbols say which), RISC-V's c.jal is an
   RV32 instruction (RV64 reads its encoding as c.addiw).  */
typedef enum cc_isa
{
  CC_ISA_UNKNOWN,
  CC_ISA_X86_64,
  CC_ISA_A64,
  CC_ISA_A32,
  CC_ISA_THUMB,
  CC_ISA_RV32,
  CC_ISA_RV64
} cc_isa;

/* What an instruction does to control, as its bytes say.  */
typedef enum cc_branch_kind
{
  CC_BRANCH_NONE = 0,   /* none the decoder names (most instructions run on;
                           a trap or an unknown one may not) */
  CC_BRANCH_JUMP,       /* direct and unconditional, to a target */
  CC_BRANCH_CALL,       /* direct, saving a return address */
  CC_BRANCH_COND,       /* direct and conditional (or runs on) */
  CC_BRANCH_INDIRECT,   /* through a register or memory: a return too */
  CC_BRANCH_KERNEL      /* a system call (svc, ecall): the kernel returns
                           right after it */
} cc_branch_kind;

/* Addresses [LO, HI], both included.  */
typedef struct cc_addr_range
{
  uint64_t lo, hi;
} cc_addr_range;

/* The architecture of a GNU triple ("riscv64-linux-gnu"); NULL or
   anything unknown gives CC_ARCH_UNKNOWN.  */
cc_arch cc_arch_of_triple (const char *triple);

/* The architecture of an ELF file's e_machine.  */
cc_arch cc_arch_of_elf_machine (uint32_t machine);

/* If NAME is a mapping symbol ("$a", "$t", "$x", "$d", with a "." and
   anything after it, or RISC-V's "$x" with the ISA string after it), its
   letter: what the bytes from its address on are; else 0.  */
char cc_mapping_symbol_kind (const char *name);

/* Are the N bytes at B alignment padding of ARCH's code made of no-ops
   only (as its assembler fills code), each of which runs on to the next
   and does nothing else?  Not known for x86-64: 0.  */
int cc_target_nop_fill (cc_arch arch, const unsigned char *b, size_t n);

/* The instruction set of code of ARCH; THUMB: ARM code is Thumb; RV64:
   RISC-V code is 64-bit.  */
cc_isa cc_isa_of (cc_arch arch, int thumb, int rv64);

/* The length of the instruction at B (N bytes readable), or -1 if the
   decoder does not know it or it runs past N.  */
int cc_isa_length (cc_isa isa, const unsigned char *b, size_t n);

/* Are the N bytes at B alignment padding as the assembler fills code
   (x86-64: cc_x86_padding; elsewhere cc_target_nop_fill)?  */
int cc_isa_padding (cc_isa isa, const unsigned char *b, size_t n);

/* What the instruction of LEN bytes at B (address A) does to control;
   *TARGET is the target of a direct branch (0 if the bytes do not give
   it).  PREV (PREV_LEN bytes) is the instruction before it, or NULL:
   RISC-V's call is two (auipc, jalr).  */
cc_branch_kind cc_isa_branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a,
                              const unsigned char *prev, size_t prev_len, uint64_t *target);

/* The addresses the instruction at B (address A; N bytes readable from
   B, BEFORE bytes before it) may refer to, read with its neighbours: a
   branch target, a PC-relative address (AArch64's adr and adrp page,
   RISC-V's auipc and lui with a 12-bit offset, ARM's adr, movw and
   movt), exact where the next instruction completes it in the same
   register; on RISC-V also an address GP (the global pointer's value, 0
   if none) and an offset make, as the linker relaxes address loads to.
   Up to one range into OUT; returns how many.  Not for x86-64
   (x86_branch.h reads it byte by byte).  */
int cc_isa_refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
                 uint64_t gp, cc_addr_range *out);

/* The character that comments out the rest of a line where a statement
   starts, in ARCH's GNU as, besides the comment leader GCC writes (the
   `#' of GCC's #APP and #NO_APP on AArch64, whose leader is `//'); 0 if
   there is none to add (x86's leader is `#'; ARM's gas reads `#' so too,
   which is not followed yet).  */
char cc_target_line_comment (cc_arch arch);

/* How reports name ARCH: "x86-64", "aarch64", "arm", "riscv", "unknown".  */
const char *cc_arch_name (cc_arch arch);

/* The plugin's own: what the compiler it was built for targets.  */
const char *cc_built_target (void);
cc_arch cc_built_arch (void);

/* Why the offsets of a unit for ARCH, measured from its text (HEADER:
   what the compiler wrote before its first function, CODE: the rest), may
   still change after the compile, or NULL if they are final.  */
const char *cc_layout_moves_after_compile (cc_arch arch, const char *header,
                                           size_t header_size, const char *code,
                                           size_t code_size);

/* Calls of M that the linker may route through a veneer on ARCH: on ARM
   and AArch64 a call (or a sibling call's branch) whose target is out of
   its range, as code in RAM called from flash is, goes through a stub
   the linker adds somewhere in the program, which M does not have.  Only
   a callee in the caller's own section, small enough to be in range, is
   reached directly; every other direct call becomes a call to unknown
   code, and its callee one that unknown code may call.  Returns how many
   calls changed.  */
uint32_t cc_target_veneer_calls (cc_arch arch, cc_model *m);

#ifdef __cplusplus
}
#endif

#endif
