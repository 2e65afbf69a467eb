/* data_only.c: a unit with data and no function at all (nothing for the pass to model)
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdint.h>

const uint32_t crc_seed = 0xedb88320u;
const char *const names[] = { "zero", "one", "two", "three" };
int64_t counters[16] = { 1, 2, 3 };
static const double weights[] __attribute__ ((used)) = { 0.5, 0.25, 0.125 };
char zero_block[1024];
extern int defined_elsewhere;
int *const ptr_elsewhere = &defined_elsewhere;
