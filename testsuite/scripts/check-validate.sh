#!/bin/bash
# cachecat: make check's share of make validate: a few programs at -O0, -O2
# and -Os on five shapes, three of them at -O2 with every set of the flag
# axis (SLS hardening, thunks, stack protector, ...) on two shapes, and the
# SLS cases (validate.py --sls-cases); every promise and miss bound checked against the
# run's fetch trace, every report instruction against the linked program's
# instructions, our simulator against callgrind, and flipped promises and
# boundaries must be caught, and a miss bound seeded one below what a
# run loaded.  One result per run and per self-test.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
B=${B:-build}
# Arguments go to validate.py after these (check-validate-targets.sh).
out=$(python3 testsuite/validate/validate.py --quick --self-test --out "$B/validate-quick" "$@" 2>&1)
rc=$?
echo "$out"
passed=$(grep -c -E '^ok ' <<<"$out")
failed=$(grep -c -E '^(FAIL|ERROR) ' <<<"$out")
passed=$((passed + $(grep -c -E '^self-test: .*: caught$' <<<"$out")))
failed=$((failed + $(grep -c -E '^self-test: .*(NOT CAUGHT|no instruction|not clean|no freestanding|with a (miss|fetch) bound whose run missed|whose header ran twice)' <<<"$out")))
grep -q '^validate: ' <<<"$out" || failed=$((failed + 1))
if [ $rc -ne 0 ] && [ $failed -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
