/* cachecat options: plugin arguments and cache configuration files.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Order of work in cc_options_parse: check every argument on its own (so a
   typo is reported as typed, whatever else is wrong), then read the config,
   then apply cache-size/line-size/ways on top of it (so their position
   relative to config= does not matter), then validate the merged shape.  */

#include "options/options.h"
#include "engine/engine.h"
#include "support/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whose arguments are parsed: the plugin's (-fplugin-arg-cachecat-KEY)
   or cachecat-link's (--KEY, cc_options_parse_link), and how the user
   wrote them.  */
static int for_link;
static const char *arg_prefix = "-fplugin-arg-cachecat-";
static const char *link_own_keys;  /* cachecat-link's own options, named
                                      in its unknown-option message */

/* What config/default.conf says; used when no "default" config is installed,
   so that a plugin loaded straight from the build tree still works.  */
#define BUILTIN_SIZE 4096u
#define BUILTIN_LINE 32u
#define BUILTIN_WAYS 1u
#define SUPPORTED_POLICIES "lru, fifo, plru, random"
#define BUILTIN_POLICY "lru"
#define BUILTIN_HIT_CYCLES 1
#define BUILTIN_MISS_PENALTY 10

const char cc_options_help[] =
  "cachecat: classify every instruction's instruction-cache behaviour\n"
  "(always-hit, always-miss, first-miss, first-hit, conflict).\n"
  "Options, each given as -fplugin-arg-cachecat-KEY[=VALUE]:\n"
  "  config=NAME|FILE   cache description: NAME is looked up as NAME.conf in\n"
  "                     the installed config directory; a value containing '/'\n"
  "                     or ending in .conf is a file path (default: 'default',\n"
  "                     else built in: 4 KiB, 32-byte lines, 1 way, lru, a hit\n"
  "                     1 cycle, a miss 10 more)\n"
  "  cache-size=BYTES   cache size; overrides the config; suffixes K, KiB, M,\n"
  "                     MiB (default: from the config)\n"
  "  line-size=BYTES    line size, a power of two >= 4 (default: from the config)\n"
  "  ways=N             associativity (default: from the config)\n"
  "  policy=lru|fifo|plru|random  replacement policy (plru: tree pseudo-LRU,\n"
  "                     ways a power of two) (default: from the config)\n"
  "  hit-cycles=N       cycles of an instruction fetch that hits; with\n"
  "                     miss-penalty, the report gives the most fetch time\n"
  "                     (default: from the config, else none)\n"
  "  miss-penalty=N     cycles more of a fetch that misses (default: from the\n"
  "                     config, else none)\n"
  "  entry=SYMBOL       entry function of the program, analysed from its start\n"
  "                     (default: none)\n"
  "  entry-state=cold|warm  cache contents when the entry starts; needs entry=\n"
  "                     (default: cold)\n"
  "  report=PATH        JSON report file (default: the output file with its\n"
  "                     extension replaced by .cachecat.json)\n"
  "  max-conflicts=N    error when more than N instructions of the unit are\n"
  "                     conflict (default: no limit)\n"
  "  max-conflicts-per-function=N  error when more than N instructions of one\n"
  "                     function are conflict (default: no limit)\n"
  "  max-instances=N    cap on function instances (call contexts); beyond it\n"
  "                     contexts are merged soundly (default: instances may\n"
  "                     hold " CC_STR (CC_INSTANCE_GROWTH) " times the unit's instructions, at least "
  CC_STR (CC_INSTANCE_MIN_SIZE) ")\n"
  "  disable            do nothing; the other arguments are still checked,\n"
  "                     the config is not read\n"
  "  record[=only]      also record the unit's program model in the object\n"
  "                     (section .debug_cachecat) for cachecat-link; =only:\n"
  "                     record it without the analysis and the report\n"
  "  bounds             print the most misses and fetches per call and per loop\n"
  "                     execution (the report's max_misses, max_fetches) as a\n"
  "                     table on stderr\n"
  "  loop-template=PATH write the loops without an iteration bound to PATH,\n"
  "                     each as FILE:LINE, for #pragma loopbound min 0 max N\n"
  "  sarif=PATH         also write the limits and budgets broken, and the\n"
  "                     conflicts, as SARIF 2.1.0 for code-scanning tools\n";

/* ---- Argument keys.  */

enum key_id
{
  K_CONFIG,
  K_CACHE_SIZE,
  K_LINE_SIZE,
  K_WAYS,
  K_POLICY,
  K_HIT_CYCLES,
  K_MISS_PENALTY,
  K_ENTRY,
  K_ENTRY_STATE,
  K_REPORT,
  K_MAX_CONFLICTS,
  K_MAX_CONFLICTS_PER_FUNCTION,
  K_MAX_INSTANCES,
  K_DISABLE,
  K_RECORD,
  K_BOUNDS,
  K_LOOP_TEMPLATE,
  K_SARIF,
  K_N
};

