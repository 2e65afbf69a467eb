#!/usr/bin/env python3
# cachecat: `make validate` -- every promise of every instruction checked
# against real runs, over a matrix of programs, cache shapes and
# optimization levels; precision and the value of each part of the method.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: validate.py [--quick] [--targets NAME,...|all|cross]
#                    [--programs GLOB,...] [--levels -O0,...]
#                    [--shapes SIZE/LINE[/WAYS],...] [--flags NAME,...]
#                    [--flag-programs GLOB,...] [--flag-shapes ...] [--sls-cases]
#                    [--csmith N] [--target-csmith N] [--seed S] [--jobs N]
#                    [--out DIR] [--keep] [--self-test]
#
# For each program and level: the program is compiled and linked once with
# the plugin, and compiled again for every further shape (the plugin never
# changes the code, so one executable serves every shape); it runs once
# under valgrind with our tracing tool (cctrace), and ccvalidate simulates
# the trace on every shape and checks every fetch against its promise.
# The flag axis does the same at -O2 with each set of code-generation
# flags real builds use (FLAG_SETS), on fewer shapes and for the plugin's
# own report only.  Every report's instructions must also be the linked
# program's machine instructions (objdump: each starts where the report
# says, with the report's length).
# The columns of one check: per shape, the plugin's report ("cachecat") and
# the engine re-run on the plugin's model with parts of the method left out
# ("must-may": no reaching states, the simple reference analysis;
# "program-scope": first-miss only for the whole run; "block-ups": UPs are
# straight chains; "one-context": one merged context per function).  Every
# column is an analysis that claims soundness, so all are checked.
# Each column's miss bounds too (the plugin's report's max_misses,
# cachecat-link's report's, ccengine --bounds for the reduced analyses):
# every invocation of a bounded function, from the call to its
# return, and every execution of a bounded loop may load at most that many
# lines into that column's cache.
# callgrind runs the same executable on some shapes: its per-instruction
# fetch and I1 miss counts must equal our simulator's.
# cachecat-link's promises on code no unit recorded (the C library's,
# libgcc's, once it models them from the linked bytes) are checked too,
# as a column of their own (link-bytes); and every run says the share of
# its fetches that are of instructions the report lists ("cover":
# cachecat-link's report where it ran), which is how much of the run the
# promises speak for.
#
# Prints every violation (program, shape, flags, function+offset, source
# line, category, the fetch that broke it, or the instruction boundary the
# report gets wrong, or the invocation or loop execution over its miss
# bound), per-program (with cover), per-flag-set and total precision
# tables, the table of the programs linked statically (library_table.py
# prints it per target at one shape), the miss bounds' table, and ends
# with a one-line summary.  Exit status 1 on any
# violation, simulator disagreement or failed step.

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import firmware

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FREESTANDING = ["-g", "-static", "-nostdlib", "-ffreestanding", "-fno-pie", "-no-pie",
                "-fno-stack-protector", "-fcf-protection=none",
                "-fno-asynchronous-unwind-tables"]
HOSTED = ["-g", "-no-pie", "-fno-pie"]

# name, ccengine flags (None: the plugin's own report; "link": the report
# of cachecat-link on the linked program, whose units recorded their model)
VARIANTS = [
    ("cachecat", None),
    ("link", "link"),
    ("must-may", ["--reduce=no-first-miss"]),
    ("program-scope", ["--reduce=program-scope"]),
    ("block-ups", ["--reduce=block-ups"]),
    ("one-context", ["--max-instances=1"]),
]

# The flag axis: sets of code-generation flags that real builds use, added
# after the program's own flags (so -fcf-protection wins over the
# freestanding -fcf-protection=none).  Each changes what GCC emits for one
# insn or around functions: a return as `ret; int3` (SLS hardening), an
# indirect branch or a return as an inline thunk, canary code, entry nops,
# GOT loads, endbr64, wider function padding, one section per function.
FLAG_SETS = {
    "sls": ["-mharden-sls=all"],
    "sls-return": ["-mharden-sls=return"],
    "thunk": ["-mindirect-branch=thunk-inline", "-mfunction-return=thunk-inline"],
    "thunk-extern": ["-mindirect-branch=thunk", "-mfunction-return=thunk"],
    "ssp": ["-fstack-protector-all"],
    "patchable": ["-fpatchable-function-entry=16,0"],
    "pic-noplt": ["-fPIC", "-fno-plt", "-static"],
    "cet": ["-fcf-protection"],
    "align64": ["-falign-functions=64"],
    "gc-sections": ["-ffunction-sections", "-Wl,--gc-sections"],
}
# Freestanding programs have no TLS: their canary is a global, and
# freestanding.h provides it and __stack_chk_fail.
FREESTANDING_FLAGS = {"ssp": ["-mstack-protector-guard=global"]}
# A program's own flags on the targets whose compiler contains the key:
# hs_softfloat soft-float on 32-bit ARM, so that libgcc's __aeabi_dmul
# and the like run.  The Linux compiler's C library is built for the
# hard-float ABI: the linker refuses to mix the two unless told to, and
# the program passes no double to the C library (see its comment).
PROGRAM_FLAGS = {
    "hs_softfloat": {"arm-linux-gnueabihf": ["-mfloat-abi=soft", "-Wl,--no-warn-mismatch"]},
}
FLAG_AXIS = ["sls", "thunk", "thunk-extern", "ssp", "patchable", "pic-noplt", "cet", "align64",
             "gc-sections"]
FLAG_SHAPES = "256/32,1024/32,2048/32/4,512/32/2,4096/64,1024/32/4/plru"

# make check's share of the corpus (with testsuite/valgrind/*.c): a few
# programs of each kind that run fast (two linked statically, the C
# library's and libgcc's code in their loops); on the flag axis, three
# programs with indirect jumps and calls, tables and callbacks from libc.
QUICK = ["fs_switch_tables", "fs_recursion", "fs_conflict_512", "fs_straddle", "fs_hot_cold",
         "fs_first_hit", "fs_inline_asm", "h_callbacks", "h_conflict", "mu_pipeline",
         "mu_dispatch", "mu_bytes_switch", "hs_copies", "hs_wide"]
QUICK_FLAG_PROGRAMS = ["fs_tail_calls", "fs_switch_tables", "h_callbacks"]
QUICK_FLAG_SHAPES = "256/32,2048/32/4"

# --sls-cases (and --quick): the two programs whose layout puts a `ret;
# int3` or a `jmp *...; int3` at the end of a 32-byte line, with the code
# of the next line run right after, and one with every kind of indirect
# branch.
SLS_PROGRAMS = ["fs_sls_ret_line", "fs_sls_jmp_line", "fs_indirect_mix"]
SLS_FLAGS = ["sls", "sls-return", "thunk"]
SLS_SHAPES = "256/32,1024/32,2048/32/4"

# Targets.  x86-64: the host's GCC (CC, PLUGIN), traced by valgrind's
# cctrace, with callgrind and cachecat-link columns.  Every other target
# whose cross compiler, plugin (make CC=...: build/TRIPLE/cachecat.so) and
# qemu-user are installed: static executables run under qemu with qtrace
# (the same trace format), checked the same way but for callgrind (it
# reads x86-64 only), on its own matrix (TARGET_*).
# A target: its compiler, its qemu, the flags of every build; whether it
# runs hosted programs (a C library that runs under qemu-user) and links
# libgcc; and, for a variant of another target (the same compiler with
# other -march, -mabi or instruction-set flags), that target's name: a
# variant gets the smaller matrix VARIANT_* (the code it shares with its
# base target is validated there).
Cross = collections.namedtuple("Cross", "cc qemu flags hosted libgcc variant_of",
                               defaults=(True, True, None))
RV = "riscv64-linux-gnu-gcc-12"
CROSS_TARGETS = {
    "aarch64": Cross("aarch64-linux-gnu-gcc-12", "qemu-aarch64", []),
    # The linker relaxes RISC-V code unless told not to, and the plugin
    # promises nothing of code it may relax.  RV64GC.
    "riscv64": Cross(RV, "qemu-riscv64", ["-mno-relax"]),
    # Without the compressed extension: 4-byte instructions only (glibc,
    # which the hosted programs link, is RV64GC: unknown code).
    "rv64g": Cross(RV, "qemu-riscv64", ["-mno-relax", "-march=rv64g", "-mabi=lp64d"],
                   variant_of="riscv64"),
    # RV32 from the same compiler: ELF32 objects, run by qemu-riscv32.
    # Debian has no rv32 C library and the compiler no rv32 libgcc
    # (multilib): freestanding programs only, and none of them needs a
    # libgcc helper (RV32IM divides in hardware).
    "rv32imc": Cross(RV, "qemu-riscv32", ["-mno-relax", "-march=rv32imc", "-mabi=ilp32"],
                     hosted=False, libgcc=False, variant_of="riscv64"),
    "rv32im": Cross(RV, "qemu-riscv32", ["-mno-relax", "-march=rv32im", "-mabi=ilp32"],
                    hosted=False, libgcc=False, variant_of="riscv64"),
    # With -msave-restore, as size-optimised firmware is built: prologues
    # and epilogues jump to libgcc's millicode (unknown code).
    "riscv64-sr": Cross(RV, "qemu-riscv64", ["-mno-relax", "-msave-restore"],
                        variant_of="riscv64"),
    # Thumb-2 as Linux builds it (qemu-user runs A-profile code only).
    "thumb": Cross("arm-linux-gnueabihf-gcc-12", "qemu-arm", ["-mthumb"]),
    # A32 (ARM state), the same compiler: conditional execution, inline
    # literal pools, and with -fpie (the compiler's default, which the
    # static link of every program turns off) switch tables of branches.
    "a32": Cross("arm-linux-gnueabihf-gcc-12", "qemu-arm", ["-marm", "-fpie"],
                 variant_of="thumb"),
    # The bare-metal compiler's own plugin, Cortex-M4 code: freestanding
    # programs make Linux's exit call only, so qemu-arm runs them (an
    # A-profile CPU runs the M-profile Thumb-2 subset the compiler emits
    # for C); hosted ones would need newlib's semihosting.
    "cortex-m4": Cross("arm-none-eabi-gcc", "qemu-arm", ["-mthumb", "-mcpu=cortex-m4"],
                       hosted=False),
    # The same compiler in ARM state for Cortex-R5 (A32 as bare-metal
    # code builds it; libgcc's helpers are Thumb, reached by interworking).
    "cortex-r5": Cross("arm-none-eabi-gcc", "qemu-arm", ["-marm", "-mcpu=cortex-r5"],
                       hosted=False, variant_of="cortex-m4"),
}
# RISC-V as its linker relaxes it (riscv64 without -mno-relax): the
# plugin's own report promises nothing (the linker moves the code), so
# cachecat-link's, placed on the relaxed code's final addresses, is the
# only column (Target.link_only).  Freestanding programs set gp, which the
# relaxed code may use.
CROSS_TARGETS["riscv64-relax"] = CROSS_TARGETS["riscv64"]._replace(
    flags=[f for f in CROSS_TARGETS["riscv64"].flags if f != "-mno-relax"]
    + ["-DFREESTANDING_SET_GP"])
# And with -msave-restore: the millicode calls the linker relaxes too.
CROSS_TARGETS["riscv64-relax-sr"] = CROSS_TARGETS["riscv64-relax"]._replace(
    flags=CROSS_TARGETS["riscv64-relax"].flags + ["-msave-restore"], variant_of="riscv64-relax")
LINK_ONLY = [v for v in VARIANTS if v[1] == "link"]
# Freestanding programs' memset, memcpy and memmove on other targets.
RUNTIME = os.path.join(HERE, "freestanding-rt.c")
# Programs not run on other targets than x86-64, and why.
TARGET_SKIP = [
    ("fs_inline_asm", "x86-64 assembly in every function"),
]
TARGET_LEVELS = "-O0,-O2,-Os"
TARGET_SHAPES = "256/32,1024/32,4096/64,1024/32/2,512/32/4"
# A variant's shapes: direct-mapped, 2- and 4-way LRU, as its base
# target's but fewer (its runs are as costly, and what it shares with its
# base target is checked there), so that the whole matrix of the other
# targets stays under 20 minutes on two cores.
VARIANT_SHAPES = "256/32,1024/32/2,512/32/4"
# csmith programs per other target with a C library (their first N of the
# seed's programs that run briefly), at every level on every shape of
# the target: short runs, about a second a job.
TARGET_CSMITH = 3
# csmith programs end within milliseconds (60 to 400 thousand
# instructions, most of them glibc's start-up) or loop for seconds; the
# other targets take those of at most this many instructions on x86-64.
CSMITH_TARGET_INSNS = 10 ** 7
# make check's share per target (--quick): a few programs, two shapes;
# fs_huge_switch's 128-case switch is a Thumb-2 tbh with its table inline
# (a table jump taken for a fall-through "fetched" the table: extract.cc);
# on the targets with a C library, libgcc's helpers in loops: double
# division (__divti3, __aeabi_ldivmod) and, on arm, soft-float
# (__aeabi_dcmp* return by ldr pc, [sp], #8, which qtrace once missed).
QUICK_TARGET = ["fs_switch_tables", "fs_huge_switch", "fs_recursion", "fs_first_hit",
                "fs_hot_cold", "fs_tail_calls", "hs_wide", "hs_softfloat", "mu_bytes_switch"]
