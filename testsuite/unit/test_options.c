/* cachecat unit tests: plugin arguments and cache configuration files.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Run from the repository root: the shipped configs are found as config/.
   Temporary files go to /tmp and are removed again.  */

#include "options/options.h"
#include "model/model.h"
#include "unit.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define P "-fplugin-arg-cachecat-"
#define MAX_ARGS 16

/* A NULL-terminated list of "key=value" or bare "key" strings.  */
#define L(...) ((const char *const[]) { __VA_ARGS__, NULL })
#define NONE ((const char *const[]) { NULL })

static const char *const no_dirs[] = { NULL };
static const char *const repo_dirs[] = { "config", NULL };

/* Split LIST into cc_args the way the GCC glue does and parse them.  */
static int
parse (cc_options *o, char **err, const char *const *dirs,
       const char *const *list)
{
  static char buf[MAX_ARGS][512];
  cc_arg args[MAX_ARGS];
  int n = 0;

  for (; *list && n < MAX_ARGS; list++, n++)
    {
      char *eq;
      snprintf (buf[n], sizeof buf[n], "%s", *list);
      eq = strchr (buf[n], '=');
      args[n].key = buf[n];
      args[n].value = NULL;
      if (eq)
        {
          *eq = 0;
          args[n].value = eq + 1;
        }
    }
  return cc_options_parse (o, args, n, dirs, err);
}

/* Parse LIST, which must succeed, into *O.  */
static int
parse_ok (cc_options *o, const char *const *dirs, const char *const *list)
{
  char *err = (char *) "unset";
  int r = parse (o, &err, dirs, list);
  CHECK_EQ (r, 0);
  if (r != 0)
    fprintf (stderr, "    error: %s\n", err ? err : "(null)");
  else
    CHECK (err == NULL);
  if (r != 0)
    free (err);
  return r == 0;
}

/* Parse LIST, which must fail; return the message (caller frees).  */
static char *
parse_err (const char *const *dirs, const char *const *list)
{
  cc_options o;
  char *err = NULL;
  int r = parse (&o, &err, dirs, list);

  CHECK_EQ (r, -1);
  CHECK (err != NULL);
  /* A failed parse leaves nothing to free.  */
  CHECK (o.policy == NULL && o.config_name == NULL && o.config_path == NULL
         && o.entry == NULL && o.report == NULL);
  if (r == 0)
    cc_options_free (&o);
  return err ? err : strdup ("");
}

/* The message for LIST contains every one of the NULL-terminated needles.  */
static void
expect_err (int line, const char *const *dirs, const char *const *list, ...)
{
  char *err = parse_err (dirs, list);
  va_list ap;
  const char *needle;

  va_start (ap, list);
  while ((needle = va_arg (ap, const char *)))
    if (!CHECK_CONTAINS (err, needle))
      fprintf (stderr, "    (expect_err called on line %d)\n", line);
  va_end (ap);
  free (err);
}
#define EXPECT_ERR(dirs, list, ...)                                       \
  expect_err (__LINE__, dirs, list, __VA_ARGS__, (const char *) NULL)

static char *
xasprintf (const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    abort ();
  va_end (ap);
  return s;
}

/* A temporary file holding TEXT; caller unlinks and frees the name.  */
static char *
temp_file (const char *text)
{
  char name[] = "/tmp/cachecat-test-XXXXXX";
  int fd = mkstemp (name);
  FILE *f;

  if (fd < 0 || !(f = fdopen (fd, "w")))
    {
      perror ("mkstemp");
      exit (2);
    }
  fputs (text, f);
  fclose (f);
  return strdup (name);
}

static void
write_file (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  if (!f)
    {
      perror (path);
      exit (2);
    }
  fputs (text, f);
  fclose (f);
}

#define CONF_8K "name = test\nsize = 8K\nline = 16\nways = 1\npolicy = lru\n"

/* ---- Defaults.  */

static void
test_builtin_default (void)
{
  cc_options o;
  if (!parse_ok (&o, no_dirs, NONE))
    return;
  /* Built-in defaults, equal to config/default.conf (checked below).  */
  CHECK_EQ (o.cache_size, 4096);
  CHECK_EQ (o.line_size, 32);
  CHECK_EQ (o.ways, 1);
  CHECK_STREQ (o.policy, "lru");
  CHECK (o.config_name == NULL);
  CHECK (o.config_path == NULL);
  CHECK (o.entry == NULL);
  CHECK_EQ (o.entry_cold, 1);
  CHECK (o.report == NULL);
  CHECK_EQ (o.max_conflicts, -1);
  CHECK_EQ (o.max_conflicts_per_function, -1);
  CHECK_EQ (o.max_instances, 0);
  CHECK_EQ (o.disable, 0);
  cc_options_free (&o);
  cc_options_free (&o);       /* harmless twice */

  /* A NULL directory list behaves like an empty one.  */
  if (parse_ok (&o, NULL, NONE))
    {
      CHECK_EQ (o.cache_size, 4096);
      cc_options_free (&o);
    }
}

