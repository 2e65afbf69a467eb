#!/usr/bin/env bash
# check-x86-encode.sh: the x86-64 statement length encoder against gas.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/check-x86-encode.sh
# Environment: CC (default gcc), B (build dir, default build), AS (default
#   as).
#
# The plugin computes the layout of x86-64 code from the text
# (plugin/layout/x86/x86_layout.c), with the length of each statement from its
# own encoder (plugin/layout/x86/x86_encode.c).  Here every length the encoder gives
# is compared with the one gas gives the same statement
# (testsuite/scripts/x86_encode_compare.py).  Test 1: the synthetic edge
# cases of x86_encode_cases.py (immediates and displacements where gas
# switches forms, every base and index register, REX-only byte registers,
# the SSE forms with general registers, x87, the VEX forms of SSE and the
# VEX-only AVX, AVX2, FMA and BMI instructions with extended registers in
# every place, which decide between gas's two VEX prefixes; where gas
# quietly takes EVEX instead, as for a shift of memory by an imm8, the
# encoder must decline).  Then one test per flag set: every
# instruction GCC writes for the corpus at those flags.  A test FAILs on
# any wrong length, and the corpus tests also when more than one statement
# in fifty is declined (the computing would then rarely be used).
# The last line is "N passed, N failed".

set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
B=${B:-build}
AS=${AS:-as}
tool=$B/tools/x86enc
work=$PWD/$B/check-x86-encode
rm -rf "$work" && mkdir -p "$work"

FLAG_SETS=(
  "-O0"
  "-O1"
  "-O2"
  "-O3 -funroll-loops"
  "-Os"
  "-O2 -fPIC"
  "-O2 -march=x86-64-v2 -ffast-math"
  "-O2 -fno-pie -mcmodel=large"
  "-O3 -march=x86-64-v3"
  "-O2 -mharden-sls=all -fstack-protector-all -mindirect-branch=thunk-inline -mfunction-return=thunk-inline"
  "-O2 -fPIC -fno-plt -fcf-protection -fpatchable-function-entry=4,0"
)

pass=0 fail=0
# check NAME STATEMENTS-FILE MAX-DECLINED-PERMILLE
check () {
  local out compared declined
  out=$(python3 testsuite/scripts/x86_encode_compare.py "$tool" "$AS" < "$2")
  local rc=$?
  echo "$out" | sed -n '1,20p'
  compared=$(echo "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) compared.*/\1/p')
  declined=$(echo "$out" | tail -n 1 | sed -n 's/.* \([0-9]*\) declined.*/\1/p')
  if [ "$rc" -ne 0 ] || [ -z "$compared" ] || [ "$compared" -eq 0 ]; then
    echo "FAIL: $1"
    fail=$((fail + 1))
  elif [ "$3" -gt 0 ] && [ $((declined * 1000)) -gt $(($3 * (compared + declined))) ]; then
    echo "FAIL: $1: $declined of $((compared + declined)) statements declined"
    fail=$((fail + 1))
  else
    echo "PASS: $1"
    pass=$((pass + 1))
  fi
}

python3 testsuite/scripts/x86_encode_cases.py synthetic > "$work/synthetic.txt"
check "synthetic edge cases" "$work/synthetic.txt" 0

i=0
for flags in "${FLAG_SETS[@]}"; do
  i=$((i + 1))
  mkdir -p "$work/$i"
  for f in testsuite/corpus/*.c; do
    "$CC" $flags -w -S "$f" -o "$work/$i/$(basename "$f" .c).s" 2>/dev/null
  done
  python3 testsuite/scripts/x86_encode_cases.py "$work/$i"/*.s > "$work/$i.txt"
  # What is declined: AVX2 functions (multiversion.c).
  check "corpus $flags" "$work/$i.txt" 20
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
