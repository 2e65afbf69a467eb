/* cachecat-link example, unit 1 of 2: the control loop.  Each period it
   filters a sensor sample (filter.c, another unit) and drives an
   actuator.  Built by Makefile or CMakeLists.txt beside it.  */

#include <stdint.h>

int32_t filter_sample (int32_t sample);

static volatile int32_t sensor_register;
static volatile int32_t actuator_register;

/* A static function of the same name as one in filter.c: cachecat-link
   tells them apart (limit@control.c, limit@filter.c).  */
static __attribute__ ((noinline)) int32_t
limit (int32_t v)
{
  return v > 1000 ? 1000 : v < -1000 ? -1000 : v;
}

int
main (void)
{
  for (int period = 0; period < 1000; period++)
    actuator_register = limit (filter_sample (sensor_register));
  return 0;
}
