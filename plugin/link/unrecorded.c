/* cachecat-link: the program's units compiled without record.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "link/unrecorded.h"
#include "support/util.h"

#include <elfutils/libdw.h>
#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* A compile unit of the program's DWARF.  */
typedef struct cu
{
  const char *name, *dir;      /* DW_AT_name, DW_AT_comp_dir */
  int recorded;                /* a record's source is its name */
  int c;                       /* C or C++ (a GCC front end the plugin runs in) */
  Dwarf_Off off;
} cu;

static int
is_c (Dwarf_Die *die)
{
  Dwarf_Attribute a;
  Dwarf_Word lang;
  if (!dwarf_attr (die, DW_AT_language, &a) || dwarf_formudata (&a, &lang) != 0)
    return 0;
  return lang == DW_LANG_C89 || lang == DW_LANG_C || lang == DW_LANG_C99
         || lang == DW_LANG_C11 || lang == DW_LANG_C_plus_plus
         || lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14;
}

/* Up to five names of the functions CU defines, as "a, b, c" (to free).  */
static char *
functions_of (Dwarf *dw, Dwarf_Off off)
{
  Dwarf_Die die, child;
  char *v = cc_xstrdup ("");
  int n = 0, more = 0;
  if (!dwarf_offdie (dw, off, &die) || dwarf_child (&die, &child) != 0)
    return v;
  do
    {
      Dwarf_Addr lo;
      const char *name = dwarf_diename (&child);
      if (dwarf_tag (&child) != DW_TAG_subprogram || !name || dwarf_lowpc (&child, &lo) != 0)
        continue;
      if (n == 5)
        {
          more++;
          continue;
        }
      char *t = cc_xasprintf ("%s%s'%s'", v, n ? ", " : "", name);
      free (v);
      v = t;
      n++;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  if (more)
    {
      char *t = cc_xasprintf ("%s and %d more", v, more);
      free (v);
      v = t;
    }
  return v;
}

uint32_t
cc_warn_unrecorded (FILE *out, const char *program, const cc_elf_image *img,
                    const cc_unit_record *units, uint32_t n)
{
  Dwarf *dw = dwarf_begin_elf ((Elf *) img->elf, DWARF_C_READ, NULL);
  if (!dw)
    return 0;
  cu *v = NULL;
  size_t nv = 0, cap = 0, hsize;
  Dwarf_Off off = 0, next;
  while (dwarf_nextcu (dw, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die die;
      if (dwarf_offdie (dw, off + hsize, &die) && dwarf_tag (&die) == DW_TAG_compile_unit
          && dwarf_diename (&die))
        {
          Dwarf_Attribute a;
          const char *dir = dwarf_formstring (dwarf_attr (&die, DW_AT_comp_dir, &a));
          v = cc_grow (v, &cap, nv + 1, sizeof *v, 64);
          v[nv] = (cu) { dwarf_diename (&die), dir ? dir : "", 0, is_c (&die), off + hsize };
          for (uint32_t u = 0; u < n && !v[nv].recorded; u++)
            v[nv].recorded = strcmp (units[u].source, v[nv].name) == 0;
          nv++;
        }
      off = next;
    }
  uint32_t warned = 0;
  for (size_t i = 0; i < nv; i++)
    {
      if (v[i].recorded || !v[i].c)
        continue;
      /* Compiled where a unit with a record was: the project's.  */
      int ours = 0;
      for (size_t j = 0; j < nv && !ours; j++)
        ours = v[j].recorded && strcmp (v[j].dir, v[i].dir) == 0;
      if (!ours)
        continue;
      char *funcs = functions_of (dw, v[i].off);
      fprintf (out, "%s: warning: %s was compiled without -fplugin-arg-cachecat-record: its "
               "functions%s%s are code without a model, which may evict anything\n",
               program, v[i].name, *funcs ? " " : "", funcs);
      free (funcs);
      warned++;
    }
  free (v);
  dwarf_end (dw);
  return warned;
}
