/* cachecat: the command that runs the measuring assembly.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C11 (with POSIX), no GCC headers.  See assembler.h.  */

#include "layout/assembler.h"
#include "support/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Append S (taken over) to the NULL-terminated vector *V.  */
static void
argv_push (char ***v, size_t *n, size_t *cap, char *s)
{
  if (*n + 2 > *cap)
    {
      *cap = *cap ? *cap * 2 : 16;
      *v = cc_xrealloc (*v, *cap * sizeof **v);
    }
  (*v)[(*n)++] = s;
  (*v)[*n] = NULL;
}

/* Split the single-quoted words of COLLECT_GCC_OPTIONS.  */
static char **
split_quoted (const char *s, size_t *count)
{
  char **v = NULL;
  size_t n = 0, cap = 0;
  size_t len = strlen (s);
  char *word = cc_xmalloc (len + 1);
  const char *p = s;
  for (;;)
    {
      while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
      if (!*p)
        break;
      size_t w = 0;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n')
        {
          if (*p == '\'')
            {
              p++;
              while (*p && *p != '\'')
                word[w++] = *p++;
              if (*p == '\'')
                p++;
            }
          else if (*p == '\\' && p[1])
            {
              word[w++] = p[1];
              p += 2;
            }
          else
            word[w++] = *p++;
        }
      word[w] = 0;
      char *copy = cc_xmalloc (w + 1);
      memcpy (copy, word, w + 1);
      argv_push (&v, &n, &cap, copy);
    }
  free (word);
  if (!v)
    v = cc_xcalloc (1, sizeof *v);
  *count = n;
  return v;
}

/* Does assembler option ITEMS[*I] (from -Wa, or -Xassembler) go to the
   measuring assembly?  Everything that may change code does; what only
   writes a file or a message is left out (a listing, dependencies, an
   object even after errors, statistics), with the argument of those that
   take one.  Advances *I past a dropped argument.  */
static int
as_item_kept (char **items, size_t count, size_t *i)
{
  const char *o = items[*i];
  if (strcmp (o, "--MD") == 0 || strcmp (o, "-o") == 0)
    {
      if (*i + 1 < count)
        (*i)++;
      return 0;
    }
  return !(strncmp (o, "-a", 2) == 0 || strncmp (o, "--MD=", 5) == 0
           || strncmp (o, "-o", 2) == 0 || strcmp (o, "--statistics") == 0
           || strcmp (o, "--version") == 0 || strcmp (o, "-v") == 0
           || strcmp (o, "--help") == 0 || strcmp (o, "--target-help") == 0
           || strcmp (o, "--dump-config") == 0 || strcmp (o, "-D") == 0
           || strcmp (o, "-Z") == 0);
}

static int
is_regular_executable (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 && S_ISREG (st.st_mode)
         && access (path, X_OK) == 0;
}

/* NAME + "/" + FILE, or NULL.  */
static char *
join (const char *dir, size_t dir_len, const char *file)
{
  size_t fl = strlen (file);
  char *p = cc_xmalloc (dir_len + fl + 2);
  memcpy (p, dir, dir_len);
  size_t at = dir_len;
  if (at == 0)
    p[at++] = '.';
  if (p[at - 1] != '/')
    p[at++] = '/';
  memcpy (p + at, file, fl + 1);
  return p;
}

/* The first executable FILE in the ':'-separated DIRS, or NULL.  */
static char *
search_dirs (const char *dirs, const char *file)
{
  if (!dirs)
    return NULL;
  const char *p = dirs;
  for (;;)
    {
      const char *c = strchr (p, ':');
      size_t l = c ? (size_t) (c - p) : strlen (p);
      char *cand = join (p, l, file);
      if (is_regular_executable (cand))
        return cand;
      free (cand);
      if (!c)
        return NULL;
      p = c + 1;
    }
}

