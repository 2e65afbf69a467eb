/* constructors.c: constructors and destructors with priorities, atexit handlers, init-time code in .text.startup/.text.exit
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdlib.h>

static int order[8];
static int n_order;
static volatile int exit_seen;

static void
record (int id)
{
  if (n_order < 8)
    order[n_order++] = id;
}

__attribute__ ((constructor)) static void
init_default (void)
{
  record (3);
}

__attribute__ ((constructor (101))) static void
init_first (void)
{
  record (1);
}

__attribute__ ((constructor (200))) static void
init_second (void)
{
  record (2);
}

static void
at_exit_handler (void)
{
  exit_seen = 1;
}

__attribute__ ((constructor (300))) static void
init_registers_atexit (void)
{
  atexit (at_exit_handler);
}

__attribute__ ((destructor)) static void
fini (void)
{
  if (!exit_seen)
    _Exit (9);
}

__attribute__ ((destructor (150))) static void
fini_prio (void)
{
  exit_seen += 0;
}

/* A constructor with a loop and a call: more than a few insns.  */
static int table[64];

__attribute__ ((constructor)) static void
build_table (void)
{
  for (int i = 0; i < 64; i++)
    table[i] = i * i % 17;
  record (4);
}

int
main (void)
{
  int ok = n_order == 4 && order[0] == 1 && order[1] == 2 && table[5] == 25 % 17;
  return ok ? 0 : 1;
}