static void
test_installed_default (void)
{
  cc_options o, d;
  char *err = NULL;

  /* With the config directory, "default" comes from default.conf.  */
  if (parse_ok (&o, repo_dirs, NONE))
    {
      CHECK (o.config_name == NULL);
      CHECK_STREQ (o.config_path, "config/default.conf");
      CHECK_EQ (o.cache_size, 4096);
      CHECK_EQ (o.line_size, 32);
      CHECK_EQ (o.ways, 1);
      CHECK_STREQ (o.policy, "lru");
      cc_options_free (&o);
    }

  /* The built-in fallback equals the shipped file.  */
  memset (&d, 0, sizeof d);
  CHECK_EQ (cc_config_read (&d, "config/default.conf", &err), 0);
  if (parse_ok (&o, no_dirs, NONE))
    {
      CHECK_EQ (o.cache_size, d.cache_size);
      CHECK_EQ (o.line_size, d.line_size);
      CHECK_EQ (o.ways, d.ways);
      CHECK_STREQ (o.policy, d.policy);
      cc_options_free (&o);
    }
  free (d.policy);
  free (err);

  /* config=default names it explicitly.  */
  if (parse_ok (&o, repo_dirs, L ("config=default")))
    {
      CHECK_STREQ (o.config_name, "default");
      CHECK_STREQ (o.config_path, "config/default.conf");
      cc_options_free (&o);
    }
}

/* ---- Accepted forms.  */

static void
test_sizes (void)
{
  static const struct { const char *arg; uint32_t size; } cases[] = {
    { "cache-size=8192", 8192 },    { "cache-size=8K", 8192 },
    { "cache-size=8k", 8192 },      { "cache-size=8KiB", 8192 },
    { "cache-size=8 KiB", 8192 },   { "cache-size=008K", 8192 },
    { "cache-size=1M", 1048576 },   { "cache-size=1MiB", 1048576 },
    { "cache-size=2147483648", 2147483648u },
  };
  cc_options o;

  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    if (parse_ok (&o, no_dirs, L (cases[i].arg)))
      {
        CHECK_EQ (o.cache_size, cases[i].size);
        cc_options_free (&o);
      }
  if (parse_ok (&o, no_dirs, L ("line-size=64", "ways=1", "policy=lru")))
    {
      CHECK_EQ (o.line_size, 64);
      CHECK_EQ (o.ways, 1);
      CHECK_STREQ (o.policy, "lru");
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L ("line-size=4", "cache-size=4")))
    {
      CHECK_EQ (o.line_size, 4);
      CHECK_EQ (o.cache_size, 4);       /* one set */
      cc_options_free (&o);
    }
}

static void
test_other_values (void)
{
  static const char *const symbols[] = {
    "main", "_start", "f.cold", "f.constprop.0", "$x", "a1_b2$c.d"
  };
  cc_options o;

  for (size_t i = 0; i < sizeof symbols / sizeof *symbols; i++)
    {
      char *arg = xasprintf ("entry=%s", symbols[i]);
      if (parse_ok (&o, no_dirs, L (arg)))
        {
          CHECK_STREQ (o.entry, symbols[i]);
          CHECK_EQ (o.entry_cold, 1);
          cc_options_free (&o);
        }
      free (arg);
    }
  if (parse_ok (&o, no_dirs, L ("entry-state=warm", "entry=main")))
    {
      CHECK_EQ (o.entry_cold, 0);
      CHECK_STREQ (o.entry, "main");
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L ("entry=main", "entry-state=cold")))
    {
      CHECK_EQ (o.entry_cold, 1);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs,
                L ("report=build/out.json", "max-conflicts=0",
                   "max-conflicts-per-function=7", "max-instances=1")))
    {
      CHECK_STREQ (o.report, "build/out.json");
      CHECK_EQ (o.max_conflicts, 0);
      CHECK_EQ (o.max_conflicts_per_function, 7);
      CHECK_EQ (o.max_instances, 1);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs,
                L ("max-conflicts=9223372036854775807",
                   "max-instances=4294967295")))
    {
      CHECK_EQ (o.max_conflicts, 9223372036854775807LL);
      CHECK_EQ (o.max_instances, 4294967295u);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L ("disable")))
    {
      CHECK_EQ (o.disable, 1);
      cc_options_free (&o);
    }
  /* A disabled plugin needs no cache: a config it would not use cannot
     fail the build, but the arguments are still checked.  */
  if (parse_ok (&o, no_dirs, L ("disable", "config=no-such-cache")))
    {
      CHECK_EQ (o.disable, 1);
      cc_options_free (&o);
    }
  EXPECT_ERR (no_dirs, L ("disable", "ways=x"), P "ways=x");
}

