/* cachecat-link: models of the program's code that no record describes,
   read from its bytes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The C library, libgcc, startup code and vendor libraries were compiled
   without the plugin.  Each of their functions (a function symbol of the
   program whose code no record covers) is modelled from the bytes the
   program holds, decoded by objdump's decoder (binary/decoder.h): the
   instructions control can reach from its start, followed through
   direct branches; calls; returns; a jump to another function's start
   as a tail call.  What cannot be followed (an indirect jump, an
   instruction the decoder or its target does not know, a jump into the
   middle of other code) leaves the function without a model, with the
   reason.  docs/semantics.md §7.7 says what such a model assumes.  */

#ifndef CACHECAT_FROM_BYTES_H
#define CACHECAT_FROM_BYTES_H

#include "isa/isa.h"
#include "binary/decode_memo.h"
#include "binary/elf_image.h"
#include "model/model.h"

/* A function of the program to model from its bytes.  */
typedef struct cc_bytes_func
{
  uint64_t lo;                 /* its start */
  uint64_t limit;              /* where the next function's code starts (or
                                  its section ends): its code is below */
  const char *name;            /* its symbol (IMG's), or SYMBOL+0xOFFSET */
  uint32_t section;            /* index into IMG's sections */
  const char *symbol;          /* the symbol its code is of (IMG's) */
  uint64_t symbol_at;          /* its address */
  int thumb;                   /* ARM: the symbol says Thumb code (bit 0) */
  int unnamed;                 /* no symbol names its code: SYMBOL is its
                                  section's name, SYMBOL_AT its address */
  int changed;                 /* new, or its code's end moved (by
                                  cc_bytes_add_start), or it reached no
                                  function's start when last modelled */
} cc_bytes_func;

/* The functions of IMG (whose code is ARCH's) that no record covers: one
   per address that a function symbol of .symtab (or a global symbol of
   the ELF entry point) names in code and none
   of the N_COVERED sorted ranges COVERED (the records' code) holds.  A
   new array, by address, into *N.  */
cc_bytes_func *cc_bytes_find (const cc_elf_image *img, cc_arch arch,
                              const cc_addr_range *covered, uint32_t n_covered, uint32_t *n);

/* What models functions of one program from their bytes: its decoders,
   and where its functions start.  */
typedef struct cc_bytes_ctx cc_bytes_ctx;

/* A modeller of IMG's code (ARCH's), where functions start at STARTS (N
   sorted addresses; kept, not copied): a jump there from other code is a
   tail call, a jump anywhere else outside a function's own code is
   beyond its model.  MEMO (kept) keeps the decoder's reads, for this
   modeller and later ones of IMG.  */
cc_bytes_ctx *cc_bytes_open (const cc_elf_image *img, cc_arch arch, const uint64_t *starts,
                             uint32_t n, cc_decode_memo *memo);
void cc_bytes_close (cc_bytes_ctx *c);

/* Model BF into FN (zeroed by the caller) with its code in model section
   SEC, whose offset 0 is address BASE: FN's name, one part, its
   instructions and blocks.  *CALLS gets, per block, the address it calls
   (0: none, or not known) for the caller to name once every function's
   name is final.  A function that cannot be followed is flagged
   CC_FUNC_BROKEN, with the instructions that were read, and *WHY (to
   free) says why; else *WHY is NULL.  *OUTSIDE: 0, or the first address
   outside its code and at no function's start that it jumps to (the
   code of another entry of hand-written assembly, which the caller may
   make a function of its own: cc_bytes_split).  */
void cc_bytes_model (cc_bytes_ctx *c, const cc_bytes_func *bf, uint32_t sec, uint64_t base,
                     cc_func *fn, uint64_t **calls, char **why, uint64_t *outside);

/* What the function BF that cannot be followed (cc_bytes_model) may
   fetch when it runs, its footprint: the code control can reach from its
   start through its direct branches and calls, taken as all of its bytes
   [BF->lo, BF->limit), and whatever runs at the addresses *OUT (a new
   array of *N) where those branches leave its code.  0, or -1 with *WHY
   (to free) if what it may run is not known: an indirect jump or call, a
   system call, bytes that are no instruction.  */
int cc_bytes_footprint (cc_bytes_ctx *c, const cc_bytes_func *bf, uint64_t **out,
                        uint32_t *n, char **why);

/* Make ADDR a function's start, where a call or jump goes: if it is
   inside the code of one of the *N functions *BF (by address) and SHARED
   (a jump goes there: another entry of hand-written assembly runs on into
   that code), that code's end (named after the symbol and the offset);
   else if it is in code IMG
   holds that no range of COVERED (N_COVERED, sorted) does, a function of
   its own (code no symbol names, a PLT's entry: named after its section
   and offset).  *N grows, *BF is reallocated; the name (*NAME) is the
   caller's to free after.  Returns 1, or 0 if ADDR is neither.  */
int cc_bytes_add_start (const cc_elf_image *img, cc_bytes_func **bf, uint32_t *n,
                        const cc_addr_range *covered, uint32_t n_covered, uint64_t addr,
                        int shared, char **name);

#endif
