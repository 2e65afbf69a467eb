/* cachecat engine: the per-node buffers kept across runs (engine_state.h,
   engine.buf).  A step below the driver: the steps that need a big
   buffer take one here, so none of them calls back into engine.c.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "engine/engine_state.h"

#include <stdlib.h>
#include <string.h>

/* Buffer K of E with room for N words, NOT zeroed: what the last run
   left there.  Its user writes every word before it is read (zeroing the
   whole of it on each run cost more than some of the passes).  */
cc_word *
eng_reuse (engine *e, int k, size_t n)
{
  if (n > e->buf_cap[k])
    {
      free (e->buf[k]);
      e->buf[k] = cc_xmalloc (n * sizeof (cc_word));
      e->buf_cap[k] = n;
    }
  return e->buf[k];
}

void
eng_free_buffers (engine *e)
{
  for (int k = 0; k < 3; k++)
    {
      free (e->buf[k]);
      e->buf[k] = NULL;
      e->buf_cap[k] = 0;
    }
}
