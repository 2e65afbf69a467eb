#!/bin/bash
# cachecat: cachecat-link on real builds.  The models the plugin records
# (-fplugin-arg-cachecat-record) survive the link, plain, static with
# -ffunction-sections -Wl,--gc-sections, from a static archive, through
# ccache and through distcc (to a distccd of the test's own on localhost),
# under LTO and with compressed debug sections; recording leaves the loaded image
# byte-identical; static functions of the same name in two units, a weak
# function overridden in another unit and removed code are told apart;
# calls across units are followed; and every bad input is a clear error
# with no output: an object edited after compiling, a program without
# models, a stripped program, bad options.  The conflict limits fail with
# exit status 1 and GCC-style diagnostics.  The same program built by each
# installed cross compiler (AArch64, Thumb-2, A32, Cortex-M4, RISC-V) is
# read with that target's decoders: its static functions, calls across
# units, what code without a model calls, a call through a linker's veneer
# and a branch the linker added; and RISC-V code the linker relaxes, whose
# every instruction cachecat-link places on its final bytes.  (make validate and
# check-validate.sh check the link-time promises against real runs.)
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
ROOT=$PWD
PLUGIN=${PLUGIN:-$ROOT/cachecat.so}
LINK=${CACHECAT_LINK:-$ROOT/cachecat-link}
SRC=$ROOT/testsuite/link
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

REC="-fplugin=$PLUGIN -fplugin-arg-cachecat-record"
SHAPE="--cache-size=1K --line-size=32"

# compile OUTDIR FLAGS...: the three units into OUTDIR, lib.o into libl.a.
compile() {
  local out=$1; shift
  mkdir -p "$out"
  for u in main other lib; do
    # shellcheck disable=SC2086
    $CC "$@" -c "$SRC/$u.c" -o "$out/$u.o" || return 1
  done
  rm -f "$out/libl.a" && ar rcs "$out/libl.a" "$out/lib.o"
}

# The allocated sections (names, addresses, bytes) and program headers
# of an executable: what is loaded.  Not the build ID: ld hashes the whole
# file into it, debug sections included (as -g changes it).
loaded() {
  python3 - "$1" <<'PY'
import subprocess, sys
exe = sys.argv[1]
out = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
data = open(exe, "rb").read()
for line in out.splitlines():
    f = line.replace("[ ", "[").split()
    if (len(f) > 8 and f[0].startswith("[") and f[0] != "[Nr]" and "A" in f[7]
            and f[1] != ".note.gnu.build-id"):
        name, typ, addr, off, size = f[1], f[2], f[3], int(f[4], 16), int(f[5], 16)
        body = "" if typ == "NOBITS" else data[off:off + size].hex()
        print(name, typ, addr, size, body)
print(subprocess.run(["readelf", "-l", "-W", exe], capture_output=True, text=True).stdout
      .split("Program Headers:")[1])
PY
}

# report_py FILE CODE: run CODE with r = the report; its exit status.
report_py() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
fn = {f["name"]: f for f in r["functions"]}
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}

# report_py_print REPORT EXPR: print EXPR of REPORT (r, fn as above).
report_py_print() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
fn = {f["name"]: f for f in r["functions"]}
print(eval(sys.argv[2]))
PY
}

# nm_addr EXE NAME [N]: the address of the N-th (default 1) symbol NAME.
nm_addr() {
  local a
  a=$(nm "$1" | awk -v n="$2" '$3 == n { print $1 }' | sed -n "${3:-1}p")
  [ -n "$a" ] && echo $((16#$a))
}

# 1. Three builds: plain (PIE), static with --gc-sections, and the
#    library from an archive; each with and without record.
for lvl in -O2 -Os; do
  compile rec$lvl $REC $lvl -g -ffunction-sections || bad "compile with record ($lvl)"
  compile plain$lvl $lvl -g -ffunction-sections || bad "compile without the plugin ($lvl)"
  for how in pie gc archive; do
    case $how in
      pie) lf=""; objs="main.o other.o lib.o" ;;
      gc) lf="-static -no-pie -Wl,--gc-sections"; objs="main.o other.o lib.o" ;;
      archive) lf="-no-pie"; objs="main.o other.o libl.a" ;;
    esac
    t="$lvl $how"
    # shellcheck disable=SC2086
    (cd rec$lvl && $CC $lf $objs -o prog.$how) || { bad "$t: link"; continue; }
    # shellcheck disable=SC2086
    (cd plain$lvl && $CC $lf $objs -o prog.$how) || { bad "$t: link without"; continue; }
    if [ "$(loaded rec$lvl/prog.$how)" = "$(loaded plain$lvl/prog.$how)" ]; then
      ok "$t: the loaded image is byte-identical with and without record"
    else
      bad "$t: record changed the loaded image"
    fi
    exe=rec$lvl/prog.$how
    if "$LINK" $SHAPE --quiet "$exe" >link.out 2>&1 && [ ! -s link.out ]; then
      ok "$t: cachecat-link runs, silently with --quiet"
    else
      bad "$t: cachecat-link failed"; cat link.out; continue
    fi
    rep=$exe.cachecat.json
    check "$t: 3 units, one-phase absolute layout, entry main" \
      "report_py $rep 'r[\"link\"][\"units\"] == 3 and r[\"layout\"][\"phases\"] == 1 and r[\"layout\"][\"set_indices\"] == \"absolute\" and r[\"entry\"] == {\"symbol\": \"main\", \"found\": True, \"state\": \"warm\"}'"
    s1=$(nm_addr "$exe" scale 1) s2=$(nm_addr "$exe" scale 2)
    check "$t: the two static scale() are told apart, at their addresses" \
      "report_py $rep 'sorted([fn[\"scale@$SRC/main.c\"][\"address\"], fn[\"scale@$SRC/other.c\"][\"address\"]]) == sorted([$s1, $s2])'"
    h=$(nm_addr "$exe" hook)
    # (--gc-sections removes main.c's weak hook: then one is left.)
    hk="hook@$SRC/other.c"; [ $how = gc ] && hk=hook
    check "$t: main's call of the weak hook goes to other.c's" \
      "report_py $rep 'fn[\"$hk\"][\"address\"] == $h and fn[\"$hk\"][\"unit\"] == \"$SRC/other.c\" and any(i[\"function\"] == \"$hk\" and i[\"parent\"] is not None for i in r[\"instances\"]) and not any(i[\"function\"] == \"hook@$SRC/main.c\" and i[\"parent\"] is not None for i in r[\"instances\"])'"
    check "$t: calls across units are followed (other_step, lib_sum under step and main)" \
      "report_py $rep 'all(any(i[\"function\"] == f and i[\"parent\"] is not None for i in r[\"instances\"]) for f in (\"other_step\", \"lib_sum\", \"scale@$SRC/other.c\"))'"
    check "$t: main is the first root, and nothing it calls another" \
      "report_py $rep 'r[\"instances\"][0][\"function\"] == \"main\" and not any(i[\"root\"] and i[\"function\"] in (\"step\", \"other_step\", \"lib_sum\", \"$hk\", \"scale@$SRC/main.c\") for i in r[\"instances\"])'"
    if [ $how = gc ]; then
      check "$t: --gc-sections removed other_unused and main.c's hook, and the report says so" \
        "report_py $rep 'r[\"link\"][\"removed_functions\"] == 2 and \"other_unused\" not in fn' && [ -z \"\$(nm $exe | grep other_unused)\" ]"
    fi
    "$LINK" $SHAPE "$exe" --report=again.json >/dev/null 2>&1
    check "$t: the same program gives a byte-identical report" "cmp -s $rep again.json"
  done
done

# -fPIC -fno-plt calls other units through the GOT; a static link relaxes
# those to direct calls (addr32 call), which cachecat-link follows.
compile pic $REC -O2 -g -fPIC -fno-plt || bad "compile -fPIC -fno-plt"
(cd pic && $CC -static main.o other.o lib.o -o prog) \
  && "$LINK" $SHAPE pic/prog >link.out 2>&1