/* ---- config= and the overrides.  */

static void
test_config_lookup (void)
{
  char dir[] = "/tmp/cachecat-test-XXXXXX";
  char *mine, *m7, *dflt, *path;
  const char *dirs[] = { NULL, "config", NULL };
  cc_options o;

  if (!CHECK (mkdtemp (dir) != NULL))
    return;
  dirs[0] = dir;
  mine = xasprintf ("%s/mine.conf", dir);
  m7 = xasprintf ("%s/cortex-m7.conf", dir);
  dflt = xasprintf ("%s/default.conf", dir);
  write_file (mine, CONF_8K);
  write_file (m7, CONF_8K);

  /* NAME is looked up as DIR/NAME.conf.  */
  if (parse_ok (&o, dirs, L ("config=mine")))
    {
      CHECK_STREQ (o.config_name, "mine");
      CHECK_STREQ (o.config_path, mine);
      CHECK_EQ (o.cache_size, 8192);
      CHECK_EQ (o.line_size, 16);
      cc_options_free (&o);
    }
  /* The first directory that has it wins.  */
  if (parse_ok (&o, dirs, L ("config=cortex-m7")))
    {
      CHECK_STREQ (o.config_path, m7);
      CHECK_EQ (o.ways, 1);
      cc_options_free (&o);
    }
  /* Without config=, "default" is looked up in the same order; the first
     directory has none here, so config/ provides it.  */
  if (parse_ok (&o, dirs, NONE))
    {
      CHECK_STREQ (o.config_path, "config/default.conf");
      cc_options_free (&o);
    }
  write_file (dflt, CONF_8K);
  if (parse_ok (&o, dirs, NONE))
    {
      CHECK_STREQ (o.config_path, dflt);
      CHECK_EQ (o.cache_size, 8192);
      cc_options_free (&o);
    }

  /* Anything with '/' is a path...  */
  if (parse_ok (&o, no_dirs, L ("config=config/default.conf")))
    {
      CHECK_STREQ (o.config_path, "config/default.conf");
      CHECK_STREQ (o.config_name, "config/default.conf");
      cc_options_free (&o);
    }
  path = xasprintf ("config=%s", mine);
  if (parse_ok (&o, no_dirs, L (path)))
    {
      CHECK_STREQ (o.config_path, mine);
      cc_options_free (&o);
    }
  free (path);
  /* ... and so is anything ending in .conf, relative to the current
     directory, even though config/default.conf exists.  */
  EXPECT_ERR (repo_dirs, L ("config=default.conf"),
              P "config=default.conf: cannot read config file "
                "'default.conf'");

  /* Unknown names list what there is.  */
  EXPECT_ERR (dirs, L ("config=nosuch"),
              P "config=nosuch: no config named 'nosuch'",
              "nosuch.conf", dir, "available: ", "cortex-a53", "mine",
              "leon3");
  EXPECT_ERR (no_dirs, L ("config=nosuch"), "no config named 'nosuch'",
              "no directories", "available: none");
  /* Only the folders that exist are named.  */
  {
    const char *some[] = { "/nonexistent/cachecat", "config", NULL };
    char *err = parse_err (some, L ("config=nosuch"));
    CHECK_CONTAINS (err, "(looked for nosuch.conf in: config)");
    free (err);
  }
  EXPECT_ERR (no_dirs, L ("config=/nonexistent/x.conf"),
              P "config=/nonexistent/x.conf: cannot read config file",
              "No such file");
  EXPECT_ERR (no_dirs, L ("config="), P "config=: expected a config name");

  unlink (mine);
  unlink (m7);
  unlink (dflt);
  rmdir (dir);
  free (mine);
  free (m7);
  free (dflt);
}

