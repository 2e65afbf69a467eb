/* cachecat: what one statement in a code section puts there (x86_statement.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/x86/x86_statement.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int
is_word (const char *w, size_t n, const char *const *list)
{
  for (size_t i = 0; list[i]; i++)
    if (strlen (list[i]) == n && strncasecmp (w, list[i], n) == 0)
      return 1;
  return 0;
}

/* Directives that place no byte, in any section.  */
static const char *const byte_free[] = {
  ".type", ".size", ".globl", ".global", ".local", ".weak", ".hidden",
  ".protected", ".internal", ".symver", ".weakref", ".ident", ".file",
  ".loc", ".loc_mark_labels", ".set", ".equ", ".equiv", ".eqv", ".arch",
  ".arch_extension", ".att_syntax", ".intel_syntax", ".code64", ".text",
  ".data", ".bss", ".section", ".pushsection", ".popsection", ".previous",
  ".comm", ".lcomm", NULL
};

/* Prefixes gas accepts as statements of their own; their bytes go in
   front of the next instruction's.  */
static const char *const prefix_words[] = {
  "lock", "rep", "repe", "repz", "repne", "repnz", "data16", "data32",
  "addr16", "addr32", "rex", "rex64", "notrack", "bnd", "xacquire",
  "xrelease", "cs", "ds", "es", "fs", "gs", "ss", NULL
};

/* x87 instructions gas writes as FWAIT and the instruction: one
   statement, two instructions.  */
static const char *const wait_forms[] = {
  "fstsw", "fstcw", "finit", "fclex", "fsave", "fstenv", "fdisi", "feni",
  "fsetpm", NULL
};

/* Legacy and REX prefix bytes.  */
static int
prefix_byte (unsigned long v)
{
  return v == 0x26 || v == 0x2e || v == 0x36 || v == 0x3e || (v >= 0x40 && v <= 0x4f)
         || v == 0x64 || v == 0x65 || v == 0x66 || v == 0x67 || v == 0xf0 || v == 0xf2
         || v == 0xf3;
}

/* `.byte V, ...' (SIZE 1) or `.value V, ...' (SIZE 2) at [P, E), P after
   the directive: are its bytes all prefixes?  */
static int
prefix_data (const char *p, const char *e, int size)
{
  int any = 0;
  for (;;)
    {
      unsigned long v;
      if (!cc_asm_number (&p, e, &v) || v >> (8 * size))
        return 0;
      for (int k = 0; k < size; k++, v >>= 8)
        if (!prefix_byte (v & 0xff))
          return 0;
      any = 1;
      if (p == e)
        return any;
      if (*p != ',')
        return 0;
      p++;
    }
}

enum cc_stmt_kind
cc_stmt_classify (const char *p, const char *e, unsigned long *align,
                  unsigned long *max)
{
  cc_asm_trim (&p, &e);
  size_t n = cc_asm_ident_len (p, e);
  const char *rest = cc_asm_skip_space (p + n, e);
  if (n && p[0] == '.')
    {
      if (n > 5 && memcmp (p, ".cfi_", 5) == 0)
        return CC_STMT_NOTHING;
      if (is_word (p, n, byte_free))
        {
          /* A subsection (.text 1, .pushsection name, 1) puts bytes out of
             order.  */
          if (cc_asm_subsection (p, n, rest, e))
            return CC_STMT_UNDECODABLE;
          return CC_STMT_NOTHING;
        }
      /* x86's .align counts bytes.  */
      if (n == 8 && memcmp (p, ".p2align", 8) == 0)
        return cc_asm_alignment (1, rest, e, align, max) ? CC_STMT_ALIGN : CC_STMT_UNDECODABLE;
      if ((n == 7 && memcmp (p, ".balign", 7) == 0) || (n == 6 && memcmp (p, ".align", 6) == 0))
        return cc_asm_alignment (0, rest, e, align, max) ? CC_STMT_ALIGN : CC_STMT_UNDECODABLE;
      if (n == 5 && memcmp (p, ".byte", 5) == 0 && prefix_data (rest, e, 1))
        return CC_STMT_PREFIX;
      if (((n == 6 && memcmp (p, ".value", 6) == 0) || (n == 5 && memcmp (p, ".word", 5) == 0)
           || (n == 6 && memcmp (p, ".short", 6) == 0))
          && prefix_data (rest, e, 2))
        return CC_STMT_PREFIX;
      return CC_STMT_UNDECODABLE;
    }
  if (n == 0)
    return CC_STMT_INSN;          /* {vex} and the like, then the mnemonic */
  if (rest < e && *rest == '=')
    return CC_STMT_NOTHING;       /* sym = expr */
  if (rest == e && (is_word (p, n, prefix_words)
                    || (n > 4 && strncasecmp (p, "rex.", 4) == 0)))
    return CC_STMT_PREFIX;
  if (p[0] == 'f' || p[0] == 'F')
    for (size_t i = 0; wait_forms[i]; i++)
      {
        size_t l = strlen (wait_forms[i]);
        if (n >= l && n <= l + 1 && strncasecmp (p, wait_forms[i], l) == 0)
          return CC_STMT_UNDECODABLE;
      }
  return CC_STMT_INSN;
}

