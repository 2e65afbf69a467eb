#!/bin/bash
# cachecat: qtrace ($B/qtrace.so, testsuite/validate/qtrace.c), the QEMU
# TCG plugin that writes cctrace's fetch traces under qemu-user.
#  a. x86-64: freestanding programs (testsuite/validate/programs, their
#     multi-unit ones, testsuite/valgrind, testsuite/validate/qtrace-calls.c)
#     at -O0, -O2 and -Os, and four of them with the code-generation flags
#     of validate.py's flag axis, each run under valgrind's cctrace and
#     under qemu-x86_64 with qtrace: the two traces must be the same
#     records, instruction by instruction (address, length, flag).
#  b. aarch64 (also with pointer authentication), riscv64, riscv32, arm
#     Thumb and A32, each whose compiler and qemu are installed:
#     qtrace-calls.c at -O0 and -O2 under qemu with qtrace; the trace must
#     agree with the program's objdump (every record an instruction of its
#     length, calls and returns as the mnemonics say, each call followed by
#     its callee, each return by its call's next instruction; on arm a
#     failed conditional call or return carries no flag), and hold every
#     hand-written form (blr, ret x5, jal t0, c.jr t0, ldr pc, [sp], #4 and #8,
#     an untaken bleq, ...).  Thumb also qtrace-edges.c: instructions at
#     the ends of pages, whose bytes QEMU gives the plugin with the
#     halfword it peeks at after them (qtrace corrects their length).
#  c. Bare-metal firmware under qemu-system (system mode: validate.py's
#     firmware targets, testsuite/validate/firmware.py): the C library
#     program fw_libc.c as a Cortex-M4 (mps2-an386), Cortex-M7
#     (mps2-an500) and RV32IMAC (sifive_e) image with newlib or picolibc
#     and libgcc, from reset (after sifive_e's boot ROM) to the
#     semihosting exit: every record, the C library's and libgcc's too,
#     against the image's objdump as in b; and qtrace-edges.c as a
#     Cortex-M4 image (1 KiB pages in system mode).
#  d. The checks can fail: a flag flipped in a trace, or a length changed,
#     must be caught; and qtrace stops with a clear error on an unknown
#     argument or a file it cannot write.
# One result per run; a target whose tools are missing is skipped, with a
# line saying so.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
B=${B:-build}
QTRACE=$PWD/$B/qtrace.so
export VALGRIND_LIB=$PWD/$B/vglib
CHECK=(python3 testsuite/tools/qtrace_check.py)
CALLS=testsuite/validate/qtrace-calls.c
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0 runs=0 records=0

pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
skip() { echo "check-qemu-trace: skipped $*"; }

# have_tools NAME TOOL...: whether every TOOL is installed; if one is
# not, NAME is skipped with a line that names it.
have_tools() {
  local name=$1 tool
  shift
  for tool; do
    if ! command -v "$tool" >/dev/null; then
      skip "$name (no $tool)"
      return 1
    fi
  done
}

if [ ! -f "$QTRACE" ]; then
  fail "$QTRACE missing (make check builds it)"
  echo "$passed passed, $failed failed"
  exit 1
fi

# ---- a. x86-64: qtrace against cctrace.

FS=(-g -static -nostdlib -ffreestanding -fno-pie -no-pie -fno-stack-protector
    -fcf-protection=none -fno-asynchronous-unwind-tables)

# crosscheck TAG CFLAGS... -- SOURCES...: build, trace twice, compare.
crosscheck() {
  local tag=$1 flags=() out
  shift
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  if ! $CC "${FS[@]}" "${flags[@]}" "$@" -o "$dir/x" >"$dir/cc.log" 2>&1; then
    fail "$tag: compile"; sed 's/^/    /' "$dir/cc.log" | head -10; return
  fi
  if ! qemu-x86_64 -plugin "$QTRACE,out=$dir/q.bin" "$dir/x" >/dev/null 2>"$dir/q.log"; then
    fail "$tag: qemu-x86_64"; tail -5 "$dir/q.log"; return
  fi
  if ! valgrind -q --tool=cctrace --vex-guest-chase=no --out="$dir/v.bin" "$dir/x" \
      >/dev/null 2>"$dir/v.log"; then
    fail "$tag: valgrind"; tail -5 "$dir/v.log"; return
  fi
  if out=$("${CHECK[@]}" compare "$dir/q.bin" "$dir/v.bin"); then
    pass "$tag: $out"
    runs=$((runs + 1))
    records=$((records + $(stat -c %s "$dir/q.bin") / 8))
  else
    fail "$tag"; echo "$out" | sed 's/^/    /'
  fi
}