QUICK_TARGET_SHAPES = "256/32,1024/32/2"
# A variant's share: two programs (a switch's tables, recursion).
QUICK_VARIANT = ["fs_switch_tables", "fs_recursion"]


class Target:
    """Where and how a job's program is built and run: x86-64 (no SPEC)
    or a Cross of CROSS_TARGETS."""

    def __init__(self, name, cc, plugin, tools, spec=None):
        self.name, self.cc, self.plugin = name, cc, plugin
        self.nm, self.objdump, self.ar = tools
        self.x86 = spec is None
        spec = spec or Cross(cc, None, [])
        self.flags, self.qemu, self.hosted = list(spec.flags), spec.qemu, spec.hosted
        self.libgcc, self.variant_of = spec.libgcc, spec.variant_of
        # Thumb function symbols may carry the Thumb bit.
        self.thumb_bit = not self.x86 and "arm" in cc
        # Code the RISC-V linker relaxes: only cachecat-link's report
        # promises anything, and it places the code.
        self.link_only = "riscv" in cc and "-mno-relax" not in self.flags


def host_target(opts):
    return Target("x86-64", opts.cc, opts.plugin, ("nm", "objdump", "ar"))


def cross_target(name, b):
    """The target NAME, or the reason it cannot run."""
    spec = CROSS_TARGETS[name]
    cc, qemu = spec.cc, spec.qemu
    if not shutil.which(cc):
        return None, "no %s" % cc
    if not shutil.which(qemu):
        return None, "no %s" % qemu
    triple = run([cc, "-dumpmachine"]).stdout.strip()
    plugin = os.path.abspath(os.path.join(b, triple, "cachecat.so"))
    if not os.path.exists(plugin):
        return None, "no %s (make CC=%s)" % (os.path.relpath(plugin), cc)
    tools = tuple("%s-%s" % (triple, t) for t in ("nm", "objdump", "ar"))
    for t in tools:
        if not shutil.which(t):
            return None, "no %s" % t
    return Target(name, cc, plugin, tools, spec), None


def skipped_on_target(prog):
    """Why PROG does not run on a target other than x86-64, or None."""
    import fnmatch
    return next((why for pat, why in TARGET_SKIP if fnmatch.fnmatch(prog.name, pat)), None)


CODES = {"always-hit": "AH", "always-miss": "AM", "conflict": "C", "never-fetched": "NF",
         "unreachable": "NF"}    # (a function no root reaches: never fetched)
CATS = ["always-hit", "always-miss", "first-miss", "first-hit", "conflict", "never-fetched"]
CAT_LABELS = ["AH", "AM", "FM", "FH", "C", "NF"]


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


def parse_shapes(text):
    shapes = []
    for s in listopt(text):
        f = s.split("/")
        shapes.append((int(f[0]), int(f[1]), int(f[2]) if len(f) > 2 else 1,
                       f[3] if len(f) > 3 else "lru"))
    return shapes


def listopt(text):
    """A comma-separated option; "none" is the empty list."""
    return [] if text in ("", "none") else text.split(",")


class Program:
    def __init__(self, path, kind, seed=None):
        self.path = path
        self.kind = kind            # "freestanding" or "hosted"
        self.seed = seed
        base = os.path.basename(path)
        base = base[:-2] if base.endswith(".c") else base
        self.name = base if seed is None else "csmith-%d" % seed
        # hs_*: hosted, linked statically on x86-64 too, so that the C
        # library's and libgcc's code the program calls in its loops is
        # code of the executable (every other target links every hosted
        # program statically).
        self.static = base.startswith("hs_")
        # A directory is a program of several units (mu_*: each unit is
        # compiled on its own, lib_*.c go into an archive).
        self.units = sorted(glob.glob(os.path.join(path, "*.c"))) if os.path.isdir(path) \
            else [path]

    def multi(self):
        return len(self.units) > 1


class Job:
    """One program built one way (a level, maybe a flag set), checked on
    SHAPES by the analyses VARIANTS; callgrind on CALLGRIND_SHAPES."""

    def __init__(self, prog, level, flagset, shapes, variants, callgrind_shapes=(), target=None):
        self.prog, self.level, self.flagset = prog, level, flagset
        self.shapes, self.variants = shapes, variants
        self.callgrind_shapes = list(callgrind_shapes)
        self.target = target
        self.label = level if flagset is None else "%s %s" % (level, flagset)
        # In messages: the target too, unless it is x86-64.
        self.tag = self.label if target.x86 else "%s %s" % (target.name, self.label)

    def flags(self):
        prog = self.prog
        if prog.kind == "freestanding":
            flags = FREESTANDING
        else:
            flags = HOSTED + (["-I/usr/include/csmith", "-w"] if prog.seed is not None else []) \
                + (["-static"] if prog.static and self.target.x86 else [])
        for key, own in PROGRAM_FLAGS.get(prog.name, {}).items():
            if key in self.target.cc:
                flags = flags + own
        if not self.target.x86:
            # Static executables for qemu-user; -fcf-protection is x86's.
            flags = [f for f in flags if not f.startswith("-fcf-protection")] + \
                (["-static"] if prog.kind == "hosted" else []) + self.target.flags
        if self.flagset is not None:
            flags = flags + FLAG_SETS[self.flagset]
            if prog.kind == "freestanding":
                flags = flags + FREESTANDING_FLAGS.get(self.flagset, [])
        return [self.level] + flags


# ---------------------------------------------------------------------------
# Reading the analysis results.

def symbols(target, exe, report):
    """Address and size of every defined text symbol.  A name defined more
    than once (local symbols of static glibc) that the report names is the
    one with the report's size.  On arm a Thumb function's address has no
    Thumb bit (the trace's addresses have none)."""
    out = must([target.nm, "-S", "--defined-only", exe], "nm").stdout
    found = {}
    mask = ~1 if target.thumb_bit else ~0
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            found.setdefault(f[3], []).append((int(f[0], 16) & mask, int(f[1], 16)))
        elif len(f) == 3 and f[1] in "tTwW":
            found.setdefault(f[2], []).append((int(f[0], 16) & mask, 0))
    sizes = {part["name"]: part["size"] for part in report["functions"]}
    syms = {}
    for name, defs in found.items():
        if len(defs) > 1 and name in sizes:
            defs = [d for d in defs if d[1] == sizes[name]]
            if len(defs) != 1:
                raise Failure("symbol %s of the report is defined %s times in the executable" %
                              (name, len(defs) or "several"))
        syms[name] = max(defs, key=lambda d: d[1])
    return syms


def insn_ref(ref, part):
    """A report's reference to an insn: an offset in PART, or "sym+off"."""
    if isinstance(ref, int):
        return (part, ref)
    sym, off = ref.rsplit("+", 1)
    return (sym, int(off))


def parts_of(report, syms, removed):
    """The function parts of REPORT that are in the executable, with their
    addresses.  A part whose section the linker removed (REMOVED: section
    names, --gc-sections) is left out; any other missing part is an error."""
    for part in report["functions"]:
        if part["name"] in syms:
            yield part, syms[part["name"]][0]
        elif part.get("section") not in removed:
            raise Failure("symbol %s of the report is not in the executable" % part["name"])


class Layout:
    """The analysed code of one executable, from the plugin's report
    (REPORT; of a program of several units, or of code the linker
    relaxed, cachecat-link's).  EXTRA: cachecat-link's report, whose
    functions that are not the plugin's (code no unit recorded: the C
    library's, libgcc's, modelled from the linked bytes) join the layout
    too, their instructions in self.extra; RECORDED: where REPORT is
    cachecat-link's, the units the plugin reported on (a part of another
    unit, or of none, is such code)."""

    def __init__(self, report, syms, removed=(), extra=None, recorded=None):
        self.funcs = []          # [name, entry]
        self.func_id = {}
        self.ranges = []         # (func, lo, hi)
        self.insns = {}          # addr -> [len, func, part, off, loc, call]
        self.loops = []          # [func, header addr, parent header addr, members]
        self.extra = set()       # addresses of the instructions only cachecat-link lists
        self.extra_funcs = set()
        self.syms = syms
        self.unknown = not layout_known(report)
        for part, base in parts_of(report, syms, removed):
            self.add_part(part, base, self.addr,
                          recorded is not None and part.get("unit") not in recorded)
        if extra is not None:
            # By address: cachecat-link names the units' static functions
            # NAME@UNIT, and the C library defines some names twice.
            place = {p["name"]: p["address"] for p in extra["functions"]}
            for part in extra["functions"]:
                lo = part["address"]
                if not any(lo < hi and l < lo + max(part["size"], 1)
                           for _, l, hi in self.ranges):
                    self.add_part(part, lo, lambda ref: place[ref[0]] + ref[1], True)
        for fn in self.funcs:
            if fn[1] is None:
                fn[1] = syms.get(fn[0], (0, 0))[0]
        self.number_loops()

    def number_loops(self):
        """Loops numbered function by function, parents first; each
        instruction's innermost."""
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

    def add_part(self, part, base, addr, extra):
        """PART of a report at BASE; ADDR places a (symbol, offset)
        reference; EXTRA: code only cachecat-link's report lists."""
        fname = part["function"]
        if extra and fname in self.func_id and fname not in self.extra_funcs:
            fname += "@bytes"   # (a C library function of a name the program uses)
        if extra:
            self.extra_funcs.add(fname)
        if fname not in self.func_id:
            self.func_id[fname] = len(self.funcs)
            self.funcs.append([fname, None])
        f = self.func_id[fname]
        if part["name"] == part["function"]:
            self.funcs[f][1] = base
        self.ranges.append((f, base, base + part["size"]))
        for i in part["insns"]:
            if i["length"] == 0:
                continue    # no instruction (boundary_violations says so)
            self.insns[base + i["offset"]] = [i["length"], f, part["name"], i["offset"],
                                              i.get("loc", "?"), i.get("call")]
            if extra:
                self.extra.add(base + i["offset"])
        for lp in part["loops"]:
            header = addr(insn_ref(lp["header"], part["name"]))
            parent = None if lp["parent"] is None else addr(insn_ref(lp["parent"], part["name"]))
            members = [addr(insn_ref(m, part["name"])) for m in lp["insns"]]
            self.loops.append([f, header, parent, set(members)])

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


def report_verdicts(layout, report, removed):
    v = {}
    for part, base in parts_of(report, layout.syms, removed):
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


def report_bounds(layout, report, removed):
    """The miss bounds of the plugin's REPORT, by ccvalidate's numbers:
    {"f": {function: max_misses}, "l": {loop: max_misses}}, the unbounded
    left out; None if it has none or promises nothing (its layout is
    unknown)."""
    if not layout_known(report):
        return None
    return timed(report, parts_bounds(layout, parts_of(report, layout.syms, removed),
                                      lambda ref, part: layout.addr(insn_ref(ref, part)), "the"))


# What the bounds of a report count, by their key: per function, per loop.
FUNC_BOUNDS = (("max_misses", "f"), ("max_fetches", "F"), ("max_fetch_cycles", "Cf"))
LOOP_BOUNDS = (("max_misses", "l"), ("iterations", "r"), ("max_fetches", "L"),
               ("max_fetch_cycles", "Cl"))
BOUND_KINDS = [k for _, k in FUNC_BOUNDS + LOOP_BOUNDS]


def timed(report, bounds):
    """BOUNDS with the fetch time of REPORT's cache (its "timing": hit
    cycles, miss penalty), if it gives one."""
    cache = report.get("cache", {})
    if bounds is not None and "hit_cycles" in cache:
        bounds["timing"] = (cache["hit_cycles"], cache["miss_penalty"])
    return bounds


def parts_bounds(layout, parts, header_addr, whose):
    """The miss bounds of a report's PARTS ((part, its address) pairs),
    its loops' headers placed by HEADER_ADDR (the header's reference, the
    part's name); WHOSE names the report in errors."""
    entries = {entry: k for k, (_, entry) in enumerate(layout.funcs)}
    out, found = {kind: {} for kind in BOUND_KINDS}, False
    for part, base in parts:
        if part["name"] == part["function"] and "max_misses" in part:
            found = True
            for key, kind in FUNC_BOUNDS:
                if part.get(key) is None:
                    continue
                if base not in entries:
                    raise Failure("%s bound of %s names no function's entry" % (
                        whose, part["name"]))
                out[kind][entries[base]] = part[key]
        for lp in part["loops"]:
            for key, kind in LOOP_BOUNDS:
                if lp.get(key) is None:
                    continue
                header = header_addr(lp["header"], part["name"])
                if header not in layout.loop_id:
                    raise Failure("%s bound of the loop at %s+%s names no loop" % (
                        whose, part["name"], lp["header"]))
                out[kind][layout.loop_id[header]] = lp[key]
    return out if found else None


def units_bounds(layout, reports, removed, usyms):
    """The miss bounds of the units' own reports, placed by cachecat-link's
    addresses."""
    out = {kind: {} for kind in BOUND_KINDS}
    for rep, rem in zip(reports, removed):
        b = report_bounds(unit_view(layout, usyms.get(rep["source"], {})), rep, rem)
        if b is None:
            return None
        for kind in BOUND_KINDS:
            out[kind].update(b[kind])
        if "timing" in b:
            out["timing"] = b["timing"]
    return out


