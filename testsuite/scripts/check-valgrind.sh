#!/bin/bash
# cachecat: compile freestanding programs with the plugin and check every
# promise against valgrind's cache simulator on the same cache shape.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
# size,line pairs (direct-mapped); valgrind needs lines of 32 bytes or more.
shapes="1024,32 4096,64 512,32"
for src in testsuite/valgrind/*.c; do
  name=$(basename "$src" .c)
  # "warm": no entry, so _start is a root entered with anything cached and
  # the hand-derived expectations (which assume a cold start) do not apply.
  for run in "-O0 cold" "-O1 cold" "-O2 cold" "-O3 cold" "-Os cold" "-O2 warm"; do
    opt=${run% *} mode=${run#* }
    for shape in $shapes; do
      size=${shape%,*} line=${shape#*,}
      tag="$name $opt $size,1,$line"
      exe=$dir/$name$opt-$size
      entry=(-fplugin-arg-cachecat-entry=_start)
      expect=$src
      if [ "$mode" = warm ]; then
        [ "$shape" = "1024,32" ] || continue
        tag="$tag warm"; exe=$exe-warm; entry=(); expect=/dev/null
      fi
      if ! $CC $opt -g -static -nostdlib -ffreestanding -fno-pie -no-pie \
          -fno-stack-protector -fcf-protection=none -fno-asynchronous-unwind-tables \
          -fplugin="$PLUGIN" "${entry[@]}" \
          -fplugin-arg-cachecat-cache-size="$size" -fplugin-arg-cachecat-line-size="$line" \
          -fplugin-arg-cachecat-ways=1 -fplugin-arg-cachecat-report="$exe.json" \
          "$src" -o "$exe" >"$exe.log" 2>&1; then
        echo "FAIL: $tag: compile"; sed 's/^/    /' "$exe.log" | head -20
        failed=$((failed + 1)); continue
      fi
      nm --defined-only "$exe" >"$exe.nm"
      if ! valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes --skip-plt=no \
          --I1="$size,1,$line" --D1=32768,8,64 --LL=1048576,16,64 \
          --callgrind-out-file="$exe.cg" "$exe" >"$exe.vg" 2>&1; then
        echo "FAIL: $tag: valgrind"; tail -5 "$exe.vg"; failed=$((failed + 1)); continue
      fi
      if out=$(python3 testsuite/tools/check_promises.py "$exe.json" "$exe.cg" "$exe.nm" "$expect" "$opt"); then
        echo "PASS: $tag: ${out##*$'\n'}"; passed=$((passed + 1))
      else
        echo "FAIL: $tag"; echo "$out" | sed 's/^/    /'; failed=$((failed + 1))
      fi
    done
  done
done
# The checker itself: a report with one promise flipped must be caught.
last=$(ls "$dir"/thrash-O1-1024.json 2>/dev/null)
if [ -n "$last" ]; then
  python3 - "$last" "$dir/flipped.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for fn in d["functions"]:
    if fn["name"] == "f":
        fn["insns"][0]["category"] = "always-hit"  # it misses on every call
json.dump(d, open(sys.argv[2], "w"))
PY
  if python3 testsuite/tools/check_promises.py "$dir/flipped.json" "${last%.json}.cg" \
      "${last%.json}.nm" testsuite/valgrind/thrash.c >"$dir/flipped.out"; then
    echo "FAIL: a flipped promise (f+0 always-hit) was not caught"; failed=$((failed + 1))
  else
    echo "PASS: flipped promise caught: $(grep -m1 VIOLATION "$dir/flipped.out")"; passed=$((passed + 1))
  fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
