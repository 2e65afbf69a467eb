# cachecat: validate.py's bare-metal firmware targets -- images with a
# vector table or a boot stub, newlib or picolibc and libgcc, run under
# qemu-system and traced with qtrace, every promise of cachecat-link's
# report checked against the run as on the other targets.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# validate.py asks this module for its targets (targets()), their matrix
# (matrix()) and a table of what each run covered (table()); a target it
# returns is a validate.Target whose build, trace and cachecat-link entry
# are this module's (the attributes build, trace and link_entry, which
# validate.py's build(), trace_run() and run_link() defer to).  The rest
# -- the layout, the boundary check against objdump, ccvalidate, the
# self-test, the tables -- is validate.py's, unchanged.
#
# An image: the program's unit and the start-up unit
# (firmware/startup-*.c: Reset_Handler, and the vector table or the boot
# stub) compiled with the plugin and -fplugin-arg-cachecat-record, linked
# with the target's C library (newlib nano, picolibc) and libgcc by the
# target's linker script (firmware/*.ld), analysed by cachecat-link
# --entry=Reset_Handler --entry-state=cold, run by qemu-system with
# -kernel and semihosting (the program's exit status is QEMU's) and
# qtrace.  The C library, libgcc and the boot stub have no record: they
# are unknown code to cachecat-link, and the run's fetches of them are
# simulated but promise nothing (table(): the share of the run's fetches
# the report's instructions are).  Only cachecat-link's column: the
# plugin's own report assumes its entry _start starts on a cold cache,
# and here Reset_Handler runs before it.

import collections
import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
FW_DIR = os.path.join(HERE, "firmware")

# cc, the qemu-system that runs it and its machine, the flags of every
# compile and link, the link's own flags (the C library), the start-up
# unit and the linker script in firmware/, the target it is a variant of.
Image = collections.namedtuple("Image", "cc qemu machine flags link startup ldscript variant_of")
TARGETS = {
    # mps2-an386: a Cortex-M4 without FPU use (-mfloat-abi=soft, the
    # compiler's default): doubles are libgcc's __aeabi_d*.
    "fw-cortex-m4": Image("arm-none-eabi-gcc", "qemu-system-arm", "mps2-an386",
                          ["-mthumb", "-mcpu=cortex-m4"],
                          ["--specs=nano.specs", "--specs=nosys.specs"],
                          "startup-arm.c", "mps2.ld", None),
    # mps2-an500: a Cortex-M7, the same memory map.
    "fw-cortex-m7": Image("arm-none-eabi-gcc", "qemu-system-arm", "mps2-an500",
                          ["-mthumb", "-mcpu=cortex-m7"],
                          ["--specs=nano.specs", "--specs=nosys.specs"],
                          "startup-arm.c", "mps2.ld", "fw-cortex-m4"),
    # sifive_e: an E31, RV32IMAC; code the linker does not relax, so that
    # the units' records place it.
    "fw-rv32imac": Image("riscv64-unknown-elf-gcc", "qemu-system-riscv32", "sifive_e",
                         ["-march=rv32imac", "-mabi=ilp32", "-mno-relax"],
                         ["--specs=picolibc.specs"], "startup-riscv.c", "sifive-e.ld", None),
}
ENTRY = "Reset_Handler"
# The freestanding programs' exit is the start-up code's fw_exit
# (testsuite/valgrind/exit_syscall.h).
DEFINES = ["-DSEMIHOSTING_EXIT"]
# A run that does not end within this many seconds has hung (a fault
# loop the start-up code did not catch).
TIMEOUT = 60

# The matrix: the single-unit freestanding programs and firmware/fw_*.c
# at -Os and -O2 on validate.py's shapes of the other targets
# (direct-mapped and LRU: the boot stub's and the ROM's lines, left in
# the cache at the entry, behave as empty ways there); a variant (the
# M7) the firmware's own programs and a few with tables, recursion and
# calls, on the variants' shapes.  --quick (make check): the C library
# program and four with switch tables, recursion and sibling calls at
# -Os and -O2 on two shapes, the variant two of them.
PROGRAMS = "testsuite/validate/programs/fs_*.c,testsuite/validate/firmware/fw_*.c"
VARIANT_PROGRAMS = ("testsuite/validate/firmware/fw_*.c,"
                    "testsuite/validate/programs/fs_switch_tables.c,"
                    "testsuite/validate/programs/fs_recursion.c,"
                    "testsuite/validate/programs/fs_huge_switch.c,"
                    "testsuite/validate/programs/fs_tail_calls.c,"
                    "testsuite/validate/programs/fs_dispatch_table.c")
