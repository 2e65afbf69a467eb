#!/bin/bash
# cachecat: the source tree shows the design (docs/design.md), and keeps it.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# One test each:
#   - every file of plugin/ is in a stage folder, and no folder holds more
#     than 20 files;
#   - the includes between plugin/'s files form no cycle;
#   - a target's headers (plugin/isa/T/, plugin/layout/T/) are included
#     only by that target's own files and by the tables' dispatch
#     (isa/isa.c, layout/target.c): the shared code asks the target
#     tables (isa/targets.def);
#   - each stage includes only the stages below it (data flows one way:
#     glue -> model -> layout -> engine -> output; isa (machine code)
#     below layout and link; options and support
#     beside them; link, cachecat-link, in the glue's place): the engine includes nothing of GCC or of the layout,
#     and only the glue includes GCC's headers;
#   - the engine's files call each other without a cycle: the driver
#     (engine.c) calls the steps, a step calls steps and helpers below it,
#     never back (read from the symbols of $B/obj/engine/*.o);
#   - no function of plugin/ is over 150 lines (tables excepted);
#   - every target of plugin/isa/targets.def has a folder in isa/ and one
#     in layout/, with the same role-named files (T_targ.c, ...);
#   - nothing in the repository points outside it (../shared);
#   - docs/design.md names every folder of plugin/, and the README (a
#     user's guide) stays under 300 lines.
# The last line is "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
exec python3 - "$B" <<'EOF'
import glob, os, re, subprocess, sys

B = sys.argv[1]
passed = failed = 0


def result(name, problems):
    global passed, failed
    if problems:
        failed += 1
        print("FAIL: %s" % name)
        for p in problems[:20]:
            print("  " + p)
    else:
        passed += 1
        print("PASS: %s" % name)


# Which stages a stage may include (itself always).
ALLOWED = {
    "support": set(),
    "model": {"support"},
    # machine code: each target's instructions (isa/isa.h).
    "isa": {"support"},
    "layout": {"isa", "model", "support"},
    "engine": {"model", "support"},
    # after the engine: its categories and the model's loop bounds turned
    # into miss bounds.
    "bounds": {"engine", "model", "support"},
    "options": {"engine", "model", "support"},
    "output": {"bounds", "engine", "model", "options", "support"},
    "glue": {"isa", "layout", "engine", "bounds", "model", "options", "output", "support"},
    # what a linked program holds: its ELF file, its machine code read by
    # objdump's decoder, models of the code no record describes.
    "binary": {"isa", "model", "support"},
    # cachecat-link: the glue's place at link time (it reads ELF instead of
    # RTL), and checks the final bytes with the isa stage's decoders.
    "link": {"binary", "isa", "engine", "bounds", "model", "options", "output", "support"},
}

files = sorted(p for p in glob.glob("plugin/**/*", recursive=True) if os.path.isfile(p))


def stage(path):
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else None


problems = ["%s is in no stage folder" % p for p in files if stage(p) not in ALLOWED]
folders = {}
for p in files:
    folders.setdefault(os.path.dirname(p), []).append(p)
problems += ["%s holds %d files" % (d, len(fs)) for d, fs in sorted(folders.items())
             if len(fs) > 20]
result("plugin/ is one folder per stage, none over 20 files", problems)

# The include graph over plugin/'s files ("X" resolved against plugin/).
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
graph, gcc = {}, []
for p in files:
    if not p.endswith((".c", ".h", ".cc")):
        continue
    graph[p] = []
    for inc in INCLUDE.findall(open(p, encoding="utf-8").read()):
        target = os.path.join("plugin", inc)
        if os.path.isfile(target):
            graph[p].append(target)
        elif inc != "toolchain.h":         # generated in the build directory
            gcc.append((p, inc))

def cycles(graph, name=lambda x: x):
    """Every cycle of GRAPH (node -> successors) a depth-first search meets,
    as "a -> b -> a"."""
    found, state = [], {}

    def visit(p, path):
        state[p] = 1
        for q in sorted(graph.get(p, ())):
            if state.get(q) == 1:
                found.append(" -> ".join(name(x) for x in path[path.index(q):] + [q]))
            elif q not in state:
                visit(q, path + [q])
        state[p] = 2

    for p in sorted(graph):
        if p not in state:
            visit(p, [p])
    return found


problems = cycles(graph)
result("no include cycle among plugin/'s files", problems)

problems = []
for p, targets in graph.items():
    s = stage(p)
    for q in targets:
        t = stage(q)
        if t != s and t not in ALLOWED.get(s, set()):
            problems.append("%s (%s) includes %s (%s)" % (p, s, q, t))
problems += ["%s includes %s, not one of ours: only the glue includes GCC's headers" % (p, inc)
             for p, inc in gcc if stage(p) != "glue"]
result("each stage includes only the stages below it", problems)

# A target's header is its own: included by files of plugin/isa/T/ or
# plugin/layout/T/ (the same T), or by the dispatch of the tables.
DISPATCH = {"plugin/isa/isa.c", "plugin/layout/target.c"}


