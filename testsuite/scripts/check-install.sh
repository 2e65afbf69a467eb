#!/bin/bash
# cachecat: `make install` puts the plugin where GCC's plugin directory is
# and the configurations beside it, and an installed plugin finds a named
# configuration there.
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
