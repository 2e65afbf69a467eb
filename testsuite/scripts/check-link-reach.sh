#!/bin/bash
# cachecat: what reaches a linked program's code.  A function reached
# only through a self-relative table (`.long f - table', `.long f - .')
# is among a closed program's indirect targets: validate.py checks the
# promises and miss bounds of fs_rel_table and mu_rel_table against
# traced runs at -O1, -O2 and -Os on three small caches.  The plugin
# flags what asm names and what `used' marks (the record says so).
# Functions folded by identical-code folding (gold's and lld's --icf=all)
# are one function under all their names; a weak function's copy that
# no symbol names and nothing calls is left out; and a function whose
# address the modelled code hands to code without a model (a callback of
# qsort from another unit) may be called from there: a root.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
ROOT=$PWD
B=${B:-build}
PLUGIN=${PLUGIN:-$ROOT/cachecat.so}
LINK=${CACHECAT_LINK:-$ROOT/cachecat-link}
SRC=$ROOT/testsuite/link
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

# report_py FILE CODE: run CODE with r = the report, fn = its functions
# by name; its exit status.
report_py() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
fn = {f["name"]: f for f in r["functions"]}
roots = [i["function"] for i in r["instances"] if i["root"]]
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}

# 1. Self-relative tables, against traced runs: one result per run.
out=$(PLUGIN=$PLUGIN CACHECAT_LINK=$LINK python3 testsuite/validate/validate.py \
  --programs testsuite/validate/programs/fs_rel_table.c,testsuite/validate/programs/mu_rel_table \
  --levels=-O1,-O2,-Os --shapes=128/32,512/32,256/32/2 --flags none --targets x86-64 \
  --csmith 0 --out "$B/validate-reach" 2>&1)
echo "$out" | grep -E '^(ok|FAIL|ERROR) '
passed=$((passed + $(grep -c -E '^ok ' <<<"$out")))
failed=$((failed + $(grep -c -E '^(FAIL|ERROR) ' <<<"$out")))
grep -q '^validate: .* 0 violations .* 0 over their bound' <<<"$out" \
  || bad "self-relative tables: validate.py found broken promises or bounds"

cd "$dir" || exit 1
FS="-O2 -g -static -nostdlib -ffreestanding -fno-pie -no-pie -fno-stack-protector \
    -fcf-protection=none -fno-asynchronous-unwind-tables"
REC="-fplugin=$PLUGIN -fplugin-arg-cachecat-record=only"
SHAPE="--cache-size=512 --line-size=32"
VP=$ROOT/testsuite/validate/programs
# shellcheck disable=SC2086
$CC $FS $REC "$VP/fs_rel_table.c" -o rel && "$LINK" $SHAPE rel --report=rel.json
check "fs_rel_table: closed, and both functions of the table are targets of its indirect calls" \
  "report_py rel.json 'r[\"link\"][\"closed\"] and r[\"link\"][\"indirect_targets\"] == 3 and all(fn[f][\"analysed\"] for f in (\"op_mix\", \"op_fold\", \"op_known\"))'"
# shellcheck disable=SC2086
for u in main steps; do $CC $FS $REC -c "$VP/mu_rel_table/$u.c" -o mu_$u.o; done \
  && $CC $FS mu_main.o mu_steps.o -o mu && "$LINK" $SHAPE mu --report=mu.json
check "mu_rel_table: the other unit's functions the tables reach are targets, nothing else" \
  "report_py mu.json 'r[\"link\"][\"closed\"] and r[\"link\"][\"indirect_targets\"] == 4 and all(fn[f][\"analysed\"] for f in (\"step_a\", \"step_b\", \"step_c\", \"step_d\"))'"

# 2. The plugin: a function that asm names, or that is marked used, is
#    address-taken in the model (its record says so for cachecat-link).
cat >named.c <<'C'
void named_in_asm (void) { }
void named_top (void) { }
static __attribute__ ((used)) void kept (void) { }
void plain (void) { }
__asm__ (".pushsection .rodata\n.long named_top - .\n.popsection");
void user (void) { __asm__ volatile ("# named_in_asm, not called" ::: "memory"); }
C
CACHECAT_DUMP_MODEL=named.model $CC -O2 -c -fplugin="$PLUGIN" named.c -o named.o
check "the plugin flags a function named by top-level asm, by an asm statement, or used" \
  "python3 - named.model <<'PY'