static void
test_overrides (void)
{
  char *file = temp_file (CONF_8K);
  char *cfg = xasprintf ("config=%s", file);
  cc_options o;

  /* Overrides apply after the config, whatever their position.  */
  if (parse_ok (&o, no_dirs, L ("cache-size=16K", cfg)))
    {
      CHECK_EQ (o.cache_size, 16384);
      CHECK_EQ (o.line_size, 16);
      CHECK_STREQ (o.config_path, file);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L (cfg, "line-size=64", "cache-size=4K")))
    {
      CHECK_EQ (o.cache_size, 4096);
      CHECK_EQ (o.line_size, 64);
      CHECK_EQ (o.ways, 1);
      cc_options_free (&o);
    }
  /* Over the default too.  */
  if (parse_ok (&o, repo_dirs, L ("line-size=16")))
    {
      CHECK_EQ (o.cache_size, 4096);
      CHECK_EQ (o.line_size, 16);
      cc_options_free (&o);
    }
  /* A real N-way core analysed as direct-mapped by overriding ways.  */
  if (parse_ok (&o, repo_dirs, L ("ways=1", "config=leon3")))
    {
      CHECK_EQ (o.cache_size, 16384);
      CHECK_EQ (o.line_size, 32);
      CHECK_EQ (o.ways, 1);
      CHECK_STREQ (o.policy, "lru");
      cc_options_free (&o);
    }
  /* policy=lru overrides a config's policy.  */
  if (parse_ok (&o, repo_dirs, L ("config=cortex-m7", "ways=1",
                                  "policy=lru")))
    {
      CHECK_STREQ (o.policy, "lru");
      CHECK_EQ (o.ways, 1);
      cc_options_free (&o);
    }
  unlink (file);
  free (file);
  free (cfg);
}

/* ---- Argument errors.  */

static const char *const all_keys[] = {
  "config", "cache-size", "line-size", "ways", "policy", "entry",
  "entry-state", "report", "max-conflicts", "max-conflicts-per-function",
  "max-instances", "disable"
};
#define N_KEYS (sizeof all_keys / sizeof *all_keys)

static void
test_key_errors (void)
{
  char *err = parse_err (no_dirs, L ("foo=bar"));
  CHECK_CONTAINS (err, P "foo=bar: unknown option 'foo'");
  for (size_t i = 0; i < N_KEYS; i++)
    CHECK_CONTAINS (err, all_keys[i]);
  free (err);
  EXPECT_ERR (no_dirs, L ("Ways=1"), P "Ways=1: unknown option 'Ways'");
  EXPECT_ERR (no_dirs, L ("=1"), P "=1: unknown option ''");
  EXPECT_ERR (no_dirs, L ("verbose"), P "verbose: unknown option");

  /* Every key but disable needs a value.  */
  for (size_t i = 0; i + 1 < N_KEYS; i++)
    {
      char *typed = xasprintf (P "%s: needs a value", all_keys[i]);
      char *hint = xasprintf (P "%s=VALUE", all_keys[i]);
      EXPECT_ERR (no_dirs, L (all_keys[i]), typed, hint, "expected");
      free (typed);
      free (hint);
    }
  EXPECT_ERR (no_dirs, L ("disable=1"),
              P "disable=1: takes no value; write " P "disable");
  EXPECT_ERR (no_dirs, L ("disable="), P "disable=: takes no value");

  /* Duplicates name both occurrences.  */
  EXPECT_ERR (no_dirs, L ("ways=1", "cache-size=8K", "ways=2"),
              P "ways=2: 'ways' given more than once (first as "
                P "ways=1)");
  EXPECT_ERR (no_dirs, L ("disable", "disable"),
              P "disable: 'disable' given more than once");
  EXPECT_ERR (repo_dirs, L ("config=leon3", "config=leon3"),
              "'config' given more than once");
}

