#!/usr/bin/env python3
# cachecat: check the instruction offsets and lengths of a report against
# the object file the same compile produced (objdump -d).
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: check_offsets.py REPORT.json OBJECT.o
#
# Every instruction of an analysed function must be one machine
# instruction of the disassembly, inside the function's section (one the
# report marks "unsplit", the whole output of an insn whose instructions
# were not told apart, must start and end on instruction boundaries); its
# program line must be its section offset / the report's line size.  Prints each mismatch and
# "checked N insns, M mismatches"; exit status 1 on any mismatch, or when
# the report has instructions and none was checked.  $OBJDUMP names the
# objdump to use (default objdump).
import json
import os
import re
import subprocess
import sys


def boundaries(obj):
    """Per section: the length of the instruction at each start."""
    out = subprocess.run([os.environ.get("OBJDUMP", "objdump"), "-d", "-w", obj], capture_output=True,
                         text=True, check=True).stdout
    sec = None
    b = {}
    for line in out.splitlines():
        m = re.match(r"^Disassembly of section (\S+):$", line)
        if m:
            sec = m.group(1)
            b.setdefault(sec, {})
            continue
        # x86 prints bytes ("48 89 e5 "), other targets words or
        # halfwords ("d10043ff ", "f000 f802 "): two hex digits a byte.
        m = re.match(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]+ )+)", line)
        if m and sec:
            b[sec][int(m.group(1), 16)] = len("".join(m.group(2).split())) // 2
    return b


def ends(starts):
    return {s + n for s, n in starts.items()}


def main():
    report, obj = sys.argv[1], sys.argv[2]
    d = json.load(open(report))
    line_size = d["cache"]["line"]
    b = boundaries(obj)
    checked = bad = 0
    for fn in d["functions"]:
        if not fn.get("analysed"):
            continue
        sec = fn["section"]
        base = fn["section_offset"]
        for ins in fn["insns"]:
            if ins["length"] == 0:
                continue
            start = base + ins["offset"]
            end = start + ins["length"]
            checked += 1
            why = None
            if sec not in b:
                why = f"no disassembly of section {sec}"
            elif start not in b[sec]:
                why = "does not start on an instruction boundary"
            elif ins.get("unsplit") and end not in b[sec] and end not in ends(b[sec]):
                why = "does not end on an instruction boundary"
            elif not ins.get("unsplit") and b[sec][start] != ins["length"]:
                why = f"the instruction there is {b[sec][start]} bytes"
            elif ins["line"] != start // line_size:
                why = f"line {ins['line']}, expected {start // line_size}"
            if why:
                bad += 1
                print(f"MISMATCH {fn['name']}+{ins['offset']} (length {ins['length']}, "
                      f"{sec}+{start}): {why}")
    print(f"checked {checked} insns, {bad} mismatches")
    has_insns = any(fn["insns"] for fn in d["functions"])
    sys.exit(1 if bad or (checked == 0 and has_insns) else 0)


if __name__ == "__main__":
    main()
