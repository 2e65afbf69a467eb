#!/bin/bash
# testsuite/run-all.sh: run every cachecat test and print one total.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Called by `make check' (which builds cachecat.so, $B/unit/test_* and
# $B/tools/* first) with CC and B in the environment:
#
#   CC      the GCC the plugin is loaded into (default: gcc)
#   B       the build directory (default: build)
#   PLUGIN  the plugin (default: ./cachecat.so, made absolute)
#
# The components, run CHECK_JOBS at a time (default: 2, at most nproc), the
# longest first; their result lines are printed in this order:
#   1. every unit test binary $B/unit/test_*: each prints
#      "unit NAME: N passed, N failed"
#   2. runtest --tool cachecat (testsuite/cachecat.*/, DejaGnu); counts from
#      testsuite/cachecat.sum: expected passes are passed; unexpected
#      failures and successes, unresolved and untested testcases and ERROR
#      lines are failed (expected failures and unsupported tests are shown,
#      not counted)
#   3. every executable testsuite/scripts/check-*.sh: each must end with a
#      line "N passed, N failed" (a "NAME: " before it is allowed)
#
# A component that cannot run, crashes, prints no result line or exits
# non-zero without counting a failure counts as one failure.  Each component
# prints its result line with its seconds; the last line is "N passed, N
# failed" (totals).  Components never share a scratch path: each check
# script writes under its own $B/NAME or a mktemp directory.
# Exit status 0 only when nothing failed.
#
# Logs, kept for inspection: testsuite/unit.log, testsuite/runtest.log (its
# output), testsuite/cachecat.log and
# testsuite/cachecat.sum (DejaGnu), testsuite/check-NAME.log; the DejaGnu
# tests' output files in $B/dg/.
#
# Optional: CHECK_JOBS (components at once), UNIT_TIMEOUT (seconds per unit
# binary, default 600),
# CHECK_TIMEOUT (per check script, default 1800), RUNTESTFLAGS (extra
# runtest arguments, e.g. "cachecat.dg/dg.exp=opt-*.c" or "-v").

set -u
cd "$(dirname "$0")/.." || { echo "run-all.sh: cannot cd to the source tree"; echo "0 passed, 1 failed"; exit 1; }

CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-cachecat.so}
case $PLUGIN in /*) ;; *) PLUGIN=$PWD/$PLUGIN ;; esac
export CC B PLUGIN
UNIT_TIMEOUT=${UNIT_TIMEOUT:-600}
CHECK_TIMEOUT=${CHECK_TIMEOUT:-1800}
LOGDIR=testsuite

total_pass=0
total_fail=0

# add PASSED FAILED: add to the totals.
add() {
  total_pass=$((total_pass + $1))
  total_fail=$((total_fail + $2))
}

# show_tail FILE [LABEL]: the end of a log, indented, for a failing
# component.
show_tail() {
  [ -s "$1" ] || return 0
  echo "    --- last lines of ${2:-$1}:"
  tail -n 25 "$1" | sed 's/^/    | /'
}

# with_timeout SECONDS CMD...: run CMD under timeout(1) when there is one.
with_timeout() {
  local t=$1
  shift
  if command -v timeout >/dev/null 2>&1; then
    timeout -k 10 "$t" "$@"
  else
    "$@"
  fi
}

# ---- 1. Unit tests.

run_units() {
  local log=$LOGDIR/unit.log bins=() bin name out rc line p f
  : > "$log"
  for bin in "$B"/unit/test_*; do
    [ -f "$bin" ] && [ -x "$bin" ] && bins+=("$bin")
  done
  if [ ${#bins[@]} -eq 0 ]; then
    echo "unit: no test binaries in $B/unit (make check builds them): 0 passed, 1 failed"
    add 0 1
    return
  fi
  for bin in "${bins[@]}"; do
    name=${bin##*/test_}
    out=$(mktemp)
    with_timeout "$UNIT_TIMEOUT" "$bin" </dev/null >"$out" 2>&1
    rc=$?
    { echo "=== $bin (exit status $rc)"; cat "$out"; } >> "$log"
    line=$(grep -E '^unit [^:]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -z "$line" ]; then
      echo "unit $name: no result line, exit status $rc: 0 passed, 1 failed"
      show_tail "$out" "the output of $bin"
      add 0 1
    else
      p=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/' <<<"$line")
      f=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/' <<<"$line")
      echo "$line"
      if [ "$f" -gt 0 ]; then
        grep -v -E '^unit [^:]+: [0-9]+ passed' "$out" | head -n 40 | sed 's/^/    | /'
      fi
      if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "unit $name: exit status $rc with no failed check: counted as 1 failure"
        show_tail "$out" "the output of $bin"
        f=1
      fi
      add "$p" "$f"
    fi
    rm -f "$out"
  done
}

