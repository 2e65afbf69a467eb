/* cachecat.h: cachecat's attributes and pragmas, for sources that build
   with and without the plugin.

   With -fplugin=cachecat the plugin defines __CACHECAT__ (its version,
   MAJOR * 10000 + MINOR * 100 + PATCH) and these macros say what the
   plugin understands; without it they expand to nothing, so a build
   without the plugin is as quiet as one with it (no -Wattributes, no
   -Wunknown-pragmas under -Wall):

     CACHECAT_MAX_MISSES (N)      the most misses one call may cause
     CACHECAT_MAX_CONFLICTS (N)   the most conflict instructions
     CACHECAT_MAX_FETCH_CYCLES (N) the most cycles of fetch time one
                                  call may take (the cache's hit_cycles
                                  and miss_penalty price it)
     CACHECAT_LOOP_BOUND (N)      before a loop: one execution runs its
                                  body at most N times

     CACHECAT_MAX_MISSES (120) int control_step (void);
     ...
     CACHECAT_LOOP_BOUND (64)
     for (i = 0; i < n; i++)

   Copyright (C) 2026 the cachecat authors.  Copying and distribution of
   this file, with or without modification, are permitted in any medium
   without royalty provided the copyright notice and this notice are
   preserved.  This file is offered as-is, without any warranty.  */

#ifndef CACHECAT_H
#define CACHECAT_H

#ifdef __CACHECAT__
# define CACHECAT_MAX_MISSES(n) __attribute__ ((cachecat_max_misses (n)))
# define CACHECAT_MAX_CONFLICTS(n) __attribute__ ((cachecat_max_conflicts (n)))
# define CACHECAT_MAX_FETCH_CYCLES(n) __attribute__ ((cachecat_max_fetch_cycles (n)))
# define CACHECAT_PRAGMA_(x) _Pragma (#x)
# define CACHECAT_LOOP_BOUND(n) CACHECAT_PRAGMA_ (cachecat loop_bound (n))
#else
# define CACHECAT_MAX_MISSES(n)
# define CACHECAT_MAX_CONFLICTS(n)
# define CACHECAT_MAX_FETCH_CYCLES(n)
# define CACHECAT_LOOP_BOUND(n)
#endif

#endif
