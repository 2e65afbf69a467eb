/* cachecat unit tests: whether anyone reads the assembly cc1 writes.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "unit.h"
#include "layout/assembler.h"

static int
seen (const char *gcc_options, const char *as_options)
{
  return cc_asm_output_seen ("gcc", gcc_options, as_options);
}

int
main (void)
{
  /* The driver assembles a temporary file and deletes it.  */
  CHECK_EQ (seen ("'-O2' '-c' '-o' 'a.o' '-mtune=generic' '-march=x86-64'", NULL), 0);
  CHECK_EQ (seen ("'-O2' '-o' 'a' '-mtune=generic'", ""), 0);
  CHECK_EQ (seen ("'-O2' '-c' '-Wa,-mbranches-within-32B-boundaries'",
                  "'-mbranches-within-32B-boundaries'"), 0);
  /* Someone reads it: -S, -save-temps, a listing.  */
  CHECK_EQ (seen ("'-O2' '-S' '-o' 'a.s'", NULL), 1);
  CHECK_EQ (seen ("'-O2' '-c' '-save-temps'", NULL), 1);
  CHECK_EQ (seen ("'-O2' '-c' '-save-temps=obj'", NULL), 1);
  CHECK_EQ (seen ("'-O2' '-c' '-Wa,-adhln=a.lst'", "'-adhln=a.lst'"), 1);
  CHECK_EQ (seen ("'-O2' '-c' '-Wa,--64,-al'", NULL), 1);
  CHECK_EQ (seen ("'-O2' '-c' '-Xassembler' '--listing-lhs-width=4'", NULL), 1);
  CHECK_EQ (seen ("'-O2' '-c'", "'-ahls'"), 1);
  /* Not run by a driver: unsure, so seen.  */
  CHECK_EQ (cc_asm_output_seen (NULL, "'-c'", NULL), 1);
  CHECK_EQ (cc_asm_output_seen ("gcc", NULL, NULL), 1);
  return unit_finish ("assembler");
}
