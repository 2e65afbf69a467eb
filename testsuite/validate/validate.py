#!/usr/bin/env python3
# cachecat: `make validate` -- every promise of every instruction checked
# against real runs, over a matrix of programs, cache shapes and
# optimization levels; precision and the value of each part of the method.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: validate.py [--quick] [--programs GLOB,...] [--levels -O0,...]
#                    [--shapes SIZE/LINE[/WAYS],...] [--csmith N] [--seed S]
#                    [--jobs N] [--out DIR] [--self-test]
#
# For each program and level: the program is compiled and linked once with
# the plugin, and compiled again for every further shape (the plugin never
# changes the code, so one executable serves every shape); it runs once
# under valgrind with our tracing tool (cctrace), and ccvalidate simulates
# the trace on every shape and checks every fetch against its promise.
# The columns of one check: per shape, the plugin's report ("cachecat") and
# the engine re-run on the plugin's model with parts of the method left out
# ("must-may": no reaching states, the simple reference analysis;
# "program-scope": first-miss only for the whole run; "block-ups": UPs are
# straight chains; "one-context": one merged context per function).  Every
# column is an analysis that claims soundness, so all are checked.
# callgrind runs the same executable on some shapes: its per-instruction
# fetch and I1 miss counts must equal our simulator's.
#
# Prints every violation (program, shape, flags, function+offset, source
# line, category, the fetch that broke it), per-program and total
# precision tables, and ends with a one-line summary.  Exit status 1 on any
# violation, simulator disagreement or failed step.

import argparse
import concurrent.futures
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FREESTANDING = ["-g", "-static", "-nostdlib", "-ffreestanding", "-fno-pie", "-no-pie",
                "-fno-stack-protector", "-fcf-protection=none",
                "-fno-asynchronous-unwind-tables"]
HOSTED = ["-g", "-no-pie", "-fno-pie"]

# name, ccengine flags (None: the plugin's own report)
VARIANTS = [
    ("cachecat", None),
    ("must-may", ["--reduce=no-first-miss"]),
    ("program-scope", ["--reduce=program-scope"]),
    ("block-ups", ["--reduce=block-ups"]),
    ("one-context", ["--max-instances=1"]),
]

# make check's share of the corpus (with testsuite/valgrind/*.c): a few
# programs of each kind that run fast.
QUICK = ["fs_switch_tables", "fs_recursion", "fs_conflict_512", "fs_straddle", "fs_hot_cold",
         "fs_first_hit", "h_callbacks", "h_conflict"]

CODES = {"always-hit": "AH", "always-miss": "AM", "conflict": "C"}
CATS = ["always-hit", "always-miss", "first-miss", "first-hit", "conflict"]


class Failure(Exception):
    pass


def run(cmd, timeout=600, **kw):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        raise Failure("timed out: " + " ".join(cmd))
    return p


def must(cmd, what, timeout=600, **kw):
    p = run(cmd, timeout=timeout, **kw)
    if p.returncode != 0:
        raise Failure("%s failed (exit %d): %s\n%s" % (what, p.returncode, " ".join(cmd),
                                                       (p.stderr or p.stdout)[-2000:]))
    return p


def shape_name(s):
    """SIZE/LINE/WAYS, and /POLICY unless it is lru."""
    return "%d/%d/%d" % s[:3] + ("" if s[3] == "lru" else "/" + s[3])


class Program:
    def __init__(self, path, kind, seed=None):
        self.path = path
        self.kind = kind            # "freestanding" or "hosted"
        self.seed = seed
        base = os.path.basename(path)[:-2]
        self.name = base if seed is None else "csmith-%d" % seed


# ---------------------------------------------------------------------------
# Reading the analysis results.

def symbols(exe):
    """Address and size of every defined symbol (the text ones matter)."""
    out = must(["nm", "-S", "--defined-only", exe], "nm").stdout
    syms = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            syms[f[3]] = (int(f[0], 16), int(f[1], 16))
        elif len(f) == 3 and f[1] in "tTwW":
            syms.setdefault(f[2], (int(f[0], 16), 0))
    return syms


def insn_ref(ref, part):
    """A report's reference to an insn: an offset in PART, or "sym+off"."""
    if isinstance(ref, int):
        return (part, ref)
    sym, off = ref.rsplit("+", 1)
    return (sym, int(off))


