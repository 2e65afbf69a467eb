#!/bin/bash
# cachecat: `make install` puts the plugin where GCC's plugin directory is
# and the configurations beside it, and an installed plugin finds a named
# configuration there; cachecat.h goes into GCC's include directory, and
# a source that uses its macros builds quietly without the plugin and
# with its budgets and bounds with it (the plugin defines __CACHECAT__).
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }

plugdir=$($CC -print-file-name=plugin)
if make -s install DESTDIR="$dir" >"$dir/log" 2>&1 && [ -f "$dir$plugdir/cachecat.so" ] \
   && [ -f "$dir$plugdir/cachecat/config/default.conf" ] \
   && [ -f "$dir$plugdir/cachecat/config/cortex-r5.conf" ]; then
  ok "make install DESTDIR: plugin and configs in $plugdir"
else
  bad "make install DESTDIR"; cat "$dir/log"
fi
echo 'int f (int x) { return x + 1; }' >"$dir/t.c"
# A named config from the installed directory (cortex-r5 is 4-way: override
# the ways and the policy, so the size and line come from the file and the
# analysis can run).
if $CC -O2 -S -fplugin="$dir$plugdir/cachecat.so" -fplugin-arg-cachecat-config=cortex-r5 \
     -fplugin-arg-cachecat-ways=1 -fplugin-arg-cachecat-policy=lru "$dir/t.c" -o "$dir/t.s" 2>"$dir/err" \
   && python3 -c "import json,sys; d=json.load(open('$dir/t.cachecat.json')); assert d['cache']['config']=='cortex-r5' and d['cache']['ways']==1, d['cache']"; then
  ok "installed plugin reads config=cortex-r5 from its own directory"
else
  bad "installed plugin with config=cortex-r5"; cat "$dir/err"
fi
# And a name that does not exist lists the installed ones.
if ! $CC -O2 -S -fplugin="$dir$plugdir/cachecat.so" -fplugin-arg-cachecat-config=nosuch \
     "$dir/t.c" -o "$dir/u.s" 2>"$dir/err" && grep -q "available: .*cortex-r5" "$dir/err"; then
  ok "unknown config names the available ones"
else
  bad "unknown config"; cat "$dir/err"
fi
incdir=$($CC -print-file-name=include)
cat >"$dir/h.c" <<'C'
#include <cachecat.h>
volatile int dev;
CACHECAT_MAX_MISSES (0) CACHECAT_MAX_FETCH_CYCLES (1) int
step (int n)
{
  int s = 0;
  CACHECAT_LOOP_BOUND (64)
  for (int i = 0; i < n; i++)
    s += dev;
  return s;
}
C
if [ -f "$dir$incdir/cachecat.h" ] \
   && $CC -O2 -Wall -Wextra -Werror -I"$dir$incdir" -c "$dir/h.c" -o "$dir/h.o" 2>"$dir/err" \
   && ! $CC -O2 -dM -E -I"$dir$incdir" "$dir/h.c" | grep -q __CACHECAT__; then
  ok "cachecat.h installed in $incdir; without the plugin its macros are silent under -Wall"
else
  bad "cachecat.h without the plugin"; cat "$dir/err"
fi
if $CC -O2 -dM -E -fplugin="$dir$plugdir/cachecat.so" -I"$dir$incdir" "$dir/h.c" \
     | grep -q '^#define __CACHECAT__ [0-9]' \
   && ! $CC -O2 -c -fplugin="$dir$plugdir/cachecat.so" -I"$dir$incdir" "$dir/h.c" \
        -o "$dir/h.o" 2>"$dir/err" \
   && grep -q "over its budget of 0" "$dir/err" && grep -q "up to 65 times" "$dir/err" \
   && grep -q "cycles of fetch time, over its budget of 1" "$dir/err" \
   && ! grep -q "Wunknown-pragmas\|Wattributes" "$dir/err" && ! grep -q "At top level" "$dir/err"; then
  ok "with the plugin __CACHECAT__ is defined (also under -E) and the macros are its budgets and bound; no stray 'At top level:'"
else
  bad "cachecat.h with the plugin"; cat "$dir/err"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
