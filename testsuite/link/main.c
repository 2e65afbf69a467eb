/* Link-time test program, unit 1 of 3 (README.md).  */
int other_step (int);
int lib_sum (const int *, int);

__attribute__ ((noipa)) static int
scale (int x)
{
  return x * 3 + 1;
}

/* other.c defines the strong hook: calls go there.  */
__attribute__ ((weak, noinline)) int
hook (int x)
{
  return x - 1;
}

static int data[64];

__attribute__ ((noipa)) static int
step (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += scale (data[i & 63]) ^ other_step (i);
  return s + hook (s);
}

int
main (void)
{
  int s = 0;
  for (int i = 0; i < 64; i++)
    data[i] = i * 7;
  for (int k = 0; k < 200; k++)
    s += step (40) + lib_sum (data, 64);
  return (s & 1) == 2;
}
