/* Link-time test program, unit 2 of 3 (README.md).  */
__attribute__ ((noipa)) static int
scale (int x)
{
  return x * 5 - 2;
}

int
hook (int x)
{
  return x + 1;
}

int
other_step (int n)
{
  return scale (n) + (n >> 1);
}

/* Nothing calls it: --gc-sections removes it.  */
int
other_unused (int n)
{
  return scale (n) * n;
}