if ! command -v qemu-x86_64 >/dev/null; then
  skip "x86-64 (no qemu-x86_64)"
elif [ ! -x "$VALGRIND_LIB/cctrace-amd64-linux" ] || ! command -v valgrind >/dev/null; then
  fail "x86-64: no valgrind or no $VALGRIND_LIB/cctrace-amd64-linux (make check builds it)"
else
  for src in testsuite/validate/programs/fs_*.c testsuite/validate/programs/mu_* \
      testsuite/valgrind/*.c "$CALLS"; do
    name=$(basename "$src" .c)
    units=("$src")
    [ -d "$src" ] && units=("$src"/*.c)
    for opt in -O0 -O2 -Os; do
      crosscheck "x86-64 $name $opt" "$opt" -- "${units[@]}"
    done
  done
  # validate.py's flag axis, on the programs with indirect branches, tail
  # calls and jump tables, and on qtrace-calls.c.
  for src in testsuite/validate/programs/fs_tail_calls.c testsuite/validate/programs/fs_switch_tables.c \
      testsuite/validate/programs/fs_indirect_mix.c "$CALLS"; do
    name=$(basename "$src" .c)
    for set in "-mharden-sls=all" "-mindirect-branch=thunk-inline -mfunction-return=thunk-inline" \
        "-mindirect-branch=thunk -mfunction-return=thunk" "-fcf-protection" \
        "-fpatchable-function-entry=16,0" "-fPIC -fno-plt -static" "-falign-functions=64"; do
      # shellcheck disable=SC2086
      crosscheck "x86-64 $name -O2 $set" -O2 $set -- "$src"
    done
  done
  echo "x86-64: $runs programs, $records instructions compared"
fi

# ---- b. Other targets: qtrace against the disassembly.

# crosstarget NAME GCC QEMU OBJDUMP ARCH FLAGS REQUIRED
crosstarget() {
  local name=$1 gcc=$2 qemu=$3 objdump=$4 arch=$5 flags=$6 require=$7 opt exe out dflags=()
  have_tools "$name" "$gcc" "$qemu" "$objdump" || return
  [ "$arch" = riscv ] && dflags=(-M no-aliases)
  for opt in -O0 -O2; do
    exe=$dir/$name$opt
    # shellcheck disable=SC2086
    if ! "$gcc" $opt -g -static -nostdlib -ffreestanding -fno-pie -no-pie -fno-stack-protector \
        -fno-asynchronous-unwind-tables $flags "$CALLS" -o "$exe" >"$exe.log" 2>&1; then
      fail "$name $opt: compile"; sed 's/^/    /' "$exe.log" | head -10; continue
    fi
    if ! "$qemu" -plugin "$QTRACE,out=$exe.trace" "$exe" >/dev/null 2>"$exe.log"; then
      fail "$name $opt: $qemu"; tail -5 "$exe.log"; continue
    fi
    "$objdump" -d -z -w "${dflags[@]}" "$exe" >"$exe.dis"
    if out=$("${CHECK[@]}" disasm "$arch" "$exe.dis" "$exe.trace" --require "$require"); then
      pass "$name $opt: $out"
    else
      fail "$name $opt"; echo "$out" | sed 's/^/    /'
    fi
  done
}

A64="call:bl;call:blr x16;ret:ret;ret:ret x5"
RV="call:jal t0;call:c.jalr a5;call:jalr ra,0(a5);ret:c.jr ra;ret:c.jr t0;ret:jalr zero,0(ra)"
ARM="call:bl;call:blx;call:blx r3;call:blne;untaken-call:bleq;ret:bx lr;ret:bxne lr;untaken-ret:bxne lr;ret:pop {r4, pc}"
crosstarget aarch64 aarch64-linux-gnu-gcc-12 qemu-aarch64 aarch64-linux-gnu-objdump aarch64 "" "$A64"
crosstarget aarch64-pac aarch64-linux-gnu-gcc-12 qemu-aarch64 aarch64-linux-gnu-objdump aarch64 \
  "-march=armv8.3-a -mbranch-protection=pac-ret" "$A64;call:blraaz x16;ret:retaa"
crosstarget riscv64 riscv64-linux-gnu-gcc-12 qemu-riscv64 riscv64-linux-gnu-objdump riscv "" \
  "$RV;call:jal ra"
crosstarget riscv32 riscv64-linux-gnu-gcc-12 qemu-riscv32 riscv64-linux-gnu-objdump riscv \
  "-march=rv32imc -mabi=ilp32" "$RV;call:c.jal"
crosstarget thumb arm-linux-gnueabihf-gcc-12 qemu-arm arm-linux-gnueabihf-objdump arm -mthumb \
  "$ARM;ret:ldr.w pc, [sp], #4;ret:ldr.w pc, [sp], #8;ret:ldmia.w sp!, {r4, pc}"
crosstarget arm arm-linux-gnueabihf-gcc-12 qemu-arm arm-linux-gnueabihf-objdump arm -marm \
  "$ARM;ret:pop {pc};ret:ldr pc, [sp], #8;ret:mov pc, lr"
CALLS=testsuite/validate/qtrace-edges.c crosstarget thumb-edges arm-linux-gnueabihf-gcc-12 \
  qemu-arm arm-linux-gnueabihf-objdump arm -mthumb "ret:bx lr"

# ---- c. Firmware images under qemu-system: qtrace against the disassembly.

# firmware NAME GCC QEMU MACHINE OBJDUMP ARCH FLAGS STARTUP LDSCRIPT ENTRY REQUIRED [SOURCE]
firmware() {
  local name=$1 gcc=$2 qemu=$3 machine=$4 objdump=$5 arch=$6 flags=$7 startup=$8 ld=$9
  local entry=${10} require=${11} fw=testsuite/validate/firmware
  local src=${12:-$fw/fw_libc.c} exe out dflags=()
  have_tools "$name" "$gcc" "$qemu" "$objdump" || return
  [ "$arch" = riscv ] && dflags=(-M no-aliases)
  exe=$dir/$name
  # shellcheck disable=SC2086
  if ! "$gcc" -O2 -g $flags -DSEMIHOSTING_EXIT -nostartfiles -T "$fw/$ld" "$fw/$startup" \
      "$src" -o "$exe" >"$exe.log" 2>&1; then
    fail "$name: compile"; sed 's/^/    /' "$exe.log" | head -10; return
  fi
  if ! timeout 60 "$qemu" -M "$machine" -nographic -monitor none -serial null \
      -semihosting-config enable=on,target=native -kernel "$exe" \
      -plugin "$QTRACE,out=$exe.trace" </dev/null >/dev/null 2>"$exe.log"; then
    fail "$name: $qemu -M $machine"; tail -5 "$exe.log"; return
  fi
  "$objdump" -d -z -w "${dflags[@]}" "$exe" >"$exe.dis"
  if out=$("${CHECK[@]}" disasm "$arch" "$exe.dis" "$exe.trace" --require "$require" \
      --firmware "$entry"); then
    pass "$name: $out"
  else
    fail "$name"; echo "$out" | sed 's/^/    /'
  fi
}

NANO="--specs=nano.specs --specs=nosys.specs"
firmware fw-cortex-m4 arm-none-eabi-gcc qemu-system-arm mps2-an386 arm-none-eabi-objdump arm \
  "-mthumb -mcpu=cortex-m4 $NANO" startup-arm.c mps2.ld Reset_Handler "call:bl;ret:bx lr"
firmware fw-cortex-m4-edges arm-none-eabi-gcc qemu-system-arm mps2-an386 arm-none-eabi-objdump \
  arm "-mthumb -mcpu=cortex-m4 $NANO" startup-arm.c mps2.ld Reset_Handler "ret:bx lr" \
  testsuite/validate/qtrace-edges.c
firmware fw-cortex-m7 arm-none-eabi-gcc qemu-system-arm mps2-an500 arm-none-eabi-objdump arm \
  "-mthumb -mcpu=cortex-m7 $NANO" startup-arm.c mps2.ld Reset_Handler "call:bl;ret:bx lr"
firmware fw-rv32imac riscv64-unknown-elf-gcc qemu-system-riscv32 sifive_e \
  riscv64-unknown-elf-objdump riscv "-march=rv32imac -mabi=ilp32 -mno-relax --specs=picolibc.specs" \
  startup-riscv.c sifive-e.ld _boot "ret:c.jr ra"

# ---- d. The checks can fail.

# mutate IN OUT WHICH: a copy of trace IN with one record changed: WHICH is
# "call" (the first call loses its flag), "ret" (the first return loses
# its flag) or "length" (the first record is a byte longer).
mutate() {
  python3 - "$@" <<'PY'
import array, sys
a = array.array("Q")
a.frombytes(open(sys.argv[1], "rb").read())
which = sys.argv[3]
if which == "length":
    a[0] += 1 << 48
else:
    flag = {"call": 1, "ret": 2}[which]
    i = next(k for k, r in enumerate(a) if r >> 56 == flag)
    a[i] &= (1 << 56) - 1
open(sys.argv[2], "wb").write(a.tobytes())
PY
}

# caught TAG CMD...: CMD must fail.
caught() {
  local tag=$1 out
  shift
  if out=$("$@" 2>&1); then
    fail "$tag: not caught"
  else
    pass "$tag: caught: $(grep -m1 -E 'VIOLATION|\*' <<<"$out" | sed 's/^ *//')"
  fi
}

