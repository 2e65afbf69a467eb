/* cachecat: ARM instructions (Thumb-2 and A32): what they do to control,
   and the addresses they compute.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  cachecat-link reads the final bytes of a
   linked program: where a call goes (the linker's choice: a veneer, a
   blx that switches to A32), and which functions code without a model
   may reach (a branch, adr, a movw/movt pair); their lengths are
   arm_length.h's.  After the Arm Architecture Reference
   Manual for A-profile, ARMv7-A/R edition (DDI 0406), A5 and A6
   (instruction encodings).  Thumb code is a sequence of little-endian
   halfwords; the linker keeps mapping symbols ($a, $t, $d) that say which
   set the bytes at an address are in.  */

#ifndef CACHECAT_ARM_BRANCH_H
#define CACHECAT_ARM_BRANCH_H

#include "isa/isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The Thumb instruction at B (N bytes, its length) at address A.  */
cc_branch_kind cc_thumb_branch (const unsigned char *b, size_t n, uint64_t a,
                                uint64_t *target);
/* The A32 instruction W at address A.  */
cc_branch_kind cc_a32_branch (uint32_t w, uint64_t a, uint64_t *target);

/* The addresses the instruction at B (Thumb if THUMB, else A32; at
   address A, N bytes readable from B and BEFORE before it) may refer to:
   a branch target, adr's, the value a movw and the movt after it in the
   same register make (alone: the value movw sets, the 64 KiB that movt
   chooses), the word an ldr of a literal loads (from the bytes at hand),
   with the Thumb bit cleared.  Up to one range into OUT;
   returns how many.  */
int cc_arm_refs (int thumb, const unsigned char *b, size_t before, size_t n, uint64_t a,
                 cc_addr_range *out);

#ifdef __cplusplus
}
#endif

#endif
