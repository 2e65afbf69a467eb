/* cachecat layout: assemble with the driver, read exact offsets back.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C11 (with POSIX), no GCC headers.  See layout.h.  */

#include "layout/layout.h"
#include "layout/target.h"
#include "support/util.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ------------------------------------------------------------------ */
/* Small helpers.                                                      */

static int
lay_fail (char **err, const char *fmt, ...)
{
  if (err)
    {
      va_list ap;
      va_start (ap, fmt);
      int n = vsnprintf (NULL, 0, fmt, ap);
      va_end (ap);
      if (n < 0)
        n = 0;
      char *s = malloc ((size_t) n + 1);
      if (s)
        {
          va_start (ap, fmt);
          vsnprintf (s, (size_t) n + 1, fmt, ap);
          va_end (ap);
        }
      *err = s;
    }
  return -1;
}

/* ------------------------------------------------------------------ */
/* ELF reading.                                                        */

typedef struct img
{
  const unsigned char *p;
  size_t size;
  int elf64;
} img;

static int
rd_ok (const img *im, uint64_t off, uint64_t len)
{
  return off <= im->size && len <= im->size - off;
}

static uint64_t
rd_u (const img *im, uint64_t off, unsigned len)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < len; i++)
    v |= (uint64_t) im->p[off + i] << (8 * i);
  return v;
}

typedef struct shdr
{
  uint32_t name, type, link, info;
  uint64_t flags, offset, size, align, entsize;
} shdr;

static int
read_shdr (const img *im, uint64_t off, shdr *s)
{
  if (im->elf64)
    {
      if (!rd_ok (im, off, 64))
        return -1;
      s->name = (uint32_t) rd_u (im, off, 4);
      s->type = (uint32_t) rd_u (im, off + 4, 4);
      s->flags = rd_u (im, off + 8, 8);
      s->offset = rd_u (im, off + 24, 8);
      s->size = rd_u (im, off + 32, 8);
      s->link = (uint32_t) rd_u (im, off + 40, 4);
      s->info = (uint32_t) rd_u (im, off + 44, 4);
      s->align = rd_u (im, off + 48, 8);
      s->entsize = rd_u (im, off + 56, 8);
    }
  else
    {
      if (!rd_ok (im, off, 40))
        return -1;
      s->name = (uint32_t) rd_u (im, off, 4);
      s->type = (uint32_t) rd_u (im, off + 4, 4);
      s->flags = rd_u (im, off + 8, 4);
      s->offset = rd_u (im, off + 16, 4);
      s->size = rd_u (im, off + 20, 4);
      s->link = (uint32_t) rd_u (im, off + 24, 4);
      s->info = (uint32_t) rd_u (im, off + 28, 4);
      s->align = rd_u (im, off + 32, 4);
      s->entsize = rd_u (im, off + 36, 4);
    }
  return 0;
}

#define LAY_SHT_PROGBITS 1
#define LAY_SHT_SYMTAB 2
#define LAY_SHT_RELA 4
#define LAY_SHT_NOBITS 8
#define LAY_SHT_REL 9
#define LAY_SHT_GROUP 17
#define LAY_SHT_SYMTAB_SHNDX 18
#define LAY_SHN_UNDEF 0
#define LAY_SHN_LORESERVE 0xff00
#define LAY_SHN_XINDEX 0xffff
#define LAY_STT_FUNC 2

void
cc_layout_free (cc_layout *l)
{
  if (!l)
    return;
  for (uint32_t i = 0; i < l->n_sections; i++)
    free (l->sections[i].name);
  free (l->sections);
  free (l->refs);
  for (uint32_t f = 0; f < CC_LAYOUT_MAX_FAMILIES; f++)
    free (l->numbered[f]);
  free (l->image);
  free (l->arm_maps);
  free (l->nop_fills);
  free (l->minsns);
  memset (l, 0, sizeof *l);
}