/* Is PATH, with symbolic links resolved, the file REAL?  */
static int
same_file (const char *path, const char *real)
{
  char buf[PATH_MAX];
  return path && realpath (path, buf) && strcmp (buf, real) == 0;
}

static int
env_set (const char *name)
{
  const char *v = getenv (name);
  return v && *v;
}

/* The assembler and its arguments as the driver TC would run it, for
   the options W[0, COUNT); NULL where that is not known for sure.  */
static char **
direct_command (const cc_toolchain *tc, const char *collect_gcc,
                char **w, size_t count, char **as_items, size_t n_items,
                const char *self_exe)
{
  if (!tc || !tc->x86_specs || !*tc->driver || !*tc->cc1)
    return NULL;
  /* Another driver, another cc1, or a driver told to look for its
     programs elsewhere.  */
  if (env_set ("GCC_EXEC_PREFIX") || env_set ("COMPILER_PATH"))
    return NULL;
  if (!same_file (self_exe, tc->cc1))
    return NULL;
  char *driver = strchr (collect_gcc, '/') ? NULL
                 : search_dirs (getenv ("PATH"), collect_gcc);
  int same = same_file (driver ? driver : collect_gcc, tc->driver);
  free (driver);
  if (!same)
    return NULL;
  /* A specs file in cc1's directory overrides the built-in specs.  */
  const char *slash = strrchr (tc->cc1, '/');
  if (!slash)
    return NULL;
  char *specs = join (tc->cc1, (size_t) (slash - tc->cc1), "specs");
  int has_specs = access (specs, F_OK) == 0;
  free (specs);
  if (has_specs)
    return NULL;

  /* The switches the asm spec looks at (COLLECT_GCC_OPTIONS lists them
     after the driver dropped the ones later options override):
       %{m16|m32:--32} %{m16|m32|mx32:;:--64} %{mx32:--x32}
       %{msse2avx:%{!mavx:-msse2avx}}  */
  int m16 = 0, m32 = 0, mx32 = 0, sse2avx = 0, avx = 0;
  for (size_t i = 0; i < count; i++)
    {
      const char *o = w[i];
      if (strcmp (o, "-m16") == 0)
        m16 = 1;
      else if (strcmp (o, "-m32") == 0)
        m32 = 1;
      else if (strcmp (o, "-mx32") == 0)
        mx32 = 1;
      else if (strcmp (o, "-msse2avx") == 0)
        sse2avx = 1;
      else if (strcmp (o, "-mavx") == 0)
        avx = 1;
      else if (strncmp (o, "-B", 2) == 0 || strncmp (o, "-specs", 6) == 0
               || strncmp (o, "--specs", 7) == 0
               || strncmp (o, "-wrapper", 8) == 0)
        return NULL;
    }

  char *as = search_dirs (tc->program_dirs, "as");
  char **v = NULL;
  size_t n = 0, cap = 0;
  /* Not found among the driver's programs: it runs "as" from PATH.  */
  argv_push (&v, &n, &cap, as ? as : cc_xstrdup ("as"));
  if (m16 || m32)
    argv_push (&v, &n, &cap, cc_xstrdup ("--32"));
  if (!(m16 || m32 || mx32))
    argv_push (&v, &n, &cap, cc_xstrdup ("--64"));
  if (mx32)
    argv_push (&v, &n, &cap, cc_xstrdup ("--x32"));
  if (sse2avx && !avx)
    argv_push (&v, &n, &cap, cc_xstrdup ("-msse2avx"));
  /* %Y: the -Wa, and -Xassembler items, in order.  */
  for (size_t i = 0; i < n_items; i++)
    if (as_item_kept (as_items, n_items, &i))
      argv_push (&v, &n, &cap, cc_xstrdup (as_items[i]));
  /* Keep the local labels (.L...) in the symbol table: they are what we
     measure.  */
  argv_push (&v, &n, &cap, cc_xstrdup ("-L"));
  return v;
}

