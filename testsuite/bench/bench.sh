#!/bin/bash
# cachecat: `make bench': the plugin's compile-time and memory cost on real
# code bases nobody here wrote (Lua 5.4 and zlib, Debian source packages
# fetched at run time) and on the project's corpus, with and without the
# plugin side by side in one run.  The last line is a one-line summary.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -euo pipefail
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
REPEAT=${REPEAT:-3}
LEVELS=${LEVELS:--O2,-O0,-Os}
src=$B/bench/src
testsuite/bench/fetch-sources.sh "$src"
lua=$(ls -d "$src"/lua5.4-*/src | head -n 1)
zlib=$(ls -d "$src"/zlib-*/ | head -n 1)
# Debian's Lua includes a header its build generates.
inc=$B/bench/include
mkdir -p "$inc"
echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' >"$inc/lua5.4-deb-multiarch.h"
python3 testsuite/bench/compile_cost.py --cc "$CC" --plugin "$PLUGIN" \
  --repeat "$REPEAT" --levels="$LEVELS" \
  "lua:$lua:-DLUA_USE_LINUX -I$inc" "zlib:$zlib" "corpus:testsuite/corpus"
