/* cachecat: the machine instructions GNU as makes of one RISC-V
   instruction statement (riscv_insn.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The operand letters and their checks follow riscv_ip of binutils 2.40
   (gas/config/tc-riscv.c) letter by letter, for the letters the
   modelled entries use; the encodings are built as riscv_ip builds them
   (the match, with INSERT_OPERAND and the ENCODE_ macros), so that the
   match functions see what gas's see.  */

#include "layout/riscv/riscv_insn.h"
#include "isa/riscv/riscv_flow.h"
#include "layout/riscv/riscv_opcodes.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_TEXT 200

/* What an operand gave (gas's expressionS, as far as it is followed).  */
enum ex_op
{
  EX_CONST, EX_SYMBOL, EX_REGISTER
};

typedef struct expr
{
  int op;
  int64_t v;                  /* CONST: the value; REGISTER: its number */
  const char *sym;            /* SYMBOL: its name */
  size_t sym_len;
  int addend;                 /* SYMBOL: a constant added to it */
} expr;

/* Relocation operators (tc-riscv.c percent_op_*): which ones an operand
   may start with.  */
enum rel_set
{
  REL_ITYPE, REL_STYPE, REL_UTYPE, REL_RTYPE, REL_NULL
};

typedef struct ctx
{
  const cc_riscv_arch *arch;
  int rvc;
  int unknown;                /* something gas reads that this does not */
  cc_riscv_insn *out;
  const char *text;           /* the statement's copy, for target_at */
  size_t text_off;            /* where the copy starts in the statement */
  int depth;                  /* macro expansion (load_const recurses) */
} ctx;

/* One entry being matched: its encoding so far and its immediate.  */
typedef struct ip
{
  uint32_t insn;
  expr imm;
  int have_imm;
  int relax;                  /* enum cc_riscv_relax of a `p' or `a' */
  const char *target;
  size_t target_len;
  int breaks;                 /* its relocation ends gas's fragment */
} ip;

#define INSERT(insn, v, mask, sh) ((insn) = ((insn) & ~((uint32_t) (mask) << (sh))) \
                                           | (((uint32_t) (v) & (mask)) << (sh)))
#define RD(insn) (((insn) >> 7) & 0x1f)
#define CRS1S(insn) (((insn) >> 7) & 0x7)
#define CRS2S(insn) (((insn) >> 2) & 0x7)
#define CRS2(insn) (((insn) >> 2) & 0x1f)
#define X(x, s, n) (((uint64_t) (x) >> (s)) & ((1ull << (n)) - 1))

/* riscv-opc.c riscv_rm and riscv_pred_succ.  */
static const char *const rounding[8] = { "rne", "rtz", "rdn", "rup", "rmm", NULL, NULL, "dyn" };
static const char *const pred_succ[16] = {
  NULL, "w", "r", "rw", "o", "ow", "or", "orw", "i", "iw", "ir", "irw", "io", "iow", "ior", "iorw"
};
/* CSR names: the unprivileged counters and the floating-point ones;
   any other name is not known here (gas knows hundreds).  */
static const struct
{
  const char *name;
  unsigned num;
} csrs[] = {
  { "fflags", 0x1 }, { "frm", 0x2 }, { "fcsr", 0x3 }, { "cycle", 0xc00 }, { "time", 0xc01 },
  { "instret", 0xc02 }, { "cycleh", 0xc80 }, { "timeh", 0xc81 }, { "instreth", 0xc82 },
};

/* gas's is_name_beginner and is_part_of_name for RISC-V.  */
static int
name_begin (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
}

static int
name_part (char c)
{
  return name_begin (c) || (c >= '0' && c <= '9');
}

/* The number N of 1 or 2 digits at [P, P + LEN) (no leading 0 but
   for 0 itself), or -1.  */
