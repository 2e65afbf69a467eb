/* cachecat: GCC plugin entry point.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Checks the GCC version, hands -fplugin-arg-cachecat-* to the option
   parser (options.c) and registers the pass after "shorten", the unit
   callbacks and the final_postscan_insn hook.  */

#include "glue/gcc-common.h"
#include "plugin-version.h"
#include "glue/glue.h"
#include "layout/target.h"

/* The plugin exports these two and nothing else (the Makefile builds
   with -fvisibility=hidden): its own calls need no PLT and no symbol
   lookup when GCC loads it.  */
__attribute__ ((visibility ("default"))) int plugin_is_GPL_compatible;

cc_glue_state cc_glue;

static struct plugin_info cc_plugin_info = {
  CACHECAT_VERSION,
  cc_options_help
};

/* DIR/SUB for the directory DIR of the plugin file FULL_NAME.  */
static char *
config_dir (const char *full_name, const char *sub)
{
  const char *slash = full_name ? strrchr (full_name, '/') : NULL;
  if (!slash)
    return concat (".", sub, NULL);
  size_t len = (size_t) (slash - full_name);
  char *dir = XNEWVEC (char, len + 1);
  memcpy (dir, full_name, len);
  dir[len] = 0;
  char *r = concat (len ? dir : "", sub, NULL);
  free (dir);
  return r;
}

/* The options of -fplugin-arg-cachecat-* (INFO's arguments) and the
   configuration files beside the plugin, into cc_glue.opts.  False, with
   an error, for an argument or a file the options do not accept.  */
static bool
parse_options (struct plugin_name_args *info)
{
  int argc = info->argc > 0 ? info->argc : 0;
  cc_arg *args = XNEWVEC (cc_arg, argc ? argc : 1);
  for (int i = 0; i < argc; i++)
    {
      args[i].key = info->argv[i].key;
      args[i].value = info->argv[i].value;
    }
  char *d1 = config_dir (info->full_name, "/config");
  char *d2 = config_dir (info->full_name, "/cachecat/config");
  const char *const dirs[] = { d1, d2, NULL };
  char *err = NULL;
  int rc = cc_options_parse (&cc_glue.opts, args, argc, dirs, &err);
  free (args);
  free (d1);
  free (d2);
  if (rc)
    error ("cachecat: %s", err ? err : "invalid plugin arguments");
  free (err);
  return rc == 0;
}

/* A core that cannot run this code (cortex-m7 with the x86-64 plugin)
   is most likely a slip; the analysis still does what it was asked.  */
static void
warn_foreign_core (void)
{
  const char *arch = cc_arch_name (cc_built_arch ());
  if (!cc_glue.opts.disable && !cc_config_fits_arch (&cc_glue.opts, arch))
    warning (0, "cachecat: configuration %qs describes a core that runs %s code; "
             "this plugin analyses %s code (%s)", cc_glue.opts.config_name,
             cc_glue.opts.config_arch, arch, cc_built_target ());
}

void
cc_glue_insert_pass (const char *plugin_name, opt_pass *pass, const char *ref,
                     enum pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

__attribute__ ((visibility ("default"))) int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  const char *name = info->base_name;
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("cachecat: built for GCC %s, cannot run in GCC %s",
             gcc_version.basever, version ? version->basever : "?");
      return 1;
    }
  if (!parse_options (info))
    return 1;
  cc_glue.opts_valid = 1;
  warn_foreign_core ();

  register_callback (name, PLUGIN_INFO, NULL, &cc_plugin_info);
  cc_glue_register_budgets (name);
  cc_glue_register_loop_pragmas (name);
  if (cc_glue.opts.disable)
    return 0;
  cc_glue_register_macros (name);
  cc_glue_insert_pass (name, make_cachecat_pass (g), "shorten", PASS_POS_INSERT_AFTER);
  cc_glue_register_loop_passes (name);
  cc_glue_register_loop_checks (name);
  cc_glue_register_asm_names (name);
  register_callback (name, PLUGIN_START_UNIT, cc_glue_start_unit, NULL);
  register_callback (name, PLUGIN_FINISH_UNIT, cc_glue_finish_unit, NULL);
  cc_glue_install_postscan ();
  return 0;
}