class Layout:
    """The analysed code of one executable, from the plugin's report."""

    def __init__(self, report, syms):
        self.funcs = []          # [name, entry]
        self.func_id = {}
        self.ranges = []         # (func, lo, hi)
        self.insns = {}          # addr -> [len, func, part, off, loc, call]
        self.loops = []          # [func, header addr, parent header addr, members]
        self.syms = syms
        for part in report["functions"]:
            fname = part["function"]
            if fname not in self.func_id:
                self.func_id[fname] = len(self.funcs)
                self.funcs.append([fname, None])
            f = self.func_id[fname]
            if part["name"] not in syms:
                raise Failure("symbol %s of the report is not in the executable" % part["name"])
            base = syms[part["name"]][0]
            if part["name"] == fname:
                self.funcs[f][1] = base
            self.ranges.append((f, base, base + part["size"]))
            for i in part["insns"]:
                self.insns[base + i["offset"]] = [i["length"], f, part["name"], i["offset"],
                                                  i.get("loc", "?"), i.get("call")]
            for lp in part["loops"]:
                header = self.addr(insn_ref(lp["header"], part["name"]))
                parent = None if lp["parent"] is None else \
                    self.addr(insn_ref(lp["parent"], part["name"]))
                members = [self.addr(insn_ref(m, part["name"])) for m in lp["insns"]]
                self.loops.append([f, header, parent, set(members)])
        for fn in self.funcs:
            if fn[1] is None:
                fn[1] = syms.get(fn[0], (0, 0))[0]
        # Loops numbered function by function, parents first.
        depth = {}

        def d(lp):
            key = lp[1]
            if key not in depth:
                parent = [p for p in self.loops if p[1] == lp[2]]
                depth[key] = 0 if not parent else d(parent[0]) + 1
            return depth[key]

        for lp in self.loops:   # not inside sort: the list is empty meanwhile
            d(lp)
        self.loops.sort(key=lambda lp: (lp[0], depth[lp[1]], lp[1]))
        self.loop_id = {lp[1]: k for k, lp in enumerate(self.loops)}
        self.innermost = {}
        for k, lp in enumerate(self.loops):
            for a in lp[3]:
                if a not in self.innermost or d(self.loops[self.innermost[a]]) < d(lp):
                    self.innermost[a] = k

    def addr(self, ref):
        sym, off = ref
        if sym not in self.syms:
            raise Failure("symbol %s is not in the executable" % sym)
        return self.syms[sym][0] + off

    def where(self, addr):
        i = self.insns.get(addr)
        if not i:
            return "%#x" % addr, "?"
        return "%s+%d" % (i[2], i[3]), i[4]


def code_of(layout, cat, scope_ref):
    """The ccvalidate code of a verdict; SCOPE_REF is None, "program",
    "function" or the absolute address of the loop header."""
    if cat in CODES:
        return CODES[cat]
    if scope_ref == "program":
        return "FP" if cat == "first-miss" else "C"
    if scope_ref == "function":
        return "FF" if cat == "first-miss" else "C"
    if scope_ref in layout.loop_id:
        return ("FL" if cat == "first-miss" else "HL") + str(layout.loop_id[scope_ref])
    raise Failure("a verdict's loop scope names no loop (%r)" % (scope_ref,))


def report_verdicts(layout, report):
    v = {}
    for part in report["functions"]:
        base = layout.syms[part["name"]][0]
        for i in part["insns"]:
            scope = i.get("scope")
            if isinstance(scope, dict):
                scope = layout.addr(insn_ref(scope["loop"], part["name"]))
            v[base + i["offset"]] = code_of(layout, i["category"], scope)
    return v


def table_verdicts(layout, text):
    v = {}
    for line in text.splitlines():
        f = line.split()
        if not f or f[0] != "insn":
            continue
        addr = layout.addr((f[1], int(f[2])))
        scope = None
        if len(f) > 4:
            scope = f[4] if f[4] in ("program", "function") else layout.addr((f[5], int(f[6])))
        v[addr] = code_of(layout, f[3], scope)
    return v