import re, sys
flags = dict(re.findall(r'^func (\\S+) (\\d+)', open(sys.argv[1]).read(), re.M))
taken = lambda f: int(flags[f]) & 2
sys.exit(0 if taken('named_in_asm') and taken('named_top') and taken('kept')
         and not taken('plain') and not taken('user') else 1)
PY"

# 3. Identical code folding: three identical functions of two units,
#    folded by gold and by lld.  One function at one address, with every
#    name; the folded ones removed; no address reported twice.
cat >icf_a.c <<'C'
__attribute__ ((noinline)) int twin1 (int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 3 ^ x; return s; }
__attribute__ ((noinline)) int twin2 (int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 3 ^ x; return s; }
int twin3 (int x);
int main (void) { return (twin1 (10) + twin2 (20) + twin3 (30)) & 1; }
C
cat >icf_b.c <<'C'
__attribute__ ((noinline)) int twin3 (int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 3 ^ x; return s; }
C
for u in icf_a icf_b; do $CC -O2 -g -ffunction-sections $REC -c $u.c -o $u.o; done
for ld in gold lld; do
  if ! $CC -fuse-ld=$ld -Wl,--icf=all icf_a.o icf_b.o -o icf_$ld 2>/dev/null; then
    bad "link with $ld --icf=all"; continue
  fi
  "$LINK" $SHAPE icf_$ld --report=icf_$ld.json
  n=$(nm icf_$ld | awk '$3 ~ /^twin/ { print $1 }' | sort -u | wc -l)
  check "$ld --icf=all: each folded address is one analysed function with every name ($n addresses)" \
    "report_py icf_$ld.json 'len(set(f[\"address\"] for f in r[\"functions\"])) == len(r[\"functions\"]) and sorted(sum(([f[\"name\"]] + f.get(\"aliases\", []) for f in r[\"functions\"] if f[\"name\"].startswith(\"twin\")), [])) == [\"twin1\", \"twin2\", \"twin3\"] and all(f[\"analysed\"] for f in r[\"functions\"] if not f.get(\"from_binary\")) and len([f for f in r[\"functions\"] if f[\"name\"].startswith(\"twin\")]) == $n and r[\"link\"][\"removed_functions\"] == 3 - $n'"
done

# 4. A weak function another unit overrides: its copy stays in .text
#    without a symbol, and nothing calls it.
for u in main other lib; do $CC -O2 -g $REC -c "$SRC/$u.c" -o w_$u.o; done
$CC w_main.o w_other.o w_lib.o -o weak && "$LINK" $SHAPE weak --report=weak.json
check "the overridden copy of a weak function is left out, counted, and the other is analysed" \
  "report_py weak.json 'r[\"link\"][\"unnamed_unreached_functions\"] == 1 and \"hook@$SRC/main.c\" not in fn and fn[\"hook@$SRC/other.c\"][\"analysed\"]'"
objcopy --strip-symbol=hook weak weak-nosym 2>/dev/null
"$LINK" $SHAPE weak-nosym --report=weak-nosym.json 2>/dev/null
check "a function symbol-less only because its symbol was stripped, but called, stays" \
  "report_py weak-nosym.json '\"hook@$SRC/other.c\" in fn and fn[\"hook@$SRC/other.c\"][\"analysed\"]'"

# 5. A callback from another unit passed to qsort (code without a model):
#    qsort may call it, so it is a root of the open program.
cat >qa.c <<'C'
#include <stdlib.h>
int cmp (const void *a, const void *b);
int arr[64];
int main (void) { for (int i = 0; i < 64; i++) arr[i] = (i * 37) % 64; qsort (arr, 64, sizeof arr[0], cmp); return arr[0]; }
C
printf 'int cmp (const void *a, const void *b) { return *(const int *) a - *(const int *) b; }\n' >qb.c
for u in qa qb; do $CC -O2 -g $REC -c $u.c -o $u.o; done
$CC -static qa.o qb.o -o qs && "$LINK" $SHAPE qs --report=qs.json
check "a callback of another unit that main hands to qsort is a root, and the report says why" \
  "report_py qs.json 'not r[\"link\"][\"closed\"] and \"cmp\" in roots and fn[\"cmp\"][\"analysed\"] and \"code refers to its address at 0x\" in fn[\"cmp\"][\"called_from_unknown_code\"] and \"called_from_unknown_code\" not in fn[\"main\"]'"

echo "$passed passed, $failed failed"
