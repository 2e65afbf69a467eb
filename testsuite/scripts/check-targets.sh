#!/bin/bash
# cachecat: the plugin for every other target whose cross GCC is installed.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# For each cross compiler of TARGET_CCS (default: the four Debian 12 ships
# with plugin headers) this builds its plugin (make CC=..., into
# build/TRIPLE/) and checks
#   - make install puts it into that compiler's plugin directory;
#   - the report names the target;
#   - check-codegen.sh on the corpus at the target's flag sets: the objects
#     are byte-identical with and without the plugin, no diagnostic of its
#     own, and every instruction of the report is one of the object's;
#   - RISC-V: a unit the linker may still relax gets no promise and says
#     why; -mno-relax makes its offsets final (riscv_relax.h); with
#     -msave-restore unknown code runs in the millicode it jumps to;
#   - ARM and AArch64: a call into another section is a call to unknown
#     code, which a linker's veneer may be (target.h);
#   - A32: the branches GCC's conditional execution leaves out run on into
#     the insns it made conditional, conditional returns and -fpie switch
#     tables of branches are modelled, conditional calls are not;
#   - AArch64 and RISC-V (-mno-relax): the layout computed from the text
#     (plugin/layout/aarch64/, plugin/layout/riscv/) is the measured one,
#     on the corpus and the validation programs at the target's flag sets
#     (check-layout-decode.sh, CACHECAT_LAYOUT=compute against labels;
#     RISC-V also under RV64G, RV32IMC and RV32IM, -fpic, padding
#     -falign-*=, far branches); inline asm it must not trust is measured.
# A compiler that is not installed, or has no plugin headers, is skipped
# with a line that says so.  Output: PASS/FAIL lines, then "N passed, N
# failed"; exit status 1 on any failure.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
TARGET_CCS=${TARGET_CCS:-aarch64-linux-gnu-gcc-12 arm-linux-gnueabihf-gcc-12 arm-none-eabi-gcc riscv64-linux-gnu-gcc-12}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }
LC_ALL=C
export LC_ALL

# The flag sets of each target: its usual levels, as its users build.  The
# corpus files' own extra flag sets are x86-64's.  (arm-none-eabi's GCC 12
# writes an invalid ".size *name" for an asm-renamed variable at -O0, in
# inline_asm.c: -O0 is the Linux ARM compiler's.)
flag_sets() {
  case $1 in
    arm-none-eabi) echo "-O2 -mthumb -mcpu=cortex-m7;-Os -mthumb -mcpu=cortex-m7;-O1 -mthumb -mcpu=cortex-m4;-O2 -g -mthumb -mcpu=cortex-r5;-Os -marm -mcpu=cortex-r5" ;;
    arm-*) echo "-O0 -mthumb;-O2 -mthumb;-Os -mthumb;-O2 -g -mthumb;-O2 -marm;-Os -marm" ;;
    riscv*) echo "-O0 -mno-relax;-O2 -mno-relax;-Os -mno-relax;-O2 -g -mno-relax" ;;
    *) echo "-O0;-O2;-Os;-O2 -g" ;;
  esac
}

# Corpus files the target's compiler itself rejects (not a plugin matter).
not_for_target() {
  case $1:$2 in
    arm-*:gnu_misc.c) return 0 ;;            # __int128: 64-bit targets only
    arm-none-eabi:setjmp_longjmp.c) return 0 ;;  # newlib has no sigjmp_buf
  esac
  return 1
}

