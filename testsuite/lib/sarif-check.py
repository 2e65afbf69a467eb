#!/usr/bin/env python3
# sarif-check.py: the python side of the sarif-valid dg-final check
# (testsuite/lib/cachecat-dg.exp): FILE against the SARIF 2.1.0 schema of
# the objects cachecat writes (sarif-2.1.0-subset.json beside this file),
# with python3-jsonschema; and every result's rule is one of the tool's,
# at the index it names.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# Usage: sarif-check.py FILE
# Exit status: 0 valid, 1 not valid, 2 the check cannot run.

import json
import os
import sys


def main(argv):
    if len(argv) != 2:
        print("usage: sarif-check.py FILE")
        return 2
    try:
        import jsonschema
    except ImportError:
        print("sarif-check: python3-jsonschema is not installed")
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "sarif-2.1.0-subset.json")) as f:
        schema = json.load(f)
    try:
        with open(argv[1]) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        print("sarif-check: %s: %s" % (argv[1], e))
        return 1
    validator = jsonschema.Draft7Validator(schema,
                                           format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(d), key=lambda e: list(e.path))
    for e in errors[:10]:
        print("sarif-check: %s: at %s: %s" % (argv[1], "/".join(map(str, e.path)), e.message))
    if errors:
        return 1
    for run in d["runs"]:
        rules = [r["id"] for r in run["tool"]["driver"].get("rules", [])]
        for res in run.get("results", []):
            if res.get("ruleId") not in rules or rules.index(res["ruleId"]) != res.get("ruleIndex"):
                print("sarif-check: a result's rule is not the tool's: %r" % (res.get("ruleId"),))
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
