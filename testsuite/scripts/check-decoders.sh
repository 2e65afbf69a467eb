#!/usr/bin/env bash
# check-decoders.sh: objdump's decoder (libopcodes) and each target's flow
# of what it reads, against the hand-written decoders and against
# instructions whose flow is known.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/check-decoders.sh
# Environment: CC (the host's GCC, default gcc), B (build dir, default
#   build; make check builds $B/tools/ccdecode and $B/tools/ccflow).
#
# cachecat-link models the code no unit's record describes (the C
# library, libgcc, start-up code) from what libopcodes reads
# (plugin/binary/decoder.c) and each target's cc_isa_decoded_flow of it
# (plugin/isa/<t>/<t>_decoded.c).  For every installed compiler of a
# target, one test each:
#   - decoders TARGET: a real program linked statically with its C library
#     (glibc; newlib nano for arm-none-eabi; RV32 has no C library here,
#     so libgcc's soft float) through ccdecode: every function symbol's
#     code decoded linearly, libopcodes' length against cc_isa_length and
#     the flow against cc_isa_branch, instruction by instruction.  Fails on
#     any disagreement (a wrong length, a branch the flow says runs on, a
#     direct branch of another kind or target), or when an instruction set
#     the programs hold is compared fewer than 1000 times;
#   - flows TARGET: testsuite/flows/<t>.S, every branch form and ordinary
#     instructions labelled with their flow, assembled, linked and read
#     by ccflow.  Fails on any flow or target not the label's.
# A compiler that is not installed is skipped with a line that says so.
# The last line is "N passed, N failed, N skipped".

set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
B=${B:-build}
DECODE=$B/tools/ccdecode
FLOW=$B/tools/ccflow
P=testsuite/validate/programs
MIN=1000

