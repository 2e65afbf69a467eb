/* qtrace: a QEMU TCG plugin that writes the instruction-fetch trace of a
   run in cctrace's format, for cachecat's validation on the targets that
   valgrind does not run (testsuite/validate/README.md).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Built for the host (an x86-64 shared object) by the Makefile ($(B)/qtrace.so)
   and loaded by any qemu-user of QEMU 7.2 (plugin API version 1):

     qemu-riscv64 -plugin build/qtrace.so,out=trace.bin ./prog

   or by qemu-system with one vCPU, for bare-metal images on cores without
   an MMU (Cortex-M, RISC-V in machine mode: the addresses are the ELF's),
   from reset to the semihosting exit (testsuite/validate/firmware.py):

     qemu-system-arm -M mps2-an386 -semihosting-config enable=on,target=native \
       -kernel fw.elf -plugin build/qtrace.so,out=trace.bin

   Output (out=FILE, the only argument): little-endian 64-bit records, one
   per executed instruction, in execution order, exactly as cctrace writes
   them:
     bits  0..47  the instruction's address
     bits 48..55  its length in bytes
     bits 56..63  what it does to the call stack: 0 nothing, 1 a call
                  (the next record is the callee's first instruction),
                  2 a return

   QEMU reports no control transfer kinds, so calls and returns are read
   from each instruction's bytes at translation time, by the guest
   architecture (info->target_name):

   x86_64   call: E8 rel32, FF /2 (call through a register or memory),
            after any legacy prefixes and a REX prefix (notrack 3E,
            bnd F2, data16 66, ...).  Return: C3, C2 imm16, after prefixes
            (rep ret F3 C3, bnd ret F2 C3).  As valgrind's Ijk_Call and
            Ijk_Ret: a far call or return is neither.
   aarch64  call: bl, blr, blraa, blrab, blraaz, blrabz.  Return: ret,
            retaa, retab (to any register: "ret x5" is a return too).
   riscv64, riscv32
            the return-address-stack hints of the RISC-V unprivileged spec
            (table "Return-address stack prediction hints"), the link
            registers being x1 (ra) and x5 (t0).  jal rd=link: call.
            jalr: rd link: call (push; the spec's "pop, then push" when
            rs1 is another link register is a call too: the callee's
            frame replaces the returning one's, and the trace has one
            flag per record: we count it as the call it also is); rd not
            link and rs1 link: return (pop); else nothing.  Compressed:
            c.jalr (rd = ra implied) call, c.jr ra / c.jr t0 return,
            c.jal (RV32 only; on RV64 that encoding is c.addiw) call.
   arm      A32: bl, blx (immediate and register) call; bx lr, mov pc, lr,
            ldm sp{!}, {..., pc} (pop), ldr pc, [sp], #N return.  T32:
            bl, blx (immediate), blx Rm call; bx lr, mov pc, lr, pop
            {..., pc}, ldm.w sp{!}, {..., pc}, ldr.w pc, [sp], #N return
            (a pop of the return address with any post-increment: libgcc's
            __aeabi_dcmp* return by ldr.w pc, [sp], #8, keeping the stack
            8-byte aligned).
            QEMU tells us the size (2 or 4) and the address, not the
            instruction set, which is constant within a translation block
            (only a branch can change it, and a branch ends the block).
            A block with a 2-byte instruction is Thumb; a 4-byte
            instruction whose first halfword is no T32 32-bit prefix
            (top five bits 11101, 11110 or 11111) is A32, and so is its
            block.  Where neither holds and the A32 and T32 readings of
            a word disagree (e.g. A32 "bx lr", e12fff1e, is also the
            first halfword ff1e of a T32 SIMD instruction), QEMU's own
            disassembly of the instruction (qemu_plugin_insn_disas, which
            uses the CPU's Thumb state of the block being translated)
            decides: its text names a call (bl...), a return (bx lr;
            pop or ldm with pc; ldr or mov to pc) or neither.  Calls
            and returns may be conditional (A32 condition field, T32 IT
            blocks), and a condition that fails makes the instruction
            fall through: so on arm a record is written one instruction
            late, and a call or return whose next instruction is its
            fall-through loses its flag (a taken "bl" to the next
            instruction would too; compilers do not emit one).  On the
            other targets calls and returns are unconditional, and x86's
            "call 1f; 1: pop" is a call, as valgrind has it.
            QEMU 7.2's Thumb translator appends to an instruction that
            ends 2 bytes before a page's end the halfword it peeks at
            there (arm_sizes): such a length is corrected.

   Limits: single-threaded guests, one vCPU (one buffer, no locking; a
   second vCPU's records would interleave); in system mode no MMU, and
   no interrupt or exception is a call (an exception return is a
   return, as its "bx lr" says).  Records are buffered and
   written when the buffer fills and at exit (the guest's exit or
   exit_group); a failed write ends the run with an error.  A guest killed
   by a signal (SIGILL, SIGSEGV) makes QEMU 7.2 abort without calling the
   plugin's exit callback: the trace then lacks its last records (up to
   65,536), where cctrace's is complete.  */

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The part of QEMU 7.2's include/qemu/qemu-plugin.h that we use (Debian's
   qemu-user ships no header; these declarations are API version 1's).  */
