/* Link-time test program, unit 3 of 3, linked from an archive (README.md).  */
int
lib_sum (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}
