#!/usr/bin/env python3
# cachecat: the plugin's compile-time cost, measured side by side.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: compile_cost.py --cc GCC --plugin SO [--repeat N] [--levels -O2,...]
#                        [--control-levels -O2,...] NAME:DIR[:CFLAGS] ...
#
# Compiles every .c file of each code base (gcc -c) with and without the
# plugin, alternating which goes first, REPEAT times (small files more
# often, up to 4 * REPEAT: about two seconds each), and keeps per file the
# least CPU time (user + system of the compiler and everything it runs:
# cc1, as) and the largest peak memory (the biggest process).  Prints one
# row per code base and level: seconds without and with the plugin, their
# ratio, and the peak memory ratio.  CPU time rather than wall time, and the
# minimum over repeats, because other load on the machine only ever adds.
# At the --control-levels every file is also compiled a third time without
# the plugin, timed like the others: the "A/A" column, that control's time
# over the first one, shows how far the machine's noise moves a ratio (it
# would be 1.000 on a quiet machine).
import argparse
import os
import subprocess
import sys
import tempfile


def run(cmd):
    """CPU seconds and peak RSS (KiB) of CMD and its children; exit status."""
    pid = os.fork()
    if pid == 0:
        try:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    # wait4 reports only the direct child; gcc waits for cc1 and as, and
    # a process's rusage includes the children it waited for.
    _, status, ru = os.wait4(pid, 0)
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss, os.waitstatus_to_exitcode(status)


def sources(d):
    out = []
    for root, _, files in os.walk(d):
        if "/debian" in root or "/." in root:
            continue
        for f in sorted(files):
            if f.endswith(".c"):
                out.append(os.path.join(root, f))
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--levels", default="-O2")
    ap.add_argument("--plugin-args", default="")
    ap.add_argument("--control-levels", default="")
    ap.add_argument("bases", nargs="+")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="cachecat-bench.")
    obj = os.path.join(tmp, "out.o")
    report = os.path.join(tmp, "out.json")
    plugin = ["-fplugin=" + os.path.abspath(a.plugin),
              "-fplugin-arg-cachecat-report=" + report] + a.plugin_args.split()
    rows = []
    worst = 0.0
    for spec in a.bases:
        name, d, *rest = spec.split(":", 2)
        cflags = rest[0].split() if rest else []
        files = sources(d)
        for level in a.levels.split(","):
            control = level in a.control_levels.split(",")
            t_base = t_plug = t_ctrl = 0.0
            m_base = m_plug = 0
            n = 0
            for f in files:
                base_cmd = [a.cc, level, "-w", *cflags, "-c", f, "-o", obj]
                best = [None, None, None]
                mem = [0, 0, 0]
                ok = True
                # Small files are cheap to repeat and their times the
                # noisiest: about two seconds of compiling each, at least
                # REPEAT and at most 4 * REPEAT pairs.
                r = 0
                while r < a.repeat or (best[0] is not None and r < 4 * a.repeat
                                       and r * best[0] < 2.0):
                    order = (0, 1) if r % 2 == 0 else (1, 0)
                    if control:
                        order = (0, 1, 2) if r % 2 == 0 else (2, 1, 0)
                    r += 1
                    for which in order:
                        cmd = base_cmd + (plugin if which == 1 else [])
                        t, m, rc = run(cmd)
                        if rc != 0:
                            ok = False
                            break
                        best[which] = t if best[which] is None else min(best[which], t)
                        mem[which] = max(mem[which], m)
                    if not ok:
                        break
                if not ok:
                    if best[0] is None:
                        continue  # the file does not build here at all
                    print(f"compile_cost: {f} {level}: fails with the plugin", file=sys.stderr)
                    sys.exit(1)
                n += 1
                t_base += best[0]
                t_plug += best[1]
                if control:
                    t_ctrl += best[2]
                m_base = max(m_base, mem[0])
                m_plug = max(m_plug, mem[1])
            if n == 0:
                print(f"compile_cost: {name}: no file compiled", file=sys.stderr)
                sys.exit(1)
            ratio = t_plug / t_base
            worst = max(worst, ratio)
            rows.append((name, level, n, t_base, t_plug, ratio, m_base / 1024, m_plug / 1024,
                         m_plug / m_base, f"{t_ctrl / t_base:.3f}" if control else "-"))
    print(f"{'code base':<12} {'level':<5} {'files':>5} {'without s':>9} {'with s':>8} "
          f"{'ratio':>6} {'A/A':>6} {'peak MiB':>8} {'with':>6} {'ratio':>6}")
    for r in rows:
        print(f"{r[0]:<12} {r[1]:<5} {r[2]:>5} {r[3]:>9.2f} {r[4]:>8.2f} {r[5]:>6.3f} "
              f"{r[9]:>6} {r[6]:>8.1f} {r[7]:>6.1f} {r[8]:>6.3f}")
    print(f"compile cost: worst time ratio {worst:.3f} over {len(rows)} runs "
          f"(CPU time, min of {a.repeat} to {4 * a.repeat})")


if __name__ == "__main__":
    main()