check "-fPIC -fno-plt, static: calls through the GOT that ld relaxed are followed" \
  "report_py pic/prog.cachecat.json 'all(any(i[\"function\"] == f and i[\"parent\"] is not None for i in r[\"instances\"]) for f in (\"other_step\", \"lib_sum\"))' && objdump -d pic/prog | grep -q 'addr32 call'"

# A report lists machine instructions only: at -O0 (where GCC's insns
# without bytes are many) no entry of the units' reports or of
# cachecat-link's, analysed or not, has length 0.
compile o0 $REC -O0 -g || bad "compile -O0"
(cd o0 && $CC main.o other.o lib.o -o prog) && "$LINK" $SHAPE o0/prog >/dev/null 2>&1
check "-O0: no report lists an entry of length 0" \
  "python3 -c 'import json, sys; sys.exit(any(i[\"length\"] == 0 for f in sys.argv[1:] for p in json.load(open(f))[\"functions\"] for i in p[\"insns\"]))' o0/prog.cachecat.json o0/main.cachecat.json o0/other.cachecat.json o0/lib.cachecat.json"

# 2. Compressed debug sections (ld --compress-debug-sections) hold the
#    models too.
(cd rec-O2 && $CC main.o other.o lib.o -Wl,--compress-debug-sections=zlib -o prog.z)
if "$LINK" $SHAPE rec-O2/prog.z --report=z.json >link.out 2>&1 \
   && report_py z.json 'r["link"]["units"] == 3'; then
  ok "compressed debug sections"
else
  bad "compressed debug sections"; cat link.out
fi

# The summary on success: the program, the entry's bound, a table of
# the functions (worst first), the report.
"$LINK" $SHAPE rec-O2/prog.gc --report=sum.json >sum.out 2>sum.err
check "cachecat-link prints a summary on success: closed or why not, the entry, the functions" \
  "[ ! -s sum.err ] && head -n 1 sum.out | grep -q '^rec-O2/prog.gc: 3 units, [0-9]* functions.*; not closed: ' && grep -q '^entry main (warm cache): ' sum.out && grep -Eq '^ +[0-9]+ +[0-9.]+% .* main\$' sum.out && grep -q '^report: sum.json\$' sum.out"

# An object of the program compiled without record (with -g, in the
# directory of those with one): a warning names it and its functions; the
# C library's objects are not the user's, and are not named.
$CC -static -no-pie rec-O2/main.o plain-O2/other.o rec-O2/lib.o -o mixed \
  && "$LINK" $SHAPE --quiet mixed --report=mixed.json >/dev/null 2>mixed.err
check "an object compiled without record: a warning names it and its functions, nothing else" \
  "[ \"\$(grep -c warning mixed.err)\" = 1 ] && grep -q \"warning: $SRC/other.c was compiled without -fplugin-arg-cachecat-record: its functions .*'other_step'.* are code without a model\" mixed.err"

# --sarif after the link: the limits and budgets broken, at their
# sources, and each conflict program line, valid against the schema.
"$LINK" --cache-size=64 --line-size=32 --max-conflicts-per-function=0 --sarif=link.sarif \
  rec-O2/prog.gc --report=sarif.json >/dev/null 2>sarif.err
rc=$?
check "--sarif after the link: schema-valid, the limit's errors at their functions, the conflicts as notes" \
  "[ $rc = 1 ] && python3 $ROOT/testsuite/lib/sarif-check.py link.sarif >/dev/null && python3 -c 'import json, sys; d = json.load(open(\"link.sarif\")); rs = d[\"runs\"][0][\"results\"]; sys.exit(not (any(r[\"level\"] == \"error\" and r[\"ruleId\"] == \"cachecat-max-conflicts-per-function\" and r[\"locations\"][0][\"logicalLocations\"][0][\"name\"] in (\"main\", \"step\") for r in rs) and any(r[\"ruleId\"] == \"cachecat-conflict\" for r in rs) and not d[\"runs\"][0][\"invocations\"][0][\"executionSuccessful\"]))'"

# 3. The listing: objdump's disassembly of the modelled functions, each
#    instruction with its category.
"$LINK" $SHAPE --listing=prog.lst rec-O2/prog.pie --report=l.json >/dev/null 2>&1
check "--listing: the modelled functions (the start-up code's from its bytes), each instruction but padding annotated" \
  "[ \"\$(grep -E '^ +[0-9a-f]+:\s' prog.lst | grep -v 'cachecat: ' | grep -vc '\snop')\" = 0 ] && grep -q '<scale@$SRC/other.c>:' prog.lst && grep -q '<main>:' prog.lst && grep -q '<_start>:' prog.lst && grep -q 'main.c:[0-9]' prog.lst"

# Miss bounds of the whole program: a call of another unit's function,
# unbounded in the caller's own report, is bounded after the link, and a
# pragma's loop bound travels in the record.
cat >mb_main.c <<'C'
extern volatile int dev;
int work (int n);
int main (void)
{
  int s = 0;
  for (int i = 0; i < 100; i++)
    s += work (i);
  return s;
}
C
cat >mb_work.c <<'C'
volatile int dev;
int work (int n)
{
  int s = 0;
#pragma cachecat loop_bound (9)
  while (n-- > 0)
    s += dev;
  return s;
}
C
$CC -O2 -g $REC -fplugin-arg-cachecat-report=mb_main.unit.json -c mb_main.c -o mb_main.o \
  && $CC -O2 -g $REC -c mb_work.c -o mb_work.o && $CC mb_main.o mb_work.o -o mb \
  && "$LINK" $SHAPE --bounds mb --report=mb.json >/dev/null 2>mb.err
check "miss bounds after the link: a call of another unit's function is bounded" \
  "report_py mb_main.unit.json 'fn[\"main\"][\"max_misses\"] is None' && report_py mb.json 'fn[\"main\"][\"max_misses\"] is not None and fn[\"main\"][\"max_misses\"] >= 100 * fn[\"work\"][\"max_misses\"] and [(l[\"iterations\"], l[\"iterations_source\"]) for l in fn[\"work\"][\"loops\"]] == [(10, \"pragma\")]' && grep -q '^  work  *[0-9]' mb.err && grep -q 'loop at .*mb_work.c:[0-9]* .*10 header runs (pragma)' mb.err"

# Budgets of the source after the link: the records carry them; a miss
# budget that a call of another unit's function left unbounded in the
# unit is checked on the whole program, an error over it (exit 1); one of
# a function the program never runs (roomy, inlined into main) is not
# checked, with a note.
cat >bg_main.c <<'C'
int work (int n);
__attribute__ ((cachecat_max_misses (5), cachecat_max_fetch_cycles (50))) int tight (void)
{
  int s = 0;
  for (int i = 0; i < 100; i++)
    s += work (i);
  return s;
}
__attribute__ ((cachecat_max_misses (100000))) int roomy (void)
{
  return work (3);
}
int main (void) { return tight () + roomy (); }
C
$CC -O2 -g $REC -c bg_main.c -o bg_main.o 2>bg_cc.err && $CC bg_main.o mb_work.o -o bg \
  && { "$LINK" $SHAPE bg --report=bg.json >/dev/null 2>bg.err; echo $? >bg.rc; }
check "budgets after the link: a cross-unit call's budget waits for cachecat-link, which enforces it" \
  "grep -q \"note: cachecat: the miss budget of 'tight' (5, 'cachecat_max_misses') is checked by cachecat-link\" bg_cc.err && grep -q \"note: cachecat: the fetch-time budget of 'tight' (50, 'cachecat_max_fetch_cycles') is checked by cachecat-link\" bg_cc.err && [ \"\$(cat bg.rc)\" = 1 ] && grep -q \"bg_main.c:2: error: cachecat: a call of 'tight' may cause up to [0-9]* misses, over its budget of 5\" bg.err && grep -q \"bg_main.c:2: error: cachecat: a call of 'tight' may take up to [0-9]* cycles of fetch time, over its budget of 50\" bg.err && grep -q \"note: cachecat: up to [0-9]* misses: calls of 'work'\" bg.err && ! grep -q \"error: .*'roomy'\" bg.err && grep -q \"note: cachecat: no root of the program reaches 'roomy', so it never runs\" bg.err"