LEVELS = "-Os,-O2"
QUICK_PROGRAMS = ("testsuite/validate/firmware/fw_libc.c,"
                  "testsuite/validate/programs/fs_switch_tables.c,"
                  "testsuite/validate/programs/fs_huge_switch.c,"
                  "testsuite/validate/programs/fs_recursion.c,"
                  "testsuite/validate/programs/fs_tail_calls.c")
QUICK_VARIANT_PROGRAMS = ("testsuite/validate/firmware/fw_libc.c,"
                          "testsuite/validate/programs/fs_switch_tables.c")
QUICK_LEVELS = "-Os,-O2"
QUICK_SHAPES = "256/32,1024/32/2"
# Programs an image of a target cannot hold, and why.
SKIP = {
    "fw-rv32imac": {"fs_straddle": "its 20 KiB of .bss do not fit in sifive_e's 16 KiB of RAM"},
}


def _missing(v, spec, b):
    """Why SPEC's images cannot be built and run here, or None; else the
    plugin and the binutils."""
    for tool in (spec.cc, spec.qemu):
        if not shutil.which(tool):
            return "no %s" % tool, None, None
    triple = v.run([spec.cc, "-dumpmachine"]).stdout.strip()
    plugin = os.path.abspath(os.path.join(b, triple, "cachecat.so"))
    if not os.path.exists(plugin):
        return "no %s (make CC=%s)" % (os.path.relpath(plugin), spec.cc), None, None
    tools = tuple("%s-%s" % (triple, t) for t in ("nm", "objdump", "ar"))
    for t in tools:
        if not shutil.which(t):
            return "no %s" % t, None, None
    # The C library: its specs file is the compiler's to find.
    for f in spec.link:
        name = f.split("=", 1)[1]
        if v.run([spec.cc, "-print-file-name=" + name]).stdout.strip() == name:
            return "no %s for %s (its C library)" % (name, spec.cc), None, None
    return None, plugin, tools


def targets(v, names, b, log):
    """The firmware targets of NAMES that can run, as validate.Targets (V:
    the validate module); a line through LOG for each that cannot."""
    out = []
    for name in names:
        spec = TARGETS[name]
        why, plugin, tools = _missing(v, spec, b)
        if why:
            log("validate: target %s skipped (%s)" % (name, why))
            continue
        t = v.Target(name, spec.cc, plugin, tools, v.Cross(
            spec.cc, "%s -M %s" % (spec.qemu, spec.machine), spec.flags + DEFINES,
            hosted=False, libgcc=True, variant_of=spec.variant_of))
        t.link_only = True          # cachecat-link's column only (above)
        t.link_entry = ["--entry=" + ENTRY, "--entry-state=cold"]
        t.build = lambda opts, job, work, spec=spec: build(v, spec, opts, job, work)
        t.trace = lambda opts, exe, trace, work, spec=spec: trace_run(v, spec, opts, exe, trace,
                                                                      work)
        t.image = spec
        out.append(t)
    return out


def matrix(v, targets, quick, levels, shapes, programs, corpus, log):
    """Each firmware target's levels, shapes and programs: LEVELS, SHAPES
    and PROGRAMS (validate.py's options) when given, else its own; only
    single-unit programs (the firmware build links one unit and the
    start-up unit), and not those of SKIP (a line through LOG)."""
    for t in targets:
        variant = t.variant_of is not None
        t.levels = v.listopt(levels if levels is not None else
                             QUICK_LEVELS if quick else LEVELS)
        t.shapes = v.parse_shapes(shapes or (QUICK_SHAPES if quick else
                                             v.VARIANT_SHAPES if variant else v.TARGET_SHAPES))
        names = programs or (
            (QUICK_VARIANT_PROGRAMS if variant else QUICK_PROGRAMS) if quick
            else VARIANT_PROGRAMS if variant else PROGRAMS)
        t.programs = []
        for p in corpus(v.listopt(names)):
            why = "several units" if p.multi() else SKIP.get(t.name, {}).get(p.name)
            if why:
                log("validate: %s: %s skipped (%s)" % (t.name, p.name, why))
            else:
                t.programs.append(p)