if [ -f "$dir/q.bin" ] && [ -f "$dir/v.bin" ]; then
  mutate "$dir/q.bin" "$dir/flip.bin" call
  caught "self-test: x86-64, a call without its flag against cctrace" \
    "${CHECK[@]}" compare "$dir/flip.bin" "$dir/v.bin"
fi
for t in thumb-O2 riscv64-O2; do
  [ -f "$dir/$t.trace" ] || continue
  arch=arm; [ "$t" = riscv64-O2 ] && arch=riscv
  for which in call ret length; do
    mutate "$dir/$t.trace" "$dir/mut.trace" $which
    caught "self-test: $t, $which changed, against objdump" \
      "${CHECK[@]}" disasm $arch "$dir/$t.dis" "$dir/mut.trace"
  done
done
# A firmware trace: a dropped call flag, and the trace cut before the
# semihosting exit.
if [ -f "$dir/fw-cortex-m4.trace" ]; then
  mutate "$dir/fw-cortex-m4.trace" "$dir/mut.trace" call
  caught "self-test: fw-cortex-m4, call changed, against objdump" \
    "${CHECK[@]}" disasm arm "$dir/fw-cortex-m4.dis" "$dir/mut.trace" --firmware Reset_Handler
  head -c -8 "$dir/fw-cortex-m4.trace" >"$dir/mut.trace"
  caught "self-test: fw-cortex-m4, the last record dropped" \
    "${CHECK[@]}" disasm arm "$dir/fw-cortex-m4.dis" "$dir/mut.trace" --firmware Reset_Handler
fi
# A form the trace does not hold.
if [ -f "$dir/aarch64-O2.trace" ]; then
  caught "self-test: aarch64-O2 (no pointer authentication), retaa required" \
    "${CHECK[@]}" disasm aarch64 "$dir/aarch64-O2.dis" "$dir/aarch64-O2.trace" --require "ret:retaa"
fi

# Clear errors: an unknown argument, a file that cannot be written.
if [ -f "$dir/x" ]; then
  for bad in "bogus=1:unknown argument 'bogus=1'" "out=$dir/no/such/dir:cannot open $dir/no/such/dir"; do
    arg=${bad%%:*} want=${bad#*:}
    if qemu-x86_64 -plugin "$QTRACE,$arg" "$dir/x" >/dev/null 2>"$dir/err.log"; then
      fail "qtrace,$arg: qemu ran"
    elif grep -q "^qtrace: $want" "$dir/err.log"; then
      pass "qtrace,$arg: $(head -1 "$dir/err.log")"
    else
      fail "qtrace,$arg: no \"qtrace: $want\""; sed 's/^/    /' "$dir/err.log"
    fi
  done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