struct key_desc
{
  const char *name;
  int bare;            /* 1: takes no value; 2: a value is optional */
  const char *usage;   /* what a value must look like, for error messages */
  int plugin_only;     /* means nothing to cachecat-link */
};

#define SIZE_USAGE                                                         \
  "expected a size in bytes: a positive decimal integer, optionally "      \
  "followed by K, k or KiB (x1024), M or MiB (x1048576)"

static const struct key_desc keys[K_N] = {
  [K_CONFIG] = { "config", 0,
                 "expected a config name (looked up as NAME.conf in the config "
                 "directories) or a path to a config file" },
  [K_CACHE_SIZE] = { "cache-size", 0, SIZE_USAGE },
  [K_LINE_SIZE] = { "line-size", 0, SIZE_USAGE },
  [K_WAYS] = { "ways", 0, "expected a positive integer" },
  [K_POLICY] = { "policy", 0, "expected a replacement policy; allowed: " SUPPORTED_POLICIES },
  [K_HIT_CYCLES] = { "hit-cycles", 0, "expected a non-negative integer (cycles)" },
  [K_MISS_PENALTY] = { "miss-penalty", 0, "expected a non-negative integer (cycles)" },
  [K_ENTRY] = { "entry", 0,
                "expected a function symbol: letters, digits, '_', '.' or '$', "
                "not starting with a digit" },
  [K_ENTRY_STATE] = { "entry-state", 0, "expected 'cold' or 'warm'" },
  [K_REPORT] = { "report", 0, "expected a file path" },
  [K_MAX_CONFLICTS] = { "max-conflicts", 0, "expected a non-negative integer" },
  [K_MAX_CONFLICTS_PER_FUNCTION] = { "max-conflicts-per-function", 0,
                                     "expected a non-negative integer" },
  [K_MAX_INSTANCES] = { "max-instances", 0, "expected a positive integer" },
  [K_DISABLE] = { "disable", 1, "takes no value", 1 },
  [K_RECORD] = { "record", 2, "expected no value, or 'only'", 1 },
  [K_BOUNDS] = { "bounds", 1, "takes no value", 0 },
  [K_LOOP_TEMPLATE] = { "loop-template", 0, "expected a file path", 1 },
  [K_SARIF] = { "sarif", 0, "expected a file path", 0 },
};

/* Policies a config file may name, and the subset the engine analyses.  */
static const char *const known_policies[] = { "lru", "plru", "fifo", "random" };

/* ---- Small helpers.  */

