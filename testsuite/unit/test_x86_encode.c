/* cachecat unit tests: the x86-64 statement length encoder.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Lengths of statements whose encodings gas writes (checked by hand
   against objdump), the jumps it leaves to relaxing, the forms flagged
   for GCC's wrong lengths, and what it declines.  The comparison with gas
   on tens of thousands of statements is check-x86-encode.sh.  */

#include "unit.h"
#include "layout/x86/x86_encode.h"

static int
len (const char *s)
{
  cc_x86_stmt st;
  return cc_x86_encode_length (s, s + strlen (s), &st);
}

static cc_x86_stmt
info (const char *s)
{
  cc_x86_stmt st;
  cc_x86_encode_length (s, s + strlen (s), &st);
  return st;
}

const void *cc_x86_encode_table (size_t *n, size_t *stride);

int
main (void)
{
  /* The mnemonic table is sorted, so each name is there once (a second
     entry of a name would never be found).  */
  size_t n, stride;
  const char *t = cc_x86_encode_table (&n, &stride);
  for (size_t i = 1; i < n; i++)
    if (!CHECK (strcmp (*(const char *const *) (t + (i - 1) * stride),
                        *(const char *const *) (t + i * stride)) < 0))
      fprintf (stderr, "    %s before %s\n", *(const char *const *) (t + (i - 1) * stride),
               *(const char *const *) (t + i * stride));

  CHECK_EQ (len ("ret"), 1);                       /* c3 */
  CHECK_EQ (len ("pushq %rbp"), 1);                /* 55 */
  CHECK_EQ (len ("pushq %r12"), 2);                /* 41 54 */
  CHECK_EQ (len ("movq %rsp, %rbp"), 3);           /* 48 89 e5 */
  CHECK_EQ (len ("addl $1, %eax"), 3);             /* 83 c0 01 */
  CHECK_EQ (len ("addl $128, %eax"), 5);           /* 05 80 00 00 00 */
  CHECK_EQ (len ("addl $128, %ecx"), 6);           /* 81 c1 80 00 00 00 */
  CHECK_EQ (len ("addb $1, %al"), 2);              /* 04 01 */
  CHECK_EQ (len ("andl $4294967295, %ecx"), 3);    /* 83 e1 ff: gas folds to -1 */
  CHECK_EQ (len ("testb $8, %ah"), 3);             /* f6 c4 08 */
  CHECK_EQ (len ("sall $1, %eax"), 2);             /* d1 e0 */
  CHECK_EQ (len ("sall $2, %eax"), 3);             /* c1 e0 02 */
  CHECK_EQ (len ("movl 0(%rbp), %eax"), 3);        /* 8b 45 00 */
  CHECK_EQ (len ("movl (%r13), %eax"), 4);         /* 41 8b 45 00 */
  CHECK_EQ (len ("movl (%r12), %eax"), 4);         /* 41 8b 04 24 */
  CHECK_EQ (len ("movl 8(%rsp), %eax"), 4);        /* 8b 44 24 08 */
  CHECK_EQ (len ("movl 128(%rsp), %eax"), 7);      /* 8b 84 24 80 00 00 00 */
  CHECK_EQ (len ("movq %fs:40, %rax"), 9);         /* 64 48 8b 04 25 28 00 00 00 */
  CHECK_EQ (len ("leaq .LC0(%rip), %rdi"), 7);     /* 48 8d 3d disp32 */
  CHECK_EQ (len ("movl 8+table(%rip), %eax"), 6);  /* 8b 05 disp32 */
  CHECK_EQ (len ("jmp *.L4(,%rax,8)"), 7);         /* ff 24 c5 disp32 */
  CHECK_EQ (len ("movq $-1, %rax"), 7);            /* 48 c7 c0 ff ff ff ff */
  CHECK_EQ (len ("movabsq $81985529216486895, %rax"), 10);
  CHECK_EQ (len ("movzbl %sil, %eax"), 4);         /* 40 0f b6 c6 */
  CHECK_EQ (len ("cvtsi2sdq %rax, %xmm0"), 5);     /* f2 48 0f 2a c0 */
  CHECK_EQ (len ("movq %rax, %xmm0"), 5);          /* 66 48 0f 6e c0 */
  CHECK_EQ (len ("movq 16(%rbx), %xmm0"), 5);      /* f3 0f 7e 43 10 */
  CHECK_EQ (len ("pxor %xmm8, %xmm8"), 5);         /* 66 45 0f ef c0 */
  CHECK_EQ (len ("pshufd $0, %xmm1, %xmm0"), 5);   /* 66 0f 70 c1 00 */
  CHECK_EQ (len ("cmpltsd %xmm1, %xmm0"), 5);      /* f2 0f c2 c1 01 */
  CHECK_EQ (len ("rep stosq"), 3);                 /* f3 48 ab */
  CHECK_EQ (len ("lock addl $1, (%rdi)"), 4);      /* f0 83 07 01 */
  CHECK_EQ (len ("fldt 16(%rsp)"), 4);             /* db 6c 24 10 */
  CHECK_EQ (len ("fldt (%r12)"), 4);               /* 41 db 2c 24 */
  CHECK_EQ (len ("fstpt .LC0(%rip)"), 6);          /* db 3d disp32 */
  CHECK_EQ (len ("fildq %fs:8"), 8);               /* 64 df 2c 25 08 00 00 00 */
  CHECK_EQ (len ("fucomip %st(1), %st"), 2);       /* df e9 */
  CHECK_EQ (len ("fnstsw %ax"), 2);                /* df e0 */
  CHECK_EQ (len ("fld1"), 2);                      /* d9 e8 */
  CHECK_EQ (len ("fxch"), 2);                      /* d9 c9 */
  CHECK_EQ (len ("vaddps %xmm1, %xmm2, %xmm3"), 4);      /* c5 e8 58 d9 */
  CHECK_EQ (len ("vaddps %xmm9, %xmm2, %xmm3"), 5);      /* c4 c1 68 58 d9 */
  CHECK_EQ (len ("vmovaps %xmm9, %xmm1"), 4);            /* c5 78 29 c9: swapped */
  CHECK_EQ (len ("vmovd %r15d, %xmm4"), 5);              /* c4 c1 79 6e e7 */
  CHECK_EQ (len ("vpminsd %xmm1, %xmm0, %xmm0"), 5);     /* c4 e2 79 39 c1 */
  CHECK_EQ (len ("vextracti128 $1, %ymm0, %xmm0"), 6);   /* c4 e3 7d 39 c0 01 */
  CHECK_EQ (len ("shlx %edi, 640(%rax), %edx"), 9);      /* c4 e2 41 f7 90 disp32 */
  CHECK_EQ (len ("vfmadd231sd (%rax), %xmm1, %xmm2"), 5); /* c4 e2 f1 b9 10 */
  CHECK_EQ (len ("vzeroupper"), 3);                      /* c5 f8 77 */
  CHECK_EQ (len ("vpblendvb %xmm3, %xmm1, %xmm2, %xmm0"), 6); /* c4 e3 69 4c c1 30 */
  CHECK_EQ (len ("vmovq %rax, %xmm0"), 5);               /* c4 e1 f9 6e c0 */
  CHECK_EQ (len ("vcvttsd2si (%rax), %rdx"), 5);         /* c4 e1 fb 2c 10 */
  CHECK_EQ (len ("movbel %esi, (%rdi)"), 4);             /* 0f 38 f1 37 */
  CHECK (info ("vaddps %xmm1, %xmm2, %xmm3").gcc_differs);
  CHECK (info ("fldt 16(%rsp)").gcc_differs);
  CHECK_EQ (len ("call foo@PLT"), 5);
  CHECK_EQ (len ("jmp foo@PLT"), 2);               /* relaxed or not by the layout */
  CHECK (info ("jmp foo@PLT").kind == CC_X86_JMP);

  cc_x86_stmt j = info ("jne .L5");
  CHECK_EQ (len ("jne .L5"), 2);
  CHECK (j.kind == CC_X86_JCC && j.target_len == 3 && memcmp (j.target, ".L5", 3) == 0);
  CHECK (info ("jmp g").kind == CC_X86_JMP);
  CHECK (info ("jmp *%rax").kind == CC_X86_NO_BRANCH);
  CHECK (info ("call f").kind == CC_X86_NO_BRANCH);

  /* Where GCC's lengths are known to be wrong.  */
  CHECK (info ("movq 16(%rbx), %xmm0").gcc_differs);
  CHECK (info ("testb $8, %ah").gcc_differs);
  CHECK (info ("rep movsb").gcc_differs);
  CHECK (!info ("movq %rsp, %rbp").gcc_differs);
  CHECK (!info ("movq %rax, 8(%rbx)").gcc_differs);
  CHECK (info ("movd %eax, %xmm5").gcc_differs);
  CHECK (!info ("addl $1, %eax").gcc_differs);
  CHECK (info ("adcl $0, %eax").gcc_differs);
  CHECK (info ("sbbq\t$0, (%rdx)").gcc_differs);
  CHECK (!info ("adcl $1, %eax").gcc_differs);
  CHECK (!info ("adcl %edx, %eax").gcc_differs);

  /* Declined: not known for sure.  */
  static const char *const declined[] = {
    "vaddps %zmm0, %zmm1, %zmm2", "fstcw (%rcx)", "vaddps %xmm16, %xmm1, %xmm2",
    "vpbroadcastq %rsi, %xmm1", "vmovdqu64 %xmm0, (%rax)", "vpternlogd $1, %xmm0, %xmm1, %xmm2",
    "addps %ymm0, %ymm1", "vaddps %xmm0, %xmm1, %xmm2{%k1}", "vpsllq $3, (%rax), %xmm1",
    "vcvtsi2sd (%rax), %xmm1, %xmm1", "vpbroadcastd %eax, %ymm0", "jz 2f", "movl %cs:4, %eax",
    "movl (%eax), %ecx", "addl $K+L, %eax", "addl $.-4, %eax", "movq $0x100000000, %rax",
    "movabsq foo, %rax", "xchgq %rax, %rax", "addpd %xmm16, %xmm0", "rex64 call foo",
    "movl $1, %eax, %ebx", "bogus %eax", "movq (%rsp,%rsp), %rax", "addl $010, %eax",
    "fld (%rax)", "fldt %st(1)", "fld %st(8)", "fstp", "fld1 %st", "fxch %st(1), %st(2), %st",
  };
  for (size_t i = 0; i < sizeof declined / sizeof declined[0]; i++)
    if (!CHECK (len (declined[i]) < 0))
      fprintf (stderr, "    not declined: %s\n", declined[i]);
  return unit_finish ("x86_encode");
}
