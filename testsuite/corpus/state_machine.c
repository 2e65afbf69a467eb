/* state_machine.c: table-free and enum-driven state machines (lexer, protocol), goto-based machine
   Copyright (C) 2026 the cachecat authors.

   This file is part of the cachecat testsuite.  It is free software: you
   can redistribute it and/or modify it under the terms of the GNU General
   Public License as published by the Free Software Foundation, either
   version 3 of the License, or (at your option) any later version.  It is
   distributed WITHOUT ANY WARRANTY; see COPYING for details.
*/

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum tok { T_EOF, T_NUM, T_ID, T_OP, T_STR, T_ERR };
enum st { S_START, S_NUM, S_ID, S_STR, S_ESC, S_OP, S_DONE };

struct lexer
{
  const char *p;
  long value;
  int len;
};

static enum tok
next_token (struct lexer *lx)
{
  enum st s = S_START;
  enum tok t = T_EOF;
  lx->value = 0;
  lx->len = 0;
  while (s != S_DONE)
    {
      char ch = *lx->p;
      switch (s)
        {
        case S_START:
          if (ch == 0) { t = T_EOF; s = S_DONE; }
          else if (ch == ' ') lx->p++;
          else if (ch >= '0' && ch <= '9') s = S_NUM;
          else if ((ch | 32) >= 'a' && (ch | 32) <= 'z') s = S_ID;
          else if (ch == '"') { lx->p++; s = S_STR; }
          else s = S_OP;
          break;
        case S_NUM:
          if (ch >= '0' && ch <= '9') { lx->value = lx->value * 10 + (ch - '0'); lx->p++; }
          else { t = T_NUM; s = S_DONE; }
          break;
        case S_ID:
          if (((ch | 32) >= 'a' && (ch | 32) <= 'z') || ch == '_') { lx->len++; lx->p++; }
          else { t = T_ID; s = S_DONE; }
          break;
        case S_STR:
          if (ch == 0) { t = T_ERR; s = S_DONE; }
          else if (ch == '\\') { lx->p++; s = S_ESC; }
          else if (ch == '"') { lx->p++; t = T_STR; s = S_DONE; }
          else { lx->len++; lx->p++; }
          break;
        case S_ESC:
          if (ch == 0) { t = T_ERR; s = S_DONE; }
          else { lx->len++; lx->p++; s = S_STR; }
          break;
        case S_OP:
          lx->p++;
          t = strchr ("+-*/=<>", ch) ? T_OP : T_ERR;
          s = S_DONE;
          break;
        case S_DONE:
          break;
        }
    }
  return t;
}

/* The same kind of machine written with gotos only.  */
static int
count_words (const char *p)
{
  int n = 0;
space:
  if (*p == 0) goto out;
  if (*p == ' ') { p++; goto space; }
  n++;
word:
  if (*p == 0) goto out;
  if (*p == ' ') { p++; goto space; }
  p++;
  goto word;
out:
  return n;
}

/* A protocol handshake as a transition table of states x events.  */
enum ev { E_SYN, E_ACK, E_FIN, E_RST, E_N };
enum pst { P_CLOSED, P_SYN_RCVD, P_OPEN, P_CLOSING, P_N };

static const unsigned char trans[P_N][E_N] = {
  [P_CLOSED] = { P_SYN_RCVD, P_CLOSED, P_CLOSED, P_CLOSED },
  [P_SYN_RCVD] = { P_SYN_RCVD, P_OPEN, P_CLOSED, P_CLOSED },
  [P_OPEN] = { P_OPEN, P_OPEN, P_CLOSING, P_CLOSED },
  [P_CLOSING] = { P_CLOSING, P_CLOSED, P_CLOSING, P_CLOSED },
};

static int
protocol (const unsigned char *evs, size_t n)
{
  unsigned s = P_CLOSED;
  int opened = 0;
  for (size_t i = 0; i < n; i++)
    {
      unsigned ns = trans[s][evs[i] % E_N];
      if (ns == P_OPEN && s != P_OPEN)
        opened++;
      s = ns;
    }
  return opened * 10 + (int) s;
}

int
main (void)
{
  struct lexer lx = { "let x1 = 42 + \"a\\\"b\" * 7 ? foo", 0, 0 };
  int counts[T_ERR + 1] = { 0 };
  enum tok t;
  while ((t = next_token (&lx)) != T_EOF)
    {
      counts[t]++;
      if (t == T_ERR && *lx.p == 0)
        break;
    }
  static const unsigned char evs[] = { 0, 1, 1, 2, 1, 0, 1, 3, 0, 1 };
  int r = protocol (evs, sizeof evs) + count_words ("  a bb  ccc d ");
  if (counts[T_NUM] != 3 || r == 0)
    abort ();
  return 0;
}
