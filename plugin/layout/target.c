/* cachecat: the target the plugin was built for (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/assembler.h"
#include "layout/aarch64/a64_decode.h"
#include "layout/arm/arm_decode.h"
#include "layout/riscv/riscv_branch.h"
#include "layout/riscv/riscv_length.h"
#include "layout/riscv/riscv_relax.h"
#include "layout/x86/x86_branch.h"
#include "layout/x86/x86_length.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

static int
starts_with (const char *s, const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

cc_arch
cc_arch_of_triple (const char *triple)
{
  if (!triple)
    return CC_ARCH_UNKNOWN;
  if (starts_with (triple, "x86_64-"))
    return CC_ARCH_X86_64;
  if (starts_with (triple, "aarch64-"))
    return CC_ARCH_AARCH64;
  /* arm-none-eabi, arm-linux-gnueabihf, armv7...; not aarch64.  */
  if (starts_with (triple, "arm"))
    return CC_ARCH_ARM;
  if (starts_with (triple, "riscv32-") || starts_with (triple, "riscv64-"))
    return CC_ARCH_RISCV;
  return CC_ARCH_UNKNOWN;
}

char
cc_mapping_symbol_kind (const char *name)
{
  if (name[0] != '$' || !name[1] || !strchr ("atxd", name[1]))
    return 0;
  if (name[2] == 0 || name[2] == '.' || (name[1] == 'x' && name[2] == 'r'))
    return name[1];
  return 0;
}

cc_arch
cc_arch_of_elf_machine (uint32_t machine)
{
  switch (machine)
    {
    case 62:
      return CC_ARCH_X86_64;
    case 183:
      return CC_ARCH_AARCH64;
    case 40:
      return CC_ARCH_ARM;
    case 243:
      return CC_ARCH_RISCV;
    default:
      return CC_ARCH_UNKNOWN;
    }
}

static uint32_t
le16 (const unsigned char *b)
{
  return (uint32_t) cc_load_uint (b, 2, 0);
}

static uint32_t
le32 (const unsigned char *b)
{
  return (uint32_t) cc_load_uint (b, 4, 0);
}

/* Only no-ops of one width W (2 or 4 bytes) among the N bytes at B:
   each equal to A or, if nonzero, B2.  */
static int
all_words (const unsigned char *b, size_t n, size_t w, uint32_t a, uint32_t b2)
{
  if (n == 0 || n % w)
    return 0;
  for (size_t k = 0; k < n; k += w)
    {
      uint32_t v = w == 2 ? le16 (b + k) : le32 (b + k);
      if (v != a && (!b2 || v != b2))
        return 0;
    }
  return 1;
}

/* A fill of 2- and 4-byte no-ops: halfwords equal to NOP16, or words
   (two halfwords, little-endian) equal to NOP32.  */
static int
nops_16_32 (const unsigned char *b, size_t n, uint32_t nop16, uint32_t nop32)
{
  if (n == 0 || n % 2)
    return 0;
  for (size_t k = 0; k < n;)
    if (le16 (b + k) == nop16)
      k += 2;
    else if (k + 4 <= n && le32 (b + k) == nop32)
      k += 4;
    else
      return 0;
  return 1;
}

int
cc_target_nop_fill (cc_arch arch, const unsigned char *b, size_t n)
{
  switch (arch)
    {
    /* x86-64: GNU as may jump over long padding, so not every byte is
       fetched; its functions start aligned for their loops anyway.  */
    case CC_ARCH_AARCH64:
      return all_words (b, n, 4, 0xd503201f, 0);
    case CC_ARCH_ARM:
      /* A32's nop and its older mov r0, r0; or Thumb's nop and nop.w
         (f3af 8000), as gas fills Thumb code.  */
      return all_words (b, n, 4, 0xe320f000, 0xe1a00000)
             || nops_16_32 (b, n, 0xbf00, 0x8000f3af);
    case CC_ARCH_RISCV:
      /* c.nop, and nop (addi x0, x0, 0).  */
      return nops_16_32 (b, n, 0x0001, 0x00000013);
    default:
      return 0;
    }
}

cc_isa
cc_isa_of (cc_arch arch, int thumb, int rv64)
{
  switch (arch)
    {
    case CC_ARCH_X86_64:
      return CC_ISA_X86_64;
    case CC_ARCH_AARCH64:
      return CC_ISA_A64;
    case CC_ARCH_ARM:
      return thumb ? CC_ISA_THUMB : CC_ISA_A32;
    case CC_ARCH_RISCV:
      return rv64 ? CC_ISA_RV64 : CC_ISA_RV32;
    default:
      return CC_ISA_UNKNOWN;
    }
}

int
cc_isa_length (cc_isa isa, const unsigned char *b, size_t n)
{
  switch (isa)
    {
    case CC_ISA_X86_64:
      return cc_x86_length (b, n);
    case CC_ISA_A64:
    case CC_ISA_A32:
      return n >= 4 ? 4 : -1;
    case CC_ISA_THUMB:
      return cc_thumb_length (b, n);
    case CC_ISA_RV32:
    case CC_ISA_RV64:
      return cc_riscv_length (b, n);
    default:
      return -1;
    }
}

