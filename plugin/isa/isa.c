/* cachecat isa: the table of targets, and what shared code asks of it
   (isa.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "isa/isa.h"

#include "support/util.h"

#include <stdlib.h>
#include <string.h>

static const cc_isa_target *const targets[CC_ARCH_COUNT] = {
#define CC_TARGET(arch, folder, ...) [CC_ARCH_##arch] = &cc_##folder##_isa,
#include "isa/targets.def"
#undef CC_TARGET
};

static const cc_arch isa_arch[CC_ISA_COUNT] = {
#define CC_ISA_ARCH_(arch, isa) [CC_ISA_##isa] = CC_ARCH_##arch,
#define CC_TARGET(arch, folder, ...) CC_ISA_EACH (CC_ISA_ARCH_, arch, __VA_ARGS__)
#include "isa/targets.def"
#undef CC_TARGET
#undef CC_ISA_ARCH_
};

const cc_isa_target *
cc_isa_target_of (cc_arch arch)
{
  return (size_t) arch < CC_ARCH_COUNT ? targets[arch] : NULL;
}

char *
cc_isa_target_names (void)
{
  char *names = NULL;
  size_t n = 0, i = 0;
  for (size_t a = 0; a < CC_ARCH_COUNT; a++)
    n += targets[a] != NULL;
  for (size_t a = 0; a < CC_ARCH_COUNT; a++)
    if (targets[a])
      {
        const char *sep = i == 0 ? "" : i + 1 == n ? " and " : ", ";
        char *more = cc_xasprintf ("%s%s%s", names ? names : "", sep, targets[a]->name);
        free (names);
        names = more;
        i++;
      }
  return names ? names : cc_xstrdup ("none");
}

cc_arch
cc_arch_of_isa (cc_isa isa)
{
  return (size_t) isa < CC_ISA_COUNT ? isa_arch[isa] : CC_ARCH_UNKNOWN;
}

/* ISA's target's table, or NULL.  */
static const cc_isa_target *
of_isa (cc_isa isa)
{
  return cc_isa_target_of (cc_arch_of_isa (isa));
}

cc_arch
cc_arch_of_triple (const char *triple)
{
  if (!triple)
    return CC_ARCH_UNKNOWN;
  for (int a = 1; a < CC_ARCH_COUNT; a++)
    for (int k = 0; k < 3 && targets[a]->triples[k]; k++)
      if (strncmp (triple, targets[a]->triples[k], strlen (targets[a]->triples[k])) == 0)
        return (cc_arch) a;
  return CC_ARCH_UNKNOWN;
}

cc_arch
cc_arch_of_elf_machine (uint32_t machine)
{
  for (int a = 1; a < CC_ARCH_COUNT; a++)
    if (targets[a]->elf_machine == machine)
      return (cc_arch) a;
  return CC_ARCH_UNKNOWN;
}

const char *
cc_arch_name (cc_arch arch)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  return t ? t->name : "unknown";
}

char
cc_mapping_symbol_kind (const char *name)
{
  if (name[0] != '$' || !name[1] || !strchr ("atxd", name[1]))
    return 0;
  if (name[2] == 0 || name[2] == '.' || (name[1] == 'x' && name[2] == 'r'))
    return name[1];
  return 0;
}

static uint32_t
le16 (const unsigned char *b)
{
  return (uint32_t) cc_load_uint (b, 2, 0);
}

static uint32_t
le32 (const unsigned char *b)
{
  return (uint32_t) cc_load_uint (b, 4, 0);
}

int
cc_isa_nops_of_width (const unsigned char *b, size_t n, size_t w, uint32_t nop,
                      uint32_t nop2)
{
  if (n == 0 || n % w)
    return 0;
  for (size_t k = 0; k < n; k += w)
    {
      uint32_t v = w == 2 ? le16 (b + k) : le32 (b + k);
      if (v != nop && (!nop2 || v != nop2))
        return 0;
    }
  return 1;
}

int
cc_isa_nops_16_32 (const unsigned char *b, size_t n, uint32_t nop16, uint32_t nop32)
{
  if (n == 0 || n % 2)
    return 0;
  for (size_t k = 0; k < n;)
    if (le16 (b + k) == nop16)
      k += 2;
    else if (k + 4 <= n && le32 (b + k) == nop32)
      k += 4;
    else
      return 0;
  return 1;
}

int
cc_isa_gap_fill (const unsigned char *b, size_t n, size_t unit,
                 int (*nop_fill) (const unsigned char *, size_t))
{
  for (size_t k = 0; k < n;)
    {
      size_t u = n - k < unit ? n - k : unit, z = 0;
      while (z < u && !b[k + z])
        z++;
      if (z == u)
        k += u;
      else if (k + 2 <= n && nop_fill (b + k, 2))
        k += 2;
      else if (k + 4 <= n && nop_fill (b + k, 4))
        k += 4;
      else
        return 0;
    }
  return 1;
}

int
cc_target_nop_fill (cc_arch arch, const unsigned char *b, size_t n)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  return t && t->nop_fill && t->nop_fill (b, n);
}

cc_isa
cc_isa_of (cc_arch arch, int thumb, int rv64)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  return t ? t->isa_of (thumb, rv64) : CC_ISA_UNKNOWN;
}