/* Is [W, W + N) one of LIST (case-insensitive)?  */
#define IS(list) is_word (w, n, list)

/* Does [P, P + N) occur in [Q, E)?  */
static const char *
find (const char *q, const char *e, const char *p, size_t n)
{
  return (size_t) (e - q) >= n ? memmem (q, (size_t) (e - q), p, n) : NULL;
}

/* The mnemonic of the jump or call [P, E), after a notrack or bnd prefix
   if there is one: where it starts, its length in *NP.  */
static const char *
jump_mnemonic (const char *p, const char *e, size_t *np)
{
  static const char *const pre[] = { "notrack", "bnd", NULL };
  const char *w = cc_asm_skip_space (p, e);
  size_t n = cc_asm_ident_len (w, e);
  if (n && IS (pre))
    {
      w = cc_asm_skip_space (w + n, e);
      n = cc_asm_ident_len (w, e);
    }
  *np = n;
  return w;
}

/* Does [P, E) jump to one of GCC's retpoline thunks (a return or an
   indirect jump that runs the thunk's code on the way)?  */
static int
thunk_jump (const char *p, const char *e)
{
  const char *w = cc_asm_skip_space (p, e);
  if (w == e || (*w != 'j' && *w != 'n' && *w != 'b'))
    return 0;
  const char *x86 = find (w, e, "__x86_", 6);
  if (!x86)
    return 0;
  static const char *const thunks[] = { "__x86_return_thunk", "__x86_indirect_thunk",
                                        "__x86_indirect_call_thunk", NULL };
  for (size_t i = 0; thunks[i]; i++)
    if (find (x86, e, thunks[i], strlen (thunks[i])))
      {
        size_t n;
        w = jump_mnemonic (w, e, &n);
        static const char *const jumps[] = { "jmp", "jmpq", NULL };
        return n && IS (jumps);
      }
  return 0;
}

enum cc_stmt_reloc
cc_stmt_reloc (const char *p, const char *e)
{
  const char *at = memchr (p, '@', (size_t) (e - p));
  if (!at)
    return thunk_jump (p, e) ? CC_RELOC_THUNK : CC_RELOC_NONE;
  if (find (at, e, "@tlsgd", 6))
    return CC_RELOC_TLSGD;
  if (find (at, e, "@tlsld", 6))
    return CC_RELOC_TLSLD;
  if (find (at, e, "@TLSCALL", 8))
    return CC_RELOC_TLSDESC;
  /* jmp/call *SYM@GOTPCREL(%rip), any prefix before (notrack); Intel:
     jmp [QWORD PTR SYM@GOTPCREL[rip]].  The others of GOTPCRELX (mov,
     test, binops) keep their boundaries.  */
  if (find (at, e, "@GOTPCREL", 9))
    {
      size_t n;
      const char *w = jump_mnemonic (p, e, &n);
      static const char *const jc[] = { "jmp", "jmpq", "call", "callq", NULL };
      if (n && IS (jc))
        return CC_RELOC_GOTPCRELX;
    }
  return thunk_jump (p, e) ? CC_RELOC_THUNK : CC_RELOC_NONE;
}

/* The operand [P, E) of a jump or call: its label if it names one
   directly (not `*...', not a register, not memory).  */
static void
direct_target (const char *p, const char *e, cc_stmt_info *out)
{
  cc_asm_trim (&p, &e);
  size_t n = cc_asm_ident_len (p, e);
  if (n == 0 || p + n != e)
    return;
  out->target = p;
  out->target_len = n;
}

