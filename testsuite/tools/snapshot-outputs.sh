#!/bin/bash
# cachecat: every output of the plugin and of cachecat-link on a fixed set
# of inputs, written under OUT, so that a change meant to keep behaviour
# (a refactoring) can be checked byte for byte:
#
#   testsuite/tools/snapshot-outputs.sh OUT-before    # on the old tree
#   testsuite/tools/snapshot-outputs.sh OUT-after     # on the new tree
#   diff -r OUT-before OUT-after && echo identical
#
# Run from the root of a built tree (make, and make cross-plugins for the
# other targets).  The inputs are copied into a scratch folder and
# compiled there under relative names, so that two trees at different
# paths write the same bytes (the plugins are run through links under
# fixed paths: -g records the command line).  What is written, per input and setting:
# the annotated assembly (.s), the report (.json), the SARIF file and the
# diagnostics (.err) of the plugin; cachecat-link's report, listing and
# messages.  Inputs:
#   - the corpus (testsuite/corpus) at -O0, -O2 and -Os, under the default
#     cache and a 1 KiB 2-way cache with 32-byte lines, on x86-64, and at
#     -O2 with every cross plugin built (build/<triple>/cachecat.so);
#   - Lua and zlib (their Debian sources, testsuite/bench/fetch-sources.sh,
#     in SRC, default build/bench/src) at -O0, -O2 and -Os, when present;
#   - the validation programs (testsuite/validate/programs), recorded and
#     linked (freestanding ones with their runtime, hosted ones against
#     glibc), at -O2 and -Os, through cachecat-link at two cache shapes,
#     and the link test's three units.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
[ $# -ge 1 ] || { echo "usage: $0 OUT [SRC]" >&2; exit 2; }
ROOT=$PWD
OUT=$(mkdir -p "$1" && cd "$1" && pwd) || exit 2
SRC=${2:-$ROOT/build/bench/src}
LINK=$ROOT/cachecat-link
# One fixed scratch folder (the compiles record their folder: in the
# assembly, its debug strings' order and the SARIF file), one snapshot at
# a time.
work=/tmp/cachecat-snapshot
exec 9>/tmp/cachecat-snapshot.lock
flock 9
rm -rf "$work" && mkdir -p "$work" || exit 2
trap 'rm -rf "$work"' EXIT
# The plugins under fixed paths too (-g records the command line): links,
# with the configurations beside them as in the tree.
mkdir -p "$work/so"
ln -s "$ROOT/cachecat.so" "$work/so/cachecat.so"
ln -s "$ROOT/config" "$work/so/config"
for so in "$ROOT"/build/*/cachecat.so; do
  [ -f "$so" ] || continue
  t=$(basename "$(dirname "$so")")
  mkdir -p "$work/so/$t"
  ln -s "$so" "$work/so/$t/cachecat.so"
  ln -s "$(dirname "$so")/config" "$work/so/$t/config"
done

# plugin CC PLUGIN NAME SRCFILE FLAGS...: compile SRCFILE (a path relative
# to $work) and keep its outputs as $OUT/NAME.{s,json,sarif,err}.
plugin() {
  local cc=$1 so=$2 name=$3 src=$4
  shift 4
  mkdir -p "$OUT/$(dirname "$name")"
  (cd "$work" && "$cc" -S -fplugin="$so" -fplugin-arg-cachecat-sarif=out.sarif "$@" \
     "$src" -o out.s >out.err 2>&1
   echo "exit $?" >>out.err
   for e in s sarif err; do [ -f out.$e ] && mv out.$e "$OUT/$name.$e"; done
   [ -f out.cachecat.json ] && mv out.cachecat.json "$OUT/$name.json"
   rm -f out.*)
}

SHAPES=("" "-fplugin-arg-cachecat-cache-size=1K -fplugin-arg-cachecat-line-size=32 -fplugin-arg-cachecat-ways=2")

corpus() {
  local c f o s k
  cp -r "$ROOT/testsuite/corpus" "$work/corpus"
  for f in "$work"/corpus/*.c; do
    c=corpus/${f##*/}
    for o in -O0 -O2 -Os; do
      k=0
      for s in "${SHAPES[@]}"; do
        # shellcheck disable=SC2086
        plugin gcc "$work/so/cachecat.so" "x86/${c%.c}$o-$k" "$c" $o -g $s
        k=$((k + 1))
      done
    done
    for so in "$work"/so/*/cachecat.so; do
      t=$(basename "$(dirname "$so")")
      cc=$t-gcc-12
      command -v "$cc" >/dev/null || cc=$t-gcc
      command -v "$cc" >/dev/null || continue
      plugin "$cc" "$so" "$t/${c%.c}-O2" "$c" -O2 -g
    done
  done
}

# code_base NAME DIR: every .c of DIR (not its tests) at three levels.
code_base() {
  local name=$1 dir=$2 f o
  [ -d "$dir" ] || { echo "snapshot: no $name sources in $dir (skipped)"; return; }
  mkdir -p "$work/$name"
  cp "$dir"/*.c "$dir"/*.h "$work/$name/"
  # (Debian's Lua includes a header its build writes.)
  echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' >"$work/$name/lua5.4-deb-multiarch.h"
  for f in "$work/$name"/*.c; do
    for o in -O0 -O2 -Os; do
      plugin gcc "$work/so/cachecat.so" "$name/$(basename "${f%.c}")$o" "$name/${f##*/}" $o -I"$name" -w
    done
  done
}