def table_bounds(layout, text):
    """The miss bounds of ccengine --table --bounds ("fbound FUNCTION N",
    "lbound PART OFFSET RUNS N", "-" for unbounded)."""
    out = {"f": {}, "l": {}, "r": {}}
    for line in text.splitlines():
        f = line.split()
        if len(f) > 2 and f[0] == "fbound" and f[2] != "-" and f[1] in layout.func_id:
            out["f"][layout.func_id[f[1]]] = int(f[2])
        elif len(f) == 5 and f[0] == "lbound" and (f[3] != "-" or f[4] != "-"):
            header = layout.addr((f[1], int(f[2])))
            if header not in layout.loop_id:
                raise Failure("ccengine's bound of the loop at %s+%s names no loop" % (f[1], f[2]))
            if f[4] != "-":
                out["l"][layout.loop_id[header]] = int(f[4])
            if f[3] != "-":
                out["r"][layout.loop_id[header]] = int(f[3])
    return out


def bound_lines(k, bounds):
    """Column K's miss bounds as lines of ccvalidate's expectations."""
    if not bounds:
        return []
    timing = "%d %d " % bounds["timing"] if "timing" in bounds else None
    out = []
    for kind, word in (("f", "fbound"), ("l", "lbound"), ("r", "lruns"), ("F", "ffetches"),
                       ("L", "lfetches"), ("Cf", "fcycles"), ("Cl", "lcycles")):
        if kind.startswith("C") and timing is None:
            continue
        out += ["%s %d %d %s%d" % (word, k, x, timing if kind.startswith("C") else "", m)
                for x, m in sorted(bounds.get(kind, {}).items())]
    return out


def write_expect(path, layout, columns, rep=frozenset()):
    """COLUMNS: [(name, shape, verdicts by address, miss bounds or None)];
    REP: the addresses of rep-prefixed string instructions.  Code only
    cachecat-link's report lists (layout.extra) is "-" in the columns
    that say nothing of it: neither checked nor counted there."""
    with open(path, "w") as out:
        out.write("columns %d\n" % len(columns))
        for k, (name, shape, _, _) in enumerate(columns):
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
            extra = addr in layout.extra
            flags = (1 if call and call.get("tail") else 0) | (2 if addr in rep else 0) | \
                (4 if extra else 0)
            codes = []
            for _, _, v, _ in columns:
                if addr not in v and not extra:
                    raise Failure("no verdict for %#x in a column" % addr)
                codes.append(v.get(addr, "-"))
            out.write("insn %x %d %d %d %d %s\n" % (addr, length, f, layout.innermost.get(addr, -1),
                                                   flags, " ".join(codes)))
        for k, column in enumerate(columns):
            out.writelines(line + "\n" for line in bound_lines(k, column[3]))


# ---------------------------------------------------------------------------
# Instruction boundaries.

# x86-64's objdump prints an instruction's bytes ("48 89 e5"), the others'
# its words or halfwords ("d503201f", "f000 f802"): two hex digits a byte.
OBJDUMP_INSN = re.compile(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]+ )+)\s*(\S*)")


class MachineInsns(dict):
    """Address -> length of every instruction of a range of an executable,
    and the addresses of the string instructions with a rep prefix."""
    rep = frozenset()


def machine_insns(target, exe, lo, hi):
    """The instructions of [LO, HI) in EXE as objdump's linear sweep
    decodes them (it restarts at every symbol; on arm it follows the
    mapping symbols between Thumb, A32 and data)."""
    out = must([target.objdump, "-d", "-w", "-z", "--start-address=%#x" % lo,
                "--stop-address=%#x" % hi, exe], "objdump").stdout
    starts, rep = MachineInsns(), set()
    for line in out.splitlines():
        m = OBJDUMP_INSN.match(line)
        if m:
            addr = int(m.group(1), 16)
            starts[addr] = len(m.group(2).replace(" ", "")) // 2
            if target.x86 and m.group(3).startswith("rep"):
                rep.add(addr)
    starts.rep = frozenset(rep)
    return starts


def boundary_violations(job, shape, report, syms, removed, starts):
    """Every instruction of REPORT must be a machine instruction of the
    linked program: one starts at its address, with its length.  Entries
    whose machine instructions the plugin could not tell apart ("unsplit")
    need only the start; those the linker may rewrite ("linker": a TLS
    sequence becomes instructions of other boundaries) nothing: the report
    says why and promises nothing of them.  Nor does a report whose
    layout is unknown (without_layout checks that).  An entry without
    bytes is no machine instruction: a violation in any function."""
    out = []
    if not layout_known(report):
        return out
    for part, base in parts_of(report, syms, removed):
        for i in part["insns"]:
            n = starts.get(base + i["offset"])
            if "linker" in i:
                continue
            if n is None:
                why = "no instruction starts there"
            elif n != i["length"] and not i.get("unsplit"):
                why = "the report says %d bytes, the linked program has a %d-byte " \
                      "instruction there" % (i["length"], n)
            else:
                continue
            out.append("VIOLATION %s %s %s: %s+%d (%s): %s" % (
                job.prog.name, job.tag, shape_name(shape), part["name"], i["offset"],
                i.get("loc", "?"), why))
    return out


def link_boundary_violations(job, report, starts):
    """cachecat-link's instructions must be the linked program's too (on
    relaxed RISC-V code it places them itself): those of the functions it
    analysed (the others promise nothing, and a unit the plugin could not
    measure has GCC's estimates)."""
    syms = {p["name"]: (p["address"], p["size"]) for p in report["functions"]}
    fetched = dict(report, functions=[p for p in report["functions"] if p["analysed"]])
    return [line.replace(": ", " (cachecat-link): ", 1) for line in
            boundary_violations(job, job.shapes[0], fetched, syms, (), starts)]


def layout_known(report):
    """Does REPORT know where its instructions lie?  When the plugin could
    not measure them (or the linker may still move them) its offsets and
    lengths are GCC's estimates, and it promises nothing: every
    instruction conflict (docs/semantics.md, 2.4)."""
    return report.get("layout", {}).get("offsets") != "unknown"


def without_layout(job, reports, syms, removed, starts):
    """REPORTS (by shape) of a unit whose layout is unknown: every entry
    must be conflict (the violations, else none).  Then each part's
    entries become the linked program's machine instructions in it
    (STARTS), conflict, and its size the symbol's: what the report
    promises, at the addresses the run fetches."""
    out = []
    for shape, report in reports.items():
        for part, base in parts_of(report, syms, removed):
            for i in part["insns"]:
                if i["category"] != "conflict":
                    out.append("VIOLATION %s %s cachecat@%s: %s+%d (%s) promised %s; the "
                               "report's layout is unknown" % (
                                   job.prog.name, job.tag, shape_name(shape), part["name"],
                                   i["offset"], i.get("loc", "?"), i["category"]))
            size = syms[part["name"]][1]
            part["size"] = size
            part["insns"] = [{"offset": a - base, "length": starts[a], "category": "conflict"}
                             for a in sorted(starts) if base <= a < base + size]
            part["loops"] = []
    return out


def conflict_everywhere(job, name, shape, verdicts, layout):
    """A column (ccengine's NAME on SHAPE) of a unit whose layout is
    unknown: it must promise nothing either.  Returns the violations and
    the column at the machine instructions (without_layout)."""
    out = ["VIOLATION %s %s %s@%s: %#x promised %s; the report's layout is unknown" % (
        job.prog.name, job.tag, name, shape_name(shape), a, code)
        for a, code in sorted(verdicts.items()) if code not in ("C", "-") and a not in layout.extra]
    return out, {a: "C" for a in layout.insns if a not in layout.extra}


def parts_span(report, syms, removed):
    """The addresses from the first byte of REPORT's parts to the last,
    by their symbols."""
    spans = [(base, base + syms[part["name"]][1]) for part, base in
             parts_of(report, syms, removed)]
    if not spans:
        raise Failure("the report names no code of the executable")
    return min(lo for lo, _ in spans), max(hi for _, hi in spans)


def code_span(layout):
    """The addresses from the first analysed byte to the last."""
    if not layout.ranges:
        raise Failure("the report names no code of the executable")
    return min(lo for _, lo, _ in layout.ranges), max(hi for _, _, hi in layout.ranges)


# ---------------------------------------------------------------------------
# One program built one way.

class Result:
    def __init__(self, job):
        self.job, self.prog = job, job.prog
        self.violations = []      # text lines: broken promises
        self.boundaries = []      # text lines: instructions the program does not have
        self.columns = {}         # (variant, shape) -> dict
        self.bounds = {}          # (variant, shape) -> miss bounds and what the run did
        self.iterations = []      # per column and loop with an iteration bound: the
                                  # column, the loop's id, executions, most header
                                  # runs, bound, executions over
        self.n_funcs = self.n_loops = 0   # of the layout
        self.agree = 0            # callgrind comparisons that agreed
        self.disagree = []        # text lines
        self.errors = []
        self.fetches = 0
        self.covered = 0          # fetches of instructions the report lists (report_columns)
        self.entry_bound = {}     # shape name -> cachecat-link's bound of the entry, or why none
        self.closed = {}          # shape name -> whether cachecat-link found the program closed


def compile_plugin_args(target, prog, shape, report):
    args = ["-fplugin=" + target.plugin,
            "-fplugin-arg-cachecat-cache-size=%d" % shape[0],
            "-fplugin-arg-cachecat-line-size=%d" % shape[1],
            "-fplugin-arg-cachecat-ways=%d" % shape[2],
            "-fplugin-arg-cachecat-policy=%s" % shape[3],
            "-fplugin-arg-cachecat-report=" + report]
    if prog.kind == "freestanding":
        args.append("-fplugin-arg-cachecat-entry=_start")
    return args


def build(opts, job, work):
    """Compile the program once per shape (the plugin's report for each; the
    model with the first), link the first objects.  Returns the executable,
    the reports by shape (of a program of several units: a list, one per
    unit) and the sections of ours the linker removed (of several units: a
    list of sets, one per unit)."""
    if hasattr(job.target, "build"):     # a firmware image (firmware.py)
        return job.target.build(opts, job, work)
    flags = job.flags()
    prog = job.prog
    cc = job.target.cc
    exe = os.path.join(work, "prog")
    objs = [os.path.join(work, "prog.o" if not prog.multi() else "u%d.o" % u)
            for u in range(len(prog.units))]
    reports = {}
    for k, shape in enumerate(job.shapes):
        per_unit = []
        for u, src in enumerate(prog.units):
            if without_plugin(src):
                # Compiled as a library is: cachecat-link models it from
                # the linked bytes, and its promises are link-bytes'.
                if k == 0:
                    must([cc] + flags + [src, "-c", "-o", objs[u]], "compile %s" % src)
                continue
            rep = os.path.join(work, "r%d.json" % k if not prog.multi() else "r%d_%d.json" % (k, u))
            env = dict(os.environ)
            if k == 0 and not prog.multi():
                env["CACHECAT_DUMP_MODEL"] = os.path.join(work, "model")
            record = ["-fplugin-arg-cachecat-record"] if k == 0 and link_variant(job) else []
            must([cc] + flags + compile_plugin_args(job.target, prog, shape, rep) + record +
                 [src, "-c", "-o", objs[u] if k == 0 else os.path.join(work, "x.o")],
                 "compile (%s)" % shape_name(shape), env=env)
            with open(rep) as f:
                per_unit.append(json.load(f))
        reports[shape] = per_unit if prog.multi() else per_unit[0]
    # Units named lib_*.c are linked from an archive, after the others.
    lib = [o for o, src in zip(objs, prog.units) if os.path.basename(src).startswith("lib_")]
    inputs = [o for o in objs if o not in lib]
    if lib:
        archive = os.path.join(work, "libunits.a")
        must([job.target.ar, "rcs", archive] + lib, "ar")
        inputs.append(archive)
    if not job.target.x86 and prog.kind == "freestanding":
        # memset and the like, which GCC calls on these targets, unseen
        # by the plugin; libgcc for ARM's division helpers.
        rt = os.path.join(work, "rt.o")
        must([cc] + job.flags() + ["-O2", "-fno-tree-loop-distribute-patterns", "-c", RUNTIME,
                                   "-o", rt], "compile (run-time support)")
        inputs += [rt] + (["-lgcc"] if job.target.libgcc else [])
    gc = "-Wl,--gc-sections" in flags
    p = must([cc] + flags + inputs + ["-o", exe] + (["-Wl,--print-gc-sections"] if gc else []),
             "link")
    gone = [(m.group(1), m.group(2)) for m in re.finditer(
        r"removing unused section '([^']+)' in file '([^']+)'", p.stderr)]

    def removed_from(obj):
        member = "(%s)" % os.path.basename(obj)
        return {sec for sec, f in gone if f == obj or f.endswith(member)}

    removed = [removed_from(o) for o, src in zip(objs, prog.units) if not without_plugin(src)]
    return exe, reports, removed if prog.multi() else removed[0]


def without_plugin(src):
    """Is SRC a unit of a program of several that is compiled without the
    plugin (bytes_*.c), as the C library is?"""
    return os.path.basename(src).startswith("bytes_")