# ---- 2. DejaGnu.

# sum_count FILE TEXT: the number after "# of TEXT" in a DejaGnu summary.
sum_count() {
  local n
  n=$(grep -E "^# of $2[[:space:]]" "$1" | tail -n 1 | awk '{print $NF}')
  echo "${n:-0}"
}

run_dejagnu() {
  local sum=$LOGDIR/cachecat.sum log=$LOGDIR/cachecat.log out=$LOGDIR/runtest.log
  local rc pass xfail unsup fails xpass unres untested errors failed notes
  rm -f "$sum" "$log"
  if ! command -v runtest >/dev/null 2>&1; then
    echo "runtest: not found (install dejagnu): 0 passed, 1 failed"
    add 0 1
    return
  fi
  # RUNTESTFLAGS is split on blanks on purpose, as in GCC's make check.
  # shellcheck disable=SC2086
  runtest --tool cachecat --srcdir testsuite --outdir "$LOGDIR" \
    PLUGIN="$PLUGIN" CC="$CC" CACHECAT_OUT="$B/dg" ${RUNTESTFLAGS:-} \
    </dev/null >"$out" 2>&1
  rc=$?
  if [ ! -s "$sum" ]; then
    echo "runtest: no summary $sum (exit status $rc): 0 passed, 1 failed"
    show_tail "$out"
    add 0 1
    return
  fi
  pass=$(sum_count "$sum" "expected passes")
  xfail=$(sum_count "$sum" "expected failures")
  unsup=$(sum_count "$sum" "unsupported tests")
  fails=$(sum_count "$sum" "unexpected failures")
  xpass=$(sum_count "$sum" "unexpected successes")
  unres=$(sum_count "$sum" "unresolved testcases")
  untested=$(sum_count "$sum" "untested testcases")
  errors=$(grep -c '^ERROR:' "$sum")
  failed=$((fails + xpass + unres + untested + errors))
  # The lines worth seeing: everything that is not a pass.
  grep -E '^(FAIL|XPASS|UNRESOLVED|UNTESTED|ERROR):' "$sum" | head -n 100 | sed 's/^/    /'
  if [ "$failed" -eq 0 ] && [ "$rc" -ne 0 ]; then
    echo "runtest: exit status $rc with no failure in $sum: counted as 1 failure"
    show_tail "$out"
    failed=1
  fi
  if [ "$pass" -eq 0 ] && [ "$failed" -eq 0 ]; then
    echo "runtest: ran no test: counted as 1 failure"
    show_tail "$out"
    failed=1
  fi
  notes=""
  [ "$fails" -gt 0 ] && notes="$notes, $fails unexpected failures"
  [ "$xpass" -gt 0 ] && notes="$notes, $xpass unexpected successes"
  [ "$unres" -gt 0 ] && notes="$notes, $unres unresolved"
  [ "$untested" -gt 0 ] && notes="$notes, $untested untested"
  [ "$errors" -gt 0 ] && notes="$notes, $errors ERROR lines"
  [ "$xfail" -gt 0 ] && notes="$notes, $xfail expected failures (not counted)"
  [ "$unsup" -gt 0 ] && notes="$notes, $unsup unsupported (not counted)"
  notes=${notes#, }
  echo "runtest cachecat: $pass passed, $failed failed${notes:+ ($notes)}"
  add "$pass" "$failed"
}

# ---- 3. Check scripts.

# run_script S: one check script; its result line with its seconds.
run_script() {
  local s=$1 name log rc last p f start took
  name=${s##*/}
  log=$LOGDIR/${name%.sh}.log
  start=$SECONDS
  with_timeout "$CHECK_TIMEOUT" "$s" </dev/null >"$log" 2>&1
  rc=$?
  took="($((SECONDS - start)) s)"
  last=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
  if [[ $last =~ ^([^[:space:]]+:[[:space:]]+)?([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ [0-9]+\ skipped)?$ ]]; then
    p=${BASH_REMATCH[2]}
    f=${BASH_REMATCH[3]}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "$name: $p passed, 1 failed (exit status $rc with no failed check) $took"
      f=1
    else
      echo "$name: $p passed, $f failed $took"
    fi
    [ "$f" -gt 0 ] && show_tail "$log"
    add "$p" "$f"
  else
    if [ "$rc" -eq 124 ]; then
      echo "$name: timed out after $CHECK_TIMEOUT s: 0 passed, 1 failed"
    else
      echo "$name: no \"N passed, N failed\" last line (exit status $rc): 0 passed, 1 failed"
    fi
    show_tail "$log"
    add 0 1
  fi
}

# timed LABEL CMD...: CMD, then the seconds it took.
timed() {
  local label=$1 start=$SECONDS
  shift
  "$@"
  echo "$label: $((SECONDS - start)) s"
}

# ---- The pool.

# The components in the order their results are printed; each is a
# command line.
components=("timed unit-tests run_units" "timed runtest run_dejagnu")
for s in testsuite/scripts/check-*.sh; do
  [ -e "$s" ] || continue
  if [ -x "$s" ]; then
    components+=("run_script $s")
  else
    components+=("echo ${s##*/}: not executable, not run (chmod +x to enable it)")
  fi
done

# The order they start in: the longest first (seconds measured on a
# 2-core machine), so that the last to finish is a short one.
longest_first() {
  local i
  for i in "${!components[@]}"; do
    case ${components[$i]} in
      *check-targets.sh) echo "450 $i" ;;
      *check-layout-decode.sh) echo "110 $i" ;;
      *check-codegen.sh) echo "100 $i" ;;
      *run_units) echo "95 $i" ;;
      *check-qemu-trace.sh) echo "55 $i" ;;
      *) echo "10 $i" ;;
    esac
  done | sort -k1,1nr -k2,2n | awk '{print $2}'
}

