#!/usr/bin/env bash
# check-annotations-seen.sh: annotations go where someone reads them.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Environment: CC (default gcc), B (build dir, default build), PLUGIN
#   (default $PWD/cachecat.so).
#
# The plugin does not annotate the temporary .s the driver assembles and
# deletes (gcc -c without -save-temps or a listing): nobody could read it.
# Tests, on examples/filter.c at -O2:
#   - -S: the .s has one comment per instruction of the report;
#   - -c -save-temps: the kept .s has them as well;
#   - -c -Wa,-adhln=FILE: the assembler listing shows them;
#   - -c: the report is the one -S writes, and the object is the one
#     -save-temps gives (the comments change no byte).
# The last line is "N passed, N failed".

set -u
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
src=$PWD/examples/filter.c
w=$PWD/$B/check-annotations-seen
rm -rf "$w" && mkdir -p "$w/s" "$w/t" "$w/l" "$w/c"
pass=0 fail=0
result() {
  if [ "$1" = 0 ]; then echo "PASS: $2"; pass=$((pass + 1)); else echo "FAIL: $2"; fail=$((fail + 1)); fi
}
plug=(-fplugin="$PLUGIN" -fplugin-arg-cachecat-report=r.json)

(cd "$w/s" && "$CC" -O2 -S "$src" -o f.s "${plug[@]}")
n=$(grep -c '# cachecat: ' "$w/s/f.s")
insns=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(sum(len(f["insns"]) for f in r["functions"]))' "$w/s/r.json" 2>/dev/null || echo 0)
[ "$n" -gt 0 ] && [ "$n" -le "$insns" ]; result $? "-S annotates ($n comments, $insns instructions)"

(cd "$w/t" && "$CC" -O2 -c -save-temps "$src" -o f.o "${plug[@]}")
cmp -s <(grep '# cachecat: ' "$w/s/f.s") <(grep '# cachecat: ' "$w/t/f.s"); result $? "-c -save-temps annotates the kept .s"

(cd "$w/l" && "$CC" -O2 -c -Wa,-adhln=f.lst "$src" -o f.o "${plug[@]}")
[ "$(grep -c 'cachecat: ' "$w/l/f.lst")" = "$n" ]; result $? "-c -Wa,-adhln: the listing shows them"

(cd "$w/c" && "$CC" -O2 -c "$src" -o f.o "${plug[@]}")
cmp -s "$w/c/r.json" "$w/s/r.json" && cmp -s "$w/c/f.o" "$w/t/f.o"; result $? "-c: same report, same object"

# What the build's assembler reads with -c: an `as` in a -B directory that
# keeps a copy of its input (the measuring assembly, which goes through
# the driver with -B, reads a /proc/self/fd file and is not kept).
real_as=$("$CC" -print-prog-name=as)
case $real_as in /*) ;; *) real_as=$(command -v "$real_as") ;; esac
mkdir -p "$w/bin"
cat > "$w/bin/as" <<WRAP
#!/bin/sh
for a; do case \$a in *.s) cp "\$a" "$w/c/as-input.s" ;; esac; done
exec "$real_as" "\$@"
WRAP
chmod +x "$w/bin/as"
(cd "$w/c" && "$CC" -B"$w/bin/" -O2 -c "$src" -o g.o "${plug[@]}")
[ -s "$w/c/as-input.s" ] && [ "$(grep -c 'cachecat: ' "$w/c/as-input.s")" = 0 ] \
  && cmp -s "$w/c/g.o" "$w/c/f.o"
result $? "-c: the temporary .s has no annotations"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
