/* cachecat: budgets in the source, as function attributes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

     __attribute__ ((cachecat_max_misses (120)))   the most misses one call
                                                   may cause (its bound)
     __attribute__ ((cachecat_max_conflicts (0)))  the most conflict
                                                   instructions it may have
     __attribute__ ((cachecat_max_fetch_cycles (2000)))  the most cycles
                                                   of fetch time one call
                                                   may take (its bound)

   A budget is checked when the unit is analysed, as the command line's
   limits are (output/limits.c): a breach is an error at the function,
   with notes that name what uses the budget up.  The attributes are
   registered even when the plugin is disabled, so that code carrying
   them compiles as quietly with `disable' as without it.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"

static tree
handle_budget (tree *node, tree name, tree args, int, bool *no_add_attrs)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      error ("cachecat: %qE applies to functions only", name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  tree v = args ? TREE_VALUE (args) : NULL_TREE;
  if (!v || TREE_CODE (v) != INTEGER_CST || !tree_fits_shwi_p (v) || tree_int_cst_sgn (v) < 0)
    {
      error_at (DECL_SOURCE_LOCATION (*node),
                "cachecat: %qE wants a non-negative integer constant", name);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

static const struct attribute_spec budget_attributes[] = {
  { "cachecat_max_misses", 1, 1, true, false, false, false, handle_budget, NULL },
  { "cachecat_max_conflicts", 1, 1, true, false, false, false, handle_budget, NULL },
  { "cachecat_max_fetch_cycles", 1, 1, true, false, false, false, handle_budget, NULL },
};

static void
register_budgets (void *, void *)
{
  for (const attribute_spec &a : budget_attributes)
    register_attribute (&a);
}

void
cc_glue_register_budgets (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ATTRIBUTES, register_budgets, NULL);
}

/* ATTR's value on DECL, or -1.  */
static long long
budget_of (tree decl, const char *attr)
{
  tree a = lookup_attribute (attr, DECL_ATTRIBUTES (decl));
  if (!a || !TREE_VALUE (a))
    return -1;
  tree v = TREE_VALUE (TREE_VALUE (a));
  return v && TREE_CODE (v) == INTEGER_CST && tree_fits_shwi_p (v) ? tree_to_shwi (v) : -1;
}

void
cc_glue_read_budgets (tree decl, cc_budget *out)
{
  out->max_misses = budget_of (decl, "cachecat_max_misses");
  out->max_conflicts = budget_of (decl, "cachecat_max_conflicts");
  out->max_fetch_cycles = budget_of (decl, "cachecat_max_fetch_cycles");
}
