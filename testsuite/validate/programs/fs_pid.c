/* fs_pid: a cascaded PID controller in Q16.16 fixed point (position loop
   around a speed loop) driving a simulated motor with transport delay,
   output saturation, anti-windup and a setpoint profile from a table.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A periodic control task: the same few hundred bytes of code run every
   tick with branches (saturation, windup clamp) whose direction changes
   as the plant settles.  */
#include "../../valgrind/freestanding.h"

typedef int fix;                /* Q16.16 */
#define FIX(x) ((fix) ((x) * 65536))

static inline fix
fmul (fix a, fix b)
{
  return (fix) (((long long) a * b) >> 16);
}

struct pid
{
  fix kp, ki, kd;
  fix integ, prev_err, d_filt;
  fix out_min, out_max;
  unsigned saturations;
};

static __attribute__ ((noinline)) fix
pid_step (struct pid *p, fix setpoint, fix measured)
{
  fix err = setpoint - measured;
  fix deriv = err - p->prev_err;
  p->prev_err = err;
  /* First-order filter on the derivative.  */
  p->d_filt += (deriv - p->d_filt) >> 2;
  fix out = fmul (p->kp, err) + p->integ + fmul (p->kd, p->d_filt);
  if (out > p->out_max)
    {
      out = p->out_max;
      p->saturations++;
    }
  else if (out < p->out_min)
    {
      out = p->out_min;
      p->saturations++;
    }
  else
    {
      /* Integrate only when not saturated (anti-windup).  */
      p->integ += fmul (p->ki, err);
      if (p->integ > p->out_max)
        p->integ = p->out_max;
      else if (p->integ < p->out_min)
        p->integ = p->out_min;
    }
  return out;
}

#define DELAY 4

struct motor
{
  fix speed, position;
  fix cmd_queue[DELAY];
  unsigned qpos;
};

static __attribute__ ((noinline)) void
motor_step (struct motor *m, fix cmd)
{
  fix applied = m->cmd_queue[m->qpos];
  m->cmd_queue[m->qpos] = cmd;
  m->qpos = (m->qpos + 1) % DELAY;
  /* Torque minus friction, integrated.  */
  fix accel = applied - fmul (FIX (0.2), m->speed);
  m->speed += accel >> 4;
  m->position += m->speed >> 4;
}

static const short profile[16] = {
  0, 10, 25, 25, 25, 40, 40, -10, -10, -10, 0, 5, 60, 60, 30, 0
};

static __attribute__ ((noinline)) int
program (void)
{
  struct pid pos = { FIX (0.8), FIX (0.0), FIX (0.5), 0, 0, 0,
                     FIX (-20), FIX (20), 0 };
  struct pid spd = { FIX (1.5), FIX (0.05), FIX (0.1), 0, 0, 0,
                     FIX (-8), FIX (8), 0 };
  struct motor m = { 0, 0, { 0 }, 0 };
  unsigned acc = (unsigned) sink;
  fix max_err = 0;
  for (int tick = 0; tick < 8000; tick++)
    {
      fix target = FIX (profile[(tick >> 9) & 15]);
      /* Outer loop runs every 4th tick.  */
      static fix speed_ref;
      if ((tick & 3) == 0)
        speed_ref = pid_step (&pos, target, m.position);
      fix cmd = pid_step (&spd, speed_ref, m.speed);
      motor_step (&m, cmd);
      fix e = target - m.position;
      if (e < 0)
        e = -e;
      if (e > max_err && tick > 100)
        max_err = e;
      acc = acc * 17 + (unsigned) (m.position >> 8);
    }
  acc += pos.saturations * 3 + spd.saturations + (unsigned) max_err;
  sink = (int) acc;
  return (int) acc;
}
