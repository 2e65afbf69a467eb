/* fs_scheduler: a time-triggered cooperative scheduler: a binary min-heap
   of (wake-up time, task) entries, tasks called through function pointers,
   ring buffers carrying messages between producer and consumer tasks.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   An RTOS-like core loop: pop the next task, idle (asm nops) until its
   release time, call it indirectly, push it back; heap sift loops run a
   data-dependent number of times.  */
#include "../../valgrind/freestanding.h"

#define RING 16
#define MAXTASK 8

struct ring
{
  int buf[RING];
  unsigned head, tail, dropped;
};

static __attribute__ ((noinline)) int
ring_put (struct ring *r, int v)
{
  if (r->head - r->tail == RING)
    {
      r->dropped++;
      return 0;
    }
  r->buf[r->head++ % RING] = v;
  return 1;
}

static __attribute__ ((noinline)) int
ring_get (struct ring *r, int *v)
{
  if (r->head == r->tail)
    return 0;
  *v = r->buf[r->tail++ % RING];
  return 1;
}

struct entry
{
  unsigned when;
  unsigned task;
};

static struct entry heap[MAXTASK];
static unsigned heap_n;

static __attribute__ ((noinline)) void
heap_push (unsigned when, unsigned task)
{
  unsigned i = heap_n++;
  while (i > 0)
    {
      unsigned parent = (i - 1) / 2;
      if (heap[parent].when < when
          || (heap[parent].when == when && heap[parent].task < task))
        break;
      heap[i] = heap[parent];
      i = parent;
    }
  heap[i].when = when;
  heap[i].task = task;
}

static __attribute__ ((noinline)) struct entry
heap_pop (void)
{
  struct entry top = heap[0], last = heap[--heap_n];
  unsigned i = 0;
  for (;;)
    {
      unsigned c = 2 * i + 1;
      if (c >= heap_n)
        break;
      if (c + 1 < heap_n
          && (heap[c + 1].when < heap[c].when
              || (heap[c + 1].when == heap[c].when
                  && heap[c + 1].task < heap[c].task)))
        c++;
      if (last.when < heap[c].when
          || (last.when == heap[c].when && last.task < heap[c].task))
        break;
      heap[i] = heap[c];
      i = c;
    }
  heap[i] = last;
  return top;
}

static struct ring raw, filtered;
static unsigned adc_state = 77;
static int filt_state, alarms, watchdog_kicks;
static unsigned log_hash;
static unsigned now;

/* Each task returns its period until the next run.  */
static unsigned
task_adc (void)
{
  adc_state = adc_state * 69069u + 1;
  ring_put (&raw, (int) (adc_state >> 22));
  return 3;
}

static unsigned
task_filter (void)
{
  int v, n = 0;
  while (ring_get (&raw, &v))
    {
      filt_state += (v - filt_state) / 4;
      ring_put (&filtered, filt_state);
      n++;
    }
  return n ? 5 : 8;
}

static unsigned
task_logger (void)
{
  int v;
  for (int k = 0; k < 4 && ring_get (&filtered, &v); k++)
    log_hash = log_hash * 33 + (unsigned) v;
  return 11;
}

static unsigned
task_alarm (void)
{
  if (filt_state > 700)
    alarms++;
  return filt_state > 600 ? 2 : 13;
}

static unsigned
task_watchdog (void)
{
  watchdog_kicks++;
  return 50;
}

static unsigned (*const tasks[]) (void) = {
  task_adc, task_filter, task_logger, task_alarm, task_watchdog
};

static __attribute__ ((noinline)) int
program (void)
{
  adc_state += (unsigned) sink;
  for (unsigned t = 0; t < sizeof tasks / sizeof tasks[0]; t++)
    heap_push (t, t);
  unsigned runs = 0;
  while (now < 6000)
    {
      struct entry e = heap_pop ();
      /* Idle until the next release time: one "wait" per tick skipped.  */
      for (unsigned t = now; t < e.when; t++)
        __asm__ volatile ("nop");
      now = e.when;
      unsigned period = tasks[e.task] ();
      heap_push (now + period, e.task);
      runs++;
    }
  int acc = (int) log_hash + alarms * 1000 + watchdog_kicks * 7 + (int) runs
            + (int) (raw.dropped + filtered.dropped) * 13;
  sink = acc;
  return acc;
}
