/* hs_parser: a command interpreter over a text buffer, as a device's
   console or configuration reader runs: lines split with strchr, words
   measured with strlen and looked up with strcmp and strncmp, numbers
   read with strtol (decimal, hex, negative).  Linked statically
   (validate.py: hs_*), so the string routines are code of the
   executable.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The program writes the commands itself (its own number formatting)
   and computes their effect as it writes them; the interpreter must end
   with the same registers, or the exit status is 1.  The seed is read
   from a volatile so that no level knows the text.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINES 160
#define REGS 8

static char text[LINES * 24 + 1];
static volatile unsigned seed_in = 0x51ed270bu;

static const char *const names[] = { "set", "add", "sub", "xor", "shl", "neg", "copy" };
enum { SET, ADD, SUB, XOR, SHL, NEG, COPY, N_CMDS };

static unsigned
next (unsigned *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

/* Appends V in decimal or, when HEX, as 0x...; returns the new end.  */
static char *
put_number (char *p, long v, int hex)
{
  char digits[24];
  int n = 0;
  unsigned long u = v < 0 ? 0ul - (unsigned long) v : (unsigned long) v;
  if (v < 0)
    *p++ = '-';
  if (hex)
    {
      *p++ = '0';
      *p++ = 'x';
    }
  do
    {
      unsigned d = (unsigned) (u % (hex ? 16 : 10));
      digits[n++] = (char) (d < 10 ? '0' + d : 'a' + d - 10);
      u /= hex ? 16 : 10;
    }
  while (u);
  while (n)
    *p++ = digits[--n];
  return p;
}

static long
apply (int cmd, long a, long b)
{
  switch (cmd)
    {
    case SET:
    case COPY:
      return b;
    case ADD:
      return (long) ((unsigned long) a + (unsigned long) b) & 0xffffffl;
    case SUB:
      return (long) ((unsigned long) a - (unsigned long) b) & 0xffffffl;
    case XOR:
      return a ^ b;
    case SHL:
      return (long) (((unsigned long) a << (b & 7)) & 0xffffff);
    default:
      return -a;
    }
}

/* Writes the commands; EXPECT gets the registers they leave.  */
static void
write_commands (unsigned *s, long *expect)
{
  char *p = text;
  for (int i = 0; i < LINES; i++)
    {
      int cmd = (int) (next (s) % N_CMDS), r = (int) (next (s) % REGS);
      int r2 = (int) (next (s) % REGS);
      long v = (long) (next (s) % 100000) - 50000;
      int len = (int) strlen (names[cmd]);
      memcpy (p, names[cmd], (size_t) len);
      p += len;
      *p++ = ' ';
      *p++ = 'r';
      *p++ = (char) ('0' + r);
      if (cmd == COPY)
        {
          memcpy (p, " r", 2);
          p += 2;
          *p++ = (char) ('0' + r2);
          v = expect[r2];
        }
      else if (cmd != NEG)
        {
          *p++ = ' ';
          p = put_number (p, cmd == SHL ? v & 7 : v, i % 3 == 0);
          v = cmd == SHL ? v & 7 : v;
        }
      *p++ = '\n';
      expect[r] = apply (cmd, expect[r], v);
    }
  *p = 0;
}

static int
lookup (const char *word, size_t len)
{
  char buf[8];
  if (len >= sizeof buf)
    return -1;
  memcpy (buf, word, len);
  buf[len] = 0;
  for (int k = 0; k < N_CMDS; k++)
    if (strcmp (buf, names[k]) == 0)
      return k;
  return -1;
}

/* Runs the text on REGS; returns the lines it could not read.  */
static int
interpret (long *regs)
{
  int errors = 0;
  for (const char *p = text; *p;)
    {
      const char *end = strchr (p, '\n');
      const char *sp = strchr (p, ' ');
      if (!end || !sp || sp > end)
        return errors + 1;
      int cmd = lookup (p, (size_t) (sp - p));
      const char *arg = sp + 1;
      if (cmd < 0 || strncmp (arg, "r", 1) != 0)
        errors++;
      else
        {
          char *after;
          long r = strtol (arg + 1, &after, 10);
          long v = 0;
          if (r < 0 || r >= REGS)
            errors++;
          else if (cmd == COPY)
            v = regs[strtol (after + 2, NULL, 10) & (REGS - 1)];
          else if (cmd != NEG)
            v = strtol (after, NULL, 0);
          if (r >= 0 && r < REGS)
            regs[r] = apply (cmd, regs[r], v);
        }
      p = end + 1;
    }
  return errors;
}

int
main (void)
{
  unsigned s = seed_in;
  long expect[REGS] = { 0 }, regs[REGS] = { 0 };
  write_commands (&s, expect);
  int errors = interpret (regs);
  int bad = errors != 0;
  long sum = 0;
  for (int r = 0; r < REGS; r++)
    {
      bad |= regs[r] != expect[r];
      sum += regs[r];
    }
  printf ("parser: %zu bytes, %d errors, sum %ld%s\n", strlen (text), errors, sum,
          bad ? ", WRONG" : "");
  return bad;
}
