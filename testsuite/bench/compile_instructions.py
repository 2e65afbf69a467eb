#!/usr/bin/env python3
# cachecat: the plugin's compile-time cost in instructions executed, which
# unlike CPU time does not move with the load on the machine.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: compile_instructions.py --cc GCC --plugin SO [--level -O2]
#                                [--plugin-arg KEY[=VALUE]]... NAME:FILE[:CFLAGS] ...
#
# Runs `gcc -c FILE` with and without the plugin under callgrind, following
# every process (the driver, cc1, the measuring assembly, the assembler),
# and prints per file the user-space instructions of each with and without
# the plugin and their ratio, then the total.  Process start-up in the
# kernel (about a millisecond per process) is not counted: CPU time
# (compile_cost.py) has it.
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile


def count(cmd, tmp):
    """Instructions per process kind: driver, cc1, measure (our private
    assembly), as (the build's own)."""
    out = os.path.join(tmp, "cg")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    r = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                        "--callgrind-out-file=" + os.path.join(out, "out.%p")] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.exit(f"compile_instructions: failed: {' '.join(cmd)}")
    kinds = {"driver": 0, "cc1": 0, "measure": 0, "as": 0}
    for f in glob.glob(os.path.join(out, "out.*")):
        cmdline, total = "", 0
        with open(f) as fh:
            for line in fh:
                if line.startswith("cmd:"):
                    cmdline = line[4:].strip()
                elif line.startswith("totals:"):
                    total = int(line.split()[1])
        prog = os.path.basename(cmdline.split()[0]) if cmdline else ""
        if "/proc/self/fd/" in cmdline:
            kind = "measure"          # our private assembly (and its driver)
        elif prog.endswith("cc1"):
            kind = "cc1"
        elif prog == "as" or prog.endswith("-as"):
            kind = "as"
        else:
            kind = "driver"
        kinds[kind] += total
    return kinds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--level", default="-O2")
    ap.add_argument("--plugin-arg", action="append", default=[],
                    help="a plugin argument (record=only: the cost of recording alone)")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("compile_instructions: valgrind is needed")
    tmp = tempfile.mkdtemp(prefix="cachecat-instr.")
    obj = os.path.join(tmp, "out.o")
    plugin = ["-fplugin=" + os.path.abspath(a.plugin),
              "-fplugin-arg-cachecat-report=" + os.path.join(tmp, "out.json")] + \
        ["-fplugin-arg-cachecat-" + arg for arg in a.plugin_arg]
    print(f"{'file':<24} {'without M':>9} {'with M':>8} {'cc1 +M':>7} {'measure M':>9} "
          f"{'as +M':>6} {'ratio':>6}")
    tb = tp = 0
    for spec in a.files:
        name, f, *rest = spec.split(":", 2)
        cflags = rest[0].split() if rest else []
        cmd = [a.cc, a.level, "-w", *cflags, "-c", f, "-o", obj]
        b = count(cmd, tmp)
        p = count(cmd + plugin, tmp)
        sb, sp = sum(b.values()), sum(p.values())
        tb += sb
        tp += sp
        print(f"{name:<24} {sb / 1e6:>9.1f} {sp / 1e6:>8.1f} {(p['cc1'] - b['cc1']) / 1e6:>7.1f} "
              f"{p['measure'] / 1e6:>9.1f} {(p['as'] - b['as']) / 1e6:>6.1f} {sp / sb:>6.3f}")
    shutil.rmtree(tmp, ignore_errors=True)
    what = "".join(" " + arg for arg in a.plugin_arg)
    print(f"compile instructions{what}: ratio {tp / tb:.3f} over {len(a.files)} files "
          f"({tb / 1e6:.0f} M without, {tp / 1e6:.0f} M with, {a.level})")


if __name__ == "__main__":
    main()
