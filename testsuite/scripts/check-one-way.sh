#!/bin/bash
# cachecat: with one way, the set-associative analysis (must and may
# planes, conflict counting) must give exactly the direct-mapped results:
# the corpus and the validation programs at -O0, -O2 and -Os, their models
# re-analysed by ccengine both ways on three shapes, every verdict of every
# context compared.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
for src in testsuite/corpus/*.c testsuite/validate/programs/*.c; do
  name=$(basename "$src" .c)
  for opt in -O0 -O2 -Os; do
    model=$dir/$name$opt.model
    flags=()
    case $name in fs_*) flags=(-ffreestanding -fno-pie) ;; esac
    if ! CACHECAT_DUMP_MODEL=$model $CC $opt -c -w "${flags[@]}" -fplugin="$PLUGIN" \
        -fplugin-arg-cachecat-report=/dev/null "$src" -o "$dir/x.o" 2>"$dir/log"; then
      echo "FAIL: $name $opt: compile"; head -5 "$dir/log"; failed=$((failed + 1)); continue
    fi
    for shape in "4096 32" "1024 32" "512 64"; do
      # shellcheck disable=SC2086
      $B/tools/ccengine --insns "$model" $shape >"$dir/dm" 2>&1
      # shellcheck disable=SC2086
      $B/tools/ccengine --insns --general "$model" $shape >"$dir/gen" 2>&1
      if cmp -s <(grep -v '^engine ' "$dir/dm") <(grep -v '^engine ' "$dir/gen") \
         && grep -q '^always-hit' "$dir/dm"; then
        passed=$((passed + 1))
      else
        echo "FAIL: $name $opt ${shape/ //}: the one-way LRU analysis differs from the direct-mapped one"
        diff <(grep -v '^engine ' "$dir/dm") <(grep -v '^engine ' "$dir/gen") | head -5
        failed=$((failed + 1))
      fi
    done
  done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