# A static function of a name two units use is the entry as NAME@UNIT.
"$LINK" $SHAPE "--entry=scale@$SRC/other.c" rec-O2/prog.pie --report=e.json >/dev/null 2>&1
check "--entry=NAME@UNIT names one of two static functions" \
  "report_py e.json 'r[\"entry\"] == {\"symbol\": \"scale@$SRC/other.c\", \"found\": True, \"state\": \"warm\"} and r[\"instances\"][0][\"function\"] == \"scale@$SRC/other.c\"'"

# Inline asm: a statement whose final bytes only run on to the next
# instruction (NOPs, pause, fences, cpuid, rotates) or that has no bytes is
# analysed as code after the link; one that enters the kernel or may jump
# stays asm.
cat >asm.c <<'C'
static volatile int v;
int
main (void)
{
  for (int i = 0; i < 100; i++)
    {
      __asm__ volatile ("nop\n\tpause\n\tlfence");
      __asm__ volatile ("" ::: "memory");
      v += i;
      __asm__ volatile ("cpuid" : : "a" (0) : "ebx", "ecx", "edx");
      unsigned x = v;
      __asm__ ("roll $3, %0\n\tbswap %0" : "+r" (x));
      v = x;
      if (v == 7)
        __asm__ volatile ("syscall" : : "a" (39) : "rcx", "r11", "memory");
      __asm__ goto ("jmp %l0" : : : : out);
    }
 out:
  return 0;
}
C
$CC -O2 $REC -c asm.c -o asm.o && $CC asm.o -o asm && "$LINK" $SHAPE asm --report=asm.json >/dev/null 2>&1
check "inline asm that only runs on is analysed as code; syscall and jmp stay asm" \
  "report_py asm.json '[i.get(\"asm\", False) for i in fn[\"main\"][\"insns\"]].count(True) == 2 and len(fn[\"main\"][\"insns\"]) > 12'"

# A closed program (static, every byte of its code modelled): an indirect
# call calls one of the functions whose address the program holds, here
# taken in another unit's code and in a table; a function whose address
# nothing holds is not among them.  A dynamically linked one is open.
cat >cl_ops.c <<'C'
unsigned op_add (unsigned x) { return x + 3; }
unsigned op_mul (unsigned x) { return x * 5; }
unsigned op_xor (unsigned x) { return x ^ 0x55; }
unsigned never (unsigned x) { return x - 1; }
C
cat >cl_main.c <<'C'
unsigned op_add (unsigned), op_mul (unsigned), op_xor (unsigned);
typedef unsigned (*op_fn) (unsigned);
static op_fn table[3];
static volatile unsigned sink;
static __attribute__ ((noinline, noreturn)) void
sys_exit (int code)
{
  __asm__ volatile ("syscall" : : "a" (60), "D" (code));
  __builtin_unreachable ();
}
__attribute__ ((noreturn)) void
_start (void)
{
  table[0] = op_add;
  table[1] = op_mul;
  table[2] = op_xor;
  unsigned acc = 1;
  for (unsigned i = 0; i < 1000; i++)
    acc = table[i % 3] (acc);
  sink = acc;
  sys_exit (0);
}
C
FS="-O2 -static -nostdlib -ffreestanding -fno-pie -no-pie"
# shellcheck disable=SC2086
$CC $FS $REC -c cl_ops.c -o cl_ops.o && $CC $FS $REC -c cl_main.c -o cl_main.o \
  && $CC $FS cl_main.o cl_ops.o -o closed && "$LINK" $SHAPE closed --report=cl.json >cl.out 2>&1
check "a closed program: its indirect call calls the three functions whose address it holds" \
  "report_py cl.json 'r[\"link\"][\"closed\"] and r[\"link\"][\"indirect_calls\"] == 1 and r[\"link\"][\"indirect_targets\"] == 3 and all(fn[f][\"analysed\"] and all(r[\"instances\"][r[\"instances\"][x][\"parent\"]][\"function\"] == \"(indirect call)\" for x in fn[f][\"instances\"]) for f in (\"op_add\", \"op_mul\", \"op_xor\")) and not fn[\"never\"][\"analysed\"] and \"(indirect call)\" not in fn'"
check "a closed program whose exit is a system call (asm) has a miss bound" \
  "report_py cl.json 'fn[\"_start\"][\"max_misses\"] is not None'"
check "a closed program: the loop around the indirect call and its callees keep their lines" \
  "report_py cl.json 'not [i for f in (\"_start\", \"op_add\", \"op_mul\", \"op_xor\") for i in fn[f][\"insns\"] if i[\"category\"] == \"conflict\"]'"
# shellcheck disable=SC2086
$CC $FS -z execstack cl_main.o cl_ops.o -o closed-xs && "$LINK" $SHAPE closed-xs --report=xs.json >/dev/null 2>&1
check "the same program with an executable stack (trampolines may run there) is not closed" \
  "report_py xs.json 'r[\"link\"][\"closed\"] is False and \"stack\" in r[\"link\"][\"open_because\"] and r[\"link\"].get(\"indirect_calls\") is None'"
"$LINK" $SHAPE rec-O2/prog.pie --report=open.json >/dev/null 2>&1
check "a dynamically linked program is not closed, and the report says why" \
  "report_py open.json 'r[\"link\"][\"closed\"] is False and \"dynamically\" in r[\"link\"][\"open_because\"]'"

# A function without a model whose branches are all direct (here a jump
# over a lock prefix, into the middle of an instruction) has a footprint:
# its own bytes.  The program stays closed, and a call of it in a loop
# evicts only that, so the loop keeps its lines (the exit's syscall is
# asm, conflict).
cat >fp_main.c <<'C'
void skip_lock (int, unsigned *);
static unsigned counter;
static volatile unsigned sink;
__attribute__ ((noreturn)) void
_start (void)
{
  for (int i = 0; i < 1000; i++)
    {
      skip_lock (i & 1, &counter);
      sink = counter;
    }
  __asm__ volatile ("syscall" : : "a" (60), "D" (0));
  __builtin_unreachable ();
}
__asm__ (".text\n.globl skip_lock\n.type skip_lock, @function\nskip_lock:\n"
         "\ttestl %edi, %edi\n\tje 1f\n\tlock\n1:\taddl $1, (%rsi)\n\tret\n"
         ".size skip_lock, .-skip_lock\n");
C
# shellcheck disable=SC2086
$CC $FS $REC -c fp_main.c -o fp_main.o && $CC $FS fp_main.o -o fp && "$LINK" $SHAPE fp \
  --report=fp.json >fp.out 2>&1
check "a function without a model whose branches are direct has a footprint; the program is closed" \
  "report_py fp.json '\"inside an instruction\" in fn[\"skip_lock\"][\"no_model_because\"] and fn[\"skip_lock\"][\"footprint\"][\"runs\"] == [] and fn[\"skip_lock\"][\"footprint\"][\"bytes\"] >= 10 and r[\"link\"][\"closed\"]'"
check "a call of it in a loop evicts only its footprint: the loop keeps its lines" \
  "report_py fp.json 'fn[\"_start\"][\"insns\"] and not [i for i in fn[\"_start\"][\"insns\"] if i[\"category\"] == \"conflict\" and not i.get(\"asm\")]'"

