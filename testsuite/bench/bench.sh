#!/bin/bash
# cachecat: `make bench': the plugin's compile-time and memory cost on real
# code bases nobody here wrote (Lua 5.4 and zlib, Debian source packages
# fetched at run time; Lua also as one big unit) and on the project's
# corpus, with and without the plugin side by side in one run (CPU time;
# then instructions executed on a sample, which the load cannot move); then how
# the engine's time grows with the size of a function and the depth of
# call chains; what recording the model alone costs (record=only); the
# cost at -Os on every other target whose cross compiler is installed; and
# cachecat-link's time beside the link, on Lua's interpreter and on SQLite's
# shell (Debian's source package, its amalgamation generated).  A whole run
# (REPEAT, LEVELS and CONTROL_LEVELS as they are by default) writes
# docs/cost.md.  The last line is a one-line summary.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -euo pipefail
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
LINK=${CACHECAT_LINK:-$PWD/cachecat-link}
REPEAT=${REPEAT:-5}
LEVELS=${LEVELS:--O2,-O0,-Os}
# Levels at which a second run without the plugin measures the noise (A/A).
CONTROL_LEVELS=${CONTROL_LEVELS:--O2}
started=$SECONDS
commit=$(python3 -c 'import sys; sys.path.insert(0, "testsuite/tools"); import run_info; print(run_info.plugin_commit())')
src=$B/bench/src
testsuite/bench/fetch-sources.sh "$src"
lua=$(ls -d "$src"/lua5.4-*/src | head -n 1)
zlib=$(ls -d "$src"/zlib-*/ | head -n 1)
# Debian's Lua includes a header its build generates.
inc=$B/bench/include
mkdir -p "$inc"
echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' >"$inc/lua5.4-deb-multiarch.h"
# SQLite's shell as its own Makefile's sqlite3 rule builds it: shell.c and
# the amalgamation sqlite3.c.  Debian's source tree ships neither, so its
# configure and `make sqlite3.c shell.c' generate them (tclsh runs the
# generators), once.
sqlite_src=$(cd "$(ls -d "$src"/sqlite3-*/ | head -n 1)" && pwd)
sqlite=$B/bench/sqlite-shell
if [ ! -s "$sqlite/sqlite3.c" ] || [ ! -s "$sqlite/shell.c" ]; then
  rm -rf "$B/bench/sqlite-build" "$sqlite"
  mkdir -p "$B/bench/sqlite-build" "$sqlite"
  (cd "$B/bench/sqlite-build" && "$sqlite_src/configure" --disable-tcl --disable-readline \
     && make sqlite3.c shell.c) >"$B/bench/sqlite-build.log" 2>&1 || {
    echo "bench: could not generate SQLite's shell.c and sqlite3.c; see $B/bench/sqlite-build.log" >&2
    exit 1
  }
  # Only the shell's units in the folder link_cost.py compiles, the headers
  # and configure's sqlite_cfg.h beside them; sqlite3.c last, as the sign
  # that the folder is complete.
  for f in shell.c sqlite3.h sqlite3ext.h sqlite_cfg.h sqlite3.c; do
    cp "$B/bench/sqlite-build/$f" "$sqlite/"
  done
fi
# The options of that rule (its Makefile's TCC, then SHELL_OPT) but readline
# and zlib, which configure uses where it finds them: every machine builds
# the same shell.
sqlite_flags="-DSQLITE_OS_UNIX=1 -D_HAVE_SQLITE_CONFIG_H -DBUILD_sqlite -DNDEBUG"
sqlite_flags+=" -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_MATH_FUNCTIONS -DHAVE_READLINE=0"
sqlite_flags+=" -DHAVE_EDITLINE=0 -DSQLITE_ENABLE_FTS4 -DSQLITE_ENABLE_RTREE"
sqlite_flags+=" -DSQLITE_ENABLE_EXPLAIN_COMMENTS -DSQLITE_ENABLE_UNKNOWN_SQL_FUNCTION"
sqlite_flags+=" -DSQLITE_ENABLE_STMTVTAB -DSQLITE_ENABLE_DBPAGE_VTAB -DSQLITE_ENABLE_DBSTAT_VTAB"
sqlite_flags+=" -DSQLITE_ENABLE_BYTECODE_VTAB -DSQLITE_ENABLE_OFFSET_SQL_FUNC"
# Lua once more as one unit, the way its own onelua.c builds it: a big
# unit (50,000 instructions at -O2) shows the engine's cost, which the
# small files hide behind the plugin's fixed cost per unit.
one=$B/bench/onelua
mkdir -p "$one"
{
  echo '#define LUA_USE_LINUX'
  echo '#define MAKE_LIB'
  for f in lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes \
           lparser lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib \
           ldblib liolib lmathlib loadlib loslib lstrlib ltablib lutf8lib linit; do
    echo "#include \"$PWD/$lua/$f.c\""
  done
} >"$one/onelua.c"
python3 testsuite/bench/compile_cost.py --cc "$CC" --plugin "$PLUGIN" \
  --repeat "$REPEAT" --levels="$LEVELS" --control-levels="$CONTROL_LEVELS" \
  "lua:$lua:-DLUA_USE_LINUX -I$inc" "zlib:$zlib" "lua-one-unit:$one:-I$inc" \
  "corpus:testsuite/corpus" | tee "$B/bench/compile.txt"
