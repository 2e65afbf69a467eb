#!/usr/bin/env python3
# cachecat: ccvalidate's check of miss, fetch and fetch-time bounds
# (fbound, lbound, ffetches, lfetches, fcycles) on hand-written
# expectations and traces, for check-validate-bounds.sh.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
#   bounds_cases.py CCVALIDATE
#
# Each case is a tiny program (functions, loops, instructions, every
# promise conflict so that only the bounds are checked) and a trace of
# it in cctrace's records; it runs ccvalidate with a bound equal to what
# the run loads (nothing may be reported) and one below (the invocation
# or execution that loads more must be reported, and the exit status be
# 1), and the counts ccvalidate prints must be the ones worked out by
# hand below.  Prints a PASS or FAIL line per check and "N passed, N
# failed".
#
# The cache: 256 bytes, 32-byte lines, direct-mapped (column 0) unless a
# case says otherwise; cold at the first record.
import os
import subprocess
import sys
import tempfile

CALL, RET = 1, 2


class Case:
    """A program: FUNCS [(name, entry, end)], LOOPS [(func, parent,
    header)], INSNS {addr: (length, func, loop, flags)}; the trace as
    [(addr, kind)] (each record's length is its insn's)."""

    def __init__(self, name, funcs, loops, insns, trace, shapes=("256 32 1 lru",)):
        self.name, self.funcs, self.loops, self.insns = name, funcs, loops, insns
        self.trace, self.shapes = trace, shapes

    def run(self, ccvalidate, bounds):
        """ccvalidate with BOUNDS ["fbound K F MAX", ...]: exit status and
        its lines."""
        with tempfile.TemporaryDirectory() as d:
            expect = os.path.join(d, "expect")
            with open(expect, "w") as out:
                out.write("columns %d\n" % len(self.shapes))
                for k, shape in enumerate(self.shapes):
                    out.write("column %d c%d@%s %s\n" % (k, k, shape.replace(" ", "/"), shape))
                for k, (name, entry, end) in enumerate(self.funcs):
                    out.write("func %d %s %x\nrange %d %x %x\n" % (k, name, entry, k, entry, end))
                for k, (f, parent, header) in enumerate(self.loops):
                    out.write("loop %d %d %d %x\n" % (f, k, parent, header))
                for addr in sorted(self.insns):
                    length, f, loop, flags = self.insns[addr]
                    out.write("insn %x %d %d %d %d %s\n" % (addr, length, f, loop, flags,
                                                           " ".join(["C"] * len(self.shapes))))
                out.write("".join(b + "\n" for b in bounds))
            trace = os.path.join(d, "trace")
            with open(trace, "wb") as out:
                for addr, kind in self.trace:
                    rec = addr | self.insns[addr][0] << 48 | kind << 56
                    out.write(rec.to_bytes(8, "little"))
            p = subprocess.run([ccvalidate, expect, trace], capture_output=True, text=True)
            return p.returncode, p.stdout.splitlines(), p.stderr


def call_and_loop():
    """main (0x1000) runs a loop (header 0x1008) twice, each iteration
    calling leaf (0x1460); then leaves the loop to 0x1040 (a new line)
    and calls leaf once more.  leaf's insns lie in two lines (0x1460,
    0x1480): its first invocation loads 2 lines, the later ones none.
    The loop's execution loads leaf's 2 lines (a call inside it counts)
    but not 0x1040's (the fetch that ends it is not in it); main loads
    its own lines 0x1000 and 0x1040 and leaf's: 4, checked when the
    trace ends (main never returns)."""
    insns = {0x1000: (4, 0, -1, 0), 0x1004: (4, 0, -1, 0),
             0x1008: (4, 0, 0, 0), 0x100c: (4, 0, 0, 0), 0x1010: (4, 0, 0, 0),
             0x1040: (4, 0, -1, 0), 0x1044: (4, 0, -1, 0),
             0x1460: (4, 1, -1, 0), 0x1464: (4, 1, -1, 0), 0x1480: (4, 1, -1, 0)}
    leaf = [(0x1460, 0), (0x1464, 0), (0x1480, RET)]
    trace = [(0x1000, 0), (0x1004, 0)]
    for _ in range(2):
        trace += [(0x1008, 0), (0x100c, CALL)] + leaf + [(0x1010, 0)]
    trace += [(0x1040, CALL)] + leaf + [(0x1044, 0)]
    return Case("a call and a loop", [("main", 0x1000, 0x1100), ("leaf", 0x1460, 0x14a0)],
                [(0, -1, 0x1008)], insns, trace)