# Flow facts for code without source (--flow-facts): a loop of a function
# modelled from the bytes has no iteration bound, and one without a model
# no miss bound, so _start has none; the facts give them (the user's
# promise), and the report says where each bound came from.  A bad fact
# is an error naming its line, and no report is written.
cat >ff_main.c <<'C'
void spin (int, unsigned *);
void skip_lock (int, unsigned *);
static unsigned counter;
__attribute__ ((noreturn)) void
_start (void)
{
  for (int i = 0; i < 100; i++)
    {
      spin (i & 7, &counter);
      skip_lock (i & 1, &counter);
    }
  __asm__ volatile ("syscall" : : "a" (60), "D" (0));
  __builtin_unreachable ();
}
__asm__ (".text\n.globl spin\n.type spin, @function\nspin:\n"
         "\ttestl %edi, %edi\n\tje 2f\n1:\taddl $1, (%rsi)\n\tsubl $1, %edi\n"
         "\tjne 1b\n2:\tret\n.size spin, .-spin\n"
         ".globl skip_lock\n.type skip_lock, @function\nskip_lock:\n"
         "\ttestl %edi, %edi\n\tje 1f\n\tlock\n1:\taddl $1, (%rsi)\n\tret\n"
         ".size skip_lock, .-skip_lock\n");
C
# shellcheck disable=SC2086
$CC $FS $REC -c ff_main.c -o ff_main.o && $CC $FS ff_main.o -o ff && "$LINK" $SHAPE ff \
  --report=ff0.json >/dev/null 2>&1
head=$(report_py_print ff0.json 'fn["spin"]["loops"][0]["header"]')
printf '# the C library\nloop spin+%s max 7   # i & 7\nmisses skip_lock max 3\n' "$head" >ff.facts
"$LINK" $SHAPE ff --report=ff.json --flow-facts=ff.facts >/dev/null 2>&1
check "without flow facts a loop of code from the bytes and a function without a model leave _start unbounded" \
  "report_py ff0.json 'fn[\"_start\"][\"max_misses\"] is None and fn[\"spin\"][\"loops\"][0][\"iterations\"] is None and fn[\"skip_lock\"][\"max_misses\"] is None'"
check "--flow-facts bounds them: the loop's iterations and the function's misses, and so _start" \
  "report_py ff.json 'fn[\"spin\"][\"loops\"][0][\"iterations\"] == 8 and fn[\"spin\"][\"loops\"][0][\"iterations_source\"] == \"flow-facts\" and fn[\"skip_lock\"][\"max_misses\"] == 3 and fn[\"skip_lock\"][\"max_misses_source\"] == \"flow-facts\" and fn[\"_start\"][\"max_misses\"] is not None'"
printf 'loop spin+%s max 7\nmisses nosuch max 3\n' "$head" >bad.facts
"$LINK" $SHAPE ff --report=ffbad.json --flow-facts=bad.facts >ffbad.out 2>&1
rc=$?
check "a fact naming no function: exit 2, the file and line, no report" \
  "[ $rc = 2 ] && grep -q 'bad.facts:2: the program has no function .nosuch.' ffbad.out && [ ! -e ffbad.json ]"
printf 'loop spin+1 max 7\n' >bad2.facts
"$LINK" $SHAPE ff --report=ffbad.json --flow-facts=bad2.facts >ffbad.out 2>&1
rc=$?
check "a loop fact at no instruction's start is an error" \
  "[ $rc = 2 ] && grep -q 'bad2.facts:1: no instruction of spin starts at +0x1' ffbad.out"
printf 'bound spin 1\n' >bad3.facts
"$LINK" $SHAPE ff --report=ffbad.json --flow-facts=bad3.facts >ffbad.out 2>&1
rc=$?
check "an unknown fact is an error" \
  "[ $rc = 2 ] && grep -q 'bad3.facts:1: unknown fact .bound.' ffbad.out"

# 4. Limits: exit status 1, GCC-style diagnostics at the source.
"$LINK" --cache-size=64 --line-size=32 --max-conflicts-per-function=0 rec-O2/prog.pie \
  --report=lim.json >lim.out 2>&1
rc=$?
check "--max-conflicts-per-function=0 on a 64-byte cache: exit 1 and file:line: error" \
  "[ $rc = 1 ] && grep -Eq '^$SRC/[a-z]+\.c:[0-9]+: error: cachecat: [0-9]+ conflict instructions in .* exceed the limit of 0 \(max-conflicts-per-function\)' lim.out && grep -q ': note: cachecat: ' lim.out"
"$LINK" --cache-size=64 --line-size=32 --max-conflicts=100000 rec-O2/prog.pie --report=lim2.json >/dev/null 2>&1
check "a limit not exceeded: exit 0" "[ $? = 0 ]"

# Code no root reaches: GCC inlined sm_step everywhere and kept an
# out-of-line copy that nothing calls.  It is unreachable, a status of its
# own: no limit counts it (exit 0 with a per-function limit its
# conflicts would break), its budget is a note, --bounds says it is not
# reached from main, and the annotations and the listing say so.
cat >dead.c <<'C'
volatile int dev[64];
__attribute__ ((cachecat_max_misses (1), always_inline)) inline int
sm_step (int s, int in)
{
  for (int i = 0; i < 8; i++)
    s = (s * 31 + dev[(in + i) & 63]) ^ (s >> 3);
  switch (s & 7)
    {
    case 0: return s + 1;
    case 1: return s * 3;
    case 2: return s - 7;
    default: return s;
    }
}
extern int sm_step (int, int);
int
main (void)
{
  int s = 0;
  for (int k = 0; k < 100; k++)
    s = sm_step (s, k);
  return s & 1;
}
C
$CC -O2 -g $REC=only -c dead.c -o dead.o && $CC dead.o -o dead \
  && "$LINK" $SHAPE --max-conflicts-per-function=0 --bounds \
       --listing=dead.lst dead --report=dead.json >dead.out 2>dead.err
rc=$?
check "an out-of-line copy nothing calls: unreachable, counted by no limit, its budget a note" \
  "[ $rc = 0 ] && report_py dead.json 'fn[\"sm_step\"][\"unreachable\"] and {i[\"category\"] for i in fn[\"sm_step\"][\"insns\"]} == {\"unreachable\"} and r[\"summary\"][\"unreachable\"] == len(fn[\"sm_step\"][\"insns\"]) and fn[\"sm_step\"][\"summary\"][\"conflict\"] == 0' && grep -q 'note: cachecat: no root of the program reaches .sm_step., so it never runs' dead.err && ! grep -q 'error:' dead.err"
check "--bounds says the unreachable function is not reached from main; the listing says unreachable" \
  "grep -q 'sm_step .*unbounded: sm_step is not reached from main' dead.err && grep -q 'cachecat: unreachable' dead.lst"

# expect_error NAME STATUS PATTERN ARGS...: fails with STATUS, says
# PATTERN, writes no report.
expect_error() {
  local name=$1 status=$2 pattern=$3; shift 3
  rm -f err.json
  "$LINK" --report=err.json "$@" >err.out 2>&1
  local rc=$?
  if [ $rc = "$status" ] && grep -Eq -- "$pattern" err.out && [ ! -e err.json ]; then
    ok "$name"
  else
    bad "$name (exit $rc)"; cat err.out
  fi
}

# 5. Bad input.
cp rec-O2/main.o edited.o
python3 - edited.o <<'PY'
import re, subprocess, sys
obj = sys.argv[1]
# The first instruction of step() of 2 bytes or more, made a 1-byte nop.
sec = subprocess.run(["readelf", "-S", "-W", obj], capture_output=True, text=True).stdout
off = None
for line in sec.splitlines():
    f = line.replace("[ ", "[").split()
    if len(f) > 5 and f[1] == ".text.step":
        off = int(f[4], 16)
dis = subprocess.run(["objdump", "-d", "-w", "-j", ".text.step", obj], capture_output=True,
                     text=True).stdout
for line in dis.splitlines():
    m = re.match(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)", line)
    if m and len(m.group(2).split()) >= 2:
        data = bytearray(open(obj, "rb").read())
        data[off + int(m.group(1), 16)] = 0x90
        open(obj, "wb").write(data)
        break
PY
$CC edited.o rec-O2/other.o rec-O2/lib.o -o prog.edited
expect_error "an object edited after compiling: an error naming the function" 2 \
  "error: step \(from $SRC/main.c\): the instruction at \+[0-9]+ .* was the object changed after it was compiled\?" \
  $SHAPE prog.edited
