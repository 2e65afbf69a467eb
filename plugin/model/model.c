/* cachecat program model: construction helpers.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "model/model.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

void
cc_func_free (cc_func *f)
{
  free (f->name);
  for (uint32_t i = 0; i < f->n_parts; i++)
    free (f->parts[i].symbol);
  free (f->parts);
  free (f->insns);
  for (uint32_t i = 0; i < f->n_blocks; i++)
    {
      free (f->blocks[i].succs);
      free (f->blocks[i].callee);
    }
  free (f->blocks);
  for (uint32_t i = 0; i < f->n_loop_bounds; i++)
    free (f->loop_bounds[i].uids);
  free (f->loop_bounds);
  cc_footprint_free (f->footprint);
  memset (f, 0, sizeof *f);
}

void
cc_footprint_free (cc_footprint *fp)
{
  if (!fp)
    return;
  free (fp->ranges);
  for (uint32_t i = 0; i < fp->n_calls; i++)
    free (fp->calls[i]);
  free (fp->calls);
  free (fp);
}

void
cc_model_free (cc_model *m)
{
  for (uint32_t i = 0; i < m->n_sections; i++)
    free (m->sections[i].name);
  free (m->sections);
  for (uint32_t i = 0; i < m->n_files; i++)
    free (m->files[i]);
  free (m->files);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    cc_func_free (&m->funcs[i]);
  free (m->funcs);
  memset (m, 0, sizeof *m);
}

/* Sections are few, files are few: linear search keeps this simple.  */
uint32_t
cc_model_add_section (cc_model *m, const char *name, uint32_t align)
{
  for (uint32_t i = 0; i < m->n_sections; i++)
    if (strcmp (m->sections[i].name, name) == 0)
      {
        if (align > m->sections[i].align)
          m->sections[i].align = align;
        return i;
      }
  m->sections = cc_xrealloc (m->sections,
                             (m->n_sections + 1) * sizeof *m->sections);
  m->sections[m->n_sections].name = cc_xstrdup (name);
  m->sections[m->n_sections].align = align ? align : 1;
  return m->n_sections++;
}

void
cc_func_prepend_entry_pad (cc_func *f, uint32_t offset, uint32_t len)
{
  cc_insn *insns = cc_xmalloc ((f->n_insns + 1) * sizeof *insns);
  insns[0] = (cc_insn) { .uid = 0, .part = 0, .offset = offset, .length = len,
                         .file = CC_NONE, .kind = CC_INSN_PAD, .fetch = CC_FETCH_ALWAYS };
  memcpy (insns + 1, f->insns, f->n_insns * sizeof *insns);
  free (f->insns);
  f->insns = insns;
  f->n_insns++;
  cc_block *blocks = cc_xmalloc ((f->n_blocks + 1) * sizeof *blocks);
  memcpy (blocks + 1, f->blocks, f->n_blocks * sizeof *blocks);
  for (uint32_t b = 1; b <= f->n_blocks; b++)
    {
      blocks[b].first_insn++;
      if (blocks[b].fallthru != CC_NONE)
        blocks[b].fallthru++;
      for (uint32_t k = 0; k < blocks[b].n_succs; k++)
        blocks[b].succs[k]++;
    }
  blocks[0] = (cc_block) { .first_insn = 0, .n_insns = 1, .call = CC_CALL_NONE,
                           .fallthru = 1, .n_succs = 1 };
  blocks[0].succs = cc_xmalloc (sizeof *blocks[0].succs);
  blocks[0].succs[0] = 1;
  free (f->blocks);
  f->blocks = blocks;
  f->n_blocks++;
}

int
cc_func_jump_runs_on (cc_func *f, uint32_t i, int only)
{
  uint32_t b = 0;
  while (b < f->n_blocks && f->blocks[b].first_insn + f->blocks[b].n_insns - 1 != i)
    b++;
  if (b + 1 >= f->n_blocks || f->blocks[b + 1].first_insn != i + 1
      || f->insns[i + 1].part != f->insns[i].part || f->blocks[b].call != CC_CALL_NONE)
    return -1;
  cc_block *bb = &f->blocks[b];
  uint32_t next = b + 1;
  if (only)
    {
      bb->exits = 0;
      bb->n_succs = 0;
    }
  bb->fallthru = next;
  for (uint32_t k = 0; k < bb->n_succs; k++)
    if (bb->succs[k] == next)
      return 0;
  bb->succs = cc_xrealloc (bb->succs, (bb->n_succs + 1) * sizeof *bb->succs);
  bb->succs[bb->n_succs++] = next;
  return 0;
}

uint32_t
cc_model_add_file (cc_model *m, const char *path)
{
  if (!path)
    return CC_NONE;
  for (uint32_t i = 0; i < m->n_files; i++)
    if (strcmp (m->files[i], path) == 0)
      return i;
  m->files = cc_xrealloc (m->files, (m->n_files + 1) * sizeof *m->files);
  m->files[m->n_files] = cc_xstrdup (path);
  return m->n_files++;
}

uint32_t
cc_model_find_func (const cc_model *m, const char *name)
{
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (strcmp (m->funcs[i].name, name) == 0)
      return i;
  return CC_NONE;
}

static int
cmp_named_func (const void *a, const void *b)
{
  const struct cc_named_func *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : (x->func > y->func) - (x->func < y->func);
}

void
cc_func_index_build (cc_func_index *ix, const cc_model *m)
{
  ix->n = m->n_funcs;
  ix->by_name = cc_xmalloc ((m->n_funcs + 1) * sizeof *ix->by_name);
  for (uint32_t i = 0; i < m->n_funcs; i++)
    ix->by_name[i] = (struct cc_named_func){ m->funcs[i].name, i };
  qsort (ix->by_name, ix->n, sizeof *ix->by_name, cmp_named_func);
}

uint32_t
cc_func_index_find (const cc_func_index *ix, const char *name)
{
  /* The first entry not below NAME: of equal names, the lowest index.  */
  uint32_t lo = 0, hi = ix->n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (strcmp (ix->by_name[mid].name, name) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < ix->n && strcmp (ix->by_name[lo].name, name) == 0 ? ix->by_name[lo].func
                                                                 : CC_NONE;
}

void
cc_func_index_free (cc_func_index *ix)
{
  free (ix->by_name);
  ix->by_name = NULL;
  ix->n = 0;
}

void
cc_func_replace_insns (cc_func *f, cc_insn *insns, const uint32_t *first)
{
  for (uint32_t b = 0; b < f->n_blocks; b++)
    {
      cc_block *bb = &f->blocks[b];
      uint32_t end = bb->first_insn + bb->n_insns;
      bb->first_insn = first[bb->first_insn];
      bb->n_insns = first[end] - bb->first_insn;
    }
  uint32_t n = first[f->n_insns];
  free (f->insns);
  f->insns = insns;
  f->n_insns = n;
}
