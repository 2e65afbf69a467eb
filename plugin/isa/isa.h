/* cachecat isa: the targets, and what their machine code says.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The stage below the layout and the link that
   knows machine code: each target's instruction lengths, what an
   instruction does to control, the addresses it may refer to.  What is
   particular to a target lives in its folder (x86/, aarch64/, arm/,
   riscv/), whose <t>_targ.c fills one cc_isa_target; shared code asks
   that table (cc_isa_target_of) and never names a target.  The targets
   are the lines of targets.def.  */

#ifndef CACHECAT_ISA_H
#define CACHECAT_ISA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cc_arch
{
  CC_ARCH_UNKNOWN,
#define CC_TARGET(arch, folder, ...) CC_ARCH_##arch,
#include "isa/targets.def"
#undef CC_TARGET
  CC_ARCH_COUNT
} cc_arch;

/* A target line's one or two instruction sets, each made by M (ARCH, ISA):
   CC_ISA_EACH (M, ARCH, ISA...).  */
#define CC_ISA_PICK_(i1, i2, which, ...) which
#define CC_ISA_EACH_1_(m, arch, i1) m (arch, i1)
#define CC_ISA_EACH_2_(m, arch, i1, i2) m (arch, i1) m (arch, i2)
#define CC_ISA_EACH(m, arch, ...) \
  CC_ISA_PICK_ (__VA_ARGS__, CC_ISA_EACH_2_, CC_ISA_EACH_1_, _) (m, arch, __VA_ARGS__)

/* How the bytes of code at an address are read: ARM's code is A32 or
   Thumb (the linker's mapping symbols say which), RISC-V's c.jal is an
   RV32 instruction (RV64 reads its encoding as c.addiw).  */
