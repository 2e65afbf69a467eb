/* cachecat isa: the x86-64 target's table (isa.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/isa.h"
#include "isa/x86/x86_branch.h"
#include "isa/x86/x86_decoded.h"
#include "isa/x86/x86_flow.h"
#include "isa/x86/x86_length.h"

static cc_isa
isa_of (int thumb, int is64)
{
  (void) thumb, (void) is64;
  return CC_ISA_X86_64;
}

/* Only ELF64's code is x86-64's: an x32 object's is not decoded.  */
static cc_length_fn
object_length (int elf64)
{
  return elf64 ? cc_x86_length : NULL;
}

static int
length (cc_isa isa, const unsigned char *b, size_t n)
{
  (void) isa;
  return cc_x86_length (b, n);
}

static cc_branch_kind
branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a, const unsigned char *prev,
        size_t prev_len, uint64_t *target)
{
  (void) isa, (void) prev, (void) prev_len;
  return cc_x86_branch (b, len, a, target);
}

/* The flow of an asm statement's instruction, if the decoder finds it
   LEN bytes long (cc_x86_flow).  */
static cc_asm_flow
asm_flow (const unsigned char *b, size_t avail, size_t len)
{
  if (cc_x86_length (b, avail) != (int) len)
    return CC_ASM_OTHER;
  return (cc_asm_flow) cc_x86_flow (b, len);
}

/* A call or jump through the GOT (R_X86_64_GOTPCRELX) whose bytes are
   one instruction of 6 bytes: `call *f@GOTPCREL` as it was (ff 15) or
   as ld relaxed it (`addr32 call f`, 67 e8), or `jmp *f@GOTPCREL` as it
   was (ff 25).  */
static int
got_branch_settled (const unsigned char *b, size_t avail)
{
  if (cc_x86_length (b, avail) != 6)
    return 0;
  return (b[0] == 0xff && (b[1] == 0x15 || b[1] == 0x25)) || (b[0] == 0x67 && b[1] == 0xe8);
}

/* Are the N bytes at B alignment padding (NOPs, int3, zeros)?  */
static int
gap_padding (const unsigned char *b, size_t n)
{
  for (size_t k = 0; k < n;)
    {
      if (b[k] == 0x00 || b[k] == 0xcc)
        {
          k++;
          continue;
        }
      int l = cc_x86_length (b + k, n - k);
      if (l <= 0 || !cc_x86_padding (b + k, (size_t) l) || b[k] == 0xeb || b[k] == 0xe9)
        return 0;
      k += (size_t) l;
    }
  return 1;
}

/* GNU as may jump over long padding, so not every byte of it is
   fetched: no nop_fill, padding not fetched.  */
const cc_isa_target cc_x86_isa = {
  .name = "x86-64",
  .triples = { "x86_64-" },
  .elf_machine = 62,
  .isas = { CC_ISA_X86_64 },
  .isa_align = { 1 },
  .isa_of = isa_of,
  .object_length = object_length,
  .length = length,
  .padding = cc_x86_padding,
  .branch = branch,
  .asm_flow = asm_flow,
  .rel_refs = cc_x86_rel_refs,
  .operand_refs = cc_x86_operand_refs,
  .got_branch_settled = got_branch_settled,
  .gap_padding = gap_padding,
  .opcodes_arch = { "i386:x86-64" },
  .irelative = 37,
  .decoded_flow = cc_x86_decoded_flow,
  .decoded_table = cc_x86_decoded_table,
};
