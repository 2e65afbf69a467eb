/* A small embedded-style control task: the bundled example for cachecat.
   Every control period it reads a sensor, filters the samples with a FIR
   filter, runs a mode state machine and drives an actuator.  Compile it
   with the plugin (make example) and read the annotated assembly: the
   filter's inner loop, the state machine's jump table and the cold error
   path each get their own cache categories.  */

#include <stdint.h>

#define TAPS 16
#define PERIODS 1000

static volatile int32_t sensor_register;
static volatile int32_t actuator_register;
static volatile uint32_t fault_register;

static const int16_t coefficients[TAPS] = {
  -12, -31, 18, 97, 121, 34, -150, 420, 420, -150, 34, 121, 97, 18, -31, -12
};
static int32_t history[TAPS];

enum mode { IDLE, RAMP, HOLD, DECAY, FAULT };

static __attribute__ ((noinline)) int32_t
fir (int32_t sample)
{
  for (int i = TAPS - 1; i > 0; i--)
    history[i] = history[i - 1];
  history[0] = sample;
  int64_t acc = 0;
  for (int i = 0; i < TAPS; i++)
    acc += (int64_t) coefficients[i] * history[i];
  return (int32_t) (acc >> 10);
}

static __attribute__ ((noinline, cold)) void
report_fault (uint32_t code)
{
  fault_register = code;
  for (int i = 0; i < TAPS; i++)
    history[i] = 0;
}

static __attribute__ ((noinline)) enum mode
step (enum mode m, int32_t value, int32_t *out)
{
  switch (m)
    {
    case IDLE:
      *out = 0;
      return value > 100 ? RAMP : IDLE;
    case RAMP:
      *out = value / 2;
      return value > 1000 ? HOLD : RAMP;
    case HOLD:
      *out = 500;
      return value < 800 ? DECAY : HOLD;
    case DECAY:
      *out = value / 4;
      return value < 50 ? IDLE : DECAY;
    default:
      report_fault ((uint32_t) value);
      *out = 0;
      return IDLE;
    }
}

int
main (void)
{
  enum mode m = IDLE;
  for (int period = 0; period < PERIODS; period++)
    {
      int32_t out;
      int32_t value = fir (sensor_register);
      if (value < -100000)
        m = FAULT;
      m = step (m, value, &out);
      actuator_register = out;
    }
  return 0;
}