/* The driver with the options that matter to assembling: -m*, -B* (with
   the separate argument of a bare -B) and the assembler options that may
   change code.  */
static char **
driver_command (const char *collect_gcc, char **w, size_t count,
                char **as_items, size_t n_items)
{
  char **v = NULL;
  size_t n = 0, cap = 0;
  argv_push (&v, &n, &cap, cc_xstrdup (collect_gcc));
  for (size_t i = 0; i < count; i++)
    {
      const char *o = w[i];
      if (o[0] != '-')
        continue;
      if (o[1] == 'm' && o[2])
        argv_push (&v, &n, &cap, cc_xstrdup (o));
      else if (o[1] == 'B')
        {
          argv_push (&v, &n, &cap, cc_xstrdup (o));
          if (!o[2] && i + 1 < count)
            argv_push (&v, &n, &cap, cc_xstrdup (w[++i]));
        }
    }
  for (size_t i = 0; i < n_items; i++)
    if (as_item_kept (as_items, n_items, &i))
      {
        argv_push (&v, &n, &cap, cc_xstrdup ("-Xassembler"));
        argv_push (&v, &n, &cap, cc_xstrdup (as_items[i]));
      }
  static const char *const tail[] = { "-Wa,-L", "-c", "-x", "assembler" };
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
    argv_push (&v, &n, &cap, cc_xstrdup (tail[i]));
  return v;
}

char **
cc_asm_command (const cc_toolchain *tc, const char *collect_gcc,
                const char *collect_gcc_options,
                const char *collect_as_options, const char *self_exe,
                int *direct)
{
  *direct = 0;
  if (!collect_gcc || !*collect_gcc)
    return NULL;
  size_t count = 0;
  char **w = split_quoted (collect_gcc_options ? collect_gcc_options : "",
                           &count);
  size_t n_items = 0;
  char **items = split_quoted (collect_as_options ? collect_as_options : "",
                               &n_items);
  char **v = direct_command (tc, collect_gcc, w, count, items, n_items,
                             self_exe);
  if (v)
    *direct = 1;
  else
    v = driver_command (collect_gcc, w, count, items, n_items);
  cc_asm_command_free (w);
  cc_asm_command_free (items);
  return v;
}

void
cc_asm_command_free (char **argv)
{
  if (!argv)
    return;
  for (char **p = argv; *p; p++)
    free (*p);
  free (argv);
}

/* A listing option of the assembler: -a and its variants, --listing-*.  */
static int
as_listing (const char *o)
{
  return strncmp (o, "-a", 2) == 0 || strncmp (o, "--listing", 9) == 0;
}

int
cc_asm_output_seen (const char *collect_gcc, const char *collect_gcc_options,
                    const char *collect_as_options)
{
  if (!collect_gcc || !*collect_gcc || !collect_gcc_options)
    return 1;
  int seen = 0;
  size_t count = 0, n_items = 0;
  char **w = split_quoted (collect_gcc_options, &count);
  char **items = split_quoted (collect_as_options ? collect_as_options : "", &n_items);
  for (size_t i = 0; i < count && !seen; i++)
    {
      const char *o = w[i];
      if (strcmp (o, "-S") == 0 || strcmp (o, "-E") == 0
          || strncmp (o, "-save-temps", 11) == 0 || strncmp (o, "--save-temps", 12) == 0)
        seen = 1;
      else if (strncmp (o, "-Wa,", 4) == 0)
        {
          /* -Wa,-al,-ah=FILE: the items are comma-separated.  */
          for (const char *c = o + 3; c && !seen; c = strchr (c + 1, ','))
            seen = as_listing (c + 1);
        }
      else if (strcmp (o, "-Xassembler") == 0 && i + 1 < count)
        seen = as_listing (w[++i]);
    }
  for (size_t i = 0; i < n_items && !seen; i++)
    seen = as_listing (items[i]);
  cc_asm_command_free (w);
  cc_asm_command_free (items);
  return seen;
}
