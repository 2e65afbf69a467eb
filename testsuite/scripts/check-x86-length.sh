#!/usr/bin/env bash
# check-x86-length.sh: the x86-64 length decoder against objdump.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/check-x86-length.sh [ELF-FILE...]
# Environment: CC (default gcc), B (build dir, default build), OBJDUMP
#   (default: objdump).
#
# The plugin reads instruction boundaries from the measuring assembly's
# bytes (plugin/layout/x86/x86_decode.c) with its own length decoder
# (plugin/isa/x86/x86_length.c).  Here the decoder meets whole programs and
# libraries, GCC's own cc1 (five million instructions GCC compiled),
# libc and libm (hand-written AVX2 and AVX-512 routines), libstdc++ and
# Valgrind's memcheck: for every instruction objdump decodes, the decoder
# must give objdump's length or decline (then the plugin measures with
# labels, which is safe).  The same run checks the flow classifier
# (plugin/isa/x86/x86_flow.c, which lets cachecat-link analyse an asm
# statement as code): no instruction objdump names a jump, call, return,
# trap, halt or system call may be one that runs on.  One file is one
# test; it FAILs on any wrong length or flow, or when more than one
# instruction in a thousand is declined (the decoding would then rarely
# be used).  Files that are not on this
# machine are skipped.  The last line is "N passed, N failed".

set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
B=${B:-build}
OBJDUMP=${OBJDUMP:-objdump}
tool=$B/tools/x86len

if [ $# -gt 0 ]; then
  files=("$@")
else
  libdir=$(dirname "$($CC -print-file-name=libc.so.6)")
  [ "$libdir" = . ] && libdir=/usr/lib/x86_64-linux-gnu
  files=("$($CC -print-prog-name=cc1)" "$libdir/libc.so.6" "$libdir/libm.so.6"
         "$libdir/libstdc++.so.6" /usr/libexec/valgrind/memcheck-amd64-linux)
fi

pass=0 fail=0
for f in "${files[@]}"; do
  if [ ! -f "$f" ]; then
    echo "SKIP: $f (not on this machine)"
    continue
  fi
  # objdump's instructions as "address length"; undecodable bytes and
  # data it shows as .byte are no instructions.
  out=$("$OBJDUMP" -d -w "$f" | awk -F'\t' '
    $1 ~ /^ *[0-9a-f]+:$/ && NF >= 3 && $3 !~ /\(bad\)|^\.byte|^\.word/ {
      a = $1; gsub(/[ :]/, "", a); print a, split($2, b, " "), $3 }' | "$tool" "$f")
  rc=$?
  echo "$out" | sed -n '1,20p'
  summary=$(echo "$out" | grep ' agree, ' | tail -n 1)
  agree=$(echo "$summary" | sed -n 's/.*: \([0-9]*\) agree.*/\1/p')
  declined=$(echo "$summary" | sed -n 's/.* \([0-9]*\) declined.*/\1/p')
  if [ "$rc" -ne 0 ] || [ -z "$agree" ] || [ "$agree" -eq 0 ]; then
    echo "FAIL: $f"
    fail=$((fail + 1))
  elif [ $((declined * 1000)) -gt "$agree" ]; then
    echo "FAIL: $f: $declined of $agree instructions declined"
    fail=$((fail + 1))
  else
    echo "PASS: $f"
    pass=$((pass + 1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
