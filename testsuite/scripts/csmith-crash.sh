#!/usr/bin/env bash
# csmith-crash.sh: crash-test the plugin on random csmith programs.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: testsuite/scripts/csmith-crash.sh N
# Environment: CC (default gcc), B (build dir, default build), PLUGIN
#   (default $PWD/cachecat.so), JOBS (parallel programs, default: nproc, at
#   most 2), CSMITH (default csmith), CSMITH_INC (directory of csmith.h),
#   SEEDS (a list of seeds to replay instead of N fresh ones),
#   CSMITH_CMP=0 (skip the object comparison), PLAIN_TIMEOUT (default 60),
#   PLUGIN_TIMEOUT (default 300), CSMITH_TIMEOUT (default 60).
#
# N programs are generated with fresh random seeds (each seed is printed).
# Each is compiled with -c at -O0, -O2 and -O3, without and then with
# -fplugin=$PLUGIN and one of the cache shapes of SHAPES (program index plus
# level index picks it, so every shape and policy meets every level).  A
# program FAILs when, for some level, the plain compile succeeds and the
# plugin compile crashes, prints "internal compiler error", exits non-zero
# or times out, or (unless CSMITH_CMP=0) the two objects are
# not byte-identical (the plugin must not change generated code).  A program
# is SKIPPED when csmith fails or times out, or when a plain compile fails or
# takes more than PLAIN_TIMEOUT seconds (csmith sometimes produces huge
# programs).  Failing programs are kept for replay in
# $B/csmith-failures/seed-SEED/ (prog.c, the logs and replay.sh, which
# repeats the exact compiles, shapes included); rerun one with SEEDS=SEED
# (its shapes then follow its place in the list).  The last line is exactly "N passed, N failed"; exit
# status 1 on any failure.

set -u

LEVELS=("-O0" "-O2" "-O3")
# Plugin arguments of the shapes tried in turn: the default direct-mapped
# cache, LRU with 2 and 8 ways, FIFO, tree PLRU, and real cores' configs
# (random replacement).
SHAPES=("" "ways=2" "cache-size=2048 ways=8" "ways=4 policy=fifo"
        "ways=4 policy=plru" "config=leon3" "config=cortex-m7"
        "config=sifive-u54")
CRASH_RE='internal compiler error|signal terminated program|Segmentation fault|Killed signal|Bus error|Aborted'