# riscv_relax TRIPLE CC PLUGIN: no promise where the linker may relax.
riscv_relax() {
  local t=$1 cc=$2 plugin=$3 src=$top/examples/filter.c
  if "$cc" -O2 -S -fplugin="$plugin" "$src" -o "$work/relax.s" 2>"$work/relax.err" \
     && grep -q "linker may relax" "$work/relax.err" \
     && grep -q "run cachecat-link on the linked program" "$work/relax.err" \
     && python3 - "$work/relax.cachecat.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
assert "relax" in r["layout"].get("problem", ""), r["layout"]
assert r["layout"]["offsets"] == "unknown", r["layout"]
s = r["summary"]
assert s["conflict"] > 0 and s["conflict"] == sum(s.values()), s
EOF
  then ok "$t: relaxing code gets no promise, the report says why, the warning points to cachecat-link"
  else bad "$t: relaxing code"; cat "$work/relax.err"
  fi
  if "$cc" -O2 -mno-relax -S -fplugin="$plugin" "$src" -o "$work/norelax.s" 2>"$work/norelax.err" \
     && [ ! -s "$work/norelax.err" ] \
     && python3 - "$work/norelax.cachecat.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
assert "problem" not in r["layout"], r["layout"]
s = r["summary"]
assert s["conflict"] < sum(s.values()), s
# 2-byte sections, 32-byte lines: 16 places, which the layout says, and
# what gives promises on the final addresses.
a = r["layout"].get("advice", "")
assert "any of 16 places" in a and "cachecat-link" in a, r["layout"]
EOF
  then ok "$t: -mno-relax: final offsets, promises; the report says why few are always-hit, and what to run"
  else bad "$t: -mno-relax"; cat "$work/norelax.err"
  fi
  # An asm statement that turns relaxation back on for a while.
  printf 'int f (int x)\n{\n  __asm__ (".option push\\n.option relax\\ncall g\\n.option pop");\n  return x + 1;\n}\n' >"$work/asmrelax.c"
  if "$cc" -O2 -mno-relax -S -fplugin="$plugin" "$work/asmrelax.c" -o "$work/asmrelax.s" \
       2>"$work/asmrelax.err" && grep -q "linker may relax" "$work/asmrelax.err"; then
    ok "$t: -mno-relax with an asm that relaxes: no promise"
  else
    bad "$t: -mno-relax with an asm that relaxes"; cat "$work/asmrelax.err"
  fi
}

# veneers TRIPLE CC PLUGIN FLAGS: ARM and AArch64 calls into another
# section may pass a stub of the linker's: unknown code
# (cc_target_veneer_calls); a call inside the section reaches its callee.
veneers() {
  local t=$1 cc=$2 plugin=$3 flags=$4
  cat >"$work/veneer.c" <<'EOF'
__attribute__ ((noinline, section (".ramfunc"))) int ram (int x) { return x * 3; }
__attribute__ ((noinline)) int near (int x) { return x * 5; }
int f (int x) { return ram (x) + near (x); }
EOF
  # shellcheck disable=SC2086
  if "$cc" $flags -S -fplugin="$plugin" "$work/veneer.c" -o "$work/veneer.s" 2>"$work/veneer.err" \
     && [ ! -s "$work/veneer.err" ] \
     && python3 - "$work/veneer.cachecat.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
f = [p for p in r["functions"] if p["name"] == "f"][0]
calls = [i["call"]["callee"] for i in f["insns"] if "call" in i]
assert sorted(calls, key=str) == [None, "near"], calls
EOF
  then ok "$t: a call into another section may pass a veneer: unknown code"
  else bad "$t: a call into another section"; cat "$work/veneer.err"
  fi
}