def target_of(path):
    parts = path.split("/")
    return parts[2] if len(parts) > 3 and parts[1] in ("isa", "layout") else None


problems = ["%s includes %s, target %s's own" % (p, q, target_of(q))
            for p, targets in sorted(graph.items()) for q in targets
            if target_of(q) and q.endswith(".h") and p not in DISPATCH
            and target_of(p) != target_of(q)]
result("a target's headers are included only by its own files and the tables' dispatch",
       problems)

# Calls between the engine's files: an object's undefined symbols resolved
# to the object that defines them.
objs = sorted(glob.glob(os.path.join(B, "obj", "engine", "*.o")))
defs, uses = {}, {}
for o in objs:
    for line in subprocess.run(["nm", o], capture_output=True, text=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBR":
            defs[f[2]] = o
        elif len(f) == 2 and f[0] == "U":
            uses.setdefault(o, set()).add(f[1])
calls = {o: {defs[s] for s in uses.get(o, ()) if s in defs and defs[s] != o} for o in objs}
problems = cycles(calls, os.path.basename) if objs else \
    ["no objects in %s/obj/engine (build first)" % B]
result("no call cycle between the engine's files", problems)

hits = subprocess.run(["git", "grep", "-n", "-I", "shar" "ed/"], capture_output=True,
                      text=True).stdout.splitlines()
result("nothing points outside the repository (../shared)", hits)

# Functions short enough to read at once: none in plugin/ over 150 lines
# (GNU style: a definition's name line, its body from a `{' to a `}' in
# column 0).  A table (an initializer, `= {') is data, not a function.
MAX_FUNCTION_LINES = 150


def long_functions(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found, head, body = [], None, None
    for i, line in enumerate(lines):
        if line.startswith("{") and body is None:
            head = i - 1
            while head >= 0 and "(" not in lines[head]:
                head -= 1
            body = i
        elif line.startswith("}") and body is not None:
            decl = " ".join(lines[max(head, 0):body])
            m = re.search(r"([A-Za-z_][A-Za-z_0-9:~]*)\s*\(", decl)
            n = i - head + 1
            if n > MAX_FUNCTION_LINES and "=" not in decl:
                found.append("%s: %s is %d lines" % (path, m.group(1) if m else "?", n))
            body = None
    return found


problems = []
for p in files:
    if p.endswith((".c", ".cc")):
        problems += long_functions(p)
result("no function in plugin/ over %d lines" % MAX_FUNCTION_LINES, problems)

# The targets (isa/targets.def) and the seam: each has a folder in isa/
# and one in layout/, with the same role-named files, prefixed by the
# target's folder name: isa/T/T_targ.c (its cc_isa_target), T_length.c,
# T_branch.c, T_decoded.c (what an instruction objdump's decoder read does
# to control), and T_flow.c where the target has one; layout/T/T_targ.c
# (its cc_layout_target) and what else its assembler needs.
ISA_ROLES = ("targ", "length", "branch", "decoded")
ISA_OPTIONAL_ROLES = ("flow",)
TARGET_LINE = re.compile(r"^CC_TARGET \(\s*\w+\s*,\s*(\w+)", re.M)
targets = TARGET_LINE.findall(open("plugin/isa/targets.def", encoding="utf-8").read()) \
    if os.path.isfile("plugin/isa/targets.def") else []
problems = [] if targets else ["plugin/isa/targets.def names no target"]
for t in targets:
    for stage_dir, needed in (("plugin/isa/" + t, ISA_ROLES), ("plugin/layout/" + t, ("targ",))):
        have = [os.path.basename(p) for p in folders.get(stage_dir, [])]
        problems += ["%s has no %s_%s.c" % (stage_dir, t, r) for r in needed
                     if "%s_%s.c" % (t, r) not in have]
        problems += ["%s/%s is not named %s_<role>" % (stage_dir, f, t) for f in have
                     if not f.startswith(t + "_")]
    for f in folders.get("plugin/isa/" + t, []):
        role = os.path.splitext(os.path.basename(f))[0][len(t) + 1:]
        if os.path.basename(f).startswith(t + "_") and role not in ISA_ROLES + ISA_OPTIONAL_ROLES:
            problems.append("%s: %s is not a role of an isa folder (%s)"
                            % (f, role, ", ".join(ISA_ROLES + ISA_OPTIONAL_ROLES)))
extra = sorted(d for d in folders if re.match(r"plugin/(isa|layout)/[^/]+$", d)
               and d.split("/")[2] not in targets)
problems += ["%s is the folder of no target of plugin/isa/targets.def" % d for d in extra]
result("every target has its isa/ and layout/ folders with the same role-named files",
       problems)

design = open("docs/design.md", encoding="utf-8").read() if os.path.isfile("docs/design.md") else ""
result("docs/design.md names every folder of plugin/",
       ["%s is not named in docs/design.md" % d for d in sorted(folders)
        if "`%s/`" % d not in design])
n_readme = len(open("README.md", encoding="utf-8").read().splitlines())
result("README.md is a user's guide of under 300 lines",
       ["README.md has %d lines" % n_readme] if n_readme >= 300 else [])

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF
