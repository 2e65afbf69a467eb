#!/bin/bash
# cachecat: the measuring assembly runs the assembler directly only where
# that is exactly what the driver would run (plugin/layout/assembler.c).  For
# each set of options, the command the plugin computes from what cc1 sees
# (ccascmd as a -wrapper) must equal the assembler command the driver runs
# when the plugin measures through it (that driver command, run with
# -###), or be the driver where the plugin cannot know.  Then the
# plugin's output must be the same whichever way it measures.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
tool=$PWD/$B/tools/ccascmd
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }
echo 'int x;' >"$dir/x.c"
: >"$dir/in.s"

# ours OPTIONS...: what the plugin would run, one word per line after
# "direct" or "driver".
ours() {
  "$CC" "$@" -S "$dir/x.c" -o /dev/null -wrapper "$tool" 2>&1
}
# drivers OPTIONS...: the assembler command the driver runs when the
# plugin measures through it, one word per line, without "-o OUT IN".
drivers() {
  local cmd
  mapfile -t cmd < <("$CC" "$@" -S "$dir/x.c" -o /dev/null -wrapper "$tool,--driver" 2>&1 | tail -n +2)
  "${cmd[@]}" -### "$dir/in.s" -o "$dir/out.o" 2>&1 |
    awk '$1 ~ /(^|\/)as"?$/ { for (i = 1; i <= NF; i++) { w = $i; gsub(/"/, "", w); print w } }' |
    sed '/^-o$/,$d'
}

# 1. Direct where the driver's spec is known: the words the driver would
#    give the assembler.
while IFS= read -r opts; do
  # shellcheck disable=SC2086
  got=$(ours $opts)
  # shellcheck disable=SC2086
  want=$(drivers $opts)
  if [ "$(head -n 1 <<<"$got")" = direct ] && [ -n "$want" ] && [ "$(tail -n +2 <<<"$got")" = "$want" ]; then
    ok "direct, as the driver runs it: '$opts' -> $(tail -n +2 <<<"$got" | tr '\n' ' ')"
  else
    bad "'$opts': plugin: $(tr '\n' ' ' <<<"$got"); driver: $(tr '\n' ' ' <<<"$want")"
  fi
done <<'OPTS'
-O2
-O0 -g -fPIC
-m32
-mx32
-m16
-m32 -m64
-m64 -m32
-mx32 -m32
-msse2avx
-msse2avx -mavx
-mavx -mno-avx -msse2avx
-march=haswell -msse2avx
-Wa,-mrelax-relocations=no
-Wa,-mx86-used-note=no,-mrelax-relocations=no -Xassembler -mtune=generic64
-Wa,-mbranches-within-32B-boundaries -m32
-Wa,-O2,-n,--defsym,X=1 -Wa,-I,inc
OPTS

# 2. Options that only write files or messages are not passed on.
got=$(ours -Wa,-al=listing,--MD,deps,-mrelax-relocations=no,--statistics -Wa,-Z | tr '\n' ' ')
if [ "$got" = "direct as --64 -mrelax-relocations=no -L " ]; then
  ok "listing, dependencies, statistics and -Z are left out: $got"
else
  bad "options that write files: $got"
fi

# 3. The driver where the plugin cannot know what it would run.
driver_case() {
  local what=$1
  shift
  local got
  got=$("$@" 2>&1 | head -n 1)
  if [ "$got" = driver ]; then ok "driver: $what"; else bad "$what: got '$got'"; fi
}
driver_case "-B" ours -B/usr/bin/
driver_case "-specs" ours -specs=/dev/null
driver_case "GCC_EXEC_PREFIX" env GCC_EXEC_PREFIX=/nonexistent/ "$CC" -S "$dir/x.c" -o /dev/null -wrapper "$tool"
driver_case "COMPILER_PATH" env COMPILER_PATH=/tmp "$CC" -S "$dir/x.c" -o /dev/null -wrapper "$tool"
ln -s "$(command -v "$CC")" "$dir/other-gcc" 2>/dev/null
cp "$(readlink -f "$(command -v "$CC")")" "$dir/copy-gcc"
driver_case "another driver" env COLLECT_GCC="$dir/copy-gcc" "$tool" "$("$CC" -print-prog-name=cc1)"
driver_case "another cc1" env COLLECT_GCC="$CC" "$tool" /bin/true
got=$(env COLLECT_GCC="$dir/other-gcc" COLLECT_GCC_OPTIONS="'-O2'" "$tool" "$("$CC" -print-prog-name=cc1)" | head -n 1)
if [ "$got" = direct ]; then ok "a link to the driver is the driver"; else bad "link to the driver: $got"; fi
got=$(ours -B/usr/bin/ -m32 -Wa,-mrelax-relocations=no | tr '\n' ' ')
if [[ "$got" == "driver $CC -B /usr/bin/ "*"-m32 "*"-Xassembler -mrelax-relocations=no -Wa,-L -c -x assembler " ]]; then
  ok "the driver gets -B, -m and machine -Wa,: $got"
else
  bad "driver command: $got"
fi

# 4. The same .s and report whichever way the layout is measured (-B with
#    the driver's own directory changes nothing but forces the driver).
libdir=$(dirname "$("$CC" -print-prog-name=cc1)")/
same=0 differ=0
for f in testsuite/corpus/switches.c testsuite/corpus/hot_cold.c testsuite/corpus/inline_asm.c \
         testsuite/corpus/recursion.c examples/filter.c; do
  for lvl in -O0 -O2 -Os; do
    b=$(basename "$f" .c)$lvl
    "$CC" $lvl -S "$f" -o "$dir/$b.d.s" -fplugin="$PLUGIN" -fplugin-arg-cachecat-report="$dir/$b.d.json" 2>"$dir/$b.d.err"
    "$CC" $lvl -S "$f" -o "$dir/$b.v.s" -fplugin="$PLUGIN" -fplugin-arg-cachecat-report="$dir/$b.v.json" -B"$libdir" 2>"$dir/$b.v.err"
    if cmp -s "$dir/$b.d.s" "$dir/$b.v.s" && cmp -s "$dir/$b.d.json" "$dir/$b.v.json" &&
       [ -s "$dir/$b.d.json" ] && ! grep -q "could not determine" "$dir/$b.d.err"; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "differs: $f $lvl"
    fi
  done
done
if [ "$differ" = 0 ]; then ok "direct and driver measuring give the same output on $same compiles"; else bad "$differ of $((same + differ)) compiles differ"; fi

echo "check-as-command: $passed passed, $failed failed"
[ "$failed" = 0 ]
