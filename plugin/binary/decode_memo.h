/* cachecat-link: what objdump's decoder read at each address of a
   program, kept for the next read of it.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   cachecat-link models the code no record covers in rounds (each finds
   more functions' starts) and once more at the end, and each round
   reads the same instructions again; libopcodes and the printing of its
   text are most of that time.  A memo keyed by address and instruction
   set answers every read after the first.  One program, one memo: an
   address must mean the same bytes in every read.  */

#ifndef CACHECAT_DECODE_MEMO_H
#define CACHECAT_DECODE_MEMO_H

#include "isa/isa.h"

typedef struct cc_decode_memo cc_decode_memo;

cc_decode_memo *cc_decode_memo_new (void);
void cc_decode_memo_free (cc_decode_memo *m);

/* What was read at ADDR in code ISA into *OUT: its length (0: no
   instruction there), or -1 if nothing was read there yet.  */
int cc_decode_memo_get (const cc_decode_memo *m, cc_isa isa, uint64_t addr, cc_decoded *out);

/* Keep D (LEN bytes; 0: no instruction) as what was read at ADDR in
   code ISA.  */
void cc_decode_memo_put (cc_decode_memo *m, cc_isa isa, uint64_t addr, const cc_decoded *d,
                         int len);

/* What the instruction read at ADDR in code ISA does to control
   (cc_isa_decoded_flow) when the instruction before it is at PREV (0:
   none) into *FLOW and *TARGET: 1, or 0 if not known for that PREV.  */
int cc_decode_memo_flow (const cc_decode_memo *m, cc_isa isa, uint64_t addr, uint64_t prev,
                         cc_goes *flow, uint64_t *target);

/* Keep FLOW and TARGET for the instruction at ADDR after PREV, once
   what was read there is kept.  */
void cc_decode_memo_put_flow (cc_decode_memo *m, cc_isa isa, uint64_t addr, uint64_t prev,
                              cc_goes flow, uint64_t target);

#endif
