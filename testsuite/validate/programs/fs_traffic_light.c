/* fs_traffic_light: a switch-driven controller for a crossing with
   pedestrian buttons, vehicle sensors and a fault mode, run tick by tick.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A typical embedded control task: one big switch on the state per tick,
   most ticks only count a timer down, transitions are rare.  The switch
   and the rarely taken fault paths stress per-path cache precision.  */
#include "../../valgrind/freestanding.h"

enum state
{
  NS_GREEN, NS_YELLOW, ALL_RED_A, EW_GREEN, EW_YELLOW, ALL_RED_B,
  PED_WALK, PED_FLASH, FAULT_FLASH, N_STATES
};

struct ctl
{
  enum state st;
  int timer;
  int ped_request;
  int ns_waiting, ew_waiting;
  int fault_ticks;
  int next_green;             /* 0: north-south, 1: east-west */
  int visits[N_STATES];
};

static unsigned rng_state;

static __attribute__ ((noinline)) unsigned
rnd (void)
{
  rng_state = rng_state * 1103515245u + 12345u;
  return rng_state >> 16;
}

static __attribute__ ((noinline)) void
enter (struct ctl *c, enum state s, int ticks)
{
  c->st = s;
  c->timer = ticks;
  c->visits[s]++;
}

static __attribute__ ((noinline)) void
step (struct ctl *c, unsigned sensors)
{
  if (sensors & 1)
    c->ped_request = 1;
  c->ns_waiting += (sensors >> 1) & 1;
  c->ew_waiting += (sensors >> 2) & 1;
  if ((sensors & 0x3f8) == 0x3f8 && c->st != FAULT_FLASH)
    {
      enter (c, FAULT_FLASH, 40);
      return;
    }
  if (--c->timer > 0)
    {
      /* Green phases may end early when nobody waits on the other road. */
      if (c->st == NS_GREEN && c->ew_waiting == 0 && c->timer > 5)
        c->timer--;
      else if (c->st == EW_GREEN && c->ns_waiting == 0 && c->timer > 5)
        c->timer--;
      return;
    }
  switch (c->st)
    {
    case NS_GREEN:
      c->ns_waiting = 0;
      enter (c, NS_YELLOW, 4);
      break;
    case NS_YELLOW:
      enter (c, ALL_RED_A, 2);
      break;
    case ALL_RED_A:
      if (c->ped_request)
        {
          c->next_green = 1;
          enter (c, PED_WALK, 10);
        }
      else
        enter (c, EW_GREEN, 20 + (c->ew_waiting > 8 ? 10 : 0));
      break;
    case EW_GREEN:
      c->ew_waiting = 0;
      enter (c, EW_YELLOW, 4);
      break;
    case EW_YELLOW:
      enter (c, ALL_RED_B, 2);
      break;
    case ALL_RED_B:
      if (c->ped_request)
        {
          c->next_green = 0;
          enter (c, PED_WALK, 10);
        }
      else
        enter (c, NS_GREEN, 20 + (c->ns_waiting > 8 ? 10 : 0));
      break;
    case PED_WALK:
      c->ped_request = 0;
      enter (c, PED_FLASH, 6);
      break;
    case PED_FLASH:
      if (c->next_green)
        enter (c, EW_GREEN, 20);
      else
        enter (c, NS_GREEN, 20);
      break;
    case FAULT_FLASH:
      if (++c->fault_ticks > 3)
        c->fault_ticks = 0;
      enter (c, ALL_RED_A, 3);
      break;
    default:
      enter (c, FAULT_FLASH, 1);
      break;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  struct ctl c = { NS_GREEN, 20, 0, 0, 0, 0, 0, { 0 } };
  rng_state = 2026 + sink;
  int score = 0;
  for (int tick = 0; tick < 6000; tick++)
    {
      unsigned r = rnd ();
      unsigned sensors = (r & 0x3f8) | ((r % 23) == 0) | (r & 6);
      step (&c, sensors);
      score += c.st * (tick & 3);
    }
  for (int s = 0; s < N_STATES; s++)
    score += c.visits[s] << s;
  sink = score;
  return score;
}
