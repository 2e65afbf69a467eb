#!/usr/bin/env python3
# cachecat: the cost of the link-time analysis, beside the link itself.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: link_cost.py --cc GCC --plugin SO --link CACHECAT-LINK [--repeat N]
#                     [--level -O2] NAME:DIR:CFLAGS:LIBS:EXCLUDE,... ...
#
# Compiles every .c file of DIR but those named in EXCLUDE with the
# plugin's record=only, links them into a program (with LIBS) and into a
# static one (its whole C library then modelled from the bytes), then runs
# the links and cachecat-link REPEAT times each and keeps the least CPU
# time of each (user + system, children included); also GCC's compile of
# the same files at the level without the plugin, once.  Prints per
# program and way of linking: the link's seconds, cachecat-link's, their
# ratio, cachecat-link's share of the compile, the functions and
# instructions analysed, and cachecat-link's peak memory.
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compile_cost  # noqa: E402


def run(cmd):
    """CPU seconds and peak RSS (KiB) of CMD and its children; a failure
    ends the bench."""
    cpu, rss, status = compile_cost.run(cmd)
    if status != 0:
        sys.exit("link_cost: failed: " + " ".join(cmd))
    return cpu, rss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--link", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--level", default="-O2")
    ap.add_argument("programs", nargs="+")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="cachecat-link-cost.")
    print(f"{'program':<20} {'compile s':>9} {'link s':>7} {'cachecat-link s':>15} "
          f"{'ratio':>6} {'of compile':>10} {'functions':>9} {'insns':>7} {'peak MiB':>8}")
    ratios = []
    for spec in a.programs:
        name, d, cflags, libs, exclude = spec.split(":", 4)
        skip = set(exclude.split(",")) if exclude else set()
        objs = []
        for f in sorted(os.listdir(d)):
            if not f.endswith(".c") or f in skip:
                continue
            obj = os.path.join(tmp, f"{name}-{f[:-2]}.o")
            subprocess.run([a.cc, a.level, "-g", "-w", *cflags.split(), "-c",
                            os.path.join(d, f), "-o", obj, "-fplugin=" + os.path.abspath(a.plugin),
                            "-fplugin-arg-cachecat-record=only"], check=True)
            objs.append(obj)
        t_cc = sum(run([a.cc, a.level, "-w", *cflags.split(), "-c", os.path.join(d, f),
                        "-o", os.path.join(tmp, "plain.o")])[0]
                   for f in sorted(os.listdir(d)) if f.endswith(".c") and f not in skip)
        for how, extra in (("", []), (" static", ["-static"])):
            exe = os.path.join(tmp, name + how.strip())
            link_cmd = [a.cc, *extra, *objs, *libs.split(), "-o", exe]
            report = os.path.join(tmp, name + ".json")
            ana_cmd = [os.path.abspath(a.link), "--quiet", "--report=" + report, exe]
            t_link = t_ana = float("inf")
            peak = 0
            for _ in range(a.repeat):
                t_link = min(t_link, run(link_cmd)[0])
                t, rss = run(ana_cmd)
                t_ana, peak = min(t_ana, t), max(peak, rss)
            with open(report) as f:
                r = json.load(f)
            n_insns = sum(len(p["insns"]) for p in r["functions"])
            ratios.append((name + how, t_ana / t_link, t_ana / t_cc))
            print(f"{name + how:<20} {t_cc:>9.2f} {t_link:>7.3f} {t_ana:>15.3f} "
                  f"{t_ana / t_link:>6.2f} {t_ana / t_cc:>10.3f} {len(r['functions']):>9} "
                  f"{n_insns:>7} {peak / 1024:>8.1f}")
    shutil.rmtree(tmp, ignore_errors=True)
    print("link cost: cachecat-link over the link " +
          ", ".join(f"{n} {x:.2f}" for n, x, _ in ratios) +
          "; over GCC's compile " + ", ".join(f"{n} {y:.3f}" for n, _, y in ratios) +
          f" ({a.level}, record=only, least CPU time of {a.repeat})")


if __name__ == "__main__":
    main()
