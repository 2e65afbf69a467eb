/* h_vm_threaded: a tiny Forth-like language: source text is compiled (words
   looked up with strcmp, numbers parsed with strtol) into direct-threaded
   code that a computed-goto interpreter runs.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Threaded code stores label addresses in data: the interpreter's control
   flow is entirely through goto *, and the "emit" word calls printf-like
   formatting in libc from inside the dispatch web.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum prim { P_LIT, P_ADD, P_SUB, P_MUL, P_MOD, P_DUP, P_DROP, P_SWAP, P_OVER,
            P_LT, P_IF, P_ELSE, P_DO, P_LOOP, P_I, P_EMIT, P_END, N_PRIM };

static const char *const prim_names[N_PRIM] = {
  "lit", "+", "-", "*", "mod", "dup", "drop", "swap", "over",
  "<", "if", "else", "do", "loop", "i", "emit", "end"
};

struct cell
{
  enum prim op;
  long arg;                     /* literal or jump target */
};

static struct cell code[256];
static int ncode;

/* Compiles whitespace-separated words; resolves if/else/then, do/loop.  */
static int
compile (const char *src)
{
  char buf[256], *save = NULL;
  int ctrl[16], nctrl = 0;
  ncode = 0;
  strncpy (buf, src, sizeof buf - 1);
  buf[sizeof buf - 1] = 0;
  for (char *w = strtok_r (buf, " ", &save); w; w = strtok_r (NULL, " ", &save))
    {
      char *endp;
      long v = strtol (w, &endp, 10);
      if (*endp == 0)
        {
          code[ncode++] = (struct cell) { P_LIT, v };
          continue;
        }
      if (strcmp (w, "then") == 0)
        {
          code[ctrl[--nctrl]].arg = ncode;
          continue;
        }
      int p;
      for (p = 0; p < N_PRIM; p++)
        if (strcmp (w, prim_names[p]) == 0)
          break;
      if (p == N_PRIM)
        return -1;
      if (p == P_ELSE)
        {
          code[ctrl[--nctrl]].arg = ncode + 1;
          ctrl[nctrl++] = ncode;
        }
      else if (p == P_IF || p == P_DO)
        ctrl[nctrl++] = ncode;
      else if (p == P_LOOP)
        code[ncode].arg = ctrl[--nctrl] + 1;
      code[ncode].op = (enum prim) p;
      ncode++;
    }
  code[ncode++] = (struct cell) { P_END, 0 };
  return nctrl == 0 ? ncode : -1;
}

static unsigned out_hash;
static int out_count;

static long
run (void)
{
  static const void *const labels[N_PRIM] = {
    &&lit, &&add, &&sub, &&mul, &&mod, &&dup, &&drop, &&swap, &&over,
    &&lt, &&if_, &&else_, &&do_, &&loop, &&idx, &&emit, &&end
  };
  const void *threaded[256];
  long stack[64], rstack[32];
  int sp = 0, rsp = 0, pc = 0;
  for (int k = 0; k < ncode; k++)
    threaded[k] = labels[code[k].op];
#define NEXT goto *threaded[pc++]
  NEXT;
lit:
  stack[sp++] = code[pc - 1].arg; NEXT;
add:
  sp--; stack[sp - 1] += stack[sp]; NEXT;
sub:
  sp--; stack[sp - 1] -= stack[sp]; NEXT;
mul:
  sp--; stack[sp - 1] *= stack[sp]; NEXT;
mod:
  sp--; stack[sp - 1] = stack[sp] ? stack[sp - 1] % stack[sp] : 0; NEXT;
dup:
  stack[sp] = stack[sp - 1]; sp++; NEXT;
drop:
  sp--; NEXT;
swap:
  { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
  NEXT;
over:
  stack[sp] = stack[sp - 2]; sp++; NEXT;
lt:
  sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; NEXT;
if_:
  if (!stack[--sp])
    pc = (int) code[pc - 1].arg;
  NEXT;
else_:
  pc = (int) code[pc - 1].arg; NEXT;
do_:
  /* ( limit start -- ) */
  rstack[rsp++] = stack[sp - 2];
  rstack[rsp++] = stack[sp - 1];
  sp -= 2;
  NEXT;
loop:
  if (++rstack[rsp - 1] < rstack[rsp - 2])
    pc = (int) code[pc - 1].arg;
  else
    rsp -= 2;
  NEXT;
idx:
  stack[sp++] = rstack[rsp - 1]; NEXT;
emit:
  {
    char buf[24];
    int n = snprintf (buf, sizeof buf, "%ld", stack[--sp]);
    for (int k = 0; k < n; k++)
      out_hash = out_hash * 131 + (unsigned char) buf[k];
    out_count++;
  }
  NEXT;
end:
  return sp ? stack[sp - 1] : 0;
#undef NEXT
}

int
main (void)
{
  static const char *const programs[] = {
    /* sum of squares below 300 */
    "0 300 0 do i dup * + loop",
    /* count i below 500 with i*i mod 7 < 3, emit those with i mod 50 < 5 */
    "0 500 0 do i i * 7 mod 3 < if 1 + i 50 mod 5 < if i emit then then loop",
    /* Collatz-like step table: emit f(i) for i below 40 */
    "40 0 do i 2 mod if i 3 * 1 + else i 1 + then emit loop 7",
    /* nested loops */
    "0 30 0 do 20 0 do i 3 mod + loop dup 1000 mod swap drop loop",
  };
  for (unsigned p = 0; p < sizeof programs / sizeof programs[0]; p++)
    {
      if (compile (programs[p]) < 0)
        {
          printf ("program %u: compile error\n", p);
          continue;
        }
      long r = run ();
      printf ("program %u: %d cells result %ld\n", p, ncode, r);
    }
  printf ("emitted %d hash %08x\n", out_count, out_hash);
  return 0;
}
