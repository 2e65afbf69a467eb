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

__attribute__ ((visibility ("default"))) int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("cachecat: built for GCC %s, cannot run in GCC %s",
             gcc_version.basever, version ? version->basever : "?");
      return 1;
    }

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
    {
      error ("cachecat: %s", err ? err : "invalid plugin arguments");
      free (err);
      return 1;
    }
  free (err);
  cc_glue.opts_valid = 1;
  /* A core that cannot run this code (cortex-m7 with the x86-64 plugin)
     is most likely a slip; the analysis still does what it was asked.  */
  const char *arch = cc_arch_name (cc_built_arch ());
  if (!cc_glue.opts.disable && !cc_config_fits_arch (&cc_glue.opts, arch))
    warning (0, "cachecat: configuration %qs describes a core that runs %s code; "
             "this plugin analyses %s code (%s)", cc_glue.opts.config_name,
             cc_glue.opts.config_arch, arch, cc_built_target ());

  register_callback (info->base_name, PLUGIN_INFO, NULL, &cc_plugin_info);
  cc_glue_register_budgets (info->base_name);
  cc_glue_register_loop_pragmas (info->base_name);
  if (cc_glue.opts.disable)
    return 0;
  cc_glue_register_macros (info->base_name);

  struct register_pass_info pass_info;
  pass_info.pass = cc_glue_make_pass (g);
  pass_info.reference_pass_name = "shorten";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
                     &pass_info);
  cc_glue_register_loop_passes (info->base_name);
  cc_glue_register_loop_checks (info->base_name);
  cc_glue_register_asm_names (info->base_name);
  register_callback (info->base_name, PLUGIN_START_UNIT, cc_glue_start_unit,
                     NULL);
  register_callback (info->base_name, PLUGIN_FINISH_UNIT,
                     cc_glue_finish_unit, NULL);
  cc_glue_install_postscan ();
  return 0;
}