def unit_symbols(link_report):
    """Per unit (its source as compiled), its parts' addresses and sizes by
    the symbol the unit's own report names them by, from cachecat-link's
    report (which names a static function of two units NAME@UNIT)."""
    out = {}
    for part in link_report["functions"]:
        unit, name = part.get("unit"), part["name"]
        if not isinstance(unit, str):
            continue    # (code no unit recorded)
        if name.endswith("@" + unit):
            name = name[:-len(unit) - 1]
        out.setdefault(unit, {})[name] = (part["address"], part["size"])
    return out


def unit_view(layout, syms):
    """LAYOUT, with the symbols of one unit."""
    import copy
    view = copy.copy(layout)
    view.syms = syms
    return view


def units_verdicts(layout, reports, removed, usyms):
    """The verdicts of the units' own reports, placed by cachecat-link's
    addresses."""
    v = {}
    for rep, rem in zip(reports, removed):
        v.update(report_verdicts(unit_view(layout, usyms.get(rep["source"], {})), rep, rem))
    return v


def link_variant(job):
    return any(flags == "link" for _, flags in job.variants)


def link_bounds(layout, report):
    """The miss bounds of cachecat-link's report, placed by its own
    addresses, as report_bounds gives a unit's."""
    addr = {part["name"]: part["address"] for part in report["functions"]}

    def header_addr(ref, part):
        sym, off = insn_ref(ref, part)
        return addr[sym] + off
    return timed(report, parts_bounds(layout, ((p, p["address"]) for p in report["functions"]),
                                      header_addr, "cachecat-link's"))


def link_verdicts(layout, report):
    """The verdicts of cachecat-link's report, placed by its own addresses
    (its names of static functions are NAME@UNIT, no symbol)."""
    addr = {part["name"]: part["address"] for part in report["functions"]}
    v = {}
    for part in report["functions"]:
        for i in part["insns"]:
            scope = i.get("scope")
            if isinstance(scope, dict):
                sym, off = insn_ref(scope["loop"], part["name"])
                scope = addr[sym] + off
            v[part["address"] + i["offset"]] = code_of(layout, i["category"], scope)
    return v


def run_link(opts, job, shape, exe, work):
    """cachecat-link on the linked program, the freestanding ones entered at
    _start with a cold cache as the plugin's reports are."""
    rep = os.path.join(work, "link.json")
    entry = ["--entry=_start", "--entry-state=cold"] if job.prog.kind == "freestanding" else []
    entry = getattr(job.target, "link_entry", entry)    # firmware: Reset_Handler
    must([opts.cachecat_link, "--cache-size=%d" % shape[0], "--line-size=%d" % shape[1],
          "--ways=%d" % shape[2], "--policy=%s" % shape[3], "--report=" + rep] + entry + [exe],
         "cachecat-link (%s)" % shape_name(shape))
    with open(rep) as f:
        report = json.load(f)
    # (self_test_bytes: code modelled from the bytes, before there is any)
    if getattr(opts, "link_hook", None):
        opts.link_hook(report)
    return report


def entry_bound(link):
    """cachecat-link's miss bound of its entry (its max_misses), or why
    it has none."""
    sym = link.get("entry", {}).get("symbol")
    part = next((p for p in link["functions"] if p["name"] == sym), None)
    if part is None:
        return None, "no entry %s in the report" % sym
    return part.get("max_misses"), part.get("unbounded_because")


def report_columns(job):
    """The columns whose instructions are "the report" of the coverage:
    cachecat-link's (its promises on the program's code and on code it
    modelled from the bytes) where it ran, else the plugin's."""
    return ("link", "link-bytes") if link_variant(job) else ("cachecat",)


def covered_fetches(per_addr, columns, job):
    """The run's fetches of instructions the report lists (any category):
    per-address counts (every trace record, a rep's iterations too, as
    the trace's total counts them) of report_columns on the first shape."""
    names = report_columns(job)
    listed = {a for name, shape, v, _ in columns if shape == job.shapes[0] and
              name.split("@")[0] in names for a, code in v.items() if code != "-"}
    n = 0
    with open(per_addr) as f:
        for line in f:
            g = line.split()
            if g[0] != "shape" and int(g[0], 16) in listed:
                n += int(g[1])
    return n


def columns_of(opts, job, layout, reports, removed, work, exe, res=None):
    """[(column name, shape, verdicts by address, miss bounds or None)] of
    every analysis on every shape.  cachecat-link's promises on code no
    unit recorded (layout.extra) are a column of their own, link-bytes,
    so that every other column, link's too, is the program's code alone.
    RES gets cachecat-link's bound of the entry per shape."""
    columns = []
    entry = ["_start", "cold"] if job.prog.kind == "freestanding" else []
    for shape in job.shapes:
        for name, flags in job.variants:
            bounds, after = None, None
            if flags is None and job.prog.multi():
                v = units_verdicts(layout, reports[shape], removed, layout.unit_syms)
                bounds = units_bounds(layout, reports[shape], removed, layout.unit_syms)
            elif flags is None:
                v = report_verdicts(layout, reports[shape], removed)
                bounds = report_bounds(layout, reports[shape], removed)
            elif flags == "link":
                link = run_link(opts, job, shape, exe, work)
                v = link_verdicts(layout, link)
                bounds = link_bounds(layout, link)
                if res is not None:
                    res.entry_bound[shape_name(shape)] = entry_bound(link)
                    res.closed[shape_name(shape)] = bool(link.get("link", {}).get("closed"))
                if layout.extra:
                    after = ("link-bytes@%s" % shape_name(shape), shape,
                             {a: v.get(a, "-") if a in layout.extra else "-"
                              for a in layout.insns}, None)
                    v = {a: c for a, c in v.items() if a not in layout.extra}
            else:
                ways = ["--ways=%d" % shape[2], "--policy=%s" % shape[3]]
                p = must([opts.ccengine, "--table", "--bounds"] + ways + flags +
                         [os.path.join(work, "model"), str(shape[0]), str(shape[1])] + entry,
                         "ccengine " + name)
                v = table_verdicts(layout, p.stdout)
                bounds = table_bounds(layout, p.stdout)
            columns.append(("%s@%s" % (name, shape_name(shape)), shape, v,
                            None if layout.unknown else bounds))
            if after:
                columns.append(after)
    return columns


def replay(opts, res, layout, expect, trace, per_addr):
    """ccvalidate: every fetch of the trace against every column."""
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
                res.prog.name, res.job.tag, col, fn, loc, line.split(": ", 1)[1], f[4],
                f[5].rstrip(":")))
        elif f[0] == "column":
            name, shape = f[1].split("@")
            res.columns[(name, shape)] = {"fetches": int(f[3]), "misses": int(f[5]),
                                          "bound": int(f[7]), "violations": int(f[9]),
                                          "cat": {}}
        elif f[0] == "category":
            name, shape = f[1].split("@")
            res.columns[(name, shape)]["cat"][f[2]] = (int(f[4]), int(f[6]), int(f[8]))
        elif f[0] == "bound-exceeded":
            res.violations.append("VIOLATION %s %s %s: %s: %s %s %s, its bound "
                                  "is %s" % (res.prog.name, res.job.tag, f[1],
                                             bounded_name(layout, f[2], int(f[3]), f[6]), f[4],
                                             f[5], {"misses": "loaded %s lines",
                                                    "fetches": "fetched %s lines",
                                                    "cycles": "took %s cycles"}[f[6]] % f[7],
                                             f[9]))
        elif f[0] in RESULT_KINDS:
            b = res.bounds.setdefault(tuple(f[1].split("@")), empty_bounds())
            b[RESULT_KINDS[f[0]]].append(tuple(int(x) for x in f[2:7]))
        elif f[0] == "bounds":
            b = res.bounds.setdefault(tuple(f[1].split("@")), empty_bounds())
            b["exceeded"] = int(f[11])
        elif f[0] == "runs-exceeded":
            res.violations.append("VIOLATION %s %s %s: the iteration bound of %s: %s %s ran "
                                  "its header %s times, its bound is %s" % (
                                      res.prog.name, res.job.tag, f[1],
                                      bounded_name(layout, "loop", int(f[3])).replace(
                                          "miss bound of ", ""), f[4], f[5], f[7], f[9]))
        elif f[0] == "iterations":
            res.iterations.append((f[1],) + tuple(int(x) for x in f[2:7]))


# The lines of ccvalidate's expectations that give bounds.
BOUND_LINES = ("fbound ", "lbound ", "lruns ", "ffetches ", "lfetches ", "fcycles ", "lcycles ")

# ccvalidate's lines of checked bounds, by the kind of bound they check.
RESULT_KINDS = {"invocations": "f", "executions": "l", "fetch-invocations": "F",
                "fetch-executions": "L", "cycle-invocations": "Cf", "cycle-executions": "Cl"}


def empty_bounds():
    return {kind: [] for kind in RESULT_KINDS.values()}


def bounded_name(layout, kind, k, measure="misses"):
    """Function or loop K of ccvalidate's expectations, for a line."""
    what = {"misses": "miss", "fetches": "fetch", "cycles": "fetch-time"}[measure]
    if kind == "function":
        fn = layout.funcs[k]
        return "%s bound of %s (%s)" % (what, fn[0], layout.where(fn[1])[1])
    header = layout.loops[k][1]
    fn, loc = layout.where(header)
    return "%s bound of the loop at %s (%s) of %s" % (what, fn, loc,
                                                    layout.funcs[layout.loops[k][0]][0])


def trace_run(opts, target, exe, trace, workdir):
    if hasattr(target, "trace"):         # a firmware image under qemu-system
        return target.trace(opts, exe, trace, workdir)
    if not target.x86:
        # qemu-user with qtrace: the same records; the program's exit
        # status is qemu's.
        p = run([target.qemu, "-plugin", "%s,out=%s" % (opts.qtrace, trace), exe],
                timeout=opts.timeout, cwd=workdir)
        if p.returncode != 0:
            raise Failure("%s run with qtrace failed (exit %d): %s" % (
                target.qemu, p.returncode, p.stderr[-1000:]))
        return p.stdout
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


def compare_callgrind(opts, res, layout, exe, trace, per_addr, work):
    """callgrind on some shapes: the same fetches and I1 misses per insn."""
    if not res.job.callgrind_shapes:
        return
    shapes_idx = {}
    ours = {}
    with open(per_addr) as f:
        for line in f:
            g = line.split()
            if g[0] == "shape":
                shapes_idx[(int(g[2]), int(g[3]), int(g[4]), g[5])] = int(g[1])
            else:
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
    for shape in res.job.callgrind_shapes:
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
                                        res.prog.name, res.job.tag, shape_name(shape), fn,
                                        loc, counts[0], counts[1 + s], ir, mr))


def check_one(opts, job):
    res = Result(job)
    work = tempfile.mkdtemp(prefix="ccval-", dir=opts.tmp)
    try:
        exe, reports, removed = build(opts, job, work)
        link0 = None
        if job.prog.multi() or job.target.link_only:
            # Several units, or code the linker relaxed: where each
            # function is, from cachecat-link's report (static functions
            # of two units share a name; the units' reports do not know
            # where relaxed code lies, and are not columns then).
            link0 = run_link(opts, job, job.shapes[0], exe, work)
            syms = {p["name"]: (p["address"], p["size"]) for p in link0["functions"]}
            first = reports[job.shapes[0]]
            layout = Layout(link0, syms, recorded={
                rep["source"] for rep in (first if job.prog.multi() else [first])})
            layout.unit_syms = unit_symbols(link0)
            starts = machine_insns(job.target, exe, *code_span(layout))
            for shape in job.shapes if not job.target.link_only else ():
                for rep, rem in zip(reports[shape], removed):
                    if not layout_known(rep):
                        raise Failure("the layout of %s is unknown; the programs of several "
                                      "units are checked at their units' offsets" % rep["source"])
                    res.boundaries += boundary_violations(
                        job, shape, rep, layout.unit_syms.get(rep["source"], {}), rem, starts)
        else:
            first = reports[job.shapes[0]]
            syms = symbols(job.target, exe, first)
            if len({layout_known(r) for r in reports.values()}) > 1:
                raise Failure("the reports of one executable disagree on whether its layout "
                              "is known")
            # cachecat-link's report first: the code it lists beyond the
            # plugin's joins the layout.
            if link_variant(job):
                link0 = run_link(opts, job, job.shapes[0], exe, work)
            if layout_known(first):
                layout = Layout(first, syms, removed, link0)
                starts = machine_insns(job.target, exe, *code_span(layout))
            else:
                starts = machine_insns(job.target, exe, *parts_span(first, syms, removed))
                res.violations += without_layout(job, reports, syms, removed, starts)
                layout = Layout(first, syms, removed, link0)
                if layout.extra:
                    starts = machine_insns(job.target, exe, *code_span(layout))
            for shape in job.shapes:
                res.boundaries += boundary_violations(job, shape, reports[shape], syms, removed,
                                                      starts)
        if link_variant(job):
            link0 = link0 or run_link(opts, job, job.shapes[0], exe, work)
            res.boundaries += link_boundary_violations(job, link0, starts)
        expect = os.path.join(work, "expect")
        columns = columns_of(opts, job, layout, reports, removed, work, exe, res)
        if layout.unknown:
            for k, (name, shape, v, _) in enumerate(columns):
                if name.startswith("link-bytes@"):
                    continue    # (code the unit's layout says nothing of)
                bad, v = conflict_everywhere(job, name.split("@")[0], shape, v, layout)
                res.violations += bad
                columns[k] = (name, shape, v, None)
        write_expect(expect, layout, columns, starts.rep)
        res.n_funcs, res.n_loops = len(layout.funcs), len(layout.loops)
        # The run: native first (cheap, and it must work), then traced.
        if job.target.x86:
            p = run([exe], timeout=opts.timeout, cwd=work)
            if p.returncode != 0:
                raise Failure("the program exits with %d" % p.returncode)
        trace = os.path.join(work, "trace")
        trace_run(opts, job.target, exe, trace, work)
        per_addr = os.path.join(work, "per-address")
        replay(opts, res, layout, expect, trace, per_addr)
        res.covered = covered_fetches(per_addr, columns, job)
        compare_callgrind(opts, res, layout, exe, trace, per_addr, work)
    except Failure as e:
        res.errors.append("ERROR %s %s: %s" % (job.prog.name, job.tag, e))
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            res.workdir = work
    return res