#define QEMU_PLUGIN_EXPORT __attribute__ ((visibility ("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct
{
  const char *target_name;
  struct
  {
    int min, cur;
  } version;
  bool system_emulation;
  union
  {
    struct
    {
      int smp_vcpus, max_vcpus;
    } system;
  };
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags
{
  QEMU_PLUGIN_CB_NO_REGS,
  QEMU_PLUGIN_CB_R_REGS,
  QEMU_PLUGIN_CB_RW_REGS
};
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t) (unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_trans_cb (qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb (struct qemu_plugin_insn *insn,
                                             qemu_plugin_vcpu_udata_cb_t cb,
                                             enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                     void *userdata);
size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn (const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data (const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size (const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr (const struct qemu_plugin_insn *insn);
char *qemu_plugin_insn_disas (const struct qemu_plugin_insn *insn);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

_Static_assert (sizeof (void *) == 8, "a record travels in a callback's userdata pointer");
_Static_assert (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "records are written in host order");

enum
{
  NONE = 0,
  CALL = 1,
  RET = 2
};
#define FLAG_SHIFT 56
#define ADDR_MASK 0xffffffffffffULL
#define BUF_RECORDS (1 << 16)

static const char *out_name;
static int out_fd = -1;
static uint64_t buf[BUF_RECORDS];
static size_t buf_n;
/* arm only: the record held back until the next one shows whether a
   conditional call or return was taken.  */
static bool hold_back;
static uint64_t held;
static bool have_held;

static void
flush (void)
{
  const char *p = (const char *) buf;
  size_t left = buf_n * sizeof buf[0];
  while (left > 0)
    {
      ssize_t w = write (out_fd, p, left);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          fprintf (stderr, "qtrace: cannot write %s: %s\n", out_name,
                   w < 0 ? strerror (errno) : "short write");
          _exit (1);
        }
      p += w;
      left -= (size_t) w;
    }
  buf_n = 0;
}

static void
put (uint64_t rec)
{
  buf[buf_n++] = rec;
  if (buf_n == BUF_RECORDS)
    flush ();
}

static void
exec_insn (unsigned int vcpu_index, void *userdata)
{
  put ((uint64_t) (uintptr_t) userdata);
}

/* arm: a record whose instruction set its block did not tell, an A32
   instruction or a 16-bit Thumb one with the halfword QEMU peeked at
   (arm_sizes); the next record decides.  Never written out.  */
#define MAYBE_PEEKED (1ULL << 63)

static void
exec_insn_held (unsigned int vcpu_index, void *userdata)
{
  uint64_t rec = (uint64_t) (uintptr_t) userdata;
  if (have_held)
    {
      if (held & MAYBE_PEEKED)
        {
          /* Thumb if the next instruction is 2 bytes on (the peeked one
             runs no call or return: it did not end its block).  */
          held &= ~MAYBE_PEEKED;
          if ((rec & ADDR_MASK) == (held & ADDR_MASK) + 2)
            held = (held & ADDR_MASK) | 2ULL << 48;
        }
      uint64_t fall_through = (held & ADDR_MASK) + ((held >> 48) & 0xff);
      if ((rec & ADDR_MASK) == fall_through)
        held &= ~(0xffULL << FLAG_SHIFT);
      put (held);
    }
  held = rec;
  have_held = true;
}

static void
at_exit (qemu_plugin_id_t id, void *userdata)
{
  if (have_held)
    put (held & ~MAYBE_PEEKED);
  have_held = false;
  flush ();
  if (close (out_fd) != 0)
    {
      fprintf (stderr, "qtrace: cannot write %s: %s\n", out_name, strerror (errno));
      _exit (1);
    }
}

/* ---- Calls and returns, per guest architecture.  */

static int
x86_kind (const uint8_t *p, size_t n)
{
  static const uint8_t prefixes[] = { 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65,
                                      0x66, 0x67, 0xf0, 0xf2, 0xf3 };
  size_t i = 0;
  while (i < n && (memchr (prefixes, p[i], sizeof prefixes) || (p[i] & 0xf0) == 0x40))
    i++;
  if (i >= n)
    return NONE;
  if (p[i] == 0xe8 || (p[i] == 0xff && i + 1 < n && ((p[i + 1] >> 3) & 7) == 2))
    return CALL;
  if (p[i] == 0xc3 || p[i] == 0xc2)
    return RET;
  return NONE;
}

static int
a64_kind (uint32_t w)
{
  if ((w & 0xfc000000) == 0x94000000           /* bl */
      || (w & 0xfffffc1f) == 0xd63f0000        /* blr */
      || (w & 0xfefff800) == 0xd63f0800)       /* blraa, blrab, blraaz, blrabz */
    return CALL;
  if ((w & 0xfffffc1f) == 0xd65f0000           /* ret */
      || (w & 0xfffffbff) == 0xd65f0bff)       /* retaa, retab */
    return RET;
  return NONE;
}

static bool
rv_link (unsigned r)
{
  return r == 1 || r == 5;
}

static int
rv_kind (const uint8_t *p, size_t n, bool rv32)
{
  if (n == 2)
    {
      unsigned h = p[0] | p[1] << 8;
      unsigned rs1 = (h >> 7) & 31, rs2 = (h >> 2) & 31;
      if (rv32 && (h & 0xe003) == 0x2001)      /* c.jal */
        return CALL;
      if ((h & 0xe003) == 0x8002 && rs1 != 0 && rs2 == 0)
        {
          if (h & 0x1000)                      /* c.jalr: rd = ra */
            return CALL;
          return rv_link (rs1) ? RET : NONE;   /* c.jr */
        }
      return NONE;
    }
  if (n != 4)
    return NONE;
  uint32_t w = (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
               | (uint32_t) p[3] << 24;
  unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
  if ((w & 0x7f) == 0x6f)                      /* jal */
    return rv_link (rd) ? CALL : NONE;
  if ((w & 0x707f) == 0x67)                    /* jalr */
    return rv_link (rd) ? CALL : rv_link (rs1) ? RET : NONE;
  return NONE;
}

static int
a32_kind (uint32_t w)
{
  unsigned cond = w >> 28;
  if (cond == 0xf)
    return (w & 0x0e000000) == 0x0a000000 ? CALL : NONE;  /* blx imm */
  if ((w & 0x0f000000) == 0x0b000000                       /* bl */
      || (w & 0x0ffffff0) == 0x012fff30)                   /* blx Rm */
    return CALL;
  if ((w & 0x0fffffff) == 0x012fff1e                       /* bx lr */
      || (w & 0x0fffffff) == 0x01a0f00e                    /* mov pc, lr */
      || (w & 0x0ffff000) == 0x049df000                    /* ldr pc, [sp], #N */
      || ((w & 0x0e5f0000) == 0x081d0000 && (w & 0x8000))) /* ldm sp{!}, {..., pc} */
    return RET;
  return NONE;
}

static int
t16_kind (unsigned h)
{
  if ((h & 0xff87) == 0x4780)                  /* blx Rm */
    return CALL;
  if (h == 0x4770 || h == 0x46f7 || (h & 0xff00) == 0xbd00)  /* bx lr, mov pc, lr, pop {..., pc} */
    return RET;
  return NONE;
}

static int
t32_kind (unsigned h1, unsigned h2)
{
  if ((h1 & 0xf800) == 0xf000 && (h2 & 0xc000) == 0xc000)   /* bl, blx imm */
    return CALL;
  if (((h1 == 0xe8bd || h1 == 0xe89d) && (h2 & 0x8000))     /* ldm.w sp{!}, {..., pc} */
      || (h1 == 0xf85d && (h2 & 0xff00) == 0xfb00))         /* ldr.w pc, [sp], #N */
    return RET;
  return NONE;
}

static bool
t32_prefix (unsigned h1)
{
  return (h1 >> 11) >= 0x1d;
}

/* The A32 and T32 readings of a 4-byte instruction in a block that does
   not tell its instruction set: QEMU's disassembly decides.  */
static int
arm_disagreement (const struct qemu_plugin_insn *insn, int a32, int t32)
{
  char *text = qemu_plugin_insn_disas (insn);
  if (!text)
    return NONE;
  const char *m = text + strspn (text, " \t");
  int kind = NONE;
  if (strncmp (m, "bl", 2) == 0)
    kind = CALL;
  else if ((strncmp (m, "bx", 2) == 0 && strstr (m, " lr"))
           || ((strncmp (m, "pop", 3) == 0 || strncmp (m, "ldm", 3) == 0) && strstr (m, "pc}"))
           || ((strncmp (m, "ldr", 3) == 0 || strncmp (m, "mov", 3) == 0) && strstr (m, " pc,")))
    kind = RET;
  free (text);
  return kind == a32 || kind == t32 ? kind : NONE;
}

/* The sizes of a block's instructions.  QEMU's Thumb translator, after
   an instruction that ends 2 bytes before the end of a page, reads the
   page's last halfword to see whether the next instruction crosses into
   the next page (QEMU 7.2, thumb_tr_translate_insn), and that read is
   appended to the instruction's bytes: qemu_plugin_insn_size says 4 for
   a 16-bit instruction, 6 for a 32-bit one.  Pages are 1 KiB (M-profile
   system mode) or larger.  Such an instruction followed by another in
   the block is as long as the distance to it.  The last one of its block
   (the next crosses the page): of 6 bytes, a 32-bit Thumb instruction;
   of 4, a 16-bit one and a T32 prefix, or an A32 instruction: MAYBE[I]
   says so, and if its block tells no instruction set (arm_block_thumb),
   the next record decides.  */
static void
arm_sizes (const struct qemu_plugin_tb *tb, size_t n, size_t *len, bool *maybe)
{
  for (size_t i = 0; i < n; i++)
    {
      const struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn (tb, i);
      const uint8_t *p = qemu_plugin_insn_data (insn);
      uint64_t a = qemu_plugin_insn_vaddr (insn);
      len[i] = qemu_plugin_insn_size (insn);
      maybe[i] = false;
      if ((len[i] != 4 && len[i] != 6) || ((a + len[i]) & 0x3ff) != 0)
        continue;
      if (i + 1 < n)
        {
          uint64_t next = qemu_plugin_insn_vaddr (qemu_plugin_tb_get_insn (tb, i + 1));
          if (next - a < len[i])
            len[i] = next - a;
        }
      else if (len[i] == 6)
        len[i] = 4;
      else
        maybe[i] = !t32_prefix (p[0] | p[1] << 8) && t32_prefix (p[2] | p[3] << 8);
    }
}

/* Thumb (1), A32 (0) or unknown (-1), from the sizes LEN and first
   halfwords of the block's instructions (not those MAYBE peeked).  */
static int
arm_block_thumb (const struct qemu_plugin_tb *tb, size_t n, const size_t *len, const bool *maybe)
{
  for (size_t i = 0; i < n; i++)
    {
      const uint8_t *p = qemu_plugin_insn_data (qemu_plugin_tb_get_insn (tb, i));
      if (len[i] == 2)
        return 1;
      if (!maybe[i] && !t32_prefix (p[0] | p[1] << 8))
        return 0;
    }
  return -1;
}

static int
arm_kind (const struct qemu_plugin_insn *insn, const uint8_t *p, size_t n, int thumb)
{
  unsigned h1 = p[0] | p[1] << 8;
  if (n == 2)
    return t16_kind (h1);
  unsigned h2 = p[2] | p[3] << 8;
  int a32 = a32_kind (h1 | (uint32_t) h2 << 16), t32 = t32_kind (h1, h2);
  if (thumb == 1)
    return t32;
  if (thumb == 0)
    return a32;
  return a32 == t32 ? a32 : arm_disagreement (insn, a32, t32);
}

enum target
{
  X86_64,
  AARCH64,
  RISCV64,
  RISCV32,
  ARM
};
static enum target target;

static void
tb_trans (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  size_t n = qemu_plugin_tb_n_insns (tb);
  size_t *lens = NULL;
  bool *maybe = NULL;
  int thumb = -1;
  if (target == ARM)
    {
      lens = malloc (n * sizeof *lens);
      maybe = malloc (n * sizeof *maybe);
      if (!lens || !maybe)
        {
          fprintf (stderr, "qtrace: out of memory\n");
          _exit (1);
        }
      arm_sizes (tb, n, lens, maybe);
      thumb = arm_block_thumb (tb, n, lens, maybe);
    }
  for (size_t i = 0; i < n; i++)
    {
      struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn (tb, i);
      const uint8_t *p = qemu_plugin_insn_data (insn);
      size_t len = lens ? lens[i] : qemu_plugin_insn_size (insn);
      uint64_t peeked = 0;
      int kind = NONE;
      switch (target)
        {
        case X86_64:
          kind = x86_kind (p, len);
          break;
        case AARCH64:
          kind = len == 4 ? a64_kind ((uint32_t) p[0] | (uint32_t) p[1] << 8
                                      | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24)
                          : NONE;
          break;
        case RISCV64:
        case RISCV32:
          kind = rv_kind (p, len, target == RISCV32);
          break;
        case ARM:
          if (maybe[i] && thumb == 1)
            len = 2;
          else if (maybe[i] && thumb == -1)
            {
              /* The A32 reading, unless the next record says Thumb.  */
              thumb = 0;
              peeked = MAYBE_PEEKED;
            }
          kind = len == 2 || len == 4 ? arm_kind (insn, p, len, thumb) : NONE;
          break;
        }
      uint64_t rec = (qemu_plugin_insn_vaddr (insn) & ADDR_MASK) | (uint64_t) (len & 0xff) << 48
                     | (uint64_t) kind << FLAG_SHIFT | peeked;
      qemu_plugin_register_vcpu_insn_exec_cb (insn, hold_back ? exec_insn_held : exec_insn,
                                              QEMU_PLUGIN_CB_NO_REGS, (void *) (uintptr_t) rec);
    }
  free (lens);
  free (maybe);
}

QEMU_PLUGIN_EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
  static const struct
  {
    const char *name;
    enum target target;
  } targets[] = { { "x86_64", X86_64 }, { "aarch64", AARCH64 }, { "riscv64", RISCV64 },
                  { "riscv32", RISCV32 }, { "arm", ARM } };
  size_t t = 0;
  while (t < sizeof targets / sizeof targets[0] && strcmp (info->target_name, targets[t].name))
    t++;
  if (t == sizeof targets / sizeof targets[0])
    {
      fprintf (stderr, "qtrace: guest architecture %s is not supported "
               "(x86_64, aarch64, riscv64, riscv32, arm)\n", info->target_name);
      return 1;
    }
  target = targets[t].target;
  hold_back = target == ARM;
  /* System mode too (qemu-system-*, firmware.py's bare-metal images):
     with one vCPU, and on cores without an MMU (Cortex-M, RISC-V in
     machine mode), so that the addresses are the ELF's.  */
  if (info->system_emulation && info->system.max_vcpus > 1)
    {
      fprintf (stderr, "qtrace: one vCPU only (qemu-system-%s -smp %d)\n", info->target_name,
               info->system.max_vcpus);
      return 1;
    }
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "out=") == 0)
        {
          fprintf (stderr, "qtrace: out= needs a file name\n");
          return 1;
        }
      if (strncmp (argv[i], "out=", 4) == 0)
        out_name = argv[i] + 4;
      else
        {
          fprintf (stderr, "qtrace: unknown argument '%s' (the only one is out=FILE)\n", argv[i]);
          return 1;
        }
    }
  if (!out_name)
    {
      fprintf (stderr, "qtrace: out=FILE is required\n");
      return 1;
    }
  out_fd = open (out_name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out_fd < 0)
    {
      fprintf (stderr, "qtrace: cannot open %s: %s\n", out_name, strerror (errno));
      return 1;
    }
  qemu_plugin_register_vcpu_tb_trans_cb (id, tb_trans);
  qemu_plugin_register_atexit_cb (id, at_exit, NULL);
  return 0;
}
