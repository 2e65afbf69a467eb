/* cachecat: the length GNU as gives one x86-64 instruction statement
   (x86_encode.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   A length is prefixes + operand-size prefix + REX + opcode + ModRM, SIB
   and displacement + immediate.  The tables below give, per mnemonic, the
   opcode bytes (with any mandatory prefix) and how its immediate is sized;
   the operands give the rest.  The rules are gas's (tc-i386.c) without
   -O: a displacement that is a number fitting a signed byte takes one
   byte and a zero one none (except under %rbp and %r13), a symbol always
   four; an immediate likewise, for the instructions that have a short
   form, after gas's sign-folding of 16- and 32-bit values.  */

#include "layout/x86/x86_encode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout/x86/x86_statement.h"

/* Register classes.  */
enum { R_NONE, R_G8, R_G16, R_G32, R_G64, R_XMM, R_YMM, R_RIP };

typedef struct reg
{
  int cls;
  int num;          /* 0-15 */
  int rex;          /* %spl %bpl %sil %dil: need a REX */
  int high;         /* %ah %ch %dh %bh: cannot have one */
} reg;

enum { O_REG, O_IMM, O_MEM };

typedef struct operand
{
  int kind;
  int star;         /* *: an indirect jump or call target */
  reg r;            /* O_REG */
  int known;        /* O_IMM, displacement: a number (else a symbol) */
  int64_t value;
  int bytes;        /* O_MEM: ModRM + SIB + displacement */
  int extended;     /* O_MEM: a base or index register >= 8 */
  int seg;          /* O_MEM: a segment override */
} operand;

/* Is [P, P + N) the string S?  Without strlen: most calls fail at the
   first character.  */
static inline int
streq (const char *p, size_t n, const char *s)
{
  for (size_t i = 0; i < n; i++)
    if (s[i] == 0 || s[i] != p[i])
      return 0;
  return s[n] == 0;
}

static int
fits8 (int64_t v)
{
  return v >= -128 && v <= 127;
}

static int
fits32 (int64_t v)
{
  return v >= INT32_MIN && v <= INT32_MAX;
}

/* The number of a legacy register's two letters ("ax" 0 .. "di" 7), or
   -1.  */
static int
legacy_num (char a, char b)
{
  static const char pairs[8][2] = { { 'a', 'x' }, { 'c', 'x' }, { 'd', 'x' }, { 'b', 'x' },
                                    { 's', 'p' }, { 'b', 'p' }, { 's', 'i' }, { 'd', 'i' } };
  for (int i = 0; i < 8; i++)
    if (pairs[i][0] == a && pairs[i][1] == b)
      return i;
  return -1;
}

/* A register name (without the %).  */
static int
parse_reg (const char *p, size_t n, reg *r)
{
  memset (r, 0, sizeof *r);
  int k;
  if (n == 2)
    {
      if ((k = legacy_num (p[0], p[1])) >= 0)
        return r->cls = R_G16, r->num = k, 1;
      if (p[1] == 'l' || p[1] == 'h')
        {
          static const char low[] = "acdb";
          const char *c = memchr (low, p[0], 4);
          if (!c || !p[0])
            return 0;
          r->cls = R_G8;
          r->num = (int) (c - low) + (p[1] == 'h' ? 4 : 0);
          r->high = p[1] == 'h';
          return 1;
        }
      if (p[0] != 'r')
        return 0;
    }
  if (n == 3 && (p[0] == 'r' || p[0] == 'e') && (k = legacy_num (p[1], p[2])) >= 0)
    return r->cls = p[0] == 'r' ? R_G64 : R_G32, r->num = k, 1;
  if (n == 3 && p[2] == 'l' && (k = legacy_num (p[0], p[1])) >= 4)
    return r->cls = R_G8, r->num = k, r->rex = 1, 1;   /* %spl %bpl %sil %dil */
  if (n == 3 && p[0] == 'r' && p[1] == 'i' && p[2] == 'p')
    return r->cls = R_RIP, 1;
  if (n >= 4 && n <= 5 && (p[0] == 'x' || p[0] == 'y') && p[1] == 'm' && p[2] == 'm')
    {
      int v = 0;
      for (size_t i = 3; i < n; i++)
        {
          if (p[i] < '0' || p[i] > '9' || (i == 3 && p[i] == '0' && n > 4))
            return 0;
          v = v * 10 + (p[i] - '0');
        }
      if (v > 15)
        return 0;          /* %xmm16 and up need EVEX */
      return r->cls = p[0] == 'x' ? R_XMM : R_YMM, r->num = v, 1;
    }
  if (n >= 2 && p[0] == 'r' && p[1] >= '1' && p[1] <= '9')
    {
      size_t i = 1;
      int v = 0;
      while (i < n && p[i] >= '0' && p[i] <= '9' && i < 3)
        v = v * 10 + (p[i++] - '0');
      if (v < 8 || v > 15)
        return 0;
      r->num = v;
      if (i == n)
        return r->cls = R_G64, 1;
      if (i + 1 == n && p[i] == 'd')
        return r->cls = R_G32, 1;
      if (i + 1 == n && p[i] == 'w')
        return r->cls = R_G16, 1;
      if (i + 1 == n && (p[i] == 'b' || p[i] == 'l'))
        return r->cls = R_G8, 1;
    }
  return 0;
}

