#!/usr/bin/env python3
# json-check.py: the python side of the report-json-ok and json-check
# dg-final checks (testsuite/lib/cachecat-dg.exp).  Standard library only.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: json-check.py FILE CHECK [ASM]
#
# Loads FILE as JSON into `d` and runs CHECK, either an expression that
# must be true, e.g.  d['summary']['conflict'] == 0
# or statements with assert, e.g.  n = len(d['functions']); assert n == 2, n
# Also bound: asm (the text of ASM, or None), path (FILE), re, json,
# Counter, and the helper walk(x), which yields every dict and list inside x.
#
# Exit status: 0 the check holds, 1 it does not (or FILE is not valid JSON),
# 2 the check itself is broken (syntax error) or FILE cannot be read.

import collections
import json
import re
import sys
import traceback


def walk(x):
    """Every dict and list in x, x included, depth first."""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, dict):
            yield y
            stack.extend(reversed(list(y.values())))
        elif isinstance(y, list):
            yield y
            stack.extend(reversed(y))


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: json-check.py FILE CHECK [ASM]")
        return 2
    path, check = argv[1], argv[2]
    asm_path = argv[3] if len(argv) == 4 and argv[3] else None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"cannot read {path}: {e}")
        return 2
    try:
        d = json.loads(text)
    except ValueError as e:
        print(f"{path} is not valid JSON: {e}")
        return 1
    asm = None
    if asm_path:
        try:
            with open(asm_path, encoding="utf-8", errors="replace") as f:
                asm = f.read()
        except OSError:
            asm = None
    env = {"d": d, "asm": asm, "path": path, "re": re, "json": json,
           "Counter": collections.Counter, "walk": walk}
    try:
        code = compile(check, "<check>", "eval")
        is_expr = True
    except SyntaxError:
        try:
            code = compile(check, "<check>", "exec")
            is_expr = False
        except SyntaxError as e:
            print(f"syntax error in the check: {e}")
            return 2
    try:
        if is_expr:
            value = eval(code, env)
            if not value:
                print(f"false ({value!r}): {check}")
                return 1
        else:
            exec(code, env)
    except AssertionError as e:
        msg = str(e)
        print(f"assertion failed{': ' + msg if msg else ''}: {check}")
        return 1
    except Exception as e:
        # A missing key or a wrong type in the report is a failed check.
        print(f"{type(e).__name__}: {e}: {check}")
        tb = traceback.format_exc(limit=-1).strip().splitlines()
        if tb:
            print(tb[-1])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