def build(v, spec, opts, job, work):
    """The image of JOB's program: its unit and the start-up unit
    compiled with the plugin and its record (the report of the first
    shape: cachecat-link's are the columns), linked with the C library
    and libgcc.  Returns what validate.build does: the executable, the
    reports by shape, the sections the linker removed (none)."""
    t = job.target
    shape = job.shapes[0]
    # The C library's specs at compile time too: its headers.
    flags = job.flags() + spec.link
    objs = []
    report = None
    for name, src in (("startup", os.path.join(FW_DIR, spec.startup)),
                      ("prog", job.prog.units[0])):
        obj, rep = os.path.join(work, name + ".o"), os.path.join(work, name + ".json")
        plugin = [a for a in v.compile_plugin_args(t, job.prog, shape, rep)
                  if not a.startswith("-fplugin-arg-cachecat-entry=")]
        v.must([t.cc] + flags + plugin + ["-fplugin-arg-cachecat-record", src, "-c", "-o", obj],
               "compile %s (%s)" % (name, v.shape_name(shape)))
        objs.append(obj)
        if name == "prog":
            with open(rep) as f:
                report = json.load(f)
    exe = os.path.join(work, "prog")
    # The C library and libgcc by the specs, the start-up code ours.  A
    # bare-metal linker writes no PT_GNU_STACK unless told: without one the
    # stack may hold code (docs/semantics.md §7.4), and no program is
    # closed.
    v.must([t.cc, job.level, "-g"] + spec.flags + spec.link +
           ["-nostartfiles", "-Wl,-z,noexecstack", "-T", os.path.join(FW_DIR, spec.ldscript)]
           + objs + ["-o", exe], "link")
    return exe, {sh: report for sh in job.shapes}, set()


def trace_run(v, spec, opts, exe, trace, work):
    """The image under qemu-system with qtrace, from reset to the
    semihosting exit: the program's status must be 0."""
    cmd = [spec.qemu, "-M", spec.machine, "-nographic", "-monitor", "none", "-serial", "null",
           "-semihosting-config", "enable=on,target=native", "-kernel", exe,
           "-plugin", "%s,out=%s" % (opts.qtrace, trace)]
    p = v.run(cmd, timeout=TIMEOUT, cwd=work, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise v.Failure("%s -M %s run with qtrace failed (exit %d%s): %s" % (
            spec.qemu, spec.machine, p.returncode,
            ": an unexpected exception or trap" if p.returncode == 126 else "",
            p.stderr[-1000:]))
    return p.stdout


def table(v, t, results):
    """What each run of firmware target T covered: per image the run's
    fetches (all of them: start-up, C library, libgcc, the ROM), the
    promises of cachecat-link's report checked on each shape (the fetches
    of its instructions: the same on every shape) and their share of the
    run, the violations over its shapes (broken promises, miss bounds
    and instruction boundaries), whether the report found the image
    closed, and its entry's miss bound on the first shape (- if none).
    Empty for any other target."""
    if not hasattr(t, "image"):
        return []
    out = ["", "Firmware runs (qemu-system -M %s): per image the run's fetches, the promises of "
           "cachecat-link's report checked per shape (its instructions' fetches) and their share "
           "of the run, violations over the shapes, closed, the entry's bound on the first "
           "shape" % t.image.machine,
           "%-22s %-4s %9s %9s %6s %6s %10s %6s %9s" % ("program", "", "fetches", "checked",
                                                        "share", "shapes", "violations",
                                                        "closed", "entry")]
    total = checked = bad = 0
    for r in sorted(results, key=lambda r: (r.prog.name, r.job.label)):
        cols = [r.columns[("link", sn)] for sn in map(v.shape_name, r.job.shapes)
                if ("link", sn) in r.columns]
        if not cols:
            continue
        n_bad = len(r.boundaries) + sum(
            col["violations"] + r.bounds.get(("link", sn), {}).get("exceeded", 0)
            for sn, col in zip(map(v.shape_name, r.job.shapes), cols))
        shapes = list(map(v.shape_name, r.job.shapes))
        closed = all(r.closed.get(sn) for sn in shapes)
        bound = r.entry_bound.get(shapes[0], (None, None))[0]
        out.append("%-22s %-4s %9d %9d %6s %6d %10d %6s %9s" % (
            r.prog.name, r.job.label, r.fetches, cols[0]["fetches"],
            v.pct(cols[0]["fetches"], r.fetches).strip() + "%", len(cols), n_bad,
            "yes" if closed else "no", "-" if bound is None else bound))
        total += r.fetches * len(cols)
        checked += sum(col["fetches"] for col in cols)
        bad += n_bad
    out.append("%-22s %-4s %9d %9d %6s %6s %10d" % (
        "total (x shapes)", "", total, checked, v.pct(checked, total).strip() + "%", "", bad))
    return out