pass=0 fail=0 skip=0
work=$(mktemp -d "${TMPDIR:-/tmp}/check-decoders.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

for t in "$DECODE" "$FLOW"; do
  if [ ! -x "$t" ]; then
    echo "FAIL: $t is not built (make check builds it)"
    echo "0 passed, 1 failed"
    exit 1
  fi
done

# have COMPILER NAME: is COMPILER installed?  Else a SKIP line for NAME.
have() {
  if command -v "$1" >/dev/null 2>&1; then
    return 0
  fi
  echo "SKIP: $2: $1 is not installed"
  skip=$((skip + 1))
  return 1
}

# build NAME OUT COMMAND...: COMMAND -o OUT, or a FAIL line for NAME.
build() {
  local name=$1 out=$2
  shift 2
  if "$@" -o "$out" >"$work/build.log" 2>&1; then
    return 0
  fi
  echo "FAIL: $name: cannot build: $*"
  sed 's/^/    /' "$work/build.log" | head -n 15
  fail=$((fail + 1))
  return 1
}

# decoders NAME ISAS FILE...: ccdecode over the programs FILE...; each
# instruction set of ISAS must be compared at least $MIN times.
decoders() {
  local name=$1 isas=$2 out rc isa n total=0 wrong counts=() problems=()
  shift 2
  out=$("$DECODE" "$@" 2>&1)
  rc=$?
  for isa in $isas; do
    n=$(sed -n "s/^$isa: \([0-9]*\) compared.*/\1/p" <<<"$out")
    counts+=("$isa ${n:-0}")
    total=$((total + ${n:-0}))
    if [ -z "$n" ] || [ "$n" -lt "$MIN" ]; then
      problems+=("$isa: ${n:-0} instructions compared, fewer than $MIN")
    fi
  done
  wrong=$(awk '/^[a-z0-9-]+: [0-9]+ compared/ { s += $(NF - 4) } END { print s + 0 }' <<<"$out")
  [ "$rc" -ne 0 ] && problems+=("${wrong:-?} wrong, ccdecode exit status $rc")
  if [ ${#problems[@]} -eq 0 ]; then
    echo "PASS: decoders $name: $total instructions compared ($(IFS=,; echo "${counts[*]}" \
      | sed 's/,/, /g')), 0 wrong"
    pass=$((pass + 1))
  else
    echo "FAIL: decoders $name: $(IFS=';'; echo "${problems[*]}" | sed 's/;/; /g')"
    fail=$((fail + 1))
  fi
  sed 's/^/    /' <<<"$out" | head -n 60
}

# flows NAME COMPILER FLAGS...: testsuite/flows/<file> (the last of
# FLAGS) assembled, linked with no library and read by ccflow.
flows() {
  local name=$1 out rc
  shift
  build "flows $name" "$work/flows-$name" "$@" -nostdlib -static || return
  out=$("$FLOW" "$work/flows-$name" 2>&1)
  rc=$?
  if [ "$rc" -eq 0 ]; then
    echo "PASS: flows $name: $(tail -n 1 <<<"$out" | sed 's/^ccflow: //')"
    pass=$((pass + 1))
  else
    echo "FAIL: flows $name (exit status $rc)"
    fail=$((fail + 1))
  fi
  grep -v '^ccflow:' <<<"$out" | sed 's/^/    /' | head -n 40
}

hosted=$P/h_string_stats.c
other=$P/h_callbacks.c

# x86-64: glibc's hand-written AVX2 and AVX-512 string functions.
if [ "$($CC -dumpmachine 2>/dev/null | cut -d- -f1)" = x86_64 ]; then
  build "decoders x86-64" "$work/x86" "$CC" -O2 -static -w "$hosted" \
    && decoders x86-64 "x86-64" "$work/x86"
  flows x86-64 "$CC" -no-pie testsuite/flows/x86_64.S
else
  echo "SKIP: x86-64: $CC is not an x86-64 compiler"
  skip=$((skip + 1))
fi

# AArch64: glibc's NEON and SVE-free string functions.
if have aarch64-linux-gnu-gcc-12 aarch64; then
  build "decoders aarch64" "$work/a64" aarch64-linux-gnu-gcc-12 -O2 -static -w "$hosted" \
    && decoders aarch64 "a64" "$work/a64"
  flows aarch64 aarch64-linux-gnu-gcc-12 testsuite/flows/aarch64.S
fi

# ARM for Linux: glibc is Thumb-2 (IT blocks); a program in A32 beside it.
if have arm-linux-gnueabihf-gcc-12 arm-linux-gnueabihf; then
  build "decoders arm-linux-gnueabihf" "$work/armt" arm-linux-gnueabihf-gcc-12 -O2 -static \
    -mthumb -w "$hosted" \
    && build "decoders arm-linux-gnueabihf" "$work/arma" arm-linux-gnueabihf-gcc-12 -O2 \
      -static -marm -w "$other" \
    && decoders arm-linux-gnueabihf "thumb a32" "$work/armt" "$work/arma"
  flows arm-linux-gnueabihf arm-linux-gnueabihf-gcc-12 testsuite/flows/arm.S
fi

# Bare-metal ARM: newlib nano for Cortex-M4 (Thumb) and for ARMv5TE (A32).
if have arm-none-eabi-gcc arm-none-eabi; then
  nano=(--specs=nano.specs --specs=nosys.specs)
  build "decoders arm-none-eabi" "$work/m4" arm-none-eabi-gcc -O2 -mthumb -mcpu=cortex-m4 \
    "${nano[@]}" -w "$hosted" \
    && build "decoders arm-none-eabi" "$work/v5" arm-none-eabi-gcc -O2 -marm \
      -march=armv5te+fp -mfloat-abi=softfp "${nano[@]}" -w "$hosted" \
    && decoders arm-none-eabi "thumb a32" "$work/m4" "$work/v5"
  flows arm-none-eabi arm-none-eabi-gcc testsuite/flows/arm.S
fi

# RISC-V: glibc is RV64GC (compressed instructions); the flows as RV64GC
# and as RV32IMAC (c.jal).
if have riscv64-linux-gnu-gcc-12 riscv64; then
  build "decoders riscv64" "$work/rv64" riscv64-linux-gnu-gcc-12 -O2 -static -w "$hosted" \
    && decoders riscv64 "rv64" "$work/rv64"
  flows riscv64 riscv64-linux-gnu-gcc-12 testsuite/flows/riscv.S
  flows rv32 riscv64-linux-gnu-gcc-12 -march=rv32imac -mabi=ilp32 testsuite/flows/riscv.S
fi

# RV32: no C library here, but the bare-metal compiler's RV32 libgcc: the
# corpus's floating point freestanding, with libgcc's soft float (its
# abort is a trap; validate's freestanding memset and memcpy).
if have riscv64-unknown-elf-gcc rv32; then
  mkdir -p "$work/inc"
  echo '#define abort() __builtin_trap ()' >"$work/inc/stdlib.h"
  build "decoders rv32" "$work/rv32" riscv64-unknown-elf-gcc -O2 -march=rv32imac -mabi=ilp32 \
    -ffreestanding -nostdlib -fno-tree-loop-distribute-patterns -I"$work/inc" -w \
    -Wl,-e,main -Wl,--no-warn-rwx-segments testsuite/corpus/float_simd.c \
    testsuite/validate/freestanding-rt.c -lgcc \
    && decoders rv32 "rv32" "$work/rv32"
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
