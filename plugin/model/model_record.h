/* cachecat: a unit's program model recorded in its object file.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   With -fplugin-arg-cachecat-record the plugin appends to the unit's
   assembly a record of its model in the section .debug_cachecat: not
   allocated, so the loaded image is unchanged, and named like DWARF so
   that ld carries it into the executable, keeps it under --gc-sections
   without keeping code alive, and writes 0 for the address of code it
   removed.  Every record delimits itself, so the records of many units,
   concatenated by the linker in link order, stay readable:

     "cachecat"            8 bytes
     version, address size, flags, 0      4 bytes (CC_RECORD_VERSION, 4 or 8,
                                          CC_RECORD_EXACT)
     length                u32: bytes of what follows
     n_parts               u32
     address[n_parts]      each part's symbol, in the order of the model's
                           functions and parts, relocated by the linker
                           (0: removed)
     source                the unit's main input file, NUL-terminated
     model                 model_io.c's text, NUL-terminated

   Integers are in the byte order of the object.  An address is written
   as a local label at the part's first instruction, minus that
   instruction's distance from the symbol: a function symbol may be weak
   and resolve to another unit's definition, a label cannot.  */

#ifndef CACHECAT_MODEL_RECORD_H
#define CACHECAT_MODEL_RECORD_H

#include "model/model.h"

#define CC_RECORD_SECTION ".debug_cachecat"
#define CC_RECORD_VERSION 1
#define CC_RECORD_EXACT 1      /* flags: the offsets were measured */

/* Write the record of M as assembler statements to OUT, inside
   .pushsection/.popsection.  PART_LABEL[k] names a local label DELTA[k]
   bytes after the symbol of the k-th part (NULL: the part's address is
   unknown, written as 0); ADDRESS_SIZE is 4 or 8.  */
void cc_record_write_asm (FILE *out, const cc_model *m, const char *source, int exact,
                          const char *const *part_label, const uint32_t *delta,
                          int address_size);

/* One unit's record, read back.  */
typedef struct cc_unit_record
{
  char *source;
  int exact;                   /* offsets measured (CC_RECORD_EXACT) */
  uint32_t n_parts;
  uint64_t *part_addr;         /* in the order of model's functions and parts */
  cc_model model;
} cc_unit_record;

/* Read the records concatenated in [BUF, BUF + SIZE) (BIG_ENDIAN: the
   object's byte order).  Returns 0 and sets *OUT, *N; or -1 with *ERR set
   to "record K (byte OFFSET): what is wrong".  */
int cc_record_read_all (const unsigned char *buf, size_t size, int big_endian,
                        cc_unit_record **out, uint32_t *n, char **err);
void cc_unit_records_free (cc_unit_record *r, uint32_t n);

#endif