typedef enum cc_isa
{
  CC_ISA_UNKNOWN,
#define CC_ISA_ENUM_(arch, isa) CC_ISA_##isa,
#define CC_TARGET(arch, folder, ...) CC_ISA_EACH (CC_ISA_ENUM_, arch, __VA_ARGS__)
#include "isa/targets.def"
#undef CC_TARGET
#undef CC_ISA_ENUM_
  CC_ISA_COUNT
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

/* Where control goes after an instruction of inline asm (x86_flow.h).  */
typedef enum cc_asm_flow
{
  CC_ASM_NEXT = 0,     /* always on to the next instruction */
  CC_ASM_KERNEL = 1,   /* into the kernel, which returns right after it */
  CC_ASM_OTHER = 2     /* anything else, or bytes that do not decode */
} cc_asm_flow;

/* Addresses [LO, HI], both included.  */
typedef struct cc_addr_range
{
  uint64_t lo, hi;
} cc_addr_range;

typedef int (*cc_length_fn) (const unsigned char *b, size_t n);

/* An instruction as objdump's decoder (libopcodes) reads it: the link
   time models code without a record from it (binary/decoder.h).  */
typedef struct cc_decoded
{
  uint64_t addr;         /* where it is */
  char text[192];        /* mnemonic and operands, as objdump prints them */
  uint64_t target;       /* the last address the decoder named: a direct
                            branch's target */
  int has_target;
  int length;            /* bytes */
} cc_decoded;

/* The table an indirect jump reads its target from, and how many
   entries the code before it lets it read (cc_isa_decoded_table).  */
typedef struct cc_jump_table
{
  uint64_t table;        /* the first entry's address */
  uint32_t n;            /* entries */
  uint8_t size;          /* bytes of an entry */
  uint8_t is_signed;     /* an entry is signed */
  uint8_t shift;         /* an entry is shifted left by this much */
  uint8_t relative;      /* an entry (so shifted) is added to BASE; else
                            it is the target's address */
  uint64_t base;
} cc_jump_table;

/* What a decoded instruction does to control (cc_isa_decoded_flow).  */
typedef enum cc_goes
{
  CC_GOES_NEXT = 0,      /* runs on to the next instruction */
  CC_GOES_JUMP,          /* to its target, always */
  CC_GOES_COND,          /* to its target or on */
  CC_GOES_CALL,          /* calls its target, then runs on */
  CC_GOES_RETURN,        /* returns to its caller */
  CC_GOES_COND_RETURN,   /* returns or runs on (ARM's bxeq lr) */
  CC_GOES_COND_CALL,     /* calls its target or runs on (ARM's bleq in an
                            IT block, or with a condition in A32) */
  CC_GOES_IJUMP,         /* to an address in a register or memory */
  CC_GOES_ICALL,         /* calls an address in a register or memory */
  CC_GOES_KERNEL,        /* a system call: the kernel returns right after */
  CC_GOES_STOP,          /* never runs on (a trap, a halt) */
  CC_GOES_UNKNOWN        /* something the target cannot say (a conditional
                            indirect jump or call, a write of the PC it
                            does not read) */
} cc_goes;

/* One target: what shared code asks about it.  An operation a target
   has no use for is NULL (the dispatch below says what that means).  */
typedef struct cc_isa_target
{
  const char *name;              /* how reports name it ("x86-64") */
  const char *triples[3];        /* what its GNU triples start with */
  uint32_t elf_machine;          /* its ELF e_machine */
  const char *objdumps[3];       /* its cross objdump, tried in order
                                    before the host's */
  cc_isa isas[2];                /* its instruction sets, in the order
                                    addresses are tried (cc_isa_code_refs) */
  unsigned char isa_align[2];    /* the alignment of an instruction of each */
  char isa_mapping[2];           /* the mapping symbol ($a, $t) that says
                                    code is of each, if they say it */
  int thumb_bit;                 /* bit 0 of a code address or function
                                    symbol is the Thumb state, not the address */
  int veneers;                   /* the linker may route an out-of-range
                                    call through a veneer */
  int linker_relaxes;            /* the linker may relax a unit's code */
  int linker_stubs;              /* the linker may route a branch through
                                    code it adds (a veneer, an erratum's
                                    stub): each is checked against the model */
  int padding_fetched;           /* padding a fall-through runs is
                                    fetched (not jumped over) */
  const char *global_pointer;    /* the symbol the global pointer's value
                                    is, or NULL */

  /* The instruction set of its code; THUMB: ARM code is Thumb; IS64:
     the object is ELF64 (RISC-V code is then RV64).  */
  cc_isa (*isa_of) (int thumb, int is64);
  /* The length decoder of its objects' code (ELF64 if ELF64) that needs
     no state, or NULL (ARM's depends on the Thumb state).  */
  cc_length_fn (*object_length) (int elf64);
  /* cc_isa_length, cc_isa_padding (NULL: its NOP_FILL), cc_isa_branch,
     cc_isa_refs of its instruction sets.  */
  int (*length) (cc_isa isa, const unsigned char *b, size_t n);
  int (*padding) (const unsigned char *b, size_t n);
  cc_branch_kind (*branch) (cc_isa isa, const unsigned char *b, size_t len, uint64_t a,
                            const unsigned char *prev, size_t prev_len, uint64_t *target);
  int (*refs) (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
               uint64_t gp, cc_addr_range *out);
  /* cc_target_nop_fill: alignment padding of its code made of no-ops
     only, as its assembler fills code; NULL: not known.  */
  int (*nop_fill) (const unsigned char *b, size_t n);
  /* Does the instruction of LEN bytes at B always run on to the next
     one?  NULL: not known (0).  */
  int (*runs_on) (cc_isa isa, const unsigned char *b, size_t len);
  /* Where control goes after the instruction of LEN bytes at B (AVAIL
     readable) of an asm statement; NULL: not known (CC_ASM_OTHER).  */
  cc_asm_flow (*asm_flow) (const unsigned char *b, size_t avail, size_t len);
  /* Code read without knowing where its instructions start, byte by
     byte (x86_branch.h, cc_x86_rel_refs); NULL: read instruction by
     instruction at each alignment instead (cc_isa_code_refs).  */
  int (*rel_refs) (const unsigned char *code, size_t n, size_t p, uint64_t base,
                   uint64_t *out);
  /* The addresses an instruction's operands may name (cc_x86_operand_refs);
     NULL: what cc_isa_refs reads.  */
  int (*operand_refs) (const unsigned char *b, size_t len, uint64_t a, int pie,
                       uint64_t *out);
  /* Are the bytes at B (AVAIL readable) of a call or jump through the GOT
     that the linker may rewrite one final instruction of 6 bytes?  */
  int (*got_branch_settled) (const unsigned char *b, size_t avail);
  /* Are the N bytes at B, between functions, only padding?  NULL:
     closed programs of this target are not recognised.  */
  int (*gap_padding) (const unsigned char *b, size_t n);

  /* How objdump's decoder reads each of its instruction sets (as isas):
     the BFD architecture (bfd_scan_arch) and the decoder's options.  */
  const char *opcodes_arch[2];
  const char *opcodes_options[2];
  /* The type of its IRELATIVE relocation: the slot an IFUNC's calls
     jump through gets what the resolver at the addend returns.  */
  uint32_t irelative;
  /* cc_isa_decoded_table of its code; NULL: none is read.  */
  int (*decoded_table) (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out);
  /* cc_isa_decoded_flow of its code; NULL: not known.  */
  cc_goes (*decoded_flow) (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                           uint64_t *target);
} cc_isa_target;

#define CC_TARGET(arch, folder, ...) extern const cc_isa_target cc_##folder##_isa;
#include "isa/targets.def"
#undef CC_TARGET

/* ARCH's table, or NULL for CC_ARCH_UNKNOWN.  */
const cc_isa_target *cc_isa_target_of (cc_arch arch);

/* The names of the targets of targets.def, for a message: "x86-64,
   aarch64, arm and riscv" (caller frees).  */
char *cc_isa_target_names (void);

/* The target whose code ISA is, or CC_ARCH_UNKNOWN.  */
cc_arch cc_arch_of_isa (cc_isa isa);

/* The architecture of a GNU triple ("riscv64-linux-gnu"); NULL or
   anything unknown gives CC_ARCH_UNKNOWN.  */
cc_arch cc_arch_of_triple (const char *triple);

/* The architecture of an ELF file's e_machine.  */
cc_arch cc_arch_of_elf_machine (uint32_t machine);

/* How reports name ARCH: "x86-64", "aarch64", "arm", "riscv", "unknown".  */
const char *cc_arch_name (cc_arch arch);

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

/* The instruction set of ARCH's code that a mapping symbol of kind KIND
   (cc_mapping_symbol_kind; 0: none) says, where ARCH's code needs one
   to be read (ARM: A32 or Thumb); else cc_isa_of (ARCH, 0, IS64).  */
cc_isa cc_isa_at_mapping (cc_arch arch, char kind, int is64);

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
   RISC-V's auipc, lui and c.lui with a 12-bit offset, ARM's adr, movw and
   movt), exact where the next instruction completes it in the same
   register; on RISC-V also an address GP (the global pointer's value, 0
   if none) and an offset make, as the linker relaxes address loads to,
   and the small value li or c.li loads.
   Up to one range into OUT; returns how many.  Not for x86-64
   (x86_branch.h reads it byte by byte).  */