/* A number: decimal or 0x hexadecimal, perhaps negative.  */
static int
parse_number (const char *p, const char *e, int64_t *v)
{
  int neg = 0;
  if (p < e && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  if (p == e || *p < '0' || *p > '9')
    return 0;
  uint64_t x = 0;
  if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    {
      p += 2;
      if (e - p > 16)
        return 0;
      for (; p < e; p++)
        {
          int d = (*p >= '0' && *p <= '9') ? *p - '0'
                  : (*p >= 'a' && *p <= 'f') ? *p - 'a' + 10
                  : (*p >= 'A' && *p <= 'F') ? *p - 'A' + 10 : -1;
          if (d < 0)
            return 0;
          x = x * 16 + (uint64_t) d;
        }
    }
  else
    {
      if (p[0] == '0' && e - p > 1)
        return 0;          /* octal: leave it to the assembler */
      for (; p < e; p++)
        {
          if (*p < '0' || *p > '9' || x > (UINT64_MAX - 9) / 10)
            return 0;
          x = x * 10 + (uint64_t) (*p - '0');
        }
    }
  if (x > (uint64_t) INT64_MAX + neg)
    return 0;
  *v = neg ? (int64_t) (0 - x) : (int64_t) x;
  return 1;
}

/* An immediate or displacement [P, E): a number, or one symbol (perhaps
   with @RELOC) plus or minus a number.  Two symbols could fold to a
   constant in gas: declined.  */
static int
parse_expr (const char *p, const char *e, int *known, int64_t *v)
{
  if (p == e)
    return 0;
  if (parse_number (p, e, v))
    return *known = 1, 1;
  /* NUMBER+SYMBOL, as GCC writes an offset into a variable.  */
  if ((*p >= '0' && *p <= '9') || *p == '-')
    {
      const char *q = p + 1;
      int64_t off;
      while (q < e && *q != '+')
        q++;
      if (q == e || !parse_number (p, q, &off))
        return 0;
      p = q + 1;
      if (p == e)
        return 0;
    }
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' || *p == '.'))
    return 0;
  const char *q = p;
  while (q < e && cc_asm_ident_char (*q))
    q++;
  if (q - p == 1 && *p == '.')
    return 0;              /* ".", the location counter */
  if (q < e)
    {
      int64_t off;
      if ((*q != '+' && *q != '-') || !parse_number (q, e, &off))
        return 0;
    }
  *known = 0;
  *v = 0;
  return 1;
}

/* A memory operand [P, E): [DISP](BASE[,INDEX[,SCALE]]) or DISP.  */
static int
parse_mem (const char *p, const char *e, operand *o)
{
  o->kind = O_MEM;
  const char *lp = memchr (p, '(', (size_t) (e - p));
  int known = 1;
  int64_t disp = 0;
  int has_disp = (lp ? lp : e) > p;
  if (has_disp && !parse_expr (p, lp ? lp : e, &known, &disp))
    return 0;
  if (!lp)
    {
      /* Absolute: ModRM, SIB, disp32.  */
      if (known && !fits32 (disp))
        return 0;
      o->bytes = 6;
      return 1;
    }
  if (e[-1] != ')')
    return 0;
  const char *q = lp + 1, *end = e - 1;
  reg base = { 0 }, index = { 0 };
  int has_base = 0, has_index = 0;
  const char *c = memchr (q, ',', (size_t) (end - q));
  const char *bend = c ? c : end;
  if (bend > q)
    {
      if (*q != '%' || !parse_reg (q + 1, (size_t) (bend - q - 1), &base))
        return 0;
      if (base.cls != R_G64 && base.cls != R_RIP)
        return 0;          /* 32-bit addressing: an addr32 prefix */
      has_base = 1;
    }
  if (c)
    {
      q = c + 1;
      const char *c2 = memchr (q, ',', (size_t) (end - q));
      const char *iend = c2 ? c2 : end;
      if (iend > q)
        {
          if (*q != '%' || !parse_reg (q + 1, (size_t) (iend - q - 1), &index)
              || index.cls != R_G64 || index.num == 4)
            return 0;
          has_index = 1;
        }
      if (c2)
        {
          int64_t s;
          if (!parse_number (c2 + 1, end, &s) || (s != 1 && s != 2 && s != 4 && s != 8))
            return 0;
        }
      if (!has_index && !c2)
        return 0;
    }
  if (known && !fits32 (disp))
    return 0;
  o->extended = (has_base && base.cls == R_G64 && base.num >= 8)
                || (has_index && index.num >= 8);
  if (has_base && base.cls == R_RIP)
    {
      if (has_index)
        return 0;
      o->bytes = 5;
      return 1;
    }
  if (!has_base)
    {
      o->bytes = 6;      /* ModRM, SIB, disp32 */
      return 1;
    }
  int sib = has_index || (base.num & 7) == 4;
  int dbytes;
  if (!known)
    dbytes = 4;
  else if (!has_disp || disp == 0)
    dbytes = (base.num & 7) == 5 ? 1 : 0;
  else
    dbytes = fits8 (disp) ? 1 : 4;
  o->bytes = 1 + sib + dbytes;
  return 1;
}

static int
parse_operand (const char *p, const char *e, operand *o)
{
  memset (o, 0, sizeof *o);
  p = cc_asm_skip_space (p, e);
  while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  if (p == e)
    return 0;
  if (*p == '*')
    {
      o->star = 1;
      p++;
    }
  if (*p == '$')
    {
      if (o->star)
        return 0;
      o->kind = O_IMM;
      return parse_expr (p + 1, e, &o->known, &o->value);
    }
  if (*p == '%')
    {
      const char *q = p + 1;
      while (q < e && cc_asm_ident_char (*q))
        q++;
      if (q < e && *q == ':')
        {
          /* A segment override: only %fs and %gs mean anything in
             64-bit mode.  */
          if (!streq (p + 1, (size_t) (q - p - 1), "fs")
              && !streq (p + 1, (size_t) (q - p - 1), "gs"))
            return 0;
          if (!parse_mem (q + 1, e, o))
            return 0;
          o->seg = 1;
          return 1;
        }
      if (q != e || !parse_reg (p + 1, (size_t) (q - p - 1), &o->r) || o->r.cls == R_RIP)
        return 0;
      o->kind = O_REG;
      return 1;
    }
  return parse_mem (p, e, o);
}

/* Condition codes of jCC, setCC and cmovCC.  */
static int
is_cond (const char *p, size_t n)
{
  static const char *const cc[] = {
    "o", "no", "b", "c", "nae", "nb", "ae", "nc", "e", "z", "ne", "nz", "be",
    "na", "a", "nbe", "s", "ns", "p", "pe", "np", "po", "l", "nge", "ge", "nl",
    "le", "ng", "g", "nle", NULL
  };
  for (int i = 0; cc[i]; i++)
    if (streq (p, n, cc[i]))
      return 1;
  return 0;
}

/* Instruction classes.  */
enum
{
  K_ALU, K_TEST, K_MOV, K_SHIFT, K_UNARY, K_IMUL, K_LEA, K_MOVX, K_MOVSXD,
  K_PUSH, K_POP, K_FIXED, K_STRING, K_SETCC, K_CMOV, K_BSWAP, K_BT, K_OP2,
  K_XCHG, K_NOP, K_JMP, K_CALL, K_JCC, K_RET, K_SHXD, K_PREFETCH, K_MOVABS, K_SSE,
  K_VEX              /* VEX only, maps 0F38 and 0F3A: AVX2, F16C, BMI */
};

/* SSE flags.  */
#define S_IMM 1      /* an imm8 */
#define S_WGPR 2     /* REX.W when its general register is 64-bit */
#define S_MAP3 4     /* 0F 38 or 0F 3A: one opcode byte more */
#define S_SHIFT 8    /* also a form with an imm8 (66 0F 71-73 /n ib) */
#define S_IMMONLY 16 /* only that form */

/* VEX-only flags.  */
#define V_IMM 1      /* an imm8 first */
#define V_IMMOPT 2   /* an imm8 first, or not (another opcode) */
#define V_IS4 4      /* a fourth register, in an imm8 */
#define V_GPR 8      /* general registers (BMI), else vector registers */

typedef struct insn_def
{
  const char *name;
  unsigned char cls;
  unsigned char len;     /* opcode bytes, with a mandatory prefix */
  unsigned char flags;   /* K_SSE: S_*; K_VEX: V_*; K_FIXED: 1 if it takes no size */
} insn_def;

/* Sorted by name, each once (the unit test checks the order); looked up
   by hash (lookup).  */
static const insn_def defs[] = {
  { "adc", K_ALU, 1, 0 },
  { "add", K_ALU, 1, 0 },
  { "addpd", K_SSE, 3, 0 },
  { "addps", K_SSE, 2, 0 },
  { "addsd", K_SSE, 3, 0 },
  { "addss", K_SSE, 3, 0 },
  { "addsubpd", K_SSE, 3, 0 },
  { "addsubps", K_SSE, 3, 0 },
  { "and", K_ALU, 1, 0 },
  { "andn", K_VEX, 0, V_GPR },
  { "andnpd", K_SSE, 3, 0 },
  { "andnps", K_SSE, 2, 0 },
  { "andpd", K_SSE, 3, 0 },
  { "andps", K_SSE, 2, 0 },
  { "bextr", K_VEX, 0, V_GPR },
  { "blendpd", K_SSE, 3, S_MAP3 | S_IMM },
  { "blendps", K_SSE, 3, S_MAP3 | S_IMM },
  { "blsi", K_VEX, 0, V_GPR },
  { "blsmsk", K_VEX, 0, V_GPR },
  { "blsr", K_VEX, 0, V_GPR },
  { "bsf", K_OP2, 2, 0 },
  { "bsr", K_OP2, 2, 0 },
  { "bswap", K_BSWAP, 2, 0 },
  { "bt", K_BT, 2, 0 },
  { "btc", K_BT, 2, 0 },
  { "btr", K_BT, 2, 0 },
  { "bts", K_BT, 2, 0 },
  { "bzhi", K_VEX, 0, V_GPR },
  { "call", K_CALL, 1, 0 },
  { "cbtw", K_FIXED, 2, 0 },
  { "cld", K_FIXED, 1, 0 },
  { "cltd", K_FIXED, 1, 0 },
  { "cltq", K_FIXED, 2, 0 },
  { "cmp", K_ALU, 1, 0 },
  { "cmppd", K_SSE, 3, S_IMM },
  { "cmpps", K_SSE, 2, S_IMM },
  { "cmpsb", K_STRING, 1, 0 },
  { "cmpsd", K_SSE, 3, S_IMM },
  { "cmpsl", K_STRING, 1, 0 },
  { "cmpsq", K_STRING, 1, 0 },
  { "cmpss", K_SSE, 3, S_IMM },
  { "cmpsw", K_STRING, 1, 0 },
  { "cmpxchg", K_OP2, 2, 0 },
  { "comisd", K_SSE, 3, 0 },
  { "comiss", K_SSE, 2, 0 },
  { "cpuid", K_FIXED, 2, 0 },
  { "cqto", K_FIXED, 2, 0 },
  { "cvtdq2pd", K_SSE, 3, 0 },
  { "cvtdq2ps", K_SSE, 2, 0 },
  { "cvtpd2dq", K_SSE, 3, 0 },
  { "cvtpd2ps", K_SSE, 3, 0 },
  { "cvtps2dq", K_SSE, 3, 0 },
  { "cvtps2pd", K_SSE, 2, 0 },
  { "cvtsd2si", K_SSE, 3, S_WGPR },
  { "cvtsd2ss", K_SSE, 3, 0 },
  { "cvtsi2sd", K_SSE, 3, S_WGPR },
  { "cvtsi2ss", K_SSE, 3, S_WGPR },
  { "cvtss2sd", K_SSE, 3, 0 },
  { "cvtss2si", K_SSE, 3, S_WGPR },
  { "cvttpd2dq", K_SSE, 3, 0 },
  { "cvttps2dq", K_SSE, 3, 0 },
  { "cvttsd2si", K_SSE, 3, S_WGPR },
  { "cvttss2si", K_SSE, 3, S_WGPR },
  { "cwtd", K_FIXED, 2, 0 },
  { "cwtl", K_FIXED, 1, 0 },
  { "dec", K_UNARY, 1, 0 },
  { "div", K_UNARY, 1, 0 },
  { "divpd", K_SSE, 3, 0 },
  { "divps", K_SSE, 2, 0 },
  { "divsd", K_SSE, 3, 0 },
  { "divss", K_SSE, 3, 0 },
  { "dppd", K_SSE, 3, S_MAP3 | S_IMM },
  { "dpps", K_SSE, 3, S_MAP3 | S_IMM },
  { "endbr64", K_FIXED, 4, 0 },
  { "haddpd", K_SSE, 3, 0 },
  { "haddps", K_SSE, 3, 0 },
  { "hlt", K_FIXED, 1, 0 },
  { "hsubpd", K_SSE, 3, 0 },
  { "idiv", K_UNARY, 1, 0 },
  { "imul", K_IMUL, 1, 0 },
  { "inc", K_UNARY, 1, 0 },
  { "insertps", K_SSE, 3, S_MAP3 | S_IMM },
  { "int3", K_FIXED, 1, 0 },
  { "jmp", K_JMP, 1, 0 },
  { "lea", K_LEA, 1, 0 },
  { "leave", K_FIXED, 1, 0 },
  { "lfence", K_FIXED, 3, 0 },
  { "lodsb", K_STRING, 1, 0 },
  { "lodsl", K_STRING, 1, 0 },
  { "lodsq", K_STRING, 1, 0 },
  { "lodsw", K_STRING, 1, 0 },
  { "lzcnt", K_OP2, 3, 0 },
  { "maxpd", K_SSE, 3, 0 },
  { "maxps", K_SSE, 2, 0 },
  { "maxsd", K_SSE, 3, 0 },
  { "maxss", K_SSE, 3, 0 },
  { "mfence", K_FIXED, 3, 0 },
  { "minpd", K_SSE, 3, 0 },
  { "minps", K_SSE, 2, 0 },
  { "minsd", K_SSE, 3, 0 },
  { "minss", K_SSE, 3, 0 },
  { "mov", K_MOV, 1, 0 },
  { "movabs", K_MOVABS, 1, 0 },
  { "movapd", K_SSE, 3, 0 },
  { "movaps", K_SSE, 2, 0 },
  { "movbe", K_OP2, 3, 0 },
  { "movd", K_SSE, 3, 0 },
  { "movddup", K_SSE, 3, 0 },
  { "movdqa", K_SSE, 3, 0 },
  { "movdqu", K_SSE, 3, 0 },
  { "movhlps", K_SSE, 2, 0 },
  { "movhpd", K_SSE, 3, 0 },
  { "movhps", K_SSE, 2, 0 },
  { "movlhps", K_SSE, 2, 0 },
  { "movlpd", K_SSE, 3, 0 },
  { "movlps", K_SSE, 2, 0 },
  { "movmskpd", K_SSE, 3, 0 },
  { "movmskps", K_SSE, 2, 0 },
  { "movsb", K_STRING, 1, 0 },
  { "movsbl", K_MOVX, 2, 0 },
  { "movsbq", K_MOVX, 2, 0 },
  { "movsbw", K_MOVX, 2, 0 },
  { "movsd", K_SSE, 3, 0 },
  { "movshdup", K_SSE, 3, 0 },
  { "movsl", K_STRING, 1, 0 },
  { "movsldup", K_SSE, 3, 0 },
  { "movslq", K_MOVSXD, 1, 0 },
  { "movsq", K_STRING, 1, 0 },
  { "movss", K_SSE, 3, 0 },
  { "movsw", K_STRING, 1, 0 },
  { "movswl", K_MOVX, 2, 0 },
  { "movswq", K_MOVX, 2, 0 },
  { "movupd", K_SSE, 3, 0 },
  { "movups", K_SSE, 2, 0 },
  { "movzbl", K_MOVX, 2, 0 },
  { "movzbq", K_MOVX, 2, 0 },
  { "movzbw", K_MOVX, 2, 0 },
  { "movzwl", K_MOVX, 2, 0 },
  { "movzwq", K_MOVX, 2, 0 },
  { "mul", K_UNARY, 1, 0 },
  { "mulpd", K_SSE, 3, 0 },
  { "mulps", K_SSE, 2, 0 },
  { "mulsd", K_SSE, 3, 0 },
  { "mulss", K_SSE, 3, 0 },
  { "mulx", K_VEX, 0, V_GPR },
  { "neg", K_UNARY, 1, 0 },
  { "nop", K_NOP, 2, 0 },
  { "not", K_UNARY, 1, 0 },
  { "or", K_ALU, 1, 0 },
  { "orpd", K_SSE, 3, 0 },
  { "orps", K_SSE, 2, 0 },
  { "pabsb", K_SSE, 3, S_MAP3 },
  { "pabsd", K_SSE, 3, S_MAP3 },
  { "pabsw", K_SSE, 3, S_MAP3 },
  { "packssdw", K_SSE, 3, 0 },
  { "packsswb", K_SSE, 3, 0 },
  { "packusdw", K_SSE, 3, S_MAP3 },
  { "packuswb", K_SSE, 3, 0 },
  { "paddb", K_SSE, 3, 0 },
  { "paddd", K_SSE, 3, 0 },
  { "paddq", K_SSE, 3, 0 },
  { "paddsb", K_SSE, 3, 0 },
  { "paddsw", K_SSE, 3, 0 },
  { "paddusb", K_SSE, 3, 0 },
  { "paddusw", K_SSE, 3, 0 },
  { "paddw", K_SSE, 3, 0 },
  { "palignr", K_SSE, 3, S_MAP3 | S_IMM },
  { "pand", K_SSE, 3, 0 },
  { "pandn", K_SSE, 3, 0 },
  { "pause", K_FIXED, 2, 0 },
  { "pavgb", K_SSE, 3, 0 },
  { "pavgw", K_SSE, 3, 0 },
  { "pblendw", K_SSE, 3, S_MAP3 | S_IMM },
  { "pclmulqdq", K_SSE, 3, S_MAP3 | S_IMM },
  { "pcmpeqb", K_SSE, 3, 0 },
  { "pcmpeqd", K_SSE, 3, 0 },
  { "pcmpeqq", K_SSE, 3, S_MAP3 },
  { "pcmpeqw", K_SSE, 3, 0 },
  { "pcmpgtb", K_SSE, 3, 0 },
  { "pcmpgtd", K_SSE, 3, 0 },
  { "pcmpgtq", K_SSE, 3, S_MAP3 },
  { "pcmpgtw", K_SSE, 3, 0 },
  { "pdep", K_VEX, 0, V_GPR },
  { "pext", K_VEX, 0, V_GPR },
  { "pextrb", K_SSE, 3, S_MAP3 | S_IMM },
  { "pextrd", K_SSE, 3, S_MAP3 | S_IMM },
  { "pextrq", K_SSE, 3, S_MAP3 | S_IMM | S_WGPR },
  { "pextrw", K_SSE, 3, S_IMM },
  { "phaddd", K_SSE, 3, S_MAP3 },
  { "phaddw", K_SSE, 3, S_MAP3 },
  { "pinsrb", K_SSE, 3, S_MAP3 | S_IMM },
  { "pinsrd", K_SSE, 3, S_MAP3 | S_IMM },
  { "pinsrq", K_SSE, 3, S_MAP3 | S_IMM | S_WGPR },
  { "pinsrw", K_SSE, 3, S_IMM },
  { "pmaddubsw", K_SSE, 3, S_MAP3 },
  { "pmaddwd", K_SSE, 3, 0 },
  { "pmaxsb", K_SSE, 3, S_MAP3 },
  { "pmaxsd", K_SSE, 3, S_MAP3 },
  { "pmaxsw", K_SSE, 3, 0 },
  { "pmaxub", K_SSE, 3, 0 },
  { "pmaxud", K_SSE, 3, S_MAP3 },
  { "pmaxuw", K_SSE, 3, S_MAP3 },
  { "pminsb", K_SSE, 3, S_MAP3 },
  { "pminsd", K_SSE, 3, S_MAP3 },
  { "pminsw", K_SSE, 3, 0 },
  { "pminub", K_SSE, 3, 0 },
  { "pminud", K_SSE, 3, S_MAP3 },
  { "pminuw", K_SSE, 3, S_MAP3 },
  { "pmovmskb", K_SSE, 3, 0 },
  { "pmovsxbd", K_SSE, 3, S_MAP3 },
  { "pmovsxbq", K_SSE, 3, S_MAP3 },
  { "pmovsxbw", K_SSE, 3, S_MAP3 },
  { "pmovsxdq", K_SSE, 3, S_MAP3 },
  { "pmovsxwd", K_SSE, 3, S_MAP3 },
  { "pmovsxwq", K_SSE, 3, S_MAP3 },
  { "pmovzxbd", K_SSE, 3, S_MAP3 },
  { "pmovzxbq", K_SSE, 3, S_MAP3 },
  { "pmovzxbw", K_SSE, 3, S_MAP3 },
  { "pmovzxdq", K_SSE, 3, S_MAP3 },
  { "pmovzxwd", K_SSE, 3, S_MAP3 },
  { "pmovzxwq", K_SSE, 3, S_MAP3 },
  { "pmuldq", K_SSE, 3, S_MAP3 },
  { "pmulhrsw", K_SSE, 3, S_MAP3 },
  { "pmulhuw", K_SSE, 3, 0 },
  { "pmulhw", K_SSE, 3, 0 },
  { "pmulld", K_SSE, 3, S_MAP3 },
  { "pmullw", K_SSE, 3, 0 },
  { "pmuludq", K_SSE, 3, 0 },
  { "pop", K_POP, 1, 0 },
  { "popcnt", K_OP2, 3, 0 },
  { "por", K_SSE, 3, 0 },
  { "prefetchnta", K_PREFETCH, 2, 0 },
  { "prefetcht0", K_PREFETCH, 2, 0 },
  { "prefetcht1", K_PREFETCH, 2, 0 },
  { "prefetcht2", K_PREFETCH, 2, 0 },
  { "prefetchw", K_PREFETCH, 2, 0 },
  { "psadbw", K_SSE, 3, 0 },
  { "pshufb", K_SSE, 3, S_MAP3 },
  { "pshufd", K_SSE, 3, S_IMM },
  { "pshufhw", K_SSE, 3, S_IMM },
  { "pshuflw", K_SSE, 3, S_IMM },
  { "pslld", K_SSE, 3, S_SHIFT },
  { "pslldq", K_SSE, 3, S_SHIFT | S_IMMONLY },
  { "psllq", K_SSE, 3, S_SHIFT },
  { "psllw", K_SSE, 3, S_SHIFT },
  { "psrad", K_SSE, 3, S_SHIFT },
  { "psraw", K_SSE, 3, S_SHIFT },
  { "psrld", K_SSE, 3, S_SHIFT },
  { "psrldq", K_SSE, 3, S_SHIFT | S_IMMONLY },
  { "psrlq", K_SSE, 3, S_SHIFT },
  { "psrlw", K_SSE, 3, S_SHIFT },
  { "psubb", K_SSE, 3, 0 },
  { "psubd", K_SSE, 3, 0 },
  { "psubq", K_SSE, 3, 0 },
  { "psubsb", K_SSE, 3, 0 },
  { "psubsw", K_SSE, 3, 0 },
  { "psubusb", K_SSE, 3, 0 },
  { "psubusw", K_SSE, 3, 0 },
  { "psubw", K_SSE, 3, 0 },
  { "ptest", K_SSE, 3, S_MAP3 },
  { "punpckhbw", K_SSE, 3, 0 },
  { "punpckhdq", K_SSE, 3, 0 },
  { "punpckhqdq", K_SSE, 3, 0 },
  { "punpckhwd", K_SSE, 3, 0 },
  { "punpcklbw", K_SSE, 3, 0 },
  { "punpckldq", K_SSE, 3, 0 },
  { "punpcklqdq", K_SSE, 3, 0 },
  { "punpcklwd", K_SSE, 3, 0 },
  { "push", K_PUSH, 1, 0 },
  { "pxor", K_SSE, 3, 0 },
  { "rcl", K_SHIFT, 1, 0 },
  { "rcpps", K_SSE, 2, 0 },
  { "rcpss", K_SSE, 3, 0 },
  { "rcr", K_SHIFT, 1, 0 },
  { "rdtsc", K_FIXED, 2, 0 },
  { "ret", K_RET, 1, 0 },
  { "rol", K_SHIFT, 1, 0 },
  { "ror", K_SHIFT, 1, 0 },
  { "rorx", K_VEX, 0, V_GPR | V_IMM },
  { "roundpd", K_SSE, 3, S_MAP3 | S_IMM },
  { "roundps", K_SSE, 3, S_MAP3 | S_IMM },
  { "roundsd", K_SSE, 3, S_MAP3 | S_IMM },
  { "roundss", K_SSE, 3, S_MAP3 | S_IMM },
  { "rsqrtps", K_SSE, 2, 0 },
  { "rsqrtss", K_SSE, 3, 0 },
  { "sal", K_SHIFT, 1, 0 },
  { "sar", K_SHIFT, 1, 0 },
  { "sarx", K_VEX, 0, V_GPR },
  { "sbb", K_ALU, 1, 0 },
  { "scasb", K_STRING, 1, 0 },
  { "scasl", K_STRING, 1, 0 },
  { "scasq", K_STRING, 1, 0 },
  { "scasw", K_STRING, 1, 0 },
  { "sfence", K_FIXED, 3, 0 },
  { "shl", K_SHIFT, 1, 0 },
  { "shld", K_SHXD, 2, 0 },
  { "shlx", K_VEX, 0, V_GPR },
  { "shr", K_SHIFT, 1, 0 },
  { "shrd", K_SHXD, 2, 0 },
  { "shrx", K_VEX, 0, V_GPR },
  { "shufpd", K_SSE, 3, S_IMM },
  { "shufps", K_SSE, 2, S_IMM },
  { "sqrtpd", K_SSE, 3, 0 },
  { "sqrtps", K_SSE, 2, 0 },
  { "sqrtsd", K_SSE, 3, 0 },
  { "sqrtss", K_SSE, 3, 0 },
  { "stosb", K_STRING, 1, 0 },
  { "stosl", K_STRING, 1, 0 },
  { "stosq", K_STRING, 1, 0 },
  { "stosw", K_STRING, 1, 0 },
  { "sub", K_ALU, 1, 0 },
  { "subpd", K_SSE, 3, 0 },
  { "subps", K_SSE, 2, 0 },
  { "subsd", K_SSE, 3, 0 },
  { "subss", K_SSE, 3, 0 },
  { "syscall", K_FIXED, 2, 0 },
  { "test", K_TEST, 1, 0 },
  { "tzcnt", K_OP2, 3, 0 },
  { "ucomisd", K_SSE, 3, 0 },
  { "ucomiss", K_SSE, 2, 0 },
  { "ud2", K_FIXED, 2, 0 },
  { "unpckhpd", K_SSE, 3, 0 },
  { "unpckhps", K_SSE, 2, 0 },
  { "unpcklpd", K_SSE, 3, 0 },
  { "unpcklps", K_SSE, 2, 0 },
  { "vblendvpd", K_VEX, 0, V_IS4 },
  { "vblendvps", K_VEX, 0, V_IS4 },
  { "vbroadcastf128", K_VEX, 0, 0 },
  { "vbroadcasti128", K_VEX, 0, 0 },
  { "vbroadcastsd", K_VEX, 0, 0 },
  { "vbroadcastss", K_VEX, 0, 0 },
  { "vcvtph2ps", K_VEX, 0, 0 },
  { "vcvtps2ph", K_VEX, 0, V_IMM },
  { "vextractf128", K_VEX, 0, V_IMM },
  { "vextracti128", K_VEX, 0, V_IMM },
  { "vinsertf128", K_VEX, 0, V_IMM },
  { "vinserti128", K_VEX, 0, V_IMM },
  { "vmaskmovpd", K_VEX, 0, 0 },
  { "vmaskmovps", K_VEX, 0, 0 },
  { "vpblendd", K_VEX, 0, V_IMM },
  { "vpblendvb", K_VEX, 0, V_IS4 },
  { "vpbroadcastb", K_VEX, 0, 0 },
  { "vpbroadcastd", K_VEX, 0, 0 },
  { "vpbroadcastq", K_VEX, 0, 0 },
  { "vpbroadcastw", K_VEX, 0, 0 },
  { "vperm2f128", K_VEX, 0, V_IMM },
  { "vperm2i128", K_VEX, 0, V_IMM },
  { "vpermd", K_VEX, 0, 0 },
  { "vpermilpd", K_VEX, 0, V_IMMOPT },
  { "vpermilps", K_VEX, 0, V_IMMOPT },
  { "vpermpd", K_VEX, 0, V_IMM },
  { "vpermps", K_VEX, 0, 0 },
  { "vpermq", K_VEX, 0, V_IMM },
  { "vpmaskmovd", K_VEX, 0, 0 },
  { "vpmaskmovq", K_VEX, 0, 0 },
  { "vpsllvd", K_VEX, 0, 0 },
  { "vpsllvq", K_VEX, 0, 0 },
  { "vpsravd", K_VEX, 0, 0 },
  { "vpsrlvd", K_VEX, 0, 0 },
  { "vpsrlvq", K_VEX, 0, 0 },
  { "vtestpd", K_VEX, 0, 0 },
  { "vtestps", K_VEX, 0, 0 },
  { "xadd", K_OP2, 2, 0 },
  { "xchg", K_XCHG, 1, 0 },
  { "xor", K_ALU, 1, 0 },
  { "xorpd", K_SSE, 3, 0 },
  { "xorps", K_SSE, 2, 0 },
};

const void *cc_x86_encode_table (size_t *n, size_t *stride);

/* For the unit test: the table and the size of one entry.  */
const void *
cc_x86_encode_table (size_t *n, size_t *stride)
{
  *n = sizeof defs / sizeof defs[0];
  *stride = sizeof defs[0];
  return defs;
}

/* The mnemonics by hash: an encoding looks up two to four of them.  */
#define LOOKUP_SIZE 2048        /* a power of two, over twice the table */
static uint16_t lookup_table[LOOKUP_SIZE]; /* index + 1 into defs, 0: empty */

static uint32_t
mnemonic_hash (const char *p, size_t n)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char) p[i]) * 16777619u;
  return h;
}