void
cc_stmt_flow_of (const char *p, const char *e, cc_stmt_info *out)
{
  static const char *const returns[] = { "ret", "retq", "retl", "retw", NULL };
  static const char *const stops[] = {
    "lret", "lretq", "lretl", "lretw", "iret", "iretq", "iretl", "iretw", "iretd",
    "sysret", "sysretq", "sysretl", "sysexit", "sysexitq", "sysexitl", "ud0", "ud1",
    "ud2", "ud2a", "ud2b", "ljmp", "ljmpq", "ljmpl", "ljmpw", NULL
  };
  static const char *const jumps[] = { "jmp", "jmpq", "jmpl", "jmpw", NULL };
  static const char *const calls[] = { "call", "callq", "calll", "callw", NULL };
  static const char *const branches[] = {
    "ja", "jae", "jb", "jbe", "jc", "jcxz", "je", "jecxz", "jg", "jge", "jl", "jle",
    "jna", "jnae", "jnb", "jnbe", "jnc", "jne", "jng", "jnge", "jnl", "jnle", "jno",
    "jnp", "jns", "jnz", "jo", "jp", "jpe", "jpo", "jrcxz", "js", "jz", "loop", "loope",
    "loopne", "loopnz", "loopz", "loopl", "loopq", "loopel", "loopeq", "loopnel",
    "loopneq", "xbegin", NULL
  };
  memset (out, 0, sizeof *out);
  out->flow = CC_FLOW_NEXT;
  cc_asm_trim (&p, &e);
  /* Pseudo prefixes ({disp32}, {vex}) and prefixes before the mnemonic.  */
  const char *w = p;
  size_t n;
  for (;;)
    {
      if (w < e && *w == '{')
        {
          const char *c = memchr (w, '}', (size_t) (e - w));
          if (!c)
            return;
          w = cc_asm_skip_space (c + 1, e);
          continue;
        }
      n = cc_asm_ident_len (w, e);
      if (n && IS (prefix_words) && cc_asm_skip_space (w + n, e) < e)
        {
          w = cc_asm_skip_space (w + n, e);
          continue;
        }
      break;
    }
  const char *ops = cc_asm_skip_space (w + n, e);
  out->reloc = cc_stmt_reloc (p, e);
  if (IS (returns) || IS (stops))
    {
      out->flow = CC_FLOW_STOP;
      out->returns = IS (returns);
      return;
    }
  int is_jump = IS (jumps), is_call = IS (calls);
  if (is_jump || is_call)
    {
      /* An indirect jump leaves for good; through the GOT (-fno-plt), ld
         may rewrite it.  */
      if (ops < e && *ops == '*')
        {
          out->flow = is_jump ? CC_FLOW_STOP : CC_FLOW_NEXT;
          return;
        }
      direct_target (ops, e, out);
      if (!out->target)
        out->flow = is_jump ? CC_FLOW_STOP : CC_FLOW_NEXT;
      else
        out->flow = is_jump ? CC_FLOW_JUMP : CC_FLOW_CALL;
      return;
    }
  if (IS (branches))
    {
      /* A hint first: jne,pt LABEL.  */
      const char *o = ops;
      if (o < e && *o == ',')
        for (o++; o < e && cc_asm_ident_char (*o); o++)
          ;
      direct_target (o, e, out);
      out->flow = CC_FLOW_BRANCH;
      return;
    }
  /* mov %REG, (%rsp) (AT&T), or lea 8(%rsp), %rsp: the return address
     replaced or dropped.  */
  static const char *const moves[] = { "mov", "movq", NULL };
  static const char *const leas[] = { "lea", "leaq", NULL };
  const char *c = memchr (ops, ',', (size_t) (e - ops));
  if (c && IS (moves) && *ops == '%')
    {
      const char *d = cc_asm_skip_space (c + 1, e);
      out->drops_return = (size_t) (e - d) == 6 && memcmp (d, "(%rsp)", 6) == 0;
    }
  else if (c && IS (leas))
    {
      const char *d = cc_asm_skip_space (c + 1, e);
      out->drops_return = (size_t) (c - ops) == 7 && memcmp (ops, "8(%rsp)", 7) == 0
                          && (size_t) (e - d) == 4 && memcmp (d, "%rsp", 4) == 0;
    }
}

const cc_stmt_reader cc_x86_stmt_reader = {
  .classify = cc_stmt_classify,
  .reloc = cc_stmt_reloc,
  .flow = cc_stmt_flow_of,
};
