/* cachecat: the state of GNU as for RISC-V that decides instruction sizes
   (riscv_arch.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/riscv/riscv_arch.h"
#include "layout/asm_syntax.h"

#include <string.h>

/* A version after an extension's name: digits, and `p' and digits.
   *MAJOR, *MINOR get it (-1 if there is none).  */
static const char *
version (const char *p, const char *e, long *major, long *minor)
{
  *major = *minor = -1;
  if (p < e && *p >= '0' && *p <= '9')
    {
      *major = 0;
      while (p < e && *p >= '0' && *p <= '9')
        *major = *major * 10 + (*p++ - '0');
      if (p + 1 < e && *p == 'p' && p[1] >= '0' && p[1] <= '9')
        {
          *minor = 0;
          for (p++; p < e && *p >= '0' && *p <= '9'; p++)
            *minor = *minor * 10 + (*p - '0');
        }
    }
  return p;
}

/* A multi-letter extension's name: its letters without the version at
   their end.  */
static int
multi (const char *p, const char *q, cc_riscv_arch *a)
{
  const char *v = q;
  while (v > p && v[-1] >= '0' && v[-1] <= '9')
    v--;
  if (v > p && v[-1] == 'p' && v - 1 > p && v[-2] >= '0' && v[-2] <= '9')
    for (v--; v > p && v[-1] >= '0' && v[-1] <= '9'; v--)
      ;
  size_t n = (size_t) (v - p);
  if (n == 5 && memcmp (p, "zicsr", 5) == 0)
    a->zicsr = 1;
  else if (n == 8 && memcmp (p, "zifencei", 8) == 0)
    a->zifencei = 1;
  else if (n == 5 && memcmp (p, "zmmul", 5) == 0)
    a->zmmul = 1;
  else
    return 0;
  return 1;
}

int
cc_riscv_parse_arch (const char *p, const char *e, cc_riscv_arch *a)
{
  memset (a, 0, sizeof *a);
  if (e - p < 5 || (memcmp (p, "rv32", 4) != 0 && memcmp (p, "rv64", 4) != 0))
    return 0;
  a->xlen = p[2] == '3' ? 32 : 64;
  p += 4;
  /* The base: i, or g (imafd, zicsr, zifencei); e has other registers.  */
  long major, minor;
  char base = *p++;
  if (base != 'i' && base != 'g')
    return 0;
  p = version (p, e, &major, &minor);
  if (base == 'g')
    a->m = a->a = a->f = a->d = a->zicsr = a->zifencei = 1;
  else if (major >= 0 && (major < 2 || (major == 2 && minor >= 0 && minor < 1)))
    a->zicsr = a->zifencei = 1;     /* check_implicit_for_i */
  while (p < e)
    {
      if (*p == '_')
        {
          p++;
          continue;
        }
      if (*p == 'z')
        {
          const char *q = p;
          while (q < e && *q != '_')
            q++;
          if (!multi (p, q, a))
            return 0;
          p = q;
          continue;
        }
      unsigned char *flag = *p == 'm' ? &a->m : *p == 'a' ? &a->a : *p == 'f' ? &a->f
                            : *p == 'd' ? &a->d : *p == 'c' ? &a->c : NULL;
      if (!flag)
        return 0;
      *flag = 1;
      p = version (p + 1, e, &major, &minor);
    }
  if (a->d)
    a->f = 1;
  if (a->f)
    a->zicsr = 1;
  if (a->m)
    a->zmmul = 1;
  return 1;
}

int
cc_riscv_march_has_c (const char *s)
{
  if (strncmp (s, "rv32", 4) != 0 && strncmp (s, "rv64", 4) != 0)
    return -1;
  /* The single-letter extensions: every letter of a part that is not a
     multi-letter one (z..., s..., x..., h...), versions aside.  */
  int token_start = 1;
  for (s += 4; *s; s++)
    {
      if (*s == '_')
        {
          token_start = 1;
          continue;
        }
      if (token_start && strchr ("zsxh", *s))
        {
          while (s[1] && s[1] != '_')
            s++;
          continue;
        }
      token_start = 0;
      if (*s == 'c')
        return 1;
    }
  return 0;
}

void
cc_riscv_state_init (cc_riscv_state *s)
{
  memset (s, 0, sizeof *s);
  s->opts.relax = 1;
}

static int
is_word (const char *p, const char *e, const char *w)
{
  size_t n = strlen (w);
  return (size_t) (e - p) == n && memcmp (p, w, n) == 0;
}

/* `.option' with its operand [P, E).  */
static int
option (cc_riscv_state *s, const char *p, const char *e)
{
  cc_riscv_opts *o = &s->opts;
  if (is_word (p, e, "rvc") || is_word (p, e, "norvc"))
    {
      /* Without the ISA string the rest of the state is the command
         line's: still unknown.  */
      o->rvc = p[0] == 'r';
      return 1;
    }
  if (is_word (p, e, "relax") || is_word (p, e, "norelax"))
    o->relax = p[0] == 'r';
  else if (is_word (p, e, "pic") || is_word (p, e, "nopic"))
    o->pic = p[0] == 'p';
  else if (is_word (p, e, "csr-check") || is_word (p, e, "no-csr-check"))
    ;                           /* warnings only */
  else if (is_word (p, e, "push"))
    {
      if (s->depth == CC_RISCV_MAX_PUSH)
        return -1;
      s->saved[s->depth++] = *o;
    }
  else if (is_word (p, e, "pop"))
    {
      if (s->depth == 0)
        return -1;              /* an error in gas */
      *o = s->saved[--s->depth];
    }
  else
    return -1;                  /* arch, or one gas only warns of */
  return 1;
}

int
cc_riscv_state_directive (cc_riscv_state *s, const char *w, size_t n, const char *rest,
                          const char *e)
{
  const char *p = rest, *q = e;
  cc_asm_trim (&p, &q);
  if (n == 7 && memcmp (w, ".option", 7) == 0)
    return option (s, p, q);
  if (!(n == 10 && memcmp (w, ".attribute", 10) == 0))
    return 0;
  /* Only `arch' changes code; the others (stack_align, unaligned_access,
     priv_spec...) are recorded in .riscv.attributes.  */
  size_t l = cc_asm_ident_len (p, q);
  const char *t = p;
  unsigned long tag;
  if (l > 0 && *p >= '0' && *p <= '9')
    {
      /* A tag by number: 5 is Tag_RISCV_arch.  */
      if (!cc_asm_number (&t, q, &tag) || tag == 5)
        return -1;
      return 1;
    }
  if (!((l == 4 && memcmp (p, "arch", 4) == 0) || (l == 14 && memcmp (p, "Tag_RISCV_arch", 14) == 0)))
    return l > 0 ? 1 : -1;
  const char *c = cc_asm_skip_space (p + l, q);
  if (c == q || *c != ',')
    return -1;
  c = cc_asm_skip_space (c + 1, q);
  if (q - c < 2 || *c != '"' || q[-1] != '"' || s->insn_seen)
    return -1;                  /* gas: fatal after an instruction */
  cc_riscv_arch a;
  if (!cc_riscv_parse_arch (c + 1, q - 1, &a))
    {
      s->opts.known = 0;
      return -1;
    }
  s->arch = a;
  s->opts.known = 1;
  s->opts.rvc = a.c;
  return 1;
}