# arm_a32 TRIPLE CC PLUGIN FLAGS: A32 code (asm_capture.cc, unit_finish.cc
# mend_arm).  At -Os GCC leaves out sort's branch over `slow = ...' and
# runs the insns it skipped conditionally: the model's block that ends in
# the missing branch (no bytes) only runs on; sort's early `return head'
# is a conditional return.  Both are modelled, without a warning.
arm_a32() {
  local t=$1 cc=$2 plugin=$3 flags=$4
  cat >"$work/a32.c" <<'EOF'
struct node { int v; struct node *next; };
struct node *merge (struct node *a, struct node *b);
struct node *
sort (struct node *head)
{
  if (!head || !head->next)
    return head;
  struct node *slow = head, *fast = head->next;
  while (fast && fast->next)
    {
      slow = slow->next;
      fast = fast->next->next;
    }
  struct node *second = slow->next;
  slow->next = 0;
  return merge (sort (head), sort (second));
}
EOF
  # shellcheck disable=SC2086
  if CACHECAT_DUMP_MODEL=$work/a32.model "$cc" $flags -Os -S -fplugin="$plugin" "$work/a32.c" \
       -o "$work/a32.s" 2>"$work/a32.err" \
     && [ ! -s "$work/a32.err" ] \
     && python3 - "$work/a32.model" "$work/a32.cachecat.json" <<'EOF'
import json, sys
insns, blocks = [], []
for line in open(sys.argv[1]):
    w = line.split()
    if w[0] == "insn":
        insns.append(int(w[4]))                # its length
    elif w[0] == "block":
        blocks.append(w[1:])
empty = [i for i, n in enumerate(insns) if n == 0]
assert empty, "GCC left out no branch: the test no longer tests it"
ends = {int(b[0]) + int(b[1]) - 1: k for k, b in enumerate(blocks)}
mended = 0
for i in empty:
    if i in ends:                              # a branch, not a marker
        k = ends[i]
        exits, fall, succs = blocks[k][3], blocks[k][6], blocks[k][7:]
        assert exits == "0" and fall == str(k + 1) and succs == ["1", str(k + 1)], blocks[k]
        mended += 1
assert mended, "no left-out branch ends a block"
assert [b for b in blocks if b[3] == "1" and b[6] != "-"], "no conditional return"
f = json.load(open(sys.argv[2]))["functions"][0]
assert f["analysed"] and f["summary"]["conflict"] < sum(f["summary"].values()), f["summary"]
EOF
  then ok "$t: A32: a branch GCC leaves out runs on, a conditional return is modelled"
  else bad "$t: A32: left-out branch and conditional return"; cat "$work/a32.err"
  fi

  # Switch code with -fpie adds the index to the pc and runs a `b' of the
  # table, one per pass: a block of the table's entries, each maybe
  # fetched, after the jump and before every case (without -fpie, a
  # table of addresses, data).
  cat >"$work/sw.c" <<'EOF'
void a (int); void b (int); void c (int); void d (int); void e (int); void f (int);
void sw (int x)
{
  switch (x)
    {
    case 0: a (x); break;
    case 1: b (x + 3); break;
    case 2: c (x * 7); break;
    case 3: d (x - 9); break;
    case 4: e (x ^ 5); break;
    case 5: f (x); break;
    }
}
EOF
  # shellcheck disable=SC2086
  if CACHECAT_DUMP_MODEL=$work/sw.model "$cc" $flags -O2 -fpie -S -fplugin="$plugin" "$work/sw.c" \
       -o "$work/sw.s" 2>"$work/sw.err" \
     && grep -q "addls" "$work/sw.s" && [ ! -s "$work/sw.err" ] \
     && python3 - "$work/sw.model" <<'EOF'
import sys
insns, blocks = [], []
for line in open(sys.argv[1]):
    w = line.split()
    if w[0] == "insn":
        insns.append(w)
    elif w[0] == "block":
        blocks.append([int(x) if x.isdigit() else x for x in w[1:]])
jump, table = blocks[0], blocks[1]
assert table[1] == 6, table                               # six entries
assert all(insns[table[0] + k][8] == "1" for k in range(6)), "an entry fetched for sure"
assert 1 in jump[8:] and len(jump[8:]) == 2, jump        # the table and the default
assert len(table[8:]) == 6 and table[6] == "-", table    # every case, no fall-through
EOF
  then ok "$t: A32: an -fpie switch table of branches is a block whose entries are maybe fetched"
  else bad "$t: A32: switch table of branches"; cat "$work/sw.err"
  fi

  # Before ARMv5T the ccfsm may make a call conditional: not modelled.
  echo 'void g (void); void h (int); void f (int x) { if (x) g (); h (x); }' >"$work/ccall.c"
  if "$cc" -marm -march=armv4t -mfloat-abi=soft -Os -S -fplugin="$plugin" "$work/ccall.c" -o "$work/ccall.s" \
       2>"$work/ccall.err" \
     && grep -q "blne" "$work/ccall.s" \
     && grep -q "cannot model .f.: the ARM back end made a call conditional" "$work/ccall.err"; then
    ok "$t: A32: a conditional call (ARMv4T) is not modelled"
  else bad "$t: A32: a conditional call"; cat "$work/ccall.err"
  fi
}