static void
test_value_errors (void)
{
  static const char *const bad_sizes[] = {
    "", "x", "4X", "-4", "+4", "0", "0K", "4.5K", "4KB", "4 K B", "K",
    "4G", " 4", "4 ", "4Ki", "0x10", "4K ",
  };
  static const char *const bad_positive[] = {
    "", "x", "-1", "0", "1.5", "4K", "1e3", "+1", " 1", "1 ",
  };
  static const char *const bad_nonneg[] = { "", "x", "-1", "1.5", "1K" };
  static const char *const bad_symbols[] = {
    "", "1abc", "a-b", "a b", "f()", "*main", "a/b", "caf\xc3\xa9",
  };

  for (size_t i = 0; i < sizeof bad_sizes / sizeof *bad_sizes; i++)
    for (int k = 0; k < 2; k++)
      {
        const char *key = k ? "line-size" : "cache-size";
        char *arg = xasprintf ("%s=%s", key, bad_sizes[i]);
        char *msg = xasprintf (P "%s: expected a size in bytes", arg);
        EXPECT_ERR (no_dirs, L (arg), msg, "K, k or KiB", "M or MiB");
        free (arg);
        free (msg);
      }
  EXPECT_ERR (no_dirs, L ("cache-size=4194304K"),
              P "cache-size=4194304K: too large (at most 4294967295)");
  EXPECT_ERR (no_dirs, L ("cache-size=4096M"), "too large");
  EXPECT_ERR (no_dirs, L ("line-size=99999999999999999999999999"),
              "too large");

  EXPECT_ERR (no_dirs, L ("ways=x"), P "ways=x: expected a positive integer");
  for (size_t i = 0; i < sizeof bad_positive / sizeof *bad_positive; i++)
    {
      const char *keys[] = { "ways", "max-instances" };
      for (int k = 0; k < 2; k++)
        {
          char *arg = xasprintf ("%s=%s", keys[k], bad_positive[i]);
          char *msg = xasprintf (P "%s: expected a positive integer", arg);
          EXPECT_ERR (no_dirs, L (arg), msg);
          free (arg);
          free (msg);
        }
    }
  EXPECT_ERR (no_dirs, L ("ways=4294967296"), P "ways=4294967296: too large");
  EXPECT_ERR (no_dirs, L ("max-instances=4294967296"), "too large");

  for (size_t i = 0; i < sizeof bad_nonneg / sizeof *bad_nonneg; i++)
    {
      const char *keys[] = { "max-conflicts", "max-conflicts-per-function" };
      for (int k = 0; k < 2; k++)
        {
          char *arg = xasprintf ("%s=%s", keys[k], bad_nonneg[i]);
          char *msg = xasprintf (P "%s: expected a non-negative integer",
                                 arg);
          EXPECT_ERR (no_dirs, L (arg), msg);
          free (arg);
          free (msg);
        }
    }
  EXPECT_ERR (no_dirs, L ("max-conflicts=9223372036854775808"),
              P "max-conflicts=9223372036854775808: too large");

  EXPECT_ERR (no_dirs, L ("policy=LRU"),
              P "policy=LRU: unknown policy 'LRU'; allowed: lru, fifo, plru, "
                "random");
  EXPECT_ERR (no_dirs, L ("policy=mru"), "unknown policy 'mru'");
  EXPECT_ERR (no_dirs, L ("policy="), P "policy=: unknown policy ''");

  for (size_t i = 0; i < sizeof bad_symbols / sizeof *bad_symbols; i++)
    {
      char *arg = xasprintf ("entry=%s", bad_symbols[i]);
      char *msg = xasprintf (P "%s: expected a function symbol", arg);
      EXPECT_ERR (no_dirs, L (arg), msg, "'_', '.' or '$'");
      free (arg);
      free (msg);
    }
  EXPECT_ERR (no_dirs, L ("entry=main", "entry-state=hot"),
              P "entry-state=hot: expected 'cold' or 'warm'");
  EXPECT_ERR (no_dirs, L ("entry-state=warm"),
              P "entry-state=warm: needs an entry function",
              P "entry=SYMBOL");
  EXPECT_ERR (no_dirs, L ("entry-state=cold"), "needs an entry function");
  EXPECT_ERR (no_dirs, L ("report="), P "report=: expected a file path");
}

/* ---- Shape validation.  */

static void
test_shape_errors (void)
{
  char *file;
  char *cfg;

  EXPECT_ERR (no_dirs, L ("cache-size=1000"),
              "cache shape 1000 bytes, 32-byte lines, 1 way: the size must "
              "be a multiple of line size x ways (32)",
              "built-in default", P "cache-size=1000");
  EXPECT_ERR (repo_dirs, L ("cache-size=1000"),
              "cache shape 1000 bytes, 32-byte lines, 1 way:",
              "config 'default' (config/default.conf) and "
                P "cache-size=1000");
  EXPECT_ERR (no_dirs, L ("line-size=24", "cache-size=96"),
              "cache shape 96 bytes, 24-byte lines, 1 way: the line size "
              "must be a power of two and at least 4 bytes",
              P "line-size=24");
  EXPECT_ERR (no_dirs, L ("line-size=2"), "2-byte lines",
              "at least 4 bytes");
  EXPECT_ERR (no_dirs, L ("cache-size=96"),
              "cache shape 96 bytes, 32-byte lines, 1 way: the number of "
              "sets, size / (line size x ways) = 3, must be a power of two");
  EXPECT_ERR (no_dirs, L ("ways=3"), "multiple of line size x ways (96)");
  EXPECT_ERR (no_dirs, L ("ways=3", "cache-size=3072", "policy=plru"),
              "cache shape 3072 bytes, 32-byte lines, 3 ways: tree pseudo-LRU "
              "(policy plru) needs a power-of-two number of ways",
              P "ways=3");
  file = temp_file ("size = 6K\nline = 32\nways = 6\npolicy = plru\n");
  cfg = xasprintf ("config=%s", file);
  EXPECT_ERR (no_dirs, L (cfg), "6 ways: tree pseudo-LRU", file);
  unlink (file);
  free (file);
  free (cfg);
}