static void
lookup_init (void)
{
  size_t n = sizeof defs / sizeof defs[0];
  for (size_t i = 0; i < n; i++)
    {
      uint32_t h = mnemonic_hash (defs[i].name, strlen (defs[i].name)) & (LOOKUP_SIZE - 1);
      while (lookup_table[h])
        h = (h + 1) & (LOOKUP_SIZE - 1);
      lookup_table[h] = (uint16_t) (i + 1);
    }
}

static const insn_def *
lookup (const char *p, size_t n)
{
  static int built;
  if (!built)
    {
      lookup_init ();
      built = 1;
    }
  for (uint32_t h = mnemonic_hash (p, n) & (LOOKUP_SIZE - 1); lookup_table[h];
       h = (h + 1) & (LOOKUP_SIZE - 1))
    {
      const char *m = defs[lookup_table[h] - 1].name;
      if (m[0] == p[0] && strncmp (m, p, n) == 0 && m[n] == 0)
        return &defs[lookup_table[h] - 1];
    }
  return NULL;
}

static int
size_of_suffix (char c)
{
  return c == 'b' ? 1 : c == 'w' ? 2 : c == 'l' ? 4 : c == 'q' ? 8 : 0;
}

static int
size_of_reg (const reg *r)
{
  return r->cls == R_G8 ? 1 : r->cls == R_G16 ? 2 : r->cls == R_G32 ? 4
         : r->cls == R_G64 ? 8 : 0;
}