int cc_isa_refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
                 uint64_t gp, cc_addr_range *out);

/* The same for the bytes at B of ARCH's code (IS64: of an ELF64 object)
   read without knowing where its instructions start: for each of its
   instruction sets that the mapping symbol of kind KIND (0: none) allows
   and whose instructions may start at A.  Up to two ranges into OUT.  */
int cc_isa_code_refs (cc_arch arch, char kind, int is64, const unsigned char *b,
                      size_t before, size_t n, uint64_t a, uint64_t gp, cc_addr_range *out);

/* Does the instruction of LEN bytes at B of code ISA always run on to
   the next one?  0 where not known.  */
int cc_isa_runs_on (cc_isa isa, const unsigned char *b, size_t len);

/* How objdump's decoder reads code ISA: into *ARCH the BFD architecture,
   into *OPTIONS the decoder's options (or NULL).  0, or -1 if not known.  */
int cc_isa_opcodes (cc_isa isa, const char **arch, const char **options);

/* What the instruction D of code ISA, as objdump's decoder read it, does
   to control (PREV: the instruction before it, or NULL); *TARGET the
   target of a direct jump, branch or call.
   CC_GOES_UNKNOWN where the target does not say.  */
cc_goes cc_isa_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                             uint64_t *target);

/* Does the indirect jump RUN[N - 1] read its target from a table whose
   size the instructions before it bound (RUN: the N instructions control
   ran through straight to it, in order, as objdump's decoder read them)?
   The common forms GCC makes of a switch: 1 and the table into *OUT, or
   0.  */
int cc_isa_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out);

/* For the targets' decoded_flow: the mnemonic of D (its first word,
   after the prefixes PREFIXES names, each followed by a blank) into
   MNEM (SIZE bytes); returns the operands that follow it.  */
const char *cc_decoded_mnemonic (const cc_decoded *d, const char *const *prefixes,
                                 char *mnem, size_t size);

/* For the targets' decoded_table: do the operands of D name WORD (a
   register: "r3", "a5") as a whole word?  */
int cc_decoded_names (const cc_decoded *d, const char *word);

/* For the targets' decoded_flow: is the mnemonic M one of LIST
   (NULL-terminated)?  */
int cc_decoded_among (const char *m, const char *const *list);

/* For the targets' tables: are the N bytes at B (N > 0) only no-ops of
   W (2 or 4) bytes, each equal to NOP or, if nonzero, NOP2?  */
int cc_isa_nops_of_width (const unsigned char *b, size_t n, size_t w, uint32_t nop,
                          uint32_t nop2);

/* ... only 2- and 4-byte no-ops: halfwords equal to NOP16, or words (two
   halfwords, little-endian) equal to NOP32?  */
int cc_isa_nops_16_32 (const unsigned char *b, size_t n, uint32_t nop16, uint32_t nop32);

/* Are the N bytes at B, between functions, only padding: units of UNIT
   bytes (the code's alignment) that are all zero, and 2- or 4-byte
   no-ops that NOP_FILL (a target's nop_fill) accepts?  For the targets'
   gap_padding.  */
int cc_isa_gap_fill (const unsigned char *b, size_t n, size_t unit,
                     int (*nop_fill) (const unsigned char *, size_t));

#ifdef __cplusplus
}
#endif

#endif