/* ---- Set-associative shapes and policies are accepted.  */

static void
test_ways_and_policies (void)
{
  cc_options o;
  if (parse_ok (&o, no_dirs, L ("ways=2")))
    {
      CHECK_EQ (o.ways, 2);
      CHECK_EQ (cc_options_policy (&o), CC_POLICY_LRU);
      cc_options_free (&o);
    }
  static const char *const policies[] = { "lru", "fifo", "plru", "random" };
  for (uint32_t k = 0; k < 4; k++)
    {
      char *arg = xasprintf ("policy=%s", policies[k]);
      if (parse_ok (&o, no_dirs, L ("ways=4", "cache-size=16K", arg)))
        {
          CHECK_STREQ (o.policy, policies[k]);
          CHECK_EQ (cc_options_policy (&o), k);
          cc_options_free (&o);
        }
      free (arg);
    }
  /* Every real core's configuration is accepted as it is.  */
  static const char *const cores[] = { "cortex-m7", "cortex-r5", "cortex-a53", "leon3",
                                       "sifive-e31", "sifive-u54" };
  for (uint32_t k = 0; k < sizeof cores / sizeof *cores; k++)
    {
      char *arg = xasprintf ("config=%s", cores[k]);
      if (parse_ok (&o, repo_dirs, L (arg)))
        {
          CHECK (o.ways > 1);
          cc_options_free (&o);
        }
      free (arg);
    }
}

/* ---- Config files.  */

/* cc_config_read on TEXT fails with "FILE:WHERE" followed by WHAT.  */
static void
expect_config_err (int line, const char *text, const char *where,
                   const char *what)
{
  char *file = temp_file (text);
  char *want = xasprintf ("%s%s: %s", file, where, what);
  char *err = NULL;
  cc_options o;

  memset (&o, 0, sizeof o);
  o.cache_size = 123;
  CHECK_EQ (cc_config_read (&o, file, &err), -1);
  if (!CHECK_CONTAINS (err, want))
    fprintf (stderr, "    (expect_config_err called on line %d)\n", line);
  /* A broken file leaves O untouched.  */
  CHECK_EQ (o.cache_size, 123);
  CHECK (o.policy == NULL);
  free (err);
  free (want);
  unlink (file);
  free (file);
}
#define EXPECT_CONFIG_ERR(text, where, what)                              \
  expect_config_err (__LINE__, text, where, what)

/* The fetch time: both halves or none, from the config or the
   arguments; the built-in default has the default config's.  */
static void
test_fetch_time (void)
{
  cc_options o;
  char *err = NULL;
  cc_cache c;
  if (parse_ok (&o, no_dirs, NONE))
    {
      c = cc_options_cache (&o);
      CHECK (c.timed && c.hit_cycles == 1 && c.miss_penalty == 10);
      cc_options_free (&o);
    }
  cc_options d;
  memset (&d, 0, sizeof d);
  CHECK_EQ (cc_config_read (&d, "config/default.conf", &err), 0);
  CHECK_EQ (d.hit_cycles, 1);
  CHECK_EQ (d.miss_penalty, 10);
  free (d.policy);
  /* A core's hit time alone: no fetch time, unless the user gives the
     miss penalty; a lone half from the arguments is an error.  */
  char *file = temp_file (CONF_8K "hit_cycles = 2\n"), *cfg = xasprintf ("config=%s", file);
  if (parse_ok (&o, no_dirs, L (cfg)))
    {
      c = cc_options_cache (&o);
      CHECK (!c.timed && o.hit_cycles == 2 && o.miss_penalty == -1);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L (cfg, "miss-penalty=25")))
    {
      c = cc_options_cache (&o);
      CHECK (c.timed && c.hit_cycles == 2 && c.miss_penalty == 25);
      cc_options_free (&o);
    }
  if (parse_ok (&o, no_dirs, L ("hit-cycles=0", "miss-penalty=7")))
    {
      c = cc_options_cache (&o);
      CHECK (c.timed && c.hit_cycles == 0 && c.miss_penalty == 7);
      cc_options_free (&o);
    }
  EXPECT_ERR (no_dirs, L (cfg, "hit-cycles=3"), "-fplugin-arg-cachecat-hit-cycles=3: needs "
              "-fplugin-arg-cachecat-miss-penalty too");
  EXPECT_ERR (no_dirs, L ("miss-penalty=x"), "-fplugin-arg-cachecat-miss-penalty=x: expected "
              "a non-negative integer (cycles)");
  EXPECT_ERR (no_dirs, L ("hit-cycles=1000001"), "hit-cycles=1000001: too large "
              "(at most 1000000)");
  unlink (file);
  free (file);
  free (cfg);
  free (err);
}