/* What the operands add: the ModRM bytes of the r/m operand and whether
   a register needs a REX.  */
typedef struct shape
{
  int rex;
  int high;
  int modrm;        /* ModRM + SIB + displacement of a memory operand, or 1 */
  int seg;
  int nmem;
  int nxmm, ngpr;
  int gpr_size;     /* of the first general register */
} shape;

static void
shape_of (const operand *o, int n, shape *s)
{
  memset (s, 0, sizeof *s);
  s->modrm = 1;
  for (int i = 0; i < n; i++)
    {
      if (o[i].kind == O_REG)
        {
          if (o[i].r.num >= 8 || o[i].r.rex)
            s->rex = 1;
          if (o[i].r.high)
            s->high = 1;
          if (o[i].r.cls == R_XMM)
            s->nxmm++;
          else
            {
              if (!s->ngpr++)
                s->gpr_size = size_of_reg (&o[i].r);
            }
        }
      else if (o[i].kind == O_MEM)
        {
          s->nmem++;
          s->modrm = o[i].bytes;
          s->seg += o[i].seg;
          if (o[i].extended)
            s->rex = 1;
        }
    }
}

/* The immediate of an instruction with an imm8 short form: the value gas
   compares, sign-folded as for operand size SIZE.  */
static int
imm_is_short (const operand *o, int size)
{
  if (!o->known)
    return 0;
  int64_t v = o->value;
  if (size == 1)
    return 1;
  if (size == 2 && (v & ~(int64_t) 0xffff) == 0)
    v = (int16_t) (uint16_t) v;
  if (size == 4 && (v & ~(int64_t) 0xffffffff) == 0)
    v = (int32_t) (uint32_t) v;
  return fits8 (v);
}

/* Does the immediate fit the operand size at all (gas would refuse, or
   pick another form, if not)?  */
static int
imm_fits (const operand *o, int size)
{
  if (!o->known)
    return size >= 4;
  int64_t v = o->value;
  switch (size)
    {
    case 1:
      return v >= -128 && v <= 255;
    case 2:
      return v >= -32768 && v <= 65535;
    case 4:
      return v >= INT32_MIN && v <= (int64_t) UINT32_MAX;
    default:
      return fits32 (v);
    }
}

static int
full_imm (int size)
{
  return size == 1 ? 1 : size == 2 ? 2 : 4;
}

/* The label of a jump or call: a plain symbol, else 0.  */
static int
plain_target (const char *p, const char *e, const char **t, size_t *n)
{
  p = cc_asm_skip_space (p, e);
  const char *q = p;
  while (q < e && cc_asm_ident_char (*q))
    q++;
  if (q == p || q != e || (*p >= '0' && *p <= '9') || *p == '$')
    return 0;
  *t = p;
  *n = (size_t) (q - p);
  return 1;
}

/* cmpltsd and the like (M, MN letters): cmpsd with the predicate as
   imm8.  Its definition, or NULL.  */
static const insn_def *
cmp_predicate (const char *m, size_t mn)
{
  static const char *const pred[] = { "eq", "lt", "le", "unord", "neq", "nlt", "nle",
                                      "ord", NULL };
  if (mn <= 5 || memcmp (m, "cmp", 3) != 0)
    return NULL;
  for (int i = 0; pred[i]; i++)
    {
      size_t pl = strlen (pred[i]);
      if (mn == 3 + pl + 2 && memcmp (m + 3, pred[i], pl) == 0)
        {
          char nm[8] = "cmp";
          memcpy (nm + 3, m + mn - 2, 2);
          return lookup (nm, 5);
        }
    }
  return NULL;
}

/* x87, for long double.  Every form is an escape opcode (D8-DF) and a
   ModRM byte: with a memory operand that operand's ModRM, SIB and
   displacement (and a REX for an extended base or index), else one byte
   that names %st(i).  Memory forms only with the suffix that gives their
   size, as GCC writes them; the forms with a wait (fstcw, fstsw, finit,
   fclex: a 9B prefix) are not here, so declined.  */
