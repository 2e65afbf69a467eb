#!/bin/bash
# cachecat: fetch the real-world code bases the benchmark compiles, as
# Debian source packages, into DIR (default build/bench/src).  Uses a private
# apt configuration (a deb-src list of its own), so the machine's apt
# sources are not touched; the sources are never committed.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
set -euo pipefail
dir=${1:-build/bench/src}
packages=(lua5.4 zlib sqlite3)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
apt_dir=$dir/.apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
echo "deb-src http://deb.debian.org/debian bookworm main" >"$apt_dir/sources.list"
apt=(apt-get -q -o "Dir::Etc::SourceList=$apt_dir/sources.list"
     -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$apt_dir/lists"
     -o "Dir::Cache=$apt_dir/cache")
updated=0
for p in "${packages[@]}"; do
  if compgen -G "$dir/$p-*/" >/dev/null; then
    continue
  fi
  if [ $updated -eq 0 ]; then
    "${apt[@]}" update >/dev/null
    updated=1
  fi
  (cd "$dir" && "${apt[@]}" source "$p" >/dev/null 2>&1) || {
    echo "fetch-sources: could not fetch the source package $p" >&2
    exit 1
  }
done