nproc_=$(nproc 2>/dev/null || echo 2)
JOBS=${CHECK_JOBS:-$(( nproc_ < 2 ? nproc_ : 2 ))}
[ "$JOBS" -ge 1 ] 2>/dev/null || JOBS=1
results=$(mktemp -d "${TMPDIR:-/tmp}/run-all.XXXXXX")
trap 'rm -rf "$results"' EXIT

# start_component I: component I in the background; its output to
# $results/I, its counts (the last line, "@@ P F") too, then $results/I.done
# (also when it was killed: no counts then).
start_component() {
  {
    (
      total_pass=0 total_fail=0
      eval "${components[$1]}"
      echo "@@ $total_pass $total_fail"
    ) >"$results/$1" 2>&1 </dev/null
    : >"$results/$1.done"
  } &
}

# flush: print the finished components at the front of the order.
next_shown=0
flush() {
  local counts
  while [ "$next_shown" -lt "${#components[@]}" ] && [ -e "$results/$next_shown.done" ]; do
    grep -v '^@@ ' "$results/$next_shown"
    counts=$(grep '^@@ ' "$results/$next_shown" | tail -n 1)
    if [ -z "$counts" ]; then
      echo "${components[$next_shown]}: ended without a result (killed?): 0 passed, 1 failed"
      counts="@@ 0 1"
    fi
    # shellcheck disable=SC2086
    add ${counts#@@ }
    next_shown=$((next_shown + 1))
  done
}

running=0
for i in $(longest_first); do
  if [ "$running" -ge "$JOBS" ]; then
    wait -n
    running=$((running - 1))
    flush
  fi
  start_component "$i"
  running=$((running + 1))
done
wait
flush

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