static const char *const x87_mem[] = {
  "flds", "fldl", "fldt", "fsts", "fstl", "fstps", "fstpl", "fstpt",
  "filds", "fildl", "fildq", "fildll", "fists", "fistl", "fistps", "fistpl",
  "fistpq", "fistpll", "fisttps", "fisttpl", "fisttpq", "fisttpll",
  "fadds", "faddl", "fsubs", "fsubl", "fsubrs", "fsubrl", "fmuls", "fmull",
  "fdivs", "fdivl", "fdivrs", "fdivrl", "fiadds", "fiaddl", "fisubs", "fisubl",
  "fisubrs", "fisubrl", "fimuls", "fimull", "fidivs", "fidivl", "fidivrs",
  "fidivrl", "fcoms", "fcoml", "fcomps", "fcompl", "ficoms", "ficoml",
  "ficomps", "ficompl", "fnstcw", "fldcw", "fnstsw", NULL
};
/* With one or two stack registers, or none for the default %st(1).  */
static const char *const x87_reg[] = {
  "fxch", "fucom", "fucomp", "fcom", "fcomp", "fadd", "fsub", "fsubr", "fmul",
  "fdiv", "fdivr", "faddp", "fsubp", "fsubrp", "fmulp", "fdivp", "fdivrp", NULL
};
/* With one or two stack registers only.  */
static const char *const x87_reg_only[] = {
  "fld", "fst", "fstp", "ffree", "fucomi", "fucomip", "fcomi", "fcomip",
  "fcmovb", "fcmove", "fcmovbe", "fcmovu", "fcmovnb", "fcmovne", "fcmovnbe",
  "fcmovnu", NULL
};
static const char *const x87_bare[] = {
  "fld1", "fldz", "fldpi", "fldl2e", "fldl2t", "fldlg2", "fldln2", "fchs",
  "fabs", "fsqrt", "frndint", "fprem", "fprem1", "fscale", "f2xm1", "fyl2x",
  "fyl2xp1", "fptan", "fpatan", "fsin", "fcos", "fsincos", "fxtract", "ftst",
  "fxam", "fucompp", "fcompp", "fninit", "fnclex", "fdecstp", "fincstp",
  "fnop", NULL
};

static int
in_list (const char *const *list, const char *p, size_t n)
{
  for (int i = 0; list[i]; i++)
    if (streq (p, n, list[i]))
      return 1;
  return 0;
}

/* Is [P, E) a stack register: %st, %st(0) .. %st(7)?  */
static int
is_st (const char *p, const char *e)
{
  p = cc_asm_skip_space (p, e);
  while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  if (e - p < 3 || memcmp (p, "%st", 3) != 0)
    return 0;
  p += 3;
  return p == e || (e - p == 3 && p[0] == '(' && p[1] >= '0' && p[1] <= '7' && p[2] == ')');
}

/* The length of the x87 statement M (MN letters) with the N operands of
   SPAN after LEN bytes of prefixes; -1 if declined, -2 if M is not
   x87.  */
static int
x87_length (const char *m, size_t mn, const char *const *span, int n, int len)
{
  if (in_list (x87_mem, m, mn))
    {
      operand o;
      if (streq (m, mn, "fnstsw") && n == 1 && parse_operand (span[0], span[1] - 1, &o)
          && o.kind == O_REG && o.r.cls == R_G16 && o.r.num == 0)
        return len + 2;     /* fnstsw %ax: DF E0 */
      if (n != 1 || !parse_operand (span[0], span[1] - 1, &o) || o.kind != O_MEM || o.star)
        return -1;
      return len + o.seg + (o.extended ? 1 : 0) + 1 + o.bytes;
    }
  int reg = in_list (x87_reg, m, mn);
  if (reg || in_list (x87_reg_only, m, mn))
    {
      if ((n == 0 && !reg) || n > 2)
        return -1;
      for (int i = 0; i < n; i++)
        if (!is_st (span[i], span[i + 1] - 1))
          return -1;
      return len + 2;
    }
  if (in_list (x87_bare, m, mn))
    return n == 0 ? len + 2 : -1;
  return -2;
}

/* VEX (AVX, AVX2, FMA, BMI): C5 and one byte, or C4 and two (for the
   maps 0F38 and 0F3A, VEX.W1, or an extended base, index or r/m
   register: what only the long form has bits for); then the opcode, the
   ModRM (SIB, displacement) and any imm8.  gas (without -O) takes the
   short form wherever it can, and to that end swaps the operands of a
   register-to-register move whose r/m register alone is extended
   (tc-i386.c, build_vex_prefix).  EVEX is declined: %xmm16 and up,
   %zmm, masks and the AVX-512 mnemonics are nowhere here, and its
   compressed displacements would depend on the instruction.  */

/* vfmadd132ps and the rest of FMA3: map 0F38, no imm8.  */
static int
is_fma (const char *m, size_t mn)
{
  static const char *const op[] = { "vfmaddsub", "vfmsubadd", "vfmadd", "vfmsub", "vfnmadd",
                                    "vfnmsub", NULL };
  for (int i = 0; op[i]; i++)
    {
      size_t l = strlen (op[i]);
      if (mn == l + 5 && memcmp (m, op[i], l) == 0
          && (memcmp (m + l, "132", 3) == 0 || memcmp (m + l, "213", 3) == 0
              || memcmp (m + l, "231", 3) == 0)
          && (m[l + 3] == 'p' || m[l + 3] == 's') && (m[l + 4] == 's' || m[l + 4] == 'd'))
        return 1;
    }
  return 0;
}

/* The operands of a VEX statement, counted: what both its families (the
   VEX-only instructions and the VEX forms of SSE ones) check their forms
   against.  */
typedef struct vex_operands
{
  int nmem, nvec, ngpr;
  int gpr_size;     /* of the general registers, all of one size */
  int modrm;        /* ModRM + SIB + displacement of the memory operand, or 1 */
  int seg;
  int has_imm;      /* an imm8, first */
} vex_operands;

/* Count the N operands O of a VEX statement into VO; 0 if one cannot be
   VEX's: an indirect target, a register of another class or general
   registers of two sizes, an immediate not a first imm8, two memory
   operands.  */
static int
count_vex_operands (const operand *o, int n, vex_operands *vo)
{
  *vo = (vex_operands) { 0, 0, 0, 0, 1, 0, 0 };
  for (int i = 0; i < n; i++)
    {
      if (o[i].star)
        return 0;
      if (o[i].kind == O_MEM)
        {
          vo->nmem++;
          vo->modrm = o[i].bytes;
          vo->seg = o[i].seg;
        }
      else if (o[i].kind == O_REG && (o[i].r.cls == R_XMM || o[i].r.cls == R_YMM))
        vo->nvec++;
      else if (o[i].kind == O_REG && (o[i].r.cls == R_G32 || o[i].r.cls == R_G64))
        {
          if (vo->ngpr++ && size_of_reg (&o[i].r) != vo->gpr_size)
            return 0;
          vo->gpr_size = size_of_reg (&o[i].r);
        }
      else if (o[i].kind == O_REG)
        return 0;
      else if (i != 0 || !o[i].known || o[i].value < 0 || o[i].value > 255)
        return 0;             /* an immediate: an imm8, first */
    }
  if (vo->nmem > 1)
    return 0;
  vo->has_imm = n > 0 && o[0].kind == O_IMM;
  return 1;
}

/* The length of the VEX-only instruction V (AVX2, F16C, BMI), or of an
   FMA3 one when V is NULL, with N operands counted in VO after LEN bytes
   of prefixes: C4 and two bytes (their maps are 0F38 and 0F3A), the
   opcode, the ModRM and any imm8 (or the fourth register, in one); -1 if
   the operands are not a form it has.  */
static int
vex_only_length (const insn_def *v, const vex_operands *vo, int n, int len)
{
  int flags = v ? v->flags : 0;
  int has_imm = vo->has_imm;
  if ((flags & V_GPR) ? vo->nvec || !vo->ngpr : vo->ngpr || !vo->nvec)
    return -1;
  if (has_imm ? !(flags & (V_IMM | V_IMMOPT)) : (flags & V_IMM) != 0)
    return -1;
  if ((flags & V_IS4) && (n != 4 || vo->nvec < 3))
    return -1;
  if (n - has_imm < 2 || n > 4)
    return -1;
  return len + vo->seg + 3 + 1 + vo->modrm + has_imm + ((flags & V_IS4) ? 1 : 0);
}

/* The SSE instruction whose VEX form is B (BN letters: vaddps without its
   v), with N operands counted in VO: its definition, or NULL if declined.
   *PSEUDO: a compare with its predicate in the name (an imm8 more);
   *WIDE: it takes VEX.W1 (a 64-bit general register, vpinsrq).  */
static const insn_def *
vex_sse_def (const char *b, size_t bn, int n, const vex_operands *vo, int *pseudo,
             int *wide)
{
  int is_movq = streq (b, bn, "movq");
  /* vmovq is vmovd's opcodes (6E, 7E) with VEX.W1, or F3 0F 7E and
     66 0F D6 between an XMM register and memory or another.  */
  const insn_def *d = lookup (is_movq ? "movd" : b, is_movq ? 4 : bn);
  *pseudo = 0;
  *wide = 0;
  if (!d)
    {
      /* vcmpltsd and the like, with the eight predicates SSE has.  */
      d = cmp_predicate (b, bn);
      *pseudo = d != NULL;
    }
  if (!d && bn > 2 && (b[bn - 1] == 'l' || b[bn - 1] == 'q'))
    {
      /* vcvtsi2sdq and the like.  */
      d = lookup (b, bn - 1);
      if (!d || !(d->flags & S_WGPR))
        return NULL;
      int sz = b[bn - 1] == 'q' ? 8 : 4;
      if (vo->ngpr && vo->gpr_size != sz)
        return NULL;
      *wide = sz == 8;
    }
  /* A conversion to a general register reads memory or a vector.  */
  if (!d || d->cls != K_SSE
      || (!vo->nvec && !((d->flags & S_WGPR) && vo->ngpr == 1 && vo->nmem == 1 && n == 2)))
    return NULL;
  if (vo->ngpr)
    {
      if (vo->ngpr > 1)
        return NULL;
      if (vo->gpr_size == 8)
        {
          if (!(d->flags & S_WGPR) && !is_movq)
            return NULL;
          *wide = 1;
        }
      else if (is_movq)
        return NULL;
    }
  else if ((d->flags & S_WGPR) && d->name[0] == 'c' && !*wide && vo->nmem
           && b[bn - 1] != 'l')
    {
      /* vcvtsi2sd (mem): which size?  vcvttsd2si (mem), %eax is fine.  */
      if (memcmp (b, "cvtsi2s", 7) == 0)
        return NULL;
    }
  size_t dn = strlen (d->name);
  if ((d->flags & S_WGPR) && d->name[dn - 1] == 'q')
    *wide = 1;                /* vpinsrq, vpextrq */
  return d;
}

