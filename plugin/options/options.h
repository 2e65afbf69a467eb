/* cachecat options: plugin arguments and cache configuration files.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers: the GCC glue hands over the raw key/value pairs
   of -fplugin-arg-cachecat-KEY[=VALUE] and reports the error text.  */

#ifndef CACHECAT_OPTIONS_H
#define CACHECAT_OPTIONS_H

#include <stdint.h>

#include "model/model.h"

typedef struct cc_options
{
  int disable;                 /* disable: the plugin does nothing */
  /* Cache shape after config= and the explicit overrides.  */
  uint32_t cache_size, line_size, ways;
  char *policy;                /* "lru", "fifo", "plru" or "random" */
  int64_t hit_cycles;          /* fetch time: a fetch that hits, -1 if not given */
  int64_t miss_penalty;        /* ... and how much longer one that misses takes */
  char *config_name;           /* what config= named, NULL for the default */
  char *config_path;           /* the file it was read from */
  char *config_arch;           /* the architectures the config's core runs
                                  (its "arch", space-separated), NULL: any */
  char *entry;                 /* entry=SYMBOL, NULL if none */
  int entry_cold;              /* entry-state=cold (default) or warm */
  char *report;                /* report=PATH, NULL for the default name */
  int64_t max_conflicts;       /* -1: no limit */
  int64_t max_conflicts_per_function; /* -1: no limit */
  uint32_t max_instances;      /* 0 (default): a size budget instead */
  int entry_state_given;       /* entry-state= was given */
  int record;                  /* enum cc_record_mode */
  int bounds_table;            /* bounds: the miss bounds on stderr */
  char *loop_template;         /* loop-template=PATH, NULL if none */
  char *sarif;                 /* sarif=PATH, NULL if none */
} cc_options;

/* record: the unit's model goes into the object for cachecat-link
   (model/model_record.h).  */
enum cc_record_mode
{
  CC_RECORD_NONE = 0,
  CC_RECORD = 1,               /* record, and analyse the unit as usual */
  CC_RECORD_ONLY = 2           /* record=only: no analysis, no report */
};

typedef struct cc_arg
{
  const char *key;
  const char *value;           /* NULL when given as a bare key */
} cc_arg;

/* Fill O from ARGS.  CONFIG_DIRS is a NULL-terminated list of directories
   searched for config=NAME (as DIR/NAME.conf).  Returns 0, or -1 with *ERR
   set to a message (caller frees) that names the argument or file:line and
   what is allowed.  On failure O is left empty (cc_options_free on it is
   harmless).  With disable, the arguments are checked but the config is
   neither read nor validated, so the cache fields stay 0.  */
int cc_options_parse (cc_options *o, const cc_arg *args, int n_args,
                      const char *const *config_dirs, char **err);
/* The same for cachecat-link, whose user writes --KEY=VALUE (the messages
   quote them so): entry= may name a static function NAME@UNIT,
   entry-state= needs no entry= (the tool has a default), and the plugin's
   own disable, record and loop-template are errors.  OWN_KEYS lists
   cachecat-link's own options ("listing, quiet"), which the message
   about an unknown one names with the rest.  */
int cc_options_parse_link (cc_options *o, const cc_arg *args, int n_args,
                           const char *const *config_dirs, const char *own_keys, char **err);
void cc_options_free (cc_options *o);

/* Read a config file into O's cache fields.  Returns 0, or -1 with *ERR set
   to "FILE:LINE: what is wrong".  */
int cc_config_read (cc_options *o, const char *path, char **err);

/* Can the core O's configuration describes run code of ARCH (a name of
   the config key "arch": x86-64, aarch64, arm, riscv, sparc)?  A
   configuration that names no architecture fits any.  */
int cc_config_fits_arch (const cc_options *o, const char *arch);

/* O's policy as an enum cc_policy (model.h).  */
uint32_t cc_options_policy (const cc_options *o);

/* Does O give the fetch time: hit_cycles and miss_penalty both?  */
int cc_options_timed (const cc_options *o);

/* The cache shape O describes, for the engine.  */
cc_cache cc_options_cache (const cc_options *o);

/* The help text shown in plugin_info.  */
extern const char cc_options_help[];

#endif