(cd plain-O2 && $CC main.o other.o lib.o -o prog.none)
expect_error "a program without models" 2 "has no cachecat models; compile its units with" \
  $SHAPE plain-O2/prog.none
strip -o prog.stripped rec-O2/prog.pie
expect_error "a stripped program says what is missing" 2 "no cachecat models \(it is stripped" \
  $SHAPE prog.stripped
expect_error "an object file is not a program" 2 "not a linked program" $SHAPE rec-O2/main.o
expect_error "a missing file" 2 "No such file" $SHAPE nonexistent
expect_error "an unknown option" 2 "error: --bogus=1: unknown option 'bogus'" --bogus=1 rec-O2/prog.pie
expect_error "a bad value" 2 "error: --ways=0: expected a positive integer" --ways=0 rec-O2/prog.pie
expect_error "an impossible cache shape" 2 "error: .*line" --cache-size=1K --line-size=2K rec-O2/prog.pie
expect_error "a plugin-only option" 2 "error: --record: a plugin's, not cachecat-link's, option 'record'; valid keys: .*sarif, listing, quiet, flow-facts, help$" --record rec-O2/prog.pie
expect_error "an unknown option lists cachecat-link's own, not the plugin's" 2 "valid keys: config, [a-z, -]*bounds, sarif, listing, quiet, flow-facts, help$" --bogus rec-O2/prog.pie
expect_error "no program" 2 "error: no program given" $SHAPE
expect_error "an entry without a model" 2 "the entry 'nosuch' has no model" --entry=nosuch rec-O2/prog.pie
mkdir -p ro && chmod 555 ro
# (Not through expect_error, which gives a --report of its own.  Root
# writes anywhere.)
if [ "$(id -u)" != 0 ]; then
  "$LINK" $SHAPE --report=ro/x.json rec-O2/prog.pie >err.out 2>&1
  rc=$?
  check "an unwritable report path" \
    "[ $rc = 2 ] && grep -q \"cannot write report 'ro/x.json'\" err.out && [ ! -e ro/x.json ]"
fi

# 6. record=only: the model in the object, no analysis, no report.
rm -f only.o only.cachecat.json
$CC -O2 -c -fplugin="$PLUGIN" -fplugin-arg-cachecat-record=only "$SRC/lib.c" -o only.o
check "record=only: a record in the object and no report" \
  "readelf -S only.o | grep -q .debug_cachecat && [ ! -e only.cachecat.json ]"

# 7. LTO: the plugin runs on the link's units; their report is named
#    after the program, and with record cachecat-link reads the program.
mkdir -p lto && cd lto || exit 1
$CC -O2 -flto -flto-partition=one $REC "$SRC/main.c" "$SRC/other.c" "$SRC/lib.c" -o one 2>lto.out
check "-flto -flto-partition=one: the report is PROGRAM.cachecat.json" \
  "[ -s one.cachecat.json ] && [ -z \"\$(ls | grep ltrans)\" ] && report_py one.cachecat.json 'r[\"summary\"][\"always-hit\"] > 0'"
if "$LINK" $SHAPE one --report=one.link.json >link.out 2>&1 && report_py one.link.json 'r["link"]["units"] == 1 and "main" in fn'; then
  ok "-flto with record: cachecat-link reads the program"
else
  bad "-flto with record"; cat link.out
fi
$CC -O2 -flto -flto-partition=max -fplugin="$PLUGIN" "$SRC/main.c" "$SRC/other.c" "$SRC/lib.c" -o max 2>lto.out
check "-flto with several partitions: PROGRAM.ltransN.cachecat.json" \
  "[ -s max.ltrans0.cachecat.json ] && [ -s max.ltrans1.cachecat.json ] && [ ! -e max.cachecat.json ]"
cd "$dir" || exit 1

# 8. ccache: the model is part of the object, so a second build served
#    from the cache gives the same program and the same link-time report.
if command -v ccache >/dev/null; then
  mkdir -p cc && cd cc || exit 1
  for n in 1 2; do
    for u in main other lib; do
      CCACHE_DIR=$dir/cc/cache ccache $CC -O2 -g $REC=only -c "$SRC/$u.c" -o $u.o
    done
    $CC main.o other.o lib.o -o prog
    "$LINK" $SHAPE prog --report=r$n.json >/dev/null 2>&1
  done
  hits=$(CCACHE_DIR=$dir/cc/cache ccache --print-stats | awk '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }')
  check "ccache: the second build is served from the cache and gives the same report" \
    "[ $hits = 3 ] && [ -s r1.json ] && cmp -s r1.json r2.json"
  cd "$dir" || exit 1
else
  echo "SKIP: ccache (not installed; .ci/run installs it)"
fi

