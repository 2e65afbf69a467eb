/* cachecat-link: the linked program, read with libelf.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "binary/elf_image.h"
#include "isa/isa.h"
#include "model/model_record.h"
#include "support/util.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int
elf_fail (char **err, const char *path, const char *what)
{
  *err = cc_xasprintf ("%s: %s", path, what);
  return -1;
}

/* The symbols of symbol table section SCN.  */
static void
read_symbols (Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, cc_elf_symbol **out,
              uint32_t *n)
{
  Elf_Data *d = elf_getdata (scn, NULL);
  size_t count = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;
  *out = cc_xcalloc (count + 1, sizeof **out);
  *n = 0;
  for (size_t i = 1; d && i < count; i++)
    {
      GElf_Sym s;
      if (!gelf_getsym (d, (int) i, &s))
        continue;
      const char *name = elf_strptr (elf, sh->sh_link, s.st_name);
      if (!name || !*name)
        continue;
      cc_elf_symbol *y = &(*out)[(*n)++];
      y->name = cc_xstrdup (name);
      y->value = s.st_value;
      y->size = s.st_size;
      int bind = GELF_ST_BIND (s.st_info), type = GELF_ST_TYPE (s.st_info);
      y->global = bind == STB_GLOBAL || bind == STB_WEAK;
      y->func = type == STT_FUNC || type == STT_GNU_IFUNC;
      y->defined = s.st_shndx != SHN_UNDEF;
    }
}

/* The relocations of section SCN (SHT_RELA or SHT_REL) into IMG.  */
static void
read_relocs (cc_elf_image *img, Elf_Scn *scn, const GElf_Shdr *sh)
{
  Elf_Data *d = elf_getdata (scn, NULL);
  if (!d || !sh->sh_entsize)
    return;
  uint64_t n = sh->sh_size / sh->sh_entsize;
  img->relocs = cc_xrealloc (img->relocs, (img->n_relocs + n + 1) * sizeof *img->relocs);
  for (uint64_t i = 0; i < n; i++)
    {
      cc_elf_reloc *r = &img->relocs[img->n_relocs];
      if (sh->sh_type == SHT_RELA)
        {
          GElf_Rela a;
          if (!gelf_getrela (d, (int) i, &a))
            continue;
          *r = (cc_elf_reloc) { a.r_offset, (uint32_t) (img->is64 ? GELF_R_TYPE (a.r_info)
                                                       : ELF32_R_TYPE (a.r_info)),
                                a.r_addend, 1 };
        }
      else
        {
          GElf_Rel a;
          if (!gelf_getrel (d, (int) i, &a))
            continue;
          *r = (cc_elf_reloc) { a.r_offset, (uint32_t) (img->is64 ? GELF_R_TYPE (a.r_info)
                                                       : ELF32_R_TYPE (a.r_info)), 0, 0 };
        }
      img->n_relocs++;
    }
}

static int
cmp_map (const void *a, const void *b)
{
  uint64_t x = ((const cc_elf_map *) a)->addr, y = ((const cc_elf_map *) b)->addr;
  return (x > y) - (x < y);
}

static void
read_maps (cc_elf_image *img)
{
  img->maps = cc_xmalloc ((img->n_symbols + 1) * sizeof *img->maps);
  for (uint32_t i = 0; i < img->n_symbols; i++)
    {
      const cc_elf_symbol *y = &img->symbols[i];
      char k = y->global || !y->defined ? 0 : cc_mapping_symbol_kind (y->name);
      if (k)
        img->maps[img->n_maps++] = (cc_elf_map) { y->value, k };
    }
  qsort (img->maps, img->n_maps, sizeof *img->maps, cmp_map);
}

