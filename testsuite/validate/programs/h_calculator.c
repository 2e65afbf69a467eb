/* h_calculator: a line calculator: a switch-driven lexer state machine,
   the shunting-yard algorithm to reverse Polish form, an evaluator, and
   variable assignment, over a small built-in script run several times.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Three phases with different code per line, each a loop with a switch on
   a token or state kind (jump tables at -O2), plus atoi and strncpy calls
   into libc for every number.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum kind { K_NUM, K_VAR, K_OP, K_LPAREN, K_RPAREN, K_ASSIGN, K_END, K_BAD };

struct token
{
  enum kind kind;
  long value;                   /* number, variable index or operator char */
};

enum lex_state { L_START, L_NUMBER, L_NAME, L_DONE };

static int
lex (const char *s, struct token *out, int max)
{
  enum lex_state st = L_START;
  int n = 0;
  const char *start = s;
  while (st != L_DONE && n < max - 1)
    {
      char c = *s;
      switch (st)
        {
        case L_START:
          start = s;
          if (c == 0)
            st = L_DONE;
          else if (isdigit ((unsigned char) c))
            st = L_NUMBER;
          else if (isalpha ((unsigned char) c))
            st = L_NAME;
          else
            {
              switch (c)
                {
                case ' ': break;
                case '(': out[n++] = (struct token) { K_LPAREN, c }; break;
                case ')': out[n++] = (struct token) { K_RPAREN, c }; break;
                case '=': out[n++] = (struct token) { K_ASSIGN, c }; break;
                case '+': case '-': case '*': case '/': case '%': case '^':
                case '&': case '|':
                  out[n++] = (struct token) { K_OP, c };
                  break;
                default:
                  out[n++] = (struct token) { K_BAD, c };
                  break;
                }
              s++;
            }
          break;
        case L_NUMBER:
          if (isdigit ((unsigned char) c))
            s++;
          else
            {
              char num[16];
              size_t len = (size_t) (s - start);
              if (len > sizeof num - 1)
                len = sizeof num - 1;
              strncpy (num, start, len);
              num[len] = 0;
              out[n++] = (struct token) { K_NUM, atoi (num) };
              st = L_START;
            }
          break;
        case L_NAME:
          if (isalnum ((unsigned char) c))
            s++;
          else
            {
              out[n++] = (struct token) { K_VAR, (tolower ((unsigned char) *start) - 'a') & 31 };
              st = L_START;
            }
          break;
        case L_DONE:
          break;
        }
    }
  out[n++] = (struct token) { K_END, 0 };
  return n;
}

static int
prec (long op)
{
  switch (op)
    {
    case '|': return 1;
    case '&': return 2;
    case '^': return 3;
    case '+': case '-': return 4;
    case '*': case '/': case '%': return 5;
    default: return 0;
    }
}

/* Shunting-yard: infix tokens to RPN.  Returns the RPN length or -1.  */
static int
to_rpn (const struct token *in, struct token *out)
{
  struct token ops[32];
  int nops = 0, n = 0;
  for (; in->kind != K_END; in++)
    switch (in->kind)
      {
      case K_NUM:
      case K_VAR:
        out[n++] = *in;
        break;
      case K_OP:
        while (nops && ops[nops - 1].kind == K_OP
               && prec (ops[nops - 1].value) >= prec (in->value))
          out[n++] = ops[--nops];
        ops[nops++] = *in;
        break;
      case K_LPAREN:
        ops[nops++] = *in;
        break;
      case K_RPAREN:
        while (nops && ops[nops - 1].kind != K_LPAREN)
          out[n++] = ops[--nops];
        if (!nops)
          return -1;
        nops--;
        break;
      default:
        return -1;
      }
  while (nops)
    {
      if (ops[nops - 1].kind == K_LPAREN)
        return -1;
      out[n++] = ops[--nops];
    }
  return n;
}

static long vars[32];

static int
eval_rpn (const struct token *t, int n, long *result)
{
  long st[32];
  int sp = 0;
  for (int i = 0; i < n; i++)
    {
      if (t[i].kind == K_NUM)
        st[sp++] = t[i].value;
      else if (t[i].kind == K_VAR)
        st[sp++] = vars[t[i].value];
      else
        {
          if (sp < 2)
            return -1;
          long b = st[--sp], a = st[--sp];
          switch (t[i].value)
            {
            case '+': a += b; break;
            case '-': a -= b; break;
            case '*': a *= b; break;
            case '/': a = b ? a / b : 0; break;
            case '%': a = b ? a % b : 0; break;
            case '^': a ^= b; break;
            case '&': a &= b; break;
            case '|': a |= b; break;
            }
          st[sp++] = a;
        }
    }
  if (sp != 1)
    return -1;
  *result = st[0];
  return 0;
}

static const char *const script[] = {
  "a = 12",
  "b = a * (a - 3) % 97",
  "c = (a + b) * (b - a) / 7",
  "d = c ^ (b & 255) | 16",
  "e = ((((a + 1) * 2 + 3) * 4 + 5) * 6) % 1000",
  "a = a + d % 13 + e % 7",
  "f = (a + b + c + d + e) % 100000",
  "g = f * 3 - (e - d) * 2 + )",
  "h = 7 $ 3",
};

int
main (void)
{
  struct token toks[64], rpn[64];
  int errors = 0;
  for (int run = 0; run < 25; run++)
    for (unsigned l = 0; l < sizeof script / sizeof script[0]; l++)
      {
        int n = lex (script[l], toks, 64);
        long value;
        if (n < 3 || toks[0].kind != K_VAR || toks[1].kind != K_ASSIGN)
          {
            errors++;
            continue;
          }
        int m = to_rpn (toks + 2, rpn);
        if (m < 0 || eval_rpn (rpn, m, &value) < 0)
          {
            errors++;
            continue;
          }
        vars[toks[0].value] = value;
      }
  printf ("a=%ld b=%ld c=%ld d=%ld\n", vars[0], vars[1], vars[2], vars[3]);
  printf ("e=%ld f=%ld errors=%d\n", vars[4], vars[5], errors);
  return 0;
}
