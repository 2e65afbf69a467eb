/* policy= overrides the config's policy: FIFO with 4 ways. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-ways=4 -fplugin-arg-cachecat-cache-size=16K -fplugin-arg-cachecat-policy=fifo" } */
/* { dg-final { report-json-ok "d['cache'] == {'size': 16384, 'line': 32, 'ways': 4, 'sets': 128, 'policy': 'fifo', 'hit_cycles': 1, 'miss_penalty': 10, 'config': 'default'}" } } */

int
f (int x)
{
  return x + 1;
}