int
cc_isa_padding (cc_isa isa, const unsigned char *b, size_t n)
{
  static const cc_arch arch[] = {
    [CC_ISA_A64] = CC_ARCH_AARCH64, [CC_ISA_A32] = CC_ARCH_ARM, [CC_ISA_THUMB] = CC_ARCH_ARM,
    [CC_ISA_RV32] = CC_ARCH_RISCV, [CC_ISA_RV64] = CC_ARCH_RISCV };
  if (isa == CC_ISA_X86_64)
    return cc_x86_padding (b, n);
  return (size_t) isa < sizeof arch / sizeof arch[0] && cc_target_nop_fill (arch[isa], b, n);
}

cc_branch_kind
cc_isa_branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a,
               const unsigned char *prev, size_t prev_len, uint64_t *target)
{
  *target = 0;
  switch (isa)
    {
    case CC_ISA_X86_64:
      return cc_x86_branch (b, len, a, target);
    case CC_ISA_A64:
      return len == 4 ? cc_a64_branch (le32 (b), a, target) : CC_BRANCH_NONE;
    case CC_ISA_A32:
      return len == 4 ? cc_a32_branch (le32 (b), a, target) : CC_BRANCH_NONE;
    case CC_ISA_THUMB:
      return cc_thumb_branch (b, len, a, target);
    case CC_ISA_RV32:
    case CC_ISA_RV64:
      return cc_riscv_branch (b, len, a, isa == CC_ISA_RV64, prev, prev_len, target);
    default:
      return CC_BRANCH_NONE;
    }
}

int
cc_isa_refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
             uint64_t gp, cc_addr_range *out)
{
  if (n < 2)
    return 0;
  switch (isa)
    {
    case CC_ISA_A64:
      return cc_a64_refs (b, n, a, out);
    case CC_ISA_A32:
    case CC_ISA_THUMB:
      return cc_arm_refs (isa == CC_ISA_THUMB, b, before, n, a, out);
    case CC_ISA_RV32:
    case CC_ISA_RV64:
      return cc_riscv_refs (b, n, a, isa == CC_ISA_RV64, gp, out);
    default:
      return 0;
    }
}

char
cc_target_line_comment (cc_arch arch)
{
  return arch == CC_ARCH_AARCH64 ? '#' : 0;
}

const char *
cc_arch_name (cc_arch arch)
{
  switch (arch)
    {
    case CC_ARCH_X86_64:
      return "x86-64";
    case CC_ARCH_AARCH64:
      return "aarch64";
    case CC_ARCH_ARM:
      return "arm";
    case CC_ARCH_RISCV:
      return "riscv";
    default:
      return "unknown";
    }
}

const char *
cc_built_target (void)
{
  return cc_built_toolchain.target;
}

cc_arch
cc_built_arch (void)
{
  return cc_arch_of_triple (cc_built_toolchain.target);
}

const char *
cc_layout_moves_after_compile (cc_arch arch, const char *header, size_t header_size,
                               const char *code, size_t code_size)
{
  if (arch == CC_ARCH_RISCV && !cc_riscv_norelax (header, header_size, code, code_size))
    return "the RISC-V linker may relax this unit's code, which moves its "
           "instructions after the compile (build with -mno-relax)";
  return NULL;
}

/* The shortest reach of a direct call or branch-and-link: Thumb-2's bl,
   16 MiB either way (A32: 32 MiB, AArch64: 128 MiB).  */
#define MIN_CALL_REACH ((uint64_t) 16 << 20)

uint32_t
cc_target_veneer_calls (cc_arch arch, cc_model *m)
{
  if (arch != CC_ARCH_ARM && arch != CC_ARCH_AARCH64)
    return 0;
  /* Each section's code spans at most this much: a call inside it is in
     reach if the span is.  */
  uint64_t *span = cc_xcalloc (m->n_sections + 1, sizeof *span);
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    for (uint32_t p = 0; p < m->funcs[fi].n_parts; p++)
      {
        const cc_part *pt = &m->funcs[fi].parts[p];
        if (pt->section < m->n_sections
            && (uint64_t) pt->offset + pt->size > span[pt->section])
          span[pt->section] = (uint64_t) pt->offset + pt->size;
      }
  cc_func_index names;
  cc_func_index_build (&names, m);
  uint32_t changed = 0;
  for (uint32_t fi = 0; fi < m->n_funcs; fi++)
    {
      cc_func *f = &m->funcs[fi];
      for (uint32_t b = 0; b < f->n_blocks; b++)
        {
          cc_block *bb = &f->blocks[b];
          if (bb->call != CC_CALL_DIRECT || !bb->callee || bb->n_insns == 0)
            continue;
          uint32_t t = cc_func_index_find (&names, bb->callee);
          if (t == CC_NONE || m->funcs[t].n_parts == 0)
            continue;          /* not the unit's: unknown code already */
          uint32_t last = bb->first_insn + bb->n_insns - 1;
          uint32_t from = last < f->n_insns && f->insns[last].part < f->n_parts
                          ? f->parts[f->insns[last].part].section : CC_NONE;
          uint32_t to = m->funcs[t].parts[0].section;
          if (from == to && from < m->n_sections && span[from] < MIN_CALL_REACH)
            continue;
          bb->call = CC_CALL_UNKNOWN;
          m->funcs[t].flags |= CC_FUNC_PUBLIC;
          changed++;
        }
    }
  cc_func_index_free (&names);
  free (span);
  return changed;
}
