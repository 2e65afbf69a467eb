#!/usr/bin/env python3
# cachecat: what a measurement ran on, for the documents that `make
# validate' and `make bench' write (docs/validation.md, docs/cost.md).
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def machine():
    """Cores, CPU model and system."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    system = "?"
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    system = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "%d cores, %s, %s" % (os.cpu_count() or 0, cpu, system)


def compiler(cc):
    try:
        p = subprocess.run([cc, "--version"], capture_output=True, text=True)
    except OSError:
        return cc
    lines = p.stdout.splitlines()
    return lines[0] if p.returncode == 0 and lines else cc


def plugin_commit():
    """The commit of the working tree, and whether it has changes."""
    def git(*args):
        try:
            p = subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True)
        except OSError:
            return "?"
        return p.stdout.strip() if p.returncode == 0 else "?"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return "commit %s%s" % (git("rev-parse", "--short", "HEAD"),
                            " with uncommitted changes" if dirty else "")


def header(title, command, explains, seconds, cc, commit=None):
    """The head of a results document: what wrote it, when, on what
    (COMMIT: plugin_commit () when the run began; now if None)."""
    return ["# " + title, "",
            "Written by `%s` at the end of its last whole run; %s Every line below is "
            "that run's: the next whole run rewrites this file, nobody edits it." % (
                command, explains),
            "",
            "- date: %s" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "- machine: %s" % machine(),
            "- compiler: %s" % compiler(cc),
            "- plugin: %s" % (commit or plugin_commit()),
            "- took: %d min %d s" % (seconds // 60, seconds % 60)]


def write(path, lines):
    """Write LINES to PATH atomically."""
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