/* Is the r/m operand of the VEX form of B (BN letters) with the N
   operands O extended (a register >= 8, or a base or index one), which
   only C4 has a bit for?  The r/m is the memory operand; else the first
   after the imm8, but for the GPR destination of vmovd and vmovq (7E).
   HAS_IMM, NVEC, WIDE and MAP0F as vex_sse_length found them.  */
static int
vex_rm_extended (const char *b, size_t bn, const operand *o, int n, int has_imm, int nvec,
                 int wide, int map0f)
{
  int rm = -1, reg = -1;
  for (int i = 0; i < n; i++)
    if (o[i].kind == O_MEM)
      rm = i;
  if (rm < 0)
    {
      rm = has_imm;
      reg = n - 1;
      if ((streq (b, bn, "movd") || streq (b, bn, "movq")) && o[n - 1].kind == O_REG
          && o[n - 1].r.cls != R_XMM && o[n - 1].r.cls != R_YMM)
        rm = n - 1, reg = has_imm;
    }
  int ext = o[rm].kind == O_MEM ? o[rm].extended : o[rm].r.num >= 8;
  if (ext && o[rm].kind == O_REG && !wide && map0f && nvec == n)
    {
      /* gas swaps a move's operands when that frees the r/m register of
         its extension: vmovaps %xmm8, %xmm1 as 29 /r.  */
      static const char *const moves[] = { "movaps", "movapd", "movups", "movupd",
                                           "movdqa", "movdqu", "movss", "movsd", "movq",
                                           NULL };
      int swappable = 0;
      for (int i = 0; moves[i]; i++)
        if (streq (b, bn, moves[i]))
          swappable = 1;
      if (swappable && o[reg].r.num < 8 && o[reg].r.cls == o[rm].r.cls)
        ext = 0;
    }
  return ext;
}

/* The length of the VEX form of the SSE instruction B (BN letters:
   vaddps without its v) with the N operands O, counted in VO, after LEN
   bytes of prefixes: C5 and one byte where it can, else C4 and two; the
   opcode, the ModRM and any imm8.  -1 if declined.  */
static int
vex_sse_length (const char *b, size_t bn, const operand *o, int n, const vex_operands *vo,
                int len)
{
  int pseudo, wide;
  const insn_def *d = vex_sse_def (b, bn, n, vo, &pseudo, &wide);
  if (!d)
    return -1;
  int has_imm = vo->has_imm;
  int imm = has_imm || pseudo ? 1 : 0;
  if (has_imm && !(d->flags & (S_IMM | S_SHIFT)))
    return -1;
  if (!has_imm && (d->flags & (S_IMM | S_IMMONLY)) && !pseudo)
    return -1;
  if (pseudo && has_imm)
    return -1;
  /* A shift by an imm8 of a memory operand is EVEX only (gas takes it
     without a word).  */
  if (has_imm && (d->flags & S_SHIFT) && vo->nmem)
    return -1;
  if (n - has_imm < 2 || n - has_imm > 3)
    return -1;
  /* vpextrw to memory: 0F3A 15, not 0F C5.  */
  int map0f = !(d->flags & S_MAP3) && !(streq (b, bn, "pextrw") && vo->nmem);
  int ext = vex_rm_extended (b, bn, o, n, has_imm, vo->nvec, wide, map0f);
  int vex3 = !map0f || wide || ext;
  return len + vo->seg + (vex3 ? 3 : 2) + 1 + vo->modrm + imm;
}

/* The length of the VEX statement M (MN letters) with the N operands O
   after LEN bytes of prefixes; -1 if declined, -2 if M is not VEX.  */
static int
vex_length (const char *m, size_t mn, const operand *o, int n, int len)
{
  if (m[0] == 'v' && (streq (m, mn, "vzeroupper") || streq (m, mn, "vzeroall")))
    return n == 0 ? len + 3 : -1;
  const insn_def *v = lookup (m, mn);
  int suffix = 0;             /* shlxq and the like: the size */
  if (v && v->cls != K_VEX)
    v = NULL;
  if (!v && mn > 4 && m[0] != 'v' && (m[mn - 1] == 'l' || m[mn - 1] == 'q'))
    {
      v = lookup (m, mn - 1);
      if (v && v->cls == K_VEX && (v->flags & V_GPR))
        suffix = m[mn - 1] == 'q' ? 8 : 4;
      else
        v = NULL;
    }
  if (!v && m[0] != 'v')
    return -2;
  vex_operands vo;
  if (!count_vex_operands (o, n, &vo))
    return -1;

  /* VEX-only (C4), FMA (C4).  */
  if (suffix && vo.gpr_size != suffix)
    return -1;
  if (v || is_fma (m, mn))
    return vex_only_length (v, &vo, n, len);
  if (mn < 3)
    return -1;

  /* The VEX forms of SSE instructions: vaddps for addps.  */
  return vex_sse_length (m + 1, mn - 1, o, n, &vo, len);
}

/* Split the statement [P, E) at its prefixes (lock, rep, notrack: a byte
   each, counted into *LEN) and its mnemonic, [*M, *M + *MN).  The
   operands' start, or NULL if the statement is not words.  */
static const char *
split_mnemonic (const char *p, const char *e, const char **m, size_t *mn, int *len)
{
  for (;;)
    {
      *m = p;
      while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
        p++;
      *mn = (size_t) (p - *m);
      if (*mn == 0 || (p < e && *p != ' ' && *p != '\t'))
        return NULL;
      p = cc_asm_skip_space (p, e);
      static const char *const pfx[] = { "lock", "rep", "repe", "repz", "repne",
                                         "repnz", "notrack", NULL };
      int is_pfx = 0;
      for (int i = 0; pfx[i]; i++)
        if (streq (*m, *mn, pfx[i]))
          is_pfx = 1;
      if (!is_pfx || p == e)
        return p;
      (*len)++;
    }
}

/* Split the operands [P, E) at the commas outside parentheses: operand K
   is [SPAN[K], SPAN[K + 1] - 1).  Their number, or -1 for more than four,
   unbalanced parentheses or a string (none of ours).  */
static int
split_operands (const char *p, const char *e, const char *span[5])
{
  int n = 0;
  if (p < e)
    {
      int depth = 0;
      span[0] = p;
      for (const char *q = p;; q++)
        {
          if (q == e || (*q == ',' && depth == 0))
            {
              if (n == 4 || depth)
                return -1;
              span[++n] = q + 1;
              if (q == e)
                break;
            }
          else if (*q == '(')
            depth++;
          else if (*q == ')')
            depth--;
          else if (*q == '"' || *q == '\'')
            return -1;
        }
    }
  return n;
}

/* A jump or call to a label, M (MN letters) with the N operands [P, E)
   after LEN bytes of prefixes: a call's length (always rel32), or a
   jump's short one with its target in BR for x86_layout.c to relax.
   -1 if declined, -2 if the statement is no such jump or call.  */
static int
label_branch_length (const char *m, size_t mn, const char *p, const char *e, int n, int len,
                     cc_x86_stmt *br)
{
  int is_jcc = mn >= 2 && m[0] == 'j' && is_cond (m + 1, mn - 1);
  int is_jmp = streq (m, mn, "jmp") || streq (m, mn, "jmpq");
  int is_call = streq (m, mn, "call") || streq (m, mn, "callq");
  if ((is_jcc || is_jmp || is_call) && n == 1 && *cc_asm_skip_space (p, e) != '*')
    {
      const char *t;
      size_t tn;
      if (!plain_target (p, e, &t, &tn))
        return -1;
      if (is_call)
        return len + 5;            /* always rel32 */
      /* A jump to foo@PLT too: gas relaxes it if foo cannot be
         preempted (x86_layout.c).  */
      br->kind = is_jcc ? CC_X86_JCC : CC_X86_JMP;
      br->target = t;
      br->target_len = tn;
      return len + 2;
    }
  return is_jcc ? -1 : -2;
}

/* movq between an XMM register and memory or a 64-bit register (M, MN
   letters, with the N operands O after LEN bytes of prefixes): its
   length, -1 if declined, -2 if the statement is not that.  */
static int
movq_xmm_length (const char *m, size_t mn, const operand *o, int n, int len)
{
  if (!(streq (m, mn, "movq") && n == 2
        && ((o[0].kind == O_REG && o[0].r.cls == R_XMM)
            || (o[1].kind == O_REG && o[1].r.cls == R_XMM))))
    return -2;
  shape s;
  shape_of (o, n, &s);
  if (s.ngpr)
    return s.ngpr == 1 && s.gpr_size == 8 ? len + 5 : -1;  /* 66 REX.W 0F 6E/7E */
  if (s.nmem > 1)
    return -1;
  return len + s.seg + s.rex + 3 + s.modrm;    /* F3 0F 7E, 66 0F D6 */
}

/* An integer or SSE statement as the forms below measure it: what the
   mnemonic and the operands decided, shared by every class's rules.  */
typedef struct form
{
  const char *m;          /* the mnemonic, MN letters */
  size_t mn;
  const operand *o;       /* the N operands */
  int n;
  const insn_def *d;      /* its definition; NULL for setcc and cmov */
  int cls;                /* K_* */
  int size;               /* the operand size; 0 if none */
  int pseudo;             /* cmpltsd and the like: the predicate an imm8 */
  shape s;
  int len;                /* prefixes, segment override, operand-size prefix */
} form;

/* The mnemonic of F: exact, or with a size suffix, or a condition (setcc,
   cmovcc), or an SSE compare with its predicate; its definition, class,
   size (from the suffix) and pseudo in F.  0 if none of those.  */