# 9. distcc: the units compiled by a distccd of our own on localhost give
#    the report of a local build.  distccd 3.4 refuses any job with
#    -fplugin= (a client could make it load any code) and runs only the
#    compilers /usr/lib/distcc whitelists, so the plugin is loaded by the
#    compiler the daemon runs: a wrapper named like the real compiler,
#    first on the daemon's path, as a build farm would install it.  The
#    client's compiler (which preprocesses, where -fplugin-arg-cachecat-*
#    needs the plugin too) is the same wrapper; the build itself passes
#    only -fplugin-arg-cachecat-record.  Run as root, the daemon drops to
#    another user (distccd or nobody): the wrapper and a copy of the plugin
#    are in a directory of /tmp anyone can read (not in $dir, nor under a
#    private $TMPDIR), and its temporary files and log in one anyone can
#    write.
ccreal=$(readlink -f "$(command -v "$CC")" 2>/dev/null)
ccname=${ccreal##*/}
if ! command -v distcc >/dev/null || ! command -v distccd >/dev/null; then
  echo "SKIP: distcc (not installed; .ci/run installs it)"
elif [ -z "$ccname" ] || [ ! -e "/usr/lib/distcc/$ccname" ]; then
  echo "SKIP: distcc ($CC is ${ccreal:-not found}, which /usr/lib/distcc does not whitelist)"
else
  dd=$(mktemp -d /tmp/cachecat-distcc.XXXXXX)
  dpid=
  # Always stop the daemon (its parent takes its process group down).
  trap '[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null; rm -rf "$dir" "$dd"' EXIT
  chmod 755 "$dd" && mkdir -p "$dd/bin" "$dd/client" && mkdir -m 1777 "$dd/tmp"
  cp "$PLUGIN" "$dd/cachecat.so" && chmod 644 "$dd/cachecat.so"
  printf '#!/bin/sh\nexec %s -fplugin=%s "$@"\n' "$ccreal" "$dd/cachecat.so" >"$dd/bin/$ccname"
  chmod 755 "$dd/bin/$ccname"
  # A free port: the kernel's pick for a socket just closed; another
  # process may take it first, so a daemon that cannot listen is retried.
  for try in 1 2 3; do
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    rm -f "$dd/tmp/distccd.log"
    # --no-detach: $! is the daemon, in a process group of its own.
    TMPDIR=$dd/tmp DISTCCD_PATH=$dd/bin:$PATH distccd --daemon --no-detach \
      --listen 127.0.0.1 --allow 127.0.0.1 --port "$port" --jobs 2 \
      --log-file "$dd/tmp/distccd.log" --log-level info </dev/null >/dev/null 2>"$dd/distccd.err" &
    dpid=$!
    for _ in $(seq 50); do
      grep -q 'daemon started' "$dd/tmp/distccd.log" 2>/dev/null && break
      kill -0 "$dpid" 2>/dev/null || break
      sleep 0.1
    done
    grep -q 'daemon started' "$dd/tmp/distccd.log" 2>/dev/null && break
    kill "$dpid" 2>/dev/null; wait "$dpid" 2>/dev/null; dpid=
  done
  mkdir -p dc/local dc/distcc && cd dc || exit 1
  for u in main other lib; do
    $CC -O2 -g $REC -c "$SRC/$u.c" -o local/$u.o
    # Only the daemon may compile: no local fallback, no local retry.  The
    # client's state (hosts it backs off from) is our own too.
    PATH=$dd/bin:$PATH DISTCC_HOSTS=127.0.0.1:$port/2 DISTCC_DIR=$dd/client \
      DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1 \
      distcc "$ccname" -O2 -g -fplugin-arg-cachecat-record -c "$SRC/$u.c" -o distcc/$u.o 2>>distcc.out
  done
  # Each linked and analysed in its own folder: the report names the
  # program as given.
  for b in local distcc; do
    (cd $b && $CC main.o other.o lib.o -o prog && "$LINK" $SHAPE prog --report=../$b.json) \
      >>distcc.out 2>&1
  done
  # The daemon's log names each job it compiled.
  jobs_ok=0
  for u in main other lib; do
    grep COMPILE_OK "$dd/tmp/distccd.log" 2>/dev/null | grep -qF " $ccname $SRC/$u.c" \
      && jobs_ok=$((jobs_ok + 1))
  done
  if [ -n "$dpid" ] && [ $jobs_ok = 3 ] && [ -s local.json ] && cmp -s local.json distcc.json; then
    ok "distcc: the daemon compiled the 3 units, and the report is the local build's"
  else
    bad "distcc: $jobs_ok of 3 units compiled by the daemon (port $port); reports: $(cmp local.json distcc.json 2>&1 && echo identical)"
    cat distcc.out "$dd/distccd.err" "$dd/tmp/distccd.log" 2>/dev/null
  fi
  [ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
  dpid=
  cd "$dir" || exit 1
fi

# 10. The examples of examples/link/: Make and CMake builds that analyse
#    the program after the link and fail over the limit.
cp -r "$ROOT/examples/link" ex && cd ex || exit 1
if make -s CC="$CC" CACHECAT="$PLUGIN" CACHECAT_LINK="$LINK" >make.out 2>&1 \
   && report_py control.cachecat.json '"limit@control.c" in fn and "limit@filter.c" in fn' \
   && [ -s control.cachecat.lst ]; then
  ok "examples/link/Makefile: report and listing after the link"
else
  bad "examples/link/Makefile"; cat make.out
fi
make -s clean >/dev/null
if ! make -s CC="$CC" CACHECAT="$PLUGIN" CACHECAT_LINK="$LINK" \
     CACHE="--cache-size=64 --line-size=32" MAX_CONFLICTS_PER_FUNCTION=0 >make.out 2>&1 \
   && grep -q "control.c:[0-9]*: error: cachecat: .* (max-conflicts-per-function)" make.out \
   && [ ! -e control ]; then
  ok "examples/link/Makefile: over the limit the build fails"
else
  bad "examples/link/Makefile: over the limit"; cat make.out
fi
if command -v cmake >/dev/null; then
  if cmake -S . -B build -DCMAKE_C_COMPILER="$(command -v "$CC")" \
       -DCACHECAT_PLUGIN="$PLUGIN" -DCACHECAT_LINK="$LINK" >cmake.out 2>&1 \
     && cmake --build build >>cmake.out 2>&1 \
     && report_py build/control.cachecat.json '"limit@'"$dir"'/ex/control.c" in fn'; then
    ok "examples/link/CMakeLists.txt: the POST_BUILD step"
  else
    bad "examples/link/CMakeLists.txt"; cat cmake.out
  fi
  if ! cmake -S . -B build2 -DCMAKE_C_COMPILER="$(command -v "$CC")" -DCACHECAT_PLUGIN="$PLUGIN" \
       -DCACHECAT_LINK="$LINK" -DCACHECAT_MAX_CONFLICTS_PER_FUNCTION=0 \
       "-DCACHECAT_CACHE=--cache-size=64;--line-size=32" >cmake.out 2>&1 \
     || ! cmake --build build2 >>cmake.out 2>&1; then
    grep -q "error: cachecat: .* (max-conflicts-per-function)" cmake.out \
      && ok "examples/link/CMakeLists.txt: over the limit the build fails" \
      || { bad "examples/link/CMakeLists.txt: over the limit (no diagnostic)"; cat cmake.out; }
  else
    bad "examples/link/CMakeLists.txt: over the limit the build passed"
  fi
else
  echo "SKIP: examples/link/CMakeLists.txt (no cmake; .ci/run installs it)"
fi
cd "$dir" || exit 1

# 11. Other targets: the same program of three units built by each cross
#     compiler whose plugin is built (make CC=...), linked statically,
#     read with that target's decoders.  A target whose compiler or plugin
#     is missing is skipped with a line that says so.
cat >nomodel.c <<'C'
/* Compiled without the plugin, and out of what cachecat-link models from
   the bytes (a jump through an address it cannot read): code without a
   model that calls a function of the model and takes the address of
   another.  */
int lib_sum (const int *, int);
int other_step (int);
static int v[4];
int nomodel_call (int k)
{
  static void *const to[] = { &&sum, &&none };
  goto *to[k & 1];
sum:
  return lib_sum (v, 4);
none:
  return 0;
}
void *nomodel_ptr (int k) { return k ? (void *) other_step : (void *) nomodel_call; }
C
cat >far.c <<'C'
/* A callee out of the reach of a direct call: the linker routes the call
   through a veneer, code without a model.  */
__attribute__ ((noinline, section (".far"))) int far_fn (int x) { return x * 9 + 1; }
int main (void) { int s = 0; for (int i = 0; i < 10; i++) s += far_fn (i); return s == 7; }
C
# same_code EXE1 EXE2 REPORT: the same allocated sections (names,
# addresses, sizes) and, at the addresses of REPORT's functions, the same
# bytes.
same_code() {
  python3 - "$@" <<'PY'
import json, subprocess, sys
def sections(exe):
    out = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
    secs = []
    for line in out.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 8 and f[0].startswith("[") and f[0] != "[Nr]" and "A" in f[7]:
            secs.append((f[1], int(f[3], 16), int(f[4], 16), int(f[5], 16)))
    return secs
def code(exe, secs, lo, size):
    data = open(exe, "rb").read()
    for name, addr, off, n in secs:
        if addr <= lo and lo + size <= addr + n:
            return data[off + lo - addr:off + lo - addr + size]
    return None
a, b = sections(sys.argv[1]), sections(sys.argv[2])
same = [(s[0], s[1], s[3]) for s in a] == [(s[0], s[1], s[3]) for s in b]
for f in json.load(open(sys.argv[3]))["functions"]:
    if f.get("from_binary"):
        continue    # the C library's and the stubs' (see above)
    x = code(sys.argv[1], a, f["address"], f["size"])
    same = same and x is not None and x == code(sys.argv[2], b, f["address"], f["size"])
sys.exit(0 if same else 1)
PY
}

# cross_target NAME CC "FLAGS" "LINK FLAGS"
cross_target() {
  local name=$1 cc=$2 flags=$3 lflags=$4 triple plugin d
  if ! command -v "$cc" >/dev/null; then
    echo "SKIP: $name: no $cc"; return
  fi
  triple=$($cc -dumpmachine)
  plugin=$ROOT/build/$triple/cachecat.so
  if [ ! -e "$plugin" ]; then
    echo "SKIP: $name: no build/$triple/cachecat.so (make CC=$cc)"; return
  fi
  d=$dir/x-$name
  mkdir -p "$d/rec" "$d/plain"
  local ok_build=1 u
  for u in main other lib; do
    # shellcheck disable=SC2086
    $cc $flags -O2 -g -ffunction-sections -fplugin="$plugin" -fplugin-arg-cachecat-record=only \
      -c "$SRC/$u.c" -o "$d/rec/$u.o" 2>>"$d/cc.err" || ok_build=0
    # shellcheck disable=SC2086
    $cc $flags -O2 -g -ffunction-sections -c "$SRC/$u.c" -o "$d/plain/$u.o" || ok_build=0
  done
  # shellcheck disable=SC2086
  $cc $flags -O2 -c nomodel.c -o "$d/nomodel.o" || ok_build=0
  # shellcheck disable=SC2086
  (cd "$d/rec" && $cc $flags -static main.o other.o lib.o ../nomodel.o $lflags -o prog) \
    && (cd "$d/plain" && $cc $flags -static main.o other.o lib.o ../nomodel.o $lflags -o prog) \
    || ok_build=0
  if [ $ok_build = 0 ] || [ -s "$d/cc.err" ]; then
    bad "$name: build with record"; cat "$d/cc.err"; return
  fi
  local exe=$d/rec/prog rep=$d/rec/prog.cachecat.json
  if "$LINK" $SHAPE --quiet --listing "$exe" >"$d/link.out" 2>&1 && [ ! -s "$d/link.out" ]; then
    ok "$name: cachecat-link runs, silently"
  else
    bad "$name: cachecat-link failed"; cat "$d/link.out"; return
  fi
  case $name in
    thumb|a32)
      # ARM's ld names its interworking stubs after the ids of the input
      # sections, which the record's section shifts, and places them in
      # the order of those names: the stubs (code without a model) may
      # swap places, nothing else moves.
      check "$name: with and without record, the same sections, and the modelled functions the same bytes" \
        "same_code $d/rec/prog $d/plain/prog $rep" ;;
    *)
      check "$name: the loaded image is byte-identical with and without record" \
        "[ \"\$(loaded $d/rec/prog)\" = \"\$(loaded $d/plain/prog)\" ]" ;;
  esac
  local arch
  case $triple in
    aarch64*) arch=aarch64 ;; arm*) arch=arm ;; riscv*) arch=riscv ;;
  esac
  check "$name: the report names the program's architecture; 3 units, one absolute phase" \
    "report_py $rep 'r[\"target\"][\"arch\"] == \"$arch\" and r[\"link\"][\"units\"] == 3 and r[\"layout\"][\"phases\"] == 1'"
  # Thumb function symbols carry the Thumb bit; the report's addresses not.
  local s1 s2 h
  s1=$(( $(nm_addr "$exe" scale 1) & ~1 )) s2=$(( $(nm_addr "$exe" scale 2) & ~1 ))
  h=$(( $(nm_addr "$exe" hook) & ~1 ))
  check "$name: the two static scale() are told apart, at their addresses" \
    "report_py $rep 'sorted([fn[\"scale@$SRC/main.c\"][\"address\"], fn[\"scale@$SRC/other.c\"][\"address\"]]) == sorted([$s1, $s2])'"
  check "$name: main's call of the weak hook goes to other.c's, calls across units are followed" \
    "report_py $rep 'fn[\"hook@$SRC/other.c\"][\"address\"] == $h and any(i[\"function\"] == \"hook@$SRC/other.c\" and i[\"parent\"] is not None for i in r[\"instances\"]) and all(any(i[\"function\"] == f and i[\"parent\"] is not None for i in r[\"instances\"]) for f in (\"other_step\", \"lib_sum\", \"scale@$SRC/other.c\"))'"
  # On RISC-V a lui (or c.lui) whose low part is not the next
  # instruction names its 4 KiB, and glibc's __sysconf loads 0x10000 so,
  # next to step: step may be a root there, for that reason only.
  local step_ok='not any(i["function"] == "step" and i["root"] for i in r["instances"])'
  [ $arch = riscv ] && step_ok="($step_ok or \"code without a model refers to its address\" in fn[\"step\"].get(\"called_from_unknown_code\", \"\"))"
  check "$name: what code without a model calls (lib_sum) or takes the address of (other_step) is a root; step is not" \
    "report_py $rep 'all(any(i[\"function\"] == f and i[\"root\"] for i in r[\"instances\"]) for f in (\"lib_sum\", \"other_step\")) and $step_ok'"
  check "$name: --listing annotates the modelled functions with the target's disassembly" \
    "grep -q '<main>:' $exe.cachecat.lst && grep -q 'cachecat: ' $exe.cachecat.lst && grep -q '<lib_sum>:' $exe.cachecat.lst"
  case $arch in
    aarch64|arm)
      # shellcheck disable=SC2086
      if $cc $flags -O2 -fplugin="$plugin" -fplugin-arg-cachecat-record=only -c far.c -o "$d/far.o" \
         && $cc $flags -static "$d/far.o" $lflags -Wl,--section-start=.far=0x10000000 -o "$d/far" \
         && "$LINK" $SHAPE "$d/far" --report="$d/far.json" >"$d/far.out" 2>&1; then
        check "$name: a call through the linker's veneer is unknown code, and its callee a root" \
          "\$(command -v $triple-objdump || echo objdump) -d $d/far | grep -q 'far_fn_veneer' && report_py $d/far.json 'any(i[\"function\"] == \"far_fn\" and i[\"root\"] for i in r[\"instances\"]) and not any(i[\"function\"] == \"far_fn\" and i[\"parent\"] is not None for i in r[\"instances\"])'"
      else
        bad "$name: a call through a veneer"; cat "$d/far.out"
      fi
      ;;
  esac
  if [ $arch = aarch64 ]; then
    # The linker may make an instruction a branch to a stub (the
    # Cortex-A53 erratum 843419's fix): here step's first instruction
    # made a branch past the next.  The function is then code without a
    # model, reported as conflict.
    cp "$exe" "$d/patched"
    python3 - "$d/patched" "$(nm_addr "$exe" step)" <<'PY'
