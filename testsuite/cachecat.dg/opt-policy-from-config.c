/* A real core's config is analysed as it is: the Cortex-A53's 2-way
   pseudo-random instruction cache; the report states the shape. */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-config=cortex-a53" } */
/* The A53 runs AArch64 and ARM code, not this plugin's x86-64: a warning.  */
/* { dg-warning "configuration 'cortex-a53' describes a core that runs aarch64 arm code; this plugin analyses x86-64 code" "" { target *-*-* } 0 } */
/* { dg-final { report-json-ok "d['cache'] == {'size': 32768, 'line': 64, 'ways': 2, 'sets': 256, 'policy': 'random', 'config': 'cortex-a53'}" } } */
/* { dg-final { scan-assembler {# cachecat: (always-hit|always-miss|first-miss|conflict)} } } */

int
f (int x)
{
  return x + 1;
}
