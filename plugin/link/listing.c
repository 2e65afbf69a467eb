/* cachecat-link: the annotated disassembly of the whole program.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   objdump does the disassembling (it knows every instruction and prints
   source lines with -l); we keep the blocks of the functions that have a
   model and add each instruction's annotation, as the plugin puts it in
   the .s.  */

#include "link/listing.h"
#include "output/report.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct insn_at
{
  uint64_t addr;
  uint32_t func, insn;
} insn_at;

static int
cmp_insn_at (const void *a, const void *b)
{
  uint64_t x = ((const insn_at *) a)->addr, y = ((const insn_at *) b)->addr;
  return (x > y) - (x < y);
}

typedef struct part_at
{
  uint64_t addr, size;
  const char *name;
} part_at;

static int
cmp_part_at (const void *a, const void *b)
{
  uint64_t x = ((const part_at *) a)->addr, y = ((const part_at *) b)->addr;
  return (x > y) - (x < y);
}

/* The part holding ADDR, or NULL.  */
static const part_at *
find_part (const part_at *v, size_t n, uint64_t addr)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (v[mid].addr <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo && addr - v[lo - 1].addr < v[lo - 1].size ? &v[lo - 1] : NULL;
}

static const insn_at *
find_insn (const insn_at *v, size_t n, uint64_t addr)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (v[mid].addr == addr)
        return &v[mid];
      if (v[mid].addr < addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* objdump -d -l -w PROGRAM, read through a pipe: $OBJDUMP, else the
   objdump of ARCH's binutils (the host's reads only its own machine's
   code), else objdump.  */
static FILE *
run_objdump (const char *program, cc_arch arch, pid_t *pid)
{
  int fd[2];
  if (pipe (fd) < 0)
    return NULL;
  *pid = fork ();
  if (*pid < 0)
    return NULL;
  if (*pid == 0)
    {
      dup2 (fd[1], 1);
      close (fd[0]);
      close (fd[1]);
      const char *objdump = getenv ("OBJDUMP");
      if (objdump && *objdump)
        execlp (objdump, objdump, "-d", "-l", "-w", "--", program, (char *) NULL);
      else
        {
          const cc_isa_target *t = cc_isa_target_of (arch);
          for (int c = 0; t && c < 3 && t->objdumps[c]; c++)
            execlp (t->objdumps[c], t->objdumps[c], "-d", "-l", "-w", "--", program,
                    (char *) NULL);
          execlp ("objdump", "objdump", "-d", "-l", "-w", "--", program, (char *) NULL);
        }
      _exit (127);
    }
  close (fd[1]);
  return fdopen (fd[0], "r");
}

/* What the listing is made of, and why objdump failed (NULL: it did not).  */
typedef struct listing_job
{
  const char *program;
  const cc_whole_program *wp;
  const cc_result *r;
  const insn_at *v;
  size_t k;
  const part_at *parts;
  size_t np;
  const char *failed;
} listing_job;

/* objdump's disassembly of the program, the blocks of our functions with
   their annotations, into OUT (cc_write_file's fill).  */
static int
fill_listing (FILE *out, void *data)
{
  listing_job *job = data;
  const cc_model *m = &job->wp->model;
  pid_t pid;
  FILE *in = run_objdump (job->program, job->wp->arch, &pid);
  char *line = NULL, *pending = NULL;
  size_t cap = 0, pending_len = 0, pending_cap = 0;
  const part_at *cur = NULL;
  char ann[2048];
  while (in && getline (&line, &cap, in) > 0)
    {
      size_t len = strlen (line);
      if (len && line[len - 1] == '\n')
        line[--len] = 0;
      unsigned long long a;
      char c;
      if (sscanf (line, " %llx:%c", &a, &c) != 2 || c != '\t')
        {
          /* objdump's own headers and -l's source lines: kept for the
             next instruction if it is ours (a function we name below).  */
          if (sscanf (line, "%llx <%c", &a, &c) == 2 || !len)
            continue;
          if (pending_len + len + 3 > pending_cap)
            {
              pending_cap = 2 * (pending_len + len + 2);
              pending = cc_xrealloc (pending, pending_cap);
            }
          memcpy (pending + pending_len, line, len);
          pending_len += len;
          pending[pending_len++] = '\n';
          continue;
        }
      const part_at *pa = find_part (job->parts, job->np, a);
      if (pa && pa != cur)
        /* The report's name: static functions of two units differ.  */
        {
          fprintf (out, "\n%016llx <", (unsigned long long) pa->addr);
          cc_fputs_utf8 (pa->name, out);
          fputs (">:\n", out);
        }
      cur = pa;
      if (pa && pending_len)
        {
          /* (Source lines and names, from the input: UTF-8 or not.)  */
          pending[pending_len] = 0;
          cc_fputs_utf8 (pending, out);
        }
      pending_len = 0;
      if (!pa)
        continue;
      cc_fputs_utf8 (line, out);
      const insn_at *hit = find_insn (job->v, job->k, a);
      if (hit)
        {
          cc_annotation (m, job->r, hit->func, hit->insn, 1, ann, sizeof ann);
          fputs ("\t# ", out);
          cc_fputs_utf8 (ann, out);
        }
      fputc ('\n', out);
    }
  free (pending);
  free (line);
  int status = 0;
  if (in)
    {
      fclose (in);
      waitpid (pid, &status, 0);
    }
  if (!in || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      job->failed = "objdump failed (is binutils installed? OBJDUMP names another)";
      return -1;
    }
  return 0;
}

int
cc_write_listing (const char *path, const char *program, const cc_whole_program *wp,
                  const cc_result *r, char **err)
{
  const cc_model *m = &wp->model;
  size_t n = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    n += m->funcs[f].n_insns;
  insn_at *v = cc_xmalloc ((n + 1) * sizeof *v);
  /* Every part, sorted by address: the listing shows their bytes.  */
  size_t n_parts = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    n_parts += m->funcs[f].n_parts;
  part_at *parts = cc_xmalloc ((n_parts + 1) * sizeof *parts);
  size_t k = 0, np = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++)
    {
      const cc_func *fn = &m->funcs[f];
      if (fn->flags & CC_FUNC_SYNTHETIC)
        continue;
      for (uint32_t p = 0; p < fn->n_parts; p++)
        parts[np++] = (part_at) { wp->funcs[f].addr[p], fn->parts[p].size,
                                  fn->parts[p].symbol };
      for (uint32_t i = 0; i < fn->n_insns; i++)
        if (cc_insn_reported (&fn->insns[i]))
          v[k++] = (insn_at) { wp->section_base[fn->parts[fn->insns[i].part].section]
                               + fn->insns[i].offset, f, i };
    }
  qsort (parts, np, sizeof *parts, cmp_part_at);
  qsort (v, k, sizeof *v, cmp_insn_at);

  listing_job job = { program, wp, r, v, k, parts, np, NULL };
  int rc = cc_write_file (path, fill_listing, &job, err);
  if (rc < 0 && job.failed)
    {
      free (*err);
      *err = cc_xstrdup (job.failed);
    }
  free (v);
  free (parts);
  return rc;
}
