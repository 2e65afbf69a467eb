/* cachecat: the target the plugin was built for (target.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/target.h"
#include "layout/assembler.h"
#include "layout/riscv/riscv_relax.h"

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
