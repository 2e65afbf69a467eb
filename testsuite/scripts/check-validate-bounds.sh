#!/bin/bash
# cachecat: ccvalidate's check of the miss, fetch and fetch-time bounds
# (validate.py writes them from the reports: fbound, lbound, ffetches,
# lfetches, fcycles, lcycles) on hand-written programs and traces
# (testsuite/tools/bounds_cases.py): an invocation and a loop execution
# that load more lines than their bound must be reported (exit status 1),
# and none when they load at most as many; the calls inside a loop count
# toward its execution, the code a sibling call jumps to toward the
# function called, a fetch that misses both its lines loads two, and each
# column has its own cache; a line fetched, and a rep's repeats the one
# fetch, for the fetch bounds.  validate.py's self-test (check-validate.sh)
# seeds a bound one below a real run's in a report.  One result per check.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
B=${B:-build}
if [ ! -x "$B/tools/ccvalidate" ]; then
  echo "FAIL: $B/tools/ccvalidate missing (make check builds it)"
  echo "0 passed, 1 failed"
  exit 1
fi
python3 testsuite/tools/bounds_cases.py "$B/tools/ccvalidate"