# layout_ways TRIPLE CC PLUGIN TAG NAME FLAG_SETS WAYS FILE...: the layout
# computed from the text against labels (check-layout-decode.sh, WAYS
# compute: CACHECAT_LAYOUT=compute must give the .s, report and
# diagnostics of labels; default: whichever way the plugin takes), on
# FILEs at the ';'-separated FLAG_SETS; its counts join ours.
layout_ways() {
  local t=$1 cc=$2 plugin=$3 tag=$4 name=$5 sets=$6 ways=$7 log
  shift 7
  log=$work/layout-$t-$(echo "$name" | tr -c 'a-zA-Z0-9\n' _).log
  # shellcheck disable=SC2086
  CC=$cc PLUGIN=$plugin B=build/$t FLAG_SETS_OVERRIDE=$sets WAYS=$ways TAG=$tag \
    testsuite/scripts/check-layout-decode.sh "$@" >"$log" 2>&1
  last=$(tail -n 1 "$log")
  if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    echo "$t: $name: $last"
    [ "${BASH_REMATCH[2]}" -eq 0 ] || grep -A 6 '^FAIL' "$log" | head -n 40
  else
    bad "$t: $name: check-layout-decode printed no result"
    tail -n 20 "$log"
  fi
}

# asm_cases TRIPLE CC PLUGIN FLAGS CASE...: inline asm between two calls,
# so that later offsets move if its bytes are miscounted, at FLAGS.  A
# CASE is ASM|what the refusal names: "-" the filter gives up on the
# whole text, which is then measured without a computing to refuse; ""
# the computation follows it.  What the computation cannot follow is
# measured by default (the same output as with labels), and forced
# (CACHECAT_LAYOUT=compute) it is refused, naming the statement; what it
# follows is computed, forced or not.
asm_cases() {
  local t=$1 cc=$2 plugin=$3 flags=$4 c asm want name ok
  shift 4
  for c in "$@"; do
    asm=${c%|*} want=${c##*|} name="$t: asm \"$asm\""
    printf 'extern int g (int);\n__attribute__ ((noinline)) int f (int x)\n{\n  int y = g (x);\n  __asm__ volatile ("%s" ::: "memory");\n  return g (y) + 1;\n}\nint h (int x) { return f (x) * 3; }\n' "$asm" >"$work/asm.c"
    for way in labels default compute; do
      # shellcheck disable=SC2086
      (cd "$work" && if [ $way = default ]; then unset CACHECAT_LAYOUT; else export CACHECAT_LAYOUT=$way; fi
       "$cc" $flags -S asm.c -o asm.$way.s -fplugin="$plugin" \
         -fplugin-arg-cachecat-report=asm.$way.json 2>asm.$way.err)
    done
    ok=1
    cmp -s "$work/asm.labels.s" "$work/asm.default.s" \
      && cmp -s "$work/asm.labels.json" "$work/asm.default.json" \
      && grep -q '"offsets": "exact' "$work/asm.default.json" || ok=0
    case $want in
      -) ;;
      '') cmp -s "$work/asm.labels.json" "$work/asm.compute.json" || ok=0 ;;
      *) grep -F "computing the layout failed" "$work/asm.compute.json" | grep -qF -- "$want" || ok=0 ;;
    esac
    if [ $ok = 1 ]; then
      case $want in
        -) ok "$name: measured, as with labels" ;;
        '') ok "$name: computed, as with labels" ;;
        *) ok "$name: measured, as with labels; computing it refuses" ;;
      esac
    else
      bad "$name (wanted: ${want:-computed})"
      diff "$work/asm.labels.json" "$work/asm.default.json" | head -n 6
      grep -h '"problem"' "$work"/asm.*.json | head -n 3
    fi
  done
}