import subprocess, sys
exe, addr = sys.argv[1], int(sys.argv[2])
out = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
for line in out.splitlines():
    f = line.replace("[ ", "[").split()
    if len(f) > 5 and f[1] == ".text":
        a, off = int(f[3], 16), int(f[4], 16)
data = bytearray(open(exe, "rb").read())
data[off + addr - a:off + addr - a + 4] = (0x14000002).to_bytes(4, "little")
open(exe, "wb").write(data)
PY
    "$LINK" $SHAPE "$d/patched" --report="$d/patched.json" >"$d/patched.out" 2>&1
    check "$name: a branch the linker added where the model has none: a warning, and no promise" \
      "grep -q 'branch where their model does not' $d/patched.out && report_py $d/patched.json 'not fn[\"step\"][\"analysed\"] and all(i[\"category\"] == \"conflict\" for i in fn[\"step\"][\"insns\"]) and fn[\"main\"][\"analysed\"]'"
  fi
}
cross_target aarch64 aarch64-linux-gnu-gcc-12 "" ""
cross_target thumb arm-linux-gnueabihf-gcc-12 "-mthumb" ""
cross_target a32 arm-linux-gnueabihf-gcc-12 "-marm" ""
cross_target cortex-m4 arm-none-eabi-gcc "-mthumb -mcpu=cortex-m4" "-specs=nosys.specs"
cross_target riscv64 riscv64-linux-gnu-gcc-12 "-mno-relax" ""

# 12. RISC-V code the linker relaxes (no -mno-relax): it makes calls jal
#     and shortens address loads, so the unit's own report promises
#     nothing, and cachecat-link places every insn from the record's marks
#     (model_record.h): each report instruction must be one of objdump's.
# boundaries EXE REPORT OBJDUMP: every instruction with bytes of REPORT
# starts an instruction of that length in EXE.
boundaries() {
  python3 - "$@" <<'PY'
import json, re, subprocess, sys
exe, rep, objdump = sys.argv[1:4]
out = subprocess.run([objdump, "-d", "-w", exe], capture_output=True, text=True).stdout
starts = {}
for line in out.splitlines():
    m = re.match(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]+ )+)", line)
    if m:
        starts[int(m.group(1), 16)] = len(m.group(2).replace(" ", "")) // 2
n = bad = 0
for f in json.load(open(rep))["functions"]:
    for i in f["insns"]:
        if i["length"]:
            n += 1
            bad += starts.get(f["address"] + i["offset"]) != i["length"]
