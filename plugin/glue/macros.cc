/* cachecat GCC glue: __CACHECAT__, for sources that build with and
   without the plugin.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   While the plugin runs (not disabled), the C preprocessor defines
   __CACHECAT__ (the version, MAJOR * 10000 + MINOR * 100 + PATCH) and
   __CACHECAT_VERSION__ (the string), so that include/cachecat.h turns
   its macros into the attributes and pragmas only then.  (Preprocessed
   input has had them, when the plugin ran on the preprocessing.)  The
   preprocessor's functions are weak, as the pragmas' (loop_pragmas.cc):
   lto1 has no preprocessor, and the plugin runs there too.  */

#include "glue/gcc-common.h"
#include "cpplib.h"
#include "glue/glue.h"

extern cpp_reader *parse_in __attribute__ ((weak));
extern void cpp_define (cpp_reader *, const char *) __attribute__ ((weak));
extern cpp_options *cpp_get_options (cpp_reader *) __attribute__ ((weak));

/* "0.1" -> 100, "1.2.3" -> 10203.  */
static long
version_number (const char *v)
{
  long n = 0;
  for (int k = 0; k < 3; k++)
    {
      n = n * 100 + strtol (v, (char **) &v, 10);
      if (*v == '.')
        v++;
    }
  return n;
}

static void
define_macros (void *, void *)
{
  if (!&parse_in || !parse_in || !cpp_define || !cpp_get_options)
    return;
  /* Input already preprocessed (-save-temps, -fpreprocessed: the
     preprocessor that made it expanded the macros) takes no directive.  */
  if (cpp_get_options (parse_in)->preprocessed)
    return;
  char def[64];
  snprintf (def, sizeof def, "__CACHECAT__=%ld", version_number (CACHECAT_VERSION));
  cpp_define (parse_in, def);
  cpp_define (parse_in, "__CACHECAT_VERSION__=\"" CACHECAT_VERSION "\"");
}

void
cc_glue_register_macros (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRAGMAS, define_macros, NULL);
}
