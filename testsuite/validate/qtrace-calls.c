/* qtrace-calls.c: calls and returns of every kind qtrace classifies, for
   testsuite/scripts/check-qemu-trace.sh, which runs it under qemu with
   qtrace and checks the trace against the program's disassembly.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Freestanding and static, for x86-64, aarch64, riscv64, riscv32, arm
   (A32) and Thumb: its own _start, no libc.  Besides what GCC emits for
   the C below (direct, indirect, recursive and tail calls; on arm
   conditional returns), each target has a few hand-written forms GCC does
   not emit here (asm_forms, called once).  */

#include "../valgrind/exit_syscall.h"

int data_anchor = 1;            /* a file-backed writable segment */
static volatile int sink;

#define NOINLINE __attribute__ ((noinline, noclone))

static NOINLINE __attribute__ ((noreturn)) void
sys_exit (int code)
{
  EXIT_SYSCALL (code);
  __builtin_unreachable ();
}

/* Hand-written forms.  asm_forms (x) returns x + a constant; asm_leaf is
   the callee of the indirect forms.  */
int asm_forms (int x);

#if defined __x86_64__
/* call through r11 (REX 41 ff d3), through memory (ff 10), notrack
   (3e ff d0), a call to the next instruction (e8 00000000), ret imm16
   (c2), rep ret (f3 c3), bnd ret (f2 c3), rep movsb with rcx 0 and 5,
   cpuid, rdtsc.  */
__asm__ (".text\n"
         ".type asm_leaf, @function\n"
         "asm_leaf: lea 1(%rdi), %eax\n\t.byte 0xf3, 0xc3\n"
         ".size asm_leaf, .-asm_leaf\n"
         ".type asm_pop8, @function\n"
         "asm_pop8: lea 2(%rdi), %eax\n\tret $8\n"
         ".size asm_pop8, .-asm_pop8\n"
         ".type asm_bnd, @function\n"
         "asm_bnd: lea 3(%rdi), %eax\n\t.byte 0xf2, 0xc3\n"
         ".size asm_bnd, .-asm_bnd\n"
         ".globl asm_forms\n"
         ".type asm_forms, @function\n"
         "asm_forms: push %rbx\n\tpush %rdi\n"
         "\tlea asm_leaf(%rip), %r11\n\tcall *%r11\n\tmov %eax, %edi\n"
         "\tlea asm_leaf(%rip), %rax\n\tpush %rax\n\tmov %rsp, %rax\n\tcall *(%rax)\n"
         "\tpop %rdx\n\tmov %eax, %edi\n"
         "\tlea asm_bnd(%rip), %rax\n\tnotrack call *%rax\n\tmov %eax, %edi\n"
         "\tpush $0\n\tcall asm_pop8\n\tmov %eax, %edi\n"
         "\tcall 1f\n1:\tpop %rdx\n"
         "\tsub $16, %rsp\n\tmov %rsp, %rdi\n\tmov %rsp, %rsi\n\txor %ecx, %ecx\n\trep movsb\n"
         "\tmov $5, %ecx\n\trep movsb\n\tadd $16, %rsp\n"
         "\tmov %eax, %r8d\n\txor %eax, %eax\n\tcpuid\n\trdtsc\n\tmov %r8d, %eax\n"
         "\tpop %rdi\n\tpop %rbx\n\tret\n"
         ".size asm_forms, .-asm_forms\n");
#elif defined __aarch64__
/* blr through x16, ret x5 (a return through another register), and
   with pointer authentication (-mbranch-protection=pac-ret on armv8.3-a)
   blraaz.  */
__asm__ (".text\n"
         ".type asm_leaf, %function\n"
         "asm_leaf: add w0, w0, #1\n\tret\n"
         ".size asm_leaf, .-asm_leaf\n"
         ".type asm_ret_x5, %function\n"
         "asm_ret_x5: mov x5, x30\n\tadd w0, w0, #2\n\tret x5\n"
         ".size asm_ret_x5, .-asm_ret_x5\n"
         ".globl asm_forms\n"
         ".type asm_forms, %function\n"
         "asm_forms: stp x29, x30, [sp, #-16]!\n"
         "\tadr x16, asm_leaf\n\tblr x16\n"
         "\tbl asm_ret_x5\n"
#ifdef __ARM_FEATURE_PAC_DEFAULT
         "\tadr x16, asm_leaf\n\tpaciza x16\n\tblraaz x16\n"
#endif
         "\tldp x29, x30, [sp], #16\n\tret\n"
         ".size asm_forms, .-asm_forms\n");