def write_expect(path, layout, columns):
    """COLUMNS: [(name, shape, verdicts by address)]."""
    with open(path, "w") as out:
        out.write("columns %d\n" % len(columns))
        for k, (name, shape, _) in enumerate(columns):
            out.write("column %d %s %d %d %d %s\n" % (k, name, shape[0], shape[1], shape[2],
                                                     shape[3]))
        for k, (name, entry) in enumerate(layout.funcs):
            out.write("func %d %s %x\n" % (k, name, entry))
        for f, lo, hi in layout.ranges:
            out.write("range %d %x %x\n" % (f, lo, hi))
        for k, (f, header, parent, _) in enumerate(layout.loops):
            out.write("loop %d %d %d %x\n" % (f, k, -1 if parent is None else layout.loop_id[parent],
                                             header))
        for addr in sorted(layout.insns):
            length, f, _, _, _, call = layout.insns[addr]
            tail = 1 if call and call.get("tail") else 0
            codes = []
            for _, _, v in columns:
                if addr not in v:
                    raise Failure("no verdict for %#x in a column" % addr)
                codes.append(v[addr])
            out.write("insn %x %d %d %d %d %s\n" % (addr, length, f, layout.innermost.get(addr, -1),
                                                   tail, " ".join(codes)))


# ---------------------------------------------------------------------------
# One program at one level.

class Result:
    def __init__(self, prog, level):
        self.prog, self.level = prog, level
        self.violations = []      # text lines
        self.columns = {}         # (variant, shape) -> dict
        self.agree = 0            # callgrind comparisons that agreed
        self.disagree = []        # text lines
        self.errors = []
        self.fetches = 0
        self.cat_insns = {}       # cachecat column, first shape: category -> insns


def compile_plugin_args(opts, prog, shape, report):
    args = ["-fplugin=" + opts.plugin,
            "-fplugin-arg-cachecat-cache-size=%d" % shape[0],
            "-fplugin-arg-cachecat-line-size=%d" % shape[1],
            "-fplugin-arg-cachecat-ways=%d" % shape[2],
            "-fplugin-arg-cachecat-policy=%s" % shape[3],
            "-fplugin-arg-cachecat-report=" + report]
    if prog.kind == "freestanding":
        args.append("-fplugin-arg-cachecat-entry=_start")
    return args


def flags_of(prog):
    if prog.kind == "freestanding":
        return FREESTANDING
    extra = []
    if prog.seed is not None:
        extra = ["-I/usr/include/csmith", "-w"]
    return HOSTED + extra


def trace_run(opts, exe, trace, workdir):
    env = dict(os.environ, VALGRIND_LIB=opts.vglib)
    p = run(["valgrind", "--tool=cctrace", "--vex-guest-chase=no", "--out=" + trace, exe],
            timeout=opts.timeout, env=env, cwd=workdir)
    if p.returncode != 0:
        raise Failure("cctrace run failed (exit %d): %s" % (p.returncode, p.stderr[-1000:]))
    return p.stdout


def parse_callgrind(path):
    sys.path.insert(0, os.path.join(ROOT, "testsuite", "tools"))
    from check_promises import parse_callgrind as parse
    return parse(path)[0]