# ---------------------------------------------------------------------------
# Programs.

def corpus(patterns):
    progs = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            base = os.path.basename(path)
            kind = "hosted" if base.startswith(("h_", "hs_")) else "freestanding"
            progs.append(Program(path, kind))
    return progs


def variants_of(prog, variants):
    """A program of several units has no one model for ccengine: the
    plugin's reports and cachecat-link's."""
    return [v for v in variants if v[1] in (None, "link")] if prog.multi() else variants


def csmith_programs(opts, n, n_short, log):
    """N csmith programs that run briefly natively, and the first N_SHORT
    of those that also run at most CSMITH_TARGET_INSNS instructions (for
    the other targets, where qemu is slow): fresh seeds from --seed, so
    that one seed replays both lists."""
    progs, short = [], []
    if n_short and not shutil.which("qemu-x86_64"):
        log("validate: no csmith programs on other targets (no qemu-x86_64 to count their "
            "instructions)")
        n_short = 0
    rng = random.Random(opts.seed)
    d = os.path.join(opts.tmp, "csmith")
    os.makedirs(d, exist_ok=True)
    tries = 0
    while (len(progs) < n or len(short) < n_short) and tries < 20 * max(n, n_short):
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
        prog = Program(src, "hosted", seed)
        if len(progs) < n:
            progs.append(prog)
        if len(short) < n_short and runs_briefly(opts, exe):
            short.append(prog)
    return progs, short


def runs_briefly(opts, exe):
    """Does EXE (x86-64) end after at most CSMITH_TARGET_INSNS
    instructions?  Counted by qtrace under qemu-x86_64, a record per
    instruction, with the trace file capped just above: a longer run
    fails its write and ends at once."""
    cap = 8 * CSMITH_TARGET_INSNS + 8
    trace = exe + ".count"

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))

    try:
        p = run(["qemu-x86_64", "-plugin", "%s,out=%s" % (opts.qtrace, trace), exe], timeout=60,
                preexec_fn=limit)
        return p.returncode == 0 and os.path.getsize(trace) < cap
    except (Failure, OSError):
        return False
    finally:
        if os.path.exists(trace):
            os.remove(trace)


# ---------------------------------------------------------------------------
# Tables.

def pct(a, b):
    return "%5.1f" % (100.0 * a / b) if b else "    -"


def ratio(a, b):
    return "%6.2f" % (a / b) if b else "     -"


def summarize(levels, shapes, results, variants=VARIANTS):
    lines = []
    out = lines.append
    # "tightest": the misses the tightest per-instruction categorization of
    # each run allows (ccvalidate derives it from the run itself): the
    # limit any analysis of categories could reach.
    names = [v[0] for v in variants] + ["tightest"]
    head = "%-28s %9s %6s | %s | %s" % (
        "program", "fetches", "cover", " ".join("%5s" % c for c in CAT_LABELS),
        " ".join("%13s" % n for n in names))

    def acc(rs):
        agg = {"fetches": 0, "insns": {}, "cat_f": {}, "bound": {}, "observed": {},
               "traced": 0, "covered": 0}
        for r in rs:
            agg["traced"] += r.fetches
            agg["covered"] += r.covered
            for (name, shape), col in r.columns.items():
                agg["bound"][name] = agg["bound"].get(name, 0) + col["bound"]
                agg["observed"][name] = agg["observed"].get(name, 0) + col["misses"]
                if name == names[0]:
                    agg["fetches"] += col["fetches"]
                    for cat, (n_insns, fetches, _) in col["cat"].items():
                        c = cat.split("(")[0]
                        agg["insns"][c] = agg["insns"].get(c, 0) + n_insns
                        agg["cat_f"][c] = agg["cat_f"].get(c, 0) + fetches
        return agg

    def row(label, agg, names=names):
        ti = sum(agg["insns"].values())
        tf = sum(agg["cat_f"].values())
        shares = " ".join("%5s" % pct(agg["insns"].get(c, 0), ti).strip() for c in CATS)
        fshares = " ".join("%5s" % pct(agg["cat_f"].get(c, 0), tf).strip() for c in CATS)
        ratios = " ".join("%13s" % ratio(agg["bound"].get(n, 0), agg["observed"].get(n, 0)).strip()
                          for n in names)
        out("%-28s %9d %6s | I %s | %s" % (label, agg["fetches"],
                                            pct(agg["covered"], agg["traced"]).strip() + "%",
                                            shares, ratios))
        out("%-28s %9s %6s | F %s |" % ("", "", "", fshares))

    def ratios_where(rs, shape_names):
        b, o = {}, {}
        for r in rs:
            for (name, sn), col in r.columns.items():
                if sn in shape_names:
                    b[name] = b.get(name, 0) + col["bound"]
                    o[name] = o.get(name, 0) + col["misses"]
        return " ".join("%s %s" % (n, ratio(b.get(n, 0), o.get(n, 0)).strip()) for n in names)

    level_runs = [r for r in results if r.job.flagset is None]
    flag_runs = [r for r in results if r.job.flagset is not None]
    out("bound/observed: the misses the categories allow at most over the misses that occurred "
        "(1.00 is exact); cover: the share of the run's fetches that are of instructions the "
        "report lists, any category (cachecat-link's where it ran, else the plugin's)")
    if level_runs:
        out("")
        out("Precision (over %d levels x %d shapes per program)" % (len(levels), len(shapes)))
        out("share of instructions (I) and of fetches (F) per category, cachecat; "
            "bound/observed per analysis")
        out(head)
        out("-" * len(head))
        by_prog = {}
        for r in level_runs:
            by_prog.setdefault(r.prog.name, []).append(r)
        for name in sorted(by_prog):
            row(name, acc(by_prog[name]))
        out("-" * len(head))
        row("total", acc(level_runs))
        out("")
        out("per associativity and policy, all programs, levels and shapes: bound/observed per "
            "analysis")
        for ways, policy in sorted({(sh[2], sh[3]) for sh in shapes}):
            out("  %d-way %-7s %s" % (ways, policy, ratios_where(level_runs, {
                shape_name(sh) for sh in shapes if (sh[2], sh[3]) == (ways, policy)})))
        out("")
        out("per shape, all programs and levels: bound/observed per analysis")
        for shape in shapes:
            out("  %-12s %s" % (shape_name(shape), ratios_where(level_runs, {shape_name(shape)})))
    # The link-time goal: at -O2 and -Os on 1 KiB direct-mapped with
    # 32-byte lines, the bound within 1.5 times the tightest, and conflict
    # under 2% of the fetches of freestanding programs.
    goal = [r for r in level_runs if r.job.label in ("-O2", "-Os")]
    if goal and any(sn == "1024/32/1" for r in goal for (_, sn) in r.columns):
        out("")
        out("cachecat-link at -O2 and -Os, 1024/32/1: bound/observed, over the tightest, "
            "and conflict's share of the fetches")
        for kind in ("freestanding", "hosted", None):
            rs = [r for r in goal if kind is None or r.prog.kind == kind]
            b = {"link": 0, "tightest": 0}
            obs = fetches = conflicts = 0
            for r in rs:
                for name in b:
                    col = r.columns.get((name, "1024/32/1"))
                    if col:
                        b[name] += col["bound"]
                        if name == "link":
                            obs += col["misses"]
                            fetches += col["fetches"]
                            conflicts += sum(v[1] for c, v in col["cat"].items()
                                             if c.startswith("conflict"))
            if obs and b["tightest"]:
                out("  %-13s link %s tightest %s link/tightest %s conflict %s%% (%d runs)" % (
                    kind or "all", ratio(b["link"], obs).strip(),
                    ratio(b["tightest"], obs).strip(), ratio(b["link"], b["tightest"]).strip(),
                    pct(conflicts, fetches).strip(), len(rs)))
    lines += library_table(level_runs)
    if flag_runs:
        out("")
        out("Flag axis (-O2, the plugin's own report and cachecat-link's): share per "
            "category and bound/observed per flag set")
        out("%-28s %9s %6s | %s | %13s %13s %13s" % (
            "flag set (runs)", "fetches", "cover", " ".join("%5s" % c for c in CAT_LABELS),
            "cachecat", "link", "tightest"))
        for fs in FLAG_SETS:
            rs = [r for r in flag_runs if r.job.flagset == fs]
            if rs:
                row("%s (%d)" % (fs, len(rs)), acc(rs), ["cachecat", "link", "tightest"])
    if any(r.bounds for r in results):
        out("")
        lines += bounds_table(level_runs, flag_runs, shapes, variants)
    return lines


def library_rows(results):
    """Per static program (hs_*: the C library's and libgcc's code runs
    in its loops) and level: the runs' fetches, the share the report
    covers, cachecat-link's bound/observed of the program's own code,
    the tightest categorization's, link over tightest, and link-bytes'
    bound/observed (its promises on code no unit recorded; "-" while it
    has none).  Summed over the runs' shapes."""
    rows = {}
    for r in results:
        if not r.prog.static:
            continue
        row = rows.setdefault((r.prog.name, r.job.label), collections.Counter())
        row["traced"] += r.fetches
        row["covered"] += r.covered
        for (name, _), col in r.columns.items():
            if name in ("link", "tightest", "link-bytes"):
                row[name + " bound"] += col["bound"]
                row[name + " misses"] += col["misses"]
    return [(prog, level, row["traced"], pct(row["covered"], row["traced"]).strip(),
             ratio(row["link bound"], row["link misses"]).strip(),
             ratio(row["tightest bound"], row["tightest misses"]).strip(),
             ratio(row["link bound"], row["tightest bound"]).strip(),
             ratio(row["link-bytes bound"], row["link-bytes misses"]).strip())
            for (prog, level), row in sorted(rows.items())]


LIBRARY_HEAD = ("program", "level", "fetches", "cover%", "link", "tightest", "link/tightest",
                "link-bytes")


def library_table(results):
    """The lines of library_rows' table, none if no static program ran."""
    rows = library_rows(results)
    if not rows:
        return []
    fmt = "  %-14s %-5s %9s %7s %8s %9s %14s %11s"
    return ["", "Programs linked statically (hs_*), the C library and libgcc running in their "
            "loops: the share of the run's fetches cachecat-link's report covers; bound/observed "
            "of the program's own code, cachecat-link's and the tightest categorization's, and "
            "the two bounds' ratio; link-bytes: its promises on the code no unit recorded", "",
            fmt % LIBRARY_HEAD] + [fmt % row for row in rows]


def bound_entries(results, kind, name, shape_names=None):
    """Every (run, shape) entry of analysis NAME's miss bounds of KIND ("f"
    functions, "l" loops): (count run, most lines one loaded, bound, count
    over it)."""
    return [e[1:] for r in results for (n, sn), b in r.bounds.items()
            if n == name and (shape_names is None or sn in shape_names) for e in b.get(kind, [])]


def bound_ratios(entries):
    """Median and least bound/most over the ENTRIES that ran and missed,
    as text; how many they are."""
    import statistics
    rs = [bound / most for n, most, bound, _ in entries if n and most]
    if not rs:
        return "%8s %9s" % ("-", "-"), 0
    return "%8.2f %9.2f" % (statistics.median(rs), min(rs)), len(rs)