def straddle():
    """main calls two: two's first insn (0x115e, 4 bytes) straddles the
    lines 0x1140 and 0x1160 and misses both: 2 lines loaded (and one
    miss of the fetch in the column's totals, as valgrind counts it:
    with main's line, 2)."""
    insns = {0x1000: (4, 0, -1, 0), 0x1004: (4, 0, -1, 0), 0x1008: (4, 0, -1, 0),
             0x115e: (4, 1, -1, 0), 0x1162: (4, 1, -1, 0)}
    trace = [(0x1000, 0), (0x1004, CALL), (0x115e, 0), (0x1162, RET), (0x1008, 0)]
    return Case("a straddling fetch", [("main", 0x1000, 0x1100), ("two", 0x115e, 0x1180)], [],
                insns, trace)


def sibling():
    """main calls outer (0x1060, one line), which leaves by a sibling
    call (flags bit 0) to inner (0x10a0, two lines), which returns to
    main.  outer's invocation runs from the call to that return: 3
    lines; inner's, from its entry: 2."""
    insns = {0x1000: (4, 0, -1, 0), 0x1004: (4, 0, -1, 0), 0x1008: (4, 0, -1, 0),
             0x1060: (4, 1, -1, 0), 0x1064: (4, 1, -1, 1),
             0x10a0: (4, 2, -1, 0), 0x10c0: (4, 2, -1, 0)}
    trace = [(0x1000, 0), (0x1004, CALL), (0x1060, 0), (0x1064, 0), (0x10a0, 0),
             (0x10c0, RET), (0x1008, 0)]
    return Case("a sibling call", [("main", 0x1000, 0x1060), ("outer", 0x1060, 0x1080),
                                   ("inner", 0x10a0, 0x10e0)], [], insns, trace)


def two_columns():
    """call_and_loop on two caches: 256/32 and 64/32, where main's lines
    and leaf's 0x1480 take the same set: each return to main and leaf's
    later invocations load one again (leaf 2, 1, 1; main 9)."""
    c = call_and_loop()
    c.name, c.shapes = "two columns", ("256 32 1 lru", "64 32 1 lru")
    return c


def rep_string():
    """main's first insn (0x1000) is a string instruction with a rep
    prefix (flags bit 1), traced three times in a row: one fetch; then
    0x1004: 2 fetches in all."""
    insns = {0x1000: (2, 0, -1, 2), 0x1004: (4, 0, -1, 0)}
    trace = [(0x1000, 0), (0x1000, 0), (0x1000, 0), (0x1004, 0)]
    return Case("a rep string instruction", [("main", 0x1000, 0x1020)], [], insns, trace)


def invocations(lines, col, kind="invocations"):
    """{id: (count, most, bound, over)} of column COL's lines."""
    return {int(f[2]): tuple(int(x) for x in f[3:7]) for f in (l.split() for l in lines)
            if f[0] == kind and f[1].startswith("c%d@" % col)}


