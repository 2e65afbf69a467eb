#!/usr/bin/env python3
# cachecat: the x86-64 length encoder (x86enc) against gas, statement by
# statement.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: x86_encode_compare.py X86ENC AS < STATEMENTS
#
# Each statement the encoder gives a length is assembled by gas (AS, run
# as "AS --64") between two labels; the labels' distance must be that
# length.  Relaxable jumps (a label operand) are compared at their long
# length: every label here is undefined, so gas cannot relax them.
# Symbols are renamed so that no .L name is left undefined.  Statements
# gas refuses are dropped (the encoder may accept some nonsense; it is
# never asked about it).  Prints the mismatches and one summary line:
# "N compared, N wrong, N declined, N refused by gas"; exits 1 on any
# wrong length.
import re
import subprocess
import sys
import tempfile
import os

LOCAL = re.compile(r"[.]L([A-Za-z0-9_]+)")


def main():
    enc, gas = sys.argv[1], sys.argv[2]
    stmts = [l.rstrip("\n") for l in sys.stdin if l.strip()]
    r = subprocess.run([enc], input="\n".join(stmts) + "\n", capture_output=True, text=True,
                       check=True)
    ours = r.stdout.split("\n")
    cases = []
    declined = 0
    for s, o in zip(stmts, ours):
        if o == "-":
            declined += 1
            continue
        if o.startswith("B "):
            long = 6 if s.startswith("j") and not s.startswith("jmp") else 5
            cases.append((s, long))
        else:
            cases.append((s, int(o)))
    refused = 0
    wrong = 0
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "t.s"), os.path.join(d, "t.o")
        for attempt in range(5):
            with open(src, "w") as f:
                f.write("\t.text\n")
                for i, (s, _) in enumerate(cases):
                    renamed = LOCAL.sub(r"Lx_\1", s)
                    f.write(f"Q{i}:\n\t{renamed}\n")
                f.write(f"Q{len(cases)}:\n")
            p = subprocess.run([gas, "--64", "-o", obj, src], capture_output=True, text=True)
            if p.returncode == 0:
                break
            bad = set()
            for line in p.stderr.splitlines():
                m = re.match(r".*?:(\d+): Error", line)
                if m:
                    bad.add((int(m.group(1)) - 2) // 2)
            if not bad:
                print(p.stderr[:2000])
                sys.exit(2)
            refused += len(bad)
            cases = [c for i, c in enumerate(cases) if i not in bad]
        else:
            print("gas keeps refusing")
            sys.exit(2)
        nm = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
        addr = {}
        for line in nm.splitlines():
            f = line.split()
            if len(f) == 3 and f[2].startswith("Q"):
                addr[int(f[2][1:])] = int(f[0], 16)
        for i, (s, n) in enumerate(cases):
            real = addr[i + 1] - addr[i]
            if real != n:
                wrong += 1
                if wrong <= 40:
                    print(f"WRONG: '{s}': ours {n}, gas {real}")
    print(f"{len(cases)} compared, {wrong} wrong, {declined} declined, {refused} refused by gas")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