#elif defined __riscv
/* t0 as the link register: jal t0 (a call), jr t0 (a return, rs1 = t0);
   jalr ra, 0(a5) and jalr x0, 0(ra) written out in 32 bits (.option
   norvc) besides their compressed forms c.jalr and c.jr ra.  On RV32,
   c.jal too.  */
__asm__ (".text\n"
         ".type asm_leaf, @function\n"
         "asm_leaf: addi a0, a0, 1\n\tret\n"
         ".size asm_leaf, .-asm_leaf\n"
         ".type asm_t0, @function\n"
         "asm_t0: addi a0, a0, 2\n\tjr t0\n"
         ".size asm_t0, .-asm_t0\n"
         ".type asm_long, @function\n"
         ".option push\n.option norvc\n"
         "asm_long: addi a0, a0, 3\n\tjalr x0, 0(ra)\n"
         ".option pop\n"
         ".size asm_long, .-asm_long\n"
         ".globl asm_forms\n"
         ".type asm_forms, @function\n"
         "asm_forms: addi sp, sp, -16\n"
#if __riscv_xlen == 64
         "\tsd ra, 8(sp)\n"
#else
         "\tsw ra, 12(sp)\n"
#endif
         "\tla a5, asm_leaf\n\tjalr a5\n"
         "\tjal t0, asm_t0\n"
         ".option push\n.option norvc\n"
         "\tla a5, asm_long\n\tjalr ra, 0(a5)\n"
         ".option pop\n"
#if __riscv_xlen == 32
         "\tc.jal asm_leaf\n"
#endif
#if __riscv_xlen == 64
         "\tld ra, 8(sp)\n"
#else
         "\tlw ra, 12(sp)\n"
#endif
         "\taddi sp, sp, 16\n\tret\n"
         ".size asm_forms, .-asm_forms\n");
#elif defined __arm__
/* The other instruction set's functions, reached by interworking calls:
   from Thumb an A32 function (its "bx lr" alone in a block, whose A32
   and T32 readings differ); from A32 a Thumb one.  Then returns by
   ldr pc, [sp], #4 and ldm sp!, {..., pc}; a conditional call and a
   conditional return, each once taken and once not; blx through a
   register; and in Thumb a block of 4-byte instructions only.  asm_leaf8
   returns by ldr pc, [sp], #8, as libgcc's __aeabi_dcmp* do.  */
