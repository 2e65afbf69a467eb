#!/usr/bin/env bash
# check-layout-decode.sh: the layouts decoded from the bytes and computed
# from the text are the layout the assembler's labels give.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/check-layout-decode.sh [CORPUS-FILE...]
# Environment: CC (default gcc), B (build dir, default build), PLUGIN
#   (default $PWD/cachecat.so); for another target (check-targets.sh):
#   FLAG_SETS_OVERRIDE (';'-separated flag sets instead of the list
#   below), WAYS (default "decode compute") and TAG (the file comments'
#   name for the target, "aarch64": cachecat-layout-aarch64-nocompute).
#
# On x86-64 the plugin computes the layout from the text without an
# assembler (plugin/layout/x86/x86_layout.c); when it cannot, it measures without
# one label per instruction and places them by decoding the object
# (plugin/layout/x86/x86_decode.c); when it cannot do that either, it falls back to
# labels.  CACHECAT_LAYOUT=labels makes it always use labels;
# CACHECAT_LAYOUT=decode skips the computing and makes a failed decoding
# an error (reported as the layout's problem) instead of a fallback;
# CACHECAT_LAYOUT=compute makes a failed computing such an error.  Every
# corpus file is compiled with -S at each flag set below, with labels,
# with decode and with compute; one (file, flags, way) is one test and
# PASSes when the .s, the report and the diagnostics are byte-identical
# to those with labels.  A file may say, in a comment,
#   cachecat-layout-labels[FLAGS-ERE]: WHY
# when its code at those flags cannot be decoded (TLS sequences with data
# in code, say), or
#   cachecat-layout-nocompute[FLAGS-ERE]: WHY
# when it cannot be computed (x87, inline asm); then that test compares
# the default (the fallback) with labels instead.  The last line is
# "N passed, N failed".  A file the compiler rejects without the plugin
# (an x86 asm statement, on another target) is skipped with a line.

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
  "-O2 -march=x86-64-v3"
  "-O2 -mharden-sls=all -fstack-protector-all -mindirect-branch=thunk-inline -mfunction-return=thunk-inline"
  "-O2 -fPIC -fno-plt -fpatchable-function-entry=4,0 -fcf-protection"
)

if [ -n "${FLAG_SETS_OVERRIDE:-}" ]; then
  IFS=';' read -r -a FLAG_SETS <<< "$FLAG_SETS_OVERRIDE"
fi
read -r -a ways <<< "${WAYS:-decode compute}"
tag=${TAG:+$TAG-}
if [ $# -gt 0 ]; then files=("$@"); else files=(testsuite/corpus/*.c); fi
work=$PWD/$B/check-layout-decode
rm -rf "$work" && mkdir -p "$work"

pass=0 fail=0
# compile F FLAGS WAY: $work/$base.WAY.{s,json,err}
compile () {
  local out=$work/$base.$3 env
  if [ "$3" = default ]; then env=(env -u CACHECAT_LAYOUT); else env=(env CACHECAT_LAYOUT=$3); fi
  # The report's name is the same every way: it is compared.
  (cd "$work" && "${env[@]}" "$CC" $2 -w -S "$OLDPWD/$1" -o "$out.s" \
     -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=report.json > "$out.err" 2>&1)
  mv "$work/report.json" "$out.json" 2>/dev/null
}
# expected F FLAGS TAG WAY: WAY, or default if F declares TAG for FLAGS.
# At -march=skylake-avx512 half the corpus has EVEX, which the encoder
# declines: compared the default way there (computed where it can be,
# else measured), whatever the file says.
expected () {
  local ere
  ere=$(sed -n "s/.*cachecat-layout-$tag$3\[\([^]]*\)\].*/\1/p" "$1" | head -n 1)
  [ "$tag$3" = nocompute ] && ere=${ere:+$ere|}-march=skylake-avx512
  if [ -n "$ere" ] && echo "$2" | grep -Eq -- "$ere"; then echo default; else echo "$4"; fi
}
for f in "${files[@]}"; do
  base=$(basename "$f" .c)
  # shellcheck disable=SC2086
  if ! "$CC" ${FLAG_SETS[0]} -w -S "$f" -o "$work/plain.s" 2>/dev/null; then
    echo "check-layout-decode: skipped $f ($CC rejects it)"
    continue
  fi
  for flags in "${FLAG_SETS[@]}"; do
    compile "$f" "$flags" labels
    for w in "${ways[@]}"; do
      case $w in
        decode) way=$(expected "$f" "$flags" labels decode) ;;
        *) way=$(expected "$f" "$flags" nocompute "$w") ;;
      esac
      compile "$f" "$flags" "$way"
      if cmp -s "$work/$base.labels.s" "$work/$base.$way.s" \
         && cmp -s "$work/$base.labels.json" "$work/$base.$way.json" \
         && cmp -s "$work/$base.labels.err" "$work/$base.$way.err" \
         && [ -s "$work/$base.labels.s" ]; then
        echo "PASS: $f $flags ($way)"
        pass=$((pass + 1))
      else
        echo "FAIL: $f $flags ($way)"
        diff "$work/$base.labels.json" "$work/$base.$way.json" | grep -o '"problem": "[^"]*"' | head -n 2
        diff "$work/$base.labels.s" "$work/$base.$way.s" | head -n 6
        fail=$((fail + 1))
      fi
    done
  done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
