#!/usr/bin/env python3
# cachecat: docs/cost.md, from what `make bench' just measured.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: write_cost_doc.py --cc GCC --dir B/bench --seconds S --repeat N DOC
#
# Reads compile.txt, instructions.txt, record-O*.txt, targets-Os.txt, link.txt and
# scaling.txt that bench.sh left in DIR and writes DOC: what was run, when,
# on what machine, and the tables with what their columns mean.
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import run_info  # noqa: E402


def table(path):
    with open(path) as f:
        return ["    " + l.rstrip("\n") if l.strip() else "" for l in f]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--dir", required=True)
    ap.add_argument("--seconds", type=float, required=True)
    ap.add_argument("--repeat", type=int, required=True)
    ap.add_argument("--commit", default=None, help="the plugin's commit when the run began")
    ap.add_argument("doc")
    a = ap.parse_args()
    out = run_info.header(
        "Compile-time cost", "make bench",
        "`testsuite/bench/bench.sh` says how it measures.", a.seconds, a.cc, a.commit)
    out += ["- repeats: %d (a small file up to %d, about two seconds of compiling)"
            % (a.repeat, 4 * a.repeat), "",
            "## CPU time and memory", "",
            "Lua 5.4 and zlib (Debian's source packages, fetched when the bench runs), Lua "
            "once more as one unit (as its own onelua.c builds it) and the project's corpus: "
            "every file compiled with `gcc -c` with and without the plugin, alternating, and "
            "per file the least CPU time (compiler, assembler and everything they run) and the "
            "largest peak memory. At -O2 every file is compiled a third time without the "
            "plugin: the A/A column, that control's time over the first, shows how far the "
            "load on the machine moves a ratio (1.000 on a quiet machine).", ""]
    out += table(os.path.join(a.dir, "compile.txt"))
    out += ["", "## Instructions executed", "",
            "The same compiles of a sample under callgrind (every process: the driver, cc1, "
            "a measuring assembly if one runs, the assembler), which the load cannot move; "
            "process start-up in the kernel is not counted. `cc1 +M` is the plugin inside "
            "the compiler, `measure M` the private assembly that measures a layout the "
            "plugin cannot compute, `as +M` what the annotations add to the build's own "
            "assembly.", ""]
    out += table(os.path.join(a.dir, "instructions.txt"))
    out += ["", "## Recording the model alone", "",
            "The same sample under callgrind with `-fplugin-arg-cachecat-record=only` "
            "(the model recorded in the object for cachecat-link, no analysis, no "
            "report), at -O0, -O2 and -Os.", ""]
    for level in ("O0", "O2", "Os"):
        out += table(os.path.join(a.dir, "record-%s.txt" % level)) + [""]
    out += ["## -Os on the other targets", "",
            "The sample at -Os under callgrind for every other target whose cross compiler "
            "is installed, with the plugin built for it (`make CC=...`) and the flags its "
            "users build with (Cortex-M7 Thumb-2 for `arm-none-eabi-gcc`, Thumb-2 for "
            "`arm-linux-gnueabihf-gcc-12`, `-mno-relax` for RISC-V).", ""]
    out += table(os.path.join(a.dir, "targets-Os.txt")) + [""]
    out += ["## cachecat-link beside the link", "",
            "Lua's interpreter (its units but `luac.c` and `onelua.c`) and SQLite's shell "
            "(`shell.c` and the amalgamation `sqlite3.c`, which its configure and "
            "`make sqlite3.c shell.c` generate from Debian's source package, with the "
            "options of its Makefile's `sqlite3` rule), every unit compiled with "
            "`record=only` at -O2 -g: the least CPU time of the link (`gcc *.o`) and of "
            "`cachecat-link` on the program (default cache), their ratio, the functions "
            "and instructions it analysed and its peak memory.", ""]
    out += table(os.path.join(a.dir, "link.txt"))
    out += ["", "## The engine's time as units grow", "",
            "`ccengine` on generated models of growing function size and call depth: "
            "the time per instruction relative to the smallest.", ""]
    out += table(os.path.join(a.dir, "scaling.txt"))
    run_info.write(a.doc, out)


if __name__ == "__main__":
    main()