echo
# The same cost in instructions executed (callgrind, every process), on a
# sample of the real code bases: exact where CPU time moves with the load.
python3 testsuite/bench/compile_instructions.py --cc "$CC" --plugin "$PLUGIN" \
  "lua/lcode.c:$lua/lcode.c:-DLUA_USE_LINUX -I$inc" \
  "lua/lvm.c:$lua/lvm.c:-DLUA_USE_LINUX -I$inc" \
  "lua/lparser.c:$lua/lparser.c:-DLUA_USE_LINUX -I$inc" \
  "lua/lstrlib.c:$lua/lstrlib.c:-DLUA_USE_LINUX -I$inc" \
  "lua/lcode.c -g:$lua/lcode.c:-g -DLUA_USE_LINUX -I$inc" \
  "zlib/deflate.c:$zlib/deflate.c" "zlib/inflate.c:$zlib/inflate.c" \
  "zlib/trees.c:$zlib/trees.c" "zlib/gzlib.c:$zlib/gzlib.c" | tee "$B/bench/instructions.txt"
echo
# What record=only costs (the model recorded for cachecat-link, no
# analysis), in instructions, at each level.
for level in -O0 -O2 -Os; do
  python3 testsuite/bench/compile_instructions.py --cc "$CC" --plugin "$PLUGIN" \
    --level="$level" --plugin-arg record=only \
    "lua/lcode.c:$lua/lcode.c:-DLUA_USE_LINUX -I$inc" \
    "lua/lvm.c:$lua/lvm.c:-DLUA_USE_LINUX -I$inc" \
    "zlib/deflate.c:$zlib/deflate.c" "zlib/inflate.c:$zlib/inflate.c" \
    | tee "$B/bench/record-${level#-}.txt"
  echo
done
# The plugin's cost at -Os, what firmware is built with, for every other
# target whose cross compiler is installed (its plugin built by make
# CC=...), in instructions on a sample, with the flags its users build
# with.
: >"$B/bench/targets-Os.txt"
for target in "aarch64-linux-gnu-gcc-12:" "arm-none-eabi-gcc:-mthumb -mcpu=cortex-m7" \
              "arm-linux-gnueabihf-gcc-12:-mthumb" "riscv64-linux-gnu-gcc-12:-mno-relax"; do
  tcc=${target%%:*}
  tflags=${target#*:}
  if ! command -v "$tcc" >/dev/null 2>&1 || ! make -s CC="$tcc" >/dev/null 2>&1; then
    echo "$tcc: not installed, or its plugin does not build: not measured" | tee -a "$B/bench/targets-Os.txt"
    continue
  fi
  triple=$("$tcc" -dumpmachine)
  echo "$triple ($tcc $tflags)" | tee -a "$B/bench/targets-Os.txt"
  python3 testsuite/bench/compile_instructions.py --cc "$tcc" \
    --plugin "$PWD/build/$triple/cachecat.so" --level=-Os \
    "lua/lcode.c:$lua/lcode.c:-DLUA_USE_LINUX -I$inc $tflags" \
    "lua/lvm.c:$lua/lvm.c:-DLUA_USE_LINUX -I$inc $tflags" \
    "zlib/deflate.c:$zlib/deflate.c:$tflags" "zlib/inflate.c:$zlib/inflate.c:$tflags" \
    | tee -a "$B/bench/targets-Os.txt"
  echo | tee -a "$B/bench/targets-Os.txt"
done
# cachecat-link beside the link, on Lua's interpreter and SQLite's shell.
python3 testsuite/bench/link_cost.py --cc "$CC" --plugin "$PLUGIN" --link "$LINK" \
  --repeat "$REPEAT" "lua:$lua:-DLUA_USE_LINUX -I$inc:-lm -ldl:luac.c,onelua.c" \
  "sqlite-shell:$sqlite:$sqlite_flags:-lm:" | tee "$B/bench/link.txt"
echo
python3 testsuite/bench/engine_scaling.py --cc "$CC" --plugin "$PLUGIN" \
  --ccengine "$B/tools/ccengine" | tee "$B/bench/scaling.txt"
echo
if [ "$REPEAT" = 5 ] && [ "$LEVELS" = "-O2,-O0,-Os" ] && [ "$CONTROL_LEVELS" = "-O2" ]; then
  python3 testsuite/bench/write_cost_doc.py --cc "$CC" --dir "$B/bench" \
    --seconds $((SECONDS - started)) --repeat "$REPEAT" --commit "$commit" docs/cost.md
  echo "bench: results written to docs/cost.md"
fi
# The one-line summary: the compile cost, instructions and scaling lines.
echo "bench: $(tail -n 1 "$B/bench/compile.txt"); $(tail -n 1 "$B/bench/instructions.txt"); $(tail -n 1 "$B/bench/record-O2.txt"); $(tail -n 1 "$B/bench/link.txt"); $(tail -n 1 "$B/bench/scaling.txt")"
