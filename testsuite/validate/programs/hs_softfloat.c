/* hs_softfloat: double arithmetic in loops, as sensor and control code
   does it: a mass on a spring integrated step by step (velocity Verlet),
   a polynomial by Horner's rule against its powers summed, a running
   mean and variance (Welford), conversions between double and int.  On
   32-bit ARM validate.py builds it soft-float (-mfloat-abi=soft), so
   every operation is a call of libgcc's __aeabi_dadd, __aeabi_dmul,
   __aeabi_ddiv, __aeabi_dcmp*, __aeabi_i2d, __aeabi_d2iz; elsewhere the
   floating-point unit runs it (on x86-64, AArch64 and RV64GC), as it
   comes.  Linked statically (validate.py: hs_*).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   No library function takes or returns a double (on ARM the C library
   is built for the hard-float ABI, and the program's code is not: only
   libgcc's helpers, which take doubles in core registers on both, are
   called), and the result is printed as integers.  Nor does it include
   a header of the C library: glibc's for the ARM hard-float ABI refuse a
   soft-float build (gnu/stubs-soft.h); printf is declared here.  The checks allow
   for rounding (a fused multiply-add where the target has one): the
   spring's energy stays within 1%, Horner's rule and the summed powers
   agree within 1e-9, the variance of a known sequence comes out right.
   The exit status is 1 if one does not.  The seed is read from a
   volatile so that no level knows the inputs.  */
int printf (const char *, ...);

#define STEPS 40
#define SAMPLES 40

static volatile int seed_in = 7;

static double
magnitude (double x)
{
  return x < 0 ? -x : x;
}

/* Spring constant K, mass M: the energy after STEPS steps of DT over the
   energy at the start.  */
static double
spring (double k, double m, double dt, double x0)
{
  double x = x0, v = 0.0, a = -k / m * x;
  double e0 = 0.5 * k * x * x;
  for (int i = 0; i < STEPS; i++)
    {
      x += v * dt + 0.5 * a * dt * dt;
      double a2 = -k / m * x;
      v += 0.5 * (a + a2) * dt;
      a = a2;
    }
  return (0.5 * m * v * v + 0.5 * k * x * x) / e0;
}

static const double coeff[] = { 1.0, -0.5, 0.25, 0.125, -0.0625, 0.03125 };
#define DEGREE (int) (sizeof coeff / sizeof coeff[0] - 1)

static double
horner (double x)
{
  double y = coeff[DEGREE];
  for (int i = DEGREE - 1; i >= 0; i--)
    y = y * x + coeff[i];
  return y;
}

static double
powers (double x)
{
  double y = 0.0, p = 1.0;
  for (int i = 0; i <= DEGREE; i++)
    {
      y += coeff[i] * p;
      p *= x;
    }
  return y;
}

int
main (void)
{
  int seed = seed_in;
  int bad = 0;
  /* The spring at three step sizes.  */
  int energy[3];
  for (int k = 0; k < 3; k++)
    {
      double ratio = spring (2.0 + seed, 0.5, 0.01 * (k + 1), 1.0 + 0.1 * k);
      energy[k] = (int) (ratio * 1000.0);
      if (magnitude (ratio - 1.0) > 0.01)
        bad = 1;
    }
  /* The polynomial at points of [-1, 1].  */
  int sum = 0;
  for (int i = -SAMPLES / 2; i < SAMPLES / 2; i++)
    {
      double x = (double) (i * seed) / (double) (SAMPLES * seed / 2);
      double h = horner (x), p = powers (x);
      if (magnitude (h - p) > 1e-9)
        bad = 1;
      sum += (int) (h * 1000.0);
    }
  /* Welford's mean and variance of 1..SAMPLES, scaled by SEED: mean
     (n+1)/2 and variance n(n+1)/12 (the sample variance) times SEED^2.  */
  double mean = 0.0, m2 = 0.0;
  for (int i = 1; i <= SAMPLES; i++)
    {
      double x = (double) (i * seed);
      double d = x - mean;
      mean += d / i;
      m2 += d * (x - mean);
    }
  double var = m2 / (SAMPLES - 1);
  double want = (double) SAMPLES * (SAMPLES + 1) / 12.0 * seed * seed;
  if (magnitude (mean - (SAMPLES + 1) / 2.0 * seed) > 1e-9 || magnitude (var - want) > 1e-6 * want)
    bad = 1;
  printf ("softfloat: energy %d %d %d (per mille), sum %d, variance %d%s\n", energy[0], energy[1],
          energy[2], sum, (int) var, bad ? ", WRONG" : "");
  return bad;
}