def bounds_table(level_runs, flag_runs, shapes, variants):
    """The miss bounds: per analysis how many functions and loops (of every
    run and shape) had one, how many of those ran, the invocations and
    executions checked and those over their bound, and bound/most: a
    bound over the most lines one invocation or execution loaded."""
    lines = []
    out = lines.append
    names = [n for n, _ in variants]
    out("Miss bounds: per function the most lines one invocation loads (from the call to the "
        "return: its callees and its sibling calls included), per loop one execution; every "
        "invocation and execution checked.  Counted per run and shape: bounded (of all), ran; "
        "bound/most: a bound over the most lines one invocation or execution loaded, median "
        "and tightest over those that missed.  Then the same of the fetch bounds (the most "
        "lines one fetches; cachecat's reports only)")
    for kind, what, runs in (("f", "functions", "invocations"), ("l", "loops", "executions"),
                             ("F", "fetches: functions", "invocations"),
                             ("L", "fetches: loops", "executions")):
        out("  %-21s %8s %8s %8s %12s %9s %8s %9s %8s" % (
            what, "bounded", "of", "ran", runs, "exceeded", "median", "tightest", "missed"))
        axes = [(n, level_runs) for n in names if level_runs]
        if kind.isupper():
            # Only cachecat's reports give fetch bounds.
            axes = [(n, rs) for n, rs in axes if n in ("cachecat", "link")]
        if flag_runs:
            axes.append(("cachecat", flag_runs))
        for name, rs in axes:
            es = bound_entries(rs, kind, name)
            total = sum(r.n_funcs if kind == "f" else r.n_loops
                        for r in rs for (n, _) in r.columns if n == name)
            exceeded = sum(e[3] for e in es)
            text, missed = bound_ratios(es)
            out("  %-21s %8d %8d %8d %12d %9d %s %8d" % (
                name + (" (flag axis)" if rs is flag_runs else ""), len(es), total,
                sum(1 for e in es if e[0]), sum(e[0] for e in es), exceeded, text, missed))
    if level_runs:
        out("  per shape, cachecat: bound/most median and tightest (entries that missed) of "
            "functions, of loops")
        for shape in shapes:
            sn = {shape_name(shape)}
            ft, fm = bound_ratios(bound_entries(level_runs, "f", "cachecat", sn))
            lt, lm = bound_ratios(bound_entries(level_runs, "l", "cachecat", sn))
            out("  %-15s functions %s (%d)   loops %s (%d)" % (shape_name(shape), ft, fm, lt, lm))
    return lines


def write_doc(opts, axes, summary, selftest, tables, problems, seconds, cross=(), notes=()):
    """docs/validation.md: what this run checked and found, nothing else
    (it is rewritten by every whole run, never edited by hand).  CROSS:
    per other target, (title, notes, summary line, tables); NOTES: the
    run's lines about targets and programs left out."""
    import run_info
    out = run_info.header(
        "Validation results", "make validate",
        "[testsuite/validate/README.md](../testsuite/validate/README.md) explains the method.",
        seconds, opts.cc, opts.commit)
    out += ["- jobs: %d" % opts.jobs,
            "- csmith seed: %d (replay: `make validate VALIDATE_FLAGS='--seed %d'`)"
            % (opts.seed, opts.seed),
            "- matrix (x86-64): " + "; ".join(axes),
            "", "## Result", "", "    " + summary, ""]
    if selftest:
        out += ["Self-test (a checker that misses nothing must catch each flip):", ""]
        out += ["    " + l for l in selftest] + [""]
    if problems:
        out += ["Violations, disagreements and errors (first 50):", ""]
        out += ["    " + l for l in problems[:50]] + [""]
    # The miss bounds' table under a heading of its own.
    k = next((i for i, l in enumerate(tables) if l.startswith("Miss bounds:")), len(tables))
    out += ["## Precision (x86-64)", ""] + ["    " + l if l else "" for l in tables[:k]]
    if k < len(tables):
        out += ["", "## Miss bounds (x86-64)", ""] + ["    " + l for l in tables[k:]]
    run_info.write(opts.doc, out + cross_section(cross, notes))


CROSS_HEAD = "## Other targets, under qemu-user with qtrace"


def cross_section(cross, notes, stamp=()):
    """The document's section on the other targets; STAMP: lines saying
    which run wrote it, when it is not the whole document's."""
    if not cross:
        return []
    out = ["", CROSS_HEAD, ""] + list(stamp) + [
        "Every promise of every fetch and every report instruction against objdump, as on "
        "x86-64; no callgrind column (it reads x86-64 only), no flag "
        "axis; csmith programs on the targets with a C library; riscv64-relax (no -mno-relax) "
        "has cachecat-link's column only, the plugin's own report promising nothing of code "
        "the linker relaxes (see "
        "[testsuite/validate/README.md](../testsuite/validate/README.md)).  A variant of "
        "another target (the same compiler with other instruction-set flags: %s) runs on "
        "%d shapes instead of %d, so that the whole matrix stays under 20 minutes on two "
        "cores." % (", ".join(n for n, c in CROSS_TARGETS.items() if c.variant_of),
                    len(parse_shapes(VARIANT_SHAPES)), len(parse_shapes(TARGET_SHAPES)))]
    out += [""] + ["    " + n for n in notes if "skipped" in n]
    for title, tnotes, tsummary, ttables in cross:
        out += ["", "### " + title, ""] + ["- " + n for n in tnotes]
        out += ["", "    " + tsummary, ""] + ["    " + l if l else "" for l in ttables]
    return out