def check_one(opts, prog, level):
    res = Result(prog, level)
    work = tempfile.mkdtemp(prefix="ccval-", dir=opts.tmp)
    try:
        flags = [level] + flags_of(prog)
        exe = os.path.join(work, "prog")
        model = os.path.join(work, "model")
        reports = {}
        for k, shape in enumerate(opts.shapes):
            rep = os.path.join(work, "r%d.json" % k)
            cmd = [opts.cc] + flags + compile_plugin_args(opts, prog, shape, rep) + [prog.path]
            env = dict(os.environ)
            if k == 0:
                env["CACHECAT_DUMP_MODEL"] = model
                cmd += ["-o", exe]
            else:
                cmd += ["-c", "-o", os.path.join(work, "x.o")]
            must(cmd, "compile (%s)" % shape_name(shape), env=env)
            with open(rep) as f:
                reports[shape] = json.load(f)
        syms = symbols(exe)
        layout = Layout(reports[opts.shapes[0]], syms)
        columns = []
        entry = ["_start", "cold"] if prog.kind == "freestanding" else []
        for shape in opts.shapes:
            for name, flags_ in opts.variants:
                if flags_ is None:
                    v = report_verdicts(layout, reports[shape])
                else:
                    ways = ["--ways=%d" % shape[2], "--policy=%s" % shape[3]]
                    p = must([opts.ccengine, "--table"] + ways + flags_ +
                             [model, str(shape[0]), str(shape[1])] + entry, "ccengine " + name)
                    v = table_verdicts(layout, p.stdout)
                columns.append(("%s@%s" % (name, shape_name(shape)), shape, v))
        expect = os.path.join(work, "expect")
        write_expect(expect, layout, columns)
        # The run: native first (cheap, and it must work), then traced.
        p = run([exe], timeout=opts.timeout, cwd=work)
        if p.returncode != 0:
            raise Failure("the program exits with %d" % p.returncode)
        trace = os.path.join(work, "trace")
        trace_run(opts, exe, trace, work)
        per_addr = os.path.join(work, "per-address")
        p = run([opts.ccvalidate, expect, trace, per_addr], timeout=opts.timeout)
        if p.returncode not in (0, 1):
            raise Failure("ccvalidate failed: " + p.stderr[-1000:])
        for line in p.stdout.splitlines():
            f = line.split()
            if f[0] == "trace":
                res.fetches = int(f[1])
            elif f[0] == "violation":
                col, addr = f[1], int(f[2], 16)
                fn, loc = layout.where(addr)
                res.violations.append("VIOLATION %s %s %s: %s (%s) promised %s; fetch %s of it %s" % (
                    prog.name, level, col, fn, loc, line.split(": ", 1)[1], f[4], f[5]))
            elif f[0] == "column":
                name, shape = f[1].split("@")
                res.columns[(name, shape)] = {"fetches": int(f[3]), "misses": int(f[5]),
                                              "bound": int(f[7]), "violations": int(f[9]),
                                              "cat": {}}
            elif f[0] == "category":
                name, shape = f[1].split("@")
                cat = f[2]
                res.columns[(name, shape)]["cat"][cat] = (int(f[4]), int(f[6]), int(f[8]))
        # callgrind on some shapes: the same fetches and I1 misses per insn.
        shapes_idx = {}
        with open(per_addr) as f:
            rows = f.read().splitlines()
        for line in rows:
            if line.startswith("shape "):
                g = line.split()
                shapes_idx[(int(g[2]), int(g[3]), int(g[4]), g[5])] = int(g[1])
        ours = {}
        for line in rows:
            if not line.startswith("shape "):
                g = line.split()
                ours[int(g[0], 16)] = [int(x) for x in g[1:]]
        # callgrind drops the last block before exit: leave out the function
        # that ran last (sys_exit in freestanding programs; hosted ones exit
        # in libc).
        last_func = None
        with open(trace, "rb") as t:
            t.seek(-8, 2)
            last = int.from_bytes(t.read(8), "little") & 0xffffffffffff
        for fidx, lo, hi in layout.ranges:
            if lo <= last < hi:
                last_func = fidx
        for shape in opts.callgrind_shapes:
            cg = os.path.join(work, "cg.out")
            # The same environment as the traced run (libc's paths depend on
            # where the stack and the environment strings lie).
            must(["valgrind", "--tool=callgrind", "--cache-sim=yes", "--dump-instr=yes",
                  "--skip-plt=no", "--I1=%d,%d,%d" % (shape[0], shape[2], shape[1]),
                  "--D1=32768,8,64", "--LL=8388608,16,64", "--callgrind-out-file=" + cg, exe],
                 "callgrind", timeout=opts.timeout, cwd=work,
                 env=dict(os.environ, VALGRIND_LIB=opts.vglib))
            theirs = parse_callgrind(cg)
            s = shapes_idx[shape]
            for addr, counts in ours.items():
                if layout.insns[addr][1] == last_func:
                    continue
                ir, mr = theirs.get(addr, (0, 0))
                if (ir, mr) == (counts[0], counts[1 + s]):
                    res.agree += 1
                else:
                    fn, loc = layout.where(addr)
                    res.disagree.append("DISAGREE %s %s %s: %s (%s): ours %d fetches %d misses, "
                                        "callgrind %d fetches %d misses" % (
                                            prog.name, level, shape_name(shape), fn, loc,
                                            counts[0], counts[1 + s], ir, mr))
        rep0 = reports[opts.shapes[0]]
        for part in rep0["functions"]:
            for i in part["insns"]:
                res.cat_insns[i["category"]] = res.cat_insns.get(i["category"], 0) + 1
    except Failure as e:
        res.errors.append("ERROR %s %s: %s" % (prog.name, level, e))
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            res.workdir = work
    return res


# ---------------------------------------------------------------------------
# Programs.

