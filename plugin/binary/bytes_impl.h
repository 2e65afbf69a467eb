/* cachecat-link: what the files that model code from its bytes share
   (from_bytes.h): the walk over a function's code and its instructions.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   from_bytes.c says which functions and makes their models;
   bytes_walk.c decodes the instructions control reaches; bytes_jumps.c
   follows indirect jumps (an IFUNC's slot, a jump table); bytes_blocks.c
   makes the model's blocks of what the walk read.  */

#ifndef CACHECAT_BYTES_IMPL_H
#define CACHECAT_BYTES_IMPL_H

#include "binary/decoder.h"
#include "binary/from_bytes.h"

/* The most instructions one function's model may have.  */
#define MAX_INSNS 200000u
/* The most instructions before an indirect jump read for its table.  */
#define RUN_MAX 24
/* The most entries of a jump table.  */
#define MAX_ENTRIES 4096u

/* A slot an IFUNC's calls jump through, and the functions its resolver
   may put there.  */
typedef struct bytes_slot
{
  uint64_t slot, resolver;
  int read;                    /* impls known (or found unknowable) */
  uint32_t n_impls;            /* 0 when read: not known */
  uint64_t *impls;
} bytes_slot;

struct cc_bytes_ctx
{
  const cc_elf_image *img;
  cc_arch arch;
  const cc_isa_target *t;
  const uint64_t *starts;
  uint32_t n_starts;
  cc_decoder *dec[CC_ISA_COUNT];
  char *dec_err[CC_ISA_COUNT];
  bytes_slot *slots;           /* the program's IRELATIVE relocations */
  uint32_t n_slots;
  cc_decode_memo *memo;        /* the decoder's earlier reads */
};

/* One instruction control reaches.  */
typedef struct bytes_insn
{
  uint64_t addr, target;       /* target: of a jump, branch or call */
  uint32_t len;
  uint8_t flow;                /* cc_goes */
  uint8_t noreturn;            /* a call after which no code is */
  uint8_t external;            /* a jump or branch to another function */
  uint8_t n_refs;              /* addresses its operands may name that are a
                                  function's start or an IFUNC's slot;
                                  MAX_REFS + 1: more */
  uint32_t ifunc;              /* an indirect jump through an IFUNC's slot:
                                  1 + its index in ctx->slots, else 0 */
  uint32_t table;              /* an indirect jump through a jump table:
                                  1 + its index in walk->tables, else 0 */
  uint64_t refs[4];
} bytes_insn;

#define MAX_REFS 4

/* The walk over one function's code.  */
typedef struct bytes_walk
{
  cc_bytes_ctx *c;
  cc_decoder *dec;
  cc_isa isa;
  const cc_elf_section *s;
  uint64_t lo, limit;
  uint8_t *state;              /* per byte of [lo, limit): 0, START, BODY */
  bytes_insn *insns;
  uint32_t n, cap;
  uint64_t *todo;
  uint32_t n_todo, cap_todo;
  char *why;
  uint64_t outside;            /* the first address outside its code that
                                  is no function's start it jumps to */
  cc_decoded run[RUN_MAX];     /* the last instructions of the run decoded
                                  now, in order (jump tables) */
  uint32_t n_run;
  uint64_t **tables;           /* per table read: its targets, count first */
  uint32_t n_tables;
} bytes_walk;

enum { START = 1, BODY = 2 };

/* ---- bytes_walk.c: the walk.  */

/* Decode every instruction control reaches from W->lo, sorted by
   address into W->insns.  0, or -1 with W->why set.  */
int bytes_walk_function (bytes_walk *w);
/* Free what a walk holds (not W->why).  */
void bytes_walk_free (bytes_walk *w);
/* W cannot be followed: WHY (taken over), unless it knows a reason.  */
void bytes_fail (bytes_walk *w, char *why);
/* Queue the code at A for W to decode.  */
void bytes_push (bytes_walk *w, uint64_t a);
/* The instruction at A as W's decoder reads it (read once per program:
   the memo) into D: its length; 0 if the bytes there are no instruction
   within W's code, -1 if the mapping symbols mark them data.  */
int bytes_read (const bytes_walk *w, uint64_t a, cc_decoded *d);
/* What D does to control after PREV (NULL: none), its target into *T
   (the memo's, if it holds it).  */
cc_goes bytes_flow (const bytes_walk *w, const cc_decoded *d, const cc_decoded *prev,
                    uint64_t *t);
/* Does control run on to the next instruction after one of flow F?  */
int bytes_runs_on (cc_goes f);
/* By address, for qsort and bsearch of bytes_insn.  */
int bytes_cmp_insn (const void *a, const void *b);

/* ---- bytes_jumps.c: indirect jumps.  */

/* The SIZE bytes at ADDR of the program's allocated data into *V; 0 if
   they are not there.  */
int bytes_read_entry (const cc_elf_image *img, uint64_t addr, unsigned size, uint64_t *v);
/* The IRELATIVE relocations of C->img: the slots and their resolvers.  */
void bytes_read_slots (cc_bytes_ctx *c);
/* Is A the slot of an IFUNC?  */
int bytes_is_slot (const cc_bytes_ctx *c, uint64_t a);
/* The IFUNC slot (1 + its index) the indirect jump that W read last
   goes through, if the resolver's possible results are known; else 0.  */
uint32_t bytes_ifunc_jump (bytes_walk *w);
/* The jump table the indirect jump that W read last reads, its targets
   queued: 1 + its index in W->tables, or 0 (W->why set if it cannot be
   followed).  */
uint32_t bytes_table_jump (bytes_walk *w);

/* ---- from_bytes.c: the program's functions.  */

/* Does a function start at A?  */
int bytes_is_start (const cc_bytes_ctx *c, uint64_t a);
/* The decoder of ISA, opened once; NULL with *WHY set if none.  */
cc_decoder *bytes_decoder_of (cc_bytes_ctx *c, cc_isa isa, char **why);
/* How the code at A is read: what the mapping symbols say (ARM: A32 or
   Thumb), else what THUMB, the symbol's bit 0, says.  */
cc_isa bytes_isa_of_code (const cc_bytes_ctx *c, uint64_t a, int thumb);
/* Where the code of the function at LO ends: the next function's start
   or the end of its section S.  */
uint64_t bytes_limit_of (const cc_bytes_ctx *c, const cc_elf_section *s, uint64_t lo);

/* ---- bytes_blocks.c: the model.  */

/* The model's insns and blocks of what W read into FN (its code's
   offsets from BASE); *CALLS: per block, the address it calls.  */
void bytes_build_blocks (const bytes_walk *w, cc_func *fn, uint64_t base, uint64_t **calls);

#endif
