/* fs_tokenizer: a table-driven lexer (character-class table plus a state
   transition table) run over a fixed piece of C-like source text.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The control flow is tiny and data-driven: one loop, two table loads per
   character and an action switch taken only at token ends.  Code lines are
   reused constantly while the const tables compete only in the data cache.  */
#include "../../valgrind/freestanding.h"

enum cls { C_OTHER, C_ALPHA, C_DIGIT, C_SPACE, C_QUOTE, C_PUNCT, C_SLASH,
           C_STAR, C_NL, N_CLS };
enum st { S_START, S_IDENT, S_NUMBER, S_STRING, S_PUNCT, S_SLASH,
          S_LINECOMMENT, S_BLOCKCOMMENT, S_BLOCKSTAR, N_ST };
/* Token kinds emitted when a state is left.  */
enum tok { T_NONE, T_IDENT, T_NUMBER, T_STRING, T_PUNCT, T_COMMENT, N_TOK };

static const unsigned char cls_of[128] = {
  ['a' ... 'z'] = C_ALPHA, ['A' ... 'Z'] = C_ALPHA, ['_'] = C_ALPHA,
  ['0' ... '9'] = C_DIGIT, [' '] = C_SPACE, ['\t'] = C_SPACE,
  ['\n'] = C_NL, ['"'] = C_QUOTE, ['/'] = C_SLASH, ['*'] = C_STAR,
  ['('] = C_PUNCT, [')'] = C_PUNCT, ['{'] = C_PUNCT, ['}'] = C_PUNCT,
  [';'] = C_PUNCT, [','] = C_PUNCT, ['='] = C_PUNCT, ['+'] = C_PUNCT,
  ['<'] = C_PUNCT, ['>'] = C_PUNCT, ['['] = C_PUNCT, [']'] = C_PUNCT,
  ['-'] = C_PUNCT, ['&'] = C_PUNCT, ['!'] = C_PUNCT,
};

/* next[state][class]; S_START after a token means "token ended here".  */
static const unsigned char next[N_ST][N_CLS] = {
  /*               OTHER    ALPHA    DIGIT     SPACE    QUOTE     PUNCT    SLASH    STAR     NL */
  [S_START]     = { S_START, S_IDENT, S_NUMBER, S_START, S_STRING, S_PUNCT, S_SLASH, S_PUNCT, S_START },
  [S_IDENT]     = { S_START, S_IDENT, S_IDENT,  S_START, S_START,  S_START, S_START, S_START, S_START },
  [S_NUMBER]    = { S_START, S_NUMBER, S_NUMBER, S_START, S_START, S_START, S_START, S_START, S_START },
  [S_STRING]    = { S_STRING, S_STRING, S_STRING, S_STRING, S_START, S_STRING, S_STRING, S_STRING, S_STRING },
  [S_PUNCT]     = { S_START, S_START, S_START,  S_START, S_START,  S_START, S_START, S_START, S_START },
  [S_SLASH]     = { S_START, S_START, S_START,  S_START, S_START,  S_START, S_LINECOMMENT, S_BLOCKCOMMENT, S_START },
  [S_LINECOMMENT] = { S_LINECOMMENT, S_LINECOMMENT, S_LINECOMMENT, S_LINECOMMENT, S_LINECOMMENT,
                      S_LINECOMMENT, S_LINECOMMENT, S_LINECOMMENT, S_START },
  [S_BLOCKCOMMENT] = { S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT,
                       S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKSTAR, S_BLOCKCOMMENT },
  [S_BLOCKSTAR] = { S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT, S_BLOCKCOMMENT,
                    S_BLOCKCOMMENT, S_START, S_BLOCKSTAR, S_BLOCKCOMMENT },
};

/* Which token a state yields when it falls back to S_START.  */
static const unsigned char emits[N_ST] = {
  [S_IDENT] = T_IDENT, [S_NUMBER] = T_NUMBER, [S_STRING] = T_STRING,
  [S_PUNCT] = T_PUNCT, [S_SLASH] = T_PUNCT, [S_LINECOMMENT] = T_COMMENT,
  [S_BLOCKSTAR] = T_COMMENT,
};

/* States whose closing character belongs to the token (quote, newline...). */
static const unsigned char consumes_last[N_ST] = {
  [S_STRING] = 1, [S_LINECOMMENT] = 1, [S_BLOCKSTAR] = 1,
};

static const char source[] =
  "/* ring buffer */\n"
  "static int head, tail; int buf[64];\n"
  "int put(int v) { if (((head + 1) & 63) == tail) return -1;\n"
  "  buf[head] = v; head = (head + 1) & 63; return 0; }\n"
  "// take one value\n"
  "int get(int *v) { if (head == tail) return -1; *v = buf[tail];\n"
  "  tail = (tail + 1) & 63; return 0; }\n"
  "const char *msg = \"buffer full, 64 slots\";\n"
  "int main() { for (int i = 0; i < 1000; i++) put(i * 31 + 7); }\n";

struct counts
{
  int n[N_TOK];
  unsigned hash;
};

static __attribute__ ((noinline)) void
lex (const char *s, unsigned len, struct counts *out)
{
  unsigned st = S_START;
  unsigned h = 5381;
  for (unsigned i = 0; i < len; i++)
    {
      unsigned char ch = (unsigned char) s[i];
      unsigned c = ch < 128 ? cls_of[ch] : C_OTHER;
      unsigned nx = next[st][c];
      if (nx == S_START && st != S_START)
        {
          out->n[emits[st]]++;
          out->hash = out->hash * 31 + h + emits[st];
          h = 5381;
          /* The character that ended the token may start the next one. */
          if (!consumes_last[st])
            nx = next[S_START][c];
        }
      h = h * 33 + ch;
      st = nx;
    }
  if (st != S_START)
    out->n[emits[st]]++;
}

static __attribute__ ((noinline)) int
program (void)
{
  struct counts c = { { 0 }, (unsigned) sink };
  for (int round = 0; round < 12; round++)
    lex (source + (round & 1), sizeof source - 1 - (round & 1), &c);
  int acc = (int) c.hash;
  for (int k = 0; k < N_TOK; k++)
    acc += c.n[k] * (k + 3);
  sink = acc;
  return acc;
}
