/* cachecat-link: the linked program, read with libelf.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   What the link-time analysis needs of an executable: its allocated
   sections and their bytes, its symbols, whether it is static, and the
   records of the units' models (model/model_record.h).  */

#ifndef CACHECAT_ELF_IMAGE_H
#define CACHECAT_ELF_IMAGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct cc_elf_section
{
  char *name;
  uint64_t addr, size;
  int alloc, exec;             /* SHF_ALLOC, SHF_EXECINSTR */
  const unsigned char *data;   /* NULL for SHT_NOBITS */
} cc_elf_section;

typedef struct cc_elf_symbol
{
  char *name;
  uint64_t value, size;
  int global;                  /* STB_GLOBAL or STB_WEAK */
  int func;                    /* STT_FUNC (or STT_GNU_IFUNC) */
  int defined;                 /* not SHN_UNDEF */
} cc_elf_symbol;

/* A mapping symbol of ARM, AArch64 or RISC-V code ($a, $t, $x, $d, ...):
   from ADDR on, the bytes of its section are KIND: 'a' A32 code, 't'
   Thumb code, 'x' code (AArch64, RISC-V), 'd' data.  */
typedef struct cc_elf_map
{
  uint64_t addr;
  char kind;
} cc_elf_map;

/* A relocation the program keeps for its loader or its start-up code
   (an allocated SHT_RELA or SHT_REL section): IRELATIVE ones fill the
   slots IFUNC calls go through.  */
typedef struct cc_elf_reloc
{
  uint64_t offset;             /* the address it writes */
  uint32_t type;               /* ELF{32,64}_R_TYPE */
  int64_t addend;              /* RELA's; REL's is in the bytes at offset */
  int rela;
} cc_elf_reloc;

typedef struct cc_elf_image
{
  void *elf;                   /* Elf * */
  int fd;
  int is64, big_endian;
  unsigned machine;            /* e_machine */
  int dynamic;                 /* has a PT_INTERP or a PT_DYNAMIC */
  int exec_stack;              /* the stack is executable (PT_GNU_STACK with
                                  PF_X, or none): code may run there, as
                                  GCC's trampolines of nested functions do */
  int writable_code;           /* a loadable segment both writable and
                                  executable */
  int pie;                     /* ET_DYN: position-independent */
  uint64_t entry;              /* e_entry: where the program starts */
  uint32_t n_sections;
  cc_elf_section *sections;    /* allocated sections and .debug_cachecat */
  uint32_t n_code;
  uint32_t *code;              /* the executable sections with data, in
                                  order (cc_elf_code_at looks there) */
  uint32_t n_symbols;
  cc_elf_symbol *symbols;      /* .symtab */
  uint32_t n_dynsyms;
  cc_elf_symbol *dynsyms;      /* .dynsym */
  uint32_t n_maps;
  cc_elf_map *maps;            /* the mapping symbols of .symtab, by address */
  uint32_t n_relocs;
  cc_elf_reloc *relocs;        /* of allocated relocation sections */
  const unsigned char *records; /* .debug_cachecat, NULL if none */
  size_t records_size;
  int has_debug;               /* any .debug_ section besides ours */
} cc_elf_image;

/* Open PATH.  Returns 0, or -1 with *ERR set (caller frees).  */
int cc_elf_open (const char *path, cc_elf_image *img, char **err);
void cc_elf_close (cc_elf_image *img);

/* The executable section holding [ADDR, ADDR + SIZE) with its bytes, or
   NULL.  */
const cc_elf_section *cc_elf_code_at (const cc_elf_image *img, uint64_t addr, uint64_t size);

/* What the mapping symbols say the byte at ADDR is ('a', 't', 'x', 'd'),
   or 0 if none in its section does.  */
char cc_elf_mapping_at (const cc_elf_image *img, uint64_t addr);

/* The size of a function symbol NAME at ADDR of .symtab (local or
   global), or -1 if there is none.  */
int64_t cc_elf_func_size (const cc_elf_image *img, const char *name, uint64_t addr);

/* The defined symbols of IMG's .symtab by value (a function's Thumb bit
   cleared if THUMB), into *N: a new array (the names are IMG's).  Not the
   mapping symbols ($x, $t, $d): they name no code, only the kind of its
   bytes.  */
cc_elf_symbol *cc_elf_symbols_by_value (const cc_elf_image *img, int thumb, uint32_t *n);
/* The first of the N symbols V (by value) at or after A.  */
uint32_t cc_elf_first_symbol_from (const cc_elf_symbol *v, uint32_t n, uint64_t a);

/* A defined global symbol NAME of .symtab (else .dynsym), or NULL.  */
const cc_elf_symbol *cc_elf_global (const cc_elf_image *img, const char *name);

#endif
