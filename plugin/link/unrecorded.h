/* cachecat-link: the program's units compiled without record.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An object compiled without -fplugin-arg-cachecat-record has no model:
   its code is code without a model, as a library's is, and the user
   should hear which.  A library's objects are told apart by where they
   were compiled: the DWARF compile units (libdw; with -g) of the units
   that have records give the project's compile directories, and a C or
   C++ unit compiled in one of them without a record is the user's.
   Without -g nothing is known, and nothing is said.  */

#ifndef CACHECAT_UNRECORDED_H
#define CACHECAT_UNRECORDED_H

#include "binary/elf_image.h"
#include "model/model_record.h"

#include <stdio.h>

/* For every unit of IMG compiled without a record (not among the N
   UNITS) in the directory of a unit that has one, a warning to OUT
   ("PROGRAM: warning: ...") naming it and up to five of its functions.
   Returns how many.  */
uint32_t cc_warn_unrecorded (FILE *out, const char *program, const cc_elf_image *img,
                             const cc_unit_record *units, uint32_t n);

#endif