def corpus(opts):
    progs = []
    for pattern in opts.programs:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            base = os.path.basename(path)
            kind = "hosted" if base.startswith("h_") else "freestanding"
            progs.append(Program(path, kind))
    return progs


def csmith_programs(opts, n):
    """N csmith programs that run briefly natively (fresh seeds, printed)."""
    progs = []
    rng = random.Random(opts.seed)
    d = os.path.join(opts.tmp, "csmith")
    os.makedirs(d, exist_ok=True)
    tries = 0
    while len(progs) < n and tries < 20 * n:
        tries += 1
        seed = rng.randrange(1, 2 ** 31)
        src = os.path.join(d, "csmith-%d.c" % seed)
        # (csmith leaves a platform.info in its working directory.)
        p = run(["csmith", "--seed", str(seed), "--max-funcs", "6", "--no-volatiles",
                 "--no-bitfields", "--no-packed-struct", "-o", src], timeout=60, cwd=d)
        if p.returncode != 0:
            continue
        exe = src[:-2]
        p = run([opts.cc, "-O1", "-w", "-I/usr/include/csmith", src, "-o", exe], timeout=120)
        if p.returncode != 0:
            continue
        p = run(["timeout", "1", exe], timeout=10)
        if p.returncode != 0:
            continue
        progs.append(Program(src, "hosted", seed))
    return progs


# ---------------------------------------------------------------------------
# Tables.

def pct(a, b):
    return "%5.1f" % (100.0 * a / b) if b else "    -"


def ratio(a, b):
    return "%6.2f" % (a / b) if b else "     -"


