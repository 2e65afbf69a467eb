/* cachecat program model: its fields, listed once.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Each list below names the fields of one kind of record of the model
   (model.h), in the order both of its serializations hold them: the
   text (model_io.c) and the packed model of the object's record
   (model_pack.c).  Both write, read and check every field from these
   lists, so a field is added, or its range changed, here only.  The
   counts (n_parts, ...) and the arrays they count are the records'
   shape, not fields: each serialization places them itself.  The packed
   model writes insns and blocks in a compressed form of its own (heads
   of bits, differences from the insn before) but checks them against
   these lists too.

   F (MEMBER, KIND, VALID):
     MEMBER  the member of the struct;
     KIND    how it is written: STR a string, never none (char *); OSTR a
             string or none (NULL); U32 a number (uint32_t); OPT a number
             or none (uint32_t, CC_NONE); U8 a small number (uint8_t,
             read as a number and out of range above 255); U64 (uint64_t);
             BUDGET a budget, -1 for none (int64_t);
     VALID   what a valid value is: an expression on s (the record, all
             its fields read) and ctx (its cc_field_ctx).  */

#ifndef CACHECAT_MODEL_FIELDS_H
#define CACHECAT_MODEL_FIELDS_H

#include "model/model.h"

/* What a record's fields may refer to: the model's sections and files,
   the function's parts, insns and blocks.  */
typedef struct cc_field_ctx
{
  uint32_t n_sections, n_files, n_parts, n_insns, n_blocks;
} cc_field_ctx;

#define CC_FIELD_FILE_OK(v) ((v) == CC_NONE || (v) < ctx->n_files)

#define CC_SECTION_FIELDS(F)                                                            \
  F (name, STR, 1)                                                                      \
  F (align, U32, 1)

/* Then n_parts, n_insns, n_blocks (the text: and n_loop_bounds).  */
#define CC_FUNC_FIELDS(F)                                                               \
  F (name, STR, 1)                                                                      \
  F (flags, U32, 1)                                                                     \
  F (file, OPT, CC_FIELD_FILE_OK (s->file))                                             \
  F (line, U32, 1)

#define CC_PART_FIELDS(F)                                                               \
  F (symbol, STR, 1)                                                                    \
  F (section, U32, s->section < ctx->n_sections)                                        \
  F (offset, U32, 1)                                                                    \
  F (size, U32, 1)

/* An insn's fields that version 1 of the text has, then those it lacks
   (a version 1 insn has them all 0).  */
#define CC_INSN_FIELDS_1(F)                                                             \
  F (uid, U32, 1)                                                                       \
  F (part, U32, s->part < ctx->n_parts)                                                 \
  F (offset, U32, 1)                                                                    \
  F (length, U32, 1)                                                                    \
  F (file, OPT, CC_FIELD_FILE_OK (s->file))                                             \
  F (line, U32, 1)                                                                      \
  F (kind, U8, s->kind <= CC_INSN_PAD)
#define CC_INSN_FIELDS_2(F)                                                             \
  F (fetch, U8, s->fetch <= CC_FETCH_NEVER)                                             \
  F (rewrite, U8, s->rewrite < CC_N_REWRITES)                                           \
  F (unsplit, U8, s->unsplit <= 1)                                                      \
  F (unordered, U8, s->unordered <= 1)                                                  \
  F (runs_unknown, U8, s->runs_unknown <= 1)                                            \
  F (maybe_tail, U32, s->maybe_tail <= s->length)
#define CC_INSN_FIELDS(F) CC_INSN_FIELDS_1 (F) CC_INSN_FIELDS_2 (F)

/* Then n_succs, at most n_blocks, and the successors, each a block.  */
#define CC_BLOCK_FIELDS(F)                                                              \
  F (first_insn, U32, 1)                                                                \
  F (n_insns, U32, (uint64_t) s->first_insn + s->n_insns <= ctx->n_insns)               \
  F (call, U8, s->call <= CC_CALL_UNKNOWN)                                              \
  F (exits, U8, s->exits <= 1)                                                          \
  F (noreturn, U8, s->noreturn <= 1)                                                    \
  F (callee, OSTR, 1)                                                                   \
  F (fallthru, OPT, s->fallthru == CC_NONE || s->fallthru < ctx->n_blocks)

/* Then the n_header + n_body uids.  */
#define CC_BOUND_FIELDS(F)                                                              \
  F (max_runs, U64, 1)                                                                  \
  F (source, U8, s->source >= CC_BOUND_GCC && s->source <= CC_BOUND_PRAGMA)             \
  F (file, OPT, CC_FIELD_FILE_OK (s->file))                                             \
  F (line, U32, 1)                                                                      \
  F (max_uid, U32, 1)                                                                   \
  F (n_header, U32, s->n_header > 0)                                                    \
  F (n_body, U32, (s->n_body == 0 || s->n_body >= s->n_header) && s->n_body <= (1u << 24))

/* A function's with CC_FUNC_BUDGETED.  */
#define CC_BUDGET_FIELDS(F)                                                             \
  F (budget_misses, BUDGET, 1)                                                          \
  F (budget_conflicts, BUDGET, 1)                                                       \
  F (budget_fetch_cycles, BUDGET, 1)

/* The kinds of record, R (NAME, TYPE, LIST): those that both
   serializations write field by field, then those the packed model
   compresses (and the text writes field by field).  Each serialization
   defines its functions for the fields of each record from these.  */
#define CC_PLAIN_RECORDS(R)                                                             \
  R (section, cc_section, CC_SECTION_FIELDS)                                            \
  R (func, cc_func, CC_FUNC_FIELDS)                                                     \
  R (part, cc_part, CC_PART_FIELDS)                                                     \
  R (bound, cc_loop_bound, CC_BOUND_FIELDS)                                             \
  R (budget, cc_func, CC_BUDGET_FIELDS)
#define CC_COMPRESSED_RECORDS(R)                                                        \
  R (insn_1, cc_insn, CC_INSN_FIELDS_1)                                                 \
  R (insn_2, cc_insn, CC_INSN_FIELDS_2)                                                 \
  R (block, cc_block, CC_BLOCK_FIELDS)

/* cc_NAME_valid (S, CTX): are all fields of record S valid (its LIST's
   VALID)?  */
#define CC_FIELD_VALID(member, kind, valid) &&(valid)
#define CC_DEFINE_VALID(name, type, list)                                               \
  static inline int cc_##name##_valid (const type *s, const cc_field_ctx *ctx)          \
  {                                                                                     \
    return 1 list (CC_FIELD_VALID);                                                     \
  }
CC_PLAIN_RECORDS (CC_DEFINE_VALID)
CC_COMPRESSED_RECORDS (CC_DEFINE_VALID)

static inline int
cc_insn_valid (const cc_insn *s, const cc_field_ctx *ctx)
{
  return cc_insn_1_valid (s, ctx) && cc_insn_2_valid (s, ctx);
}

#endif
