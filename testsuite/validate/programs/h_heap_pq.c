/* h_heap_pq: a discrete-event simulation of a service desk: a growable
   binary heap of events (realloc'd array) ordered by time, customers
   arriving and being served by several clerks, statistics at the end.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Heap sift loops with data-dependent trip counts, a switch over event
   kinds, and occasional realloc calls when the heap grows.  */
#include <stdio.h>
#include <stdlib.h>

enum ev_kind { ARRIVE, START, FINISH, BREAK_END };

struct event
{
  long time;
  int kind, who, clerk;
};

struct heap
{
  struct event *v;
  size_t n, cap;
};

static int
earlier (const struct event *a, const struct event *b)
{
  if (a->time != b->time)
    return a->time < b->time;
  return a->who < b->who;
}

static void
push (struct heap *h, struct event e)
{
  if (h->n == h->cap)
    {
      h->cap = h->cap ? h->cap * 2 : 4;
      struct event *nv = realloc (h->v, h->cap * sizeof *nv);
      if (!nv)
        exit (1);
      h->v = nv;
    }
  size_t i = h->n++;
  while (i > 0 && earlier (&e, &h->v[(i - 1) / 2]))
    {
      h->v[i] = h->v[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  h->v[i] = e;
}

static struct event
pop (struct heap *h)
{
  struct event top = h->v[0], last = h->v[--h->n];
  size_t i = 0;
  for (;;)
    {
      size_t c = 2 * i + 1;
      if (c >= h->n)
        break;
      if (c + 1 < h->n && earlier (&h->v[c + 1], &h->v[c]))
        c++;
      if (!earlier (&h->v[c], &last))
        break;
      h->v[i] = h->v[c];
      i = c;
    }
  h->v[i] = last;
  return top;
}

#define CLERKS 3
#define QUEUE 512

static unsigned seed = 2026;

static long
rnd (long range)
{
  seed = seed * 1664525u + 1013904223u;
  return (long) ((seed >> 8) % (unsigned long) range);
}

int
main (void)
{
  struct heap h = { NULL, 0, 0 };
  int queue[QUEUE], qhead = 0, qtail = 0;
  long arrived_at[800];
  int busy[CLERKS] = { 0 }, served = 0, max_queue = 0, breaks = 0;
  long total_wait = 0, max_wait = 0, now = 0;
  for (int c = 0; c < 800; c++)
    {
      now += 1 + rnd (5);
      push (&h, (struct event) { now, ARRIVE, c, -1 });
    }
  while (h.n)
    {
      struct event e = pop (&h);
      now = e.time;
      switch (e.kind)
        {
        case ARRIVE:
          arrived_at[e.who] = now;
          queue[qtail++ % QUEUE] = e.who;
          if (qtail - qhead > max_queue)
            max_queue = qtail - qhead;
          break;
        case FINISH:
          busy[e.clerk] = 0;
          served++;
          if (served % 100 == 0)
            {
              busy[e.clerk] = 1;
              breaks++;
              push (&h, (struct event) { now + 15, BREAK_END, -1, e.clerk });
            }
          break;
        case BREAK_END:
          busy[e.clerk] = 0;
          break;
        default:
          break;
        }
      /* Hand waiting customers to idle clerks.  */
      for (int k = 0; k < CLERKS && qhead != qtail; k++)
        if (!busy[k])
          {
            int who = queue[qhead++ % QUEUE];
            long wait = now - arrived_at[who];
            total_wait += wait;
            if (wait > max_wait)
              max_wait = wait;
            busy[k] = 1;
            push (&h, (struct event) { now + 4 + rnd (7) + (k == 2) * 3,
                                       FINISH, who, k });
          }
    }
  printf ("served %d breaks %d end %ld\n", served, breaks, now);
  printf ("avg wait %ld.%02ld max wait %ld max queue %d heap cap %zu\n",
          total_wait / served, total_wait * 100 / served % 100, max_wait,
          max_queue, h.cap);
  free (h.v);
  return 0;
}
