#!/usr/bin/env python3
# cachecat: print a short human summary of a report (used by `make example`).
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
import json
import sys

CATS = ["always-hit", "always-miss", "first-miss", "first-hit", "conflict"]


def main():
    report, asm = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    with open(report) as f:
        d = json.load(f)
    c = d["cache"]
    print(f"cache: {c['size']} bytes, {c['line']}-byte lines, {c['ways']} way(s), "
          f"{c['sets']} sets, {c['policy']} (config {c['config']})")
    e = d["entry"]
    print(f"entry: {e['symbol'] or '(none: every externally callable function starts warm)'}, "
          f"{e['state']}; layout phases analysed: {d['layout']['phases']}")
    if "advice" in d["layout"]:
        print(f"note: {d['layout']['advice']}")
    print(f"{'function':28} " + " ".join(f"{k:>11}" for k in CATS))
    for fn in d["functions"]:
        s = fn["summary"]
        print(f"{fn['name'][:28]:28} " + " ".join(f"{s[k]:>11}" for k in CATS))
    s = d["summary"]
    print(f"{'total':28} " + " ".join(f"{s[k]:>11}" for k in CATS))
    print(f"report: {report}")
    if asm:
        n = sum(1 for line in open(asm) if "cachecat:" in line)
        print(f"annotated assembly: {asm} ({n} annotated instructions)")


if __name__ == "__main__":
    main()
