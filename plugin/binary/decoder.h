/* cachecat-link: machine code read by objdump's decoder (libopcodes).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The code of a linked program that no unit's record describes (the C
   library, libgcc, startup code, vendor libraries) is read from its bytes
   with binutils' libopcodes, which knows every extension of every target
   (AVX-512, NEON, Thumb-2 IT blocks, compressed RISC-V).  This file only
   runs the decoder; what an instruction does to control is its target's
   (isa.h, decoded_flow), read from the decoder's text.  */

#ifndef CACHECAT_DECODER_H
#define CACHECAT_DECODER_H

#include "isa/isa.h"

#include <stddef.h>
#include <stdint.h>

typedef struct cc_decoder cc_decoder;

/* A decoder of ISA's code (BIG_ENDIAN bytes), or NULL with *ERR set
   (caller frees) if libopcodes does not read it.  */
cc_decoder *cc_decoder_open (cc_isa isa, int big_endian, char **err);
void cc_decoder_close (cc_decoder *d);

/* Decode the instruction at ADDR of the code CODE..CODE+SIZE that starts
   at address BASE (the whole section: ARM's decoder reads back to find
   the IT block an instruction is in).  Returns its length, or 0 if the
   bytes are no instruction the decoder knows or run past the code; fills
   *OUT.  */
int cc_decode (cc_decoder *d, const unsigned char *code, uint64_t base, uint64_t size,
               uint64_t addr, cc_decoded *out);

#endif