static int
digits (const char *p, size_t len)
{
  if (len == 1 && p[0] >= '0' && p[0] <= '9')
    return p[0] - '0';
  if (len == 2 && p[0] >= '1' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9')
    return (p[0] - '0') * 10 + (p[1] - '0');
  return -1;
}

/* riscv-opc.c's register names (riscv_gpr_names_*, riscv_fpr_names_*):
   PREFIX (of LEN characters) and a number from FIRST to LAST name
   registers from NUMBER on; a name without a number is one register
   (LAST 0); "fp" is also s0 (md_begin).  The GPRs before the FPRs.  */
static const struct
{
  const char *prefix;
  unsigned char len, first, last, number;
} reg_names[] = {
  { "x", 1, 0, 31, 0 }, { "t", 1, 0, 2, 5 }, { "t", 1, 3, 6, 28 }, { "s", 1, 0, 1, 8 },
  { "s", 1, 2, 11, 18 }, { "a", 1, 0, 7, 10 }, { "zero", 4, 0, 0, 0 }, { "ra", 2, 0, 0, 1 },
  { "sp", 2, 0, 0, 2 }, { "gp", 2, 0, 0, 3 }, { "tp", 2, 0, 0, 4 }, { "fp", 2, 0, 0, 8 },
  { "f", 1, 0, 31, 0 }, { "ft", 2, 0, 7, 0 }, { "ft", 2, 8, 11, 28 }, { "fs", 2, 0, 1, 8 },
  { "fs", 2, 2, 11, 18 }, { "fa", 2, 0, 7, 10 },
};
#define FIRST_FPR_NAME 12

/* The register named [P, P + N), a GPR or if FP an FPR: its number, or
   -1.  */
static int
reg_number (const char *p, size_t n, int fp)
{
  size_t from = fp ? FIRST_FPR_NAME : 0;
  size_t to = fp ? sizeof reg_names / sizeof reg_names[0] : FIRST_FPR_NAME;
  for (size_t i = from; i < to; i++)
    {
      size_t l = reg_names[i].len;
      if (n < l || p[0] != reg_names[i].prefix[0] || memcmp (p, reg_names[i].prefix, l) != 0)
        continue;
      if (reg_names[i].last == 0)
        {
          if (n == l)
            return reg_names[i].number;
          continue;
        }
      int d = digits (p + l, n - l);
      if (d >= reg_names[i].first && d <= reg_names[i].last)
        return d - reg_names[i].first + reg_names[i].number;
    }
  return -1;
}

/* reg_lookup: a register of the class (FPR if FP) at *S: its number, *S
   past it; -1 (and *S unchanged) if none.  */
static int
reg_lookup (const char **s, int fp)
{
  const char *e = *s;
  if (name_begin (*e))
    e++;
  while (name_part (*e))
    e++;
  int r = reg_number (*s, (size_t) (e - *s), fp);
  if (r >= 0)
    *s = e;
  return r;
}

/* arg_lookup: the operand up to the next comma (or the end) is one of
   ARRAY's names: its index.  */
static int
arg_lookup (const char **s, const char *const *array, int size)
{
  const char *c = strchr (*s, ',');
  size_t len = c ? (size_t) (c - *s) : strlen (*s);
  if (len == 0)
    return -1;
  for (int i = 0; i < size; i++)
    if (array[i] && strncmp (array[i], *s, len) == 0 && array[i][len] == 0)
      {
        *s += len;
        return i;
      }
  return -1;
}

static const char *
skip_space (const char *s)
{
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* A number as gas's operand reads it (decimal, 0x hex, 0b binary,
   leading 0 octal) at S: its end, or NULL if S holds none this
   follows.  */
static const char *
number (const char *s, int64_t *v)
{
  uint64_t x = 0;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    base = 16, s += 2;
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B') && (s[2] == '0' || s[2] == '1'))
    base = 2, s += 2;
  else if (s[0] == '0')
    base = 8;
  const char *start = s;
  for (;; s++)
    {
      int d = *s >= '0' && *s <= '9' ? *s - '0'
              : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
              : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : 99;
      if (d >= base)
        break;
      if (x > (UINT64_MAX - (uint64_t) d) / (uint64_t) base)
        return NULL;            /* a bignum */
      x = x * (uint64_t) base + (uint64_t) d;
    }
  if (s == start || name_part (*s))
    return NULL;                /* 1f, 12abc, 0x, 09 */
  *v = (int64_t) x;
  return s;
}

/* expression (): a number, a symbol (a name, or a local label 1f or 1b)
   or, in parentheses, either; with unary minus and plus on numbers and
   `+' or `-' between numbers or after a symbol (an addend).  Returns the
   end, or NULL if the operand is any other expression.  */
static const char *
expression (const char *s, expr *ex)
{
  s = skip_space (s);
  if (*s == '(')
    {
      s = expression (s + 1, ex);
      if (!s)
        return NULL;
      s = skip_space (s);
      if (*s != ')')
        return NULL;
      s++;
    }
  else if (*s == '-' || *s == '+' || *s == '~')
    {
      char op = *s;
      s = expression (s + 1, ex);
      if (!s || ex->op != EX_CONST)
        return NULL;
      ex->v = op == '-' ? (int64_t) (0 - (uint64_t) ex->v) : op == '~' ? ~ex->v : ex->v;
      return s;                 /* binds tighter than any binary operator */
    }
  else if (*s >= '0' && *s <= '9')
    {
      const char *e = number (s, &ex->v);
      if (e)
        {
          ex->op = EX_CONST;
          s = e;
        }
      else
        {
          /* A local label: digits, then f or b.  */
          e = s;
          while (*e >= '0' && *e <= '9')
            e++;
          if ((*e != 'f' && *e != 'b') || name_part (e[1]))
            return NULL;
          ex->op = EX_SYMBOL;
          ex->sym = s;
          ex->sym_len = (size_t) (e + 1 - s);
          ex->addend = 0;
          s = e + 1;
        }
    }
  else if (name_begin (*s))
    {
      const char *e = s;
      while (name_part (*e))
        e++;
      if (e - s == 1 && *s == '.')
        return NULL;            /* the location counter */
      ex->op = EX_SYMBOL;
      ex->sym = s;
      ex->sym_len = (size_t) (e - s);
      ex->addend = 0;
      s = e;
    }
  else
    return NULL;
  /* Binary operators: `+' and `-' between numbers only.  */
  for (;;)
    {
      const char *o = skip_space (s);
      if (*o == '+' || *o == '-')
        {
          expr rhs;
          const char *e = expression (o + 1, &rhs);
          if (!e || rhs.op != EX_CONST || (ex->op != EX_CONST && ex->op != EX_SYMBOL))
            return NULL;
          if (ex->op == EX_SYMBOL)
            ex->addend = 1;
          else
            ex->v = *o == '+' ? (int64_t) ((uint64_t) ex->v + (uint64_t) rhs.v)
                              : (int64_t) ((uint64_t) ex->v - (uint64_t) rhs.v);
          s = e;
          continue;
        }
      if (*o == '*' || *o == '/' || *o == '%' || *o == '<' || *o == '>' || *o == '&'
          || *o == '|' || *o == '^' || *o == '!' || *o == '=')
        return NULL;
      return s;
    }
}

/* The relocation operator of a set at S: its length, 0 if none.  */
static int
is_reloc (const char *s, int set)
{
  static const char *const itype[] = { "%lo", "%tprel_lo", "%pcrel_lo", NULL };
  static const char *const utype[] = { "%tprel_hi", "%pcrel_hi", "%got_pcrel_hi", "%tls_ie_pcrel_hi",
                                       "%tls_gd_pcrel_hi", "%hi", NULL };
  static const char *const rtype[] = { "%tprel_add", NULL };
  const char *const *ops = set == REL_ITYPE || set == REL_STYPE ? itype
                           : set == REL_UTYPE ? utype : set == REL_RTYPE ? rtype : NULL;
  for (size_t i = 0; ops && ops[i]; i++)
    {
      size_t n = strlen (ops[i]);
      if (strncasecmp (s, ops[i], n) == 0 && (s[n] == ' ' || s[n] == '\t' || s[n] == '('))
        return (int) n;
    }
  return 0;
}

/* my_getSmallExpression: a register, or an expression after at most one
   relocation operator of SET (*OP: where it starts, if there is one).
   Returns how many operators it took (0 or 1), *END past the operand; -1
   if this cannot follow it.  */
static int
small_expression_op (ctx *c, const char *s, int set, expr *ex, const char **end,
                     const char **op)
{
  const char *r = s;
  int reg = reg_lookup (&r, 0);
  if (reg >= 0)
    {
      ex->op = EX_REGISTER;
      ex->v = reg;
      *end = r;
      return 0;
    }
  int n_rel = -1, depth = 0, crux_depth;
  const char *crux;
  for (;;)
    {
      n_rel++;
      crux = s;
      crux_depth = depth;
      while (*s == ' ' || *s == '\t' || *s == '(')
        if (*s++ == '(')
          depth++;
      int l;
      if (!(*s == '%' && n_rel < 1 && (l = is_reloc (s, set)) > 0))
        break;
      if (op)
        *op = s;
      s += l;
    }
  const char *e = expression (crux, ex);
  if (!e || *skip_space (s) == '%')
    {
      c->unknown = 1;           /* another operator, or an expression */
      return -1;
    }
  /* The operand of a relocation operator is not a value known here (and
     is not used: the entry takes it whatever it is).  */
  while (crux_depth > 0 && (*e == ')' || *e == ' ' || *e == '\t'))
    if (*e++ == ')')
      crux_depth--;
  if (crux_depth > 0)
    {
      c->unknown = 1;           /* gas: unclosed '(' */
      return -1;
    }
  *end = e;
  return n_rel;
}

static int
small_expression (ctx *c, const char *s, int set, expr *ex, const char **end)
{
  return small_expression_op (c, s, set, ex, end, NULL);
}

/* Does the relocation of operator OP (NULL: a constant's, HI20) end gas's
   fragment after the instruction (append_insn: HI20, PCREL_HI20,
   TPREL_HI20)?  Not those through the GOT or for TLS models.  */
static int
hi20_breaks (const char *op)
{
  return !op || strncasecmp (op, "%hi", 3) == 0 || strncasecmp (op, "%pcrel_hi", 9) == 0
         || strncasecmp (op, "%tprel_hi", 9) == 0;
}

/* normalize_constant_expr: RV32 sign-extends a 32-bit constant.  */
static void
normalize (const ctx *c, expr *ex)
{
  if (c->arch->xlen > 32 || ex->op != EX_CONST)
    return;
  uint64_t v = (uint64_t) ex->v;
  if ((v & ~(uint64_t) 0xffffffff) == 0 || (v & ~(uint64_t) 0xffffffff) == ~(uint64_t) 0xffffffff)
    ex->v = (int64_t) (((v & 0xffffffff) ^ 0x80000000) - 0x80000000);
}

/* riscv_handle_implicit_zero_offset: only `(reg)' is left.  */
static int
implicit_zero (const char *s)
{
  return *s == '(' && !strchr (s + 1, '(');
}

/* The compressed immediates of include/opcode/riscv.h: each a list of
   fields, bits [FROM, FROM + N) of the value at bit AT of the encoding,
   the last one's top bit the sign if SIGNED.  ENCODE_ puts the fields in,
   EXTRACT_ takes them out; a value is valid (VALID_) if that gives it
   back, on gas's unsigned 64-bit values.  */
typedef struct cfield
{
  unsigned char from, n, at;
} cfield;

static const struct cformat
{
  char letter;                /* the operand letter after `C' */
  unsigned char is_signed, n;
  cfield f[5];
} cformats[] = {
  { 'o', 1, 2, { { 0, 5, 2 }, { 5, 1, 12 } } },                     /* CITYPE */
  { 'k', 0, 3, { { 2, 1, 6 }, { 3, 3, 10 }, { 6, 1, 5 } } },        /* CLTYPE_LW */
  { 'l', 0, 2, { { 3, 3, 10 }, { 6, 2, 5 } } },                     /* CLTYPE_LD */
  { 'm', 0, 3, { { 2, 3, 4 }, { 5, 1, 12 }, { 6, 2, 2 } } },        /* CITYPE_LWSP */
  { 'n', 0, 3, { { 3, 2, 5 }, { 5, 1, 12 }, { 6, 3, 2 } } },        /* CITYPE_LDSP */
  { 'M', 0, 2, { { 2, 4, 9 }, { 6, 2, 7 } } },                      /* CSSTYPE_SWSP */
  { 'N', 0, 2, { { 3, 3, 10 }, { 6, 3, 7 } } },                     /* CSSTYPE_SDSP */
  { 'K', 0, 4, { { 2, 1, 6 }, { 3, 1, 5 }, { 4, 2, 11 }, { 6, 4, 7 } } },  /* ADDI4SPN */
  { 'L', 1, 5, { { 4, 1, 6 }, { 5, 1, 2 }, { 6, 1, 5 }, { 7, 2, 3 }, { 9, 1, 12 } } }, /* ADDI16SP */
};

static const struct cformat *
cformat (char letter)
{
  for (size_t i = 0; i < sizeof cformats / sizeof cformats[0]; i++)
    if (cformats[i].letter == letter)
      return &cformats[i];
  return NULL;
}

static uint32_t
c_encode (const struct cformat *fm, uint64_t x)
{
  uint32_t enc = 0;
  for (unsigned k = 0; k < fm->n; k++)
    enc |= (uint32_t) (X (x, fm->f[k].from, fm->f[k].n) << fm->f[k].at);
  return enc;
}

static uint64_t
c_extract (const struct cformat *fm, uint32_t enc)
{
  uint64_t x = 0;
  for (unsigned k = 0; k < fm->n; k++)
    {
      const cfield *f = &fm->f[k];
      x |= X (enc, f->at, f->n) << f->from;
      if (fm->is_signed && k + 1 == fm->n)
        x |= (0 - X (enc, f->at + f->n - 1, 1)) << (f->from + f->n);
    }
  return x;
}

/* EXTRACT_CITYPE_IMM, which the match functions read.  */
static uint64_t
ext_ci (uint32_t insn)
{
  return c_extract (&cformats[0], insn);
}

/* A compressed operand's immediate X for operand LETTER: its encoding
   into *ENC, and whether it is valid (ADDI16SP's also nonzero).  */
static int
c_imm (char letter, uint64_t x, uint32_t *enc)
{
  const struct cformat *fm = cformat (letter);
  if (!fm)
    return 0;
  *enc = c_encode (fm, x);
  return c_extract (fm, *enc) == x && (letter != 'L' || *enc != 0);
}

/* The match function FN on INSN (riscv-opc.c).  */
static int
match_fn (int fn, uint32_t insn, uint32_t match, uint32_t mask)
{
  int opcode = ((insn ^ match) & mask) == 0;
  int rd = (int) RD (insn);
  switch (fn)
    {
    case RV_FN_OPCODE:
      return opcode;
    case RV_FN_RS1_EQ_RS2:
      return opcode && ((insn >> 15) & 0x1f) == ((insn >> 20) & 0x1f);
    case RV_FN_RD_NONZERO:
      return opcode && rd != 0;
    case RV_FN_C_ADD:
      return opcode && rd != 0 && CRS2 (insn) != 0;
    case RV_FN_C_ADD_HINT:
      return opcode && CRS2 (insn) != 0;
    case RV_FN_C_NOP:
      return opcode && rd == 0;
    case RV_FN_C_ADDI16SP:
      return opcode && rd == 2;
    case RV_FN_C_LUI:
      return opcode && rd != 0 && rd != 2 && ext_ci (insn) != 0;
    case RV_FN_C_LUI_HINT:
      return opcode && rd != 2 && ext_ci (insn) != 0;
    case RV_FN_C_ADDI4SPN:
      {
        uint32_t back = (uint32_t) ((X (insn, 6, 1) << 2) | (X (insn, 5, 1) << 3)
                                    | (X (insn, 11, 2) << 4) | (X (insn, 7, 4) << 6));
        return opcode && back != 0;
      }
    case RV_FN_C_SLLI:
    case RV_FN_SRXI_AS_C_SRXI:
      return opcode && ext_ci (insn) != 0;
    case RV_FN_SLLI_AS_C_SLLI:
      return opcode && rd != 0 && ext_ci (insn) != 0;
    case RV_FN_C_SLLI64:
      return opcode && ext_ci (insn) == 0;
    default:
      return 0;                 /* match_never */
    }
}

/* Is an entry of class CLS in force?  */
static int
class_ok (const ctx *c, int cls)
{
  const cc_riscv_arch *a = c->arch;
  switch (cls)
    {
    case RV_CLS_I:
      return 1;
    case RV_CLS_C:
      return c->rvc;
    case RV_CLS_A:
      return a->a;
    case RV_CLS_M:
      return a->m;
    case RV_CLS_F:
      return a->f;
    case RV_CLS_D:
      return a->d;
    case RV_CLS_F_AND_C:
      return a->f && c->rvc;
    case RV_CLS_D_AND_C:
      return a->d && c->rvc;
    case RV_CLS_ZICSR:
      return a->zicsr;
    case RV_CLS_ZIFENCEI:
      return a->zifencei;
    case RV_CLS_ZMMUL:
      return a->zmmul;
    default:
      return 0;
    }
}

/* A 'C' operand LETTER of an entry at *S into X: 1 matched, 0 not (try
   the next entry), -1 unknown.  */
static int
c_operand (ctx *c, char letter, const char **s, ip *x)
{
  const char *a = *s, *end;
  int reg;
  uint32_t enc;
  expr *ex = &x->imm;
  switch (letter)
    {
    case 's':                   /* RS1 x8-x15 */
    case 't':                   /* RS2 x8-x15 */
    case 'S':                   /* FP RS1 x8-x15 */
    case 'D':                   /* FP RS2 x8-x15 */
      reg = reg_lookup (&a, letter == 'S' || letter == 'D');
      if (reg < 8 || reg > 15)
        return 0;
      if (letter == 's' || letter == 'S')
        INSERT (x->insn, reg % 8, 0x7, 7);
      else
        INSERT (x->insn, reg % 8, 0x7, 2);
      break;
    case 'w':                   /* = RD x8-x15 */
      reg = reg_lookup (&a, 0);
      if (reg < 0 || (int) CRS1S (x->insn) + 8 != reg)
        return 0;
      break;
    case 'x':
      reg = reg_lookup (&a, 0);
      if (reg < 0 || (int) CRS2S (x->insn) + 8 != reg)
        return 0;
      break;
    case 'U':                   /* RS1 = RD */
      reg = reg_lookup (&a, 0);
      if (reg < 0 || (int) RD (x->insn) != reg)
        return 0;
      break;
    case 'V':                   /* RS2 */
    case 'T':                   /* FP RS2 */
      reg = reg_lookup (&a, letter == 'T');
      if (reg < 0)
        return 0;
      INSERT (x->insn, reg, 0x1f, 2);
      break;
    case 'c':                   /* sp */
      reg = reg_lookup (&a, 0);
      if (reg != 2)
        return 0;
      break;
    case 'z':                   /* x0 */
      reg = reg_lookup (&a, 0);
      if (reg != 0)
        return 0;
      break;
    case '>':                   /* shift amount, 0 .. XLEN-1 */
    case 'j':                   /* nonzero 6-bit signed */
    case 'o':                   /* 6-bit signed */
      if (small_expression (c, a, REL_ITYPE, ex, &end) != 0 || ex->op != EX_CONST)
        return c->unknown ? -1 : 0;
      if (letter == '>' ? (uint64_t) ex->v >= c->arch->xlen
                        : (letter == 'j' && ex->v == 0) || !c_imm ('o', (uint64_t) ex->v, &enc))
        return 0;
      x->insn |= c_encode (&cformats[0], (uint64_t) ex->v);
      a = end;
      break;
    case 'k':                   /* c.lw offsets */
    case 'l':                   /* c.ld */
    case 'm':                   /* c.lwsp */
    case 'n':                   /* c.ldsp */
    case 'M':                   /* c.swsp */
    case 'N':                   /* c.sdsp */
    case 'K':                   /* c.addi4spn, nonzero */
    case 'L':                   /* c.addi16sp */
      if ((letter == 'k' || letter == 'l' || letter == 'm' || letter == 'n' || letter == 'M'
           || letter == 'N') && implicit_zero (a))
        {
          *s = a;
          return 1;             /* `(reg)': offset 0, nothing encoded */
        }
      if (small_expression (c, a, REL_ITYPE, ex, &end) != 0 || ex->op != EX_CONST)
        return c->unknown ? -1 : 0;
      if ((letter == 'K' && ex->v == 0) || !c_imm (letter, (uint64_t) ex->v, &enc))
        return 0;
      x->insn |= enc;
      a = end;
      break;
    case 'u':                   /* c.lui's 20-bit immediate */
    case 'v':                   /* li's value that c.lui makes */
      {
        int rel = small_expression (c, a, letter == 'u' ? REL_UTYPE : REL_ITYPE, ex, &end);
        if (rel < 0)
          return -1;
        if (rel != 0 || ex->op != EX_CONST)
          return 0;
        int64_t v = ex->v;
        if (letter == 'v')
          {
            if ((v & 0xfff) || (int32_t) v != v)
              return 0;
            v = (int64_t) ((uint32_t) v >> 12);
          }
        if (v <= 0 || v >= (1 << 20) || (v >= 32 && v < (1 << 20) - 32))
          return 0;
        x->insn |= c_encode (&cformats[0], (uint64_t) v);
        a = end;
        break;
      }
    case 'p':                   /* branch target */
    case 'a':                   /* jump target */
      return -2;                /* the caller's */
    default:
      c->unknown = 1;
      return -1;
    }
  *s = a;
  return 1;
}

/* A branch or jump target at *S (relaxed by gas): a symbol, known by
   name.  */
static int
target (ctx *c, const char **s, ip *x, int relax)
{
  expr ex;
  const char *e = expression (*s, &ex);
  if (!e || ex.op != EX_SYMBOL || ex.addend)
    {
      c->unknown = 1;           /* a number or an addend: not followed */
      return -1;
    }
  x->relax = relax;
  x->target = ex.sym;
  x->target_len = ex.sym_len;
  *s = e;
  return 1;
}

/* A 32-bit immediate operand (j, o, q, 0, 1) at *S.  */
static int
imm_operand (ctx *c, char letter, const char **s, ip *x)
{
  const char *a = *s, *end;
  int set = letter == 'q' ? REL_STYPE : letter == '1' ? REL_RTYPE
            : letter == '0' ? REL_NULL : REL_ITYPE;
  if ((letter == 'o' || letter == 'q' || letter == '0') && implicit_zero (a))
    return 1;
  int rel = small_expression (c, a, set, &x->imm, &end);
  if (rel < 0)
    return -1;
  if (rel == 0)
    {
      normalize (c, &x->imm);
      if (x->imm.op != EX_CONST || (letter == '0' && x->imm.v != 0) || letter == '1'
          || x->imm.v >= 2048 || x->imm.v < -2048)
        return 0;
    }
  x->have_imm = 1;
  /* %tprel_add: BFD_RELOC_RISCV_TPREL_ADD ends the fragment.  */
  x->breaks = letter == '1';
  *s = end;
  return 1;
}

/* A register operand (d s t r: integer, D S T U R: FP) at *S, put in its
   field of X's encoding (U: both rs1 and rs2, R: rs3).  */
static int
reg_operand (char letter, const char **s, ip *x)
{
  int reg = reg_lookup (s, letter >= 'A' && letter <= 'Z');
  if (reg < 0)
    return 0;
  if (**s == ' ')
    (*s)++;
  if (letter == 'd' || letter == 'D')
    INSERT (x->insn, reg, 0x1f, 7);
  else if (letter == 's' || letter == 'S' || letter == 'U')
    INSERT (x->insn, reg, 0x1f, 15);
  if (letter == 't' || letter == 'T' || letter == 'U')
    INSERT (x->insn, reg, 0x1f, 20);
  if (letter == 'r' || letter == 'R')
    INSERT (x->insn, reg, 0x1f, 27);
  return 1;
}

/* A shift amount (<: 5 bits, >: up to XLEN) or a CSR immediate (Z) at
   *S: a constant in range, else unknown (gas: an error, or a symbol's
   value).  */
static int
small_const_operand (ctx *c, char letter, const char **s, ip *x)
{
  expr ex;
  const char *t = expression (*s, &ex);
  if (!t || ex.op != EX_CONST)
    {
      c->unknown = 1;   /* gas: an error, or a symbol's value */
      return -1;
    }
  if ((uint64_t) ex.v >= (letter == '>' ? c->arch->xlen : 32))
    {
      c->unknown = 1;   /* gas: an error */
      return -1;
    }
  if (letter == '>')
    INSERT (x->insn, ex.v, 0x3f, 20);
  else if (letter == '<')
    INSERT (x->insn, ex.v, 0x1f, 20);
  else
    INSERT (x->insn, ex.v, 0x1f, 15);
  *s = t;
  return 1;
}

/* A CSR (E) at *S: a name listed here or a 12-bit number; unknown for
   a name not listed.  */
static int
csr_operand (ctx *c, const char **s, ip *x)
{
  const char *t = *s;
  while (name_part (*t))
    t++;
  size_t n = (size_t) (t - *s), i;
  for (i = 0; i < sizeof csrs / sizeof csrs[0]; i++)
    if (strlen (csrs[i].name) == n && memcmp (csrs[i].name, *s, n) == 0)
      break;
  if (i < sizeof csrs / sizeof csrs[0])
    {
      INSERT (x->insn, csrs[i].num, 0xfff, 20);
      *s = t;
      return 1;
    }
  expr ex;
  t = expression (*s, &ex);
  if (!t || ex.op != EX_CONST || (uint64_t) ex.v > 0xfff)
    {
      c->unknown = 1;   /* a CSR name not listed here */
      return -1;
    }
  INSERT (x->insn, ex.v, 0xfff, 20);
  *s = t;
  return 1;
}

/* A named field at *S: the rounding mode (m), fence's predecessor (P)
   and successor (Q) sets.  */
static int
named_operand (char letter, const char **s, ip *x)
{
  if (letter == 'm')
    {
      int reg = arg_lookup (s, rounding, 8);
      if (reg < 0)
        return 0;
      INSERT (x->insn, reg, 0x7, 12);
      return 1;
    }
  int reg = arg_lookup (s, pred_succ, 16);
  if (reg < 0)
    return 0;
  INSERT (x->insn, reg, 0xf, letter == 'P' ? 24 : 20);
  return 1;
}

/* The operand of a macro at *S, into X's immediate: li's constant (I),
   a symbol (A), a symbol or a constant (B).  */
static int
macro_operand (ctx *c, char letter, const char **s, ip *x)
{
  const char *t = expression (*s, &x->imm);
  if (!t)
    {
      c->unknown = 1;
      return -1;
    }
  if (letter == 'I')
    {
      if (x->imm.op != EX_CONST)
        return 0;
      normalize (c, &x->imm);
    }
  else
    {
      normalize (c, &x->imm);
      if (x->imm.op != EX_SYMBOL && !(letter == 'B' && x->imm.op == EX_CONST))
        return 0;
    }
  x->have_imm = 1;
  *s = t;
  return 1;
}

/* A call's target (c) at *S: a symbol, `@plt' allowed.  */
static int
call_operand (ctx *c, const char **s)
{
  expr ex;
  const char *t = expression (*s, &ex);
  if (!t || ex.op != EX_SYMBOL)
    {
      c->unknown = 1;
      return -1;
    }
  *s = t;
  if (strcmp (*s, "@plt") == 0)
    *s += 4;
  return 1;
}

/* The upper 20 bits (u: lui, auipc) at *S: a constant in range, or a
   %hi-style relocation (which may end gas's fragment).  */
static int
upper_operand (ctx *c, const char **s, ip *x)
{
  const char *op = NULL, *t;
  int rel = small_expression_op (c, *s, REL_UTYPE, &x->imm, &t, &op);
  if (rel < 0)
    return -1;
  if (rel == 0 && x->imm.op != EX_CONST)
    return 0;
  if (rel == 0 && (x->imm.v < 0 || x->imm.v >= (1 << 20)))
    {
      c->unknown = 1;   /* gas: an error */
      return -1;
    }
  x->breaks = hi20_breaks (rel ? op : NULL);
  *s = t;
  return 1;
}

/* jal's target (a) at *S.  As the entry's FIRST operand not after a
   register: `jal ra, f' is not the one-operand jal.  */
static int
jal_operand (ctx *c, int first, const char **s, ip *x)
{
  if (first)
    {
      const char *t = *s;
      if (reg_lookup (&t, 0) >= 0 && (*t == ',' || ((*t == ' ' || *t == '\t') && t[1] == ',')))
        return 0;
    }
  return target (c, s, x, CC_RISCV_JUMP);
}

/* A constant zero (z) at *S.  */
static int
zero_operand (ctx *c, const char **s)
{
  expr ex;
  const char *t;
  if (small_expression (c, *s, REL_ITYPE, &ex, &t) != 0 || ex.op != EX_CONST || ex.v != 0)
    return c->unknown ? -1 : 0;
  *s = t;
  return 1;
}

/* The end of entry O's operands with X encoded, the statement's at S:
   whether O is gas's choice (its match function agrees, a compressed
   entry only with RVC).  */
static int
entry_complete (const ctx *c, const cc_rv_opcode *o, const char *s, const ip *x)
{
  if (o->macro == RV_M_NONE)
    {
      if (!match_fn (o->fn, x->insn, o->match, o->mask))
        return 0;
      if ((o->match & 3) != 3 && !c->rvc)
        return 0;
    }
  return *s == 0;
}

/* One entry O against the operands at S: 1 it is gas's choice, 0 not,
   -1 unknown.  Each letter of its operand string reads one operand (or
   a separator) at S and puts it in X.  */
static int
match_entry (ctx *c, const cc_rv_opcode *o, const char *s, ip *x)
{
  memset (x, 0, sizeof *x);
  x->insn = o->match;
  for (const char *arg = o->args;; arg++)
    {
      s = skip_space (s);
      int r = 1;
      switch (*arg)
        {
        case '\0':
          return entry_complete (c, o, s, x);
        case 'C':
          r = c_operand (c, *++arg, &s, x);
          if (r == -2)
            r = target (c, &s, x, *arg == 'p' ? CC_RISCV_BRANCH : CC_RISCV_JUMP);
          break;
        case ',':
        case '(':
        case ')':
          if (*s++ != *arg)
            return 0;
          break;
        case 'd':
        case 's':
        case 't':
        case 'r':
        case 'D':
        case 'S':
        case 'T':
        case 'U':
        case 'R':
          r = reg_operand (*arg, &s, x);
          break;
        case 'j':
        case 'o':
        case 'q':
        case '0':
        case '1':
          r = imm_operand (c, *arg, &s, x);
          break;
        case '<':               /* shift amounts: as_bad if out of range */
        case '>':
        case 'Z':               /* CSR immediate */
          r = small_const_operand (c, *arg, &s, x);
          break;
        case 'E':               /* CSR */
          r = csr_operand (c, &s, x);
          break;
        case 'm':
        case 'P':
        case 'Q':
          r = named_operand (*arg, &s, x);
          break;
        case 'I':               /* li's constant */
        case 'A':               /* a symbol */
        case 'B':               /* a symbol or a constant */
          r = macro_operand (c, *arg, &s, x);
          break;
        case 'p':
          r = target (c, &s, x, CC_RISCV_BRANCH);
          break;
        case 'a':
          r = jal_operand (c, arg == o->args, &s, x);
          break;
        case 'c':               /* call target, `@plt' allowed */
          r = call_operand (c, &s);
          break;
        case 'u':               /* upper 20 bits */
          r = upper_operand (c, &s, x);
          break;
        case 'z':
          r = zero_operand (c, &s);
          break;
        default:
          c->unknown = 1;       /* a letter of an entry not modelled */
          return -1;
        }
      if (r <= 0)
        return r;
    }
}

static int assemble (ctx *c, const char *text);

/* md_assemblef: assemble TEXT as a statement of its own (load_const and
   riscv_ext do), its machine instructions appended.  */
static int
assemblef (ctx *c, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static int
assemblef (ctx *c, const char *fmt, ...)
{
  char buf[96];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  c->depth++;
  int ok = assemble (c, buf);
  c->depth--;
  return ok;
}

/* Append a machine instruction of encoding INSN (IMM: with a 4-byte
   encoding's immediate left to a fixup, so not all of it is known;
   BREAKS: cc_riscv_minsn's).  */
static int
put (ctx *c, uint32_t insn, int imm, int breaks)
{
  cc_riscv_insn *out = c->out;
  if (out->n == CC_RISCV_MAX_MINSNS)
    return 0;
  unsigned char b[4] = { (unsigned char) insn, (unsigned char) (insn >> 8),
                         (unsigned char) (insn >> 16), (unsigned char) (insn >> 24) };
  cc_riscv_minsn *m = &out->m[out->n++];
  m->len = (insn & 3) == 3 ? 4 : 2;
  m->runs_on = (unsigned char) cc_riscv_runs_on (b, m->len);
  m->nop = insn == 0x0001 || (insn == 0x00000013 && !imm);
  m->breaks = (unsigned char) breaks;
  return 1;
}

/* macro_build: the 4-byte entry of NAME (gas skips its compressed ones),
   operands as they may be: only its opcode is used.  BREAKS:
   cc_riscv_minsn's.  */
static int
macro_build (ctx *c, const char *name, int breaks)
{
  size_t n;
  const cc_rv_opcode *o = cc_rv_opcodes (name, strlen (name), &n);
  for (size_t i = 0; o && i < n; i++)
    if ((o[i].match & 3) == 3)
      return put (c, o[i].match, 1, breaks);
  return 0;
}

/* load_const (tc-riscv.c): REG from the constant V.  */
static int
load_const (ctx *c, int reg, int64_t v)
{
  int shift = 12;
  uint64_t sign = (uint64_t) 1 << 11;
  int64_t lower = (int64_t) ((((uint64_t) v & (sign + sign - 1)) ^ sign) - sign);
  int64_t upper = (int64_t) ((uint64_t) v - (uint64_t) lower);
  int sext32 = ((uint64_t) v & ~(uint64_t) 0x7fffffff) == 0
               || ((uint64_t) v & ~(uint64_t) 0x7fffffff) == ~(uint64_t) 0x7fffffff;
  if (c->arch->xlen > 32 && !sext32)
    {
      /* Reduce to a signed 32-bit constant using slli and addi.  */
      while ((((uint64_t) upper >> shift) & 1) == 0)
        shift++;
      upper = upper >> shift;
      if (!load_const (c, reg, upper)
          || !assemblef (c, "slli x%d, x%d, 0x%x", reg, reg, shift))
        return 0;
      if (lower != 0 && !assemblef (c, "addi x%d, x%d, %lld", reg, reg, (long long) lower))
        return 0;
      return 1;
    }
  int hi_reg = 0;
  if (upper != 0)
    {
      if (!assemblef (c, "lui x%d, 0x%llx", reg,
                      (unsigned long long) ((uint32_t) upper >> shift)))
        return 0;
      hi_reg = reg;
    }
  if (lower != 0 || hi_reg == 0)
    return assemblef (c, "%s x%d, x%d, %lld", c->arch->xlen == 64 ? "addiw" : "addi", reg,
                      hi_reg, (long long) lower);
  return 1;
}

/* macro (tc-riscv.c) for the entry O matched as X.  */
static int
macro (ctx *c, const cc_rv_opcode *o, const ip *x)
{
  int rd = (int) RD (x->insn), rs1 = (int) ((x->insn >> 15) & 0x1f);
  unsigned xlen = c->arch->xlen;
  switch (o->macro)
    {
    case RV_M_LI:
      return load_const (c, rd, x->imm.v);
    case RV_M_LA:
    case RV_M_LLA:
      if (x->imm.op == EX_CONST)
        return load_const (c, rd, x->imm.v);
      /* auipc and addi (PCREL_HI20, which ends the fragment), or for
         `la' under .option pic an ld or lw from the GOT (GOT_HI20, which
         does not): 4 bytes each, both run on.  */
      return macro_build (c, "auipc", o->macro == RV_M_LA ? CC_RISCV_BREAKS_UNLESS_PIC : 1)
             && macro_build (c, "addi", 0);
    case RV_M_LA_TLS_GD:
    case RV_M_LA_TLS_IE:
      return macro_build (c, "auipc", 0) && macro_build (c, "lw", 0);
    case RV_M_LB: case RV_M_LBU: case RV_M_LH: case RV_M_LHU: case RV_M_LW:
    case RV_M_LWU: case RV_M_LD: case RV_M_FLW: case RV_M_FLD:
      return macro_build (c, "auipc", 1) && macro_build (c, "lw", 0);
    case RV_M_SB: case RV_M_SH: case RV_M_SW: case RV_M_SD: case RV_M_FSW: case RV_M_FSD:
      return macro_build (c, "auipc", 1) && macro_build (c, "sw", 0);
    case RV_M_CALL:
      /* riscv_call ends the fragment after the jalr.  */
      return macro_build (c, "auipc", 0) && macro_build (c, "jalr", 1);
    case RV_M_ZEXTH:
    case RV_M_ZEXTW:
    case RV_M_SEXTB:
    case RV_M_SEXTH:
      {
        /* riscv_ext: two shifts by XLEN less the width.  */
        unsigned shift = xlen - (o->macro == RV_M_ZEXTW ? 32 : o->macro == RV_M_SEXTB ? 8 : 16);
        int sign = o->macro == RV_M_SEXTB || o->macro == RV_M_SEXTH;
        return assemblef (c, "slli x%d, x%d, 0x%x", rd, rs1, shift)
               && assemblef (c, "%s x%d, x%d, 0x%x", sign ? "srai" : "srli", rd, rd, shift);
      }
    default:
      return 0;                 /* Q, Zfh and vector macros: not modelled */
    }
}

/* md_assemble on TEXT (a NUL-terminated statement): 1, or 0 if not known
   (gas errors included: then nothing is promised of the text).  */
static int
assemble (ctx *c, const char *text)
{
  const char *s = text;
  while (*s && *s != ' ' && *s != '\t')
    s++;
  size_t n;
  const cc_rv_opcode *o = cc_rv_opcodes (text, (size_t) (s - text), &n);
  if (!o || c->depth > 4)
    return 0;
  if (*s)
    s++;
  for (size_t i = 0; i < n; i++)
    {
      if ((o[i].xlen && o[i].xlen != c->arch->xlen) || !class_ok (c, o[i].cls))
        continue;
      ip x;
      int r = match_entry (c, &o[i], s, &x);
      if (r < 0 || c->unknown)
        return 0;
      if (r == 0)
        continue;
      if (o[i].macro != RV_M_NONE)
        return macro (c, &o[i], &x);
      if (x.relax != CC_RISCV_FIXED)
        {
          if (c->depth || c->out->n)
            return 0;
          c->out->relax = (unsigned char) x.relax;
          c->out->target_at = c->text_off + (size_t) (x.target - c->text);
          c->out->target_len = x.target_len;
        }
      return put (c, x.insn, x.have_imm, x.breaks);
    }
  return 0;                     /* no entry: an error in gas */
}

int
cc_riscv_assemble (const char *p, const char *e, const cc_riscv_arch *arch, int rvc,
                   cc_riscv_insn *out)
{
  memset (out, 0, sizeof *out);
  const char *start = p;
  while (p < e && (*p == ' ' || *p == '\t'))
    p++;
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  char buf[MAX_TEXT + 1];
  size_t n = (size_t) (e - p);
  if (n == 0 || n > MAX_TEXT || memchr (p, 0, n))
    return 0;
  memcpy (buf, p, n);
  buf[n] = 0;
  ctx c = { arch, rvc, 0, out, buf, (size_t) (p - start), 0 };
  if (!assemble (&c, buf) || out->n == 0)
    {
      memset (out, 0, sizeof *out);
      return 0;
    }
  return 1;
}
