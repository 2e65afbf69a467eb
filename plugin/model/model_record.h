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
                                          CC_RECORD_EXACT, CC_RECORD_RELAXED)
     length                u32: bytes of what follows
     checksum              u32: zlib's CRC-32 of the record but its
                           addresses (below)
     n_parts               u32
     address[n_parts]      each part's symbol, in the order of the model's
                           functions and parts, relocated by the linker
                           (0: removed); then the same list again
     with CC_RECORD_RELAXED:
       n_marks             u32
       mark[n_marks]       the final address of each mark (below), in the
                           order of the model's functions and of
                           cc_record_marks, relocated by the linker (0:
                           removed, or not known: all of a function's);
                           then the same list again
     source                the unit's main input file, NUL-terminated
     model                 the packed model (below), to the record's end

   Integers are in the byte order of the object.  An address is written
   as a local label at the part's first instruction, minus that
   instruction's distance from the symbol: a function symbol may be weak
   and resolve to another unit's definition, a label cannot.

   A corrupted record must be an error, never a model (cachecat-link
   believes what it reads).  The checksum covers what the compiler
   knows: the magic and the 4 header bytes, then length, n_parts and
   (relaxed) n_marks as 4-byte little-endian numbers whatever the
   object's byte order, the source with its NUL and the packed model.
   The linker writes the addresses, so no checksum made at compile time
   can cover them: each is written twice, and copies that differ are an
   error.  More than 15 zero bytes where a record should start (the
   linker pads input sections only to their alignment) are an error too:
   a record wiped out.

   The packed model (version 5 adds the checksum and the second copy of
   the addresses to version 4; version 4 has the loop bounds, which
   version 3 lacked; version 1 held model_io.c's text) holds
   what model_io.c's text holds, in a form that is cheap to write, and
   cheap for the assembler to read: it goes into the .s as .ascii
   statements of about 1,000 characters, and nearly every byte of it is
   printable, so that few need an escape.  A number is written in digits
   of 5 bits, the lowest first: a digit with more to come is ']' + d
   (0x5d..0x7c), the last one '0' + d (0x30..0x4f); most numbers are one
   byte.  A nullable number (a file, CC_NONE for none) is written as 0 for
   none and V + 1 for V.  A difference D = A - B of two 32-bit values
   is written zigzagged (2D, or -2D - 1 when negative, modulo 2^32).  A
   string is 0 for none; 1, its length and its bytes the first time it
   appears; K + 2 for the K-th distinct string before it.

     n_sections, then each: name, align
     n_files, then each: path
     n_funcs, then each:
       name, flags, file (nullable), line, n_parts, n_insns, n_blocks
       each part: symbol, section, offset, size
       each insn: head, then
                  if head & 1 (the common form: at the expected offset,
                    in the last insn's file and part, nothing rare,
                    bits 1-3 its length, bit 4 set if it is on the line
                    after the last insn's, else on the same): uid - last
                    uid, and nothing else;
                  else uid - last uid, length, line - last line
                  (differences; "last" is the function's insn before, or
                  for the first: uid 0 and the function's line), and
                  if head & 2: offset - expected offset (expected: the
                    end of the insn before in the same part, or the
                    part's offset for the first insn of a part)
                  if head & 4: file (nullable; else the last insn's,
                    the function's for the first)
                  if head & 8: rare, a bit set: kind (bits 0-1), fetch
                    (2-3), 0x10 part (else the last insn's, 0 for the
                    first) follows, 0x20 rewrite follows, 0x40 unsplit,
                    0x80 unordered, 0x100 runs unknown code, 0x200
                    maybe_tail follows; then those that follow
       each block B: head: bit 0 first_insn follows (else where the
                  block before ended, 0 for the first), bits 1-2 call,
                  8 exits, 16 noreturn, bits 5-6 fallthru: 0 none, 1
                  B + 1, 2 follows; then first_insn if it follows,
                  n_insns, callee (string), fallthru if it follows,
                  n_succs, and each successor S as the difference S - B.
       n_loop_bounds, then each (model.h's cc_loop_bound): max_runs as
                  its low and high 32 bits, source, file (nullable),
                  line, max_uid, n_header, n_body, then the header's
                  uids and the body's, each run ascending and each uid
                  as the difference from the one before it in its run
                  (the first from 0);
       with CC_FUNC_BUDGETED in flags: budget_misses + 1,
                  budget_conflicts + 1 and budget_fetch_cycles + 1 (0:
                  none), each as its low and high 32 bits.

   Every field is checked as model_io.c's reader checks the text: by
   the lists of model_fields.h, which name the fields of both.

   A relaxed unit (RISC-V code the linker may still relax: it shortens
   calls and address loads and redoes alignment, deleting bytes) has the
   offsets of its object, exact there but not in the program.  Its record
   holds where the linker put each GCC insn: the model's machine
   instructions of one GCC insn share its uid, and cc_record_marks names,
   for every GCC insn with bytes, its start, and its end where the next
   one does not start there (alignment or data between them) or it ends
   its part.  Each is a local label of the unit's text, which the RISC-V
   assembler keeps as a symbol with a relocation against it, and which ld
   moves with the bytes it deletes before it; so the relocated value is
   the final address (docs/design.md, "Relaxed code").  */

#ifndef CACHECAT_MODEL_RECORD_H
#define CACHECAT_MODEL_RECORD_H

#include "model/model.h"

#define CC_RECORD_SECTION ".debug_cachecat"
#define CC_RECORD_VERSION 6
#define CC_RECORD_EXACT 1      /* flags: the offsets were measured */
#define CC_RECORD_RELAXED 2    /* flags: the linker may move the code: the
                                  marks follow the parts' addresses */

/* A place in a relaxed unit's function whose final address the record
   holds: where insn INSN starts, or if END where it ends.  */
typedef struct cc_record_mark
{
  uint32_t insn;
  uint32_t count;              /* the GCC insn's machine instructions: from
                                  INSN on for a start, up to INSN for an end */
  uint8_t end;
} cc_record_mark;

/* The marks of FN, in order (by part, then by offset), into OUT (room
   for 2 * FN->n_insns): where every GCC insn with bytes starts (its
   first machine instruction, INSN), and where it ends (its last) if it
   is the last of its part or the next GCC insn with bytes does not start
   there.  None for a function with entry padding (CC_INSN_PAD).
   Returns how many.  */
uint32_t cc_record_marks (const cc_func *fn, cc_record_mark *out);

/* Write the record of M as assembler statements to OUT, inside
   .pushsection/.popsection.  FLAGS: CC_RECORD_EXACT, CC_RECORD_RELAXED.
   PART_LABEL[k] names a local label DELTA[k] bytes after the symbol of
   the k-th part (NULL: the part's address is unknown, written as 0);
   with CC_RECORD_RELAXED, MARK_LABEL[k] the label of the k-th of the
   N_MARKS marks (NULL: not known, written as 0).  ADDRESS_SIZE is 4 or
   8.  */
void cc_record_write_asm (FILE *out, const cc_model *m, const char *source, int flags,
                          const char *const *part_label, const uint32_t *delta,
                          const char *const *mark_label, uint32_t n_marks,
                          int address_size);

/* M packed (above): a new buffer of *SIZE bytes, the caller frees it.  */
unsigned char *cc_record_pack_model (const cc_model *m, size_t *size);

/* Unpack the model in [BUF, BUF + SIZE) into M.  Returns 0, or -1 with
   *AT the offset in BUF and *WHAT (a static string) what is wrong there;
   M is then empty.  */
int cc_record_unpack_model (const unsigned char *buf, size_t size, cc_model *m, size_t *at,
                            const char **what);

/* One unit's record, read back.  */
typedef struct cc_unit_record
{
  char *source;
  int exact;                   /* offsets measured (CC_RECORD_EXACT) */
  int relaxed;                 /* the object's offsets: the marks say where
                                  the code is (CC_RECORD_RELAXED) */
  uint32_t n_parts;
  uint64_t *part_addr;         /* in the order of model's functions and parts */
  uint32_t n_marks;
  uint64_t *mark_addr;         /* relaxed: in the order of cc_record_marks */
  cc_model model;
} cc_unit_record;

/* Read the records concatenated in [BUF, BUF + SIZE) (BIG_ENDIAN: the
   object's byte order).  Returns 0 and sets *OUT, *N; or -1 with *ERR set
   to "record K (byte OFFSET): what is wrong".  */
int cc_record_read_all (const unsigned char *buf, size_t size, int big_endian,
                        cc_unit_record **out, uint32_t *n, char **err);
void cc_unit_records_free (cc_unit_record *r, uint32_t n);

#endif
