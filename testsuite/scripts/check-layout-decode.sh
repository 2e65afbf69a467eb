#!/usr/bin/env bash
# check-layout-decode.sh: the layout decoded from the bytes is the layout
# the assembler's labels give.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/check-layout-decode.sh [CORPUS-FILE...]
# Environment: CC (default gcc), B (build dir, default build), PLUGIN
#   (default $PWD/cachecat.so).
#
# On x86-64 the plugin measures without one label per instruction and
# places them by decoding the object (plugin/layout_decode.c); it falls
# back to labels when it cannot follow the text or the bytes.
# CACHECAT_LAYOUT=labels makes it always use labels, CACHECAT_LAYOUT=decode
# makes a failed decoding an error (reported as the layout's problem)
# instead of a fallback.  Every corpus file is compiled with -S at each
# flag set below, with labels and with decode; one (file, flags) pair is
# one test and PASSes when the .s, the report and the diagnostics are
# byte-identical.  A file may say, in a comment,
#   cachecat-layout-labels[FLAGS-ERE]: WHY
# when its code at those flags cannot be decoded (TLS sequences with data
# in code, say); then the test compares the default (the fallback) with
# labels instead.  The last line is "N passed, N failed".

set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}

FLAG_SETS=(
  "-O0"
  "-O2"
  "-Os"
  "-O3 -funroll-loops"
  "-O2 -g -gno-record-gcc-switches"
  "-O2 -fPIC -ffunction-sections"
  "-O3 -march=skylake-avx512"
)

if [ $# -gt 0 ]; then files=("$@"); else files=(testsuite/corpus/*.c); fi
work=$PWD/$B/check-layout-decode
rm -rf "$work" && mkdir -p "$work"

pass=0 fail=0
for f in "${files[@]}"; do
  base=$(basename "$f" .c)
  for flags in "${FLAG_SETS[@]}"; do
    mode=decode
    ere=$(sed -n 's/.*cachecat-layout-labels\[\([^]]*\)\].*/\1/p' "$f" | head -n 1)
    if [ -n "$ere" ] && echo "$flags" | grep -Eq -- "$ere"; then
      mode=default
    fi
    for m in labels "$mode"; do
      out=$work/$base.$m
      if [ "$m" = default ]; then env=(env -u CACHECAT_LAYOUT); else env=(env CACHECAT_LAYOUT=$m); fi
      # The report's name is the same both ways: it is compared.
      (cd "$work" && "${env[@]}" "$CC" $flags -w -S "$OLDPWD/$f" -o "$out.s" \
         -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=report.json > "$out.err" 2>&1)
      mv "$work/report.json" "$out.json" 2>/dev/null
    done
    if cmp -s "$work/$base.labels.s" "$work/$base.$mode.s" \
       && cmp -s "$work/$base.labels.json" "$work/$base.$mode.json" \
       && cmp -s "$work/$base.labels.err" "$work/$base.$mode.err" \
       && [ -s "$work/$base.labels.s" ]; then
      echo "PASS: $f $flags ($mode)"
      pass=$((pass + 1))
    else
      echo "FAIL: $f $flags ($mode)"
      diff "$work/$base.labels.json" "$work/$base.$mode.json" | grep -o '"problem": "[^"]*"' | head -n 2
      diff "$work/$base.labels.s" "$work/$base.$mode.s" | head -n 6
      fail=$((fail + 1))
    fi
  done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