static int
resolve_mnemonic (form *f)
{
  const char *m = f->m;
  size_t mn = f->mn;
  const insn_def *d = lookup (m, mn);
  int size = 0;
  int cond_cls = -1;
  int pseudo = 0;              /* cmpltsd and the like */
  if (!d && mn > 1)
    {
      d = lookup (m, mn - 1);
      if (d && d->cls != K_SSE && d->cls != K_STRING && d->cls != K_MOVX
          && d->cls != K_MOVSXD)
        size = size_of_suffix (m[mn - 1]);
      else if (d && d->cls == K_SSE && (d->flags & S_WGPR))
        size = m[mn - 1] == 'q' ? 8 : m[mn - 1] == 'l' ? 4 : 0;
      else
        d = NULL;
      if (d && !size)
        return 0;
    }
  if (!d)
    {
      if (mn > 3 && memcmp (m, "set", 3) == 0 && is_cond (m + 3, mn - 3))
        cond_cls = K_SETCC;
      else if (mn > 4 && memcmp (m, "cmov", 4) == 0)
        {
          if (is_cond (m + 4, mn - 4))
            cond_cls = K_CMOV;
          else if (mn > 5 && is_cond (m + 4, mn - 5) && size_of_suffix (m[mn - 1]) > 1)
            {
              cond_cls = K_CMOV;
              size = size_of_suffix (m[mn - 1]);
            }
        }
      else
        {
          d = cmp_predicate (m, mn);
          pseudo = d != NULL;
        }
      if (!d && cond_cls < 0)
        return 0;
    }
  f->d = d;
  f->cls = d ? d->cls : cond_cls;
  f->size = size;
  f->pseudo = pseudo;
  return 1;
}

/* The operand size of an integer instruction F: the suffix's, else its
   general registers', else push's and pop's 8 or nop's 4; and what it
   costs (a 66 prefix for 2, REX.W for 8).  0 if declined: no size, or a
   register of another size than the suffix.  The classes without an
   operand size (SSE, fixed, string, movx, branches) pass unchanged.  */
static int
integer_operand_size (form *f)
{
  int cls = f->cls;
  if (cls == K_SSE || cls == K_FIXED || cls == K_STRING || cls == K_MOVX
      || cls == K_MOVSXD || cls == K_JMP || cls == K_CALL || cls == K_RET
      || cls == K_PREFETCH || cls == K_SETCC)
    return 1;
  const operand *o = f->o;
  int n = f->n;
  int size = f->size;
  if (!size)
    size = f->s.gpr_size;
  if (!size && (cls == K_PUSH || cls == K_POP))
    size = 8;
  if (!size && cls == K_NOP && n == 0)
    size = 4;
  if (!size)
    return 0;
  /* A register of another size than the suffix: not for us.  */
  for (int i = 0; i < n; i++)
    if (o[i].kind == O_REG && size_of_reg (&o[i].r) != size
        && !(cls == K_SHIFT && i == 0 && o[i].r.cls == R_G8 && o[i].r.num == 1)
        && !(cls == K_SHXD && i == 0 && o[i].r.cls == R_G8 && o[i].r.num == 1))
      return 0;
  if (cls == K_PUSH || cls == K_POP)
    {
      if (size == 2)
        f->len++;
      else if (size != 8)
        return 0;
    }
  else
    {
      if (size == 2)
        f->len++;
      if (size == 8)
        f->s.rex = 1;
    }
  f->size = size;
  return 1;
}

/* add and the ALU, test and mov: two operands, one of them maybe a
   full-size immediate, with the short forms gas prefers (imm8 for the
   ALU, the accumulator, mov's B8+r).  */
static int
alu_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size;
  shape s = f->s;
  switch (f->cls)
    {
    case K_ALU:
      if (n != 2 || o[1].kind == O_IMM || (o[0].kind == O_MEM && o[1].kind == O_MEM))
        return -1;
      if (o[0].kind == O_IMM)
        {
          if (!imm_fits (&o[0], size))
            return -1;
          /* gas's order: the imm8 form (not for bytes), the accumulator
             form, the general one.  */
          if (size > 1 && imm_is_short (&o[0], size))
            return len + s.rex + 1 + s.modrm + 1;
          if (o[1].kind == O_REG && o[1].r.num == 0)
            return len + s.rex + 1 + full_imm (size);
          return len + s.rex + 1 + s.modrm + full_imm (size);
        }
      return len + s.rex + 1 + s.modrm;
    case K_TEST:
      if (n != 2 || o[1].kind == O_IMM || (o[0].kind == O_MEM && o[1].kind == O_MEM))
        return -1;
      if (o[0].kind == O_IMM)
        {
          if (!imm_fits (&o[0], size))
            return -1;
          if (o[1].kind == O_REG && o[1].r.num == 0)
            return len + s.rex + 1 + full_imm (size);
          return len + s.rex + 1 + s.modrm + full_imm (size);
        }
      return len + s.rex + 1 + s.modrm;
    case K_MOV:
      if (n != 2 || o[1].kind == O_IMM || (o[0].kind == O_MEM && o[1].kind == O_MEM))
        return -1;
      if (o[0].kind == O_IMM)
        {
          if (size == 8)
            {
              /* C7 /0 with a sign-extended imm32 (a symbol too: gas tries
                 that form before the 64-bit one); a wider number would
                 be movabs.  */
              if (o[0].known && !fits32 (o[0].value))
                return -1;
              return len + s.rex + 1 + s.modrm + 4;
            }
          if (!imm_fits (&o[0], size))
            return -1;
          if (o[1].kind == O_REG)
            return len + s.rex + 1 + full_imm (size);
          return len + s.rex + 1 + s.modrm + full_imm (size);
        }
      return len + s.rex + 1 + s.modrm;
    default:
      return -1;
    }
}

/* Shifts, double shifts and bit tests: a count or bit number in an imm8
   or in %cl (shifts by one have a form without the imm8).  */
static int
count_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size;
  shape s = f->s;
  switch (f->cls)
    {
    case K_SHIFT:
      if (n == 1)
        {
          if (o[0].kind == O_IMM)
            return -1;
          return len + s.rex + 1 + s.modrm;
        }
      if (n != 2 || o[1].kind == O_IMM)
        return -1;
      if (o[0].kind == O_REG)
        return o[0].r.cls == R_G8 && o[0].r.num == 1 ? len + s.rex + 1 + s.modrm : -1;
      if (o[0].kind != O_IMM || !o[0].known || o[0].value < 0 || o[0].value > 255)
        return -1;
      return len + s.rex + 1 + s.modrm + (o[0].value == 1 ? 0 : 1);
    case K_BT:
      if (n != 2 || o[1].kind == O_IMM || size == 1)
        return -1;
      if (o[0].kind == O_IMM)
        return o[0].known && o[0].value >= 0 && o[0].value <= 255
               ? len + s.rex + 2 + s.modrm + 1 : -1;
      return o[0].kind == O_REG ? len + s.rex + 2 + s.modrm : -1;
    case K_SHXD:
      if (n != 3 || o[1].kind != O_REG || o[2].kind == O_IMM || size == 1)
        return -1;
      if (o[0].kind == O_IMM)
        return o[0].known && o[0].value >= 0 && o[0].value <= 255
               ? len + s.rex + 2 + s.modrm + 1 : -1;
      return o[0].kind == O_REG && o[0].r.cls == R_G8 && o[0].r.num == 1
             ? len + s.rex + 2 + s.modrm : -1;
    default:
      return -1;
    }
}

/* The instructions of one operand, a register or memory (push also an
   immediate; nop also none): the opcode, its ModRM or the register in
   it.  */
static int
one_operand_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size, cls = f->cls;
  size_t mn = f->mn;
  shape s = f->s;
  switch (cls)
    {
    case K_UNARY:
      if (n != 1 || o[0].kind == O_IMM)
        return -1;
      return len + s.rex + 1 + s.modrm;
    case K_PUSH:
    case K_POP:
      if (n != 1)
        return -1;
      if (o[0].kind == O_REG)
        return len + s.rex + 1;
      if (o[0].kind == O_MEM)
        return len + s.rex + 1 + s.modrm;
      if (cls == K_POP || size != 8 || !imm_fits (&o[0], 4))
        return -1;
      return len + 1 + (imm_is_short (&o[0], 4) ? 1 : 4);
    case K_SETCC:
      if (n != 1 || o[0].kind == O_IMM || (o[0].kind == O_REG && o[0].r.cls != R_G8))
        return -1;
      return len + (s.rex ? 1 : 0) + 2 + s.modrm;
    case K_BSWAP:
      if (n != 1 || o[0].kind != O_REG || size < 4)
        return -1;
      return len + s.rex + 2;
    case K_NOP:
      if (n == 0)
        return mn == 3 ? len + 1 : -1;
      if (n != 1 || o[0].kind == O_IMM || size == 1)
        return -1;
      return len + s.rex + 2 + s.modrm;
    case K_JMP:
    case K_CALL:
      if (n != 1 || !o[0].star || o[0].kind == O_IMM)
        return -1;
      if (o[0].kind == O_REG && o[0].r.cls != R_G64)
        return -1;
      return len + s.rex + 1 + s.modrm;
    case K_PREFETCH:
      if (n != 1 || o[0].kind != O_MEM)
        return -1;
      return len + s.rex + 2 + s.modrm;
    default:
      return -1;
    }
}

/* A register and a register or memory operand, the register the
   destination (xchg: either): imul, lea, movzx and movsx, cmov and the
   two-byte opcodes, xchg.  */
