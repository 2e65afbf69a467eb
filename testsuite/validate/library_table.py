#!/usr/bin/env python3
# cachecat: how much of a program's run cachecat-link's report covers, on
# the programs linked statically whose loops run the C library's and
# libgcc's code (testsuite/validate/programs/hs_*.c).  Re-run it when
# cachecat-link models more of that code (from the linked bytes): the
# cover column is what it measures.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: library_table.py [--targets all|x86-64,aarch64,...] [--levels -O2,-Os]
#                         [--shape 8192/64/4] [--programs GLOB,...] [--jobs N]
#
# Every program at every level on every target that runs hosted programs
# (validate.py's x86-64 and CROSS_TARGETS with a C library whose compiler,
# plugin and qemu are installed), on one cache shape: built, analysed by
# cachecat-link, traced and checked as validate.py checks a run (its
# check_one: every promise of cachecat-link's report against every fetch,
# every report instruction against objdump).  One row per run:
#
#   fetches        the run's instruction fetches (the trace's records)
#   cover%         the share of them that are of instructions cachecat-link's
#                  report lists, any category (validate.py's covered_fetches)
#   link           cachecat-link's bound/observed of the program's own code:
#                  the misses its categories allow over those that occurred
#   tightest       the same for the tightest per-instruction categorization
#                  of this run (ccvalidate's): the limit of any analysis
#   link/tightest  the two bounds' ratio
#   link-bytes     bound/observed of cachecat-link's promises on code no unit
#                  recorded ("-" while it makes none)
#   main           cachecat-link's miss bound of main (its report's
#                  max_misses, what --bounds prints), or "none" and a note
#                  with the reason below the table
#
# Exit status 1 if a run failed or broke a promise (its lines are printed).

import argparse
import concurrent.futures
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import validate as V  # noqa: E402


def rows_of(res, shape):
    """The table's fields of one run RES on SHAPE."""
    sn = V.shape_name(shape)

    def col(name):
        return res.columns.get((name, sn), {"bound": 0, "misses": 0})

    link, tight, extra = col("link"), col("tightest"), col("link-bytes")
    bound, why = res.entry_bound.get(sn, (None, "no cachecat-link report"))
    return [res.prog.name, res.job.target.name, res.job.label, str(res.fetches),
            V.pct(res.covered, res.fetches).strip(),
            V.ratio(link["bound"], link["misses"]).strip(),
            V.ratio(tight["bound"], tight["misses"]).strip(),
            V.ratio(link["bound"], tight["bound"]).strip(),
            V.ratio(extra["bound"], extra["misses"]).strip(),
            str(bound) if bound is not None else "none"], why


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--targets", default="all",
                    help="x86-64 and/or validate.py's CROSS_TARGETS; all: every installed one")
    ap.add_argument("--levels", default="-O2,-Os")
    ap.add_argument("--shape", default="8192/64/4")
    ap.add_argument("--programs", default="testsuite/validate/programs/hs_*.c")
    ap.add_argument("--jobs", type=int, default=2)
    opts = ap.parse_args()
    b = V.tool_paths(opts)
    opts.keep = False
    shape = V.parse_shapes(opts.shape)
    out_dir = os.path.abspath(os.path.join(b, "validate"))
    os.makedirs(out_dir, exist_ok=True)
    opts.tmp = tempfile.mkdtemp(prefix="library-", dir=out_dir)
    progs = V.corpus(V.listopt(opts.programs))
    jobs = []
    for target in V.targets_of(opts, b, print):
        if not target.hosted:
            print("library_table: %s skipped (no C library)" % target.name)
            continue
        variants = V.LINK_ONLY
        jobs += [V.Job(p, level, None, shape, variants, (), target)
                 for p in progs if p.kind == "hosted" and V.skipped_on_target(p) is None
                 for level in V.listopt(opts.levels)]
    rows, notes, bad = [], {}, False
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
            for res in ex.map(lambda j: V.check_one(opts, j), jobs):
                problems = res.errors + res.violations + res.boundaries
                if problems:
                    bad = True
                    print("\n".join(problems[:20]))
                    continue
                row, why = rows_of(res, shape[0])
                why = (why or "").replace(V.ROOT + "/", "")
                if row[-1] == "none":
                    row[-1] = "none (%d)" % notes.setdefault(why, len(notes) + 1)
                rows.append(row)
    finally:
        shutil.rmtree(opts.tmp, ignore_errors=True)
    head = ["program", "target", "level", "fetches", "cover%", "link", "tightest",
            "link/tightest", "link-bytes", "main"]
    widths = [max(len(r[k]) for r in rows + [head]) for k in range(len(head))]
    print("cachecat-link on %s: the share of each run's fetches its report covers, "
          "bound/observed of the program's own code (cachecat-link's, the tightest "
          "categorization's) and their ratio, of code no unit recorded (link-bytes), and the "
          "miss bound of main" % V.shape_name(shape[0]))
    for r in [head] + rows:
        print("  " + "  ".join(f.ljust(w) if k < 3 else f.rjust(w)
                               for k, (f, w) in enumerate(zip(r, widths))))
    for why, k in sorted(notes.items(), key=lambda kv: kv[1]):
        print("  (%d) %s" % (k, why))
    return 1 if bad or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