static void
test_config_files (void)
{
  cc_options o;
  char *err = NULL, *file, *cfg;

  /* Comments, blank lines, CRLF, blanks, repeated source, suffixes.  */
  file = temp_file ("# a test cache\n"
                    "\n"
                    "   \t\n"
                    "name = test # (trailing comment)\n"
                    "size=2 MiB\r\n"
                    "  line   =   64   # bytes\n"
                    "ways = 2\n"
                    "policy = fifo\n"
                    "source = doc one\n"
                    "source = doc two\n"
                    "# end\n");
  memset (&o, 0, sizeof o);
  if (CHECK_EQ (cc_config_read (&o, file, &err), 0))
    {
      CHECK_EQ (o.cache_size, 2097152);
      CHECK_EQ (o.line_size, 64);
      CHECK_EQ (o.ways, 2);
      CHECK_STREQ (o.policy, "fifo");
    }
  else
    fprintf (stderr, "    error: %s\n", err);
  CHECK (o.config_arch == NULL);
  CHECK (cc_config_fits_arch (&o, "riscv"));   /* no arch: any */
  free (o.policy);
  free (err);
  unlink (file);
  free (file);

  /* The architectures a core runs, and what fits them.  */
  file = temp_file ("size = 32K\nline = 64\nways = 2\npolicy = lru\n"
                    "arch =  aarch64   arm \n");
  memset (&o, 0, sizeof o);
  if (CHECK_EQ (cc_config_read (&o, file, &err), 0))
    {
      CHECK_STREQ (o.config_arch, "aarch64   arm");
      CHECK (cc_config_fits_arch (&o, "arm"));
      CHECK (cc_config_fits_arch (&o, "aarch64"));
      CHECK (!cc_config_fits_arch (&o, "x86-64"));
      CHECK (!cc_config_fits_arch (&o, "aarch"));
    }
  free (o.policy);
  free (o.config_arch);
  free (err);
  unlink (file);
  free (file);
  EXPECT_CONFIG_ERR ("size = 4K\narch = arm mips\n", ":2",
                     "unknown architecture 'mips'; allowed: x86-64, aarch64, arm, "
                     "riscv, sparc");
  EXPECT_CONFIG_ERR ("arch = arm\narch = arm\n", ":2", "duplicate key 'arch'");

  EXPECT_CONFIG_ERR ("size = 4K\nline = 32\nfoo = 1\n", ":3",
                     "unknown key 'foo'; valid keys: name, size, line, "
                     "ways, policy, source, arch");
  EXPECT_CONFIG_ERR ("size = 4K\nline 32\n", ":2",
                     "expected 'key = value', found 'line 32'");
  EXPECT_CONFIG_ERR ("size = 4X\n", ":1", "size '4X': expected a size in "
                     "bytes");
  EXPECT_CONFIG_ERR ("size = -4K\n", ":1", "size '-4K'");
  EXPECT_CONFIG_ERR ("line = 0\n", ":1", "line '0': expected a size");
  EXPECT_CONFIG_ERR ("\n\nways = two\n", ":3",
                     "ways 'two': expected a positive integer");
  EXPECT_CONFIG_ERR ("ways = 4K\n", ":1", "ways '4K'");
  EXPECT_CONFIG_ERR ("size = 8G\n", ":1", "size '8G'");
  EXPECT_CONFIG_ERR ("size = 4194304K\n", ":1",
                     "size '4194304K' is too large (at most 4294967295)");
  EXPECT_CONFIG_ERR ("size = 4K\nline = 32\nsize = 8K\n", ":3",
                     "duplicate key 'size' (first given on line 1)");
  EXPECT_CONFIG_ERR ("name = a\nname = b\n", ":2", "duplicate key 'name'");
  EXPECT_CONFIG_ERR ("size =\n", ":1", "'size' needs a value");
  EXPECT_CONFIG_ERR ("size = # nothing\n", ":1", "'size' needs a value");
  EXPECT_CONFIG_ERR ("= 4K\n", ":1", "missing key before '='");
  EXPECT_CONFIG_ERR ("policy = mru\n", ":1",
                     "unknown policy 'mru'; allowed: lru, plru, fifo, random");
  EXPECT_CONFIG_ERR ("line = 32\nways = 1\npolicy = lru\n", "",
                     "missing 'size'");
  EXPECT_CONFIG_ERR ("size = 4K\nways = 1\npolicy = lru\n", "",
                     "missing 'line'");
  EXPECT_CONFIG_ERR ("size = 4K\nline = 32\npolicy = lru\n", "",
                     "missing 'ways'");
  EXPECT_CONFIG_ERR ("size = 4K\nline = 32\nways = 1\n", "",
                     "missing 'policy'");
  EXPECT_CONFIG_ERR ("", "", "missing 'size'");

  memset (&o, 0, sizeof o);
  CHECK_EQ (cc_config_read (&o, "/nonexistent/cachecat.conf", &err), -1);
  CHECK_CONTAINS (err, "/nonexistent/cachecat.conf: cannot open: No such "
                       "file");
  free (err);
  memset (&o, 0, sizeof o);
  CHECK_EQ (cc_config_read (&o, "/tmp", &err), -1);
  CHECK_CONTAINS (err, "/tmp: read error");
  free (err);

  /* Through config=, file errors keep their FILE:LINE form.  */
  file = temp_file ("size = 4K\nline = 32\nways = one\n");
  cfg = xasprintf ("config=%s", file);
  {
    char *want = xasprintf ("%s:3: ways 'one'", file);
    EXPECT_ERR (no_dirs, L (cfg), want);
    free (want);
  }
  unlink (file);
  free (file);
  free (cfg);
}