static int
reg_rm_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size, cls = f->cls;
  const insn_def *d = f->d;
  const char *m = f->m;
  size_t mn = f->mn;
  shape s = f->s;
  switch (cls)
    {
    case K_IMUL:
      if (n == 1)
        return o[0].kind == O_IMM ? -1 : len + s.rex + 1 + s.modrm;
      if (n == 2 && o[0].kind != O_IMM)
        return o[1].kind == O_REG && size > 1 ? len + s.rex + 2 + s.modrm : -1;
      if (o[0].kind != O_IMM || size == 1 || o[n - 1].kind != O_REG
          || (n == 3 && o[1].kind == O_IMM) || !imm_fits (&o[0], size))
        return -1;
      return len + s.rex + 1 + s.modrm + (imm_is_short (&o[0], size) ? 1 : full_imm (size));
    case K_LEA:
      if (n != 2 || o[0].kind != O_MEM || o[1].kind != O_REG || size == 1)
        return -1;
      return len + s.rex + 1 + s.modrm;
    case K_MOVX:
    case K_MOVSXD:
      {
        if (n != 2 || o[1].kind != O_REG || o[0].kind == O_IMM)
          return -1;
        int from = size_of_suffix (m[mn - 2]), to = size_of_suffix (m[mn - 1]);
        if (o[1].kind == O_REG && size_of_reg (&o[1].r) != to)
          return -1;
        if (o[0].kind == O_REG && size_of_reg (&o[0].r) != from)
          return -1;
        if (to == 2)
          len++;
        if (to == 8)
          s.rex = 1;
        return len + s.rex + d->len + s.modrm;
      }
    case K_CMOV:
    case K_OP2:
      if (n != 2 || o[1].kind == O_IMM || o[0].kind == O_IMM
          || (o[0].kind == O_MEM && o[1].kind == O_MEM))
        return -1;
      if (size == 1 && cls == K_CMOV)
        return -1;
      return len + s.rex + (cls == K_CMOV ? 2 : d->len) + s.modrm;
    case K_XCHG:
      if (n != 2 || o[0].kind == O_IMM || o[1].kind == O_IMM
          || (o[0].kind == O_MEM && o[1].kind == O_MEM))
        return -1;
      if (size > 1 && o[0].kind == O_REG && o[1].kind == O_REG
          && (o[0].r.num == 0 || o[1].r.num == 0))
        {
          /* xchg of the accumulator with itself is special in gas (87 C0,
             or a bare 90 for %rax); GCC never writes it.  */
          if (o[0].r.num == 0 && o[1].r.num == 0)
            return -1;
          return len + s.rex + 1;
        }
      return len + s.rex + 1 + s.modrm;
    default:
      return -1;
    }
}

/* The forms without a ModRM, their operands implied or an immediate:
   leave and the like, string instructions, ret, movabs.  */
static int
implied_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size;
  const insn_def *d = f->d;
  const char *m = f->m;
  size_t mn = f->mn;
  switch (f->cls)
    {
    case K_FIXED:
      if (n)
        return -1;
      if (mn != strlen (d->name))
        {
          /* leaveq and the like.  */
          if (m[mn - 1] != 'q' || !streq (m, mn - 1, "leave"))
            return -1;
        }
      return len + d->len;
    case K_STRING:
      if (n)
        return -1;
      {
        int sz = size_of_suffix (m[mn - 1]);
        return len + 1 + (sz == 2 || sz == 8 ? 1 : 0);
      }
    case K_RET:
      if (mn != 3 && !streq (m, mn, "retq"))
        return -1;
      if (n == 0)
        return len + 1;
      if (n != 1 || o[0].kind != O_IMM || !o[0].known || o[0].value < 0
          || o[0].value > 65535)
        return -1;
      return len + 3;
    case K_MOVABS:
      /* REX.W B8+r imm64; the moffs forms are left to the assembler.  */
      if (n != 2 || o[0].kind != O_IMM || o[1].kind != O_REG || size != 8)
        return -1;
      return len + 10;
    default:
      return -1;
    }
}

/* SSE: the opcode (with its mandatory prefix and escape bytes), REX.W
   for a 64-bit general register, the ModRM and any imm8 (a shift's, or
   the predicate of cmpltsd and the like).  */
static int
sse_length (const form *f)
{
  const operand *o = f->o;
  int n = f->n, len = f->len, size = f->size, pseudo = f->pseudo;
  const insn_def *d = f->d;
  shape s = f->s;
  int base = d->len + ((d->flags & S_MAP3) ? 1 : 0);
  int imm = (d->flags & S_IMM) != 0;
  int k = 0;                  /* the first register or memory operand */
  if (d->flags & S_SHIFT)
    {
      if (n == 2 && o[0].kind == O_IMM)
        {
          if (!o[0].known || o[0].value < 0 || o[0].value > 255
              || o[1].kind != O_REG || o[1].r.cls != R_XMM)
            return -1;
          return len + s.rex + base + 1 + 1;
        }
      if (d->flags & S_IMMONLY)
        return -1;
    }
  if (imm && !pseudo)
    {
      if (n != 3 || o[0].kind != O_IMM || !o[0].known || o[0].value < 0
          || o[0].value > 255)
        return -1;
      k = 1;
    }
  else if (n != 2)
    return -1;
  if (o[k].kind == O_IMM || o[k + 1].kind == O_IMM || s.nmem > 1 || s.ngpr > 1
      || s.nxmm == 0)
    return -1;
  int wide = size == 8;
  if (s.ngpr)
    {
      if (s.gpr_size != 4 && s.gpr_size != 8)
        return -1;
      if (size && s.gpr_size != size)
        return -1;
      wide = s.gpr_size == 8;
    }
  int wgpr = (d->flags & S_WGPR) != 0;
  if (wide && !wgpr)
    return -1;
  size_t dn = strlen (d->name);
  if (wgpr && d->name[dn - 1] == 'q')
    wide = 1;                 /* pinsrq, pextrq */
  if (wgpr && !size && !s.ngpr && d->name[0] == 'c')
    return -1;                /* cvtsi2sd (mem): which size? */
  if (wide)
    s.rex = 1;
  return len + s.rex + base + s.modrm + imm;
}

/* The length of F by the rules of its class; -1 if declined.  */
static int
form_length (const form *f)
{
  switch (f->cls)
    {
    case K_ALU:
    case K_TEST:
    case K_MOV:
      return alu_length (f);
    case K_SHIFT:
    case K_BT:
    case K_SHXD:
      return count_length (f);
    case K_UNARY:
    case K_PUSH:
    case K_POP:
    case K_SETCC:
    case K_BSWAP:
    case K_NOP:
    case K_JMP:
    case K_CALL:
    case K_PREFETCH:
      return one_operand_length (f);
    case K_IMUL:
    case K_LEA:
    case K_MOVX:
    case K_MOVSXD:
    case K_CMOV:
    case K_OP2:
    case K_XCHG:
      return reg_rm_length (f);
    case K_FIXED:
    case K_STRING:
    case K_RET:
    case K_MOVABS:
      return implied_length (f);
    case K_SSE:
      return sse_length (f);
    default:
      return -1;
    }
}

/* The length gas gives the statement [P, E) (without -O), in the order
   gas tries the forms: a jump or call to a label, x87, VEX, then the
   integer and SSE ones by class.  -1 if declined.  BR gets a jump's
   target, and gcc_differs where GCC's own length is no check of ours.  */
static int
encode_length (const char *p, const char *e, cc_x86_stmt *br)
{
  p = cc_asm_skip_space (p, e);
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  int len = 0;

  /* Prefixes in the statement, the mnemonic, the operands.  */
  const char *m;
  size_t mn;
  p = split_mnemonic (p, e, &m, &mn, &len);
  if (!p)
    return -1;
  const char *span[5];
  int n = split_operands (p, e, span);
  if (n < 0)
    return -1;

  int x = label_branch_length (m, mn, p, e, n, len, br);
  if (x != -2)
    return x;

  if (m[0] == 'f')
    {
      x = x87_length (m, mn, span, n, len);
      /* GCC's lengths of x87 insns are guesses (16 bytes for
         fix_truncdi_i387's three statements of 12, 4 for a 2-byte
         fcomi): no check of ours.  */
      if (x != -2)
        {
          br->gcc_differs = 1;
          return x;
        }
    }

  operand o[4];
  for (int k = 0; k < n; k++)
    if (!parse_operand (span[k], span[k + 1] - 1, &o[k]))
      return -1;

  x = vex_length (m, mn, o, n, len);
  /* GCC's lengths of VEX insns miss by a byte in many forms (shlx:
     2 bytes, gas 5; vpminsd %xmm1, %xmm0, %xmm0: 4, gas 5; vpcmpeqd
     on ymm: 5, gas 4; vextracti128: 5, gas 6): no check of ours.  */
  if (x != -2)
    {
      br->gcc_differs = 1;
      return x;
    }
  for (int k = 0; k < n; k++)
    if (o[k].kind == O_REG && o[k].r.cls == R_YMM)
      return -1;

  x = movq_xmm_length (m, mn, o, n, len);
  if (x != -2)
    return x;

  form f = { .m = m, .mn = mn, .o = o, .n = n, .len = len };
  if (!resolve_mnemonic (&f))
    return -1;
  shape_of (o, n, &f.s);
  if (f.s.high && f.s.rex)
    return -1;
  f.len += f.s.seg;
  if (f.cls != K_SSE && f.s.nxmm)
    return -1;
  if (!integer_operand_size (&f))
    return -1;
  return form_length (&f);
}

int
cc_x86_encode_length (const char *p, const char *e, cc_x86_stmt *br)
{
  memset (br, 0, sizeof *br);
  int len = encode_length (p, e, br);
  if (len < 0)
    return len;
  /* Where GCC's own length is known to be off (x86_encode.h).  */
  p = cc_asm_skip_space (p, e);
  size_t n = 0;
  while (p + n < e && p[n] != ' ' && p[n] != '\t')
    n++;
  if (p[0] == 'm' || p[0] == 'x' || p[0] == 'l' || p[0] == 'r' || p[0] == 'u' || p[0] == 'n')
    {
      static const char *const differ[] = { "movq", "movd", "unpckhpd", "xchgb", "xchgw",
                                            "xchgl", "xchgq", "xchg", "lock", "rep",
                                            "repz", "repe", "repnz", "repne", "notrack",
                                            NULL };
      for (int i = 0; differ[i]; i++)
        if (differ[i][0] == p[0] && streq (p, n, differ[i]))
          br->gcc_differs = 1;
      /* movq and movd only with an XMM register.  */
      if (streq (p, n, "movq") || streq (p, n, "movd"))
        {
          int xmm = 0;
          for (const char *q = p + n; q + 4 <= e && !xmm; q++)
            xmm = memcmp (q, "%xmm", 4) == 0;
          br->gcc_differs = xmm;
        }
    }
  /* adc and sbb of $0 (GCC's *add<mode>3_carry_0 and *sub<mode>3_carry_0):
     the $0 is in the template, not an operand, so GCC counts no
     immediate byte.  */
  if ((n == 3 || n == 4) && (memcmp (p, "adc", 3) == 0 || memcmp (p, "sbb", 3) == 0))
    {
      const char *q = cc_asm_skip_space (p + n, e);
      if (e - q >= 3 && memcmp (q, "$0,", 3) == 0)
        br->gcc_differs = 1;
    }
  for (const char *q = p + n; (q = memchr (q, '%', (size_t) (e - q))) && q + 2 < e; q++)
    if ((q[1] == 'a' || q[1] == 'b' || q[1] == 'c' || q[1] == 'd') && q[2] == 'h')
      br->gcc_differs = 1;
  return len;
}
