/* cachecat-link: what objdump's decoder read at each address of a
   program (decode_memo.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An open-addressing table (linear probing, at most half full) keyed by
   the address and the instruction set; the text is kept at its length.  */

#include "binary/decode_memo.h"
#include "support/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct memo_ent
{
  uint64_t key;                /* 0: empty; else (addr << 4 | isa) + 1 */
  uint64_t target;
  int has_target;
  int length;
  char *text;
  int flow;                    /* cc_goes after FLOW_PREV, -1: not known */
  uint64_t flow_prev, flow_target;
} memo_ent;

struct cc_decode_memo
{
  memo_ent *v;
  size_t cap, n;               /* cap a power of two */
};

static uint64_t
key_of (cc_isa isa, uint64_t addr)
{
  return (addr << 4 | (uint64_t) isa) + 1;
}

static size_t
slot_of (const cc_decode_memo *m, uint64_t key)
{
  size_t h = (size_t) ((key * 0x9e3779b97f4a7c15ull) >> 20) & (m->cap - 1);
  while (m->v[h].key && m->v[h].key != key)
    h = (h + 1) & (m->cap - 1);
  return h;
}

cc_decode_memo *
cc_decode_memo_new (void)
{
  cc_decode_memo *m = cc_xcalloc (1, sizeof *m);
  m->cap = 1024;
  m->v = cc_xcalloc (m->cap, sizeof *m->v);
  return m;
}

void
cc_decode_memo_free (cc_decode_memo *m)
{
  if (!m)
    return;
  for (size_t i = 0; i < m->cap; i++)
    free (m->v[i].text);
  free (m->v);
  free (m);
}

int
cc_decode_memo_get (const cc_decode_memo *m, cc_isa isa, uint64_t addr, cc_decoded *out)
{
  const memo_ent *e = &m->v[slot_of (m, key_of (isa, addr))];
  if (!e->key)
    return -1;
  out->length = 0;
  out->text[0] = 0;
  if (!e->length)
    return 0;
  out->addr = addr;
  out->target = e->target;
  out->has_target = e->has_target;
  out->length = e->length;
  strcpy (out->text, e->text);
  return e->length;
}

/* Twice the room, every entry placed again.  */
static void
grow (cc_decode_memo *m)
{
  memo_ent *old = m->v;
  size_t n = m->cap;
  m->cap *= 2;
  m->v = cc_xcalloc (m->cap, sizeof *m->v);
  for (size_t i = 0; i < n; i++)
    if (old[i].key)
      m->v[slot_of (m, old[i].key)] = old[i];
  free (old);
}

void
cc_decode_memo_put (cc_decode_memo *m, cc_isa isa, uint64_t addr, const cc_decoded *d, int len)
{
  if (2 * (m->n + 1) > m->cap)
    grow (m);
  uint64_t key = key_of (isa, addr);
  memo_ent *e = &m->v[slot_of (m, key)];
  if (e->key)
    return;
  *e = (memo_ent) { key, len > 0 ? d->target : 0, len > 0 && d->has_target, len > 0 ? len : 0,
                    cc_xstrdup (len > 0 ? d->text : ""), -1, 0, 0 };
  m->n++;
}

int
cc_decode_memo_flow (const cc_decode_memo *m, cc_isa isa, uint64_t addr, uint64_t prev,
                     cc_goes *flow, uint64_t *target)
{
  const memo_ent *e = &m->v[slot_of (m, key_of (isa, addr))];
  if (!e->key || e->flow < 0 || e->flow_prev != prev)
    return 0;
  *flow = (cc_goes) e->flow;
  *target = e->flow_target;
  return 1;
}

void
cc_decode_memo_put_flow (cc_decode_memo *m, cc_isa isa, uint64_t addr, uint64_t prev,
                         cc_goes flow, uint64_t target)
{
  memo_ent *e = &m->v[slot_of (m, key_of (isa, addr))];
  if (e->key)
    {
      e->flow = (int) flow;
      e->flow_prev = prev;
      e->flow_target = target;
    }
}