# a64_layout TRIPLE CC PLUGIN: on AArch64 the plugin computes the layout
# from the text (plugin/layout/aarch64/aarch64_layout.h) instead of running
# the measuring assembly.  Forced, it must give what measuring with
# labels gives, on every corpus file and validation program at each flag
# set; then the inline asm cases.
a64_layout() {
  local t=$1 cc=$2 plugin=$3
  layout_ways "$t" "$cc" "$plugin" aarch64 "computed layout against labels" "$(flag_sets "$t")" \
    compute testsuite/corpus/*.c testsuite/validate/programs/*.c
  asm_cases "$t" "$cc" "$plugin" -O2 \
    '.rept 3\n\tnop\n\t.endr|-' \
    '.macro twice\n\tnop\n\tnop\n\t.endm\n\ttwice|-' \
    'ldr x1, =0x123456789abc\n\tb 1f\n\t.ltorg\n1:|ldr x1, =' \
    '.byte 1\n\tnop|not on a 4-byte boundary' \
    '.space 6\n\t.p2align 2|.space 6' \
    'tmp .req x1\n\tmov tmp, 1|tmp .req x1' \
    '.string \"ab\"\n\t.p2align 2|.string' \
    '.balign 16, 0|.balign 16, 0' \
    '.pushsection .text, 1\n\tnop\n\t.popsection|.pushsection .text, 1' \
    '# nop; nop\n\tnop; nop|' \
    '.inst 0xd503201f, 0xd503201f|' \
    '.p2align 4\n\tnop|' \
    '.word 0x12345678\n\t.byte 1, 2, 3, 4\n\tnop|'
}

# A function whose branches reach far: over 16 bytes, 160, 640, 2.5 and 5
# KiB, and a loop around it all (gas makes them 2, 4, 6 and 8 bytes at
# -O0; GCC writes its own long forms at -O2, with a local label 1:).
far_branches() {
  cat <<'EOF2'
#define R4(s) s s s s
#define R16(s) R4 (R4 (s))
#define R64(s) R4 (R16 (s))
#define R256(s) R4 (R64 (s))
volatile int v[8];
int
big (int x, int y)
{
  while (x--)
    {
      if (y & 8)
        v[6]++;
      if (y & 1)
        { R256 (v[1] += x;) }
      if (y & 2)
        { R64 (v[2] ^= x;) }
      if (y & 4)
        { R16 (v[3] -= y;) }
      if (y == x)
        { R256 (v[4] += y;) R256 (v[5] += y;) }
    }
  return v[0];
}
EOF2
}

# riscv_millicode TRIPLE CC PLUGIN: with -msave-restore, prologues call
# and epilogues jump to libgcc's millicode (`call t0,__riscv_save_N',
# `tail __riscv_restore_N', then a return without bytes): the unit is
# analysed, and unknown code runs right after those jumps, so a function
# that makes one has no miss bound and a loop that calls it no first-miss
# (make validate checks the promises against runs: riscv64-sr).
riscv_millicode() {
  local t=$1 cc=$2 plugin=$3
  cat >"$work/millicode.c" <<'EOF2'
static int __attribute__ ((noinline)) sq (int x) { return x * x + 1; }
static int __attribute__ ((noinline)) f (int a) { int s = sq (a); return s + sq (s); }
int h (int n)
{
  int t = 0;
  for (int i = 0; i < n; i++)
    t += f (i);
  return t;
}
EOF2
  if "$cc" -O2 -msave-restore -mno-relax -S -fplugin="$plugin" "$work/millicode.c"        -o "$work/millicode.s" 2>"$work/millicode.err"      && [ ! -s "$work/millicode.err" ] && grep -q '__riscv_restore_' "$work/millicode.s"      && python3 - "$work/millicode.cachecat.json" <<'EOF2'
import json, sys
r = json.load(open(sys.argv[1]))
assert "problem" not in r["layout"], r["layout"]
fs = {f["name"]: f for f in r["functions"]}
assert all(f["analysed"] for f in fs.values()), fs.keys()
assert fs["sq"]["max_misses"] is not None, fs["sq"]
for name in ("f", "h"):
    why = fs[name].get("unbounded_because", "")
    assert why.startswith("unknown code runs in " + name), (name, why)
h = fs["h"]
assert h["loops"], h
loop = [i for i in h["insns"] if i["offset"] in h["loops"][0]["insns"]]
assert loop and all(i["category"] == "conflict" for i in loop), loop
EOF2
  then ok "$t: -msave-restore: analysed, unknown code runs in the millicode"
  else bad "$t: -msave-restore"; cat "$work/millicode.err"
  fi
}

# riscv_layout TRIPLE CC PLUGIN: on RISC-V with -mno-relax the plugin
# computes the layout from the text (plugin/layout/riscv/riscv_layout.h).
# Forced, it must give what measuring with labels gives, on the corpus,
# the validation programs and a function of far branches, under RV64GC at
# the target's levels, -fpic and -falign-*= that pad, under RV64G, RV32IMC
# and RV32IM at -O0, -O2 and -Os (files the compiler rejects without
# their C library are skipped), and with -msave-restore.
# Then the inline asm cases.
riscv_layout() {
  local t=$1 cc=$2 plugin=$3 isa sets files
  # Relative to the top, as check-layout-decode.sh takes its files.
  far_branches >"build/$t/far_branches.c"
  files=(testsuite/corpus/*.c testsuite/validate/programs/*.c "build/$t/far_branches.c")
  sets="$(flag_sets "$t");-O2 -fpic -mno-relax;-O2 -falign-functions=16 -falign-loops=8 -falign-jumps=8 -mno-relax;-Os -falign-functions=32 -falign-labels=8 -mno-relax"
  layout_ways "$t" "$cc" "$plugin" riscv "RV64GC computed layout against labels" "$sets" \
    compute "${files[@]}"
  for isa in "rv64g -mabi=lp64d" "rv32imc -mabi=ilp32" "rv32im -mabi=ilp32"; do
    sets="-O0 -march=$isa -mno-relax;-O2 -march=$isa -mno-relax;-Os -march=$isa -mno-relax"
    layout_ways "$t" "$cc" "$plugin" riscv "${isa%% *} computed layout against labels" \
      "$sets" compute "${files[@]}"
  done
  layout_ways "$t" "$cc" "$plugin" riscv "-msave-restore computed layout against labels" \
    "-O2 -msave-restore -mno-relax;-Os -msave-restore -mno-relax" compute "${files[@]}"
  asm_cases "$t" "$cc" "$plugin" "-O2 -mno-relax" \
    '.rept 3\n\tnop\n\t.endr|-' \
    '.insn r 0x33, 0, 0, a0, a1, a2|.insn' \
    '.option arch, +zba\n\tnop|.option arch' \
    'csrr a0, mstatus|mstatus' \
    '.byte 1\n\tnop|odd offset' \
    '.balign 16, 0|.balign 16, 0' \
    '.string \"ab\"\n\t.p2align 2|.string' \
    '.option push\n\t.option norvc\n\tnop\n\tli a0, 0x12345678\n\t.option pop|' \
    '1: addi a0, a0, -1\n\tbnez a0, 1b\n\tbeqz a1, 1f\n\tcall g\n1:|' \
    '.p2align 4\n\tnop|' \
    '.word 0x12345678\n\t.half 1, 2\n\tnop|' \
    '# nop; nop\n\tnop; nop|'
}

for cc in $TARGET_CCS; do
  if ! command -v "$cc" >/dev/null 2>&1; then
    echo "check-targets: skipped $cc (not installed)"
    continue
  fi
  if [ ! -f "$("$cc" -print-file-name=plugin)/include/gcc-plugin.h" ]; then
    echo "check-targets: skipped $cc (no plugin headers: its gcc-12-plugin-dev package)"
    continue
  fi
  t=$("$cc" -dumpmachine)
  plugin=$top/build/$t/cachecat.so
  if ! make -s -j2 CC="$cc" >"$work/make-$t.log" 2>&1 || [ ! -f "$plugin" ]; then
    bad "$t: make CC=$cc"
    tail -n 20 "$work/make-$t.log"
    continue
  fi
  ok "$t: make CC=$cc builds build/$t/cachecat.so"

  dest=$work/dest-$t
  plugdir=$("$cc" -print-file-name=plugin)
  if make -s install CC="$cc" DESTDIR="$dest" >"$work/install-$t.log" 2>&1 \
     && cmp -s "$plugin" "$dest$plugdir/cachecat.so" \
     && [ -f "$dest$plugdir/cachecat/config/cortex-m7.conf" ] \
     && [ ! -e "$dest/usr/local/bin/cachecat-link" ]; then
    ok "$t: make install CC=$cc: the plugin and configs in $plugdir"
  else
    bad "$t: make install CC=$cc"
    cat "$work/install-$t.log"
  fi

  echo 'int f (int x) { return x + 1; }' >"$work/one.c"
  if "$cc" -O2 -S -fplugin="$plugin" "$work/one.c" -o "$work/one.s" 2>"$work/one.err" \
     && python3 -c "import json,sys; d=json.load(open('$work/one.cachecat.json'))['target']; assert d['triple']=='$t' and d['arch']!='unknown', d"; then
    ok "$t: the report names the target"
  else
    bad "$t: the report names the target"
    cat "$work/one.err"
  fi

  # Cortex-M7 runs ARM code: a warning for any other target's plugin.
  "$cc" -O2 -S -fplugin="$plugin" -fplugin-arg-cachecat-config=cortex-m7 "$work/one.c" \
    -o "$work/m7.s" 2>"$work/m7.err"
  rc=$?
  case $t in arm*) want=no ;; *) want=yes ;; esac
  if grep -q "describes a core that runs arm code" "$work/m7.err"; then got=yes; else got=no; fi
  if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
    ok "$t: config=cortex-m7 (found beside the plugin), warned about: $want"
  else
    bad "$t: config=cortex-m7 (exit $rc, warning $got, wanted $want)"
    cat "$work/m7.err"
  fi

  files=()
  for f in testsuite/corpus/*.c; do
    not_for_target "$t" "$(basename "$f")" || files+=("$f")
  done
  CC=$cc PLUGIN=$plugin B=build/$t FLAG_SETS_OVERRIDE=$(flag_sets "$t") EXTRA_FLAG_SETS=0 \
    testsuite/scripts/check-codegen.sh "${files[@]}" >"$work/codegen-$t.log" 2>&1
  last=$(tail -n 1 "$work/codegen-$t.log")
  if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
    passed=$((passed + p))
    failed=$((failed + f))
    echo "$t: check-codegen: $last"
    [ "$f" -eq 0 ] || grep -A 8 '^FAIL' "$work/codegen-$t.log" | head -n 60
  else
    bad "$t: check-codegen printed no result"
    tail -n 20 "$work/codegen-$t.log"
  fi

  case $t in
    riscv*) riscv_relax "$t" "$cc" "$plugin"; riscv_millicode "$t" "$cc" "$plugin"
            riscv_layout "$t" "$cc" "$plugin" ;;
    arm-none-eabi) veneers "$t" "$cc" "$plugin" "-O2 -mthumb -mcpu=cortex-m7" ;;
    arm*) veneers "$t" "$cc" "$plugin" "-O2" ;;
    aarch64*) veneers "$t" "$cc" "$plugin" "-O2"; a64_layout "$t" "$cc" "$plugin" ;;
  esac
  case $t in
    arm-none-eabi) arm_a32 "$t" "$cc" "$plugin" "-marm -mcpu=cortex-r5" ;;
    arm*) arm_a32 "$t" "$cc" "$plugin" "-marm" ;;
  esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