cc_isa
cc_isa_at_mapping (cc_arch arch, char kind, int is64)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  if (!t || !t->isa_mapping[0])
    return cc_isa_of (arch, 0, is64);
  for (int k = 0; k < 2; k++)
    if (kind && t->isa_mapping[k] == kind)
      return t->isas[k];
  return CC_ISA_UNKNOWN;
}

int
cc_isa_length (cc_isa isa, const unsigned char *b, size_t n)
{
  const cc_isa_target *t = of_isa (isa);
  return t ? t->length (isa, b, n) : -1;
}

int
cc_isa_padding (cc_isa isa, const unsigned char *b, size_t n)
{
  const cc_isa_target *t = of_isa (isa);
  if (!t)
    return 0;
  return t->padding ? t->padding (b, n) : t->nop_fill && t->nop_fill (b, n);
}

cc_branch_kind
cc_isa_branch (cc_isa isa, const unsigned char *b, size_t len, uint64_t a,
               const unsigned char *prev, size_t prev_len, uint64_t *target)
{
  const cc_isa_target *t = of_isa (isa);
  *target = 0;
  return t ? t->branch (isa, b, len, a, prev, prev_len, target) : CC_BRANCH_NONE;
}

int
cc_isa_refs (cc_isa isa, const unsigned char *b, size_t before, size_t n, uint64_t a,
             uint64_t gp, cc_addr_range *out)
{
  const cc_isa_target *t = of_isa (isa);
  if (n < 2 || !t || !t->refs)
    return 0;
  return t->refs (isa, b, before, n, a, gp, out);
}

/* Does the mapping symbol of kind KIND let T's code at an address be of
   instruction set K?  Not if it marks data ($d) or T's other set.  */
static int
mapping_allows (const cc_isa_target *t, char kind, int k)
{
  if (kind == 'd')
    return 0;
  for (int o = 0; o < 2; o++)
    if (o != k && t->isa_mapping[o] && t->isa_mapping[o] == kind)
      return 0;
  return 1;
}

int
cc_isa_code_refs (cc_arch arch, char kind, int is64, const unsigned char *b,
                  size_t before, size_t n, uint64_t a, uint64_t gp, cc_addr_range *out)
{
  const cc_isa_target *t = cc_isa_target_of (arch);
  if (!t)
    return 0;
  if (!t->isa_mapping[0])
    {
      cc_isa isa = cc_isa_of (arch, 0, is64);
      int k = isa == t->isas[1];
      return a % t->isa_align[k] ? 0 : cc_isa_refs (isa, b, before, n, a, gp, out);
    }
  int nr = 0;
  for (int k = 0; k < 2 && t->isas[k]; k++)
    if (mapping_allows (t, kind, k) && a % t->isa_align[k] == 0)
      nr += cc_isa_refs (t->isas[k], b, before, n, a, gp, out + nr);
  return nr;
}

int
cc_isa_runs_on (cc_isa isa, const unsigned char *b, size_t len)
{
  const cc_isa_target *t = of_isa (isa);
  return t && t->runs_on && t->runs_on (isa, b, len);
}

int
cc_isa_opcodes (cc_isa isa, const char **arch, const char **options)
{
  const cc_isa_target *t = of_isa (isa);
  for (int k = 0; t && k < 2; k++)
    if (t->isas[k] == isa && t->opcodes_arch[k])
      {
        *arch = t->opcodes_arch[k];
        *options = t->opcodes_options[k];
        return 0;
      }
  return -1;
}

cc_goes
cc_isa_decoded_flow (cc_isa isa, const cc_decoded *d, const cc_decoded *prev,
                     uint64_t *target)
{
  const cc_isa_target *t = of_isa (isa);
  *target = 0;
  return t && t->decoded_flow ? t->decoded_flow (isa, d, prev, target) : CC_GOES_UNKNOWN;
}

int
cc_isa_decoded_table (cc_isa isa, const cc_decoded *run, uint32_t n, cc_jump_table *out)
{
  const cc_isa_target *t = of_isa (isa);
  return n && t && t->decoded_table && t->decoded_table (isa, run, n, out);
}

/* Is C a letter or a digit (of a register's name)?  */
static int
word_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

int
cc_decoded_names (const cc_decoded *d, const char *word)
{
  size_t n = strlen (word);
  char m[32];
  const char *ops = cc_decoded_mnemonic (d, NULL, m, sizeof m);
  for (const char *p = strstr (ops, word); p; p = strstr (p + 1, word))
    if (!(p > ops && word_char (p[-1])) && !word_char (p[n]))
      return 1;
  return 0;
}

int
cc_decoded_among (const char *m, const char *const *list)
{
  for (int k = 0; list[k]; k++)
    if (strcmp (m, list[k]) == 0)
      return 1;
  return 0;
}

const char *
cc_decoded_mnemonic (const cc_decoded *d, const char *const *prefixes, char *mnem,
                     size_t size)
{
  const char *p = d->text;
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      size_t n = strcspn (p, " \t");
      int prefix = 0;
      for (uint32_t k = 0; prefixes && prefixes[k] && !prefix; k++)
        prefix = strlen (prefixes[k]) == n && strncmp (p, prefixes[k], n) == 0 && p[n];
      if (!prefix)
        {
          size_t m = n < size - 1 ? n : size - 1;
          memcpy (mnem, p, m);
          mnem[m] = 0;
          p += n;
          while (*p == ' ' || *p == '\t')
            p++;
          return p;
        }
      p += n;
    }
}