static void
set_err (char **err, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
set_err (char **err, const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    s = NULL;
  va_end (ap);
  if (err)
    *err = s;
  else
    free (s);
}

/* The argument as the user typed it on the command line.  */
static char *
typed (const cc_arg *a)
{
  if (a->value)
    return cc_xasprintf ("%s%s=%s", arg_prefix, a->key ? a->key : "", a->value);
  return cc_xasprintf ("%s%s", arg_prefix, a->key ? a->key : "");
}

/* ASCII only: GCC sets the locale from the environment, and <ctype.h>
   would then accept other letters in some locales.  */
static int
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static int
is_alnum (char c)
{
  return is_digit (c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_pow2 (uint64_t v)
{
  return v && !(v & (v - 1));
}

static int
known_policy (const char *p)
{
  for (size_t i = 0; i < sizeof known_policies / sizeof *known_policies; i++)
    if (strcmp (p, known_policies[i]) == 0)
      return 1;
  return 0;
}

/* Every known policy is analysed (README, "Replacement policies").  */
static int
supported_policy (const char *p)
{
  return known_policy (p);
}

uint32_t
cc_options_policy (const cc_options *o)
{
  const char *p = o->policy ? o->policy : BUILTIN_POLICY;
  return strcmp (p, "fifo") == 0 ? CC_POLICY_FIFO
         : strcmp (p, "plru") == 0 ? CC_POLICY_PLRU
         : strcmp (p, "random") == 0 ? CC_POLICY_RANDOM : CC_POLICY_LRU;
}

int
cc_options_timed (const cc_options *o)
{
  return o->hit_cycles >= 0 && o->miss_penalty >= 0;
}

cc_cache
cc_options_cache (const cc_options *o)
{
  cc_cache c;
  memset (&c, 0, sizeof c);
  c.size = o->cache_size;
  c.line = o->line_size;
  c.ways = o->ways ? o->ways : 1;
  uint64_t per_set = (uint64_t) c.line * c.ways;
  c.sets = per_set ? (uint32_t) (c.size / per_set) : 0;
  c.policy = cc_options_policy (o);
  c.timed = (uint8_t) cc_options_timed (o);
  c.hit_cycles = c.timed ? (uint32_t) o->hit_cycles : 0;
  c.miss_penalty = c.timed ? (uint32_t) o->miss_penalty : 0;
  return c;
}

enum num_result { NUM_OK = 0, NUM_JUNK = -1, NUM_TOO_BIG = -2 };

/* Parse a non-negative decimal integer, with an optional binary-size suffix
   when SIZE_SUFFIX is set.  Blanks may separate the number from the suffix
   ("16 KiB" reads well in a config file).  Result at most MAX.  */
static enum num_result
parse_num (const char *s, int size_suffix, uint64_t max, uint64_t *out)
{
  const char *p = s;
  uint64_t v = 0, mul = 1;
  int overflow = 0;

  if (!is_digit (*p))
    return NUM_JUNK;          /* empty, sign, blank or junk */
  for (; is_digit (*p); p++)
    {
      unsigned d = (unsigned) (*p - '0');
      if (v > (UINT64_MAX - d) / 10)
        overflow = 1;         /* keep scanning: junk after it wins */
      else
        v = v * 10 + d;
    }
  if (size_suffix)
    {
      const char *q = p;
      while (*q == ' ' || *q == '\t')
        q++;
      if (strcmp (q, "K") == 0 || strcmp (q, "k") == 0
          || strcmp (q, "KiB") == 0)
        mul = 1024, p = q + strlen (q);
      else if (strcmp (q, "M") == 0 || strcmp (q, "MiB") == 0)
        mul = 1048576, p = q + strlen (q);
    }
  if (*p)
    return NUM_JUNK;
  if (overflow || v > max / mul)
    return NUM_TOO_BIG;
  *out = v * mul;
  return NUM_OK;
}

/* Symbols as GCC emits them: C identifiers plus '.' and '$' (f.cold,
   f.constprop.0, $x on some targets).  */
static int
valid_symbol (const char *s)
{
  if (!*s || is_digit (*s))
    return 0;
  for (; *s; s++)
    if (!is_alnum (*s) && *s != '_' && *s != '.' && *s != '$')
      return 0;
  return 1;
}

static char *
trim (char *s)
{
  char *e;
  while (*s == ' ' || *s == '\t')
    s++;
  e = s + strlen (s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'
                   || e[-1] == '\n'))
    *--e = 0;
  return s;
}

/* ---- Config files.  */

enum cfg_key
{
  C_NAME, C_SIZE, C_LINE, C_WAYS, C_POLICY, C_SOURCE, C_ARCH, C_HIT, C_PENALTY, C_N
};
static const char *const cfg_keys[C_N] = {
  "name", "size", "line", "ways", "policy", "source", "arch", "hit_cycles", "miss_penalty"
};
#define CFG_KEYS "name, size, line, ways, policy, source, arch, hit_cycles, miss_penalty"

/* The most cycles a fetch time may give: sums of them stay exact.  */
#define MAX_CYCLES 1000000u

/* What "arch" may name: the plugin's targets, and SPARC (LEON3).  */
static const char *const known_arches[] = { "x86-64", "aarch64", "arm", "riscv", "sparc" };
#define KNOWN_ARCHES "x86-64, aarch64, arm, riscv, sparc"

/* The first word of *P (space-separated), its length in *N; NULL at the
   end.  */
static const char *
next_word (const char **p, size_t *n)
{
  const char *s = *p;
  while (*s == ' ' || *s == '\t')
    s++;
  if (!*s)
    return NULL;
  const char *e = s;
  while (*e && *e != ' ' && *e != '\t')
    e++;
  *n = (size_t) (e - s);
  *p = e;
  return s;
}

/* Is the word W (N bytes) NAME?  */
static int
word_is (const char *w, size_t n, const char *name)
{
  return strlen (name) == n && strncmp (w, name, n) == 0;
}

/* The first word of LIST that is no known architecture, or NULL.  */
static char *
unknown_arch (const char *list)
{
  size_t n;
  for (const char *w; (w = next_word (&list, &n));)
    {
      size_t k = 0;
      while (k < sizeof known_arches / sizeof *known_arches && !word_is (w, n, known_arches[k]))
        k++;
      if (k == sizeof known_arches / sizeof *known_arches)
        return cc_xasprintf ("%.*s", (int) n, w);
    }
  return NULL;
}

int
cc_config_fits_arch (const cc_options *o, const char *arch)
{
  if (!o->config_arch)
    return 1;
  const char *list = o->config_arch;
  size_t n;
  for (const char *w; (w = next_word (&list, &n));)
    if (word_is (w, n, arch))
      return 1;
  return 0;
}

/* What a config file gives, while it is read.  */
typedef struct cfg_values
{
  uint64_t num[C_N];           /* size, line, ways, hit_cycles, miss_penalty */
  char *policy, *arch;
} cfg_values;

/* Take VAL of key K (KEY as written) at WHERE ("FILE:LINE") into V.
   Returns 0, or -1 with *ERR set.  */
static int
cfg_value (cfg_values *v, int k, const char *key, const char *val, const char *where,
           char **err)
{
  enum num_result r;
  switch (k)
    {
    case C_SIZE:
    case C_LINE:
    case C_WAYS:
      r = parse_num (val, k != C_WAYS, UINT32_MAX, &v->num[k]);
      if (r == NUM_OK && v->num[k] == 0)
        r = NUM_JUNK;
      if (r == NUM_TOO_BIG)
        set_err (err, "%s: %s '%s' is too large (at most %u)", where, key, val, UINT32_MAX);
      else if (r != NUM_OK)
        set_err (err, "%s: %s '%s': %s", where, key, val,
                 k == C_WAYS ? "expected a positive integer" : SIZE_USAGE);
      return r == NUM_OK ? 0 : -1;
    case C_HIT:
    case C_PENALTY:
      if (parse_num (val, 0, MAX_CYCLES, &v->num[k]) == NUM_OK)
        return 0;
      set_err (err, "%s: %s '%s': expected a whole number of cycles, at most %u", where, key,
               val, MAX_CYCLES);
      return -1;
    case C_POLICY:
      if (!known_policy (val))
        {
          set_err (err, "%s: unknown policy '%s'; allowed: lru, plru, fifo, random", where, val);
          return -1;
        }
      v->policy = cc_xstrdup (val);
      return 0;
    case C_ARCH:
      {
        char *bad = unknown_arch (val);
        if (bad)
          {
            set_err (err, "%s: unknown architecture '%s'; allowed: " KNOWN_ARCHES, where, bad);
            free (bad);
            return -1;
          }
        v->arch = cc_xstrdup (val);
        return 0;
      }
    default:
      return 0;               /* name, source: documentation only */
    }
}

/* Line LINENO of PATH, BUF, into V: a comment, a blank line or a known
   key's first value.  SEEN: the line where each key was set.  Returns 0,
   or -1 with *ERR set.  */
static int
cfg_line (cfg_values *v, char *buf, const char *path, unsigned lineno, unsigned seen[C_N],
          char **err)
{
  char *hash, *eq, *key, *val;
  int k;
  /* '#' always starts a comment, also inside free text.  */
  if ((hash = strchr (buf, '#')))
    *hash = 0;
  key = trim (buf);
  if (!*key)
    return 0;
  if (!(eq = strchr (key, '=')))
    {
      set_err (err, "%s:%u: expected 'key = value', found '%s'", path, lineno, key);
      return -1;
    }
  *eq = 0;
  key = trim (key);
  val = trim (eq + 1);
  if (!*key)
    {
      set_err (err, "%s:%u: missing key before '='", path, lineno);
      return -1;
    }
  for (k = 0; k < C_N && strcmp (key, cfg_keys[k]) != 0; k++)
    ;
  if (k == C_N)
    {
      set_err (err, "%s:%u: unknown key '%s'; valid keys: " CFG_KEYS, path, lineno, key);
      return -1;
    }
  if (seen[k] && k != C_SOURCE)
    {
      set_err (err, "%s:%u: duplicate key '%s' (first given on line %u)", path, lineno, key,
               seen[k]);
      return -1;
    }
  seen[k] = lineno;
  if (!*val)
    {
      set_err (err, "%s:%u: '%s' needs a value", path, lineno, key);
      return -1;
    }
  char *where = cc_xasprintf ("%s:%u", path, lineno);
  int ret = cfg_value (v, k, key, val, where, err);
  free (where);
  return ret;
}

int
cc_config_read (cc_options *o, const char *path, char **err)
{
  FILE *f = fopen (path, "r");
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned lineno = 0, seen[C_N] = { 0 };  /* line where each key was set */
  cfg_values v;
  int ret = -1;

  if (!f)
    {
      set_err (err, "%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  memset (&v, 0, sizeof v);
  /* Parse into V and commit only at the end, so a broken file leaves O
     untouched.  */
  while ((len = getline (&buf, &cap, f)) >= 0)
    {
      lineno++;
      if (memchr (buf, 0, (size_t) len))
        {
          set_err (err, "%s:%u: NUL byte; is this a text file?", path, lineno);
          goto out;
        }
      if (cfg_line (&v, buf, path, lineno, seen, err) < 0)
        goto out;
    }
  if (ferror (f))
    {
      set_err (err, "%s: read error: %s", path, strerror (errno));
      goto out;
    }
  for (int k = C_SIZE; k <= C_POLICY; k++)
    if (!seen[k])
      {
        set_err (err, "%s: missing '%s'", path, cfg_keys[k]);
        goto out;
      }
  o->cache_size = (uint32_t) v.num[C_SIZE];
  o->line_size = (uint32_t) v.num[C_LINE];
  o->ways = (uint32_t) v.num[C_WAYS];
  o->hit_cycles = seen[C_HIT] ? (int64_t) v.num[C_HIT] : -1;
  o->miss_penalty = seen[C_PENALTY] ? (int64_t) v.num[C_PENALTY] : -1;
  free (o->policy);
  o->policy = v.policy;
  v.policy = NULL;
  free (o->config_arch);
  o->config_arch = v.arch;
  v.arch = NULL;
  ret = 0;
out:
  free (v.policy);
  free (v.arch);
  free (buf);
  fclose (f);
  return ret;
}

/* ---- Finding a config by name.  */

static int
by_string (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* ", "-separated names of the *.conf files in DIRS, for "not found"
   messages; NULL if there are none.  */
static char *
available_configs (const char *const *dirs)
{
  char **names = NULL, *list = NULL;
  size_t n = 0, alloc = 0, total = 1;

  for (; dirs && *dirs; dirs++)
    {
      DIR *d = opendir (*dirs);
      struct dirent *e;
      if (!d)
        continue;
      while ((e = readdir (d)))
        {
          size_t l = strlen (e->d_name);
          if (l <= 5 || strcmp (e->d_name + l - 5, ".conf") != 0)
            continue;
          if (n == alloc)
            names = cc_xrealloc (names, (alloc = alloc ? 2 * alloc : 16)
                                        * sizeof *names);
          names[n] = cc_xstrdup (e->d_name);
          names[n][l - 5] = 0;
          total += l - 5 + 2;
          n++;
        }
      closedir (d);
    }
  if (n)
    {
      qsort (names, n, sizeof *names, by_string);
      list = cc_xmalloc (total);
      *list = 0;
      for (size_t i = 0; i < n; i++)
        /* the same name in two directories: the first one wins anyway */
        if (i == 0 || strcmp (names[i], names[i - 1]) != 0)
          {
            if (*list)
              strcat (list, ", ");
            strcat (list, names[i]);
          }
    }
  for (size_t i = 0; i < n; i++)
    free (names[i]);
  free (names);
  return list;
}

/* DIR/NAME.conf for the first of DIRS that has it, or NULL.  */
static char *
find_config (const char *name, const char *const *dirs)
{
  for (; dirs && *dirs; dirs++)
    {
      char *p = cc_xasprintf ("%s/%s.conf", *dirs, name);
      if (access (p, F_OK) == 0)
        return p;
      free (p);
    }
  return NULL;
}

static int
looks_like_path (const char *v)
{
  size_t l = strlen (v);
  return strchr (v, '/') || (l >= 5 && strcmp (v + l - 5, ".conf") == 0);
}

/* ---- Validation of the merged shape.  */

/* Where the shape came from, for messages: the config and the overrides.  */
static char *
shape_origin (const cc_options *o, const cc_arg *const seen[K_N])
{
  char *s;
  if (o->config_path)
    s = cc_xasprintf ("config '%s' (%s)",
                      o->config_name ? o->config_name : "default",
                      o->config_path);
  else
    s = cc_xstrdup ("the built-in default (no default.conf installed)");
  for (int k = K_CACHE_SIZE; k <= K_WAYS; k++)
    if (seen[k])
      {
        char *t = typed (seen[k]), *n;
        n = cc_xasprintf ("%s and %s", s, t);
        free (t);
        free (s);
        s = n;
      }
  return s;
}

static int
validate_shape (const cc_options *o, const cc_arg *const seen[K_N],
                char **err)
{
  uint64_t size = o->cache_size, line = o->line_size, ways = o->ways;
  uint64_t way_bytes = line * ways;
  char *why = NULL, *origin;

  if (!is_pow2 (line) || line < 4)
    why = cc_xasprintf ("the line size must be a power of two and at "
                        "least 4 bytes");
  else if (ways < 1)
    why = cc_xasprintf ("there must be at least 1 way");
  else if (size % way_bytes != 0)
    why = cc_xasprintf ("the size must be a multiple of line size x ways "
                        "(%llu)", (unsigned long long) way_bytes);
  else if (!is_pow2 (size / way_bytes))
    why = cc_xasprintf ("the number of sets, size / (line size x ways) = "
                        "%llu, must be a power of two",
                        (unsigned long long) (size / way_bytes));
  else if (o->policy && strcmp (o->policy, "plru") == 0 && !is_pow2 (ways))
    why = cc_xasprintf ("tree pseudo-LRU (policy plru) needs a power-of-two "
                        "number of ways");
  if (why)
    {
      origin = shape_origin (o, seen);
      set_err (err, "cache shape %u bytes, %u-byte lines, %u way%s: %s; the "
               "shape comes from %s", o->cache_size, o->line_size, o->ways,
               o->ways == 1 ? "" : "s", why, origin);
      free (origin);
      free (why);
      return -1;
    }
  if (!supported_policy (o->policy))
    {
      /* policy= only accepts supported ones, so this came from the config
         (the built-in default is lru).  Only direct-mapped shapes get here,
         and for those the policy cannot change which line is evicted, so
         overriding it is exact, not an approximation.  */
      set_err (err, "policy '%s' from config %s is not supported yet; "
               "supported: " SUPPORTED_POLICIES " (config file %s; with 1 "
               "way every policy evicts the same line, so "
               "%spolicy=lru analyses it exactly)",
               o->policy, o->config_name ? o->config_name : "default",
               o->config_path ? o->config_path : "built in", arg_prefix);
      return -1;
    }
  return 0;
}

/* ---- The arguments.  */

static void
reset (cc_options *o)
{
  memset (o, 0, sizeof *o);
  o->entry_cold = 1;
  o->max_conflicts = -1;
  o->max_conflicts_per_function = -1;
  o->max_instances = 0;       /* a budget on the instances' size */
  o->hit_cycles = o->miss_penalty = -1;
}

void
cc_options_free (cc_options *o)
{
  if (!o)
    return;
  free (o->policy);
  free (o->config_name);
  free (o->config_path);
  free (o->config_arch);
  free (o->entry);
  free (o->report);
  free (o->loop_template);
  free (o->sarif);
  reset (o);
}

/* Error for argument A: "ARG: MSG".  Returns -1.  */
static int
arg_error (char **err, const cc_arg *a, const char *msg)
{
  char *t = typed (a);
  set_err (err, "%s: %s", t, msg);
  free (t);
  return -1;
}

/* A's value is over MAX.  */
static int
too_large (char **err, const cc_arg *a, uint32_t max)
{
  char *m = cc_xasprintf ("too large (at most %u)", max);
  arg_error (err, a, m);
  free (m);
  return -1;
}

/* Check one argument's value and store it in O, or in *OV for the shape
   overrides that must wait for the config.  */
static int
parse_value (cc_options *o, int k, const cc_arg *a, uint64_t ov[K_N],
             char **err)
{
  const char *v = a->value;
  uint64_t n = 0;
  enum num_result r;

  switch (k)
    {
    case K_CONFIG:
      if (!*v)
        return arg_error (err, a, keys[k].usage);
      o->config_name = cc_xstrdup (v);
      return 0;

    case K_CACHE_SIZE:
    case K_LINE_SIZE:
    case K_WAYS:
      r = parse_num (v, k != K_WAYS, UINT32_MAX, &n);
      if (r == NUM_TOO_BIG)
        return too_large (err, a, UINT32_MAX);
      if (r != NUM_OK || n == 0)
        return arg_error (err, a, keys[k].usage);
      ov[k] = n;
      return 0;

    case K_HIT_CYCLES:
    case K_MISS_PENALTY:
      r = parse_num (v, 0, MAX_CYCLES, &n);
      if (r == NUM_TOO_BIG)
        return too_large (err, a, MAX_CYCLES);
      if (r != NUM_OK)
        return arg_error (err, a, keys[k].usage);
      ov[k] = n;
      return 0;

    case K_POLICY:
      if (!supported_policy (v))
        {
          char *m = cc_xasprintf (known_policy (v)
                                  ? "policy '%s' is not supported yet; "
                                    "allowed: " SUPPORTED_POLICIES
                                  : "unknown policy '%s'; allowed: "
                                    SUPPORTED_POLICIES, v);
          arg_error (err, a, m);
          free (m);
          return -1;
        }
      ov[k] = 1;
      return 0;

    case K_ENTRY:
      {
        /* cachecat-link names a static function of a name two units
           use NAME@UNIT, as its report does.  */
        const char *at = for_link ? strchr (v, '@') : NULL;
        char *name = at ? cc_xasprintf ("%.*s", (int) (at - v), v) : cc_xstrdup (v);
        int ok = valid_symbol (name) && (!at || at[1]);
        free (name);
        if (!ok)
          return arg_error (err, a, keys[k].usage);
        o->entry = cc_xstrdup (v);
        return 0;
      }

    case K_RECORD:
      if (a->value && strcmp (a->value, "only") != 0)
        return arg_error (err, a, keys[k].usage);
      o->record = a->value ? CC_RECORD_ONLY : CC_RECORD;
      return 0;

    case K_ENTRY_STATE:
      o->entry_state_given = 1;
      if (strcmp (v, "cold") == 0)
        o->entry_cold = 1;
      else if (strcmp (v, "warm") == 0)
        o->entry_cold = 0;
      else
        return arg_error (err, a, keys[k].usage);
      return 0;

    case K_REPORT:
    case K_LOOP_TEMPLATE:
    case K_SARIF:
      if (!*v)
        return arg_error (err, a, keys[k].usage);
      *(k == K_REPORT ? &o->report : k == K_SARIF ? &o->sarif : &o->loop_template)
        = cc_xstrdup (v);
      return 0;

    case K_BOUNDS:
      o->bounds_table = 1;
      return 0;

    case K_MAX_CONFLICTS:
    case K_MAX_CONFLICTS_PER_FUNCTION:
      r = parse_num (v, 0, INT64_MAX, &n);
      if (r == NUM_TOO_BIG)
        return arg_error (err, a, "too large");
      if (r != NUM_OK)
        return arg_error (err, a, keys[k].usage);
      if (k == K_MAX_CONFLICTS)
        o->max_conflicts = (int64_t) n;
      else
        o->max_conflicts_per_function = (int64_t) n;
      return 0;

    case K_MAX_INSTANCES:
      r = parse_num (v, 0, UINT32_MAX, &n);
      if (r == NUM_TOO_BIG)
        return too_large (err, a, UINT32_MAX);
      if (r != NUM_OK || n == 0)
        return arg_error (err, a, keys[k].usage);
      o->max_instances = (uint32_t) n;
      return 0;

    default:
      return 0;               /* disable has no value */
    }
}

/* The keys the user may give here, in the table's order: cachecat-link's
   own (link_own_keys) after the plugin's it takes.  */
static char *
valid_keys (void)
{
  char *v = cc_xstrdup ("");
  for (int k = 0; k < K_N; k++)
    if (!for_link || !keys[k].plugin_only)
      {
        char *n = cc_xasprintf ("%s%s%s", v, *v ? ", " : "", keys[k].name);
        free (v);
        v = n;
      }
  if (for_link && link_own_keys)
    {
      char *n = cc_xasprintf ("%s, %s", v, link_own_keys);
      free (v);
      v = n;
    }
  return v;
}

static int
parse_args (cc_options *o, const cc_arg *args, int n_args,
            const cc_arg *seen[K_N], uint64_t ov[K_N], char **err)
{
  for (int i = 0; i < n_args; i++)
    {
      const cc_arg *a = &args[i];
      const char *key = a->key ? a->key : "";
      int k;

      for (k = 0; k < K_N && strcmp (key, keys[k].name) != 0; k++)
        ;
      if (k == K_N || (for_link && keys[k].plugin_only))
        {
          char *valid = valid_keys ();
          char *m = cc_xasprintf ("%s option '%s'; valid keys: %s",
                                  k == K_N ? "unknown" : "a plugin's, not cachecat-link's,",
                                  key, valid);
          arg_error (err, a, m);
          free (m);
          free (valid);
          return -1;
        }
      if (seen[k])
        {
          char *first = typed (seen[k]), *m;
          m = cc_xasprintf ("'%s' given more than once (first as %s); give "
                            "it once", key, first);
          arg_error (err, a, m);
          free (m);
          free (first);
          return -1;
        }
      seen[k] = a;
      if (keys[k].bare == 1 && a->value)
        {
          char *m = cc_xasprintf ("takes no value; write %s%s", arg_prefix,
                                  key);
          arg_error (err, a, m);
          free (m);
          return -1;
        }
      if (!keys[k].bare && !a->value)
        {
          char *m = cc_xasprintf ("needs a value, as in %s%s=VALUE; %s",
                                  arg_prefix, key, keys[k].usage);
          arg_error (err, a, m);
          free (m);
          return -1;
        }
      if (parse_value (o, k, a, ov, err) < 0)
        return -1;
    }
  if (seen[K_ENTRY_STATE] && !seen[K_ENTRY] && !for_link)
    {
      /* cachecat-link has a default entry; the plugin has none.  */
      char *m = cc_xasprintf ("needs an entry function: add %sentry=SYMBOL",
                              arg_prefix);
      arg_error (err, seen[K_ENTRY_STATE], m);
      free (m);
      return -1;
    }
  return 0;
}

/* The fetch time prices hits and misses: one without the other is no
   fetch time.  A config may give one (a core's hit time, whose miss
   penalty depends on the memory system it is built into): the user who
   gives the other gets the fetch time; one who gives neither, none.  */
static int
validate_timing (const cc_options *o, const cc_arg *const seen[K_N], char **err)
{
  if ((o->hit_cycles < 0) == (o->miss_penalty < 0)
      || (!seen[K_HIT_CYCLES] && !seen[K_MISS_PENALTY]))
    return 0;
  int k = o->hit_cycles < 0 ? K_MISS_PENALTY : K_HIT_CYCLES;
  char *m = cc_xasprintf ("needs %s%s too (neither the arguments nor the config give it): "
                          "the fetch time prices both", arg_prefix,
                          k == K_HIT_CYCLES ? "miss-penalty" : "hit-cycles");
  arg_error (err, seen[k], m);
  free (m);
  return -1;
}

/* Read the config that config= names, or the default one, into O.  */
static int
load_config (cc_options *o, const cc_arg *config_arg,
             const char *const *config_dirs, char **err)
{
  const char *name = o->config_name;

  if (!name)
    {
      /* No config=: "default" if installed, else the built-in shape.  */
      o->config_path = find_config ("default", config_dirs);
      if (o->config_path)
        return cc_config_read (o, o->config_path, err);
      o->cache_size = BUILTIN_SIZE;
      o->line_size = BUILTIN_LINE;
      o->ways = BUILTIN_WAYS;
      o->policy = cc_xstrdup (BUILTIN_POLICY);
      o->hit_cycles = BUILTIN_HIT_CYCLES;
      o->miss_penalty = BUILTIN_MISS_PENALTY;
      return 0;
    }
  if (looks_like_path (name))
    {
      if (access (name, R_OK) != 0)
        {
          char *m = cc_xasprintf ("cannot read config file '%s': %s", name,
                                  strerror (errno));
          arg_error (err, config_arg, m);
          free (m);
          return -1;
        }
      o->config_path = cc_xstrdup (name);
      return cc_config_read (o, o->config_path, err);
    }
  o->config_path = find_config (name, config_dirs);
  if (!o->config_path)
    {
      char *dirs = cc_xstrdup (""), *avail = available_configs (config_dirs);
      char *m;
      /* Only the folders that exist: the others hold nothing to look at.  */
      struct stat st;
      for (const char *const *d = config_dirs; d && *d; d++)
        {
          if (!**d || stat (*d, &st) != 0 || !S_ISDIR (st.st_mode))
            continue;
          char *n = cc_xasprintf ("%s%s%s", dirs, *dirs ? ", " : "", *d);
          free (dirs);
          dirs = n;
        }
      m = cc_xasprintf ("no config named '%s' (looked for %s.conf in: %s); "
                        "available: %s; or give a path to a .conf file",
                        name, name, *dirs ? dirs : "no directories",
                        avail ? avail : "none");
      arg_error (err, config_arg, m);
      free (m);
      free (avail);
      free (dirs);
      return -1;
    }
  return cc_config_read (o, o->config_path, err);
}

static int parse (cc_options *o, const cc_arg *args, int n_args,
                  const char *const *config_dirs, char **err);

int
cc_options_parse (cc_options *o, const cc_arg *args, int n_args,
                  const char *const *config_dirs, char **err)
{
  for_link = 0;
  arg_prefix = "-fplugin-arg-cachecat-";
  return parse (o, args, n_args, config_dirs, err);
}

int
cc_options_parse_link (cc_options *o, const cc_arg *args, int n_args,
                       const char *const *config_dirs, const char *own_keys, char **err)
{
  for_link = 1;
  link_own_keys = own_keys;
  arg_prefix = "--";
  return parse (o, args, n_args, config_dirs, err);
}

static int
parse (cc_options *o, const cc_arg *args, int n_args,
       const char *const *config_dirs, char **err)
{
  const cc_arg *seen[K_N] = { 0 };
  uint64_t ov[K_N] = { 0 };

  if (err)
    *err = NULL;
  reset (o);
  if (parse_args (o, args, n_args, seen, ov, err) < 0)
    goto fail;
  o->disable = seen[K_DISABLE] != NULL;
  /* A disabled plugin needs no cache: do not fail the build over a config
     it would not use.  The arguments themselves were checked above.  */
  if (o->disable)
    return 0;
  if (load_config (o, seen[K_CONFIG], config_dirs, err) < 0)
    goto fail;
  if (ov[K_CACHE_SIZE])
    o->cache_size = (uint32_t) ov[K_CACHE_SIZE];
  if (ov[K_LINE_SIZE])
    o->line_size = (uint32_t) ov[K_LINE_SIZE];
  if (ov[K_WAYS])
    o->ways = (uint32_t) ov[K_WAYS];
  if (ov[K_POLICY])
    {
      free (o->policy);
      o->policy = cc_xstrdup (seen[K_POLICY]->value);
    }
  if (seen[K_HIT_CYCLES])
    o->hit_cycles = (int64_t) ov[K_HIT_CYCLES];
  if (seen[K_MISS_PENALTY])
    o->miss_penalty = (int64_t) ov[K_MISS_PENALTY];
  if (validate_shape (o, seen, err) < 0 || validate_timing (o, seen, err) < 0)
    goto fail;
  return 0;

fail:
  cc_options_free (o);
  return -1;
}