int
cc_elf_open (const char *path, cc_elf_image *img, char **err)
{
  memset (img, 0, sizeof *img);
  img->fd = -1;
  if (elf_version (EV_CURRENT) == EV_NONE)
    return elf_fail (err, path, "libelf is out of date");
  img->fd = open (path, O_RDONLY);
  if (img->fd < 0)
    return elf_fail (err, path, strerror (errno));
  Elf *elf = elf_begin (img->fd, ELF_C_READ, NULL);
  img->elf = elf;
  if (!elf || elf_kind (elf) != ELF_K_ELF)
    return elf_fail (err, path, "not an ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr (elf, &eh))
    return elf_fail (err, path, elf_errmsg (-1));
  if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
    return elf_fail (err, path, "not a linked program (an object file? cachecat-link "
                     "reads the executable the linker wrote)");
  img->is64 = gelf_getclass (elf) == ELFCLASS64;
  img->entry = eh.e_entry;
  img->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
  img->machine = eh.e_machine;
  img->pie = eh.e_type == ET_DYN;
  size_t nph = 0;
  int gnu_stack = 0;
  if (elf_getphdrnum (elf, &nph) == 0)
    for (size_t i = 0; i < nph; i++)
      {
        GElf_Phdr ph;
        if (!gelf_getphdr (elf, (int) i, &ph))
          continue;
        if (ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC)
          img->dynamic = 1;
        if (ph.p_type == PT_GNU_STACK)
          gnu_stack = 1, img->exec_stack |= (ph.p_flags & PF_X) != 0;
        if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) && (ph.p_flags & PF_W))
          img->writable_code = 1;
      }
  /* Without PT_GNU_STACK, Linux makes the stack executable.  */
  img->exec_stack |= !gnu_stack;
  size_t shstrndx;
  if (elf_getshdrstrndx (elf, &shstrndx) != 0)
    return elf_fail (err, path, elf_errmsg (-1));
  size_t nsec = 0;
  elf_getshdrnum (elf, &nsec);
  img->sections = cc_xcalloc (nsec + 1, sizeof *img->sections);
  for (Elf_Scn *scn = elf_nextscn (elf, NULL); scn; scn = elf_nextscn (elf, scn))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
        continue;
      const char *name = elf_strptr (elf, shstrndx, sh.sh_name);
      if (!name)
        continue;
      if (sh.sh_type == SHT_SYMTAB)
        read_symbols (elf, scn, &sh, &img->symbols, &img->n_symbols);
      else if (sh.sh_type == SHT_DYNSYM)
        read_symbols (elf, scn, &sh, &img->dynsyms, &img->n_dynsyms);
      if (strcmp (name, CC_RECORD_SECTION) == 0)
        {
          /* ld --compress-debug-sections compresses it like DWARF.  */
          if ((sh.sh_flags & SHF_COMPRESSED) && elf_compress (scn, 0, 0) < 0)
            return elf_fail (err, path, "cannot decompress " CC_RECORD_SECTION);
          Elf_Data *d = elf_getdata (scn, NULL);
          if (d && d->d_buf)
            {
              img->records = d->d_buf;
              img->records_size = d->d_size;
            }
          continue;
        }
      if (strncmp (name, ".debug_", 7) == 0)
        img->has_debug = 1;
      if (!(sh.sh_flags & SHF_ALLOC) || sh.sh_size == 0)
        continue;
      if (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL)
        read_relocs (img, scn, &sh);
      cc_elf_section *s = &img->sections[img->n_sections++];
      s->name = cc_xstrdup (name);
      s->addr = sh.sh_addr;
      s->size = sh.sh_size;
      s->alloc = 1;
      s->exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
      if (sh.sh_type != SHT_NOBITS)
        {
          Elf_Data *d = elf_getdata (scn, NULL);
          if (d && d->d_buf && d->d_size == sh.sh_size)
            s->data = d->d_buf;
        }
    }
  read_maps (img);
  img->code = cc_xmalloc ((img->n_sections + 1) * sizeof *img->code);
  for (uint32_t i = 0; i < img->n_sections; i++)
    if (img->sections[i].exec && img->sections[i].data)
      img->code[img->n_code++] = i;
  return 0;
}