def summarize(opts, results):
    lines = []
    out = lines.append
    names = [v[0] for v in opts.variants]
    out("Precision (over %d levels x %d shapes per program)" % (len(opts.levels), len(opts.shapes)))
    out("bound/observed: the misses the categories allow at most over the misses that occurred "
        "(1.00 is exact)")
    head = "%-28s %9s %6s | %s | %s" % (
        "program", "fetches", "insns",
        " ".join("%5s" % c[:5] for c in ["AH", "AM", "FM", "FH", "C"]),
        " ".join("%13s" % n for n in names))
    out("")
    out("share of instructions (I) and of fetches (F) per category, cachecat; bound/observed per analysis")
    out(head)
    out("-" * len(head))
    by_prog = {}
    for r in results:
        by_prog.setdefault(r.prog.name, []).append(r)
    total = {"fetches": 0, "insns": {}, "cat_f": {}, "bound": {}, "observed": {}}

    def acc(rs, agg):
        for r in rs:
            for (name, shape), col in r.columns.items():
                agg["bound"][name] = agg["bound"].get(name, 0) + col["bound"]
                agg["observed"][name] = agg["observed"].get(name, 0) + col["misses"]
                if name == "cachecat":
                    agg["fetches"] += col["fetches"]
                    for cat, (n_insns, fetches, _) in col["cat"].items():
                        c = cat.split("(")[0]
                        agg["insns"][c] = agg["insns"].get(c, 0) + n_insns
                        agg["cat_f"][c] = agg["cat_f"].get(c, 0) + fetches

    def row(label, agg):
        ti = sum(agg["insns"].values())
        tf = sum(agg["cat_f"].values())
        shares = " ".join("%5s" % pct(agg["insns"].get(c, 0), ti).strip() for c in CATS)
        fshares = " ".join("%5s" % pct(agg["cat_f"].get(c, 0), tf).strip() for c in CATS)
        ratios = " ".join("%13s" % ratio(agg["bound"].get(n, 0), agg["observed"].get(n, 0)).strip()
                          for n in names)
        out("%-28s %9d %6s | I %s | %s" % (label, agg["fetches"], "", shares, ratios))
        out("%-28s %9s %6s | F %s |" % ("", "", "", fshares))

    for name in sorted(by_prog):
        agg = {"fetches": 0, "insns": {}, "cat_f": {}, "bound": {}, "observed": {}}
        acc(by_prog[name], agg)
        row(name, agg)
    acc(results, total)
    out("-" * len(head))
    row("total", total)
    out("")
    out("per associativity and policy, all programs, levels and shapes: bound/observed per "
        "analysis")
    kinds = sorted({(sh[2], sh[3]) for sh in opts.shapes})
    for ways, policy in kinds:
        names_of = {shape_name(sh) for sh in opts.shapes if (sh[2], sh[3]) == (ways, policy)}
        b, o = {}, {}
        for r in results:
            for (name, sn), col in r.columns.items():
                if sn in names_of:
                    b[name] = b.get(name, 0) + col["bound"]
                    o[name] = o.get(name, 0) + col["misses"]
        out("  %d-way %-7s %s" % (ways, policy, " ".join(
            "%s %s" % (n, ratio(b.get(n, 0), o.get(n, 0)).strip()) for n in names)))
    out("")
    out("per shape, all programs and levels: bound/observed per analysis")
    for shape in opts.shapes:
        sn = shape_name(shape)
        b, o = {}, {}
        for r in results:
            for (name, s), col in r.columns.items():
                if s == sn:
                    b[name] = b.get(name, 0) + col["bound"]
                    o[name] = o.get(name, 0) + col["misses"]
        out("  %-12s %s" % (sn, " ".join("%s %s" % (n, ratio(b.get(n, 0), o.get(n, 0)).strip())
                                        for n in names)))
    return lines, total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="the subset make check runs")
    ap.add_argument("--programs", default=None)
    ap.add_argument("--levels", default=None)
    ap.add_argument("--shapes", default=None)
    ap.add_argument("--csmith", type=int, default=None)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", default=os.path.join(os.environ.get("B", "build"), "validate"))
    ap.add_argument("--keep", action="store_true", help="keep the work directories")
    ap.add_argument("--self-test", action="store_true",
                    help="also check that a flipped promise is caught")
    opts = ap.parse_args()
    b = os.environ.get("B", "build")
    opts.cc = os.environ.get("CC", "gcc")
    opts.plugin = os.path.abspath(os.environ.get("PLUGIN", "cachecat.so"))
    opts.ccengine = os.path.abspath(os.path.join(b, "tools", "ccengine"))
    opts.ccvalidate = os.path.abspath(os.path.join(b, "tools", "ccvalidate"))
    opts.vglib = os.path.abspath(os.path.join(b, "vglib"))
    opts.timeout = 300
    if opts.quick:
        programs = ",".join(["testsuite/valgrind/*.c"] + ["testsuite/validate/programs/%s.c" % n
                                                          for n in QUICK])
        levels = "-O0,-O2,-Os"
        shapes = "256/32,1024/32,4096/64,1024/32/2,512/32/4/plru"
        csmith = 0
    else:
        programs = "testsuite/validate/programs/*.c,testsuite/valgrind/*.c"
        levels = "-O0,-O1,-O2,-O3,-Os"
        # Direct-mapped from 256 B to 16 KiB; 2-, 4- and 8-way LRU; FIFO,
        # tree PLRU and random on a few shapes.
        dm = ["%d/%d" % (sz, l) for l in (32, 64)
              for sz in (256, 512, 1024, 2048, 4096, 8192, 16384)]
        lru = ["%d/%d/%d" % (sz, l, w) for sz, l in ((512, 32), (1024, 32), (2048, 64),
                                                     (8192, 32))
               for w in (2, 4, 8)]
        other = ["%s/%s" % (sh, p) for sh in ("1024/32/4", "4096/64/8")
                 for p in ("fifo", "plru", "random")]
        shapes = ",".join(dm + lru + other)
        csmith = 20
    opts.programs = (opts.programs or programs).split(",")
    opts.levels = (opts.levels or levels).split(",")
    shape_list = (opts.shapes or shapes).split(",")
    opts.shapes = []
    for s in shape_list:
        f = s.split("/")
        opts.shapes.append((int(f[0]), int(f[1]), int(f[2]) if len(f) > 2 else 1,
                            f[3] if len(f) > 3 else "lru"))
    opts.csmith = csmith if opts.csmith is None else opts.csmith
    opts.variants = VARIANTS
    # callgrind on the smallest and on one mid-size shape.
    # valgrind simulates LRU only.
    lru_shapes = [sh for sh in opts.shapes if sh[3] == "lru"]
    opts.callgrind_shapes = lru_shapes[:1] + ([lru_shapes[len(lru_shapes) // 2]]
                                              if len(lru_shapes) > 2 else [])
    if opts.seed is None:
        opts.seed = random.SystemRandom().randrange(1, 2 ** 31)
    opts.out = os.path.abspath(opts.out)
    os.makedirs(opts.out, exist_ok=True)
    opts.tmp = tempfile.mkdtemp(prefix="validate-", dir=opts.out)
    progs = corpus(opts)
    if opts.csmith:
        print("csmith seed %d (replay: validate.py --csmith %d --seed %d)" % (
            opts.seed, opts.csmith, opts.seed), flush=True)
        progs += csmith_programs(opts, opts.csmith)
    jobs = [(p, lv) for p in progs for lv in opts.levels]
    print("validate: %d programs x %d levels x %d shapes x %d analyses" % (
        len(progs), len(opts.levels), len(opts.shapes), len(opts.variants)), flush=True)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        for r in ex.map(lambda j: check_one(opts, *j), jobs):
            results.append(r)
            status = "ok"
            if r.errors:
                status = "ERROR"
            elif r.violations or r.disagree:
                status = "FAIL"
            print("%-5s %-28s %-4s %9d fetches, %d violations, callgrind agrees on %d, "
                  "disagrees on %d" % (status, r.prog.name, r.level, r.fetches,
                                       len(r.violations), r.agree, len(r.disagree)), flush=True)
            for line in r.errors + r.violations[:20] + r.disagree[:10]:
                print("    " + line, flush=True)
    violations = sum(len(r.violations) for r in results)
    disagree = sum(len(r.disagree) for r in results)
    errors = sum(len(r.errors) for r in results)
    agree = sum(r.agree for r in results)
    checked = sum(col["fetches"] for r in results for col in r.columns.values())
    lines, total = summarize(opts, [r for r in results if not r.errors])
    print()
    print("\n".join(lines))
    with open(os.path.join(opts.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    selftest_ok = True
    if opts.self_test:
        selftest_ok = self_test(opts, progs)
    if not opts.keep:
        shutil.rmtree(opts.tmp, ignore_errors=True)
    print()
    print("validate: %d runs, %d promise checks (fetches x analyses x shapes), %d violations; "
          "callgrind agrees on %d instruction counts, disagrees on %d; %d errors%s" % (
              len(results), checked, violations, agree, disagree, errors,
              "" if selftest_ok else "; SELF-TEST FAILED"))
    return 1 if violations or disagree or errors or not selftest_ok else 0


def self_test(opts, progs):
    """A deliberately wrong prediction must be caught: flip, in one report,
    an always-miss instruction to always-hit and a conflict instruction
    that hits to always-miss, and check the checker sees both."""
    prog = next((p for p in progs if p.kind == "freestanding"), None)
    if prog is None:
        return False
    o = argparse.Namespace(**vars(opts))
    o.keep = True
    o.variants = VARIANTS[:1]
    o.shapes = opts.shapes[:1]
    o.callgrind_shapes = []
    res = check_one(o, prog, "-O1")
    work = res.workdir
    ok = True
    try:
        if res.errors or res.violations:
            print("self-test: the unflipped run is not clean: %s" % (res.errors + res.violations)[:3])
            return False
        with open(os.path.join(work, "expect")) as f:
            lines = f.read().splitlines()
        counts = {}
        with open(os.path.join(work, "per-address")) as f:
            for line in f:
                g = line.split()
                if g[0] != "shape":
                    counts[g[0]] = (int(g[1]), int(g[2]))
        insn_lines = {l.split()[1]: k for k, l in enumerate(lines) if l.startswith("insn ")}

        def flip(pick, code, what):
            addr = next((a for a, (n, m) in sorted(counts.items()) if pick(n, m)), None)
            if addr is None:
                print("self-test: no instruction to flip for %s" % what)
                return False
            k = insn_lines[addr]
            g = lines[k].split()
            g[-1] = code
            path = os.path.join(work, "expect.flipped")
            with open(path, "w") as out:
                out.write("\n".join(lines[:k] + [" ".join(g)] + lines[k + 1:]) + "\n")
            p = run([opts.ccvalidate, path, os.path.join(work, "trace")])
            caught = p.returncode == 1 and ("violation cachecat@" in p.stdout)
            print("self-test: %#x flipped to %s (%s): %s" % (
                int(addr, 16), code, what, "caught" if caught else "NOT CAUGHT"))
            return caught

        ok &= flip(lambda n, m: m > 0, "AH", "it misses")
        ok &= flip(lambda n, m: n > m, "AM", "it hits")
        ok &= flip(lambda n, m: m > 1, "FP", "it misses more than once")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ok


if __name__ == "__main__":
    sys.exit(main())
