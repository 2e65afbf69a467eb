/* cachecat-link example, unit 2 of 2: a FIR filter.  */

#include <stdint.h>

#define TAPS 16

static const int16_t coefficients[TAPS] = {
  -12, -31, 18, 97, 121, 34, -150, 420, 420, -150, 34, 121, 97, 18, -31, -12
};
static int32_t history[TAPS];

static __attribute__ ((noinline)) int32_t
limit (int64_t acc)
{
  return acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : (int32_t) acc;
}

int32_t
filter_sample (int32_t sample)
{
  for (int i = TAPS - 1; i > 0; i--)
    history[i] = history[i - 1];
  history[0] = sample;
  int64_t acc = 0;
  for (int i = 0; i < TAPS; i++)
    acc += (int64_t) coefficients[i] * history[i];
  return limit (acc >> 10);
}
