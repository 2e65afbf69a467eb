/* cachecat: the packed model's encoding, shared by its writer
   (model_pack.c) and its reader (model_unpack.c).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The format is in model_record.h; the fields it packs are listed in
   model_fields.h.  Here: how numbers are written, and the bits of the
   heads of the compressed insns and blocks.  */

#ifndef CACHECAT_MODEL_PACK_H
#define CACHECAT_MODEL_PACK_H

#include "model/model_fields.h"

#define DIGIT_LAST 0x30        /* '0' .. 'O': the last digit of a number */
#define DIGIT_MORE 0x5d        /* ']' .. '|': a digit with more to come */

/* Insn heads.  Most insns are the common form: no flag below, at most 7
   bytes, on the last insn's line or the next; their head holds all that
   and only the uid follows.  */
#define INSN_COMMON 1          /* bits 1-3 the length, bit 4 the next line */
#define INSN_GAP 2             /* the offset is not where the last insn ended */
#define INSN_FILE 4            /* another file than the last insn's */
#define INSN_RARE 8            /* the rare fields follow */
/* The rare fields.  */
#define RARE_KIND(x) ((x) & 3)
#define RARE_FETCH(x) (((x) >> 2) & 3)
#define RARE_PART 0x10
#define RARE_REWRITE 0x20
#define RARE_UNSPLIT 0x40
#define RARE_UNORDERED 0x80
#define RARE_UNKNOWN 0x100
#define RARE_TAIL 0x200
/* Block heads.  */
#define BLOCK_FIRST 1          /* the first insn is not where the last block ended */
#define BLOCK_CALL(x) (((x) >> 1) & 3)
#define BLOCK_EXITS 8
#define BLOCK_NORETURN 16
#define BLOCK_FALLTHRU(x) (((x) >> 5) & 3) /* 0 none, 1 the next block, 2 given */

/* The insns and blocks are compressed field by field: a field added to
   model_fields.h's lists must be packed (model_pack.c) and unpacked
   (model_unpack.c) by hand, and these counts raised.  */
#define CC_FIELD_COUNT(member, kind, valid) +1
_Static_assert ((0 CC_INSN_FIELDS (CC_FIELD_COUNT)) == 13,
                "an insn field the packed model does not hold");
_Static_assert ((0 CC_BLOCK_FIELDS (CC_FIELD_COUNT)) == 7,
                "a block field the packed model does not hold");

/* A - B as a signed 32-bit difference, zigzagged: small either way.  */
static inline uint32_t
zigzag (uint32_t a, uint32_t b)
{
  uint32_t d = a - b;
  return (d << 1) ^ (uint32_t) -(int32_t) (d >> 31);
}

static inline uint32_t
unzigzag (uint32_t base, uint32_t z)
{
  return base + ((z >> 1) ^ (uint32_t) -(int32_t) (z & 1));
}

/* Where an insn of F in PART is expected to start: where the last insn
   (in PREV_PART) ended, at PREV_END, or at its part's symbol when it is
   the FIRST insn or the first of its part.  */
static inline uint32_t
expected_offset (const cc_func *f, uint32_t part, uint32_t prev_part, uint32_t prev_end,
                 int first)
{
  if (!first && part == prev_part)
    return prev_end;
  return part < f->n_parts ? f->parts[part].offset : 0;
}

#endif
