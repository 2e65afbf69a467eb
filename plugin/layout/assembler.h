/* cachecat: the command that runs the measuring assembly.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Plain C, no GCC headers.  The measuring assembly (layout.c) must
   assemble exactly as the user's build will: the same assembler with the
   same machine options.  The driver knows both, but starting it costs
   two milliseconds per unit, as much as the assembler itself on a small
   unit.  So where the plugin can tell for sure what the driver would run
   (the driver and cc1 it was built for, no -B, no -specs, the x86
   GNU/Linux asm spec), it runs that assembler itself, with the arguments
   the driver's spec would give; everywhere else it runs the driver.  */

#ifndef CACHECAT_ASSEMBLER_H
#define CACHECAT_ASSEMBLER_H

#ifdef __cplusplus
extern "C" {
#endif

/* What the build found out about the compiler the plugin was built for
   (generated into toolchain.h by plugin/layout/gen-toolchain.sh).  */
typedef struct cc_toolchain
{
  const char *target;         /* what it compiles for: its -dumpmachine
                                 triple, "" if unknown */
  const char *driver;         /* the driver's real path, "" if unknown */
  const char *cc1;            /* its cc1's real path */
  const char *program_dirs;   /* where it looks for programs, ':'-separated */
  int x86_specs;              /* its asm specs are the ones assembler.c
                                 evaluates (x86 GNU/Linux) */
} cc_toolchain;

/* The toolchain this plugin was built for.  */
extern const cc_toolchain cc_built_toolchain;

/* The command, without output and input, that assembles the measuring
   text for a cc1 run by COLLECT_GCC with COLLECT_GCC_OPTIONS and
   COLLECT_AS_OPTIONS (the -Wa, and -Xassembler items; all three from the
   environment the driver gave cc1; SELF_EXE is the running cc1):
     ASSEMBLER ARGS... -L                       (direct)
     DRIVER OPTIONS... -Wa,-L -c -x assembler   (through the driver)
   The caller appends "-o OUT IN".  *DIRECT says which it is; a NULL TC
   always gives the driver.  Returns a NULL-terminated vector
   (cc_asm_command_free), or NULL if COLLECT_GCC is unset.  */
char **cc_asm_command (const cc_toolchain *tc, const char *collect_gcc,
                       const char *collect_gcc_options,
                       const char *collect_as_options, const char *self_exe,
                       int *direct);
void cc_asm_command_free (char **argv);

/* Will anyone read the assembly cc1 writes?  Not when the driver gave it
   a temporary file to assemble and delete: no -S, no -save-temps, no
   assembler listing (which shows the text); then the annotations are not
   worth writing.  1 (seen) when unsure, as when cc1 was not run by a
   driver (COLLECT_GCC unset).  */
int cc_asm_output_seen (const char *collect_gcc, const char *collect_gcc_options,
                        const char *collect_as_options);

#ifdef __cplusplus
}
#endif

#endif
