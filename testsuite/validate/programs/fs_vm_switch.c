/* fs_vm_switch: a stack-based bytecode interpreter with a switch dispatch
   loop, running three small bytecode programs (prime counting, Fibonacci
   through a bytecode subroutine, a nested loop).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The classic interpreter shape: one indirect jump through a jump table
   per bytecode, every handler a successor of the dispatch, the whole loop
   a few hundred bytes that should stay cached once warmed.  */
#include "../../valgrind/freestanding.h"

enum op
{
  HALT, PUSH, LOAD, STORE, ADD, SUB, MUL, MOD, LT, XOR, JMP, JZ, JNZ,
  INC, CALL, RET, DUP, DROP
};

struct insn
{
  unsigned char op;
  int arg;
};

/* Counts primes below r7.  */
static const struct insn primes[] = {
  /*  0 */ { PUSH, 2 }, { STORE, 0 }, { PUSH, 0 }, { STORE, 1 },
  /*  4 */ { LOAD, 0 }, { LOAD, 7 }, { LT, 0 }, { JZ, 33 },
  /*  8 */ { PUSH, 2 }, { STORE, 2 }, { PUSH, 1 }, { STORE, 3 },
  /* 12 */ { LOAD, 0 }, { LOAD, 2 }, { LOAD, 2 }, { MUL, 0 },
  /* 16 */ { LT, 0 }, { JNZ, 24 }, { LOAD, 0 }, { LOAD, 2 },
  /* 20 */ { MOD, 0 }, { JZ, 30 }, { INC, 2 }, { JMP, 12 },
  /* 24 */ { LOAD, 1 }, { LOAD, 3 }, { ADD, 0 }, { STORE, 1 },
  /* 28 */ { INC, 0 }, { JMP, 4 }, { PUSH, 0 }, { STORE, 3 },
  /* 32 */ { JMP, 24 }, { LOAD, 1 }, { HALT, 0 },
};

/* XOR of the first r7 Fibonacci numbers; the step is a subroutine.  */
static const struct insn fibs[] = {
  /*  0 */ { PUSH, 0 }, { STORE, 0 }, { PUSH, 0 }, { STORE, 1 },
  /*  4 */ { PUSH, 1 }, { STORE, 2 }, { LOAD, 0 }, { LOAD, 7 },
  /*  8 */ { LT, 0 }, { JZ, 17 }, { CALL, 19 }, { LOAD, 4 },
  /* 12 */ { LOAD, 1 }, { XOR, 0 }, { STORE, 4 }, { INC, 0 },
  /* 16 */ { JMP, 6 }, { LOAD, 4 }, { HALT, 0 },
  /* 19 */ { LOAD, 1 }, { LOAD, 2 }, { ADD, 0 }, { LOAD, 2 },
  /* 23 */ { STORE, 1 }, { STORE, 2 }, { RET, 0 },
};

/* Sum over i, j < r7 of (i * j) mod 7.  */
static const struct insn nested[] = {
  /*  0 */ { PUSH, 0 }, { STORE, 0 }, { PUSH, 0 }, { STORE, 4 },
  /*  4 */ { LOAD, 0 }, { LOAD, 7 }, { LT, 0 }, { JZ, 26 },
  /*  8 */ { PUSH, 0 }, { STORE, 1 }, { LOAD, 1 }, { LOAD, 7 },
  /* 12 */ { LT, 0 }, { JZ, 24 }, { LOAD, 0 }, { LOAD, 1 },
  /* 16 */ { MUL, 0 }, { PUSH, 7 }, { MOD, 0 }, { LOAD, 4 },
  /* 20 */ { ADD, 0 }, { STORE, 4 }, { INC, 1 }, { JMP, 10 },
  /* 24 */ { INC, 0 }, { JMP, 4 }, { LOAD, 4 }, { DUP, 0 },
  /* 28 */ { DROP, 0 }, { HALT, 0 },
};

struct vm
{
  unsigned stack[32];
  unsigned rstack[8];
  unsigned reg[8];
  unsigned executed;
};

static __attribute__ ((noinline)) unsigned
run (struct vm *m, const struct insn *code)
{
  unsigned pc = 0, sp = 0, rsp = 0;
  for (;;)
    {
      const struct insn *in = &code[pc++];
      m->executed++;
      switch (in->op)
        {
        case HALT:
          return sp ? m->stack[sp - 1] : 0;
        case PUSH:
          m->stack[sp++] = (unsigned) in->arg;
          break;
        case LOAD:
          m->stack[sp++] = m->reg[in->arg & 7];
          break;
        case STORE:
          m->reg[in->arg & 7] = m->stack[--sp];
          break;
        case ADD:
          sp--;
          m->stack[sp - 1] += m->stack[sp];
          break;
        case SUB:
          sp--;
          m->stack[sp - 1] -= m->stack[sp];
          break;
        case MUL:
          sp--;
          m->stack[sp - 1] *= m->stack[sp];
          break;
        case MOD:
          sp--;
          m->stack[sp - 1] = m->stack[sp] ? m->stack[sp - 1] % m->stack[sp] : 0;
          break;
        case LT:
          sp--;
          m->stack[sp - 1] = m->stack[sp - 1] < m->stack[sp];
          break;
        case XOR:
          sp--;
          m->stack[sp - 1] ^= m->stack[sp];
          break;
        case JMP:
          pc = (unsigned) in->arg;
          break;
        case JZ:
          if (m->stack[--sp] == 0)
            pc = (unsigned) in->arg;
          break;
        case JNZ:
          if (m->stack[--sp] != 0)
            pc = (unsigned) in->arg;
          break;
        case INC:
          m->reg[in->arg & 7]++;
          break;
        case CALL:
          m->rstack[rsp++ & 7] = pc;
          pc = (unsigned) in->arg;
          break;
        case RET:
          pc = m->rstack[--rsp & 7];
          break;
        case DUP:
          m->stack[sp] = m->stack[sp - 1];
          sp++;
          break;
        case DROP:
          sp--;
          break;
        default:
          return 0xdead;
        }
      sp &= 31;
    }
}

static __attribute__ ((noinline)) int
program (void)
{
  static struct vm m;
  unsigned acc = 0;
  for (unsigned round = 0; round < 3; round++)
    {
      m.reg[7] = 120 + round * 40 + (unsigned) sink;
      acc = acc * 31 + run (&m, primes);
      m.reg[7] = 45 + round;
      acc = acc * 31 + run (&m, fibs);
      m.reg[7] = 12 + round * 4;
      acc = acc * 31 + run (&m, nested);
    }
  acc += m.executed;
  sink = (int) acc;
  return (int) acc;
}