self=$(readlink -f "$0")
CC=${CC:-gcc}
B=${B:-build}
PLUGIN=${PLUGIN:-$PWD/cachecat.so}
CSMITH=${CSMITH:-csmith}
case $PLUGIN in /*) ;; *) PLUGIN=$PWD/$PLUGIN ;; esac
case $B in /*) ;; *) B=$PWD/$B ;; esac
PLAIN_TIMEOUT=${PLAIN_TIMEOUT:-60}
PLUGIN_TIMEOUT=${PLUGIN_TIMEOUT:-300}
CSMITH_TIMEOUT=${CSMITH_TIMEOUT:-60}
CSMITH_CMP=${CSMITH_CMP:-1}
LC_ALL=C

if [ -z "${CSMITH_INC:-}" ]; then
  if [ -f /usr/include/csmith/csmith.h ]; then
    CSMITH_INC=/usr/include/csmith
  else
    h=$(dpkg -L libcsmith-dev 2>/dev/null | grep '/csmith\.h$' | head -1)
    [ -z "$h" ] && h=$(find /usr/include /usr/local/include -name csmith.h 2>/dev/null | head -1)
    CSMITH_INC=${h%/csmith.h}
  fi
fi
export CC B PLUGIN CSMITH CSMITH_INC PLAIN_TIMEOUT PLUGIN_TIMEOUT CSMITH_TIMEOUT \
       CSMITH_CMP CRASH_RE LC_ALL

# One program: --one INDEX SEED.  Writes $RES/INDEX.{out,st}; prints the
# block when done.
run_one ()
{
  local idx=$1 seed=$2
  local shapes=()
  local t=$WORK/$idx st=pass msg="" lv fl brc prc
  mkdir -p "$t/tmp" && cd "$t" || return
  local block="seed $seed:"

  if ! timeout "$CSMITH_TIMEOUT" "$CSMITH" --seed "$seed" -o prog.c > csmith.log 2>&1 \
     || [ ! -s prog.c ]; then
    st=skip
    msg="  SKIP: seed $seed: csmith failed or timed out"
  fi

  if [ $st = pass ]; then
    local li=0 shape_args=()
    for lv in "${LEVELS[@]}"; do
      fl=(-w "$lv" -I"$CSMITH_INC")
      shape_args=()
      for a in ${SHAPES[$(( (idx + li) % ${#SHAPES[@]} ))]}; do
        shape_args+=("-fplugin-arg-cachecat-$a")
      done
      shapes[$li]="${shape_args[*]}"
      li=$((li + 1))
      timeout "$PLAIN_TIMEOUT" "$CC" "${fl[@]}" -c prog.c -o "plain$lv.o" \
        > "plain$lv.log" 2>&1
      brc=$?
      if [ $brc -eq 124 ]; then
        st=skip
        msg="  SKIP: seed $seed $lv: plain compile took more than ${PLAIN_TIMEOUT}s"
        break
      elif [ $brc -ne 0 ]; then
        st=skip
        msg="  SKIP: seed $seed $lv: plain compile failed (exit $brc)"
        break
      fi
      TMPDIR=$t/tmp timeout "$PLUGIN_TIMEOUT" "$CC" "${fl[@]}" -fplugin="$PLUGIN" \
        "${shape_args[@]}" -c prog.c -o "plugin$lv.o" > "plugin$lv.log" 2>&1
      prc=$?
      local what=""
      if grep -qE "$CRASH_RE" "plugin$lv.log"; then
        what="plugin compile crashed (exit $prc): $(grep -m1 -E "$CRASH_RE" "plugin$lv.log")"
      elif [ $prc -eq 124 ]; then
        what="plugin compile timed out after ${PLUGIN_TIMEOUT}s"
      elif [ $prc -ne 0 ]; then
        what="plugin compile exited $prc: $(grep -m1 -E 'error' "plugin$lv.log")"
      elif [ "$CSMITH_CMP" = 1 ] && ! cmp -s "plain$lv.o" "plugin$lv.o"; then
        what="objects differ: $(cmp "plain$lv.o" "plugin$lv.o" 2>&1 | head -1)"
      fi
      if [ -n "$what" ]; then
        st=fail
        msg+="  FAIL: seed $seed flags $lv ${shape_args[*]}: $what"$'\n'
      fi
    done
  fi

  if [ $st = fail ]; then
    local keep=$B/csmith-failures/seed-$seed
    rm -rf "$keep"
    mkdir -p "$keep"
    cp prog.c ./*.log "$keep"/ 2>/dev/null
    for lv in "${LEVELS[@]}"; do
      [ -f "plain$lv.o" ] && [ -f "plugin$lv.o" ] || continue
      cmp -s "plain$lv.o" "plugin$lv.o" && continue
      cp "plain$lv.o" "plugin$lv.o" "$keep"/
    done
    {
      echo "#!/bin/sh"
      echo "# Replay of csmith seed $seed ($("$CSMITH" --version 2>/dev/null | head -1))."
      echo "cd \"\$(dirname \"\$0\")\""
      li=0
      for lv in "${LEVELS[@]}"; do
        echo "$CC -w $lv -I$CSMITH_INC -c prog.c -o plain$lv.o"
        echo "$CC -w $lv -I$CSMITH_INC -fplugin=$PLUGIN ${shapes[$li]:-} -c prog.c -o plugin$lv.o"
        li=$((li + 1))
        echo "cmp plain$lv.o plugin$lv.o"
      done
    } > "$keep/replay.sh"
    chmod +x "$keep/replay.sh"
    msg+="  kept in $keep"$'\n'
  fi

  case $st in
    pass) block+=" PASS" ;;
    skip) block+=" SKIPPED"$'\n'"$msg" ;;
    fail) block+=" FAIL"$'\n'"${msg%$'\n'}" ;;
  esac
  printf '%s\n' "$block" > "$RES/$idx.out"
  echo "$st" > "$RES/$idx.st"
  printf '%s\n' "$block"
  cd "$WORK" && rm -rf "$t"
}

if [ "${1:-}" = --one ]; then
  run_one "$2" "$3"
  exit 0
fi

# ---------------------------------------------------------------------------

start=$(date +%s)
if [ -n "${SEEDS:-}" ]; then
  read -r -a seeds <<< "$SEEDS"
else
  n=${1:-}
  if ! [[ $n =~ ^[0-9]+$ ]]; then
    echo "usage: $0 N   (or SEEDS=\"s1 s2 ...\" $0)" >&2
    exit 2
  fi
  seeds=()
  for ((i = 0; i < n; i++)); do
    seeds+=("$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')")
  done
fi
total=${#seeds[@]}

if [ ! -f "$PLUGIN" ]; then
  echo "FAIL: plugin $PLUGIN not found (run make cachecat.so)"
  echo "0 passed, $total failed"
  exit 1
fi
if ! command -v "$CSMITH" > /dev/null || [ ! -f "$CSMITH_INC/csmith.h" ]; then
  echo "FAIL: csmith or csmith.h not found (apt-get install csmith libcsmith-dev)"
  echo "0 passed, $total failed"
  exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/csmith-crash.XXXXXX")
RES=$WORK/results
mkdir -p "$RES"
export WORK RES
trap 'rm -rf "$WORK"' EXIT

nproc_=$(nproc 2>/dev/null || echo 2)
JOBS=${JOBS:-$(( nproc_ < 2 ? nproc_ : 2 ))}
echo "csmith-crash: $total programs, levels ${LEVELS[*]}, CC=$CC, PLUGIN=$PLUGIN, $JOBS jobs"
echo "csmith-crash: seeds: ${seeds[*]}"

for i in "${!seeds[@]}"; do
  printf '%d %s\n' "$i" "${seeds[$i]}"
done | xargs -n 2 -P "$JOBS" "$self" --one

pass=0 fail=0 skip=0
failed_seeds=()
for i in "${!seeds[@]}"; do
  case $(cat "$RES/$i.st" 2>/dev/null) in
    pass) pass=$((pass + 1)) ;;
    skip) skip=$((skip + 1)) ;;
    *) fail=$((fail + 1)); failed_seeds+=("${seeds[$i]}") ;;
  esac
done
end=$(date +%s)
echo "csmith-crash: $((end - start)) s, $skip skipped"
if [ $fail -gt 0 ]; then
  echo "csmith-crash: failing seeds: ${failed_seeds[*]} (kept in $B/csmith-failures/)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
