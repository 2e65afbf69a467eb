#!/bin/bash
# cachecat: make check's share of make validate on the other targets:
# for each installed cross target (validate.py's CROSS_TARGETS: aarch64,
# RISC-V RV64GC with and without -mno-relax, Thumb-2, Cortex-M4, and their
# variants RV64G, RV32IMC, RV32IM, A32, Cortex-R5 in ARM state) a few
# freestanding programs (two for a variant) at -O0, -O2 and -Os on two
# shapes, run under qemu-user with qtrace; and the firmware images of
# firmware.py (Cortex-M4, Cortex-M7, RV32IMAC with newlib or picolibc,
# run from reset under qemu-system with qtrace; cachecat-link's column
# entered at Reset_Handler): five programs at -Os and -O2 on two shapes
# (the M7 two), about 5 seconds; every promise (the plugin's,
# cachecat-link's and the reduced analyses') checked
# against the run's fetch trace and every report instruction against the
# target's objdump, and per target flipped promises and boundaries must be
# caught.  A target whose compiler, plugin or qemu is missing is skipped
# with a line saying so (validate.py's "target ... skipped").  One result
# per run and per self-test.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
# The cross plugins (quick when they are up to date; a compiler without
# plugin headers leaves its target skipped).
make -s --no-print-directory cross-plugins
exec testsuite/scripts/check-validate.sh --targets cross --jobs 2 --out "${B:-build}/validate-targets"
