#!/bin/bash
# cachecat: the report file as a build product: named and placed like
# -fstack-usage's .su file, byte-identical for identical input, written
# atomically (parallel builds never leave a partial or mixed file), and an
# unwritable path is an error that leaves no output behind.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
src=$PWD/examples/filter.c
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }

# 1. Placement: wherever GCC puts the .su file, the report sits beside it
#    with the same base name.
cd "$dir" || exit 1
mkdir -p out sub
cp "$src" sub/filter.c
i=0
while IFS= read -r cmd; do
  i=$((i + 1))
  rm -rf run$i && mkdir run$i && cp -r sub out run$i/ && cd run$i || exit 1
  # shellcheck disable=SC2086
  if $CC -O2 -fstack-usage -fplugin="$PLUGIN" $cmd >log 2>&1; then
    su=$(find . -name '*.su' | sort)
    rep=$(find . -name '*.cachecat.json' | sort)
    if [ -n "$su" ] && [ "${su//.su/.cachecat.json}" = "$rep" ]; then
      ok "placement like .su: $cmd -> $rep"
    else
      bad "placement: $cmd: .su at '$su', report at '$rep'"
    fi
  else
    bad "placement: $cmd: compile failed"; cat log
  fi
  cd "$dir" || exit 1
done <<'CMDS'
-c sub/filter.c
-c sub/filter.c -o out/x.o
-S sub/filter.c -o out/y.s
-c sub/filter.c -o out/noext
sub/filter.c -o out/prog
-c -save-temps sub/filter.c -o out/z.o
CMDS

# 2. Determinism: the same input twice gives the same bytes (assembly and
#    report).
for n in 1 2; do
  mkdir -p det$n && (cd det$n && cp "$src" . && $CC -O2 -S -fplugin="$PLUGIN" filter.c -o filter.s)
done
if cmp -s det1/filter.cachecat.json det2/filter.cachecat.json && cmp -s det1/filter.s det2/filter.s; then
  ok "identical input gives byte-identical report and assembly"
else
  bad "reports or assembly differ between identical compiles"
fi

# 3. Atomicity: 16 compiles in parallel (4 units, each compiled 4 times
#    into one report path); every report is complete JSON of its own unit
#    and no temporary file is left.
mkdir -p par && cd par || exit 1
for u in a b c d; do
  sed "s/^main (void)/main_$u (void)/" "$src" >$u.c
done
for k in 1 2 3 4; do
  for u in a b c d; do
    $CC -O2 -S -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=$u.json $u.c -o $u$k.s &
  done
done
wait
good=1
for u in a b c d; do
  python3 -c "import json,sys; d=json.load(open('$u.json')); assert any(f['name']=='main_$u' for f in d['functions'])" || good=0
done
leftovers=$(ls | grep -v -E '^[abcd]([1-4]\.s|\.c|\.json)$')
if [ $good = 1 ] && [ -z "$leftovers" ]; then
  ok "16 parallel compiles: 4 complete reports, no temporary files"
else
  bad "parallel compiles: complete=$good leftovers='$leftovers'"
fi
cd "$dir" || exit 1

# 4. An unwritable report path: an error naming the path, exit status 1,
#    no assembly, no object, no report.
mkdir -p unw && cd unw || exit 1
cp "$src" .
$CC -O2 -c -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=/nonexistent/dir/r.json filter.c -o filter.o >log 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "cannot write report.*/nonexistent/dir/r.json" log && [ ! -e filter.o ] \
   && [ -z "$(ls | grep -v -E '^(filter\.c|log)$')" ]; then
  ok "unwritable report path: error, exit 1, nothing written"
else
  bad "unwritable report path: rc=$rc, files: $(ls | tr '\n' ' ')"; cat log
fi
cd "$dir" || exit 1

# 5. A report path that is not a regular file (a pipe here; /dev/null and
#    /dev/stdout alike) is written as it is, not replaced by a file; a
#    directory is an error.
mkdir -p pipe && cd pipe || exit 1
cp "$src" . && mkfifo fifo
# (A compile that fails before writing never opens the pipe: the reader
# gives up after a while instead of waiting forever.)
timeout 60 cat fifo >got.json &
reader=$!
$CC -O2 -c -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=fifo filter.c -o filter.o >log 2>&1
rc=$?
[ $rc = 0 ] || kill $reader 2>/dev/null
wait $reader
if [ $rc = 0 ] && [ -p fifo ] && python3 -c "import json; json.load(open('got.json'))" 2>/dev/null \
   && [ -z "$(ls | grep -v -E '^(filter\.[co]|fifo|got\.json|log)$')" ]; then
  ok "report into a pipe: written through it, the pipe stays a pipe"
else
  bad "report into a pipe: rc=$rc, files: $(ls -l | tr '\n' ' ')"; cat log
fi
mkdir -p adir
$CC -O2 -c -fplugin="$PLUGIN" -fplugin-arg-cachecat-report=adir filter.c -o filter2.o >log 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "cannot write report.*adir.*directory" log && [ ! -e filter2.o ]; then
  ok "report path is a directory: error, exit 1"
else
  bad "report path is a directory: rc=$rc"; cat log
fi
cd "$dir" || exit 1

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