def main():
    ccvalidate = sys.argv[1]
    passed = failed = 0

    def check(case, what, bounds, want_rc, want_lines=(), want_counts=None):
        nonlocal passed, failed
        rc, lines, err = case.run(ccvalidate, bounds)
        exceeded = sorted(" ".join(l.split()[1:6]) for l in lines
                          if l.startswith("bound-exceeded "))
        counts = {k: invocations(lines, int(k[1]), k[0]) for k in (want_counts or {})}
        ok = rc == want_rc and exceeded == sorted(want_lines) and \
            all(counts[k] == v for k, v in (want_counts or {}).items())
        print("%s: %s: %s" % ("PASS" if ok else "FAIL", case.name, what))
        if not ok:
            print("    exit status %d (want %d); exceeded %s (want %s); counts %s (want %s)%s" % (
                rc, want_rc, exceeded, sorted(want_lines), counts, want_counts,
                "; " + err.strip() if err.strip() else ""))
            failed += 1
        else:
            passed += 1

    c = call_and_loop()
    f, l = ("invocations", 0), ("executions", 0)
    check(c, "bounds that hold", ["fbound 0 1 2", "fbound 0 0 4", "lbound 0 0 2"], 0,
          want_counts={f: {0: (1, 4, 4, 0), 1: (3, 2, 2, 0)}, l: {0: (1, 2, 2, 0)}})
    check(c, "a call that loads more than its function's bound", ["fbound 0 1 1"], 1,
          ["c0@256/32/1/lru function 1 invocation 1"])
    check(c, "a loop execution that loads more than its bound (the call inside it counts)",
          ["lbound 0 0 1"], 1, ["c0@256/32/1/lru loop 0 execution 1"])
    check(c, "an invocation the trace leaves running", ["fbound 0 0 3"], 1,
          ["c0@256/32/1/lru function 0 invocation 1"])
    s = straddle()
    check(s, "a fetch that misses both its lines loads two", ["fbound 0 1 2"], 0,
          want_counts={f: {1: (1, 2, 2, 0)}})
    check(s, "... so a bound of one is exceeded", ["fbound 0 1 1"], 1,
          ["c0@256/32/1/lru function 1 invocation 1"])
    rc, lines, _ = s.run(ccvalidate, [])
    totals = [l for l in lines if l.startswith("column c0@")]
    ok = rc == 0 and totals and totals[0].split()[5] == "2"
    print("%s: %s: the promises' totals count the straddling fetch as one miss" % (
        "PASS" if ok else "FAIL", s.name))
    passed, failed = passed + ok, failed + (not ok)
    b = sibling()
    check(b, "the callee of a sibling call counts toward the function called",
          ["fbound 0 1 3", "fbound 0 2 2"], 0, want_counts={f: {1: (1, 3, 3, 0), 2: (1, 2, 2, 0)}})
    check(b, "... so outer's bound of 2 is exceeded", ["fbound 0 1 2"], 1,
          ["c0@256/32/1/lru function 1 invocation 1"])
    check(b, "... and inner's own of 1", ["fbound 0 2 1"], 1,
          ["c0@256/32/1/lru function 2 invocation 1"])
    t = two_columns()
    check(t, "each column on its own cache", ["fbound 0 1 2", "fbound 1 1 2", "fbound 1 0 5"],
          1, ["c1@64/32/1/lru function 0 invocation 1"],
          {f: {1: (3, 2, 2, 0)}, ("invocations", 1): {0: (1, 9, 5, 1), 1: (3, 2, 2, 0)}})
    ff, fl = ("fetch-invocations", 0), ("fetch-executions", 0)
    check(c, "fetch bounds that hold: every fetch of a line counts, a call's in its caller's "
          "and in the loop's", ["ffetches 0 0 19", "ffetches 0 1 3", "lfetches 0 0 12"], 0,
          want_counts={ff: {0: (1, 19, 19, 0), 1: (3, 3, 3, 0)}, fl: {0: (1, 12, 12, 0)}})
    check(c, "... one below: the invocation and the execution that fetch more",
          ["ffetches 0 0 18", "lfetches 0 0 11"], 1,
          ["c0@256/32/1/lru function 0 invocation 1", "c0@256/32/1/lru loop 0 execution 1"])
    check(s, "a fetch that straddles two lines fetches both", ["ffetches 0 1 3"], 0,
          want_counts={ff: {1: (1, 3, 3, 0)}})
    check(s, "... so a fetch bound of 2 is exceeded", ["ffetches 0 1 2"], 1,
          ["c0@256/32/1/lru function 1 invocation 1"])
    check(rep_string(), "a rep's repeats are its one fetch", ["ffetches 0 0 2"], 0,
          want_counts={ff: {0: (1, 2, 2, 0)}})
    check(rep_string(), "... so a fetch bound of 1 is exceeded", ["ffetches 0 0 1"], 1,
          ["c0@256/32/1/lru function 0 invocation 1"])
    fc = ("cycle-invocations", 0)
    check(c, "fetch time: 19 line fetches at 1 cycle, 4 lines loaded at 10 more",
          ["fcycles 0 0 1 10 59", "fcycles 0 1 2 7 20"], 0,
          want_counts={fc: {0: (1, 59, 59, 0), 1: (3, 20, 20, 0)}})
    check(c, "... one below: exceeded", ["fcycles 0 0 1 10 58"], 1,
          ["c0@256/32/1/lru function 0 invocation 1"])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
