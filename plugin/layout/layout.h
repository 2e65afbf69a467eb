/* cachecat layout: exact code offsets from the assembler.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The GCC glue hands over the text of an assembly
   file and a list of the labels and symbols in it to measure.  We assemble
   it with the command assembler.h makes (local labels kept in the symbol
   table), read the relocatable ELF object back and return, for every
   name, the section and the offset inside that section where it is
   defined.
   ELF32 and ELF64, little-endian only.  */

#ifndef CACHECAT_LAYOUT_H
#define CACHECAT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cc_layout_section
{
  char *name;          /* "" for the null section */
  uint32_t type;       /* sh_type */
  uint64_t flags;      /* sh_flags */
  uint64_t size;       /* sh_size */
  uint64_t align;      /* sh_addralign (0 and 1 both mean unaligned) */
  uint32_t group;      /* index of the SHT_GROUP section holding it, 0 if none */
  uint64_t offset;     /* sh_offset: where its bytes are in the image */
} cc_layout_section;

/* Where one name is defined.  */
typedef struct cc_layout_ref
{
  uint32_t section;    /* ELF section index; 0 if not defined in a section */
  uint64_t offset;     /* offset from the start of that section */
} cc_layout_ref;

/* What to look up: some names, and families of numbered labels
   PREFIX<BASE + 1> .. PREFIX<BASE + COUNT> (decimal, no leading zero),
   found by their number without building their names.  */
#define CC_LAYOUT_MAX_FAMILIES 3

typedef struct cc_layout_family
{
  const char *prefix;
  unsigned long base;
  uint32_t count;
} cc_layout_family;

typedef struct cc_layout_query
{
  const char *const *names;
  uint32_t n_names;
  cc_layout_family families[CC_LAYOUT_MAX_FAMILIES];
  uint32_t n_families;
  int keep_image;      /* keep a copy of the object in cc_layout.image */
} cc_layout_query;

/* An ARM mapping symbol: from OFFSET of SECTION on, STATE's bytes ('a':
   A32 code, 't': Thumb code, 'd': data; ELF for the Arm Architecture,
   "Mapping symbols").  */
typedef struct cc_layout_arm_map
{
  uint32_t section;
  uint64_t offset;
  char state;
} cc_layout_arm_map;

/* A machine instruction of a layout computed from the text: its place,
   its length and whether it always runs on (machine.c reads both from
   the bytes of a measured object's).  */
typedef struct cc_layout_minsn
{
  uint32_t section;
  uint64_t offset;
  uint8_t length;
  uint8_t runs_on;
} cc_layout_minsn;

/* Bytes [FROM, TO) of section SECTION.  */
typedef struct cc_layout_span
{
  uint32_t section;
  uint64_t from, to;
} cc_layout_span;

typedef struct cc_layout
{
  int elf64;           /* ELFCLASS64 */
  uint32_t machine;    /* e_machine */
  uint32_t n_sections;
  cc_layout_section *sections;  /* indexed by ELF section index */
  uint32_t n_refs;
  cc_layout_ref *refs; /* one per name, in order */
  /* Per family, one per number: numbered[f][n - base - 1].  */
  cc_layout_ref *numbered[CC_LAYOUT_MAX_FAMILIES];
  unsigned char *image;  /* the object, if the query asked to keep it */
  size_t image_size;
  uint32_t n_arm_maps;   /* ARM objects: the mapping symbols, sorted */
  cc_layout_arm_map *arm_maps;
  /* A layout computed from the text has no image.  If FILLS_LISTED, it
     lists in NOP_FILLS (in text order per section) the padding it knows
     to be the target's no-ops, and of bytes it does not list it knows
     nothing.  */
  int fills_listed;
  cc_layout_span *nop_fills;
  uint32_t n_nop_fills;
  /* If MINSNS_LISTED (a layout computed from the text on RISC-V), it
     lists every machine instruction of its code, sorted by section and
     offset: what machine.c would read from the object's bytes.  */
  int minsns_listed;
  cc_layout_minsn *minsns;
  uint32_t n_minsns;
} cc_layout;

/* A piece of the assembly text.  */
typedef struct cc_layout_chunk
{
  const char *data;
  size_t size;
} cc_layout_chunk;

/* Write CHUNKS to a scratch .s, run
     COMMAND... -o TMP.o TMP.s
   (assembler.h makes COMMAND; no shell, stdin and stdout on /dev/null),
   read TMP.o as cc_layout_read_object does and delete every scratch file.
   The scratch files are memory files named /proc/self/fd/N where the
   system has them, else temporary files in $TMPDIR or /tmp.  Returns 0,
   or -1 with *ERR set (caller frees).  */
int cc_layout_measure (char *const *command,
                       const cc_layout_chunk *chunks, size_t n_chunks,
                       const cc_layout_query *q, cc_layout *out, char **err);
/* Read the relocatable object PATH: its section headers and, from its
   symbol table, where each name and numbered label of Q is defined.
   Returns 0, or -1 with *ERR set.  */
int cc_layout_read_object (const char *path, const cc_layout_query *q,
                           cc_layout *out, char **err);

/* The same on an object image in memory.  */
int cc_layout_read_image (const unsigned char *image, size_t size,
                          const cc_layout_query *q, cc_layout *out,
                          char **err);

/* The bytes of section SEC of L's kept image, *SIZE of them: NULL if
   there is no image, or SEC is not a section with bytes in it
   (SHT_PROGBITS) that lie inside the image.  */
const unsigned char *cc_layout_section_bytes (const cc_layout *l, uint32_t sec,
                                              uint64_t *size);

/* What the bytes at OFF of section SEC of an ARM object are, as its
   mapping symbols say: 'a' (A32), 't' (Thumb), 'd' (data), or 0 if no
   mapping symbol comes before them.  */
char cc_layout_arm_state (const cc_layout *l, uint32_t sec, uint64_t off);

void cc_layout_free (cc_layout *l);

#ifdef __cplusplus
}
#endif

#endif
