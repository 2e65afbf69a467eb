/* tls_atomics.c: thread-local storage (several TLS models), __atomic and __sync builtins, memory fences, volatile accesses
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.

   cachecat-layout-labels[-fPIC]: the general-dynamic TLS sequences put
   data in code (.value 0x6666, rex64), so the layout is measured with
   labels.

   cachecat-layout-nocompute[.]: GCC gives its atomic stores (a plain mov)
   a length of 16, so the computed layout fails the check against
   GCC's lengths and the assembler measures it.
*/

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

__thread int tls_counter;
static __thread long tls_static[4];
extern __thread int tls_extern_maybe __attribute__ ((weak));
__thread int tls_ie __attribute__ ((tls_model ("initial-exec")));
__thread int tls_le __attribute__ ((tls_model ("local-exec")));

__attribute__ ((noinline)) int
bump_tls (int k)
{
  tls_counter += k;
  tls_static[k & 3]++;
  tls_ie++;
  tls_le += 2;
  return tls_counter + (int) tls_static[k & 3] + tls_ie + tls_le;
}

__attribute__ ((noinline)) int *
tls_address (void)
{
  return &tls_counter;
}

static int shared_counter;
static long shared_total;
static uint8_t spin;

__attribute__ ((noinline)) int
atomic_ops (int k)
{
  __atomic_fetch_add (&shared_counter, k, __ATOMIC_SEQ_CST);
  __atomic_add_fetch (&shared_total, (long) k, __ATOMIC_RELAXED);
  int expected = shared_counter;
  while (!__atomic_compare_exchange_n (&shared_counter, &expected, expected * 2, 0,
                                       __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    ;
  int old = __atomic_exchange_n (&shared_counter, expected * 2 + 1, __ATOMIC_SEQ_CST);
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  return old + __atomic_load_n (&shared_counter, __ATOMIC_ACQUIRE);
}

__attribute__ ((noinline)) void
lock (void)
{
  while (__atomic_test_and_set (&spin, __ATOMIC_ACQUIRE))
    while (__atomic_load_n (&spin, __ATOMIC_RELAXED))
      ;
}

__attribute__ ((noinline)) void
unlock (void)
{
  __atomic_clear (&spin, __ATOMIC_RELEASE);
}

__attribute__ ((noinline)) long
legacy_sync (long *p)
{
  __sync_fetch_and_add (p, 5);
  __sync_synchronize ();
  long v = __sync_val_compare_and_swap (p, 5, 50);
  return v + __sync_lock_test_and_set (p, 1);
}

/* 128-bit atomic through libatomic is avoided: a 16-byte aligned pair.  */
static volatile uint32_t mmio[8];

__attribute__ ((noinline)) uint32_t
poll_device (int n)
{
  uint32_t s = 0;
  for (int i = 0; i < n; i++)
    {
      mmio[0] = (uint32_t) i;
      while ((mmio[1] & 1) != 0)
        ;
      s += mmio[2];
    }
  return s;
}

int
main (void)
{
  int t = bump_tls (1) + bump_tls (2);
  *tls_address () = 0;
  lock ();
  int a = atomic_ops (3);
  unlock ();
  long x = 0;
  long l = legacy_sync (&x);
  uint32_t p = poll_device (3);
  /* An undefined weak TLS symbol still has a (thread-pointer relative)
     address: only take it, do not test it.  */
  int *volatile e = &tls_extern_maybe;
  (void) e;
  if (t != (1 + 1 + 1 + 2) + (3 + 1 + 2 + 4) || a != 6 + 7 || l != 5 + 50 || x != 1 || p != 0)
    abort ();
  return tls_counter;
}