/* Every shipped config parses and describes a consistent shape.  */
static void
test_shipped_configs (void)
{
  DIR *d = opendir ("config");
  struct dirent *e;
  int n = 0;

  if (!CHECK (d != NULL))
    {
      fprintf (stderr, "    (run the unit tests from the repository root)\n");
      return;
    }
  while ((e = readdir (d)))
    {
      size_t l = strlen (e->d_name);
      char *path, *err = NULL;
      cc_options o;

      if (l <= 5 || strcmp (e->d_name + l - 5, ".conf") != 0)
        continue;
      n++;
      path = xasprintf ("config/%s", e->d_name);
      memset (&o, 0, sizeof o);
      if (!CHECK_EQ (cc_config_read (&o, path, &err), 0))
        fprintf (stderr, "    %s: %s\n", path, err);
      else
        {
          uint64_t way_bytes = (uint64_t) o.line_size * o.ways;
          uint64_t sets = o.cache_size / way_bytes;
          int ok = o.line_size >= 4 && !(o.line_size & (o.line_size - 1))
                   && o.ways >= 1 && o.cache_size % way_bytes == 0
                   && sets >= 1 && !(sets & (sets - 1));
          if (!CHECK (ok))
            fprintf (stderr, "    %s: inconsistent shape\n", path);
        }
      /* Every real core says what it runs; the default fits any.  */
      CHECK ((strcmp (e->d_name, "default.conf") == 0) == (o.config_arch == NULL));
      free (o.policy);
      free (o.config_arch);
      free (err);
      free (path);
    }
  closedir (d);
  CHECK (n >= 7);               /* default and six cores */
}

static void
test_help (void)
{
  for (size_t i = 0; i < N_KEYS; i++)
    CHECK_CONTAINS (cc_options_help, all_keys[i]);
  CHECK_CONTAINS (cc_options_help, "default");
  CHECK_CONTAINS (cc_options_help, "hold 2 times the unit's instructions, at least 5000");
}

int
main (void)
{
  test_builtin_default ();
  test_installed_default ();
  test_sizes ();
  test_other_values ();
  test_config_lookup ();
  test_overrides ();
  test_key_errors ();
  test_value_errors ();
  test_shape_errors ();
  test_ways_and_policies ();
  test_config_files ();
  test_fetch_time ();
  test_shipped_configs ();
  test_help ();
  return unit_finish ("options");
}