__asm__ (".text\n"
         ".syntax unified\n"
         ".arm\n"
         ".type asm_arm, %function\n"
         "asm_arm: cmp r0, #0\n\tbeq 1f\n\tadd r0, r0, #1\n1:\tbx lr\n"
         ".size asm_arm, .-asm_arm\n"
         ".thumb\n"
         ".thumb_func\n"
         ".type asm_thumb, %function\n"
         "asm_thumb: adds r0, r0, #1\n\tbx lr\n"
         ".size asm_thumb, .-asm_thumb\n"
#ifdef __thumb__
         ".thumb\n"
         ".thumb_func\n"
         ".type asm_leaf, %function\n"
         "asm_leaf: push {lr}\n\tadds r0, r0, #1\n\tldr.w pc, [sp], #4\n"
         ".size asm_leaf, .-asm_leaf\n"
         ".thumb_func\n"
         ".type asm_leaf8, %function\n"
         "asm_leaf8: str.w lr, [sp, #-8]!\n\tadds r0, r0, #3\n\tldr.w pc, [sp], #8\n"
         ".size asm_leaf8, .-asm_leaf8\n"
         ".thumb_func\n"
         ".type asm_ldm, %function\n"
         "asm_ldm: push {r4, lr}\n\tadds r0, r0, #2\n\tldmia.w sp!, {r4, pc}\n"
         ".size asm_ldm, .-asm_ldm\n"
         ".thumb_func\n"
         ".type asm_cond_ret, %function\n"
         "asm_cond_ret: cmp r0, #0\n\tit ne\n\tbxne lr\n\tadds r0, r0, #5\n\tbx lr\n"
         ".size asm_cond_ret, .-asm_cond_ret\n"
         ".globl asm_forms\n"
         ".thumb_func\n"
         ".type asm_forms, %function\n"
         "asm_forms: push {r4, lr}\n"
         "\tmov r4, r0\n\tmovs r0, #1\n\tblx asm_arm\n\tmovs r0, #0\n\tblx asm_arm\n"
         "\tmov r0, r4\n\tbl asm_leaf\n\tbl asm_leaf\n\tbl asm_ldm\n\tbl asm_leaf8\n"
         "\tldr r3, =asm_leaf\n\tblx r3\n"
         "\tcmp r0, #0\n\tit eq\n\tbleq asm_leaf\n\tit ne\n\tblne asm_leaf\n"
         "\tmov r4, r0\n\tmovs r0, #0\n\tbl asm_cond_ret\n\tmovs r0, #1\n\tbl asm_cond_ret\n"
         "\tmov r0, r4\n\tpop {r4, pc}\n"
         ".ltorg\n"
         ".size asm_forms, .-asm_forms\n"
#else
         ".arm\n"
         ".type asm_leaf, %function\n"
         "asm_leaf: str lr, [sp, #-4]!\n\tadd r0, r0, #1\n\tldr pc, [sp], #4\n"
         ".size asm_leaf, .-asm_leaf\n"
         ".type asm_leaf8, %function\n"
         "asm_leaf8: str lr, [sp, #-8]!\n\tadd r0, r0, #3\n\tldr pc, [sp], #8\n"
         ".size asm_leaf8, .-asm_leaf8\n"
         ".type asm_ldm, %function\n"
         "asm_ldm: push {r4, lr}\n\tadd r0, r0, #2\n\tldm sp!, {r4, pc}\n"
         ".size asm_ldm, .-asm_ldm\n"
         ".type asm_cond_ret, %function\n"
         "asm_cond_ret: cmp r0, #0\n\tbxne lr\n\tadd r0, r0, #5\n\tmov pc, lr\n"
         ".size asm_cond_ret, .-asm_cond_ret\n"
         ".globl asm_forms\n"
         ".type asm_forms, %function\n"
         "asm_forms: push {r4, lr}\n"
         "\tmov r4, r0\n\tblx asm_thumb\n"
         "\tmov r0, r4\n\tbl asm_leaf\n\tbl asm_ldm\n\tbl asm_leaf8\n"
         "\tldr r3, =asm_leaf\n\tblx r3\n"
         "\tcmp r0, #0\n\tbleq asm_leaf\n\tblne asm_leaf\n"
         "\tmov r4, r0\n\tmov r0, #0\n\tbl asm_cond_ret\n\tmov r0, #1\n\tbl asm_cond_ret\n"
         "\tmov r0, r4\n\tpop {r4, pc}\n"
         ".ltorg\n"
         ".size asm_forms, .-asm_forms\n"
#endif
         );
#endif

static NOINLINE int
leaf (int x)
{
  return x * 3 + 1;
}

static NOINLINE int
twice (int x)
{
  return leaf (x) + leaf (x + 1);
}

static NOINLINE int
depth (int n)
{
  return n <= 0 ? 0 : 1 + depth (n - 1) + (sink & 1);
}

/* A tail call at -O2.  */
static NOINLINE int
tail (int x)
{
  sink = x;
  return twice (x + 2);
}

static int (*volatile indirect) (int) = leaf;

static NOINLINE int
program (void)
{
  int acc = 0;
  for (int i = 0; i < 20; i++)
    {
      acc += twice (i);
      acc += indirect (i);
      acc += depth (i & 7);
      acc ^= tail (acc & 15);
    }
  acc += asm_forms (acc & 0xff);
  sink = acc;
  return acc;
}

#ifdef __x86_64__
__attribute__ ((force_align_arg_pointer))
#endif
void
_start (void)
{
#ifdef __riscv
  /* As crt1.o does: the linker's relaxation may address data through gp.  */
  __asm__ volatile (".option push\n.option norelax\nla gp, __global_pointer$\n.option pop");
#endif
  sys_exit (program () & 0);
}