const unsigned char *
cc_layout_section_bytes (const cc_layout *l, uint32_t sec, uint64_t *size)
{
  if (!l->image || sec == 0 || sec >= l->n_sections)
    return NULL;
  const cc_layout_section *s = &l->sections[sec];
  if (s->type != LAY_SHT_PROGBITS || s->offset > l->image_size
      || s->size > l->image_size - s->offset)
    return NULL;
  *size = s->size;
  return l->image + s->offset;
}

static int
compare_arm_map (const void *a, const void *b)
{
  const cc_layout_arm_map *x = a, *y = b;
  if (x->section != y->section)
    return x->section < y->section ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Keep SYM, at OFFSET of SECTION of an ARM object, if it is one of its
   mapping symbols ($a, $t, $d).  */
static int
note_arm_map (cc_layout *out, const char *sym, uint32_t section, uint64_t offset,
              uint32_t *cap)
{
  char kind = cc_mapping_symbol_kind (sym);
  if (!kind || kind == 'x')
    return 0;
  if (out->n_arm_maps == *cap)
    {
      *cap = *cap ? 2 * *cap : 64;
      cc_layout_arm_map *m = realloc (out->arm_maps, *cap * sizeof *m);
      if (!m)
        return -1;
      out->arm_maps = m;
    }
  out->arm_maps[out->n_arm_maps++] = (cc_layout_arm_map) { section, offset, kind };
  return 0;
}

char
cc_layout_arm_state (const cc_layout *l, uint32_t sec, uint64_t off)
{
  /* The last mapping symbol at or before (SEC, OFF).  */
  uint32_t lo = 0, hi = l->n_arm_maps;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      const cc_layout_arm_map *m = &l->arm_maps[mid];
      if (m->section < sec || (m->section == sec && m->offset <= off))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 && l->arm_maps[lo - 1].section == sec ? l->arm_maps[lo - 1].state : 0;
}

/* The place of SYM if it is a label of one of Q's families, else NULL.  */
static cc_layout_ref *
numbered_slot (const cc_layout_query *q, cc_layout *out, const char *sym)
{
  for (uint32_t f = 0; f < q->n_families; f++)
    {
      const cc_layout_family *fam = &q->families[f];
      size_t pl = strlen (fam->prefix);
      if (strncmp (sym, fam->prefix, pl) != 0)
        continue;
      const char *d = sym + pl;
      if (*d < '1' || *d > '9')
        continue;
      unsigned long v = 0;
      int digits = 0;
      for (; *d >= '0' && *d <= '9' && digits < 19; d++, digits++)
        v = v * 10 + (unsigned long) (*d - '0');
      if (*d || v <= fam->base || v - fam->base > fam->count)
        continue;
      return &out->numbered[f][v - fam->base - 1];
    }
  return NULL;
}

/* One object being read: its bytes, its section headers, the query whose
   labels are looked for among its symbols, and what that look-up uses.  */
typedef struct reader
{
  img im;
  const cc_layout_query *q;
  cc_layout *out;
  char **err;
  uint64_t shoff;             /* the section header table */
  uint32_t shentsize, shnum, shstrndx;
  shdr *sh;                   /* the SHNUM section headers */
  uint32_t symtab, shndx_sec; /* the symbol table, its SHT_SYMTAB_SHNDX; 0: none */
  uint32_t *slot;             /* the query's names, open addressing, TSIZE entries */
  uint32_t tsize;
  uint32_t *same;             /* per name: the first name spelled the same */
} reader;

/* Check the ELF header of R's image (a little-endian relocatable
   object) and find its section header table, with extended numbering.
   0, or -1 with the reason in R->err.  */
static int
read_elf_header (reader *r)
{
  img *im = &r->im;
  const unsigned char *image = im->p;
  size_t size = im->size;
  if (size < 52 || memcmp (image, "\177ELF", 4) != 0)
    return lay_fail (r->err, "not an ELF file");
  if (image[4] != 1 && image[4] != 2)
    return lay_fail (r->err, "unknown ELF class %d", image[4]);
  if (image[5] != 1)
    return lay_fail (r->err, "not a little-endian ELF file");
  im->elf64 = image[4] == 2;
  if (im->elf64 && size < 64)
    return lay_fail (r->err, "truncated ELF header");
  uint32_t etype = (uint32_t) rd_u (im, 16, 2);
  if (etype != 1)
    return lay_fail (r->err, "not a relocatable object (e_type %u)", etype);
  r->out->elf64 = im->elf64;
  r->out->machine = (uint32_t) rd_u (im, 18, 2);
  if (im->elf64)
    {
      r->shoff = rd_u (im, 40, 8);
      r->shentsize = (uint32_t) rd_u (im, 58, 2);
      r->shnum = (uint32_t) rd_u (im, 60, 2);
      r->shstrndx = (uint32_t) rd_u (im, 62, 2);
    }
  else
    {
      r->shoff = rd_u (im, 32, 4);
      r->shentsize = (uint32_t) rd_u (im, 46, 2);
      r->shnum = (uint32_t) rd_u (im, 48, 2);
      r->shstrndx = (uint32_t) rd_u (im, 50, 2);
    }
  if (r->shentsize != (im->elf64 ? 64u : 40u) || r->shoff == 0)
    return lay_fail (r->err, "bad section header table");
  shdr s0;
  if (read_shdr (im, r->shoff, &s0))
    return lay_fail (r->err, "truncated section header table");
  if (r->shnum == 0)
    r->shnum = (uint32_t) s0.size;         /* extended numbering */
  if (r->shstrndx == LAY_SHN_XINDEX)
    r->shstrndx = s0.link;
  if (r->shnum == 0 || r->shnum > (1u << 24)
      || !rd_ok (im, r->shoff, (uint64_t) r->shnum * r->shentsize))
    return lay_fail (r->err, "bad section count %u", r->shnum);
  return 0;
}

/* The sections of R's object into R->out: names, types, sizes, places
   and COMDAT groups; and where its symbol table is.  0, or -1 with the
   reason in R->err.  */
static int
read_sections (reader *r)
{
  const shdr *sh = r->sh;
  uint32_t shnum = r->shnum, shstrndx = r->shstrndx;
  cc_layout *out = r->out;
  if (shstrndx >= shnum || sh[shstrndx].type == LAY_SHT_NOBITS
      || !rd_ok (&r->im, sh[shstrndx].offset, sh[shstrndx].size))
    return lay_fail (r->err, "bad section name table");
  const shdr *strsh = &sh[shstrndx];
  for (uint32_t i = 0; i < shnum; i++)
    {
      const char *nm = "";
      if (sh[i].name < strsh->size)
        {
          const char *base = (const char *) r->im.p + strsh->offset;
          size_t maxlen = strsh->size - sh[i].name;
          if (memchr (base + sh[i].name, 0, maxlen))
            nm = base + sh[i].name;
        }
      out->sections[i].name = strdup (nm);
      if (!out->sections[i].name)
        return lay_fail (r->err, "out of memory");
      out->sections[i].type = sh[i].type;
      out->sections[i].flags = sh[i].flags;
      out->sections[i].size = sh[i].size;
      out->sections[i].align = sh[i].align;
      out->sections[i].offset = sh[i].type == LAY_SHT_NOBITS ? 0 : sh[i].offset;
      if (sh[i].type == LAY_SHT_SYMTAB)
        r->symtab = i;
      if (sh[i].type == LAY_SHT_SYMTAB_SHNDX)
        r->shndx_sec = i;
    }
  /* Section groups (COMDAT).  */
  for (uint32_t i = 1; i < shnum; i++)
    if (sh[i].type == LAY_SHT_GROUP && rd_ok (&r->im, sh[i].offset, sh[i].size))
      for (uint64_t k = 4; k + 4 <= sh[i].size; k += 4)
        {
          uint32_t member = (uint32_t) rd_u (&r->im, sh[i].offset + k, 4);
          if (member < shnum)
            out->sections[member].group = i;
        }
  return 0;
}

/* Make the places of R's query (its numbered families' and its named
   labels') in R->out, check the symbol table, and put the names in R's
   table: every symbol is looked up among them.  A name asked for twice
   keeps one slot; the others are copied from it afterwards (R->same).
   0, or -1 with the reason in R->err.  */
static int
index_names (reader *r)
{
  const cc_layout_query *q = r->q;
  cc_layout *out = r->out;
  const shdr *sh = r->sh;
  uint32_t n_names = q->n_names;
  for (uint32_t f = 0; f < q->n_families && f < CC_LAYOUT_MAX_FAMILIES; f++)
    if (!(out->numbered[f] = calloc (q->families[f].count + 1,
                                     sizeof *out->numbered[f])))
      return lay_fail (r->err, "out of memory");
  out->n_refs = n_names;
  out->refs = calloc (n_names ? n_names : 1, sizeof *out->refs);
  r->tsize = 16;
  while (r->tsize < 2 * (uint64_t) n_names)
    r->tsize *= 2;
  r->slot = malloc (r->tsize * sizeof *r->slot);
  if (!out->refs || !r->slot)
    return lay_fail (r->err, "out of memory");
  uint32_t symtab = r->symtab;
  if (!symtab || sh[symtab].link >= r->shnum
      || !rd_ok (&r->im, sh[symtab].offset, sh[symtab].size)
      || sh[sh[symtab].link].type == LAY_SHT_NOBITS
      || !rd_ok (&r->im, sh[sh[symtab].link].offset, sh[sh[symtab].link].size))
    return lay_fail (r->err, "no usable symbol table in the object");
  r->same = malloc ((n_names ? n_names : 1) * sizeof *r->same);
  if (!r->same)
    return lay_fail (r->err, "out of memory");
  for (uint32_t i = 0; i < r->tsize; i++)
    r->slot[i] = UINT32_MAX;
  for (uint32_t i = 0; i < n_names; i++)
    {
      uint32_t h = cc_name_hash (q->names[i]) & (r->tsize - 1);
      while (r->slot[h] != UINT32_MAX && strcmp (q->names[r->slot[h]], q->names[i]) != 0)
        h = (h + 1) & (r->tsize - 1);
      if (r->slot[h] == UINT32_MAX)
        r->slot[h] = i;
      r->same[i] = r->slot[h];
    }
  return 0;
}

/* Symbol K of R's object: its name's offset in the string table STRTAB
   (STRSIZE bytes), its section and value (an ARM Thumb function's
   without bit 0); 0 if it has no name there or is in no section of the
   object.  */
static int
read_symbol (const reader *r, uint64_t k, const char *strtab, uint64_t strsize,
             uint32_t *name, uint32_t *shndx, uint64_t *value)
{
  const img *im = &r->im;
  const shdr *sh = r->sh;
  uint64_t symentsize = im->elf64 ? 24 : 16;
  uint64_t so = sh[r->symtab].offset + k * symentsize;
  uint32_t info;
  *name = (uint32_t) rd_u (im, so, 4);
  if (im->elf64)
    {
      info = (uint32_t) rd_u (im, so + 4, 1);
      *shndx = (uint32_t) rd_u (im, so + 6, 2);
      *value = rd_u (im, so + 8, 8);
    }
  else
    {
      *value = rd_u (im, so + 4, 4);
      info = (uint32_t) rd_u (im, so + 12, 1);
      *shndx = (uint32_t) rd_u (im, so + 14, 2);
    }
  /* ARM: bit 0 of a function symbol says its code is Thumb; the code
     starts at the even address (ELF for the Arm Architecture, 5.5.3).  */
  const cc_isa_target *isa = cc_isa_target_of (cc_arch_of_elf_machine (r->out->machine));
  if (isa && isa->thumb_bit && (info & 0xf) == LAY_STT_FUNC)
    *value &= ~(uint64_t) 1;
  if (*name == 0 || *name >= strsize || !memchr (strtab + *name, 0, strsize - *name))
    return 0;
  if (*shndx == LAY_SHN_XINDEX)
    {
      uint32_t x = r->shndx_sec;
      if (!x || !rd_ok (im, sh[x].offset + k * 4, 4))
        *shndx = 0;
      else
        *shndx = (uint32_t) rd_u (im, sh[x].offset + k * 4, 4);
    }
  else if (*shndx >= LAY_SHN_LORESERVE)
    *shndx = 0;             /* absolute or common: not a code place */
  return *shndx != LAY_SHN_UNDEF && *shndx < r->shnum;
}

/* Place the labels of R's query by the symbols of its object (and keep
   an ARM object's mapping symbols, sorted).  0, or -1 with the reason in
   R->err.  */
static int
read_symbols (reader *r)
{
  const cc_layout_query *q = r->q;
  cc_layout *out = r->out;
  const shdr *sh = r->sh;
  const char *strtab = (const char *) r->im.p + sh[sh[r->symtab].link].offset;
  uint64_t strsize = sh[sh[r->symtab].link].size;
  uint64_t symentsize = r->im.elf64 ? 24 : 16;
  uint64_t nsyms = sh[r->symtab].size / symentsize;
  /* ARM's mapping symbols (isa.h), which say A32 or Thumb.  */
  const cc_isa_target *isa = cc_isa_target_of (cc_arch_of_elf_machine (out->machine));
  int arm = isa && isa->isa_mapping[0];
  uint32_t arm_cap = 0;
  for (uint64_t k = 1; k < nsyms; k++)
    {
      uint32_t name, shndx;
      uint64_t value;
      if (!read_symbol (r, k, strtab, strsize, &name, &shndx, &value))
        continue;
      const char *sym = strtab + name;
      if (arm && note_arm_map (out, sym, shndx, value, &arm_cap) != 0)
        return lay_fail (r->err, "out of memory");
      cc_layout_ref *nr = numbered_slot (q, out, sym);
      if (nr)
        {
          nr->section = shndx;
          nr->offset = value;
          continue;
        }
      uint32_t h = cc_name_hash (sym) & (r->tsize - 1);
      while (r->slot[h] != UINT32_MAX && strcmp (q->names[r->slot[h]], sym) != 0)
        h = (h + 1) & (r->tsize - 1);
      if (r->slot[h] != UINT32_MAX)
        {
          out->refs[r->slot[h]].section = shndx;
          out->refs[r->slot[h]].offset = value;
        }
    }
  for (uint32_t i = 0; i < q->n_names; i++)
    out->refs[i] = out->refs[r->same[i]];
  if (out->n_arm_maps)
    qsort (out->arm_maps, out->n_arm_maps, sizeof *out->arm_maps, compare_arm_map);
  return 0;
}

/* Keep a copy of the SIZE bytes of IMAGE in OUT (the decoder reads the
   code from it).  0, or -1 with the reason in ERR.  */
static int
keep_image (const unsigned char *image, size_t size, cc_layout *out, char **err)
{
  out->image = malloc (size ? size : 1);
  if (!out->image)
    return lay_fail (err, "out of memory");
  memcpy (out->image, image, size);
  out->image_size = size;
  return 0;
}

int
cc_layout_read_image (const unsigned char *image, size_t size,
                      const cc_layout_query *q, cc_layout *out, char **err)
{
  if (q->n_families > CC_LAYOUT_MAX_FAMILIES)
    return lay_fail (err, "too many label families");
  memset (out, 0, sizeof *out);
  reader r = { .im = { image, size, 0 }, .q = q, .out = out, .err = err };
  if (read_elf_header (&r))
    return -1;

  r.sh = calloc (r.shnum, sizeof *r.sh);
  out->sections = calloc (r.shnum, sizeof *out->sections);
  if (!r.sh || !out->sections)
    {
      free (r.sh);
      free (out->sections);
      out->sections = NULL;
      return lay_fail (err, "out of memory");
    }
  out->n_sections = r.shnum;
  for (uint32_t i = 0; i < r.shnum; i++)
    read_shdr (&r.im, r.shoff + (uint64_t) i * r.shentsize, &r.sh[i]);

  int rc = -1;
  if (read_sections (&r) == 0 && index_names (&r) == 0 && read_symbols (&r) == 0
      && (!q->keep_image || keep_image (image, size, out, err) == 0))
    rc = 0;
  free (r.same);
  free (r.slot);
  free (r.sh);
  if (rc)
    cc_layout_free (out);
  return rc;
}

/* Read the whole of the open file FD (from its start) into memory.  */
static unsigned char *
read_fd (int fd, size_t *size)
{
  struct stat st;
  if (fstat (fd, &st) || st.st_size <= 0)
    return NULL;
  size_t n = (size_t) st.st_size, got = 0;
  unsigned char *buf = malloc (n);
  if (!buf)
    return NULL;
  while (got < n)
    {
      ssize_t r = pread (fd, buf + got, n - got, (off_t) got);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      got += (size_t) r;
    }
  if (got != n)
    {
      free (buf);
      return NULL;
    }
  *size = n;
  return buf;
}

int
cc_layout_read_object (const char *path, const cc_layout_query *q,
                       cc_layout *out, char **err)
{
  memset (out, 0, sizeof *out);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return lay_fail (err, "cannot open %s: %s", path, strerror (errno));
  size_t size;
  unsigned char *buf = read_fd (fd, &size);
  close (fd);
  if (!buf)
    return lay_fail (err, "cannot read %s", path);
  int rc = cc_layout_read_image (buf, size, q, out, err);
  free (buf);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Assembling.                                                         */

static int
write_all (int fd, const char *p, size_t n)
{
  while (n)
    {
      ssize_t w = write (fd, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return -1;
      p += w;
      n -= (size_t) w;
    }
  return 0;
}

/* First non-empty line of the open file FD (at most 300 chars), or "".  */
static char *
first_line (int fd)
{
  char buf[512];
  ssize_t n = pread (fd, buf, sizeof buf - 1, 0);
  buf[n > 0 ? n : 0] = 0;
  char *p = buf;
  while (*p == '\n' || *p == '\r')
    p++;
  size_t l = strcspn (p, "\r\n");
  if (l > 300)
    l = 300;
  p[l] = 0;
  return strdup (p);
}

/* A scratch file of the measuring assembly, named by PATH for the
   driver and the assembler.  */
typedef struct scratch
{
  int fd;
  char *path;
  int temp;            /* a file in the temporary directory: unlink it */
} scratch;

/* An anonymous memory file WHAT, named /proc/self/fd/N for the children (they
   inherit it): the text and the object then never touch a disk, which
   saves more than half a millisecond per unit where /tmp is a disk.
   Returns 0, or -1 where the system has no such files.  */
static int
scratch_memfd (scratch *s, const char *what)
{
#ifdef MFD_CLOEXEC
  int fd = memfd_create (what, 0);
  if (fd < 0)
    return -1;
  /* Not 0, 1 or 2: the child's standard streams are replaced.  */
  if (fd < 3)
    {
      int hi = fcntl (fd, F_DUPFD, 3);
      close (fd);
      if (hi < 0)
        return -1;
      fd = hi;
    }
  char *path = cc_xasprintf ("/proc/self/fd/%d", fd);
  if (access (path, R_OK | W_OK) != 0)
    {
      free (path);
      close (fd);
      return -1;
    }
  s->fd = fd;
  s->path = path;
  s->temp = 0;
  return 0;
#else
  (void) s;
  (void) what;
  return -1;
#endif
}

/* A scratch file: in memory if possible, else a temporary file in
   $TMPDIR or /tmp ending in SUFFIX.  */
static int
scratch_open (scratch *s, const char *suffix, char **err)
{
  char name[32];
  snprintf (name, sizeof name, "cachecat%s", suffix);
  if (scratch_memfd (s, name) == 0)
    return 0;
  const char *tmpdir = getenv ("TMPDIR");
  if (!tmpdir || !*tmpdir)
    tmpdir = "/tmp";
  s->path = cc_xasprintf ("%s/cachecat-XXXXXX%s", tmpdir, suffix);
  s->fd = mkstemps (s->path, (int) strlen (suffix));
  if (s->fd < 0)
    {
      lay_fail (err, "cannot create a temporary file in %s: %s", tmpdir,
                strerror (errno));
      free (s->path);
      s->path = NULL;
      return -1;
    }
  s->temp = 1;
  return 0;
}

static void
scratch_close (scratch *s)
{
  if (s->fd >= 0)
    close (s->fd);
  if (s->temp && s->path)
    unlink (s->path);
  free (s->path);
  s->fd = -1;
  s->path = NULL;
}

/* Run ARGV, standard input and output on /dev/null and standard error
   into ERR_FD.  Returns the wait status, or -1 with *ERR set.  */
static int
run_command (char **argv, int err_fd, char **err)
{
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init (&fa))
    return lay_fail (err, "posix_spawn_file_actions_init failed");
  posix_spawn_file_actions_addopen (&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen (&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2 (&fa, err_fd, 2);
  pid_t pid;
  int sp = posix_spawnp (&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&fa);
  if (sp)
    return lay_fail (err, "cannot run %s: %s", argv[0], strerror (sp));
  int status = 0;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return lay_fail (err, "waitpid failed: %s", strerror (errno));
  return status;
}

int
cc_layout_measure (char *const *command,
                   const cc_layout_chunk *chunks, size_t n_chunks,
                   const cc_layout_query *q, cc_layout *out, char **err)
{
  memset (out, 0, sizeof *out);
  if (!command || !command[0])
    return lay_fail (err, "the compiler driver is unknown "
                     "(COLLECT_GCC is not set)");
  scratch sf = { -1, NULL, 0 }, of = { -1, NULL, 0 }, ef = { -1, NULL, 0 };
  int rc = -1;
  char **argv = NULL;
  if (scratch_open (&sf, ".s", err) || scratch_open (&of, ".o", err)
      || scratch_open (&ef, ".err", err))
    goto out;

  for (size_t i = 0; i < n_chunks; i++)
    if (chunks[i].size && write_all (sf.fd, chunks[i].data, chunks[i].size))
      {
        lay_fail (err, "cannot write %s: %s", sf.path, strerror (errno));
        goto out;
      }
  /* A temporary file is complete once closed; a memory file must stay
     open to exist.  */
  if (sf.temp)
    {
      int c = close (sf.fd);
      sf.fd = -1;
      if (c)
        {
          lay_fail (err, "cannot write %s: %s", sf.path, strerror (errno));
          goto out;
        }
    }

  size_t nc = 0;
  while (command[nc])
    nc++;
  argv = calloc (nc + 4, sizeof *argv);
  if (!argv)
    {
      lay_fail (err, "out of memory");
      goto out;
    }
  memcpy (argv, command, nc * sizeof *argv);
  argv[nc] = (char *) "-o";
  argv[nc + 1] = of.path;
  argv[nc + 2] = sf.path;
  argv[nc + 3] = NULL;

  int status = run_command (argv, ef.fd, err);
  if (status == -1)
    goto out;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      char *line = first_line (ef.fd);
      if (WIFEXITED (status))
        lay_fail (err, "the assembler failed (exit status %d)%s%s",
                  WEXITSTATUS (status), line && *line ? ": " : "",
                  line ? line : "");
      else
        lay_fail (err, "the assembler was killed by signal %d",
                  WIFSIGNALED (status) ? WTERMSIG (status) : 0);
      free (line);
      goto out;
    }
  /* The object as the assembler left it (a temporary file may have been
     replaced: open it again).  */
  if (of.temp)
    rc = cc_layout_read_object (of.path, q, out, err);
  else
    {
      size_t size;
      unsigned char *buf = read_fd (of.fd, &size);
      if (!buf)
        lay_fail (err, "cannot read the object");
      else
        {
          rc = cc_layout_read_image (buf, size, q, out, err);
          free (buf);
        }
    }

out:
  scratch_close (&sf);
  scratch_close (&of);
  scratch_close (&ef);
  free (argv);
  return rc;
}
