#!/bin/bash
# cachecat: a corrupted record is an error, never a model.  The records
# (.debug_cachecat) of a linked program of three units are corrupted at
# random, seeded: 1 to 16 bytes changed at one place, or the section's
# tail zeroed from some byte on.  Every cachecat-link run must then be a
# clear error (exit status 2, a message, no report written) or a report
# byte-identical to the uncorrupted program's (a change that wrote the
# byte it replaced); every report written is valid UTF-8 JSON.  The many
# runs count as one test, with their counts.  And a unit whose file name
# is not UTF-8 (Latin-1 bytes): the plugin's report and SARIF file and
# cachecat-link's report are valid UTF-8 JSON, the bytes replaced, and
# its listing is UTF-8.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -u
CC=${CC:-gcc}
ROOT=$PWD
PLUGIN=${PLUGIN:-$ROOT/cachecat.so}
LINK=${CACHECAT_LINK:-$ROOT/cachecat-link}
SRC=$ROOT/testsuite/link
CASES=${RECORD_CORRUPTION_CASES:-300}
SEED=${RECORD_CORRUPTION_SEED:-32}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
passed=0 failed=0
ok() { echo "PASS: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1"; failed=$((failed + 1)); }

for u in main other lib; do
  $CC -O2 -g -fplugin="$PLUGIN" -fplugin-arg-cachecat-record=only -c "$SRC/$u.c" -o $u.o \
    || bad "compile $u.c"
done
$CC -no-pie main.o other.o lib.o -o prog || bad "link"

if python3 - "$LINK" "$CASES" "$SEED" >corrupt.out <<'PY'
import json, os, random, shutil, subprocess, sys

link, cases, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
shape = ["--cache-size=1K", "--line-size=32"]

def section(exe, name):
    """File offset and size of section NAME of EXE."""
    out = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 6 and f[1] == name:
            return int(f[4], 16), int(f[5], 16)
    sys.exit("no section %s in %s" % (name, exe))

def run(exe):
    """cachecat-link on EXE: (exit status, stderr, report bytes or None)."""
    rep = exe + ".cachecat.json"
    if os.path.exists(rep):
        os.unlink(rep)
    p = subprocess.run([link] + shape + [exe], capture_output=True)
    body = open(rep, "rb").read() if os.path.exists(rep) else None
    return p.returncode, p.stderr.decode("utf-8", "replace"), body

# The report names the program: the uncorrupted one is run at the same path.
os.makedirs("c", exist_ok=True)
shutil.copy("prog", "c/prog")
rc, err, want = run("c/prog")
if rc != 0 or want is None:
    sys.exit("cachecat-link on the uncorrupted program: %s" % err)
off, size = section("prog", ".debug_cachecat")
image = open("prog", "rb").read()
rng = random.Random(seed)
errors = same = 0
wrong = []
for case in range(cases):
    data = bytearray(image)
    if rng.random() < 0.85:
        n = rng.randint(1, 16)
        at = rng.randrange(0, size - n + 1)
        for k in range(n):
            data[off + at + k] = rng.randrange(256)
        what = "%d bytes at %d" % (n, at)
    else:
        at = rng.randrange(0, size)
        data[off + at:off + size] = bytes(size - at)
        what = "the tail from byte %d zeroed" % at
    exe = "c/prog"
    open(exe, "wb").write(bytes(data))
    rc, err, body = run(exe)
    if body is not None:
        try:
            json.loads(body.decode("utf-8"))
        except ValueError as e:
            wrong.append("%s: the report is not UTF-8 JSON (%s)" % (what, e))
            continue
    if rc == 2 and body is None and "cachecat-link: " in err:
        errors += 1
    elif rc == 0 and body == want:
        same += 1
    else:
        wrong.append("%s: exit %d, %s, %s" % (what, rc, "a report that differs"
                     if body is not None else "no report", err.strip()[:200]))
print("%d corrupted records (seed %d): %d clear errors, %d reports identical to the "
      "uncorrupted one, %d accepted otherwise" % (cases, seed, errors, same, len(wrong)))
for w in wrong[:10]:
    print("    " + w)
sys.exit(1 if wrong else 0)
PY
then
  ok "$(head -n 1 corrupt.out)"
else
  bad "$(head -n 1 corrupt.out)"
  tail -n +2 corrupt.out
fi

# A file name in Latin-1: "caf\xe9.c".
name=$(printf 'caf\351')
cp "$SRC/main.c" "$name.c"
$CC -O2 -g -fplugin="$PLUGIN" -fplugin-arg-cachecat-record -fplugin-arg-cachecat-sarif=u.sarif \
  -fplugin-arg-cachecat-cache-size=64 -c "$name.c" -o latin.o \
  && $CC -O2 -g -c "$SRC/other.c" && $CC -O2 -g -c "$SRC/lib.c" \
  && $CC latin.o other.o lib.o -o latin && "$LINK" latin --report=latin.json --listing=latin.lst
if python3 - latin.cachecat.json u.sarif latin.json latin.lst <<'PY'
import json, sys
open(sys.argv[4], "rb").read().decode("utf-8")
for f in sys.argv[1:4]:
    text = open(f, "rb").read().decode("utf-8")
    json.loads(text)
    # (SARIF names files by URI: the byte percent-escaped.)
    assert ("caf\ufffd.c" if f != "u.sarif" else "caf%E9.c") in text, f
PY
then
  ok "a file name that is not UTF-8: the reports and the SARIF file are UTF-8 JSON, the listing UTF-8"
else
  bad "a file name that is not UTF-8: the reports and the SARIF file are UTF-8 JSON, the listing UTF-8"
fi
echo "$passed passed, $failed failed"
