#!/usr/bin/env python3
# cachecat: how the engine's time grows with the size of a function and with
# the depth of call chains (part of `make bench`).
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: engine_scaling.py --cc GCC --plugin SO --ccengine PATH [--quick]
#
# 1. Function size: one generated function of about 10^3 to 10^5
#    instructions (if-then-else diamonds, loops, a switch and calls to small
#    helpers, repeated), compiled at -O0 and -O2 with the plugin; the model
#    it extracted is re-analysed by ccengine, and the engine's time is
#    printed per instruction: constant per-instruction time means linear
#    growth.
# 2. Call chains: f0 calls f1 from two call sites, f1 calls f2 from two,
#    and so on, D deep: 2^D call chains.  Instances are unfolded until
#    their total size reaches a budget proportional to the unit (docs/semantics.md
#    §4.6), so the instance count and the time level off
#    instead of doubling with every level.
# The engine time is the minimum of three runs of ccengine (it prints its
# own time, without reading the model).
import argparse
import os
import subprocess
import sys
import tempfile


def segment(k):
    """About 40-60 instructions at -O2, more at -O0."""
    return """
  if (x & %(bit)d)
    a += (b ^ %(c1)d) * 3;
  else
    b -= a >> %(sh)d;
  for (int i = 0; i < (n & 7); i++)
    c += data[(i + %(k)d) & 63] ^ a;
  switch ((a + %(k)d) & 7)
    {
    case 0: a ^= c; break;
    case 1: b += 17; break;
    case 2: c -= a; break;
    case 3: a = helper%(h)d (a); break;
    case 4: b ^= c << 1; break;
    default: c += b; break;
    }
""" % {"bit": 1 << (k % 31), "c1": (k * 2654435761) & 0xffff, "sh": 1 + k % 7, "k": k,
       "h": k % 4}


def big_function(n_segments):
    helpers = "".join("__attribute__ ((noinline)) static int helper%d (int v) "
                      "{ return v * %d + 1; }\n" % (h, 3 + 2 * h) for h in range(4))
    body = "".join(segment(k) for k in range(n_segments))
    return ("int data[64];\n" + helpers +
            "int big (int x, int n)\n{\n  int a = x, b = n, c = 0;\n" + body +
            "  return a + b + c;\n}\n")


def chain(depth):
    out = ["int sink;\n"]
    out.append("__attribute__ ((noinline)) static int f%d (int v) { sink += v; return v + 1; }\n"
               % depth)
    for d in range(depth - 1, -1, -1):
        out.append("__attribute__ ((noinline)) %sint f%d (int v)\n{\n  int r = f%d (v);\n"
                   "  if (v & 1)\n    r += f%d (v + 3);\n  return r;\n}\n"
                   % ("static " if d else "", d, d + 1, d + 1))
    return "".join(out)


def engine_time(ccengine, model, runs=3):
    best = None
    info = ""
    for _ in range(runs):
        p = subprocess.run([ccengine, model, "4096", "32"], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("ccengine failed: " + p.stderr)
        for line in p.stdout.splitlines():
            if line.startswith("engine "):
                t = float(line.split()[1])
                best = t if best is None else min(best, t)
            if line.startswith("functions "):
                info = line
    f = info.split()
    return best, int(f[3]), int(f[5]), int(f[7]), int(f[11])   # time, insns, instances, phases, too big


def compile_model(cc, plugin, src, level, tmp):
    model = os.path.join(tmp, "model")
    env = dict(os.environ, CACHECAT_DUMP_MODEL=model)
    p = subprocess.run([cc, level, "-c", "-w", "-fplugin=" + plugin,
                        "-fplugin-arg-cachecat-report=/dev/null", src,
                        "-o", os.path.join(tmp, "x.o")], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit("compile failed: " + p.stderr[-2000:])
    return model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--ccengine", required=True)
    ap.add_argument("--quick", action="store_true")
    o = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ccscale-")
    src = os.path.join(tmp, "gen.c")
    sizes = [20, 60, 200, 600, 2000] if not o.quick else [20, 60, 200]
    print("engine time as one function grows (4 KiB direct-mapped, 32-byte lines)")
    print("%-6s %9s %8s %8s %10s %12s" % ("level", "insns", "phases", "inst.", "engine s",
                                          "us per insn"))
    worst = 0.0
    for level in ("-O2", "-O0"):
        per = []
        for n in sizes:
            with open(src, "w") as f:
                f.write(big_function(n))
            model = compile_model(o.cc, o.plugin, src, level, tmp)
            t, insns, inst, phases, big = engine_time(o.ccengine, model)
            if big:
                print("%-6s %9d %8d %8s %10.3f %12s" % (level, insns, phases, "-", t,
                                                        "over the cap: not analysed"))
                continue
            per.append(t / insns)
            print("%-6s %9d %8d %8d %10.3f %12.2f" % (level, insns, phases, inst, t,
                                                      1e6 * t / insns))
        growth = per[-1] / per[0] if per[0] > 0 else 0
        worst = max(worst, growth)
        print("%-6s per-instruction time, largest over smallest: %.2f" % (level, growth))
    print()
    print("engine time as call chains deepen (2^D chains, -O2)")
    print("%-6s %9s %10s %10s %12s" % ("depth", "insns", "instances", "engine s", "us per insn"))
    for depth in ([2, 4, 6, 8, 10, 12, 14, 16] if not o.quick else [2, 6, 10]):
        with open(src, "w") as f:
            f.write(chain(depth))
        model = compile_model(o.cc, o.plugin, src, "-O2", tmp)
        t, insns, inst, phases, big = engine_time(o.ccengine, model)
        print("%-6d %9d %10d %10.4f %12.2f" % (depth, insns, inst, t, 1e6 * t / insns))
    subprocess.run(["rm", "-rf", tmp])
    print("engine scaling: per-instruction time grows %.2fx from the smallest to the largest "
          "function" % worst)


if __name__ == "__main__":
    main()