# linked NAME CC LDFLAGS -- CFLAGS -- SOURCES: record and link, then run
# cachecat-link at two shapes.
linked() {
  local name=$1 cc=$2 ldflags=$3 cflags=$4 objs=() s k
  shift 4
  mkdir -p "$OUT/link" "$work/t/l/$name"
  : >"$OUT/link/$name.err"
  for s in "$@"; do
    # shellcheck disable=SC2086
    (cd "$work/t" && $cc $cflags -fplugin="$work/so/cachecat.so" -fplugin-arg-cachecat-record=only \
       -c "$s" -o "l/$name/$(basename "${s%.c}").o") >>"$OUT/link/$name.err" 2>&1
    objs+=("$(basename "${s%.c}").o")
  done
  # shellcheck disable=SC2086
  (cd "$work/t/l/$name" && $cc $cflags "${objs[@]}" $ldflags -o prog) >>"$OUT/link/$name.err" 2>&1 || return
  for s in "--cache-size=1K --line-size=32" "--cache-size=4K --line-size=64 --ways=4"; do
    k=${s//[^0-9]/}
    # shellcheck disable=SC2086
    (cd "$work/t/l/$name" && "$LINK" $s --listing=prog.lst --bounds prog >out.txt 2>&1
     echo "exit $?" >>out.txt
     mv out.txt "$OUT/link/$name-$k.txt"
     [ -f prog.cachecat.json ] && mv prog.cachecat.json "$OUT/link/$name-$k.json"
     [ -f prog.lst ] && mv prog.lst "$OUT/link/$name-$k.lst")
  done
}

programs() {
  local P=testsuite/validate/programs f o b d
  local fs="-g -static -nostdlib -ffreestanding -fno-pie -no-pie -fno-stack-protector -fcf-protection=none -fno-asynchronous-unwind-tables"
  # Under their own relative paths: the programs include from the tree.
  mkdir -p "$work/t/testsuite"
  cp -r "$ROOT/testsuite/validate" "$ROOT/testsuite/valgrind" "$ROOT/testsuite/link" "$work/t/testsuite/"
  for o in -O2 -Os; do
    for f in "$work/t/$P"/fs_*.c; do
      b=$(basename "${f%.c}")
      linked "$b$o" gcc "" "$o $fs" "$P/$b.c" testsuite/validate/freestanding-rt.c
    done
    for f in "$work/t/$P"/h_*.c; do
      b=$(basename "${f%.c}")
      linked "$b$o" gcc "" "$o -g -no-pie -fno-pie" "$P/$b.c"
    done
    for d in "$work/t/$P"/mu_*/; do
      b=$(basename "$d")
      linked "$b$o" gcc "" "$o $fs" $(cd "$work/t" && ls "$P/$b"/*.c) \
        testsuite/validate/freestanding-rt.c
    done
    linked "link-test$o" gcc "" "$o -g -no-pie" testsuite/link/{main,other,lib}.c
  done
}

corpus
code_base lua "$(ls -d "$SRC"/lua5.4-*/src 2>/dev/null | head -n 1)"
code_base zlib "$(ls -d "$SRC"/zlib-*/ 2>/dev/null | head -n 1)"
programs
echo "snapshot: $(find "$OUT" -type f | wc -l) files in $OUT"