void
cc_elf_close (cc_elf_image *img)
{
  for (uint32_t i = 0; i < img->n_sections; i++)
    free (img->sections[i].name);
  free (img->sections);
  free (img->code);
  for (uint32_t i = 0; i < img->n_symbols; i++)
    free (img->symbols[i].name);
  free (img->symbols);
  for (uint32_t i = 0; i < img->n_dynsyms; i++)
    free (img->dynsyms[i].name);
  free (img->dynsyms);
  free (img->maps);
  free (img->relocs);
  if (img->elf)
    elf_end (img->elf);
  if (img->fd >= 0)
    close (img->fd);
  memset (img, 0, sizeof *img);
  img->fd = -1;
}

const cc_elf_section *
cc_elf_code_at (const cc_elf_image *img, uint64_t addr, uint64_t size)
{
  for (uint32_t i = 0; i < img->n_code; i++)
    {
      const cc_elf_section *s = &img->sections[img->code[i]];
      if (addr >= s->addr && addr - s->addr <= s->size && size <= s->size - (addr - s->addr))
        return s;
    }
  return NULL;
}

char
cc_elf_mapping_at (const cc_elf_image *img, uint64_t addr)
{
  uint32_t lo = 0, hi = img->n_maps;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (img->maps[mid].addr <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (!lo)
    return 0;
  /* A mapping symbol of the section before says nothing of this one.  */
  for (uint32_t i = 0; i < img->n_sections; i++)
    {
      const cc_elf_section *s = &img->sections[i];
      if (addr >= s->addr && addr - s->addr < s->size)
        return img->maps[lo - 1].addr >= s->addr ? img->maps[lo - 1].kind : 0;
    }
  return 0;
}

int64_t
cc_elf_func_size (const cc_elf_image *img, const char *name, uint64_t addr)
{
  for (uint32_t i = 0; i < img->n_symbols; i++)
    {
      const cc_elf_symbol *y = &img->symbols[i];
      /* (ARM's Thumb functions carry the Thumb bit.)  */
      if (y->func && y->defined && (y->value & ~(uint64_t) 1) == addr
          && strcmp (y->name, name) == 0)
        return (int64_t) y->size;
    }
  return -1;
}

static const cc_elf_symbol *
find_global (const cc_elf_symbol *v, uint32_t n, const char *name)
{
  for (uint32_t i = 0; i < n; i++)
    if (v[i].global && v[i].defined && strcmp (v[i].name, name) == 0)
      return &v[i];
  return NULL;
}

const cc_elf_symbol *
cc_elf_global (const cc_elf_image *img, const char *name)
{
  const cc_elf_symbol *s = find_global (img->symbols, img->n_symbols, name);
  return s ? s : find_global (img->dynsyms, img->n_dynsyms, name);
}

static int
cmp_symbol_value (const void *a, const void *b)
{
  const cc_elf_symbol *x = a, *y = b;
  return (x->value > y->value) - (x->value < y->value);
}

cc_elf_symbol *
cc_elf_symbols_by_value (const cc_elf_image *img, int thumb, uint32_t *n)
{
  cc_elf_symbol *v = cc_xmalloc ((img->n_symbols + 1) * sizeof *v);
  *n = 0;
  for (uint32_t i = 0; i < img->n_symbols; i++)
    if (img->symbols[i].defined && img->symbols[i].name && img->symbols[i].name[0]
        && img->symbols[i].name[0] != '$')
      {
        v[*n] = img->symbols[i];
        if (thumb && v[*n].func)
          v[*n].value &= ~(uint64_t) 1;
        (*n)++;
      }
  qsort (v, *n, sizeof *v, cmp_symbol_value);
  return v;
}

uint32_t
cc_elf_first_symbol_from (const cc_elf_symbol *v, uint32_t n, uint64_t a)
{
  return (uint32_t) cc_lower_bound_u64 (v, n, sizeof *v, offsetof (cc_elf_symbol, value), a);
}