def write_cross_doc(opts, cross, notes, selftest, seconds):
    """A whole run of the other targets alone (--targets cross) rewrites
    their section of the document and leaves x86-64's as its last whole
    run wrote it."""
    import run_info
    with open(opts.doc) as f:
        old = f.read().split("\n")
    keep = old[:old.index(CROSS_HEAD) - 1] if CROSS_HEAD in old else old[:-1]
    stamp = ["Written by `make validate VALIDATE_FLAGS=--targets=cross` (the other targets' "
             "whole matrix alone), not by the x86-64 run above:", "",
             "- date: %s" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
             "- plugin: %s" % opts.commit,
             "- took: %d min %d s" % (seconds // 60, seconds % 60),
             "- csmith seed: %d (replay: `make validate VALIDATE_FLAGS='--targets=cross "
             "--seed %d'`)" % (opts.seed, opts.seed), ""]
    stamp += ["Self-test:", ""] + ["    " + l for l in selftest] + [""]
    run_info.write(opts.doc, keep + cross_section(cross, notes, stamp))


def targets_of(opts, b, log):
    """The targets of --targets: x86-64 and the cross ones that can run
    (a line for each that cannot)."""
    names = listopt(opts.targets)
    if "all" in names or "cross" in names:
        names = (["x86-64"] if "all" in names else []) + list(CROSS_TARGETS) + \
            list(firmware.TARGETS)
    out = []
    for name in names:
        if name == "x86-64":
            out.append(host_target(opts))
        elif name in CROSS_TARGETS:
            t, why = cross_target(name, b)
            if t is None:
                log("validate: target %s skipped (%s)" % (name, why))
            else:
                out.append(t)
        elif name in firmware.TARGETS:
            out += firmware.targets(sys.modules[__name__], [name], b, log)
        else:
            raise SystemExit("validate.py: unknown target %s (known: x86-64, %s)" % (
                name, ", ".join(list(CROSS_TARGETS) + list(firmware.TARGETS))))
    return out


def target_jobs(target, progs, csmith, log):
    """The level axis of a target other than x86-64: its programs (those
    TARGET_SKIP names and, where it has no libc, hosted ones left out, with
    a line saying so) and, where it has a libc, CSMITH, at its levels on
    its shapes, its analyses (target_variants).  Returns the jobs and
    the notes for the tables."""
    notes = ["compiler: %s %s, plugin %s, run by %s with qtrace" % (
        target.cc, " ".join(target.flags), os.path.relpath(target.plugin), target.qemu)]
    if not target.hosted:
        csmith = []
    keep = []
    for p in progs:
        why = skipped_on_target(p)
        if why is None and p.kind == "hosted" and not target.hosted:
            why = "hosted: no Linux C library for %s %s" % (target.cc, " ".join(target.flags))
        if why is None:
            keep.append(p)
        else:
            notes.append("not run: %s (%s)" % (p.name, why))
    for n in notes[1:]:
        log("validate: %s: %s" % (target.name, n))
    variants = target_variants(target)
    jobs = [Job(p, lv, None, target.shapes, variants_of(p, variants), (), target)
            for p in keep + csmith for lv in target.levels]
    notes.insert(1, "matrix: %d programs%s x %d levels (%s) x %d shapes (%s) x %d analyses" % (
        len(keep), " and %d csmith programs" % len(csmith) if csmith else "",
        len(target.levels), ",".join(target.levels), len(target.shapes),
        ", ".join(shape_name(sh) for sh in target.shapes), len(variants)))
    return jobs, notes


def target_variants(target):
    """The analyses of a target other than x86-64: all, or cachecat-link's
    alone where the plugin's own report promises nothing."""
    return LINK_ONLY if target.link_only else VARIANTS


def run_summary(results, extra=0):
    """The counts of RESULTS: runs, promise checks, violations (of
    boundaries), callgrind, errors."""
    boundaries = sum(len(r.boundaries) for r in results)
    entries = {kind: [e[1:] for r in results for b in r.bounds.values() for e in b.get(kind, [])]
               for kind in RESULT_KINDS.values()}
    return {"runs": len(results), "extra": extra,
            "bounded": {kind: len(es) for kind, es in entries.items()},
            "bound_runs": {kind: sum(e[0] for e in es) for kind, es in entries.items()},
            "bound_over": sum(e[3] for kind in ("f", "l") for e in entries[kind]),
            "fetch_runs": {kind: sum(e[0] for e in entries[kind]) for kind in ("F", "Cf")},
            "fetch_over": sum(e[3] for kind in ("F", "L", "Cf", "Cl") for e in entries[kind]),
            "iter_loops": sum(len(r.iterations) for r in results),
            "iter_runs": sum(e[2] for r in results for e in r.iterations),
            "iter_over": sum(e[5] for r in results for e in r.iterations),
            "checked": sum(col["fetches"] for r in results for col in r.columns.values()),
            "traced": sum(r.fetches for r in results),
            "covered": sum(r.covered for r in results),
            "violations": sum(len(r.violations) for r in results) + boundaries,
            "boundaries": boundaries,
            "agree": sum(r.agree for r in results),
            "disagree": sum(len(r.disagree) for r in results),
            "errors": sum(len(r.errors) for r in results)}


def tool_paths(opts):
    """The compiler, the plugin and the tools a run uses (the environment's
    CC, PLUGIN, CACHECAT_LINK and B), set in OPTS; returns B."""
    b = os.environ.get("B", "build")
    opts.cc = os.environ.get("CC", "gcc")
    opts.plugin = os.path.abspath(os.environ.get("PLUGIN", "cachecat.so"))
    opts.ccengine = os.path.abspath(os.path.join(b, "tools", "ccengine"))
    opts.cachecat_link = os.path.abspath(os.environ.get("CACHECAT_LINK", "cachecat-link"))
    opts.ccvalidate = os.path.abspath(os.path.join(b, "tools", "ccvalidate"))
    opts.vglib = os.path.abspath(os.path.join(b, "vglib"))
    opts.qtrace = os.path.abspath(os.path.join(b, "qtrace.so"))
    opts.timeout = 300
    return b


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="the subset make check runs")
    ap.add_argument("--targets", default=None,
                    help="x86-64 and/or %s; all: x86-64 and every installed other target; "
                    "cross: every installed other target (default: all; --quick: x86-64)"
                    % ", ".join(CROSS_TARGETS))
    ap.add_argument("--programs", default=None)
    ap.add_argument("--levels", default=None, help="-O0,... (none: no level axis)")
    ap.add_argument("--shapes", default=None)
    ap.add_argument("--flags", default=None,
                    help="flag sets of the flag axis, at -O2 (none: no flag axis): " +
                    ",".join(FLAG_SETS))
    ap.add_argument("--flag-programs", default=None,
                    help="programs of the flag axis (default: --programs; --quick: a few)")
    ap.add_argument("--flag-shapes", default=None)
    ap.add_argument("--sls-cases", action="store_true",
                    help="the programs with a `ret; int3` or `jmp; int3` at the end of a "
                    "line, with SLS hardening and thunks (part of --quick)")
    ap.add_argument("--csmith", type=int, default=None,
                    help="csmith programs on x86-64 (default 20; --quick: 0)")
    ap.add_argument("--target-csmith", type=int, default=None,
                    help="csmith programs on each other target with a C library "
                    "(default %d; --quick: 0)" % TARGET_CSMITH)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", default=os.path.join(os.environ.get("B", "build"), "validate"))
    ap.add_argument("--keep", action="store_true", help="keep the work directories")
    ap.add_argument("--self-test", action="store_true",
                    help="also check that a flipped promise is caught")
    ap.add_argument("--doc", default=None,
                    help="write the results to this Markdown file (docs/validation.md), "
                    "but only for the whole matrix: a narrowed run leaves it alone")
    opts = ap.parse_args()
    narrowed = any(getattr(opts, k) is not None for k in
                   ("programs", "levels", "shapes", "flags", "flag_programs", "flag_shapes",
                    "csmith", "target_csmith")) or opts.quick
    # The other targets' whole matrix alone: their section of the document.
    cross_whole = not narrowed and opts.targets == "cross"
    narrowed = narrowed or opts.targets is not None
    levels_given, shapes_given, programs_given = opts.levels, opts.shapes, opts.programs
    b = tool_paths(opts)
    programs_of = lambda names: ",".join("testsuite/validate/programs/%s%s" % (
        n, "" if n.startswith("mu_") else ".c") for n in names)
    flag_programs = None                    # the same as --programs
    if opts.quick:
        programs = "testsuite/valgrind/*.c," + programs_of(QUICK)
        levels = "-O0,-O2,-Os"
        shapes = "256/32,1024/32,4096/64,1024/32/2,512/32/4/plru"
        flag_programs = programs_of(QUICK_FLAG_PROGRAMS)
        flag_shapes = QUICK_FLAG_SHAPES
        csmith = 0
        opts.sls_cases = True
        target_programs = programs_of(QUICK_TARGET)
        variant_programs = programs_of(QUICK_VARIANT)
        target_shapes = variant_shapes = QUICK_TARGET_SHAPES
        csmith_per_target = 0
    else:
        programs = ("testsuite/validate/programs/*.c,testsuite/validate/programs/mu_*,"
                    "testsuite/valgrind/*.c")
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
        flag_shapes = FLAG_SHAPES
        csmith = 20
        # Other targets: their freestanding and hosted programs and a few
        # csmith programs at -O0, -O2 and -Os, on 5 of the direct-mapped
        # and 2- and 4-way LRU shapes (with 12 shapes a job took 6 s of
        # two cores, so the four targets' 654 jobs over an hour), a
        # variant on 3 of them.
        target_programs = variant_programs = programs
        target_shapes = TARGET_SHAPES
        variant_shapes = VARIANT_SHAPES
        csmith_per_target = TARGET_CSMITH
    opts.programs = listopt(opts.programs or programs)
    opts.flag_programs = listopt(opts.flag_programs or flag_programs or ",".join(opts.programs))
    opts.levels = listopt(opts.levels if opts.levels is not None else levels)
    opts.shapes = parse_shapes(opts.shapes or shapes)
    opts.flag_shapes = parse_shapes(opts.flag_shapes or flag_shapes)
    opts.flags = listopt(opts.flags if opts.flags is not None else ",".join(FLAG_AXIS))
    for name in opts.flags:
        if name not in FLAG_SETS:
            ap.error("unknown flag set %s (known: %s)" % (name, ", ".join(FLAG_SETS)))
    opts.csmith = csmith if opts.csmith is None else opts.csmith
    opts.targets = opts.targets or ("x86-64" if opts.quick else "all")
    # Other targets: --programs, --levels and --shapes when given, else
    # their own matrix (set per target below).
    target_levels = listopt(levels_given if levels_given is not None else
                            "-O0,-O2,-Os" if opts.quick else TARGET_LEVELS)
    if opts.target_csmith is None:
        opts.target_csmith = csmith_per_target
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
    started = time.time()
    sys.path.insert(0, os.path.join(ROOT, "testsuite", "tools"))
    import run_info
    opts.commit = run_info.plugin_commit()
    notes = []

    def note(line):
        print(line, flush=True)
        notes.append(line)

    targets = targets_of(opts, b, note)
    host = next((t for t in targets if t.x86), None)
    cross = [t for t in targets if not t.x86]
    progs = corpus(opts.programs) if host else []
    flag_progs = corpus(opts.flag_programs) if opts.flags and host else []
    # Every target's matrix: a variant's is smaller (VARIANT_*).
    corpora = {}
    for t in cross:
        variant = t.variant_of is not None
        t.levels = target_levels
        t.shapes = parse_shapes(shapes_given or (variant_shapes if variant else target_shapes))
        names = programs_given or (variant_programs if variant else target_programs)
        if names not in corpora:
            corpora[names] = corpus(listopt(names))
        t.programs = corpora[names]
    firmware.matrix(sys.modules[__name__], [t for t in cross if hasattr(t, "image")], opts.quick,
                    levels_given, shapes_given, programs_given, corpus, note)
    # csmith programs: on x86-64, and on the other targets with a C
    # library the first of them that also run briefly (one seed for both).
    n_csmith = opts.csmith if host else 0
    n_target_csmith = opts.target_csmith if any(t.hosted for t in cross) else 0
    csmith, target_csmith = [], []
    if n_csmith or n_target_csmith:
        print("csmith seed %d (replay: validate.py --csmith %d --target-csmith %d --seed %d)" % (
            opts.seed, n_csmith, n_target_csmith, opts.seed), flush=True)
        csmith, target_csmith = csmith_programs(opts, n_csmith, n_target_csmith, note)
    # The level axis: every analysis, callgrind.  The flag axis: the
    # plugin's report; the csmith programs one flag set each, in turn.
    jobs = [Job(p, lv, None, opts.shapes, variants_of(p, VARIANTS), opts.callgrind_shapes, host)
            for p in progs + csmith for lv in opts.levels]
    flag_jobs = [Job(p, "-O2", fs, opts.flag_shapes, VARIANTS[:2], (), host)
                 for p in flag_progs for fs in opts.flags]
    flag_jobs += [Job(p, "-O2", opts.flags[k % len(opts.flags)], opts.flag_shapes, VARIANTS[:2],
                      (), host)
                  for k, p in enumerate(csmith) if opts.flags]
    sls_jobs = []
    if opts.sls_cases and host:
        sls_jobs = [Job(p, "-O2", fs, parse_shapes(SLS_SHAPES), VARIANTS[:1], (), host)
                    for p in corpus(programs_of(SLS_PROGRAMS).split(",")) for fs in SLS_FLAGS]
    axes = []
    if host:
        axes.append("%d programs x %d levels x %d shapes x %d analyses" % (
            len(progs) + len(csmith), len(opts.levels), len(opts.shapes), len(VARIANTS)))
    if flag_jobs:
        axes.append("flag axis at -O2, the plugin's report: %d programs x %d flag sets%s, "
                    "%d shapes" % (len(flag_progs), len(opts.flags),
                                   " and %d csmith programs x 1" % len(csmith) if csmith else "",
                                   len(opts.flag_shapes)))
    if sls_jobs:
        axes.append("SLS cases: %d programs x %d flag sets x %d shapes" % (
            len(SLS_PROGRAMS), len(SLS_FLAGS), len(sls_jobs[0].shapes)))
    if axes:
        print("validate: " + "; ".join(axes), flush=True)
    # Other targets: their own level axis.
    tjobs, tnotes = {}, {}
    for t in cross:
        tjobs[t.name], tnotes[t.name] = target_jobs(t, t.programs, target_csmith, note)
        print("validate: %s: %s" % (t.name, tnotes[t.name][1]), flush=True)
    all_tjobs = [j for t in cross for j in tjobs[t.name]]
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        for r in ex.map(lambda j: check_one(opts, j), jobs + flag_jobs + sls_jobs + all_tjobs):
            results.append(r)
            status = "ok"
            if r.errors:
                status = "ERROR"
            elif r.violations or r.boundaries or r.disagree:
                status = "FAIL"
            print("%-5s %-28s %-15s %9d fetches (%s%% in the report), %d violations, callgrind "
                  "agrees on %d, disagrees on %d; miss bounds checked on %d invocations, %d loop "
                  "executions" % (
                      status, r.prog.name, r.job.tag, r.fetches,
                      pct(r.covered, r.fetches).strip(),
                      len(r.violations) + len(r.boundaries), r.agree, len(r.disagree),
                      sum(e[1] for b in r.bounds.values() for e in b["f"]),
                      sum(e[1] for b in r.bounds.values() for e in b["l"])), flush=True)
            for line in r.errors + r.violations[:20] + r.boundaries[:12] + r.disagree[:10]:
                print("    " + line, flush=True)
    host_results = [r for r in results if r.job.target.x86]
    host_lines = summarize(opts.levels, opts.shapes, [r for r in host_results if not r.errors]) \
        if host else []
    lines = list(host_lines)
    cross_tables = {}
    for t in cross:
        rs = [r for r in results if r.job.target is t and not r.errors]
        cross_tables[t.name] = summarize(t.levels, t.shapes, rs, target_variants(t)) + \
            firmware.table(sys.modules[__name__], t, rs)
        lines += ["", "Target %s" % t.name, ""] + ["  " + n for n in tnotes[t.name]] + \
            cross_tables[t.name]
    print()
    print("\n".join(lines))
    with open(os.path.join(opts.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    selftest_ok = True
    selftest_lines = []

    def log(line):
        print(line, flush=True)
        selftest_lines.append(line)

    if opts.self_test:
        if host:
            selftest_ok = self_test(opts, host, progs + flag_progs, log)
            selftest_ok &= self_test_bytes(opts, host, progs, log)
        for t in cross:
            selftest_ok &= self_test(opts, t, [j.prog for j in tjobs[t.name]], log)
    if not opts.keep:
        shutil.rmtree(opts.tmp, ignore_errors=True)

    def summary_line(head, c, extra=True):
        return ("%s: %d runs%s, %d promise checks (fetches x analyses x shapes), %s of the "
                "runs' fetches in the report, %d violations "
                "(%d of instruction boundaries)%s; %d errors; miss bounds: %d functions and %d "
                "loops bounded (counted per run, shape and analysis), %d invocations and %d "
                "loop executions checked, %d over their bound; iteration bounds: %d loops, %d "
                "executions checked, %d over; fetch and fetch-time bounds: %d and %d "
                "functions bounded, %d and %d invocations checked, %d invocations and loop "
                "executions over" % (
                    head, c["runs"], " (%d with extra flags)" % c["extra"] if extra else "",
                    c["checked"], (pct(c["covered"], c["traced"]).strip() + "%").replace(
                        "-%", "none"), c["violations"],
                    c["boundaries"],
                    "; callgrind agrees on %d instruction counts, disagrees on %d" % (
                        c["agree"], c["disagree"]) if extra else "", c["errors"],
                    c["bounded"]["f"], c["bounded"]["l"], c["bound_runs"]["f"],
                    c["bound_runs"]["l"], c["bound_over"], c["iter_loops"], c["iter_runs"],
                    c["iter_over"], c["bounded"]["F"], c["bounded"]["Cf"], c["fetch_runs"]["F"],
                    c["fetch_runs"]["Cf"], c["fetch_over"]))

    total = run_summary(results, len(flag_jobs) + len(sls_jobs))
    tsummary = {}
    print()
    for t in cross:
        tsummary[t.name] = summary_line("validate %s" % t.name, run_summary(
            [r for r in results if r.job.target is t]), extra=False)
        print(tsummary[t.name])
    summary = summary_line("validate", total) + ("" if selftest_ok else "; SELF-TEST FAILED")
    if cross:
        summary += " (%s)" % ", ".join(t.name for t in targets)
    print(summary)
    if opts.doc and cross_whole:
        write_cross_doc(opts, [("%s (%s)" % (t.name, t.cc), tnotes[t.name], tsummary[t.name],
                                cross_tables[t.name]) for t in cross], notes, selftest_lines,
                        time.time() - started)
        print("validate: the other targets' section of %s rewritten" % opts.doc)
    elif opts.doc:
        if narrowed:
            print("validate: %s left as it is (a narrowed run)" % opts.doc)
        else:
            host_summary = summary_line("validate x86-64", run_summary(
                host_results, len(flag_jobs) + len(sls_jobs)))
            write_doc(opts, axes, host_summary + "\n    " + summary, selftest_lines, host_lines,
                      [l for r in results for l in r.errors + r.violations + r.boundaries
                       + r.disagree], time.time() - started,
                      [("%s (%s)" % (t.name, t.cc), tnotes[t.name], tsummary[t.name],
                        cross_tables[t.name]) for t in cross], notes)
            print("validate: results written to %s" % opts.doc)
    return 1 if total["violations"] or total["bound_over"] or total["disagree"] or total["errors"] or \
        not selftest_ok else 0


def self_test(opts, target, progs, log):
    """A deliberately wrong prediction must be caught: flip, in one report,
    an always-miss instruction to always-hit, a conflict instruction that
    hits to always-miss, one that misses twice to first-miss and one that
    runs to never-fetched, and make one instruction a byte longer and
    another start a byte late; check the checker sees every one.  The
    program: the first freestanding one whose report knows its layout
    (one that does not promises nothing to flip)."""
    o = argparse.Namespace(**vars(opts))
    o.keep = True
    if target.x86:
        shape = (opts.shapes or opts.flag_shapes)[0]
    else:   # the smallest: some instruction must miss more than once
        shape = min(target.shapes, key=lambda sh: sh[0] * sh[2])
    res = None
    variant = LINK_ONLY if target.link_only else VARIANTS[:1]
    # (cachecat-link's report knows its layout.)
    report_file = "link.json" if target.link_only else "r0.json"
    for prog in (p for p in progs if p.kind == "freestanding" and not p.multi()):
        if res:
            shutil.rmtree(res.workdir, ignore_errors=True)
        res = check_one(o, Job(prog, "-O1", None, [shape], variant, (), target))
        if res.errors or not os.path.exists(os.path.join(res.workdir, report_file)):
            break
        with open(os.path.join(res.workdir, report_file)) as f:
            if layout_known(json.load(f)):
                break
    if res is None:
        log("self-test: %s: no freestanding program to flip promises in" % target.name)
        return False
    # x86-64's lines as they were; the other targets' named.
    on = "" if target.x86 else " %s %s:" % (target.name, prog.name)
    work = res.workdir
    ok = True
    try:
        if res.errors or res.violations or res.boundaries:
            log("self-test:%s the unflipped run is not clean: %s" % (on,
                (res.errors + res.violations + res.boundaries)[:3]))
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
                log("self-test:%s no instruction to flip for %s" % (on, what))
                return False
            k = insn_lines[addr]
            g = lines[k].split()
            # The code of the column of the analysis flipped: the "insn"
            # line's codes follow its 6 fields, in the columns' order.
            col = next(int(l.split()[1]) for l in lines if l.startswith("column ")
                       and l.split()[2].startswith(variant[0][0] + "@"))
            g[6 + col] = code
            path = os.path.join(work, "expect.flipped")
            with open(path, "w") as out:
                out.write("\n".join(lines[:k] + [" ".join(g)] + lines[k + 1:]) + "\n")
            p = run([opts.ccvalidate, path, os.path.join(work, "trace")])
            caught = p.returncode == 1 and ("violation %s@" % variant[0][0] in p.stdout)
            log("self-test:%s %#x flipped to %s (%s): %s" % (
                on, int(addr, 16), code, what, "caught" if caught else "NOT CAUGHT"))
            return caught

        ok &= flip(lambda n, m: m > 0, "AH", "it misses")
        ok &= flip(lambda n, m: n > m, "AM", "it hits")
        ok &= flip(lambda n, m: m > 1, "FP", "it misses more than once")
        ok &= flip(lambda n, m: n > 0, "NF", "it runs")

        exe = os.path.join(work, "prog")
        with open(os.path.join(work, report_file)) as f:
            report = json.load(f)
        syms = {p["name"]: (p["address"], p["size"]) for p in report["functions"]} \
            if target.link_only else symbols(target, exe, report)
        layout = Layout(report, syms)
        ok &= seed_bounds(opts, res, layout, report, lines, on, log,
                          link_bounds if target.link_only else
                          lambda layout, report: report_bounds(layout, report, ()))
        starts = machine_insns(target, exe, *code_span(layout))
        insn = next(i for p in report["functions"] for i in p["insns"] if i["length"] > 1)
        for key, what in (("length", "one byte longer"), ("offset", "a byte late")):
            insn[key] += 1
            found = boundary_violations(res.job, res.job.shapes[0], report, syms, (), starts)
            insn[key] -= 1
            log("self-test:%s an instruction %s: %s" % (
                on, what, "caught" if found else "NOT CAUGHT"))
            ok &= bool(found)
        # An entry without bytes is no machine instruction, analysed or not.
        for analysed in (True, False):
            part = next((p for p in report["functions"] if p["insns"]), None)
            found = []
            if part:
                was = part["analysed"]
                part["analysed"] = analysed
                part["insns"].insert(0, dict(part["insns"][0], length=0))
                found = boundary_violations(res.job, res.job.shapes[0], report, syms, (),
                                            starts)
                del part["insns"][0]
                part["analysed"] = was
            log("self-test:%s an %s instruction without bytes: %s" % (
                on, "analysed" if analysed else "unanalysed",
                "caught" if found else "NOT CAUGHT"))
            ok &= bool(found)
        # A report whose layout is unknown may promise nothing.
        report["layout"]["offsets"] = "unknown"
        found = without_layout(res.job, {res.job.shapes[0]: report}, syms, (), starts)
        log("self-test:%s promises of a report whose layout is unknown: %s" % (
            on, "caught" if found else "NOT CAUGHT"))
        ok &= bool(found)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ok


def fetches_in(trace, ranges):
    """How many fetches of the run TRACE (qtrace's or cctrace's records)
    fell in each of the sorted RANGES ((lo, hi, name)), by index."""
    import bisect
    import struct
    starts_of = [lo for lo, _, _ in ranges]
    ran = collections.Counter()
    with open(trace, "rb") as f:
        for (rec,) in struct.iter_unpack("<Q", f.read()):
            a = rec & 0xffffffffffff
            k = bisect.bisect_right(starts_of, a) - 1
            if k >= 0 and a < ranges[k][1]:
                ran[k] += 1
    return ran


def self_test_bytes(opts, target, progs, log):
    """cachecat-link's promises on code no unit recorded (the C
    library's, modelled from the linked bytes) must be checked, and
    counted in the share of the fetches the report covers, before
    cachecat-link makes any: in a static program's run, the function
    without a model that ran most is added to cachecat-link's reports
    with every instruction objdump finds in it, all conflict (the run
    must stay clean, its column link-bytes must appear, and the covered
    fetches grow by exactly that function's fetches), then all
    never-fetched (each fetch is a violation, which must be reported).
    Nothing to do without a static program (hs_*) among PROGS."""
    prog = next((p for p in progs if p.static), None)
    if prog is None:
        return True
    o = argparse.Namespace(**vars(opts))
    o.keep = True
    shape = min(opts.shapes or opts.flag_shapes, key=lambda sh: sh[0] * sh[2])
    job = Job(prog, "-O2", None, [shape], VARIANTS[:2], (), target)
    clean = check_one(o, job)
    work = clean.workdir
    try:
        if clean.errors or clean.violations or clean.boundaries:
            log("self-test: %s's run is not clean: %s" % (
                prog.name, (clean.errors + clean.violations + clean.boundaries)[:3]))
            return False
        with open(os.path.join(work, "per-address")) as f:
            own = {int(line.split()[0], 16) for line in f if not line.startswith("shape")}
        exe = os.path.join(work, "prog")
        with open(os.path.join(work, "r0.json")) as f:
            syms = symbols(target, exe, json.load(f))
        funcs = sorted((lo, lo + size, name) for name, (lo, size) in syms.items()
                       if size and not any(lo <= a < lo + size for a in own))
        ran = fetches_in(os.path.join(work, "trace"), funcs)
        if not ran:
            # Everything that ran has a model: cachecat-link modelled the
            # C library from its bytes.  Its function that ran most is
            # flipped instead.
            return self_test_flip_bytes(o, job, clean, log)
        k, fetched = ran.most_common(1)[0]
        lo, hi, name = funcs[k]
        starts = machine_insns(target, exe, lo, hi)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    ok = True
    for category in ("conflict", "never-fetched"):
        part = {"name": name, "function": name, "address": lo, "size": hi - lo, "unit": None,
                "analysed": True, "loops": [], "insns": [
                    {"offset": a - lo, "length": n, "category": category}
                    for a, n in sorted(starts.items())]}
        o.keep = False
        o.link_hook = lambda report: report["functions"].append(part)
        res = check_one(o, job)
        column = [col for (n, _), col in res.columns.items() if n == "link-bytes"]
        if category == "conflict":
            # ("-" in the other columns: what they check and count is as it was)
            same = all(res.columns.get(k, {}).get("fetches") == col["fetches"] and
                       res.columns[k]["misses"] == col["misses"]
                       for k, col in clean.columns.items() if k[0] in ("cachecat", "link"))
            caught = not (res.errors or res.violations or res.boundaries) and column and \
                column[0]["fetches"] > 0 and res.covered == clean.covered + fetched and same
            log("self-test: %s (%d fetches) added to cachecat-link's report as conflict, the "
                "column link-bytes and the coverage must count it: %s" % (
                name, fetched, "caught" if caught else "NOT CAUGHT (%s)" % (
                    (res.errors + res.violations + res.boundaries)[:2] or
                    "covered %d, was %d; other columns unchanged: %s" % (
                        res.covered, clean.covered, same))))
        else:
            caught = any(" link-bytes@" in v and "never-fetched" in v for v in res.violations)
            log("self-test: %s added to cachecat-link's report, never-fetched: %s" % (
                name, "caught" if caught else "NOT CAUGHT"))
        ok &= bool(caught)
    return ok


def self_test_flip_bytes(o, job, clean, log):
    """The function cachecat-link modelled from the program's bytes that
    ran most in CLEAN's run (kept in its workdir) becomes all conflict (the
    run must stay clean, with the same coverage) and then all
    never-fetched (each fetch a violation of its column link-bytes)."""
    work = clean.workdir
    try:
        with open(os.path.join(work, "link.json")) as f:
            parts = sorted((p["address"], p["address"] + p["size"], p["name"])
                           for p in json.load(f)["functions"]
                           if p.get("from_binary") and p["size"] and p["analysed"])
        ran = fetches_in(os.path.join(work, "trace"), parts)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if not ran:
        log("self-test: %s: no function modelled from the bytes ran" % job.prog.name)
        return False
    name = parts[ran.most_common(1)[0][0]][2]
    ok = True
    for category in ("conflict", "never-fetched"):
        def flip(report, category=category):
            for p in report["functions"]:
                if p["name"] == name:
                    for i in p["insns"]:
                        i["category"] = category
                        i.pop("scope", None)
        o.keep = False
        o.link_hook = flip
        res = check_one(o, job)
        if category == "conflict":
            caught = not (res.errors or res.violations or res.boundaries) and \
                res.covered == clean.covered
        else:
            caught = any(" link-bytes@" in v and "never-fetched" in v for v in res.violations)
        log("self-test: %s, modelled from the bytes, all %s: %s" % (
            name, category, "caught" if caught else "NOT CAUGHT (%s)" % (
                (res.errors + res.violations + res.boundaries)[:2] or
                "covered %d, was %d" % (res.covered, clean.covered))))
        ok &= bool(caught)
    return ok


def seed_bounds(opts, res, layout, report, lines, on, log, bounds_of):
    """A function's and a loop's max_misses in REPORT (the plugin's, or
    cachecat-link's on a target that has only it, of RES's run: one shape,
    its column 0; BOUNDS_OF reads them) seeded one below the most lines
    an invocation (execution) of it loaded in the run, its other bounds
    as they are: the checker must catch the invocation (execution) that
    loads more.  LINES: the run's expectations."""
    name = res.job.variants[0][0]
    column = "%s@%s" % (name, shape_name(res.job.shapes[0]))
    got = res.bounds.get((name, shape_name(res.job.shapes[0])), empty_bounds())
    ok = True
    for kind, what, key in (("f", "function", "max_misses"), ("l", "loop", "max_misses"),
                            ("F", "function", "max_fetches")):
        # The entry of the run that loaded (fetched) the most lines in one go.
        most, k = max(((e[2], e[0]) for e in got[kind] if e[1] and e[2]), default=(0, None))
        if k is None:
            log("self-test:%s no %s with a %s bound whose run missed, to seed" % (
                on, what, "miss" if kind != "F" else "fetch"))
            ok = False
            continue
        if kind != "l":
            entry = next(p for p in report["functions"]
                         if p["name"] == p["function"] == layout.funcs[k][0])
        else:
            entry = next(lp for p in report["functions"] for lp in p["loops"]
                         if layout.addr(insn_ref(lp["header"], p["name"])) == layout.loops[k][1])
        p = run_seeded(opts, res, layout, report, lines, bounds_of, entry, key, most - 1)
        word = "fetches" if kind == "F" else "misses"
        caught = p.returncode == 1 and re.search(r"^bound-exceeded %s %s %d \S+ \d+ %s " % (
            re.escape(column), what, k, word), p.stdout, re.M) is not None
        log("self-test:%s %s of %s seeded to %d, one below the %d lines one %s "
            "%s: %s" % (on, key, layout.funcs[k][0] if kind != "l" else
                        "the loop at " + layout.where(layout.loops[k][1])[0], most - 1, most,
                        "invocation" if kind != "l" else "execution",
                        "fetched" if kind == "F" else "loaded",
                        "caught" if caught else "NOT CAUGHT"))
        ok &= caught
    return ok & seed_iterations(opts, res, layout, report, lines, on, log, bounds_of)


def run_seeded(opts, res, layout, report, lines, bounds_of, entry, key, value):
    """ccvalidate on RES's trace with the expectations LINES, their bounds
    those of REPORT (BOUNDS_OF reads them) with ENTRY's KEY set to VALUE."""
    kept = entry[key]
    entry[key] = value
    seeded = bound_lines(0, bounds_of(layout, report))
    entry[key] = kept
    path = os.path.join(res.workdir, "expect.seeded")
    with open(path, "w") as out:
        out.write("\n".join([l for l in lines if not l.startswith(BOUND_LINES)]
                            + seeded) + "\n")
    return run([opts.ccvalidate, path, os.path.join(res.workdir, "trace")])


def seed_iterations(opts, res, layout, report, lines, on, log, bounds_of):
    """A loop's iterations in REPORT (as seed_bounds) seeded one below the
    most times its header ran in one execution: the checker must catch
    the execution that runs it more often."""
    column = "%s@%s" % (res.job.variants[0][0], shape_name(res.job.shapes[0]))
    most, k = max(((e[3], e[1]) for e in res.iterations
                   if e[0] == column and e[2] and e[3] > 1), default=(0, None))
    if k is None:
        log("self-test:%s no loop with an iteration bound whose header ran twice, to seed" % on)
        return False
    entry = next(lp for p in report["functions"] for lp in p["loops"]
                 if layout.addr(insn_ref(lp["header"], p["name"])) == layout.loops[k][1])
    p = run_seeded(opts, res, layout, report, lines, bounds_of, entry, "iterations", most - 1)
    caught = p.returncode == 1 and ("runs-exceeded %s loop %d " % (column, k)) in p.stdout
    log("self-test:%s iterations of the loop at %s seeded to %d, one below the %d header "
        "runs of one execution: %s" % (on, layout.where(layout.loops[k][1])[0], most - 1, most,
                                       "caught" if caught else "NOT CAUGHT"))
    return caught


if __name__ == "__main__":
    sys.exit(main())