print("%d instructions, %d not the program's" % (n, bad))
sys.exit(0 if n and not bad else 1)
PY
}
rv=riscv64-linux-gnu-gcc-12
rvplugin=$ROOT/build/riscv64-linux-gnu/cachecat.so
if ! command -v $rv >/dev/null; then
  echo "SKIP: riscv64 relaxed: no $rv"
elif [ ! -e "$rvplugin" ]; then
  echo "SKIP: riscv64 relaxed: no build/riscv64-linux-gnu/cachecat.so (make CC=$rv)"
else
  d=$dir/x-relax
  mkdir -p "$d/rec" "$d/plain"
  ok_build=1
  for u in main other lib; do
    $rv -O2 -g -ffunction-sections -fplugin="$rvplugin" -fplugin-arg-cachecat-record \
      -fplugin-arg-cachecat-report="$d/$u.json" -c "$SRC/$u.c" -o "$d/rec/$u.o" \
      2>>"$d/cc.err" || ok_build=0
    $rv -O2 -g -ffunction-sections -c "$SRC/$u.c" -o "$d/plain/$u.o" || ok_build=0
  done
  for b in rec plain; do
    (cd "$d/$b" && $rv -static main.o other.o lib.o -o prog \
       && $rv -static -Wl,--no-relax main.o other.o lib.o -o prog.norelax \
       && $rv -static -Wl,--gc-sections main.o other.o lib.o -o prog.gc) || ok_build=0
  done
  if [ $ok_build = 0 ]; then
    bad "riscv64 relaxed: build"; cat "$d/cc.err"
  else
    check "riscv64 relaxed: the unit's own report promises nothing, and says why" \
      "grep -q 'linker may relax' $d/cc.err && report_py $d/main.json '\"relax\" in r[\"layout\"][\"problem\"] and r[\"summary\"][\"conflict\"] == sum(r[\"summary\"].values())'"
    check "riscv64 relaxed: the linker did relax (main calls step with a jal)" \
      "riscv64-linux-gnu-objdump -d $d/rec/prog | grep -A40 '<main>:' | grep -Eq 'jal.*<step>'"
    for v in prog prog.norelax prog.gc; do
      check "riscv64 relaxed, $v: the loaded image is byte-identical with and without record" \
        "[ \"\$(loaded $d/rec/$v)\" = \"\$(loaded $d/plain/$v)\" ]"
      if "$LINK" $SHAPE --quiet "$d/rec/$v" >"$d/$v.out" 2>&1 && [ ! -s "$d/$v.out" ]; then
        check "riscv64 relaxed, $v: cachecat-link places every instruction where the program has it" \
          "report_py $d/rec/$v.cachecat.json 'r[\"link\"][\"relaxed_units\"] == 3 and r[\"summary\"][\"conflict\"] < sum(r[\"summary\"].values())' && boundaries $d/rec/$v $d/rec/$v.cachecat.json riscv64-linux-gnu-objdump"
      else
        bad "riscv64 relaxed, $v: cachecat-link failed"; cat "$d/$v.out"
      fi
    done
    rep=$d/rec/prog.cachecat.json
    s1=$(nm_addr "$d/rec/prog" scale 1) s2=$(nm_addr "$d/rec/prog" scale 2)
    check "riscv64 relaxed: the static scale() at their addresses, calls across units followed" \
      "report_py $rep 'sorted([fn[\"scale@$SRC/main.c\"][\"address\"], fn[\"scale@$SRC/other.c\"][\"address\"]]) == sorted([$s1, $s2]) and all(any(i[\"function\"] == f and i[\"parent\"] is not None for i in r[\"instances\"]) for f in (\"other_step\", \"lib_sum\", \"step\"))'"
    check "riscv64 relaxed, --gc-sections: the removed functions are said so" \
      "report_py $d/rec/prog.gc.cachecat.json 'r[\"link\"][\"removed_functions\"] == 2 and \"other_unused\" not in fn'"
  fi
fi

# 13. The closed program of x86-64's test above on the other targets
#     whose closed programs are recognised, its exit an assembly
#     function: its indirect call must call each of op_add, op_mul and
#     op_xor (never may be among the targets where an address is read
#     as a range: RISC-V's c.lui alone names 4 KiB).  On RISC-V _start
#     makes the addresses with c.lui and an addi into another register
#     (relaxed code); on a Cortex-M4 it loads them from a literal pool.
#     _start first calls note, a system call (KERNEL_ASM, an asm
#     statement), and its exit (bytes) is one: neither keeps its function
#     from a miss bound.
# closed_cross NAME CC "FLAGS" EXIT_ASM KERNEL_ASM
closed_cross() {
  local name=$1 cc=$2 flags=$3 exit_asm=$4 kernel_asm=$5 plugin d=$dir/closed-$1
  if ! command -v "$cc" >/dev/null; then
    echo "SKIP: $name closed: no $cc"; return
  fi
  plugin=$ROOT/build/$($cc -dumpmachine)/cachecat.so
  if [ ! -e "$plugin" ]; then
    echo "SKIP: $name closed: no build/$($cc -dumpmachine)/cachecat.so (make CC=$cc)"; return
  fi
  mkdir -p "$d"
  sed -e '/^static __attribute__ ((noinline, noreturn)) void$/,/^}$/d' \
      -e "s/^static volatile unsigned sink;\$/&\\n__attribute__ ((noreturn)) void sys_exit (int);\\nstatic __attribute__ ((noinline)) void note (void) { __asm__ volatile (\"$kernel_asm\" : : : \"memory\"); }/" \
      -e 's/^  table\[0\] = op_add;$/  note ();\n&/' \
      cl_main.c >"$d/cl_main.c"
  cat >>"$d/cl_main.c" <<C
__asm__ (".text\\n.globl sys_exit\\n.type sys_exit, %function\\nsys_exit:\\n\\t$exit_asm\\n");
C
  # shellcheck disable=SC2086
  if $cc $flags $FS -fplugin="$plugin" -fplugin-arg-cachecat-record=only -c cl_ops.c \
       -o "$d/cl_ops.o" 2>"$d/closed.err" \
     && $cc $flags $FS -fplugin="$plugin" -fplugin-arg-cachecat-record=only -c "$d/cl_main.c" \
          -o "$d/cl_main.o" 2>>"$d/closed.err" \
     && $cc $flags $FS -Wl,-z,noexecstack "$d/cl_main.o" "$d/cl_ops.o" -o "$d/closed" \
          2>>"$d/closed.err" \
     && "$LINK" $SHAPE "$d/closed" --report="$d/closed.json" >"$d/closed.out" 2>&1; then
    check "$name: a closed program, its indirect call calls each function whose address it holds" \
      "report_py $d/closed.json 'r[\"link\"][\"closed\"] and r[\"link\"][\"indirect_calls\"] == 1 and all(fn[f][\"analysed\"] and any(r[\"instances\"][r[\"instances\"][x][\"parent\"]][\"function\"] == \"(indirect call)\" for x in fn[f][\"instances\"]) for f in (\"op_add\", \"op_mul\", \"op_xor\"))'"
    check "$name: its system calls (an asm statement, the exit's bytes) leave it a miss bound" \
      "report_py $d/closed.json 'fn[\"note\"][\"max_misses\"] is not None and fn[\"sys_exit\"][\"max_misses\"] is not None and [i for i in fn[\"note\"][\"insns\"] if i.get(\"asm\")]'"
  else
    bad "$name: a closed program: build or cachecat-link"; cat "$d/closed.err" "$d/closed.out"
  fi
}
closed_cross aarch64 aarch64-linux-gnu-gcc-12 "" 'mov x8, #93\n\tsvc #0\n1:\tb 1b' 'svc #0'
closed_cross riscv64 riscv64-linux-gnu-gcc-12 "" 'li a7, 93\n\tecall\n1:\tj 1b' 'ecall'
closed_cross cortex-m4 arm-none-eabi-gcc "-mthumb -mcpu=cortex-m4" 'movs r0, #0x18\n\tbkpt 0xab\n1:\tb 1b' \
  'bkpt 0xab'

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
